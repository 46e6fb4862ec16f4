// whale_body.c -- the whale shark's body: the follow-the-leader chain with
// its bend limit, a hit's shudder and the self-avoidance that keeps it off
// itself; the parts' outlines (as drawn) and the distances between them
// (whale.self_gap), the spacing and bend measures. whale.c moves the head.
#include <math.h>

#include "core/dmath.h"
#include "sim/creatures/whale_local.h"

// The direction u turned toward (or onto) the direction ref, so that the
// two meet at no more than max_rad (both unit vectors).
static Vec2 within(Vec2 u, Vec2 ref, double max_rad) {
    double ang = dm_atan2(ref.x * u.y - ref.y * u.x, v2_dot(ref, u));
    if (fabs(ang) <= max_rad) return u;
    double s, co;
    dm_sincos(ang > 0.0 ? max_rad : -max_rad, &s, &co);
    return v2(ref.x * co - ref.y * s, ref.x * s + ref.y * co);
}

static double poly_gap(const Vec2 *a, int na, const Vec2 *b, int nb);

// The shudder's turn of segment i now, rad: a damped wave running down the
// body from the head (whale.h); 0 before it reaches i and once it is over.
static double shudder_turn(const Whale *c, int i) {
    if (c->shudder_amp <= 0.0) return 0.0;
    double t = c->shudder_ticks, s, co;
    if (WHALE_SHUDDER_OMEGA * t < WHALE_SHUDDER_K * i) return 0.0;       // not there yet
    dm_sincos(WHALE_SHUDDER_OMEGA * t - WHALE_SHUDDER_K * i, &s, &co);
    return c->shudder_amp * s;
}

// A circle holding the n corners: their mean and the farthest corner's
// distance from it.
static double enclose(const Vec2 *p, int n, Vec2 *centre) {
    Vec2 m = v2(0.0, 0.0);
    for (int k = 0; k < n; k++) m = v2_add(m, p[k]);
    m = v2_scale(m, 1.0 / n);
    double r = 0.0;
    for (int k = 0; k < n; k++) r = dm_fmax(r, v2_dist(m, p[k]));
    *centre = m;
    return r;
}

// The smallest gap between the outline of part i and those of the parts
// ahead of it that are not its neighbours (their places final this tick).
// (Two parts whose outlines' enclosing circles stand WHALE_GAP_KEEP_PX
// apart are not measured further: the circles' gap is a lower bound, and
// every decision only asks whether the gap reaches the keep distance, so
// the answers are the same, at a fraction of the cost.)
static double gap_ahead(const Whale *c, int i) {
    Vec2 me[4], other[4], mc, oc;
    int n = whale_part_outline(c, i, me);
    double mr = enclose(me, n, &mc), gap = INFINITY;
    for (int j = 0; j + 2 <= i; j++) {
        int m = whale_part_outline(c, j, other);
        double orr = enclose(other, m, &oc), lower = v2_dist(mc, oc) - mr - orr;
        gap = dm_fmin(gap, lower >= WHALE_GAP_KEEP_PX * c->size ? lower : poly_gap(me, n, other, m));
    }
    return gap;
}

// The direction dir turned toward ref by the fraction t of the angle
// between them (t = 1: ref).
static Vec2 toward(Vec2 dir, Vec2 ref, double t) {
    double ang = dm_atan2(ref.x * dir.y - ref.y * dir.x, v2_dot(ref, dir)) * (1.0 - t);
    double s, co;
    dm_sincos(ang, &s, &co);
    return v2(ref.x * co - ref.y * s, ref.x * s + ref.y * co);
}

// When even the straight continuation of the segment ahead (back) leaves
// part i too close to a part ahead (the head come round to the tail), the
// segment bends the other way: the first of the bends from straight to
// WHALE_BEND_MAX_RAD on the side away from dir that keeps the gap, then on
// dir's side (the tail fin, a hinge, to WHALE_TAIL_BEND_MAX_RAD), else the
// one with the widest gap. Leaves c->seg[i] placed; returns its direction.
static Vec2 other_side(Whale *c, int i, Vec2 target, Vec2 dir, Vec2 back) {
    double side = back.x * dir.y - back.y * dir.x > 0.0 ? -1.0 : 1.0;
    double lim = i == WHALE_SEGMENTS - 1 ? WHALE_TAIL_BEND_MAX_RAD : WHALE_BEND_MAX_RAD;
    Vec2 best = back;
    double best_gap = gap_ahead(c, i);
    for (int k = 1; k <= 16; k++) {
        double s, co;
        dm_sincos((k <= 8 ? side * k : -side * (k - 8)) * lim / 8.0, &s, &co);
        Vec2 d = v2(back.x * co - back.y * s, back.x * s + back.y * co);
        c->seg[i] = v2_add(target, v2_scale(d, c->seg_len[i]));
        double g = gap_ahead(c, i);
        if (g > best_gap) {
            best = d;
            best_gap = g;
        }
        if (g >= WHALE_GAP_KEEP_PX * c->size) break;
    }
    c->seg[i] = v2_add(target, v2_scale(best, c->seg_len[i]));
    return best;
}

