// starfield.c -- the stars the whale parts: a grid by origin finds resting
// stars near a pusher, an active list carries the displaced ones home.
// Design and rules in starfield.h.
#include "sim/background/starfield.h"

#include <math.h>
#include <string.h>
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define HAVE_AVX2_PATH 1
#endif

#include "core/dmath.h"
#include "core/mem.h"

static const double CELL_MIN_PX = 16.0;

static int cell_col(const Starfield *sf, double x) {
    int c = (int)floor(x / sf->cell_px);
    return c < 0 ? 0 : c >= sf->gw ? sf->gw - 1 : c;
}

static int cell_row(const Starfield *sf, double y) {
    int r = (int)floor(y / sf->cell_px);
    return r < 0 ? 0 : r >= sf->gh ? sf->gh - 1 : r;
}

// The grid cell holding an origin.
static size_t cell_of(const Starfield *sf, const Star *s) {
    return (size_t)cell_row(sf, s->oy) * (size_t)sf->gw + (size_t)cell_col(sf, s->ox);
}

bool starfield_init(Starfield *sf, uint32_t n, double w, double h, Rng *rng) {
    memset(sf, 0, sizeof *sf);
    if (n == 0) return true;
    if (n > STARS_MAX) n = STARS_MAX;
    if (!(w > 1.0)) w = 1.0;
    if (!(h > 1.0)) h = 1.0;
    // About eight stars per cell on average, never cells smaller than 16
    // px: at a fixed density the cell size (and so a query's cost) is fixed
    // too, and a pusher's disc (90 px by default) covers enough cells that
    // those it misses or that an earlier disc covers can be skipped whole.
    double want_cells = n / 8.0 < 64.0 ? 64.0 : n / 8.0;
    sf->cell_px = sqrt(w * h / want_cells);
    if (sf->cell_px < CELL_MIN_PX) sf->cell_px = CELL_MIN_PX;
    sf->gw = (int)(w / sf->cell_px) + 1;   // +1: an origin at exactly w still has a cell
    sf->gh = (int)(h / sf->cell_px) + 1;
    size_t cells = (size_t)sf->gw * (size_t)sf->gh;
    Star *drawn = mem_alloc(n, sizeof *drawn);     // in PRNG order, sorted into s below
    sf->s = mem_alloc(n, sizeof *sf->s);
    sf->active = mem_alloc(n, sizeof *sf->active);
    sf->start = mem_alloc(cells + 1, sizeof *sf->start);
    sf->resting = mem_alloc(cells, sizeof *sf->resting);
    if (!drawn || !sf->s || !sf->active || !sf->start || !sf->resting) {
        mem_free(drawn);
        starfield_free(sf);
        return false;
    }
    sf->count = n;
    for (uint32_t i = 0; i < n; i++) {
        Star *s = &drawn[i];
        s->ox = s->x = (float)rng_range(rng, 0, w);
        s->oy = s->y = (float)rng_range(rng, 0, h);
        uint32_t roll = rng_below(rng, 100);    // mostly small, a few big ones
        s->size = (uint8_t)(roll < 60 ? 1 : roll < 92 ? 2 : 3);
        s->bright = (uint8_t)(120 + rng_below(rng, 136));
    }
    // Counting sort: start[c] counts, then becomes the end of cell c, then
    // (filling backwards) its beginning; each cell keeps the drawing order.
    for (uint32_t i = 0; i < n; i++) sf->start[cell_of(sf, &drawn[i])]++;
    for (size_t c = 0; c < cells; c++) sf->resting[c] = sf->start[c];
    uint32_t sum = 0;
    for (size_t c = 0; c < cells; c++) {
        sum += sf->start[c];
        sf->start[c] = sum;
    }
    sf->start[cells] = n;
    for (uint32_t i = n; i-- > 0;) sf->s[--sf->start[cell_of(sf, &drawn[i])]] = drawn[i];
    mem_free(drawn);
    return true;
}

void starfield_free(Starfield *sf) {
    mem_free(sf->s);
    mem_free(sf->active);
    mem_free(sf->start);
    mem_free(sf->resting);
    memset(sf, 0, sizeof *sf);
}

