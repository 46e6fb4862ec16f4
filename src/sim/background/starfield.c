// starfield.c -- the stars the whale parts: a grid by origin finds resting
// stars near a pusher, an active list carries the displaced ones home.
// Design and rules in starfield.h.
#include "sim/background/starfield.h"

#include <math.h>
#include <string.h>

#include "core/mem.h"

static const double CELL_MIN_PX = 64.0;

static int cell_col(const Starfield *sf, double x) {
    int c = (int)floor(x / sf->cell_px);
    return c < 0 ? 0 : c >= sf->gw ? sf->gw - 1 : c;
}

static int cell_row(const Starfield *sf, double y) {
    int r = (int)floor(y / sf->cell_px);
    return r < 0 ? 0 : r >= sf->gh ? sf->gh - 1 : r;
}

bool starfield_init(Starfield *sf, uint32_t n, double w, double h, Rng *rng) {
    memset(sf, 0, sizeof *sf);
    if (n == 0) return true;
    if (n > STARS_MAX) n = STARS_MAX;
    if (!(w > 1.0)) w = 1.0;
    if (!(h > 1.0)) h = 1.0;
    sf->s = mem_alloc(n, sizeof *sf->s);
    sf->idx = mem_alloc(n, sizeof *sf->idx);
    sf->active = mem_alloc(n, sizeof *sf->active);
    if (!sf->s || !sf->idx || !sf->active) goto oom;
    sf->count = n;
    for (uint32_t i = 0; i < n; i++) {
        Star *s = &sf->s[i];
        s->ox = s->x = (float)rng_range(rng, 0, w);
        s->oy = s->y = (float)rng_range(rng, 0, h);
        uint32_t roll = rng_below(rng, 100);    // mostly small, a few big ones
        s->size = (uint8_t)(roll < 60 ? 1 : roll < 92 ? 2 : 3);
        s->bright = (uint8_t)(120 + rng_below(rng, 136));
    }

    // About two stars per cell on average, never cells smaller than 64 px:
    // at a fixed density the cell size (and so a query's cost) is fixed too.
    double want_cells = n / 2.0 < 64.0 ? 64.0 : n / 2.0;
    sf->cell_px = sqrt(w * h / want_cells);
    if (sf->cell_px < CELL_MIN_PX) sf->cell_px = CELL_MIN_PX;
    sf->gw = (int)(w / sf->cell_px) + 1;   // +1: an origin at exactly w still has a cell
    sf->gh = (int)(h / sf->cell_px) + 1;
    size_t cells = (size_t)sf->gw * (size_t)sf->gh;
    sf->start = mem_alloc(cells + 1, sizeof *sf->start);
    if (!sf->start) goto oom;
    // Counting sort: start[c] counts, then becomes the end of cell c, then
    // (filling backwards) its beginning; each cell lists ascending indices.
    for (uint32_t i = 0; i < n; i++)
        sf->start[(size_t)cell_row(sf, sf->s[i].oy) * sf->gw + cell_col(sf, sf->s[i].ox)]++;
    uint32_t sum = 0;
    for (size_t c = 0; c < cells; c++) {
        sum += sf->start[c];
        sf->start[c] = sum;
    }
    sf->start[cells] = n;
    for (uint32_t i = n; i-- > 0;) {
        size_t c = (size_t)cell_row(sf, sf->s[i].oy) * sf->gw + cell_col(sf, sf->s[i].ox);
        sf->idx[--sf->start[c]] = i;
    }
    return true;
oom:
    starfield_free(sf);
    return false;
}

void starfield_free(Starfield *sf) {
    mem_free(sf->s);
    mem_free(sf->idx);
    mem_free(sf->active);
    mem_free(sf->start);
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
                const Star *s = &sf->s[sf->idx[j]];
                double dx = s->ox - x, dy = s->oy - y;
                if (dx * dx + dy * dy < r * r) {
                    if (found < max) out[found] = sf->idx[j];
                    found++;
                }
            }
        }
    return found;
}

// Puts every resting star whose origin is within a pusher's radius on the
// active list (in pusher, cell, index order: deterministic).
static void wake(Starfield *sf, const StarPusher *p) {
    int c0, r0, c1, r1;
    double r = p->r;
    if (!starfield_cells(sf, p->x - r, p->y - r, p->x + r, p->y + r, &c0, &r0, &c1, &r1)) return;
    for (int cy = r0; cy <= r1; cy++)
        for (int cx = c0; cx <= c1; cx++) {
            size_t c = (size_t)cy * sf->gw + cx;
            for (uint32_t j = sf->start[c]; j < sf->start[c + 1]; j++) {
                uint32_t i = sf->idx[j];
                Star *s = &sf->s[i];
                if (s->active) continue;
                double dx = (double)s->ox - p->x, dy = (double)s->oy - p->y;
                if (dx * dx + dy * dy < r * r) {
                    s->active = 1;
                    sf->active[sf->active_n++] = i;
                }
            }
        }
}

void starfield_step(Starfield *sf, const StarPusher *p, int n) {
    if (sf->count == 0) return;
    for (int k = 0; k < n; k++) wake(sf, &p[k]);
    uint32_t kept = 0, displaced = 0;
    const double snap2 = STARFIELD_SNAP_PX * STARFIELD_SNAP_PX;
    const double disp2 = STARFIELD_DISPLACED_PX * STARFIELD_DISPLACED_PX;
    for (uint32_t a = 0; a < sf->active_n; a++) {
        uint32_t i = sf->active[a];
        Star *s = &sf->s[i];
        double x = s->x, y = s->y, ox = s->ox, oy = s->oy;
        // The nearest pusher whose radius holds the star pushes it.
        int best = -1;
        double bd2 = 0.0, bdx = 0.0, bdy = 0.0;
        for (int k = 0; k < n; k++) {
            double dx = x - p[k].x, dy = y - p[k].y, d2 = dx * dx + dy * dy;
            if (d2 < p[k].r * p[k].r && (best < 0 || d2 < bd2)) {
                best = k;
                bd2 = d2;
                bdx = dx;
                bdy = dy;
            }
        }
        if (best >= 0) {
            double d = sqrt(bd2);
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