// Places every segment exactly its rest length behind its target, along the
// line from the target back to where the segment is now, but turned so that
// it meets the segment ahead (segment 0: the head's heading) at no more than
// WHALE_BEND_MAX_RAD; a segment sitting on its target keeps the heading of
// the one ahead. A segment whose outline would come within
// WHALE_GAP_KEEP_PX of a part ahead of it that is not its neighbour (a
// body curling onto itself) bends less: it is turned toward the straight
// continuation of the segment ahead, just as far as keeps the gap
// (bisection), so the body is pushed round itself instead of through.
void whale_follow(Whale *c) {
    Vec2 target = c->pos;
    Vec2 back = v2_scale(v2_norm(c->vel), -1.0);
    bool has_back = back.x != 0.0 || back.y != 0.0;
    // Dead (sinking, or at rest with no velocity), the head has no heading
    // of its own: the body's own first segment is its back, so the bend
    // limit and the gap still hold and the fallen body never folds.
    Vec2 first = v2_sub(c->seg[0], c->pos);
    double first_len = v2_len(first);
    if (!c->alive && first_len > 1e-9) {
        back = v2_scale(first, 1.0 / first_len);
        has_back = true;
    }
    for (int i = 0; i < WHALE_SEGMENTS; i++) {
        Vec2 d = v2_sub(c->seg[i], target);
        double len = v2_len(d);
        Vec2 dir = len > 1e-9 ? v2_scale(d, 1.0 / len) : back;
        if (c->shudder_amp > 0.0 || c->shudder_applied[i] != 0.0) {   // a hit's wave: this tick's turn less the last's
            double want = shudder_turn(c, i), s, co;
            dm_sincos(want - c->shudder_applied[i], &s, &co);
            dir = v2(dir.x * co - dir.y * s, dir.x * s + dir.y * co);
            c->shudder_applied[i] = want;
        }
        if (has_back) dir = within(dir, back, WHALE_BEND_MAX_RAD);
        c->seg[i] = v2_add(target, v2_scale(dir, c->seg_len[i]));
        if (i >= 2 && has_back && gap_ahead(c, i) < WHALE_GAP_KEEP_PX * c->size) {
            c->seg[i] = v2_add(target, v2_scale(back, c->seg_len[i]));
            if (gap_ahead(c, i) >= WHALE_GAP_KEEP_PX * c->size) {
                double lo = 0.0, hi = 1.0;                 // lo too bent, hi keeps the gap
                for (int k = 0; k < 12; k++) {
                    double mid = 0.5 * (lo + hi);
                    c->seg[i] = v2_add(target, v2_scale(toward(dir, back, mid), c->seg_len[i]));
                    if (gap_ahead(c, i) >= WHALE_GAP_KEEP_PX * c->size) hi = mid;
                    else lo = mid;
                }
                dir = toward(dir, back, hi);
            } else {
                dir = other_side(c, i, target, dir, back);
            }
            c->seg[i] = v2_add(target, v2_scale(dir, c->seg_len[i]));
        }
        back = dir;
        target = c->seg[i];
    }
}

double whale_link_error(const Whale *c) {
    double worst = 0.0;
    Vec2 target = c->pos;
    for (int i = 0; i < WHALE_SEGMENTS; i++) {
        double e = fabs(v2_dist(c->seg[i], target) - c->seg_len[i]);
        if (e > worst) worst = e;
        target = c->seg[i];
    }
    return worst;
}

double whale_bend(const Whale *c) {
    double worst = 0.0;
    Vec2 ahead = v2_norm(c->vel), front = c->pos;     // the head's heading first
    if (!c->alive) ahead = v2_norm(v2_sub(c->pos, c->seg[0]));   // dead: no heading, the body's own (whale_follow)
    for (int i = 0; i < WHALE_SEGMENTS; i++) {
        Vec2 d = v2_sub(front, c->seg[i]);            // segment i, back to front
        if (v2_len(d) > 1e-9 && (ahead.x != 0.0 || ahead.y != 0.0))
            worst = dm_fmax(worst, fabs(dm_atan2(ahead.x * d.y - ahead.y * d.x, v2_dot(ahead, d))));
        ahead = d;
        front = c->seg[i];
    }
    return worst;
}

// The direction of part i (0 the head .. WHALE_SEGMENTS - 1 the tail), back
// to front; the head's heading for a part sitting on its front joint.
static Vec2 part_dir(const Whale *c, int i) {
    Vec2 front = i == 0 ? c->pos : c->seg[i - 1];
    Vec2 u = v2_norm(v2_sub(front, c->seg[i]));
    if (u.x == 0.0 && u.y == 0.0) u = v2_norm(c->vel);
    if (u.x == 0.0 && u.y == 0.0) u = v2(1.0, 0.0);
    return u;
}

