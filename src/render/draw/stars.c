// draw_stars.c -- the sky, every frame: the backdrop's gradient and the
// stars written as pixels into one streaming texture the size of the view
// (rc->sky), then copied in one go. Only the grid cells in view are read
// (resting stars) plus the active list (displaced ones); the biggest stars
// and the glinting one get a sparkle added into the same pixels. Displaced
// stars glow cyan with their offset so the whale's wake shows. Writing
// pixels instead of a draw call per star is what keeps 1,000,000 stars
// (about 100,000 in view) inside a frame in the software renderer
// (docs/bench.md).
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/log.h"
#include "render/render_local.h"
#include "sim/world.h"

// Sparkles are stamped at integer diameters up to SPARKLE_MAX px.
enum { SPARKLE_MAX = 32, SPARKLE_ART = 33 };
enum { TWINKLE_STEPS = 1024, TWINKLE_RATES = 64 };
// Glints: each frame one star in GLINT_ODDS flashes.
enum { GLINT_ODDS = 4001 };

// Star colours: white-blue, cooler blue, warm.
static const float TINT[3][3] = {{0.92f, 0.95f, 1.0f}, {0.8f, 0.88f, 1.0f}, {1.0f, 0.86f, 0.7f}};

typedef struct Sky {
    Uint32 *px;                        // the locked layer's pixels
    int pitch;                         // in pixels
    int w, h;
    float right, bottom;               // the last star positions drawn: w + 4, h + 4
    float cam_x, cam_y;
    unsigned glint_hit;                // the frame's glint lottery (visual PRNG): hash % GLINT_ODDS
    unsigned rate_phase[TWINKLE_RATES]; // each twinkle rate's phase now, in TWINKLE_STEPS of a turn
} Sky;

// Twinkle, +-18% brightness: a star's phase is one of TWINKLE_STEPS of a
// turn and its rate one of TWINKLE_RATES from 0.6 to 3 rad/s, both from its
// hash; the sine comes from a table (a step is below a colour level).
static float twinkle[TWINKLE_STEPS];

// The four-pointed sparkle of tools/assetgen (art_whale.c's formula: the
// art of whale/sparkle.png, 33 px) scaled to diameter n with bilinear
// filtering, as the renderer scaled the texture; 0..255, made on first use.
static double sparkle_art(int x, int y) {
    if (x < 0 || y < 0 || x >= SPARKLE_ART || y >= SPARKLE_ART) return 0.0;
    double c = SPARKLE_ART / 2.0;
    double dx = fabs(x + 0.5 - c) / c, dy = fabs(y + 0.5 - c) / c;
    double d2 = dx * dx + dy * dy;
    double spike = exp(-dy * dy * 900.0) * fmax(0.0, 1.0 - dx) + exp(-dx * dx * 900.0) * fmax(0.0, 1.0 - dy);
    return fmin(exp(-d2 * 60.0) + 0.35 * exp(-d2 * 9.0) + 0.7 * spike * spike, 1.0);
}

// The sparkle of diameter n as its non-zero pixels, brightest first, so a
// faint sparkle stops at the first pixel too dim to change a colour level.
typedef struct SparkleDot {
    Uint8 x, y, v;
} SparkleDot;

typedef struct SparkleKernel {
    SparkleDot dot[SPARKLE_MAX * SPARKLE_MAX];
    int off[SPARKLE_MAX * SPARKLE_MAX];   // each dot's place from the top-left in a picture of pitch px a row
    int n, pitch;
} SparkleKernel;

static int dot_brighter(const void *a, const void *b) {
    const SparkleDot *p = a, *q = b;
    if (p->v != q->v) return p->v > q->v ? -1 : 1;
    return (p->y * SPARKLE_MAX + p->x) - (q->y * SPARKLE_MAX + q->x);
}