bool starfield_cells(const Starfield *sf, double x0, double y0, double x1, double y1, int *c0, int *r0,
                     int *c1, int *r1) {
    if (!sf->start || !(x1 >= 0.0) || !(y1 >= 0.0)) return false;
    double wpx = sf->gw * sf->cell_px, hpx = sf->gh * sf->cell_px;
    if (!(x0 < wpx) || !(y0 < hpx)) return false;
    *c0 = cell_col(sf, x0);
    *r0 = cell_row(sf, y0);
    *c1 = cell_col(sf, x1);
    *r1 = cell_row(sf, y1);
    return true;
}

uint32_t starfield_query(const Starfield *sf, double x, double y, double r, uint32_t *out, uint32_t max) {
    int c0, r0, c1, r1;
    uint32_t found = 0;
    if (!starfield_cells(sf, x - r, y - r, x + r, y + r, &c0, &r0, &c1, &r1)) return 0;
    for (int cy = r0; cy <= r1; cy++)
        for (int cx = c0; cx <= c1; cx++) {
            size_t c = (size_t)cy * sf->gw + cx;
            for (uint32_t j = sf->start[c]; j < sf->start[c + 1]; j++) {
                const Star *s = &sf->s[j];
                double dx = s->ox - x, dy = s->oy - y;
                if (dx * dx + dy * dy < r * r) {
                    if (found < max) out[found] = j;
                    found++;
                }
            }
        }
    return found;
}

// The larger (a max instruction, no branch); how far v is from the
// interval [lo, hi] (0 inside it) and from its farther end.
static double maxd(double a, double b) { return a > b ? a : b; }
static double gap(double v, double lo, double hi) { return maxd(maxd(lo - v, v - hi), 0.0); }
static double reach(double v, double lo, double hi) { return maxd(v - lo, hi - v); }

// Puts every resting star whose origin is within pusher k's radius on the
// active list (in pusher, cell, index order: deterministic). Row by row,
// only the cells the disc reaches are visited (a chord's span, a cell
// wider each side for rounding); of those, cells wholly inside the disc of
// the pusher before it are skipped (its wake took all their resting stars
// already: along a whale's body the discs overlap, so each pusher after
// the first scans little more than the crescent it adds), and a cell
// wholly inside the disc needs no distance test. Cell boxes are taken a
// micro-pixel wider (division rounding can put an origin a hair outside its
// cell's exact box), so these tests never drop a star the distance test
// would take.
static void wake(Starfield *sf, const StarPusher *p, int k) {
    int c0, r0, c1, r1;
    double x = p[k].x, y = p[k].y, r = p[k].r, r2 = r * r;
    if (!starfield_cells(sf, x - r, y - r, x + r, y + r, &c0, &r0, &c1, &r1)) return;
    const double cs = sf->cell_px, inv = 1.0 / cs, pad = 1e-6;
    double qx = k > 0 ? p[k - 1].x : 0.0, qy = k > 0 ? p[k - 1].y : 0.0, q2 = k > 0 ? p[k - 1].r * p[k - 1].r : 0.0;
    for (int cy = r0; cy <= r1; cy++) {
        double y0 = cy * cs - pad, y1 = (cy + 1) * cs + pad;
        double ny = gap(y, y0, y1), fy = reach(y, y0, y1), qfy = reach(qy, y0, y1);
        if (ny * ny >= r2) continue;
        double half = sqrt(r2 - ny * ny);
        int a = (int)floor((x - half) * inv) - 1, b = (int)floor((x + half) * inv) + 1;
        if (a < c0) a = c0;
        if (b > c1) b = c1;
        const uint32_t *resting = sf->resting + (size_t)cy * sf->gw;
        for (int cx = a; cx <= b; cx++) {
            if (!resting[cx]) continue;                    // every star of it is active already
            double x0 = cx * cs - pad, x1 = (cx + 1) * cs + pad;
            double nx = gap(x, x0, x1), fx = reach(x, x0, x1), qfx = reach(qx, x0, x1);
            if (nx * nx + ny * ny >= r2 || qfx * qfx + qfy * qfy < q2) continue;
            size_t c = (size_t)cy * sf->gw + cx;
            bool inside = fx * fx + fy * fy < r2;
            for (uint32_t i = sf->start[c]; i < sf->start[c + 1]; i++) {
                Star *s = &sf->s[i];
                if (s->active) continue;
                double dx = (double)s->ox - x, dy = (double)s->oy - y;
                if (inside || dx * dx + dy * dy < r2) {
                    s->active = 1;
                    sf->active[sf->active_n++] = i;
                    sf->resting[c]--;
                }
            }
        }
    }
}

