// starfield.c -- the stars the whale parts: a grid by origin finds resting
// stars near a pusher, an active list carries the displaced ones home.
// Design and rules in starfield.h.
#include "sim/background/starfield.h"

#include <math.h>
#include <string.h>

#include "core/dmath.h"
#include "core/lanes.h"
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

// The active stars' tick, one text (starfield_lanes.h) for every back end
// of core/lanes.h this build has.
#define LANES_TEXT "sim/background/starfield_lanes.h"
#include "core/lanes_each.h"

static void step(Starfield *sf, const StarPusher *p, int n, LanesKind k) {
    if (sf->count == 0) return;
    if (n > STARFIELD_MAX_PUSHERS) n = STARFIELD_MAX_PUSHERS;
    for (int i = 0; i < n; i++) wake(sf, p, i);
    PushSet ps;                        // 25 KB on the stack: no state kept between ticks
    push_set(&ps, p, n, sf->active_n);
    uint32_t displaced = 0;
    uint32_t kept;
    LANES_CALL(k, kept = step_stars, (sf, &ps, &displaced));
    sf->active_n = kept;
    sf->displaced = displaced;
}

void starfield_step(Starfield *sf, const StarPusher *p, int n) { step(sf, p, n, lanes_best()); }

void starfield_step_scalar(Starfield *sf, const StarPusher *p, int n) { step(sf, p, n, LANES_SCALAR); }

void starfield_step_on(Starfield *sf, const StarPusher *p, int n, LanesKind k) {
    step(sf, p, n, lanes_can_run(k) ? k : LANES_SCALAR);
}

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
