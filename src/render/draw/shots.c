// shots.c -- the enemy shots, in one of two ways with the same look: draw
// calls (draw_shots: any renderer), or, on a software renderer with many
// shots in view, pixels stamped into the world's pixels (draw_shots_px:
// render.c hands over the caller's surface, or the world target read back
// after the creatures, and writes it again). The draw calls cost the
// software renderer ~13 us a shot (four scaled glows, a rim and a core of
// line spans, a sprite turned per call); the stamps reuse each glow size,
// the rim and core rows and the frame's one turned orb, so a shot is a few
// hundred pixel writes (docs/bench.md).
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <SDL_image.h>

#include "render/render_local.h"
#include "sim/world.h"

// Enemy shots read on every background: a bright aura and trail (on the
// dark sky), then a dark rim (on stars, rock and bright creatures alike),
// then the orb and a white-hot core on top, each pass over all of them so
// no rim ever hides another shot's core in a dense pattern. Never smaller
// than a readable orb. The orb sprite is drawn for a radius of th/4 px and
// turns 9 degrees a tick.
#define SHOT_MIN_RADIUS 4.5f
#define SHOT_TRAIL_STEP 1.6f            // trail glow k (1..3) sits k * 1.6 ticks of velocity behind
#define SHOT_AURA 3.4f                  // the aura's radius over the shot's, times the pulse
#define SHOT_RIM_PX 3.0f                // the rim's width outside the orb
#define SHOT_CORE 0.42f                 // the core's radius over the orb's
#define SHOT_TURN_DEG 9.0               // the orb's turn a tick
static const SDL_Color TRAIL = {255, 60, 140, 255}, AURA = {255, 60, 120, 255};
static const SDL_Color RIM_C = {14, 4, 22, 225}, ORB = {255, 80, 140, 255}, CORE = {255, 245, 250, 255};
static Uint8 trail_alpha(int k) { return (Uint8)(120 - 30 * k); }
#define AURA_ALPHA 120

static bool on_view(const RenderCtx *rc, SDL_FPoint s, float margin) {
    return s.x >= -margin && s.y >= -margin && s.x <= rc->view_w + margin && s.y <= rc->view_h + margin;
}

static bool is_enemy_in_view(const RenderCtx *rc, const Bullet *b, SDL_FPoint *s) {
    if (!b->alive || b->owner == OWNER_PLAYER) return false;
    *s = render_to_screen(rc, b->pos);
    return on_view(rc, *s, 40);
}

int draw_shots_in_view(const RenderCtx *rc, const struct World *w, int enough) {
    int n = 0;
    SDL_FPoint s;
    for (int i = bullets_next(&w->bullets, -1); i >= 0 && n < enough; i = bullets_next(&w->bullets, i))
        n += is_enemy_in_view(rc, &w->bullets.b[i], &s);
    return n;
}

void draw_shots(RenderCtx *rc, const struct World *w, float pulse) {
    SDL_Texture *t = render_tex(rc, "bullets/enemy.png");
    const Bullets *bs = &w->bullets;
    for (int pass = 0; pass < 3; pass++)
        for (int i = bullets_next(bs, -1); i >= 0; i = bullets_next(bs, i)) {
            const Bullet *b = &bs->b[i];
            SDL_FPoint s;
            if (!is_enemy_in_view(rc, b, &s)) continue;
            float rad = fmaxf((float)b->radius, SHOT_MIN_RADIUS);
            if (pass == 0 && rc->glow) {
                SDL_SetTextureBlendMode(rc->glow, SDL_BLENDMODE_ADD);
                for (int k = 1; k <= 3; k++) {
                    float tx = s.x - (float)b->vel.x * SHOT_TRAIL_STEP * (float)k,
                          ty = s.y - (float)b->vel.y * SHOT_TRAIL_STEP * (float)k;
                    render_glow(rc, tx, ty, rad * (2.0f - 0.4f * (float)k), TRAIL, trail_alpha(k));
                }
                render_glow(rc, s.x, s.y, rad * SHOT_AURA * pulse, AURA, AURA_ALPHA);
            } else if (pass == 1) {
                render_fill_circle(rc->r, s.x, s.y, rad + SHOT_RIM_PX, RIM_C);
            } else if (pass == 2) {
                if (t) {
                    int tw, th;
                    SDL_QueryTexture(t, NULL, NULL, &tw, &th);
                    float k = rad * 4.0f / (float)th * pulse;
                    SDL_FRect d = {s.x - tw * k / 2, s.y - th * k / 2, tw * k, th * k};
                    SDL_RenderCopyExF(rc->r, t, NULL, &d, w->tick * SHOT_TURN_DEG, NULL, SDL_FLIP_NONE);
                } else {
                    render_fill_circle(rc->r, s.x, s.y, rad, ORB);
                }
                render_fill_circle(rc->r, s.x, s.y, rad * SHOT_CORE, CORE);
            }
        }
}