// The pushers of a tick for the active stars' test: their squared radii,
// the box that holds every disc (a pixel wider, for rounding; a star
// outside it is in no pusher's radius) cut into PUSH_GRID x PUSH_GRID
// cells, and per cell the pushers whose disc reaches it (when there are at
// most 64 pushers and enough active stars to pay for the cells; else every
// star tests them all). A star then tests only the pushers of its cell:
// along a whale's body the discs overlap, but a star being pushed sits
// near the rim of their union, where few do.
#define PUSH_GRID 16
#define PUSH_MASK_STARS 2048       // fewer active stars test every pusher: cheaper than marking the cells
typedef struct PushSet {
    int n;
    double x[STARFIELD_MAX_PUSHERS], y[STARFIELD_MAX_PUSHERS], r2[STARFIELD_MAX_PUSHERS];
    double bx0, by0, bx1, by1;
    double cw, ch;             // cell size, px
    double icw, ich;           // 1 / cell size (the rounding stays inside a cell's pixel of padding)
    bool masked;               // mask[] is used
    uint64_t mask[PUSH_GRID * PUSH_GRID];
} PushSet;

static int clamp_cell(int c) { return c < 0 ? 0 : c >= PUSH_GRID ? PUSH_GRID - 1 : c; }

static void push_set(PushSet *ps, const StarPusher *p, int n, uint32_t stars) {
    ps->n = n;
    ps->bx0 = ps->by0 = INFINITY;
    ps->bx1 = ps->by1 = -INFINITY;
    for (int k = 0; k < n; k++) {
        ps->x[k] = p[k].x;
        ps->y[k] = p[k].y;
        ps->r2[k] = p[k].r * p[k].r;
        ps->bx0 = dm_fmin(ps->bx0, p[k].x - p[k].r - 1.0);
        ps->by0 = dm_fmin(ps->by0, p[k].y - p[k].r - 1.0);
        ps->bx1 = dm_fmax(ps->bx1, p[k].x + p[k].r + 1.0);
        ps->by1 = dm_fmax(ps->by1, p[k].y + p[k].r + 1.0);
    }
    ps->masked = n > 1 && n <= 64 && stars >= PUSH_MASK_STARS;
    if (!ps->masked) return;
    ps->cw = (ps->bx1 - ps->bx0) / PUSH_GRID;
    ps->ch = (ps->by1 - ps->by0) / PUSH_GRID;
    ps->icw = 1.0 / ps->cw;
    ps->ich = 1.0 / ps->ch;
    memset(ps->mask, 0, sizeof ps->mask);
    // Each disc marks the cells of its box (a cell wider each side) that it
    // reaches, a cell's box taken a pixel wider all round, so a star the
    // division puts in a cell is always inside it.
    for (int k = 0; k < n; k++) {
        double r = p[k].r;
        int c0 = clamp_cell((int)floor((p[k].x - r - ps->bx0) * ps->icw) - 1);
        int c1 = clamp_cell((int)floor((p[k].x + r - ps->bx0) * ps->icw) + 1);
        int r0 = clamp_cell((int)floor((p[k].y - r - ps->by0) * ps->ich) - 1);
        int r1 = clamp_cell((int)floor((p[k].y + r - ps->by0) * ps->ich) + 1);
        for (int cy = r0; cy <= r1; cy++) {
            double dy = gap(ps->y[k], ps->by0 + cy * ps->ch - 1.0, ps->by0 + (cy + 1) * ps->ch + 1.0);
            for (int cx = c0; cx <= c1; cx++) {
                double dx = gap(ps->x[k], ps->bx0 + cx * ps->cw - 1.0, ps->bx0 + (cx + 1) * ps->cw + 1.0);
                if (dx * dx + dy * dy < ps->r2[k]) ps->mask[cy * PUSH_GRID + cx] |= 1ull << k;
            }
        }
    }
}

