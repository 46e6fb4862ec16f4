// tilemap.c -- the map's cells and open bits, and exact queries over the
// union of the tile shapes (tilemap_local.h): closed point test, exact
// (signed) nearest surface; tilemap_cast.c has the segment cast and the
// swept circle. The union is what matters: seams between touching tiles
// are never surfaces.
#include "sim/map/tilemap.h"

#include <math.h>
#include <string.h>

#include "core/dmath.h"
#include "core/log.h"
#include "core/mem.h"
#include "sim/map/tilemap_local.h"


static size_t open_bytes(int w, int h) { return ((size_t)w * (size_t)h + 7) / 8; }

static void put_open(Tilemap *m, size_t i, bool open) {
    uint8_t bit = (uint8_t)(1u << (i & 7));
    if (open) m->open[i >> 3] |= bit;
    else m->open[i >> 3] &= (uint8_t)~bit;
}

// Is (col, row) open by its tiles: inside the map by a cell all round, the
// 3 x 3 block around it empty?
static bool block_open(const Tilemap *m, int col, int row) {
    if (col < 1 || row < 1 || col + 1 >= m->w || row + 1 >= m->h) return false;
    const uint8_t *p = m->cells + (size_t)(row - 1) * m->w + (col - 1);
    size_t w = (size_t)m->w;
    return !(p[0] | p[1] | p[2] | p[w] | p[w + 1] | p[w + 2] | p[2 * w] | p[2 * w + 1] | p[2 * w + 2]);
}

// Sets the open bits i = lo .. hi (whole bytes at once).
static void open_range(Tilemap *m, size_t lo, size_t hi) {
    for (; lo <= hi && (lo & 7); lo++) put_open(m, lo, true);
    if (lo > hi) return;
    size_t bytes = (hi + 1 - lo) / 8;
    memset(m->open + lo / 8, 0xff, bytes);
    for (lo += bytes * 8; lo <= hi; lo++) put_open(m, lo, true);
}

bool tilemap_init(Tilemap *m, int w, int h, int tile) {
    memset(m, 0, sizeof *m);
    if (w <= 0 || h <= 0 || w > TILEMAP_MAX_SIDE || h > TILEMAP_MAX_SIDE || tile <= 0) return false;
    m->cells = mem_alloc((size_t)w * (size_t)h, 1);
    m->open = mem_alloc(open_bytes(w, h), 1);
    if (!m->cells || !m->open) {
        tilemap_free(m);
        return false;
    }
    m->w = w;
    m->h = h;
    m->tile = tile;
    m->inv_tile = 1.0 / tile;
    m->w_px = (double)w * tile;
    m->h_px = (double)h * tile;
    for (int r = 1; r + 1 < h && w > 2; r++)       // every cell empty: the inner ones are open
        open_range(m, (size_t)r * w + 1, (size_t)r * w + (size_t)w - 2);
    return true;
}

void tilemap_free(Tilemap *m) {
    mem_free(m->cells);
    mem_free(m->open);
    memset(m, 0, sizeof *m);
}

void tilemap_refresh_open(Tilemap *m) {
    if (!m->open) return;
    memset(m->open, 0, open_bytes(m->w, m->h));
    uint8_t any[TILEMAP_MAX_SIDE];         // per column: rock in rows r-1..r+1
    size_t w = (size_t)m->w;
    for (int r = 1; r + 1 < m->h; r++) {
        const uint8_t *a = m->cells + (size_t)(r - 1) * w, *b = a + w, *c = b + w;
        for (size_t x = 0; x < w; x++) any[x] = a[x] | b[x] | c[x];
        // Runs of open cells: a cell is open when its column and both
        // neighbours' are clear of rock.
        for (size_t x = 1; x + 1 < w;) {
            if (any[x - 1] | any[x] | any[x + 1]) {
                x++;
                continue;
            }
            size_t run = x;
            while (run + 2 < w && !any[run + 2]) run++;
            open_range(m, (size_t)r * w + x, (size_t)r * w + run);
            x = run + 1;
        }
    }
}

void tilemap_set(Tilemap *m, int col, int row, Tile t) {
    if (col < 0 || row < 0 || col >= m->w || row >= m->h) return;
    m->cells[(size_t)row * m->w + col] = (uint8_t)t;
    if (!m->open) return;
    for (int r = row - 1; r <= row + 1; r++)
        for (int c = col - 1; c <= col + 1; c++)
            if (c >= 0 && r >= 0 && c < m->w && r < m->h) put_open(m, (size_t)r * m->w + c, block_open(m, c, r));
}

void tilemap_copy_cells(Tilemap *dst, const Tilemap *src) {
    ASSERT(dst->w == src->w && dst->h == src->h);
    memcpy(dst->cells, src->cells, (size_t)src->w * (size_t)src->h);
    if (dst->open && src->open) memcpy(dst->open, src->open, open_bytes(src->w, src->h));
    else tilemap_refresh_open(dst);
}

