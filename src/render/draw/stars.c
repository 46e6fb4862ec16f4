// draw_stars.c -- the starfield, every frame: only the grid cells in view
// (resting stars) plus the active list (displaced ones), batched by
// brightness and tint into SDL_RenderDrawPointsF / SDL_RenderFillRectsF
// calls; displaced stars, each tinted by its offset, into SDL_RenderGeometry.
// Displaced stars glow cyan with their offset so the whale's wake shows.
#include <math.h>

#include "render/render_local.h"
#include "sim/world.h"

enum { LEVELS = 8, TINTS = 3, CHUNK = 512, RECTS = 256, QUADS = 256 };

// Star colours: white-blue, cooler blue, warm.
static const float TINT[TINTS][3] = {{0.92f, 0.95f, 1.0f}, {0.8f, 0.88f, 1.0f}, {1.0f, 0.86f, 0.7f}};

typedef struct StarBatch {
    SDL_FPoint pt[LEVELS][CHUNK];      // 1 px stars, one buffer per brightness level
    int npt[LEVELS];
    SDL_FRect rc[TINTS][LEVELS][RECTS];    // 2-3 px resting stars, per tint and level
    int nrc[TINTS][LEVELS];
    SDL_Vertex v[QUADS * 4];           // displaced stars as individually tinted quads
    int idx[QUADS * 6];
    int nq;
    float glint_ref;                   // the view's glint lottery (visual PRNG)
    unsigned glint_mod, glint_hit;
    float t;                           // seconds, for twinkle
    SDL_Texture *sparkle;              // whale/sparkle.png, else the soft glow
} StarBatch;

static void flush_points(RenderCtx *rc, StarBatch *b, int lv) {
    if (b->npt[lv] == 0) return;
    Uint8 c = (Uint8)(70 + lv * 185 / (LEVELS - 1));
    SDL_SetRenderDrawColor(rc->r, (Uint8)(c * 0.92f), (Uint8)(c * 0.95f), c, 255);
    SDL_RenderDrawPointsF(rc->r, b->pt[lv], b->npt[lv]);
    b->npt[lv] = 0;
}

static void flush_rects(RenderCtx *rc, StarBatch *b, int t, int lv) {
    if (b->nrc[t][lv] == 0) return;
    float c = (float)(70 + lv * 185 / (LEVELS - 1));
    SDL_SetRenderDrawColor(rc->r, (Uint8)(c * TINT[t][0]), (Uint8)(c * TINT[t][1]), (Uint8)(c * TINT[t][2]), 255);
    SDL_RenderFillRectsF(rc->r, b->rc[t][lv], b->nrc[t][lv]);
    b->nrc[t][lv] = 0;
}

static void flush_quads(RenderCtx *rc, StarBatch *b) {
    if (b->nq == 0) return;
    SDL_RenderGeometry(rc->r, NULL, b->v, b->nq * 4, b->idx, b->nq * 6);
    b->nq = 0;
}

// A small per-star hash: twinkle phase and tint stay with the star.
static unsigned star_hash(uint32_t i) {
    uint32_t h = i * 0x9E3779B1u;
    h ^= h >> 15;
    h *= 0x85EBCA77u;
    h ^= h >> 13;
    return h;
}