// ---- stamps ----------------------------------------------------------------

// A glow of one size, colour and strength as the software renderer copies
// the glow texture (nearest texel, colour and alpha modulated, added): the
// amount added to each pixel, packed 0x00RRGGBB; rows [y0, y1) hold every
// non-zero one, and row y's are in columns [span[2y], span[2y + 1]).
typedef struct Glow {
    int size;                  // 0: an empty slot
    Uint32 key;                // colour and alpha
    int y0, y1;
    Uint32 *add;               // size * size
    int *span;                 // 2 * size
} Glow;

// The frame's turned orb at one size: colour and alpha per pixel (non-
// premultiplied ARGB), centred on (half, half); row y's visible pixels in
// columns [span[2y], span[2y + 1]). The same as the blend's terms, four
// 16-bit lanes a pixel in the canvas's byte order (B, G, R, A), rows of
// stride pixels (n rounded up to 4, padded with clear ones): a pixel's
// channel becomes (d * keep + mix) >> 8, so keep = 255 - a and mix =
// colour * a + 128 (the alpha lane 0 and 255 << 8: opaque), and a clear
// pixel keeps the canvas's (256 and 0).
typedef struct Orb {
    float k;                   // the sprite's scale; 0: an empty slot
    double angle;
    int n, half, stride;
    Uint32 *px;                // n * n
    int *span;                 // 2 * n
    Uint16 *keep, *mix;        // 4 * n * stride each
} Orb;

typedef struct ShotPos {
    float x, y, vx, vy, rad;
    Uint32 order;              // its band of rows, then column: stamps in this order stay in the cache
} ShotPos;

static int pos_before(const void *a, const void *b) {
    const ShotPos *p = a, *q = b;
    return p->order < q->order ? -1 : p->order > q->order;
}

// The order's two 16-bit halves, column (0) and band (1).
static unsigned order_part(Uint32 order, int half) { return half ? order >> 16 : order & 0xFFFFu; }

enum { GLOW_SLOTS = 48, ORB_SLOTS = 8 };

typedef struct ShotCache {
    Glow glow[GLOW_SLOTS];
    int glow_next;             // the slot a new size replaces when all are used
    Orb orb[ORB_SLOTS];
    int orb_next;
    bool sprite_read;          // the orb sprite was looked for
    SDL_Surface *sprite;       // bullets/enemy.png as ARGB8888; NULL: missing (a flat disc then)
    ShotPos *pos;              // the shots in view this frame
    int pos_n, pos_cap;
    ShotPos *sorted;           // pos_cap: the sort's other half
    int *count;                // count_n: the sort's buckets
    unsigned count_n;
} ShotCache;

