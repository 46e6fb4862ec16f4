// tilemap.c -- tile shapes and exact queries over their union: closed point
// test, exact (signed) nearest surface, DDA segment cast, swept circle.
// The union is what matters: seams between touching tiles are never surfaces.
#include "sim/map/tilemap.h"

#include <math.h>
#include <string.h>

#include "core/dmath.h"
#include "core/mem.h"

// A tile's solid part (or its empty part) as a convex polygon given by its
// edges; edge i runs a[i] -> b[i] with outward normal pn[i] (components in
// {-1, 0, 1}, not normalised, so plane tests on grid coordinates are exact).
enum { SIDE_LEFT, SIDE_RIGHT, SIDE_TOP, SIDE_BOTTOM, SIDE_DIAG };

typedef struct Shape {
    int n;
    int col, row;
    Vec2 a[4], b[4];
    Vec2 pn[4];
    double pc[4];              // inside: dot(pn, x) <= pc
    int side[4];
} Shape;

// A cast's hit t and a candidate's normal are "the same" within this many px.
#define CAST_EPS_PX 1e-6
// A segment must pass at least this deep into a shape to hit it (grazing).
#define CAST_DEPTH_PX 1e-9
// Swept circles: a shape stops the circle only when the path would overlap
// it by more than SWEEP_TOL_PX; the circle stops SWEEP_SKIN_PX short of touch.
#define SWEEP_TOL_PX 1e-3
#define SWEEP_SKIN_PX 1e-4

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

// ---------------------------------------------------------------- shapes

static void shape_edge(Shape *sh, Vec2 a, Vec2 b, Vec2 n, int side) {
    int i = sh->n++;
    sh->a[i] = a;
    sh->b[i] = b;
    sh->pn[i] = n;
    sh->pc[i] = n.x * a.x + n.y * a.y;
    sh->side[i] = side;
}

// The polygon a tile of kind t fills in cell (col,row); false for empty.
static bool shape_of(Tile t, int col, int row, int s, Shape *sh) {
    double x0 = (double)col * s, y0 = (double)row * s, x1 = x0 + s, y1 = y0 + s;
    Vec2 tl = v2(x0, y0), tr = v2(x1, y0), br = v2(x1, y1), bl = v2(x0, y1);
    sh->n = 0;
    sh->col = col;
    sh->row = row;
    switch (t) {
    case TILE_SOLID:
        shape_edge(sh, tl, tr, v2(0, -1), SIDE_TOP);
        shape_edge(sh, tr, br, v2(1, 0), SIDE_RIGHT);
        shape_edge(sh, br, bl, v2(0, 1), SIDE_BOTTOM);
        shape_edge(sh, bl, tl, v2(-1, 0), SIDE_LEFT);
        return true;
    case TILE_SLOPE_BR:
        shape_edge(sh, tr, br, v2(1, 0), SIDE_RIGHT);
        shape_edge(sh, br, bl, v2(0, 1), SIDE_BOTTOM);
        shape_edge(sh, bl, tr, v2(-1, -1), SIDE_DIAG);
        return true;
    case TILE_SLOPE_BL:
        shape_edge(sh, tl, bl, v2(-1, 0), SIDE_LEFT);
        shape_edge(sh, bl, br, v2(0, 1), SIDE_BOTTOM);
        shape_edge(sh, br, tl, v2(1, -1), SIDE_DIAG);
        return true;
    case TILE_SLOPE_TL:
        shape_edge(sh, tl, tr, v2(0, -1), SIDE_TOP);
        shape_edge(sh, tr, bl, v2(1, 1), SIDE_DIAG);
        shape_edge(sh, bl, tl, v2(-1, 0), SIDE_LEFT);
        return true;
    case TILE_SLOPE_TR:
        shape_edge(sh, tl, tr, v2(0, -1), SIDE_TOP);
        shape_edge(sh, tr, br, v2(1, 0), SIDE_RIGHT);
        shape_edge(sh, br, tl, v2(-1, 1), SIDE_DIAG);
        return true;
    default:
        return false;
    }
}