// The nearest pusher whose radius holds (x, y) (the first of equally near
// ones), its squared distance in *bd2; -1 when none does.
static int push_nearest(const PushSet *ps, double x, double y, double *bd2) {
    int best = -1;
    *bd2 = INFINITY;
    if (!(x >= ps->bx0 && x <= ps->bx1 && y >= ps->by0 && y <= ps->by1)) return -1;
    if (!ps->masked) {
        double bd = INFINITY;           // a local, selects instead of branches: which pusher holds
        for (int k = 0; k < ps->n; k++) {   // a star is hard to predict
            double dx = x - ps->x[k], dy = y - ps->y[k], d2 = dx * dx + dy * dy;
            bool take = (d2 < ps->r2[k]) & (d2 < bd);
            best = take ? k : best;
            bd = take ? d2 : bd;
        }
        *bd2 = bd;
        return best;
    }
    int cx = (int)((x - ps->bx0) * ps->icw), cy = (int)((y - ps->by0) * ps->ich);
    for (uint64_t m = ps->mask[clamp_cell(cy) * PUSH_GRID + clamp_cell(cx)]; m; m &= m - 1) {
        int k = __builtin_ctzll(m);
        double dx = x - ps->x[k], dy = y - ps->y[k], d2 = dx * dx + dy * dy;
        if (d2 < ps->r2[k] && d2 < *bd2) {
            best = k;
            *bd2 = d2;
        }
    }
    return best;
}

// The active stars go through starfield_step STEP_CHUNK at a time. Of a
// chunk, the stars inside the box of every disc are tested against every
// pusher together (unless the pushers' cell masks are in use: many active
// stars, push_nearest per star). On an x86-64 processor with AVX2 that is
// four stars per instruction, making, lane by lane, the comparisons
// push_nearest makes for one star in the same pusher order (IEEE double
// subtract, multiply, add and compare: the same bits; the index a double,
// exact); elsewhere push_nearest itself.
#define STEP_CHUNK 256
// For the stars at (x[i], y[i]), i < m: the nearest pusher whose radius
// holds it (the first of equally near ones) into best[i] (-1: none) and
// its squared distance into d2[i], as push_nearest finds it for one star.
// x and y have room for m rounded up to 4 (the extra lanes are filled here
// with NaN, which no pusher holds). With SSE2, four stars at a time in two
// pairs of lanes (a pusher's index kept as a double: exact).
#ifdef HAVE_AVX2_PATH
__attribute__((target("avx2"))) static void nearest_avx2(const PushSet *ps, const double *x, const double *y, int m,
                                                         int32_t *best, double *d2) {
    for (int i = 0; i < m; i += 4) {
        __m256d ax = _mm256_loadu_pd(x + i), ay = _mm256_loadu_pd(y + i);
        __m256d ad = _mm256_set1_pd(INFINITY), ak = _mm256_set1_pd(-1.0);
        for (int k = 0; k < ps->n; k++) {
            __m256d px = _mm256_set1_pd(ps->x[k]), py = _mm256_set1_pd(ps->y[k]), r2 = _mm256_set1_pd(ps->r2[k]);
            __m256d dx = _mm256_sub_pd(ax, px), dy = _mm256_sub_pd(ay, py);
            __m256d dd = _mm256_add_pd(_mm256_mul_pd(dx, dx), _mm256_mul_pd(dy, dy));
            __m256d t = _mm256_and_pd(_mm256_cmp_pd(dd, r2, _CMP_LT_OQ), _mm256_cmp_pd(dd, ad, _CMP_LT_OQ));
            ak = _mm256_blendv_pd(ak, _mm256_set1_pd((double)k), t);
            ad = _mm256_blendv_pd(ad, dd, t);
        }
        double kb[4], db[4];
        _mm256_storeu_pd(kb, ak);
        _mm256_storeu_pd(db, ad);
        for (int l = 0; l < 4 && i + l < m; l++) {
            best[i + l] = (int32_t)kb[l];
            d2[i + l] = db[l];
        }
    }
}
#endif

// For the stars at (x[i], y[i]), i < m: the nearest pusher whose radius
// holds it (the first of equally near ones) into best[i] (-1: none) and
// its squared distance into d2[i], as push_nearest finds it for one star.
// x and y have room for m rounded up to 4 (the extra lanes are filled here
// with NaN, which no pusher holds).
static void nearest4(const PushSet *ps, double *x, double *y, int m, int32_t *best, double *d2) {
    for (int i = m; i < ((m + 3) & ~3); i++) x[i] = y[i] = NAN;
#ifdef HAVE_AVX2_PATH
    if (__builtin_cpu_supports("avx2")) {
        nearest_avx2(ps, x, y, m, best, d2);
        return;
    }
#endif
    for (int i = 0; i < m; i++) best[i] = push_nearest(ps, x[i], y[i], &d2[i]);
}