void draw_shots_free(RenderCtx *rc) {
    ShotCache *c = rc->shots;
    if (!c) return;
    for (int i = 0; i < GLOW_SLOTS; i++) free(c->glow[i].add), free(c->glow[i].span);
    for (int i = 0; i < ORB_SLOTS; i++) free(c->orb[i].px), free(c->orb[i].span), free(c->orb[i].keep);
    if (c->sprite) SDL_FreeSurface(c->sprite);
    free(c->pos);
    free(c->sorted);
    free(c->count);
    free(c);
    rc->shots = NULL;
}

static ShotCache *cache(RenderCtx *rc) {
    if (rc->shots) return rc->shots;
    ShotCache *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    rc->shots = c;
    return c;
}

static const Glow *glow_kernel(ShotCache *c, int size, SDL_Color col, Uint8 alpha) {
    Uint32 key = (Uint32)col.r << 24 | (Uint32)col.g << 16 | (Uint32)col.b << 8 | alpha;
    for (int i = 0; i < GLOW_SLOTS; i++)
        if (c->glow[i].size == size && c->glow[i].key == key) return &c->glow[i];
    Glow *g = &c->glow[c->glow_next];
    c->glow_next = (c->glow_next + 1) % GLOW_SLOTS;
    g->size = 0;
    Uint32 *add = realloc(g->add, (size_t)size * (size_t)size * sizeof *add);
    if (add) g->add = add;
    int *span = add ? realloc(g->span, 2 * (size_t)size * sizeof *span) : NULL;
    if (!span) return NULL;
    g->span = span;
    g->size = size;
    g->key = key;
    g->y0 = size, g->y1 = 0;
    // The software renderer's nearest scaling: the texel under each pixel's
    // centre, (i * inc + inc / 2) >> 16 with inc = (64 << 16) / size.
    unsigned inc = ((unsigned)RENDER_GLOW_PX << 16) / (unsigned)size;
    for (int y = 0; y < size; y++) {
        span[2 * y] = size, span[2 * y + 1] = 0;
        for (int x = 0; x < size; x++) {
            unsigned a = render_glow_alpha((int)(((unsigned)x * inc + inc / 2) >> 16),
                                           (int)(((unsigned)y * inc + inc / 2) >> 16));
            a = a * alpha / 255u;
            Uint32 v = (Uint32)(col.r * a / 255u) << 16 | (Uint32)(col.g * a / 255u) << 8 | (Uint32)(col.b * a / 255u);
            add[y * size + x] = v;
            if (!v) continue;
            if (x < span[2 * y]) span[2 * y] = x;
            if (x >= span[2 * y + 1]) span[2 * y + 1] = x + 1;
            if (y < g->y0) g->y0 = y;
            if (y >= g->y1) g->y1 = y + 1;
        }
    }
    return g;
}

// A glow of radius r centred on (cx, cy), added as SDL_RenderCopyF would
// place it (the rectangle's corner and size truncated).
static void stamp_glow(ShotCache *c, const Canvas *cv, float cx, float cy, float r, SDL_Color col, Uint8 alpha) {
    int size = (int)(r * 2.0f);
    if (size < 1) return;
    const Glow *g = glow_kernel(c, size, col, alpha);
    if (!g) return;
    int gx = (int)(cx - r), gy = (int)(cy - r);
    int y0 = gy + g->y0 < 0 ? -gy : g->y0, y1 = gy + g->y1 > cv->h ? cv->h - gy : g->y1;
    int left = -gx, right = cv->w - gx;        // the canvas's columns in the kernel's
    for (int y = y0; y < y1; y++) {
        Uint32 *row = cv->px + (size_t)(gy + y) * (size_t)cv->pitch;
        const Uint32 *k = g->add + (size_t)y * (size_t)size;
        int x0 = g->span[2 * y] > left ? g->span[2 * y] : left;
        int x1 = g->span[2 * y + 1] < right ? g->span[2 * y + 1] : right;
        if (x1 > x0) render_add_sat_row(row + gx + x0, k + x0, x1 - x0);
    }
}