// The kind whose solid part is exactly the empty part of t.
static Tile complement(Tile t) {
    switch (t) {
    case TILE_EMPTY: return TILE_SOLID;
    case TILE_SLOPE_BR: return TILE_SLOPE_TL;
    case TILE_SLOPE_BL: return TILE_SLOPE_TR;
    case TILE_SLOPE_TL: return TILE_SLOPE_BR;
    case TILE_SLOPE_TR: return TILE_SLOPE_BL;
    default: return TILE_EMPTY;
    }
}

// Does tile t fill the whole of its cell's side?
static bool full_side(Tile t, int side) {
    switch (t) {
    case TILE_SOLID: return true;
    case TILE_SLOPE_BR: return side == SIDE_RIGHT || side == SIDE_BOTTOM;
    case TILE_SLOPE_BL: return side == SIDE_LEFT || side == SIDE_BOTTOM;
    case TILE_SLOPE_TL: return side == SIDE_LEFT || side == SIDE_TOP;
    case TILE_SLOPE_TR: return side == SIDE_TOP || side == SIDE_RIGHT;
    default: return false;
    }
}

// An edge of a solid shape is internal (not a surface) when the neighbour
// across it fills the shared side completely.
static bool edge_internal(const Tilemap *m, const Shape *sh, int i) {
    switch (sh->side[i]) {
    case SIDE_LEFT: return full_side(tilemap_at(m, sh->col - 1, sh->row), SIDE_RIGHT);
    case SIDE_RIGHT: return full_side(tilemap_at(m, sh->col + 1, sh->row), SIDE_LEFT);
    case SIDE_TOP: return full_side(tilemap_at(m, sh->col, sh->row - 1), SIDE_BOTTOM);
    case SIDE_BOTTOM: return full_side(tilemap_at(m, sh->col, sh->row + 1), SIDE_TOP);
    default: return false;
    }
}

static double plane_val(const Shape *sh, int i, Vec2 p) { return sh->pn[i].x * p.x + sh->pn[i].y * p.y; }

static bool shape_contains(const Shape *sh, Vec2 p) {
    for (int i = 0; i < sh->n; i++)
        if (plane_val(sh, i, p) > sh->pc[i]) return false;
    return true;
}

static inline Vec2 closest_on_segment(Vec2 a, Vec2 b, Vec2 p) {
    Vec2 ab = v2_sub(b, a);
    double t = v2_dot(v2_sub(p, a), ab) / v2_dot(ab, ab);
    if (t <= 0) return a;
    if (t >= 1) return b;
    return v2_add(a, v2_scale(ab, t));
}

// Distance from p to the closed polygon (0 inside), nearest point in q.
static double shape_dist(const Shape *sh, Vec2 p, Vec2 *q) {
    if (shape_contains(sh, p)) {
        *q = p;
        return 0;
    }
    double best = INFINITY;
    for (int i = 0; i < sh->n; i++) {
        Vec2 c = closest_on_segment(sh->a[i], sh->b[i], p);
        double d = v2_dist(c, p);
        if (d < best) {
            best = d;
            *q = c;
        }
    }
    return best;
}

// shape_dist for a solid tile's square, without building its Shape: the
// same edges in the same order through the same arithmetic. Its planes'
// tests are exactly these comparisons (each plane value is +-p.x or +-p.y,
// exactly, against the same of a corner), so the same bits.
static bool box_contains(double x0, double y0, double x1, double y1, Vec2 p) {
    return p.x >= x0 && p.x <= x1 && p.y >= y0 && p.y <= y1;
}

static double box_dist(int col, int row, int s, Vec2 p, Vec2 *q) {
    double x0 = (double)col * s, y0 = (double)row * s, x1 = x0 + s, y1 = y0 + s;
    if (box_contains(x0, y0, x1, y1, p)) {
        *q = p;
        return 0;
    }
    const Vec2 corner[5] = {v2(x0, y0), v2(x1, y0), v2(x1, y1), v2(x0, y1), v2(x0, y0)};
    double best = INFINITY;
    for (int i = 0; i < 4; i++) {
        Vec2 c = closest_on_segment(corner[i], corner[i + 1], p);
        double d = v2_dist(c, p);
        if (d < best) {
            best = d;
            *q = c;
        }
    }
    return best;
}