Tile tilemap_at(const Tilemap *m, int col, int row) {
    if (col < 0 || row < 0 || col >= m->w || row >= m->h) return TILE_SOLID;
    return (Tile)m->cells[(size_t)row * m->w + col];
}

int tilemap_tile_from_char(char c) {
    switch (c) {
    case '.': return TILE_EMPTY;
    case '#': return TILE_SOLID;
    case 'J': case '/': return TILE_SLOPE_BR;
    case 'L': case '\\': return TILE_SLOPE_BL;
    case 'F': return TILE_SLOPE_TL;
    case '7': return TILE_SLOPE_TR;
    default: return -1;
    }
}

// ------------------------------------------------------------ point tests

bool tilemap_point_solid(const Tilemap *m, Vec2 p) {
    if (!finite2(p) || outside_rect(m, p)) return true;
    int c0, c1, r0, r1;
    cells_at(m, p, &c0, &c1, &r0, &r1);
    for (int r = r0; r <= r1; r++)
        for (int c = c0; c <= c1; c++) {
            Tile t = tilemap_at(m, c, r);
            if (t == TILE_EMPTY) continue;
            if (t == TILE_SOLID) {
                double x0 = (double)c * m->tile, y0 = (double)r * m->tile;
                if (box_contains(x0, y0, x0 + m->tile, y0 + m->tile, p)) return true;
                continue;
            }
            Shape sh;
            if (shape_of(t, c, r, m->tile, &sh) && shape_contains(&sh, p)) return true;
        }
    return false;
}

bool tilemap_point_interior(const Tilemap *m, Vec2 p) {
    if (!finite2(p) || outside_rect(m, p)) return true;
    int c0, c1, r0, r1;
    cells_at(m, p, &c0, &c1, &r0, &r1);
    for (int r = r0; r <= r1; r++)
        for (int c = c0; c <= c1; c++) {
            if (c < 0 || r < 0 || c >= m->w || r >= m->h) continue;
            Shape sh;
            if (shape_of(complement(tilemap_at(m, c, r)), c, r, m->tile, &sh) && shape_contains(&sh, p))
                return false;
        }
    return true;
}

// --------------------------------------------------------------- nearest

// Is any cell of [c0,c1] x [r0,r1] (inside the map) another tile than t? A
// scan of the raw rows: far cheaper per cell than the ring search below.
static bool any_but(const Tilemap *m, int c0, int c1, int r0, int r1, Tile t) {
    for (int r = r0; r <= r1; r++) {
        const uint8_t *row = m->cells + (size_t)r * m->w;
        for (int c = c0; c <= c1; c++)
            if (row[c] != t) return true;
    }
    return false;
}

// Nearest point of the solid union (empty_part false) or of the empty union
// (true) within R of p, searched ring by ring outward from p's cell so only
// cells that can matter are visited: never a cell farther than R from p, so
// the cost is O((R / tile)^2) wherever p is (far outside the map included).
// INFINITY when none is within R.
static double search(const Tilemap *m, Vec2 p, double R, bool empty_part, Vec2 *q) {
    double s = m->tile;
    // Where the part can be: the empty part only inside the map; the solid
    // part also in the ring of cells just outside it (rock beyond is never
    // nearer than that ring).
    double lo_c = empty_part ? 0 : -1, hi_c = empty_part ? m->w - 1 : m->w;
    double lo_r = empty_part ? 0 : -1, hi_r = empty_part ? m->h - 1 : m->h;
    // ... and within R of p (in doubles first: p may be far away).
    double c_lo = dm_fmax(floor((p.x - R) / s), lo_c), c_hi = dm_fmin(floor((p.x + R) / s), hi_c);
    double r_lo = dm_fmax(floor((p.y - R) / s), lo_r), r_hi = dm_fmin(floor((p.y + R) / s), hi_r);
    if (!(c_lo <= c_hi && r_lo <= r_hi)) return INFINITY;
    int cmin = (int)c_lo, cmax = (int)c_hi, rmin = (int)r_lo, rmax = (int)r_hi;
    // A tile without the part can be skipped before its shape is built.
    Tile none = empty_part ? TILE_SOLID : TILE_EMPTY;
    if (empty_part && !any_but(m, cmin, cmax, rmin, rmax, TILE_SOLID)) return INFINITY;   // deep in rock
    double fc = dm_fmax(dm_fmin(floor(p.x / s), c_hi), c_lo), fr = dm_fmax(dm_fmin(floor(p.y / s), r_hi), r_lo);
    int c0 = (int)fc, r0 = (int)fr;
    double bx = dm_fmax(dm_fmax(fc * s - p.x, p.x - (fc + 1) * s), 0.0);
    double by = dm_fmax(dm_fmax(fr * s - p.y, p.y - (fr + 1) * s), 0.0);
    double d0 = sqrt(bx * bx + by * by);    // p to the start cell's box
    double best = INFINITY;
    int kmax = c0 - cmin;
    if (cmax - c0 > kmax) kmax = cmax - c0;
    if (r0 - rmin > kmax) kmax = r0 - rmin;
    if (rmax - r0 > kmax) kmax = rmax - r0;
    for (int k = 0; k <= kmax; k++) {
        if ((k - 1) * s - d0 > dm_fmin(best, R)) break;
        for (int r = r0 - k; r <= r0 + k; r++) {
            if (r < rmin || r > rmax) continue;
            // The ring's cells of this row, left to right: the whole span on
            // its top and bottom rows, the two ends on the others.
            bool edge_row = r == r0 - k || r == r0 + k;
            const uint8_t *row = r >= 0 && r < m->h ? m->cells + (size_t)r * m->w : NULL;
            for (int c = c0 - k; c <= c0 + k; c += edge_row || k == 0 ? 1 : 2 * k) {
                if (c < cmin || c > cmax) continue;
                Tile t = row && c >= 0 && c < m->w ? (Tile)row[c] : TILE_SOLID;
                if (t == none) continue;
                // The cell's box first: its shape is built only when near enough.
                double ex = dm_fmax(dm_fmax(c * s - p.x, p.x - (c + 1) * s), 0.0);
                double ey = dm_fmax(dm_fmax(r * s - p.y, p.y - (r + 1) * s), 0.0);
                double lim = dm_fmin(best, R);
                if (ex * ex + ey * ey > lim * lim) continue;
                Tile part = empty_part ? complement(t) : t;
                Vec2 cq;
                double d;
                if (part == TILE_SOLID) {
                    d = box_dist(c, r, m->tile, p, &cq);
                } else {
                    Shape sh;
                    if (!shape_of(part, c, r, m->tile, &sh)) continue;
                    d = shape_dist(&sh, p, &cq);
                }
                if (d < best && d <= R) {
                    best = d;
                    *q = cq;
                }
            }
        }
    }
    return best;
}