// The rows render_fill_circle draws for a disc of radius r at (cx, cy)
// (its line ends truncated, both drawn), clipped to the canvas; the count.
typedef struct Span {
    int y, x0, x1;             // pixels x0..x1 of row y
} Span;

enum { SPAN_MAX = 255 };

// A disc's half width on each row, dy = -ir..ir (render_fill_circle's
// sqrtf; negative: no row there), kept while the radius stays the same (a
// pass over shots of one size works them out once).
typedef struct DiscHalf {
    float r;                   // negative: none yet
    int ir;
    float hw[SPAN_MAX];
} DiscHalf;

static const DiscHalf *disc_half(DiscHalf *d, float r) {
    if (d->r == r) return d;
    d->r = r;
    d->ir = (int)ceilf(r);
    if (d->ir > SPAN_MAX / 2) d->ir = SPAN_MAX / 2;
    for (int dy = -d->ir; dy <= d->ir; dy++) {
        float h = r * r - (float)(dy * dy);
        d->hw[dy + d->ir] = h < 0 ? -1.0f : sqrtf(h);
    }
    return d;
}

static int disc_rows(const Canvas *cv, float cx, float cy, const DiscHalf *d, Span out[SPAN_MAX]) {
    int n = 0;
    for (int dy = -d->ir; dy <= d->ir; dy++) {
        float hw = d->hw[dy + d->ir];
        if (hw < 0) continue;
        int y = (int)(cy + (float)dy), x0 = (int)(cx - hw), x1 = (int)(cx + hw);
        if (y < 0 || y >= cv->h || x1 < 0 || x0 >= cv->w) continue;
        out[n++] = (Span){y, x0 < 0 ? 0 : x0, x1 >= cv->w ? cv->w - 1 : x1};
    }
    return n;
}

// The rim over n pixels: SDL's line blend, d * (255 - a) + c * a, each
// channel over 256 (within a level of SDL's / 255), four at a time with
// SSE2 where the compiler has it.
static void rim_row(Uint32 *d, int n) {
    enum { KEEP = 255 - 225 };
    const unsigned r = RIM_C.r * RIM_C.a / 255u, g = RIM_C.g * RIM_C.a / 255u, b = RIM_C.b * RIM_C.a / 255u;
    int i = 0;
#ifdef __SSE2__
    const __m128i zero = _mm_setzero_si128(), keep = _mm_set_epi16(0, KEEP << 8, KEEP << 8, KEEP << 8, 0, KEEP << 8,
                                                                     KEEP << 8, KEEP << 8);
    const __m128i add = _mm_set_epi16(255, (short)r, (short)g, (short)b, 255, (short)r, (short)g, (short)b);
    for (; i + 4 <= n; i += 4) {
        __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(d + i));
        __m128i lo = _mm_add_epi16(_mm_mulhi_epu16(_mm_unpacklo_epi8(x, zero), keep), add);
        __m128i hi = _mm_add_epi16(_mm_mulhi_epu16(_mm_unpackhi_epi8(x, zero), keep), add);
        _mm_storeu_si128((__m128i *)(void *)(d + i), _mm_packus_epi16(lo, hi));
    }
#endif
    for (; i < n; i++) {
        Uint32 v = d[i];
        d[i] = 0xFF000000u | ((v >> 16 & 255) * KEEP / 256 + r) << 16 | ((v >> 8 & 255) * KEEP / 256 + g) << 8 |
               ((v & 255) * KEEP / 256 + b);
    }
}

static void stamp_rim(const Canvas *cv, float cx, float cy, DiscHalf *d, float r) {
    Span sp[SPAN_MAX];
    int n = disc_rows(cv, cx, cy, disc_half(d, r), sp);
    for (int i = 0; i < n; i++) rim_row(cv->px + (size_t)sp[i].y * (size_t)cv->pitch + sp[i].x0, sp[i].x1 - sp[i].x0 + 1);
}