// Interval [*t0, *t1] of the infinite line a + t*d inside the closed shape,
// and the plane that bounds it from below in *enter (-1: none). False if
// the line misses.
static bool shape_clip(const Shape *sh, Vec2 a, Vec2 d, double *t0, double *t1, int *enter) {
    double lo = -INFINITY, hi = INFINITY;
    *enter = -1;
    for (int i = 0; i < sh->n; i++) {
        double den = sh->pn[i].x * d.x + sh->pn[i].y * d.y;
        double num = sh->pc[i] - plane_val(sh, i, a);
        if (den == 0) {
            if (num < 0) return false;
            continue;
        }
        double t = num / den;
        if (den < 0) {
            if (t > lo) {
                lo = t;
                *enter = i;
            }
        } else if (t < hi) {
            hi = t;
        }
    }
    *t0 = lo;
    *t1 = hi;
    return lo <= hi;
}

// True when the point lies at least depth px inside every edge.
static bool shape_deep(const Shape *sh, Vec2 p, double depth) {
    for (int i = 0; i < sh->n; i++) {
        double nl = sh->pn[i].x != 0 && sh->pn[i].y != 0 ? 1.0 / DM_SQRT1_2 : 1.0;
        if (sh->pc[i] - plane_val(sh, i, p) < depth * nl) return false;
    }
    return true;
}

// ------------------------------------------------------------ point tests

static bool finite2(Vec2 p) { return isfinite(p.x) && isfinite(p.y); }

// A cell index from a coordinate quotient, clamped (NaN gives lo).
static int clampi(double v, int lo, int hi) {
    if (!(v >= lo)) return lo;
    if (v > hi) return hi;
    return (int)v;
}

// |d| without overflow for huge components; only IEEE-exact operations
// (hypot may round differently between C libraries, and replays must not).
static double safe_len(Vec2 d) {
    double k = dm_fmax(fabs(d.x), fabs(d.y));
    if (!(k > 1e150)) return sqrt(d.x * d.x + d.y * d.y);
    double x = d.x / k, y = d.y / k;
    return k * sqrt(x * x + y * y);
}

// Segments longer than this are cut to it: the largest map is 4096 * 128 px,
// so they leave it long before, and lengths stay far from overflow.
#define MAX_TRAVEL_PX 1e9

// The cells whose closed boxes contain p: [c0,c1] x [r0,r1] (1, 2 or 4).
// p must be finite and within a few cells of the map.
static void cells_at(const Tilemap *m, Vec2 p, int *c0, int *c1, int *r0, int *r1) {
    double s = m->tile;
    double fc = floor(p.x / s), fr = floor(p.y / s);
    *c0 = *c1 = (int)fc;
    *r0 = *r1 = (int)fr;
    if (fc * s == p.x) *c0 -= 1;
    if (fr * s == p.y) *r0 -= 1;
}

static bool outside_rect(const Tilemap *m, Vec2 p) {
    double W = (double)m->w * m->tile, H = (double)m->h * m->tile;
    return !(p.x >= 0 && p.y >= 0 && p.x <= W && p.y <= H);
}

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