static SparkleKernel *sparkle_kernel(int n) {
    static SparkleKernel k[SPARKLE_MAX + 1];
    static bool made[SPARKLE_MAX + 1];
    if (!made[n]) {
        double f = (double)SPARKLE_ART / n;
        k[n].n = 0;
        for (int y = 0; y < n; y++)
            for (int x = 0; x < n; x++) {
                double sx = (x + 0.5) * f - 0.5, sy = (y + 0.5) * f - 0.5;
                int x0 = (int)floor(sx), y0 = (int)floor(sy);
                double u = sx - x0, v = sy - y0;
                double a = (1 - v) * ((1 - u) * sparkle_art(x0, y0) + u * sparkle_art(x0 + 1, y0)) +
                           v * ((1 - u) * sparkle_art(x0, y0 + 1) + u * sparkle_art(x0 + 1, y0 + 1));
                Uint8 b = (Uint8)lround(a * 255.0);
                if (b) k[n].dot[k[n].n++] = (SparkleDot){(Uint8)x, (Uint8)y, b};
            }
        qsort(k[n].dot, (size_t)k[n].n, sizeof k[n].dot[0], dot_brighter);
        k[n].pitch = 0;
        made[n] = true;
    }
    return &k[n];
}

static Uint32 argb(float r, float g, float b) {
    Uint32 R = r >= 255.0f ? 255u : (Uint32)r, G = g >= 255.0f ? 255u : (Uint32)g, B = b >= 255.0f ? 255u : (Uint32)b;
    return 0xFF000000u | R << 16 | G << 8 | B;
}

// floor(v) for v > -16 (every star in view), without a libm call.
static inline int floor_px(float v) { return (int)(v + 16.0f) - 16; }

// A square of side n px from (x0, y0), clipped to the view.
static void put_square(Sky *k, int x0, int y0, int n, Uint32 c) {
    for (int y = y0 < 0 ? 0 : y0; y < y0 + n && y < k->h; y++) {
        Uint32 *row = k->px + (size_t)y * (size_t)k->pitch;
        for (int x = x0 < 0 ? 0 : x0; x < x0 + n && x < k->w; x++) row[x] = c;
    }
}

// The sparkle added (light on light, as SDL_BLENDMODE_ADD would) centred on
// (x, y), its colour (r, g, b) at strength a (0..1): a dot of value v adds
// v * colour * a / 256 to each channel (R and B in one multiply).
static void add_sparkle(Sky *k, float x, float y, float gs, float r, float g, float b, float a) {
    int n = (int)lroundf(gs * 2.0f);
    if (n < 1) n = 1;
    if (n > SPARKLE_MAX) n = SPARKLE_MAX;
    SparkleKernel *m = sparkle_kernel(n);
    if (m->pitch != k->pitch) {
        for (int i = 0; i < m->n; i++) m->off[i] = m->dot[i].y * k->pitch + m->dot[i].x;
        m->pitch = k->pitch;
    }
    int x0 = floor_px(x - (float)n / 2.0f), y0 = floor_px(y - (float)n / 2.0f);
    unsigned kr = (unsigned)(r * a), kg = (unsigned)(g * a), kb = (unsigned)(b * a);
    unsigned krb = kr << 16 | kb, kmax = kr > kg ? (kr > kb ? kr : kb) : (kg > kb ? kg : kb);
    if (x0 >= 0 && y0 >= 0 && x0 + n <= k->w && y0 + n <= k->h) {
        Uint32 *base = k->px + (ptrdiff_t)y0 * k->pitch + x0;
        for (int i = 0; i < m->n; i++) {
            unsigned v = m->dot[i].v;
            if (kmax * v < 256u) break;                // this and every later dot add 0
            Uint32 *p = base + m->off[i];
            *p = render_add_sat(*p, (v * krb >> 8 & 0xFF00FFu) | (v * kg & 0xFF00u));
        }
        return;
    }
    for (int i = 0; i < m->n; i++) {                   // across the view's edge: each dot clipped
        const SparkleDot *d = &m->dot[i];
        unsigned v = d->v;
        if (kmax * v < 256u) break;
        int x1 = x0 + d->x, y1 = y0 + d->y;
        if (x1 < 0 || y1 < 0 || x1 >= k->w || y1 >= k->h) continue;
        Uint32 *p = k->px + (ptrdiff_t)y1 * k->pitch + x1;
        *p = render_add_sat(*p, (v * krb >> 8 & 0xFF00FFu) | (v * kg & 0xFF00u));
    }
}

