// tilemap_local.h -- what tilemap.c (cells, point tests, the nearest
// surface) and tilemap_cast.c (the segment cast, the swept circle) share:
// the tiles' shapes and the exact arithmetic on them. Not for other files.
#pragma once
#include <math.h>
#include <stdbool.h>

#include "core/dmath.h"
#include "sim/map/tilemap.h"

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

// ---------------------------------------------------------------- shapes

static inline void shape_edge(Shape *sh, Vec2 a, Vec2 b, Vec2 n, int side) {
    int i = sh->n++;
    sh->a[i] = a;
    sh->b[i] = b;
    sh->pn[i] = n;
    sh->pc[i] = n.x * a.x + n.y * a.y;
    sh->side[i] = side;
}

// The polygon a tile of kind t fills in cell (col,row); false for empty.
static inline bool shape_of(Tile t, int col, int row, int s, Shape *sh) {
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
static inline Tile complement(Tile t) {
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
static inline bool full_side(Tile t, int side) {
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
static inline bool edge_internal(const Tilemap *m, const Shape *sh, int i) {
    switch (sh->side[i]) {
    case SIDE_LEFT: return full_side(tilemap_at(m, sh->col - 1, sh->row), SIDE_RIGHT);
    case SIDE_RIGHT: return full_side(tilemap_at(m, sh->col + 1, sh->row), SIDE_LEFT);
    case SIDE_TOP: return full_side(tilemap_at(m, sh->col, sh->row - 1), SIDE_BOTTOM);
    case SIDE_BOTTOM: return full_side(tilemap_at(m, sh->col, sh->row + 1), SIDE_TOP);
    default: return false;
    }
}

static inline double plane_val(const Shape *sh, int i, Vec2 p) { return sh->pn[i].x * p.x + sh->pn[i].y * p.y; }

static inline bool shape_contains(const Shape *sh, Vec2 p) {
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
static inline double shape_dist(const Shape *sh, Vec2 p, Vec2 *q) {
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
static inline bool box_contains(double x0, double y0, double x1, double y1, Vec2 p) {
    return p.x >= x0 && p.x <= x1 && p.y >= y0 && p.y <= y1;
}

static inline double box_dist(int col, int row, int s, Vec2 p, Vec2 *q) {
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
static inline bool shape_clip(const Shape *sh, Vec2 a, Vec2 d, double *t0, double *t1, int *enter) {
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
static inline bool shape_deep(const Shape *sh, Vec2 p, double depth) {
    for (int i = 0; i < sh->n; i++) {
        double nl = sh->pn[i].x != 0 && sh->pn[i].y != 0 ? 1.0 / DM_SQRT1_2 : 1.0;
        if (sh->pc[i] - plane_val(sh, i, p) < depth * nl) return false;
    }
    return true;
}

// ------------------------------------------------------------ point tests

static inline bool finite2(Vec2 p) { return isfinite(p.x) && isfinite(p.y); }

// A cell index from a coordinate quotient, clamped (NaN gives lo).
static inline int clampi(double v, int lo, int hi) {
    if (!(v >= lo)) return lo;
    if (v > hi) return hi;
    return (int)v;
}

// |d| without overflow for huge components; only IEEE-exact operations
// (hypot may round differently between C libraries, and replays must not).
static inline double safe_len(Vec2 d) {
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
static inline void cells_at(const Tilemap *m, Vec2 p, int *c0, int *c1, int *r0, int *r1) {
    double s = m->tile;
    double fc = floor(p.x / s), fr = floor(p.y / s);
    *c0 = *c1 = (int)fc;
    *r0 = *r1 = (int)fr;
    if (fc * s == p.x) *c0 -= 1;
    if (fr * s == p.y) *r0 -= 1;
}

static inline bool outside_rect(const Tilemap *m, Vec2 p) {
    double W = (double)m->w * m->tile, H = (double)m->h * m->tile;
    return !(p.x >= 0 && p.y >= 0 && p.x <= W && p.y <= H);
}

// Is p in the open interior of the solid union (a small disc around it is
// solid)? Equivalently: no empty part's closure contains p (tilemap.c).
bool tilemap_point_interior(const Tilemap *m, Vec2 p);
