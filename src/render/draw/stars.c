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

// The sparkle of diameter n as rows of values, each row's non-zero ones in
// columns [x0, x1) and its brightest value (a row whose brightest adds 0 at
// a sparkle's colour is skipped); rows padded with zeros to SPARKLE_ROW so
// they are added four pixels at a time.
enum { SPARKLE_ROW = SPARKLE_MAX + 4 };

typedef struct SparkleKernel {
    Uint8 v[SPARKLE_MAX][SPARKLE_ROW];
    Uint8 x0[SPARKLE_MAX], x1[SPARKLE_MAX], row_max[SPARKLE_MAX];
    int n;
} SparkleKernel;

static const SparkleKernel *sparkle_kernel(int n) {
    static SparkleKernel k[SPARKLE_MAX + 1];
    static bool made[SPARKLE_MAX + 1];
    if (!made[n]) {
        SparkleKernel *m = &k[n];
        double f = (double)SPARKLE_ART / n;
        memset(m, 0, sizeof *m);
        m->n = n;
        for (int y = 0; y < n; y++) {
            m->x0[y] = (Uint8)n;
            for (int x = 0; x < n; x++) {
                double sx = (x + 0.5) * f - 0.5, sy = (y + 0.5) * f - 0.5;
                int x0 = (int)floor(sx), y0 = (int)floor(sy);
                double u = sx - x0, v = sy - y0;
                double a = (1 - v) * ((1 - u) * sparkle_art(x0, y0) + u * sparkle_art(x0 + 1, y0)) +
                           v * ((1 - u) * sparkle_art(x0, y0 + 1) + u * sparkle_art(x0 + 1, y0 + 1));
                Uint8 b = (Uint8)lround(a * 255.0);
                m->v[y][x] = b;
                if (!b) continue;
                if (x < m->x0[y]) m->x0[y] = (Uint8)x;
                m->x1[y] = (Uint8)(x + 1);
                if (b > m->row_max[y]) m->row_max[y] = b;
            }
        }
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

// A sparkle value v at colour (kr, kg, kb) adds v * k / 256 to each channel.
static inline Uint32 sparkle_add(unsigned v, unsigned kr, unsigned kg, unsigned kb) {
    return (v * kr >> 8) << 16 | (v * kg >> 8) << 8 | (v * kb >> 8);
}

// The sparkle of diameter n added (light on light, as SDL_BLENDMODE_ADD
// would) with its top-left at (x0, y0), at colour (kr, kg, kb) (0..255):
// four pixels at a time with SSE2 where the compiler has it, clipped to
// the view.
static void stamp_sparkle(Sky *k, int n, int x0, int y0, unsigned kr, unsigned kg, unsigned kb) {
    const SparkleKernel *m = sparkle_kernel(n);
    unsigned kmax = kr > kg ? (kr > kb ? kr : kb) : (kg > kb ? kg : kb);
    int ya = y0 < 0 ? -y0 : 0, yb = y0 + n > k->h ? k->h - y0 : n;
#ifdef __SSE2__
    const __m128i zero = _mm_setzero_si128();
    const __m128i kk = _mm_set_epi16(0, (short)kr, (short)kg, (short)kb, 0, (short)kr, (short)kg, (short)kb);
#endif
    for (int y = ya; y < yb; y++) {
        if (m->row_max[y] * kmax < 256u) continue;         // every value in the row adds 0
        int a = x0 + m->x0[y] < 0 ? -x0 : m->x0[y], b = x0 + m->x1[y] > k->w ? k->w - x0 : m->x1[y];
        Uint32 *d = k->px + (ptrdiff_t)(y0 + y) * k->pitch + x0;
        const Uint8 *v = m->v[y];
        int i = a;
#ifdef __SSE2__
        // Past x1 the row holds zeros: adding them leaves the view's pixels as they are.
        for (; i < b && x0 + i + 4 <= k->w; i += 4) {
            Uint32 q;
            memcpy(&q, v + i, sizeof q);
            __m128i x = _mm_cvtsi32_si128((int)q);
            x = _mm_unpacklo_epi8(x, x);
            x = _mm_unpacklo_epi16(x, x);                   // each value in its pixel's four bytes
            __m128i lo = _mm_srli_epi16(_mm_mullo_epi16(_mm_unpacklo_epi8(x, zero), kk), 8);
            __m128i hi = _mm_srli_epi16(_mm_mullo_epi16(_mm_unpackhi_epi8(x, zero), kk), 8);
            __m128i p = _mm_loadu_si128((const __m128i *)(const void *)(d + i));
            _mm_storeu_si128((__m128i *)(void *)(d + i), _mm_adds_epu8(p, _mm_packus_epi16(lo, hi)));
        }
#endif
        for (; i < b; i++) d[i] = render_add_sat(d[i], sparkle_add(v[i], kr, kg, kb));
    }
}

// The sparkle centred on (x, y), gs its half size, its colour (r, g, b) at
// strength a (0..1).
static void add_sparkle(Sky *k, float x, float y, float gs, float r, float g, float b, float a) {
    int n = (int)lroundf(gs * 2.0f);
    if (n < 1) n = 1;
    if (n > SPARKLE_MAX) n = SPARKLE_MAX;
    stamp_sparkle(k, n, floor_px(x - (float)n / 2.0f), floor_px(y - (float)n / 2.0f), (unsigned)(r * a),
                  (unsigned)(g * a), (unsigned)(b * a));
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

// Resting stars at brightness b (0..255), as put_star draws them: a 1 px
// one's colour (the first tint), a bigger one's in each tint, and a 3 px
// one's sparkle (its size and colour). Made with the twinkle table.
typedef struct RestSparkle {
    Uint8 n, kr, kg, kb;
} RestSparkle;

static Uint32 rest_dot[256], rest_sq[3][256];
static RestSparkle rest_sparkle[3][256];

static void make_rest_tables(void) {
    for (int b = 0; b < 256; b++) {
        float c = 70.0f + (float)b * (185.0f / 255.0f), a = (float)b * 0.8f / 255.0f;
        rest_dot[b] = argb(c * TINT[0][0], c * TINT[0][1], c * TINT[0][2]);
        int n = (int)lroundf((4.5f + 2.0f * ((float)b / 255.0f)) * 2.0f);
        for (int t = 0; t < 3; t++) {
            float r = c * TINT[t][0], g = c * TINT[t][1], bl = c * TINT[t][2];
            rest_sq[t][b] = argb(r, g, bl);
            rest_sparkle[t][b] = (RestSparkle){(Uint8)n, (Uint8)(fminf(r, 255.0f) * a), (Uint8)(fminf(g, 255.0f) * a),
                                               (Uint8)(fminf(bl, 255.0f) * a)};
        }
    }
}

// Resting stars (at their origin) from the tables: the 1 px ones (60%), the
// 2 and 3 px squares and the 3 px ones' sparkles; the glinting one as
// put_star draws it.
static void put_resting(Sky *k, const Star *s, uint32_t i) {
    float x = s->x - k->cam_x, y = s->y - k->cam_y;
    if (x < -4 || y < -4 || x > k->right || y > k->bottom) return;
    unsigned h = star_hash(i);
    if (h % GLINT_ODDS == k->glint_hit) {
        put_star(k, s, i);
        return;
    }
    int br = (int)(s->bright * twinkle[(k->rate_phase[(h >> 10) % TWINKLE_RATES] + h) % TWINKLE_STEPS]);
    if (s->size == 1) {
        int x0 = floor_px(x), y0 = floor_px(y);
        if ((unsigned)x0 < (unsigned)k->w && (unsigned)y0 < (unsigned)k->h)
            k->px[(size_t)y0 * (size_t)k->pitch + (size_t)x0] = rest_dot[br];
        return;
    }
    unsigned tint = (h >> 16) % 10;
    tint = tint == 0 ? 2 : tint < 4 ? 1 : 0;
    Uint32 c = rest_sq[tint][br];
    int side = s->size == 2 ? 2 : 3;
    float hs = (float)side / 2.0f;
    int x0 = floor_px(x - hs), y0 = floor_px(y - hs);
    if (x0 >= 0 && y0 >= 0 && x0 + 3 <= k->w && y0 + 3 <= k->h) {
        Uint32 *p = k->px + (size_t)y0 * (size_t)k->pitch + (size_t)x0;
        for (int r = 0; r < side; r++, p += k->pitch) {
            p[0] = p[1] = c;
            if (side == 3) p[2] = c;
        }
    } else {
        put_square(k, x0, y0, side, c);
    }
    if (side == 3) {
        const RestSparkle *sp = &rest_sparkle[tint][br];
        stamp_sparkle(k, sp->n, floor_px(x - (float)sp->n / 2.0f), floor_px(y - (float)sp->n / 2.0f), sp->kr, sp->kg,
                      sp->kb);
    }
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

// The motes as pixels, as the software renderer copies rc->glow into a
// rectangle (corner and size truncated; the nearest texel to each pixel's
// centre, texel (i * inc + inc / 2) >> 16 with inc = (64 << 16) / size, of a
// size px square; a texel of alpha
// a adds c * (a * alpha / 255) / 255 to each channel), clipped to the view.
// Each size's texels are made on first use, up to MOTE_MAX px (the motes
// are 12 to 42).
enum { MOTE_MAX = 48 };

typedef struct MoteKernel {
    Uint8 a[MOTE_MAX][MOTE_MAX];
    Uint8 x0[MOTE_MAX], x1[MOTE_MAX];        // row y's non-zero texels in columns [x0, x1)
} MoteKernel;

static const MoteKernel *mote_kernel(int size) {
    static MoteKernel k[MOTE_MAX + 1];
    static bool made[MOTE_MAX + 1];
    if (!made[size]) {
        MoteKernel *m = &k[size];
        unsigned inc = ((unsigned)RENDER_GLOW_PX << 16) / (unsigned)size;
        for (int y = 0; y < size; y++) {
            m->x0[y] = (Uint8)size, m->x1[y] = 0;
            for (int x = 0; x < size; x++) {
                m->a[y][x] = render_glow_alpha((int)(((unsigned)x * inc + inc / 2) >> 16),
                                               (int)(((unsigned)y * inc + inc / 2) >> 16));
                if (!m->a[y][x]) continue;
                if (x < m->x0[y]) m->x0[y] = (Uint8)x;
                m->x1[y] = (Uint8)(x + 1);
            }
        }
        made[size] = true;
    }
    return &k[size];
}

static void put_mote(void *ctx, const RenderMote *mo) {
    Sky *k = ctx;
    int size = (int)mo->at.w, gx = (int)mo->at.x, gy = (int)mo->at.y;
    if (size < 1 || size > MOTE_MAX || (int)mo->at.h != size) return;
    if (gx >= k->w || gy >= k->h || gx + size <= 0 || gy + size <= 0) return;
    Uint32 add[256];                          // each texel alpha's amount, packed 0x00RRGGBB
    for (unsigned a = 0; a < 256; a++) {
        unsigned m = a * mo->alpha / 255u;
        add[a] = (Uint32)(mo->c.r * m / 255u) << 16 | (Uint32)(mo->c.g * m / 255u) << 8 | (Uint32)(mo->c.b * m / 255u);
    }
    const MoteKernel *m = mote_kernel(size);
    int y0 = gy < 0 ? -gy : 0, y1 = gy + size > k->h ? k->h - gy : size;
    int left = -gx, right = k->w - gx;        // the view's columns in the kernel's
    for (int y = y0; y < y1; y++) {
        Uint32 *row = k->px + (ptrdiff_t)(gy + y) * k->pitch + gx;
        int x0 = m->x0[y] > left ? m->x0[y] : left, x1 = m->x1[y] < right ? m->x1[y] : right;
        for (int x = x0; x < x1; x++) row[x] = render_add_sat(row[x], add[m->a[y][x]]);
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
        make_rest_tables();
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
    if (rc->glow) render_motes(rc, put_mote, &k);
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
