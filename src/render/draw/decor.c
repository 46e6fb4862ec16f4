// draw_decor.c -- a Tiled map's decoration layers (sim/map/decor.h): each
// cell drawn with the game's tile art for its shape (the pictures the
// tileset image, assets/tiles/tileset.png, is made of; tools/assetgen
// draws both), a variant picked per cell and layer. Layers behind the world
// are shaded dark and blue, as rock further back; layers in front are
// drawn see-through, so what stands behind them still shows.
#include <math.h>

#include "render/render_local.h"
#include "sim/world.h"

#define DECOR_VARIANTS 4 // cells in each tile picture's strip (as render.c's tiles)
static const char *const DECOR_TEX[] = {
    NULL, "tiles/solid.png", "tiles/slope_br.png", "tiles/slope_bl.png", "tiles/slope_tl.png", "tiles/slope_tr.png",
};

void draw_decor(RenderCtx *rc, const World *w, bool front) {
    const Decor *d = &w->decor;
    int ts = w->map.tile;
    if (ts <= 0 || d->count == 0) return;
    int c0 = (int)floor(rc->cam_x / ts), r0 = (int)floor(rc->cam_y / ts);
    int c1 = (int)floor((rc->cam_x + rc->view_w) / ts), r1 = (int)floor((rc->cam_y + rc->view_h) / ts);
    if (c0 < 0) c0 = 0;
    if (r0 < 0) r0 = 0;
    if (c1 >= d->w) c1 = d->w - 1;
    if (r1 >= d->h) r1 = d->h - 1;
    SDL_Texture *tex[6] = {NULL};
    for (int t = 1; t < 6; t++) tex[t] = render_tex(rc, DECOR_TEX[t]);
    for (int i = 0; i < d->count; i++) {
        const DecorLayer *l = &d->layers[i];
        if (l->front != front) continue;
        for (int t = 1; t < 6; t++) {
            if (!tex[t]) continue;
            if (front) SDL_SetTextureColorMod(tex[t], 200, 190, 225), SDL_SetTextureAlphaMod(tex[t], 185);
            else SDL_SetTextureColorMod(tex[t], 92, 84, 138), SDL_SetTextureAlphaMod(tex[t], 255);
        }
        for (int r = r0; r <= r1; r++)
            for (int c = c0; c <= c1; c++) {
                Tile t = (Tile)l->cells[(size_t)r * (size_t)d->w + (size_t)c];
                if (t == TILE_EMPTY || t > TILE_SLOPE_TR || !tex[t]) continue;
                int tw = 0, th = 0;
                SDL_QueryTexture(tex[t], NULL, NULL, &tw, &th);
                int cw = tw / DECOR_VARIANTS;
                uint32_t h = (uint32_t)c * 2246822519u ^ (uint32_t)r * 3266489917u ^ (uint32_t)i * 668265263u;
                SDL_Rect src = {(int)((h >> 9) % DECOR_VARIANTS) * cw, 0, cw, th};
                SDL_FRect dst = {(float)(c * ts - rc->cam_x), (float)(r * ts - rc->cam_y), (float)ts, (float)ts};
                SDL_RenderCopyF(rc->r, tex[t], &src, &dst);
            }
    }
    for (int t = 1; t < 6; t++)
        if (tex[t]) SDL_SetTextureAlphaMod(tex[t], 255), SDL_SetTextureColorMod(tex[t], 255, 255, 255);
}
