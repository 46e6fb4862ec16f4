// vec2.h -- 2D vectors in double precision for the simulation.
// Header-only; every function is pure. sqrt is allowed in sim/ (IEEE exact).
#pragma once
#include <math.h>

typedef struct Vec2 {
    double x, y;
} Vec2;

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
static inline Vec2 v2_lerp(Vec2 a, Vec2 b, double t) {
    return v2(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t);
}
// Unit vector along a; (0,0) stays (0,0) instead of becoming NaN.
static inline Vec2 v2_norm(Vec2 a) {
    double l = v2_len(a);
    return l > 0.0 ? v2_scale(a, 1.0 / l) : v2(0.0, 0.0);
}
