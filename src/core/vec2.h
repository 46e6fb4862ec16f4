// vec2.h -- 2D vectors in double precision for the simulation.
// Header-only; every function is pure. sqrt is allowed in sim/ (IEEE exact).
#pragma once
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "core/fields.h"

// Its state in hash order (core/fields.h).
#define VEC2_FIELDS(X)     \
    X(VAL, double, x, "") \
    X(VAL, double, y, "")
typedef struct Vec2 {
    FIELDS_MEMBERS(VEC2_FIELDS)
} Vec2;

// The walk of the table, and a Vec2 value as the field tables hash it (x then y).
static inline void fields_hash_vec2(Hash *h, Vec2 v);
static inline FIELDS_HASH_FN(void vec2_hash, Vec2, VEC2_FIELDS)
static inline void fields_hash_vec2(Hash *h, Vec2 v) { vec2_hash(&v, h); }

static inline Vec2 v2(double x, double y) { return (Vec2){x, y}; }
static inline Vec2 v2_add(Vec2 a, Vec2 b) { return v2(a.x + b.x, a.y + b.y); }
static inline Vec2 v2_sub(Vec2 a, Vec2 b) { return v2(a.x - b.x, a.y - b.y); }
static inline Vec2 v2_scale(Vec2 a, double s) { return v2(a.x * s, a.y * s); }
static inline double v2_dot(Vec2 a, Vec2 b) { return a.x * b.x + a.y * b.y; }
// z of the 3D cross product: > 0 when b is clockwise of a on screen (y down).
static inline double v2_cross(Vec2 a, Vec2 b) { return a.x * b.y - a.y * b.x; }
static inline double v2_len2(Vec2 a) { return v2_dot(a, a); }
static inline double v2_len(Vec2 a) { return sqrt(v2_len2(a)); }
static inline double v2_dist(Vec2 a, Vec2 b) { return v2_len(v2_sub(a, b)); }
// Perpendicular, rotated +90 degrees in y-down screen space.
static inline Vec2 v2_perp(Vec2 a) { return v2(-a.y, a.x); }
// a turned by the angle whose sine and cosine are s and c (clockwise on
// screen for a positive angle, y down; v2_rotate_sc(a, -s, c) turns back).
static inline Vec2 v2_rotate_sc(Vec2 a, double s, double c) { return v2(a.x * c - a.y * s, a.x * s + a.y * c); }
// The same bits (not ==: -0 and 0 differ, a NaN is itself), without
// memcmp's library call.
static inline bool v2_same_bits(Vec2 a, Vec2 b) {
    uint64_t u[2], v[2];
    memcpy(u, &a, sizeof u);
    memcpy(v, &b, sizeof v);
    return u[0] == v[0] && u[1] == v[1];
}
// Both coordinates finite (no NaN, no infinity): where a body may be.
static inline bool v2_finite(Vec2 a) { return isfinite(a.x) && isfinite(a.y); }
static inline Vec2 v2_lerp(Vec2 a, Vec2 b, double t) {
    return v2(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t);
}
// An axis-aligned box, px: x0 <= x1, y0 <= y1 (broad phases: bounds first).
typedef struct Box {
    double x0, y0, x1, y1;
} Box;

// The box round a disc of radius r at p.
static inline Box box_around(Vec2 p, double r) { return (Box){p.x - r, p.y - r, p.x + r, p.y + r}; }
// Grows *b to hold o too.
// (Written as selects, which compile to minsd/maxsd with exactly these
// semantics, NaN and signed zeros included: no branches to mispredict.)
static inline void box_add(Box *b, Box o) {
    b->x0 = o.x0 < b->x0 ? o.x0 : b->x0;
    b->y0 = o.y0 < b->y0 ? o.y0 : b->y0;
    b->x1 = o.x1 > b->x1 ? o.x1 : b->x1;
    b->y1 = o.y1 > b->y1 ? o.y1 : b->y1;
}
// Do the closed boxes meet?
static inline bool box_overlap(Box a, Box b) { return a.x0 <= b.x1 && b.x0 <= a.x1 && a.y0 <= b.y1 && b.y0 <= a.y1; }

// Unit vector along a; (0,0) stays (0,0) instead of becoming NaN.
static inline Vec2 v2_norm(Vec2 a) {
    double l = v2_len(a);
    return l > 0.0 ? v2_scale(a, 1.0 / l) : v2(0.0, 0.0);
}