// Sixteen unit directions, for the normal at a point exactly on a surface.
static const double DIR16[16][2] = {
    {1, 0}, {0.92387953251128674, 0.38268343236508978}, {DM_SQRT1_2, DM_SQRT1_2},
    {0.38268343236508978, 0.92387953251128674}, {0, 1}, {-0.38268343236508978, 0.92387953251128674},
    {-DM_SQRT1_2, DM_SQRT1_2}, {-0.92387953251128674, 0.38268343236508978}, {-1, 0},
    {-0.92387953251128674, -0.38268343236508978}, {-DM_SQRT1_2, -DM_SQRT1_2},
    {-0.38268343236508978, -0.92387953251128674}, {0, -1}, {0.38268343236508978, -0.92387953251128674},
    {DM_SQRT1_2, -DM_SQRT1_2}, {0.92387953251128674, -0.38268343236508978},
};

// Normal at a point on the boundary: the mean of the directions that lead
// into empty space (exact for flat and 45-degree surfaces, the bisector at
// corners).
static Vec2 boundary_normal(const Tilemap *m, Vec2 p) {
    double e = 1e-6 * (1.0 + dm_fmax(fabs(p.x), fabs(p.y)) * 1e-6);
    Vec2 sum = v2(0, 0);
    for (int i = 0; i < 16; i++) {
        Vec2 d = v2(DIR16[i][0], DIR16[i][1]);
        if (!tilemap_point_solid(m, v2_add(p, v2_scale(d, e)))) sum = v2_add(sum, d);
    }
    return v2_len2(sum) > 0 ? v2_norm(sum) : v2(0, -1);
}

double tilemap_signed_distance(const Tilemap *m, Vec2 p, double max_dist, Vec2 *point, Vec2 *normal) {
    if (!finite2(p) || !(max_dist >= 0)) return INFINITY;
    Vec2 q = p;
    if (!tilemap_point_solid(m, p)) {
        double d = search(m, p, max_dist, false, &q);
        if (!(d <= max_dist)) return isfinite(d) ? d : max_dist + 1.0;
        *point = q;
        *normal = d > 0 ? v2_scale(v2_sub(p, q), 1.0 / d) : boundary_normal(m, p);
        return d;
    }
    double R = dm_fmax(max_dist, (double)m->tile);
    double e = search(m, p, R, true, &q);
    if (!isfinite(e)) {                       // deep in rock: no exit nearby
        *point = p;
        *normal = v2(0, -1);
        return -R;
    }
    *point = q;
    *normal = e > 0 ? v2_scale(v2_sub(q, p), 1.0 / e) : boundary_normal(m, p);
    return -e;
}

double tilemap_nearest(const Tilemap *m, Vec2 p, double max_dist, Vec2 *point, Vec2 *normal) {
    double d = tilemap_signed_distance(m, p, max_dist, point, normal);
    return d < 0 ? 0 : d;
}