// Is p in the open interior of the solid union (a small disc around it is
// solid)? Equivalently: no empty part's closure contains p.
static bool point_interior(const Tilemap *m, Vec2 p) {
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

// ------------------------------------------------------------------ cast

// The surface normal where the line a + t*d first enters solid at t_hit:
// the mean of the real (non-internal) faces of the shapes around the hit
// point that the line enters there; -d when none (head-on along a seam).
static Vec2 cast_normal(const Tilemap *m, Vec2 a, Vec2 d, double len, double t_hit) {
    Vec2 h = v2_add(a, v2_scale(d, t_hit));
    double s = m->tile, e = 1e-7 * (1.0 + fabs(h.x) * 1e-6 + fabs(h.y) * 1e-6);
    int c0 = (int)floor((h.x - e) / s), c1 = (int)floor((h.x + e) / s);
    int r0 = (int)floor((h.y - e) / s), r1 = (int)floor((h.y + e) / s);
    double tol = CAST_EPS_PX / len;
    Vec2 sum = v2(0, 0);
    for (int r = r0; r <= r1; r++)
        for (int c = c0; c <= c1; c++) {
            Shape sh;
            if (!shape_of(tilemap_at(m, c, r), c, r, m->tile, &sh)) continue;
            double t0, t1;
            int enter;
            if (!shape_clip(&sh, a, d, &t0, &t1, &enter) || enter < 0) continue;
            if (fabs(t0 - t_hit) > tol || t1 < t0 - tol) continue;
            for (int i = 0; i < sh.n; i++) {
                double den = sh.pn[i].x * d.x + sh.pn[i].y * d.y;
                if (den >= 0) continue;
                double ti = (sh.pc[i] - plane_val(&sh, i, a)) / den;
                if (fabs(ti - t0) > tol || edge_internal(m, &sh, i)) continue;
                sum = v2_add(sum, v2_norm(sh.pn[i]));
            }
        }
    if (v2_len2(sum) == 0) return v2_scale(d, -1.0 / len);
    return v2_norm(sum);
}

// First t in the solid for a line lying exactly on a grid line (axis 0:
// horizontal at y = a.y, 1: vertical at x = a.x). There the union's interior
// is the stretches where the tiles on both sides fill the shared side.
static double cast_gridline(const Tilemap *m, Vec2 a, Vec2 b, int axis) {
    double s = m->tile;
    double u0 = axis == 0 ? a.x : a.y, u1 = axis == 0 ? b.x : b.y;
    int line = (int)((axis == 0 ? a.y : a.x) / s);
    int dir = u1 > u0 ? 1 : -1;
    int c = dir > 0 ? (int)floor(u0 / s) : (int)ceil(u0 / s) - 1;
    int limit = (axis == 0 ? m->w : m->h) + 2;
    for (int n = 0; n <= limit; n++, c += dir) {
        double start = dir > 0 ? (double)c * s : (double)(c + 1) * s;
        if (dir > 0 ? start > u1 : start < u1) break;
        Tile t1 = axis == 0 ? tilemap_at(m, c, line - 1) : tilemap_at(m, line - 1, c);
        Tile t2 = axis == 0 ? tilemap_at(m, c, line) : tilemap_at(m, line, c);
        bool full = axis == 0 ? full_side(t1, SIDE_BOTTOM) && full_side(t2, SIDE_TOP)
                              : full_side(t1, SIDE_RIGHT) && full_side(t2, SIDE_LEFT);
        if (full) {
            double hu = dir > 0 ? dm_fmax(u0, start) : dm_fmin(u0, start);
            return (hu - u0) / (u1 - u0);
        }
    }
    return INFINITY;
}

// First t of the line through a, b (t in [0,1]) where it passes into the
// interior of a shape, walking the cells it crosses (Amanatides-Woo DDA).
static double cast_dda(const Tilemap *m, Vec2 a, Vec2 b, double len) {
    double s = m->tile;
    Vec2 d = v2_sub(b, a);
    int sx = d.x > 0 ? 1 : d.x < 0 ? -1 : 0, sy = d.y > 0 ? 1 : d.y < 0 ? -1 : 0;
    double fc = floor(a.x / s), fr = floor(a.y / s);
    int col = (int)fc, row = (int)fr;
    if (sx < 0 && fc * s == a.x) col--;       // on a border moving back:
    if (sy < 0 && fr * s == a.y) row--;       // start in the cell behind it
    double best = INFINITY, t_cell = 0;
    double depth_t = CAST_DEPTH_PX / len;
    int limit = 2 * (m->w + m->h) + 8;
    for (int n = 0; n < limit && t_cell <= dm_fmin(1.0, best); n++) {
        Shape sh;
        Tile tile = tilemap_at(m, col, row);
        if (tile != TILE_EMPTY && shape_of(tile, col, row, m->tile, &sh)) {
            double t0, t1;
            int enter;
            if (shape_clip(&sh, a, d, &t0, &t1, &enter) && t1 - t0 > 2 * depth_t && t0 <= 1 && t1 > 0) {
                Vec2 mid = v2_add(a, v2_scale(d, 0.5 * (t0 + t1)));
                if (shape_deep(&sh, mid, CAST_DEPTH_PX) && dm_fmax(t0, 0.0) < best) best = dm_fmax(t0, 0.0);
            }
        }
        if (col < -1 || row < -1 || col > m->w || row > m->h) break;   // left the map: rock
        double tx = sx ? (((double)col + (sx > 0)) * s - a.x) / d.x : INFINITY;
        double ty = sy ? (((double)row + (sy > 0)) * s - a.y) / d.y : INFINITY;
        if (tx < ty) {
            col += sx;
            t_cell = tx;
        } else if (ty < tx) {
            row += sy;
            t_cell = ty;
        } else {                               // through a grid corner
            col += sx;
            row += sy;
            t_cell = tx;
        }
    }
    return best;
}

bool tilemap_segment_box_open(const Tilemap *m, Vec2 a, Vec2 b) {
    double s = m->tile, inv = 1.0 / s;
    if (!(a.x > 0 && a.y > 0 && a.x < (double)m->w * s && a.y < (double)m->h * s)) return false;   // NaN too
    double dx = b.x - a.x, dy = b.y - a.y;
    // Up to 4 tiles: the cells whose closed box meets the bounding box (a
    // low end exactly on a grid line also takes the cell before it, as
    // cells_at and the DDA do).
    if (!(fabs(dx) <= 4 * s && fabs(dy) <= 4 * s) || !(b.x > 0 && b.y > 0)) return false;
    double x0 = a.x < b.x ? a.x : b.x, x1 = a.x < b.x ? b.x : a.x;
    double y0 = a.y < b.y ? a.y : b.y, y1 = a.y < b.y ? b.y : a.y;
    int c0 = tilemap_cell_floor(x0, s, inv), r0 = tilemap_cell_floor(y0, s, inv), c1 = tilemap_cell_floor(x1, s, inv), r1 = tilemap_cell_floor(y1, s, inv);
    c0 -= c0 * s == x0;
    r0 -= r0 * s == y0;
    if (c0 < 0 || r0 < 0 || c1 >= m->w || r1 >= m->h) return false;
    for (int r = r0; r <= r1; r++) {
        const uint8_t *row = m->cells + (size_t)r * m->w;
        for (int c = c0; c <= c1; c++)
            if (row[c] != TILE_EMPTY) return false;
    }
    return true;
}

int tilemap_empty_rings(const Tilemap *m, Vec2 p, int max_k) {
    double s = m->tile, inv = 1.0 / s;
    if (!(p.x >= 0 && p.y >= 0 && p.x < (double)m->w * s && p.y < (double)m->h * s)) return -1;   // NaN too
    int c = tilemap_cell_floor(p.x, s, inv), r = tilemap_cell_floor(p.y, s, inv);
    if (m->cells[(size_t)r * m->w + c] != TILE_EMPTY) return -1;
    for (int k = 1; k <= max_k; k++) {
        if (c - k < 0 || r - k < 0 || c + k >= m->w || r + k >= m->h) return k - 1;
        const uint8_t *top = m->cells + (size_t)(r - k) * m->w, *bottom = m->cells + (size_t)(r + k) * m->w;
        for (int x = c - k; x <= c + k; x++)
            if (top[x] != TILE_EMPTY || bottom[x] != TILE_EMPTY) return k - 1;
        for (int y = r - k + 1; y < r + k; y++) {
            const uint8_t *row = m->cells + (size_t)y * m->w;
            if (row[c - k] != TILE_EMPTY || row[c + k] != TILE_EMPTY) return k - 1;
        }
    }
    return max_k;
}

bool tilemap_cast(const Tilemap *m, Vec2 a, Vec2 b, TileHit *out) {
    memset(out, 0, sizeof *out);
    out->point = b;
    out->t = 1;
    if (!finite2(a) || !finite2(b)) return false;
    Vec2 d = v2_sub(b, a);
    double len = safe_len(d), scale = 1.0;
    if (len > MAX_TRAVEL_PX) {                 // cut, and map t back at the end
        scale = MAX_TRAVEL_PX / len;
        d = v2(d.x * scale, d.y * scale);
        b = v2_add(a, d);
        len = safe_len(d);
    }
    out->dist = len / scale;
    if (scale == 1.0 && tilemap_segment_open(m, a, b)) return false;
    if (point_interior(m, a)) {
        out->hit = out->inside = true;
        out->t = 0;
        out->dist = 0;
        out->point = a;
        out->normal = len > 0 ? v2_scale(d, -1.0 / len) : v2(0, -1);
        return true;
    }
    if (!(len > 0)) return false;
    double s = m->tile, t;
    if (d.y == 0 && fmod(a.y, s) == 0) t = cast_gridline(m, a, b, 0);
    else if (d.x == 0 && fmod(a.x, s) == 0) t = cast_gridline(m, a, b, 1);
    else t = cast_dda(m, a, b, len);
    if (!(t <= 1)) return false;
    out->hit = true;
    out->t = t * scale;
    out->dist = t * len;
    out->point = v2_add(a, v2_scale(d, t));
    out->normal = cast_normal(m, a, d, len, t);
    return true;
}

// ----------------------------------------------------------- swept circle

static void interval_merge(double a0, double a1, double *lo, double *hi) {
    if (a0 < *lo) *lo = a0;
    if (a1 > *hi) *hi = a1;
}

// Interval of the line c + t*d inside the disc of radius R around p.
static bool line_disc(Vec2 c, Vec2 d, Vec2 p, double R, double *t0, double *t1) {
    Vec2 f = v2_sub(c, p);
    double A = v2_dot(d, d), B = v2_dot(d, f), C = v2_dot(f, f) - R * R;
    double disc = B * B - A * C;
    if (disc < 0) return false;
    double sq = sqrt(disc);
    *t0 = (-B - sq) / A;
    *t1 = (-B + sq) / A;
    return true;
}

// Interval of the line c + t*d (d != 0) within distance R of the shape:
// the union of its intervals in each edge's capsule (convex, so one interval).
static bool line_rounded(const Shape *sh, Vec2 c, Vec2 d, double R, double *t0, double *t1) {
    double lo = INFINITY, hi = -INFINITY;
    for (int i = 0; i < sh->n; i++) {
        double a0, a1;
        if (line_disc(c, d, sh->a[i], R, &a0, &a1)) interval_merge(a0, a1, &lo, &hi);
        // the edge's slab: along u within [0, L], across within R
        Vec2 e = v2_sub(sh->b[i], sh->a[i]);
        double L = v2_len(e);
        Vec2 u = v2_scale(e, 1.0 / L), nn = v2_perp(u);
        Vec2 rel = v2_sub(c, sh->a[i]);
        double pu[2] = {v2_dot(rel, u), v2_dot(rel, nn)}, du[2] = {v2_dot(d, u), v2_dot(d, nn)};
        double bmin[2] = {0, -R}, bmax[2] = {L, R};
        double s0 = -INFINITY, s1 = INFINITY;
        bool ok = true;
        for (int k = 0; k < 2 && ok; k++) {
            if (du[k] == 0) {
                if (pu[k] < bmin[k] || pu[k] > bmax[k]) ok = false;
                continue;
            }
            double ta = (bmin[k] - pu[k]) / du[k], tb = (bmax[k] - pu[k]) / du[k];
            if (ta > tb) {
                double tmp = ta;
                ta = tb;
                tb = tmp;
            }
            s0 = dm_fmax(s0, ta);
            s1 = dm_fmin(s1, tb);
        }
        if (ok && s0 <= s1) interval_merge(s0, s1, &lo, &hi);
    }
    *t0 = lo;
    *t1 = hi;
    return lo <= hi;
}

bool tilemap_sweep_circle(const Tilemap *m, Vec2 p, double r, Vec2 delta, TileHit *out) {
    memset(out, 0, sizeof *out);
    out->point = p;
    if (!finite2(p) || !finite2(delta) || !isfinite(r)) return false;
    if (r <= 0) {
        bool hit = tilemap_cast(m, p, v2_add(p, delta), out);
        if (!hit && v2_len2(delta) == 0) out->t = 1;
        return hit;
    }
    double len = safe_len(delta), scale = 1.0;
    out->t = 1;
    out->dist = len;
    out->point = v2_add(p, delta);
    if (len > MAX_TRAVEL_PX) {                 // cut, and map t back at the end
        scale = MAX_TRAVEL_PX / len;
        delta = v2(delta.x * scale, delta.y * scale);
        len = safe_len(delta);
    }
    if (tilemap_point_solid(m, p)) {           // centre in rock: the way out
        Vec2 q, n;
        tilemap_signed_distance(m, p, r, &q, &n);
        out->hit = out->inside = true;
        out->t = 0;
        out->dist = 0;
        out->point = p;
        out->normal = n;
        return true;
    }
    if (len == 0) return false;
    double tol = dm_fmin(SWEEP_TOL_PX, 0.5 * r);
    double deep = r - tol, reach = r + SWEEP_SKIN_PX;
    double s = m->tile;
    // Visit the cells within reach of the path, column by column.
    double xa = dm_fmin(p.x, p.x + delta.x) - reach, xb = dm_fmax(p.x, p.x + delta.x) + reach;
    int ca = clampi(floor(xa / s), -1, m->w + 1), cb = clampi(floor(xb / s), -2, m->w);
    double best = INFINITY;
    Vec2 nsum = v2(0, 0);
    double ttol = CAST_EPS_PX / len;
    for (int c = ca; c <= cb; c++) {
        double ta = 0, tb = 1;
        if (delta.x != 0) {
            double u0 = ((double)c * s - reach - p.x) / delta.x, u1 = ((double)(c + 1) * s + reach - p.x) / delta.x;
            ta = dm_fmax(0.0, dm_fmin(u0, u1));
            tb = dm_fmin(1.0, dm_fmax(u0, u1));
            if (ta > tb) continue;
        }
        double ya = dm_fmin(p.y + delta.y * ta, p.y + delta.y * tb) - reach;
        double yb = dm_fmax(p.y + delta.y * ta, p.y + delta.y * tb) + reach;
        int ra = clampi(floor(ya / s), -1, m->h + 1), rb = clampi(floor(yb / s), -2, m->h);
        for (int row = ra; row <= rb; row++) {
            Shape sh;
            if (!shape_of(tilemap_at(m, c, row), c, row, m->tile, &sh)) continue;
            Vec2 q0;
            double f0 = shape_dist(&sh, p, &q0);
            double t;
            if (f0 <= deep) {
                // already overlapping: stop only when moving deeper into it
                if (v2_dot(delta, v2_sub(p, q0)) >= 0) continue;
                t = 0;
            } else {
                double a0, a1, b0, b1;
                if (!line_rounded(&sh, p, delta, deep, &a0, &a1) || a0 > 1 || a1 < 0) continue;
                if (!line_rounded(&sh, p, delta, reach, &b0, &b1)) continue;
                t = dm_fmax(0.0, dm_fmin(b0, a0));
            }
            if (t > best + ttol) continue;
            Vec2 ct = v2_add(p, v2_scale(delta, t)), qt;
            double ft = shape_dist(&sh, ct, &qt);
            Vec2 n = ft > 0 ? v2_scale(v2_sub(ct, qt), 1.0 / ft) : v2_scale(delta, -1.0 / len);
            if (t < best - ttol) nsum = n;
            else nsum = v2_add(nsum, n);
            if (t < best) best = t;
        }
    }
    if (!(best <= 1)) return false;
    out->hit = true;
    out->t = best * scale;
    out->dist = best * len;
    out->point = v2_add(p, v2_scale(delta, best));
    out->normal = v2_len2(nsum) > 0 ? v2_norm(nsum) : v2_scale(delta, -1.0 / len);
    return true;
}
