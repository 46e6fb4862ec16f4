// ghost.c -- a second World's player drawn translucent (see ghost.h): the
// player drawn as usual into its own layer, then the layer blended over
// the frame, so the body and the legs fade together instead of showing
// through each other.
#include "render/ghost.h"

#include "render/render_local.h"
#include "sim/world.h"

void render_ghost(RenderCtx *rc, SDL_Texture **layer, const World *ghost, Uint8 alpha) {
    SDL_Renderer *r = rc->r;
    if (!SDL_RenderTargetSupported(r)) return;
    if (!*layer) {
        *layer = SDL_CreateTexture(r, SDL_PIXELFORMAT_RGBA8888, SDL_TEXTUREACCESS_TARGET, rc->view_w, rc->view_h);
        if (!*layer) return;
        // Added light, not paint: the ghost glows over dark rock and stars alike.
        SDL_SetTextureBlendMode(*layer, SDL_BLENDMODE_ADD);
    }
    SDL_Texture *was = SDL_GetRenderTarget(r);
    if (SDL_SetRenderTarget(r, *layer) != 0) return;
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_NONE);
    SDL_SetRenderDrawColor(r, 0, 0, 0, 0);
    SDL_RenderClear(r);
    bool debug = rc->debug;
    rc->debug = false;
    draw_player(rc, ghost);
    rc->debug = debug;
    SDL_SetRenderTarget(r, was);
    SDL_SetTextureColorMod(*layer, 120, 190, 255);
    SDL_SetTextureAlphaMod(*layer, alpha);
    SDL_RenderCopy(r, *layer, NULL, NULL);
    SDL_FPoint at = render_to_screen(rc, ghost->player.pos);
    render_text_centred(rc, (int)at.x, (int)(at.y - ghost->player.radius - 26), 2, (SDL_Color){150, 210, 255, alpha},
                        "BEST");
}
