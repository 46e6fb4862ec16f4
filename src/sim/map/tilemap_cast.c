// tilemap_cast.c -- the segment cast (a DDA over the cells, exact against
// the tile shapes of tilemap_local.h) and the swept circle, over the union
// of the tiles: seams between touching tiles are never surfaces.
#include <math.h>
#include <string.h>

#include "core/dmath.h"
#include "sim/map/tilemap.h"
#include "sim/map/tilemap_local.h"

// A cast's hit t and a candidate's normal are "the same" within this many px.
#define CAST_EPS_PX 1e-6
// A segment must pass at least this deep into a shape to hit it (grazing).
#define CAST_DEPTH_PX 1e-9
// Swept circles: a shape stops the circle only when the path would overlap
// it by more than SWEEP_TOL_PX; the circle stops SWEEP_SKIN_PX short of touch.
#define SWEEP_TOL_PX 1e-3
#define SWEEP_SKIN_PX 1e-4

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
    if (tilemap_point_interior(m, a)) {
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
            Vec2 q0 = p;
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
            Vec2 ct = v2_add(p, v2_scale(delta, t)), qt = ct;
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
