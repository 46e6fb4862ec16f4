// draw_player.c -- the player (placeholder).
#include "render/render.h"
#include "sim/world.h"

void draw_player(RenderCtx *rc, const struct World *w) { (void)rc; (void)w; }