void starfield_step(Starfield *sf, const StarPusher *p, int n) {
    if (sf->count == 0) return;
    if (n > STARFIELD_MAX_PUSHERS) n = STARFIELD_MAX_PUSHERS;
    for (int k = 0; k < n; k++) wake(sf, p, k);
    PushSet ps;                        // 25 KB on the stack: no state kept between ticks
    push_set(&ps, p, n, sf->active_n);
    uint32_t kept = 0, displaced = 0;
    const double snap2 = STARFIELD_SNAP_PX * STARFIELD_SNAP_PX;
    const double disp2 = STARFIELD_DISPLACED_PX * STARFIELD_DISPLACED_PX;
    int32_t held[STEP_CHUNK];              // per star of the chunk: its pusher, or -1
    double held_d2[STEP_CHUNK];
    for (uint32_t a = 0; a < sf->active_n; a++) {
        uint32_t c0 = a % STEP_CHUNK;
        if (c0 == 0 && !ps.masked) {
            // The chunk's stars inside the box, gathered (without a branch)
            // and tested together.
            uint32_t m = sf->active_n - a < STEP_CHUNK ? sf->active_n - a : STEP_CHUNK;
            double bx[STEP_CHUNK + 3], by[STEP_CHUNK + 3], bd[STEP_CHUNK];
            int32_t bb[STEP_CHUNK];
            uint16_t at[STEP_CHUNK];
            int nb = 0;
            for (uint32_t q = 0; q < m; q++) {
                const Star *s = &sf->s[sf->active[a + q]];
                double x = s->x, y = s->y;
                held[q] = -1;
                held_d2[q] = INFINITY;
                bx[nb] = x;
                by[nb] = y;
                at[nb] = (uint16_t)q;
                nb += x >= ps.bx0 && x <= ps.bx1 && y >= ps.by0 && y <= ps.by1;
            }
            nearest4(&ps, bx, by, nb, bb, bd);
            for (int q = 0; q < nb; q++) {
                held[at[q]] = bb[q];
                held_d2[at[q]] = bd[q];
            }
        }
        uint32_t i = sf->active[a];
        Star *s = &sf->s[i];
        double x = s->x, y = s->y, ox = s->ox, oy = s->oy;
        double bd2 = INFINITY;
        int best = -1;
        if (ps.masked) {
            best = push_nearest(&ps, x, y, &bd2);
        } else {
            best = held[c0];
            bd2 = held_d2[c0];
        }
        if (best >= 0) {
            double d = sqrt(bd2), bdx = x - ps.x[best], bdy = y - ps.y[best];
            if (d > 0.0) {
                x += bdx / d * STARFIELD_PUSH_PX;
                y += bdy / d * STARFIELD_PUSH_PX;
            } else {
                y -= STARFIELD_PUSH_PX;   // dead centre: any way out will do; up
            }
            sf->pushed++;
        } else {
            x += (ox - x) * STARFIELD_RETURN;
            y += (oy - y) * STARFIELD_RETURN;
            if ((x - ox) * (x - ox) + (y - oy) * (y - oy) < snap2) {
                s->x = s->ox;
                s->y = s->oy;
                s->active = 0;
                sf->resting[cell_of(sf, s)]++;
                continue;
            }
        }
        s->x = (float)x;
        s->y = (float)y;
        double ex = (double)s->x - ox, ey = (double)s->y - oy;
        if (ex * ex + ey * ey > disp2) displaced++;
        sf->active[kept++] = i;
    }
    sf->active_n = kept;
    sf->displaced = displaced;
}

void starfield_hash(const Starfield *sf, Hash *h) {
    hash_u64(h, sf->count);
    hash_u64(h, sf->displaced);
    hash_u64(h, sf->active_n);
    hash_u64(h, sf->pushed);
    for (uint32_t a = 0; a < sf->active_n; a++) {
        const Star *s = &sf->s[sf->active[a]];
        hash_u64(h, sf->active[a]);
        hash_f64(h, s->x);
        hash_f64(h, s->y);
    }
}

void starfield_probes(const Starfield *sf, StarfieldProbes *out) {
    out->count = sf->count;
    out->displaced = sf->displaced;
}