static void stamp_disc(const Canvas *cv, float cx, float cy, DiscHalf *d, float r, SDL_Color col) {
    Uint32 v = 0xFF000000u | (Uint32)col.r << 16 | (Uint32)col.g << 8 | col.b;
    Span sp[SPAN_MAX];
    int n = disc_rows(cv, cx, cy, disc_half(d, r), sp);
    for (int i = 0; i < n; i++) {
        Uint32 *row = cv->px + (size_t)sp[i].y * (size_t)cv->pitch;
        for (int x = sp[i].x0; x <= sp[i].x1; x++) row[x] = v;
    }
}

static SDL_Surface *sprite(RenderCtx *rc, ShotCache *c) {
    if (c->sprite_read) return c->sprite;
    c->sprite_read = true;
    char path[1200];
    snprintf(path, sizeof path, "%sbullets/enemy.png", rc->assets_dir);
    SDL_Surface *s = IMG_Load(path);
    if (!s) return NULL;                 // render_tex warned; the orb is a disc
    c->sprite = SDL_ConvertSurfaceFormat(s, SDL_PIXELFORMAT_ARGB8888, 0);
    SDL_FreeSurface(s);
    return c->sprite;
}

// The sprite scaled by k and turned by angle degrees (clockwise on screen)
// about its centre, nearest texel, as the software renderer turns it.
static const Orb *orb_kernel(ShotCache *c, const SDL_Surface *sp, float k, double angle) {
    for (int i = 0; i < ORB_SLOTS; i++)
        if (c->orb[i].k == k && c->orb[i].angle == angle) return &c->orb[i];
    Orb *o = &c->orb[c->orb_next];
    c->orb_next = (c->orb_next + 1) % ORB_SLOTS;
    float hw = (float)sp->w * k / 2.0f, hh = (float)sp->h * k / 2.0f;
    int half = (int)ceilf(sqrtf(hw * hw + hh * hh)) + 1, n = 2 * half;
    int stride = (n + 3) & ~3;
    size_t lanes = 4 * (size_t)n * (size_t)stride;
    o->k = 0;
    Uint32 *px = realloc(o->px, (size_t)n * (size_t)n * sizeof *px);
    if (px) o->px = px;
    int *span = px ? realloc(o->span, 2 * (size_t)n * sizeof *span) : NULL;
    if (span) o->span = span;
    Uint16 *keep = span ? realloc(o->keep, 2 * lanes * sizeof *keep) : NULL;
    if (!keep) return NULL;
    o->keep = keep, o->mix = keep + lanes;
    o->k = k, o->angle = angle, o->n = n, o->half = half, o->stride = stride;
    double rad = angle * M_PI / 180.0;
    float cs = (float)cos(rad), sn = (float)sin(rad);
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            float rx = (float)x + 0.5f - (float)half, ry = (float)y + 0.5f - (float)half;
            float u = (rx * cs + ry * sn) / k + (float)sp->w / 2.0f, v = (-rx * sn + ry * cs) / k + (float)sp->h / 2.0f;
            int tx = (int)floorf(u), ty = (int)floorf(v);
            px[y * n + x] = tx < 0 || ty < 0 || tx >= sp->w || ty >= sp->h
                                ? 0
                                : ((const Uint32 *)((const Uint8 *)sp->pixels + ty * sp->pitch))[tx];
        }
    for (int y = 0; y < n; y++) {
        span[2 * y] = n, span[2 * y + 1] = 0;
        for (int x = 0; x < stride; x++) {
            Uint32 p = x < n ? px[y * n + x] : 0, a = p >> 24;
            Uint16 *kp = o->keep + 4 * ((size_t)y * (size_t)stride + (size_t)x), *mp = o->mix + (kp - o->keep);
            for (int ch = 0; ch < 3; ch++) {
                kp[ch] = (Uint16)(a ? 255 - a : 256);
                mp[ch] = (Uint16)(a ? (p >> (8 * ch) & 255) * a + 128 : 0);
            }
            kp[3] = (Uint16)(a ? 0 : 256), mp[3] = (Uint16)(a ? 255 << 8 : 0);
            if (!a) continue;
            if (x < span[2 * y]) span[2 * y] = x;
            span[2 * y + 1] = x + 1;
        }
    }
    return o;
}

