// dmath.h -- deterministic trigonometry for the simulation.
// libm's sin/cos/atan2 may differ between C libraries and builds; these use
// only + - * / and sqrt, so with -ffp-contract=off they give the same bits on
// every IEEE-754 machine. Error bounds are stated per function and checked
// against libm in tests/unit/test_dmath.c.
#pragma once

#define DM_PI 3.14159265358979323846
#define DM_TAU 6.28318530717958647692
#define DM_SQRT1_2 0.70710678118654752440   // 1/sqrt(2) = cos(pi/4): 45-degree unit vectors

// sin and cos of x radians, |x| < 1.6e6 (three-part Cody-Waite reduction).
// Absolute error against libm <= 1e-15 (measured: 2.3e-16).
double dm_sin(double x);
double dm_cos(double x);
// Both at once (same values as dm_sin/dm_cos).
void dm_sincos(double x, double *s, double *c);
// dm_sincos of four angles at once: the same bits, with AVX2 (x86-64
// processors that have it) about the time of one.
void dm_sincos4(const double x[4], double s[4], double c[4]);
// atan2(y, x) in (-pi, pi]; dm_atan2(0, 0) is 0. Absolute error <= 1e-15.
double dm_atan2(double y, double x);
// x wrapped into [-pi, pi). Keeps accumulated angles bounded.
double dm_wrap(double x);
// x wrapped into [0, 2*pi).
double dm_wrap_pos(double x);
// fmax and fmin, inline (libm's are calls, and the simulation's geometry
// asks for them by the million): a NaN argument gives the other; a tie
// (+0 and -0) gives the first, as glibc does (musl would give +0 for
// fmax), so every build agrees. That is `a >= b || b != b ? a : b`,
// written so that past the (rare, predictable) NaN test the compiler can
// select without a branch (x86's maxsd/minsd are exactly `b > a ? b : a`
// and `b < a ? b : a`): the comparisons the geometry makes are coin flips,
// and mispredicted branches cost more than the arithmetic. Same bits, NaN
// payloads included (tests/unit/test_dmath.c).
static inline double dm_fmax(double a, double b) { return a != a && b == b ? b : (b > a ? b : a); }
static inline double dm_fmin(double a, double b) { return a != a && b == b ? b : (b < a ? b : a); }