// The mitre at a joint between directions a (ahead) and b: the unit normal
// along the line that halves the bend, scaled so that it reaches half_w
// from both parts' axes.
static Vec2 mitre(Vec2 a, Vec2 b, double half_w) {
    Vec2 m = v2_norm(v2_add(a, b));
    if (m.x == 0.0 && m.y == 0.0) m = b;
    double cosh = v2_dot(m, b);                        // cos(bend / 2), > 0 under the bend limit
    return v2_scale(v2_perp(m), half_w / (cosh > 0.25 ? cosh : 0.25));
}

int whale_part_outline(const Whale *c, int i, Vec2 out[4]) {
    Vec2 front = i == 0 ? c->pos : c->seg[i - 1], back = c->seg[i];
    Vec2 u = part_dir(c, i);
    double sz = c->size;
    if (i == WHALE_SEGMENTS - 1) {                     // the tail fin: a triangle
        Vec2 n = v2_perp(u);
        double span = 0.5 * c->width[WHALE_SEGMENTS];
        Vec2 b = v2_sub(back, v2_scale(u, WHALE_FIN_PX * sz));
        out[0] = v2_add(front, v2_scale(u, WHALE_FIN_PX * sz));
        out[1] = v2_add(b, v2_scale(n, span));
        out[2] = v2_sub(b, v2_scale(n, span));
        return 3;
    }
    Vec2 nf, nb = mitre(u, part_dir(c, i + 1), 0.5 * c->width[i + 1]);
    if (i == 0) {                                      // the snout, square to the heading
        front = v2_add(front, v2_scale(u, WHALE_SNOUT_PX * sz));
        nf = v2_scale(v2_perp(u), 0.5 * c->width[0] * WHALE_SNOUT_NARROW);
    } else {
        nf = mitre(part_dir(c, i - 1), u, 0.5 * c->width[i]);
    }
    out[0] = v2_add(front, nf);
    out[1] = v2_add(back, nb);
    out[2] = v2_sub(back, nb);
    out[3] = v2_sub(front, nf);
    return 4;
}

// Distance from p to the segment [a, b].
static double point_seg(Vec2 p, Vec2 a, Vec2 b) {
    Vec2 ab = v2_sub(b, a);
    double l2 = v2_len2(ab), t = l2 > 0.0 ? v2_dot(v2_sub(p, a), ab) / l2 : 0.0;
    t = t < 0.0 ? 0.0 : t > 1.0 ? 1.0 : t;
    return v2_dist(p, v2_add(a, v2_scale(ab, t)));
}

// The largest gap between the projections of a and b on the normals of a's
// edges (negative when every one overlaps).
static double axis_gap(const Vec2 *a, int na, const Vec2 *b, int nb) {
    double best = -INFINITY;
    for (int e = 0; e < na; e++) {
        Vec2 d = v2_sub(a[(e + 1) % na], a[e]);
        double l = v2_len(d);
        if (l <= 1e-12) continue;
        Vec2 n = v2_scale(v2_perp(d), 1.0 / l);
        double amin = INFINITY, amax = -INFINITY, bmin = INFINITY, bmax = -INFINITY;
        for (int k = 0; k < na; k++) {
            double x = v2_dot(a[k], n);
            amin = dm_fmin(amin, x);
            amax = dm_fmax(amax, x);
        }
        for (int k = 0; k < nb; k++) {
            double x = v2_dot(b[k], n);
            bmin = dm_fmin(bmin, x);
            bmax = dm_fmax(bmax, x);
        }
        best = dm_fmax(best, dm_fmax(bmin - amax, amin - bmax));
    }
    return best;
}

// Signed distance between two convex polygons: their distance apart, or
// minus the depth of the overlap (the separating axis theorem: the
// smallest push along an edge normal that parts them).
static double poly_gap(const Vec2 *a, int na, const Vec2 *b, int nb) {
    double sep = dm_fmax(axis_gap(a, na, b, nb), axis_gap(b, nb, a, na));
    if (sep < 0.0) return sep;
    double d = INFINITY;
    for (int k = 0; k < na; k++)
        for (int e = 0; e < nb; e++) d = dm_fmin(d, point_seg(a[k], b[e], b[(e + 1) % nb]));
    for (int k = 0; k < nb; k++)
        for (int e = 0; e < na; e++) d = dm_fmin(d, point_seg(b[k], a[e], a[(e + 1) % na]));
    return d;
}

double whale_self_gap(const Whale *c) {
    Vec2 poly[WHALE_SEGMENTS][4];
    int n[WHALE_SEGMENTS];
    for (int i = 0; i < WHALE_SEGMENTS; i++) n[i] = whale_part_outline(c, i, poly[i]);
    double gap = INFINITY;
    for (int i = 0; i < WHALE_SEGMENTS; i++)
        for (int j = i + 2; j < WHALE_SEGMENTS; j++) gap = dm_fmin(gap, poly_gap(poly[i], n[i], poly[j], n[j]));
    return gap;
}