// The orb blended over the canvas, centred on the corner of pixel (cx, cy).
static void stamp_orb(const Canvas *cv, const Orb *o, int cx, int cy) {
    int ox = cx - o->half, oy = cy - o->half;
    int y0 = oy < 0 ? -oy : 0, y1 = oy + o->n > cv->h ? cv->h - oy : o->n;
    int left = ox < 0 ? -ox : 0, right = ox + o->n > cv->w ? cv->w - ox : o->n;
    for (int y = y0; y < y1; y++) {
        Uint32 *row = cv->px + (size_t)(oy + y) * (size_t)cv->pitch;
        const Uint32 *s = o->px + (size_t)y * (size_t)o->n;
        int x0 = o->span[2 * y] > left ? o->span[2 * y] : left, x1 = o->span[2 * y + 1] < right ? o->span[2 * y + 1] : right;
        int x = x0;
#ifdef __SSE2__
        // Four pixels at a time; past the span (and the row, to its stride)
        // the pixels are clear, which keeps the canvas's.
        const __m128i zero = _mm_setzero_si128();
        const Uint16 *keep = o->keep + 4 * (size_t)y * (size_t)o->stride, *mix = o->mix + (keep - o->keep);
        for (; x < x1 && x + 4 <= o->stride && ox + x + 4 <= cv->w; x += 4) {
            Uint32 *d = row + ox + x;
            __m128i v = _mm_loadu_si128((const __m128i *)(const void *)d);
            __m128i k0 = _mm_loadu_si128((const __m128i *)(const void *)(keep + 4 * x));
            __m128i k1 = _mm_loadu_si128((const __m128i *)(const void *)(keep + 4 * x + 8));
            __m128i m0 = _mm_loadu_si128((const __m128i *)(const void *)(mix + 4 * x));
            __m128i m1 = _mm_loadu_si128((const __m128i *)(const void *)(mix + 4 * x + 8));
            __m128i lo = _mm_srli_epi16(_mm_add_epi16(_mm_mullo_epi16(_mm_unpacklo_epi8(v, zero), k0), m0), 8);
            __m128i hi = _mm_srli_epi16(_mm_add_epi16(_mm_mullo_epi16(_mm_unpackhi_epi8(v, zero), k1), m1), 8);
            _mm_storeu_si128((__m128i *)(void *)d, _mm_packus_epi16(lo, hi));
        }
#endif
        for (; x < x1; x++) {
            Uint32 p = s[x], a = p >> 24;
            if (!a) continue;
            Uint32 d = row[ox + x], na = 255 - a;
            Uint32 rb = ((p & 0xFF00FFu) * a + (d & 0xFF00FFu) * na + 0x800080u) >> 8 & 0xFF00FFu;
            Uint32 g = ((p & 0xFF00u) * a + (d & 0xFF00u) * na + 0x8000u) >> 8 & 0xFF00u;
            row[ox + x] = 0xFF000000u | rb | g;
        }
    }
}

