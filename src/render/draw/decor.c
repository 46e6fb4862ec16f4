// draw_decor.c -- a Tiled map's decoration layers (sim/map/decor.h): each
// cell drawn with the game's tile art for its shape (the pictures the
// tileset image, assets/tiles/tileset.png, is made of; tools/assetgen
// draws both), a variant picked per cell and layer. Layers behind the world
// are shaded dark and blue, as rock further back; layers in front are
// drawn see-through, so what stands behind them still shows. The shade and
// the see-through are baked into copies of the pictures once (a texture's
// colour and alpha mods take the software renderer's slow path: 8 full
// layers drew in 210 ms a frame with them, docs/tiled.md).
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "render/render_local.h"
#include "sim/world.h"

#define DECOR_VARIANTS 4 // cells in each tile picture's strip (as render.c's tiles)
static const char *const DECOR_TEX[] = {
    NULL, "tiles/solid.png", "tiles/slope_br.png", "tiles/slope_bl.png", "tiles/slope_tl.png", "tiles/slope_tr.png",
};

// Every byte (colour and alpha) multiplied by its channel's mul, of 255.
static void multiply(Uint8 *row, int n, const void *ctx) {
    const Uint8 *m = ctx;
    for (int x = 0; x < 4 * n; x++) row[x] = (Uint8)(row[x] * m[x % 4] / 255);
}

// The picture name with every pixel's colour and alpha multiplied by mul
// (out of 255), made once and kept in the renderer's texture cache.
static SDL_Texture *tinted(RenderCtx *rc, const char *name, const char *look, SDL_Color mul) {
    char key[64];
    snprintf(key, sizeof key, "%.40s#decor-%s", name, look);
    const Uint8 m[4] = {mul.r, mul.g, mul.b, mul.a};
    return render_tex_derived(rc, name, key, multiply, m);
}

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
    static const SDL_Color BACK = {92, 84, 138, 255}, FRONT = {200, 190, 225, 185};
    SDL_Texture *tex[6] = {NULL};
    for (int t = 1; t < 6; t++)
        tex[t] = tinted(rc, DECOR_TEX[t], front ? "front" : "back", front ? FRONT : BACK);
    for (int i = 0; i < d->count; i++) {
        const DecorLayer *l = &d->layers[i];
        if (l->front != front) continue;
        for (int r = r0; r <= r1; r++)
            for (int c = c0; c <= c1; c++) {
                size_t at = (size_t)r * (size_t)d->w + (size_t)c;
                Tile t = (Tile)l->cells[at];
                if (t == TILE_EMPTY || t > TILE_SLOPE_TR || !tex[t]) continue;
                if (!front && w->map.cells[at] == TILE_SOLID) continue; // the world's rock covers it
                int tw = 0, th = 0;
                SDL_QueryTexture(tex[t], NULL, NULL, &tw, &th);
                int cw = tw / DECOR_VARIANTS;
                uint32_t h = (uint32_t)c * 2246822519u ^ (uint32_t)r * 3266489917u ^ (uint32_t)i * 668265263u;
                SDL_Rect src = {(int)((h >> 9) % DECOR_VARIANTS) * cw, 0, cw, th};
                SDL_FRect dst = {(float)(c * ts - rc->cam_x), (float)(r * ts - rc->cam_y), (float)ts, (float)ts};
                SDL_RenderCopyF(rc->r, tex[t], &src, &dst);
            }
    }
}