static void put_star(RenderCtx *rc, StarBatch *b, const Star *s, uint32_t i) {
    float x = s->x - (float)rc->cam_x, y = s->y - (float)rc->cam_y;
    if (x < -4 || y < -4 || x > rc->view_w + 4 || y > rc->view_h + 4) return;
    unsigned h = star_hash(i);
    // Slow twinkle: each star its own phase and rate, +-18% brightness.
    float ph = (float)(h & 1023) * (6.2831853f / 1024.0f);
    float rate = 0.6f + (float)((h >> 10) & 63) * (2.4f / 63.0f);
    float br = s->bright * (0.82f + 0.18f * sinf(b->t * rate + ph));
    bool glint = b->glint_mod && (h % b->glint_mod) == b->glint_hit;
    if (glint) br = 255.0f;
    float dx = s->x - s->ox, dy = s->y - s->oy;
    float off2 = dx * dx + dy * dy;
    unsigned tint = (h >> 16) % 10;
    tint = tint == 0 ? 2 : tint < 4 ? 1 : 0;      // 10% warm, 30% cool blue
    float hs = s->size == 1 ? 0.5f : s->size == 2 ? 1.0f : 1.5f;
    int lv = (int)(br * (LEVELS - 1) / 255.0f + 0.5f);
    if (lv >= LEVELS) lv = LEVELS - 1;
    if (off2 < 1.0f && s->size == 1 && !glint) {
        if (b->npt[lv] == CHUNK) flush_points(rc, b, lv);
        b->pt[lv][b->npt[lv]++] = (SDL_FPoint){x, y};
        return;
    }
    float r = br * TINT[tint][0], g = br * TINT[tint][1], bl = br * TINT[tint][2];
    if (off2 < 1.0f) {
        if (b->nrc[tint][lv] == RECTS) flush_rects(rc, b, (int)tint, lv);
        b->rc[tint][lv][b->nrc[tint][lv]++] = (SDL_FRect){x - hs, y - hs, 2 * hs, 2 * hs};
    } else {
        // Parted stars shift toward cyan with their offset: the wake shows.
        float k = sqrtf(off2) / 40.0f;
        if (k > 1.0f) k = 1.0f;
        r = r * (1.0f - 0.55f * k);
        g = g * (1.0f - 0.1f * k) + 60.0f * k;
        bl = bl + 80.0f * k;
        SDL_Color c = {(Uint8)(r > 255 ? 255 : r), (Uint8)(g > 255 ? 255 : g), (Uint8)(bl > 255 ? 255 : bl), 255};
        if (b->nq == QUADS) flush_quads(rc, b);
        SDL_Vertex *v = &b->v[b->nq * 4];
        int *ix = &b->idx[b->nq * 6];
        int base = b->nq * 4;
        v[0] = (SDL_Vertex){{x - hs, y - hs}, c, {0, 0}};
        v[1] = (SDL_Vertex){{x + hs, y - hs}, c, {0, 0}};
        v[2] = (SDL_Vertex){{x + hs, y + hs}, c, {0, 0}};
        v[3] = (SDL_Vertex){{x - hs, y + hs}, c, {0, 0}};
        ix[0] = base; ix[1] = base + 1; ix[2] = base + 2;
        ix[3] = base; ix[4] = base + 2; ix[5] = base + 3;
        b->nq++;
    }
    SDL_Color c = {(Uint8)(r > 255 ? 255 : r), (Uint8)(g > 255 ? 255 : g), (Uint8)(bl > 255 ? 255 : bl), 255};
    // The biggest stars (~8%) and the glinting one get a sparkle.
    if ((s->size == 3 || glint) && b->sparkle) {
        float gs = glint ? 12.0f : 4.5f + 2.0f * (br / 255.0f);
        SDL_SetTextureColorMod(b->sparkle, c.r, c.g, c.b);
        SDL_SetTextureAlphaMod(b->sparkle, (Uint8)(glint ? 255 : br * 0.8f));
        SDL_FRect d = {x - gs, y - gs, gs * 2, gs * 2};
        SDL_RenderCopyF(rc->r, b->sparkle, NULL, &d);
    }
}

void draw_stars(RenderCtx *rc, const struct World *w) {
    const Starfield *sf = &w->stars;
    if (sf->count == 0) return;
    static StarBatch batch;            // render thread only; too big for the stack
    StarBatch *b = &batch;
    for (int lv = 0; lv < LEVELS; lv++) {
        b->npt[lv] = 0;
        for (int t = 0; t < TINTS; t++) b->nrc[t][lv] = 0;
    }
    b->nq = 0;
    b->t = (float)rc->time_s;
    // Glints: each frame the visual PRNG picks one star in ~4000 to flash.
    b->glint_mod = 4001;
    b->glint_hit = rng_below(&rc->vis, b->glint_mod);
    b->sparkle = render_tex(rc, "whale/sparkle.png");
    if (!b->sparkle) b->sparkle = rc->glow;
    if (b->sparkle) {
        SDL_SetTextureBlendMode(b->sparkle, SDL_BLENDMODE_ADD);
        SDL_SetTextureScaleMode(b->sparkle, SDL_ScaleModeLinear);
    }
    SDL_SetRenderDrawBlendMode(rc->r, SDL_BLENDMODE_NONE);

    int c0, r0, c1, r1;
    if (starfield_cells(sf, rc->cam_x - 4, rc->cam_y - 4, rc->cam_x + rc->view_w + 4,
                        rc->cam_y + rc->view_h + 4, &c0, &r0, &c1, &r1)) {
        for (int cy = r0; cy <= r1; cy++)
            for (int cx = c0; cx <= c1; cx++) {
                size_t c = (size_t)cy * sf->gw + cx;
                for (uint32_t i = sf->start[c]; i < sf->start[c + 1]; i++)
                    if (!sf->s[i].active) put_star(rc, b, &sf->s[i], i);
            }
    }
    for (uint32_t a = 0; a < sf->active_n; a++) put_star(rc, b, &sf->s[sf->active[a]], sf->active[a]);
    for (int lv = 0; lv < LEVELS; lv++) {
        flush_points(rc, b, lv);
        for (int t = 0; t < TINTS; t++) flush_rects(rc, b, t, lv);
    }
    flush_quads(rc, b);
    if (b->sparkle) {                   // leave a shared texture as we found it
        SDL_SetTextureColorMod(b->sparkle, 255, 255, 255);
        SDL_SetTextureAlphaMod(b->sparkle, 255);
    }
}
