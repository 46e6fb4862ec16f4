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

#include "core/cpu.h"
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
// active list (in pusher, cell, index order: deterministic). Row by row
// over the disc's box, a cell with resting stars is looked at only when
// the disc reaches its box (cheaper than a chord's span a row: that took a
// square root and two floors a row for the few corner cells it saves).
// Cells wholly inside the disc of the pusher before it are skipped (its
// wake took all their resting stars already: along a whale's body the
// discs overlap, so each pusher after the first scans little more than the
// crescent it adds), and a cell wholly inside the disc needs no distance
// test. Cell boxes are taken a micro-pixel wider (division rounding can
// put an origin a hair outside its cell's exact box), so these tests never
// drop a star the distance test would take.
static void wake(Starfield *sf, const StarPusher *p, int k) {
    int c0, r0, c1, r1;
    double x = p[k].x, y = p[k].y, r = p[k].r, r2 = r * r;
    if (!starfield_cells(sf, x - r, y - r, x + r, y + r, &c0, &r0, &c1, &r1)) return;
    const double cs = sf->cell_px, pad = 1e-6;
    double qx = k > 0 ? p[k - 1].x : 0.0, qy = k > 0 ? p[k - 1].y : 0.0, q2 = k > 0 ? p[k - 1].r * p[k - 1].r : 0.0;
    for (int cy = r0; cy <= r1; cy++) {
        double y0 = cy * cs - pad, y1 = (cy + 1) * cs + pad;
        double ny = gap(y, y0, y1), fy = reach(y, y0, y1), qfy = reach(qy, y0, y1);
        if (ny * ny >= r2) continue;
        const uint32_t *resting = sf->resting + (size_t)cy * sf->gw;
        for (int cx = c0; cx <= c1; cx++) {
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

// One active star's tick, given the pusher that holds it (best, at squared
// distance bd2; -1: none): pushed 2 px straight away from it, or eased
// home (snapped home when within STARFIELD_SNAP_PX, and then off the
// list). Kept on the list at *kept; *displaced counts it when it stays more
// than STARFIELD_DISPLACED_PX from home.
static inline void step_star(Starfield *sf, const PushSet *ps, uint32_t i, int best, double bd2, uint32_t *kept,
                             uint32_t *displaced) {
    const double snap2 = STARFIELD_SNAP_PX * STARFIELD_SNAP_PX;
    const double disp2 = STARFIELD_DISPLACED_PX * STARFIELD_DISPLACED_PX;
    Star *s = &sf->s[i];
    double x = s->x, y = s->y, ox = s->ox, oy = s->oy;
    if (best >= 0) {
        double d = sqrt(bd2), bdx = x - ps->x[best], bdy = y - ps->y[best];
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
            return;
        }
    }
    s->x = (float)x;
    s->y = (float)y;
    double ex = (double)s->x - ox, ey = (double)s->y - oy;
    if (ex * ex + ey * ey > disp2) (*displaced)++;
    sf->active[(*kept)++] = i;
}

#ifdef HAVE_AVX2_PATH
#define AVX2 __attribute__((target("avx2")))
#define AVX2_INLINE AVX2 static inline __attribute__((always_inline))

// Four active stars in flight through step_stars_avx2: their indices, x,
// y, ox, oy as doubles, which of them are inside the pushers' box (inbox,
// in as bits), the pushers to test (todo), and the nearest pusher found so
// far that holds each (squared distance bd, centre px, py).
typedef struct Quad {
    uint32_t idx[4];
    __m256d x, y, ox, oy, inbox, bd, px, py;
    int in;
    uint64_t todo;
} Quad;

AVX2_INLINE void quad_load(const Starfield *sf, const PushSet *ps, uint32_t a, Quad *q) {
    memcpy(q->idx, sf->active + a, sizeof q->idx);
    // x, y, ox, oy of four stars (the first 16 bytes of a Star), transposed.
    __m128 r0 = _mm_loadu_ps(&sf->s[q->idx[0]].x), r1 = _mm_loadu_ps(&sf->s[q->idx[1]].x);
    __m128 r2 = _mm_loadu_ps(&sf->s[q->idx[2]].x), r3 = _mm_loadu_ps(&sf->s[q->idx[3]].x);
    _MM_TRANSPOSE4_PS(r0, r1, r2, r3);
    q->x = _mm256_cvtps_pd(r0);
    q->y = _mm256_cvtps_pd(r1);
    q->ox = _mm256_cvtps_pd(r2);
    q->oy = _mm256_cvtps_pd(r3);
    // push_nearest: inside the box of every disc, the nearest pusher that holds it.
    __m256d bx0 = _mm256_set1_pd(ps->bx0), bx1 = _mm256_set1_pd(ps->bx1);
    __m256d by0 = _mm256_set1_pd(ps->by0), by1 = _mm256_set1_pd(ps->by1);
    q->inbox = _mm256_and_pd(_mm256_and_pd(_mm256_cmp_pd(q->x, bx0, _CMP_GE_OQ), _mm256_cmp_pd(q->x, bx1, _CMP_LE_OQ)),
                             _mm256_and_pd(_mm256_cmp_pd(q->y, by0, _CMP_GE_OQ), _mm256_cmp_pd(q->y, by1, _CMP_LE_OQ)));
    q->bd = _mm256_set1_pd(INFINITY);
    q->px = q->py = _mm256_setzero_pd();
    q->in = _mm256_movemask_pd(q->inbox);
    // The pushers to test: all, or with the cell masks the union of the
    // four stars' cells' (a pusher not in a star's cell cannot hold it, so
    // testing it changes nothing), in index order either way.
    q->todo = !q->in ? 0 : ps->n >= 64 ? ~0ull : (1ull << ps->n) - 1;
    if (ps->masked) {
        q->todo = 0;
        for (int l = 0; l < 4; l++) {
            if (!(q->in >> l & 1)) continue;
            const Star *st = &sf->s[q->idx[l]];
            int cx = (int)((st->x - ps->bx0) * ps->icw), cy = (int)((st->y - ps->by0) * ps->ich);
            q->todo |= ps->mask[clamp_cell(cy) * PUSH_GRID + clamp_cell(cx)];
        }
    }
}

// Pusher k against the four stars of q: nearer than the best so far and
// within its radius takes it.
AVX2_INLINE void quad_test(const PushSet *ps, int k, Quad *q) {
    __m256d cx = _mm256_set1_pd(ps->x[k]), cy = _mm256_set1_pd(ps->y[k]);
    __m256d dx = _mm256_sub_pd(q->x, cx), dy = _mm256_sub_pd(q->y, cy);
    __m256d dd = _mm256_add_pd(_mm256_mul_pd(dx, dx), _mm256_mul_pd(dy, dy));
    __m256d t = _mm256_and_pd(_mm256_cmp_pd(dd, _mm256_set1_pd(ps->r2[k]), _CMP_LT_OQ),
                              _mm256_cmp_pd(dd, q->bd, _CMP_LT_OQ));
    q->bd = _mm256_blendv_pd(q->bd, dd, t);
    q->px = _mm256_blendv_pd(q->px, cx, t);
    q->py = _mm256_blendv_pd(q->py, cy, t);
}

// The pushers of todo (its set bits in index order; past 64 pushers, all)
// against one or two quads. Each quad's pass through the pushers is a
// chain (each test needs the best so far), so two quads stepped in the
// same loop overlap their chains; a pusher a quad need not test cannot
// hold its stars, so testing the union changes nothing.
AVX2_INLINE void quad_pushers(const PushSet *ps, Quad *q, int nq) {
    uint64_t todo = nq == 2 ? q[0].todo | q[1].todo : q[0].todo;
    if (!todo) return;
    if (!ps->masked) {                     // every pusher: a plain loop
        for (int k = 0; k < ps->n; k++) {
            quad_test(ps, k, &q[0]);
            if (nq == 2) quad_test(ps, k, &q[1]);
        }
        return;
    }
    for (int k = 0; k < ps->n; k++) {
        if (ps->n <= 64) {
            if (!(todo >> k)) break;
            k += __builtin_ctzll(todo >> k);
        }
        quad_test(ps, k, &q[0]);
        if (nq == 2) quad_test(ps, k, &q[1]);
    }
}

// The rest of the four stars' tick (step_star's arithmetic, lane by lane),
// each kept one appended at *kept, the pushed ones counted in *pushed
// (step_star counts its own in the field's when it takes the quad).
AVX2_INLINE void quad_finish(Starfield *sf, const PushSet *ps, const Quad *q, uint32_t *kept, uint32_t *displaced,
                             uint64_t *pushed) {
    const __m256d snap2 = _mm256_set1_pd(STARFIELD_SNAP_PX * STARFIELD_SNAP_PX);
    const __m256d disp2 = _mm256_set1_pd(STARFIELD_DISPLACED_PX * STARFIELD_DISPLACED_PX);
    const __m256d push = _mm256_set1_pd(STARFIELD_PUSH_PX), ret = _mm256_set1_pd(STARFIELD_RETURN);
    const __m256d zero = _mm256_setzero_pd();
    __m256d x = q->x, y = q->y, ox = q->ox, oy = q->oy;
    // Held (push_nearest's best >= 0): a pusher took it, so bd is finite.
    __m256d held = _mm256_and_pd(q->inbox, _mm256_cmp_pd(q->bd, _mm256_set1_pd(INFINITY), _CMP_LT_OQ));
    // Pushed: 2 px away from the pusher's centre (the square root and
    // divisions only when a lane is held: they are most of the cost).
    __m256d d = zero, nx = zero, ny = zero;
    if (_mm256_movemask_pd(held)) {
        d = _mm256_sqrt_pd(q->bd);
        nx = _mm256_add_pd(x, _mm256_mul_pd(_mm256_div_pd(_mm256_sub_pd(x, q->px), d), push));
        ny = _mm256_add_pd(y, _mm256_mul_pd(_mm256_div_pd(_mm256_sub_pd(y, q->py), d), push));
    }
    // Eased: 5% of the way home.
    __m256d ex = _mm256_add_pd(x, _mm256_mul_pd(_mm256_sub_pd(ox, x), ret));
    __m256d ey = _mm256_add_pd(y, _mm256_mul_pd(_mm256_sub_pd(oy, y), ret));
    __m256d hx = _mm256_sub_pd(ex, ox), hy = _mm256_sub_pd(ey, oy);
    __m256d home = _mm256_andnot_pd(held, _mm256_cmp_pd(_mm256_add_pd(_mm256_mul_pd(hx, hx), _mm256_mul_pd(hy, hy)),
                                                          snap2, _CMP_LT_OQ));
    __m256d centre = _mm256_and_pd(held, _mm256_cmp_pd(d, zero, _CMP_LE_OQ));   // not d > 0
    if (_mm256_movemask_pd(centre)) {
        for (int l = 0; l < 4; l++) {                // the rare case, one star at a time
            double bd2;
            int best = push_nearest(ps, sf->s[q->idx[l]].x, sf->s[q->idx[l]].y, &bd2);
            step_star(sf, ps, q->idx[l], best, bd2, kept, displaced);
        }
        return;
    }
    x = _mm256_blendv_pd(ex, nx, held);
    y = _mm256_blendv_pd(ey, ny, held);
    __m128 fx = _mm256_cvtpd_ps(x), fy = _mm256_cvtpd_ps(y);
    // displaced: the stored (float) position more than 0.5 px from home
    // (a star snapping home is not counted).
    __m256d gx = _mm256_sub_pd(_mm256_cvtps_pd(fx), ox), gy = _mm256_sub_pd(_mm256_cvtps_pd(fy), oy);
    __m256d far = _mm256_cmp_pd(_mm256_add_pd(_mm256_mul_pd(gx, gx), _mm256_mul_pd(gy, gy)), disp2, _CMP_GT_OQ);
    *displaced += (uint32_t)__builtin_popcount((unsigned)_mm256_movemask_pd(_mm256_andnot_pd(home, far)));
    *pushed += (uint64_t)__builtin_popcount((unsigned)_mm256_movemask_pd(held));
    float xs[4], ys[4];
    _mm_storeu_ps(xs, fx);
    _mm_storeu_ps(ys, fy);
    int snap = _mm256_movemask_pd(home);
    for (int l = 0; l < 4; l++) {
        Star *st = &sf->s[q->idx[l]];
        if (snap >> l & 1) {                         // home: off the list, resting again (step_star)
            st->x = st->ox;
            st->y = st->oy;
            st->active = 0;
            sf->resting[cell_of(sf, st)]++;
            continue;
        }
        st->x = xs[l];
        st->y = ys[l];
        sf->active[(*kept)++] = q->idx[l];
    }
}

// The active stars' tick four at a time, on an x86-64 processor with AVX2:
// lane by lane the same IEEE double operations in the same order as
// step_star and push_nearest (subtract, multiply, add, divide, square
// root, compare; the nearest pusher's centre carried along instead of its
// index), so the same bits (tests/unit/test_starfield.c compares the two
// paths); eight at a time where there are eight, two quads through the
// pushers together. A quad with a star left exactly at its pusher's
// centre is handed to step_star instead (rare).
// Both quads' indices are read before either is written back, and the
// list is compacted in order (kept <= a). Returns the new count; the last
// active_n % 4 stars are left to the caller (*done: where it stopped).
AVX2 static uint32_t step_stars_avx2(Starfield *sf, const PushSet *ps, uint32_t *displaced, uint32_t *done) {
    // The counts in locals (registers: an add to memory a quad made a chain
    // through the store), added to the field's at the end.
    uint32_t kept = 0, a = 0, disp = *displaced;
    uint64_t pushed = 0;
    Quad q[2];
    for (; a + 8 <= sf->active_n; a += 8) {
        quad_load(sf, ps, a, &q[0]);
        quad_load(sf, ps, a + 4, &q[1]);
        quad_pushers(ps, q, 2);
        quad_finish(sf, ps, &q[0], &kept, &disp, &pushed);
        quad_finish(sf, ps, &q[1], &kept, &disp, &pushed);
    }
    if (a + 4 <= sf->active_n) {
        quad_load(sf, ps, a, &q[0]);
        quad_pushers(ps, q, 1);
        quad_finish(sf, ps, &q[0], &kept, &disp, &pushed);
        a += 4;
    }
    *displaced = disp;
    sf->pushed += pushed;
    *done = a;
    return kept;
}
#endif

static void step(Starfield *sf, const StarPusher *p, int n, bool vector) {
    if (sf->count == 0) return;
    if (n > STARFIELD_MAX_PUSHERS) n = STARFIELD_MAX_PUSHERS;
    for (int k = 0; k < n; k++) wake(sf, p, k);
    PushSet ps;                        // 25 KB on the stack: no state kept between ticks
    push_set(&ps, p, n, sf->active_n);
    uint32_t kept = 0, displaced = 0, a = 0;
#ifdef HAVE_AVX2_PATH
    if (vector && cpu_has_avx2()) kept = step_stars_avx2(sf, &ps, &displaced, &a);
#else
    (void)vector;
#endif
    // The rest one at a time (kept <= a: the list is compacted in place).
    for (; a < sf->active_n; a++) {
        uint32_t i = sf->active[a];
        double bd2;
        int best = push_nearest(&ps, sf->s[i].x, sf->s[i].y, &bd2);
        step_star(sf, &ps, i, best, bd2, &kept, &displaced);
    }
    sf->active_n = kept;
    sf->displaced = displaced;
}

void starfield_step(Starfield *sf, const StarPusher *p, int n) { step(sf, p, n, true); }

void starfield_step_scalar(Starfield *sf, const StarPusher *p, int n) { step(sf, p, n, false); }

static FIELDS_HASH_FN(void star_hash, Star, STAR_FIELDS)

// Each active star after its index, in the active list's order.
static void hash_active(const Starfield *c, Hash *h) {
    for (uint32_t a = 0; a < c->active_n; a++) {
        hash_u64(h, c->active[a]);
        star_hash(&c->s[c->active[a]], h);
    }
}

FIELDS_HASH_FN(void starfield_hash, Starfield, STARFIELD_FIELDS)

void starfield_probes(const Starfield *sf, StarfieldProbes *out) {
    out->count = sf->count;
    out->displaced = sf->displaced;
}
