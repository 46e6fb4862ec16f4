// ghost.h -- another World's player drawn see-through over the frame (the
// app's ghost: the best replay of the arena racing you).
#pragma once
#include <SDL.h>

#include "render/render.h"

struct World;

// Draws ghost's player into *layer (a render target the size of the
// logical view, made on first use; the caller destroys it), tinted ice
// blue, and adds it to what is drawn as light at alpha (0..255), placed by
// rc's camera, with "BEST" above it. Without render targets nothing is
// drawn.
void render_ghost(RenderCtx *rc, SDL_Texture **layer, const struct World *ghost, Uint8 alpha);