// A small per-star hash: twinkle phase and tint stay with the star.
static unsigned star_hash(uint32_t i) {
    uint32_t h = i * 0x9E3779B1u;
    h ^= h >> 15;
    h *= 0x85EBCA77u;
    h ^= h >> 13;
    return h;
}

// Resting stars are drawn at 70 + 185/255 of their brightness (never
// black), 1 px ones in the first tint; parted ones at their brightness,
// shifted toward cyan with their offset.
static void put_star(Sky *k, const Star *s, uint32_t i) {
    float x = s->x - k->cam_x, y = s->y - k->cam_y;
    if (x < -4 || y < -4 || x > k->right || y > k->bottom) return;
    unsigned h = star_hash(i);
    float br = s->bright * twinkle[(k->rate_phase[(h >> 10) % TWINKLE_RATES] + h) % TWINKLE_STEPS];
    bool glint = h % GLINT_ODDS == k->glint_hit;
    if (glint) br = 255.0f;
    float dx = s->x - s->ox, dy = s->y - s->oy;
    float off2 = dx * dx + dy * dy;
    unsigned tint = (h >> 16) % 10;
    tint = tint == 0 ? 2 : tint < 4 ? 1 : 0;      // 10% warm, 30% cool blue
    int side = s->size == 1 ? 1 : s->size == 2 ? 2 : 3;
    float hs = (float)side / 2.0f;
    int x0 = floor_px(x - hs), y0 = floor_px(y - hs);
    if (side == 1) x0 = floor_px(x), y0 = floor_px(y);
    float r, g, bl;
    if (off2 < 1.0f) {
        float c = 70.0f + br * (185.0f / 255.0f);
        const float *tc = TINT[side == 1 && !glint ? 0 : tint];
        r = c * tc[0], g = c * tc[1], bl = c * tc[2];
        if (side == 1 && !glint) {
            if (x0 >= 0 && y0 >= 0 && x0 < k->w && y0 < k->h)
                k->px[(size_t)y0 * (size_t)k->pitch + (size_t)x0] = argb(r, g, bl);
            return;
        }
    } else {
        float q = sqrtf(off2) / 40.0f;
        if (q > 1.0f) q = 1.0f;
        r = br * TINT[tint][0] * (1.0f - 0.55f * q);
        g = br * TINT[tint][1] * (1.0f - 0.1f * q) + 60.0f * q;
        bl = br * TINT[tint][2] + 80.0f * q;
    }
    put_square(k, x0, y0, side, argb(r, g, bl));
    // The biggest stars (~8%) and the glinting one get a sparkle.
    if (s->size == 3 || glint) {
        float gs = glint ? 12.0f : 4.5f + 2.0f * (br / 255.0f);
        add_sparkle(k, x, y, gs, fminf(r, 255.0f), fminf(g, 255.0f), fminf(bl, 255.0f),
                    glint ? 1.0f : br * 0.8f / 255.0f);
    }
}

// A resting 1 px star's colour at brightness b (0..255): put_star's, in
// the first tint; made with the twinkle table.
static Uint32 rest_dot[256];

// Resting stars: the 1 px ones (60%) straight from rest_dot, the others as
// put_star draws them.
static void put_resting(Sky *k, const Star *s, uint32_t i) {
    float x = s->x - k->cam_x, y = s->y - k->cam_y;
    if (x < -4 || y < -4 || x > k->right || y > k->bottom) return;
    unsigned h = star_hash(i);
    if (s->size != 1 || h % GLINT_ODDS == k->glint_hit) {
        put_star(k, s, i);
        return;
    }
    int x0 = floor_px(x), y0 = floor_px(y);
    if ((unsigned)x0 >= (unsigned)k->w || (unsigned)y0 >= (unsigned)k->h) return;
    float br = s->bright * twinkle[(k->rate_phase[(h >> 10) % TWINKLE_RATES] + h) % TWINKLE_STEPS];
    k->px[(size_t)y0 * (size_t)k->pitch + (size_t)x0] = rest_dot[(int)br];
}