// The shots in view by order, ties in pool order, as a stable sort by
// order would put them: two stable counting passes, the column, then the
// band (qsort's comparisons cost more than the stamps' sorting saved).
// False when it cannot have the memory (qsort then).
static bool sort_shots(ShotCache *c) {
    unsigned most = 0;
    for (int i = 0; i < c->pos_n; i++)
        for (int half = 0; half < 2; half++)
            if (order_part(c->pos[i].order, half) > most) most = order_part(c->pos[i].order, half);
    if (most + 2 > c->count_n) {
        int *count = realloc(c->count, (most + 2) * sizeof *count);
        if (!count) return false;
        c->count = count, c->count_n = most + 2;
    }
    ShotPos *sorted = realloc(c->sorted, (size_t)c->pos_cap * sizeof *sorted);
    if (!sorted) return false;
    c->sorted = sorted;
    ShotPos *from = c->pos, *to = c->sorted;
    for (int half = 0; half < 2; half++) {
        memset(c->count, 0, (most + 2) * sizeof *c->count);
        for (int i = 0; i < c->pos_n; i++) c->count[order_part(from[i].order, half) + 1]++;
        for (unsigned k = 1; k < most + 2; k++) c->count[k] += c->count[k - 1];
        for (int i = 0; i < c->pos_n; i++) to[c->count[order_part(from[i].order, half)]++] = from[i];
        ShotPos *t = from;
        from = to, to = t;
    }
    return true;                                  // two passes: back in pos
}

void draw_shots_px(RenderCtx *rc, const struct World *w, Canvas cv, float pulse) {
    ShotCache *c = cache(rc);
    if (!c) return;
    c->pos_n = 0;
    const Bullets *bs = &w->bullets;
    for (int i = bullets_next(bs, -1); i >= 0; i = bullets_next(bs, i)) {
        const Bullet *b = &bs->b[i];
        SDL_FPoint s;
        if (!is_enemy_in_view(rc, b, &s)) continue;
        if (c->pos_n == c->pos_cap) {
            int cap = c->pos_cap ? c->pos_cap * 2 : 256;
            ShotPos *p = realloc(c->pos, (size_t)cap * sizeof *p);
            if (!p) break;
            c->pos = p, c->pos_cap = cap;
        }
        // s is within 40 px of the view: the band and column are positive.
        Uint32 order = (Uint32)(s.y + 64.0f) / 32u << 16 | (Uint32)(s.x + 64.0f);
        c->pos[c->pos_n++] =
            (ShotPos){s.x, s.y, (float)b->vel.x, (float)b->vel.y, fmaxf((float)b->radius, SHOT_MIN_RADIUS), order};
    }
    // Glows add and rims darken alike in any order; where orbs overlap they
    // stack in this order rather than the pool's (the same orb either way).
    if (!sort_shots(c)) qsort(c->pos, (size_t)c->pos_n, sizeof *c->pos, pos_before);
    const ShotPos *p = c->pos;
    for (int i = 0; i < c->pos_n; i++) {
        for (int k = 1; k <= 3; k++)
            stamp_glow(c, &cv, p[i].x - p[i].vx * SHOT_TRAIL_STEP * (float)k, p[i].y - p[i].vy * SHOT_TRAIL_STEP * (float)k,
                       p[i].rad * (2.0f - 0.4f * (float)k), TRAIL, trail_alpha(k));
        stamp_glow(c, &cv, p[i].x, p[i].y, p[i].rad * SHOT_AURA * pulse, AURA, AURA_ALPHA);
    }
    DiscHalf rim = {.r = -1.0f}, orb = {.r = -1.0f}, core = {.r = -1.0f};
    for (int i = 0; i < c->pos_n; i++) stamp_rim(&cv, p[i].x, p[i].y, &rim, p[i].rad + SHOT_RIM_PX);
    const SDL_Surface *sp = sprite(rc, c);
    double angle = w->tick * SHOT_TURN_DEG;
    for (int i = 0; i < c->pos_n; i++) {
        const Orb *o = sp ? orb_kernel(c, sp, p[i].rad * 4.0f / (float)sp->h * pulse, angle) : NULL;
        if (o) stamp_orb(&cv, o, (int)lroundf(p[i].x), (int)lroundf(p[i].y));
        else stamp_disc(&cv, p[i].x, p[i].y, &orb, p[i].rad, ORB);
        stamp_disc(&cv, p[i].x, p[i].y, &core, p[i].rad * SHOT_CORE, CORE);
    }
}