// The backdrop's gradient, 8 px bands of flat colour (below one colour
// level a step), as render.c's draw_backdrop draws it without a layer.
static void fill_gradient(Sky *k) {
    for (int y = 0; y < k->h; y++) {
        double t = ((y & ~7) + 4) / (double)k->h;
        Uint32 c = 0xFF000000u | (Uint32)(Uint8)(8 + 30 * t) << 16 | (Uint32)(Uint8)(10 + 8 * t) << 8 |
                   (Uint32)(Uint8)(28 + 34 * t);
        Uint32 *row = k->px + (size_t)y * (size_t)k->pitch;
        if (y & 7) memcpy(row, row - k->pitch, (size_t)k->w * sizeof *row);
        else
            for (int x = 0; x < k->w; x++) row[x] = c;
    }
}

void draw_stars_px(RenderCtx *rc, const struct World *w, Uint32 *px, int pitch) {
    Sky k;
    k.px = px;
    k.pitch = pitch;
    k.w = rc->view_w, k.h = rc->view_h;
    k.right = (float)k.w + 4, k.bottom = (float)k.h + 4;
    k.cam_x = (float)rc->cam_x, k.cam_y = (float)rc->cam_y;
    if (twinkle[TWINKLE_STEPS / 4] == 0.0f) {
        for (int i = 0; i < TWINKLE_STEPS; i++) twinkle[i] = 0.82f + 0.18f * sinf((float)i * (6.2831853f / TWINKLE_STEPS));
        for (int b = 0; b < 256; b++) {
            float c = 70.0f + (float)b * (185.0f / 255.0f);
            rest_dot[b] = argb(c * TINT[0][0], c * TINT[0][1], c * TINT[0][2]);
        }
    }
    for (int i = 0; i < TWINKLE_RATES; i++) {
        double rate = 0.6 + i * (2.4 / (TWINKLE_RATES - 1)), turns = rc->time_s * rate / (2.0 * M_PI);
        k.rate_phase[i] = (unsigned)((turns - floor(turns)) * TWINKLE_STEPS) % TWINKLE_STEPS;
    }
    k.glint_hit = rng_below(&rc->vis, GLINT_ODDS);
    fill_gradient(&k);
    const Starfield *sf = &w->stars;
    int c0, r0, c1, r1;
    if (sf->count && starfield_cells(sf, rc->cam_x - 4, rc->cam_y - 4, rc->cam_x + rc->view_w + 4,
                                     rc->cam_y + rc->view_h + 4, &c0, &r0, &c1, &r1)) {
        for (int cy = r0; cy <= r1; cy++)
            for (int cx = c0; cx <= c1; cx++) {
                size_t c = (size_t)cy * sf->gw + cx;
                for (uint32_t i = sf->start[c]; i < sf->start[c + 1]; i++)
                    if (!sf->s[i].active) put_resting(&k, &sf->s[i], i);
            }
    }
    for (uint32_t a = 0; a < sf->active_n; a++) put_star(&k, &sf->s[sf->active[a]], sf->active[a]);
}

bool draw_stars(RenderCtx *rc, const struct World *w) {
    if (!rc->sky || rc->sky_w != rc->view_w || rc->sky_h != rc->view_h) {
        if (rc->sky_failed) return false;
        if (rc->sky) SDL_DestroyTexture(rc->sky);
        rc->sky =
            SDL_CreateTexture(rc->r, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_STREAMING, rc->view_w, rc->view_h);
        if (!rc->sky) {
            log_warn("render: no sky layer, so no stars (%s)", SDL_GetError());
            rc->sky_failed = true;
            return false;
        }
        SDL_SetTextureBlendMode(rc->sky, SDL_BLENDMODE_NONE);
        rc->sky_w = rc->view_w, rc->sky_h = rc->view_h;
    }
    void *px;
    int pitch;
    if (SDL_LockTexture(rc->sky, NULL, &px, &pitch) != 0) return false;
    draw_stars_px(rc, w, px, pitch / (int)sizeof(Uint32));
    SDL_UnlockTexture(rc->sky);
    SDL_Rect all = {0, 0, rc->view_w, rc->view_h};
    SDL_RenderCopy(rc->r, rc->sky, NULL, &all);
    return true;
}
