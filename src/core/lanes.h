// lanes.h -- four doubles as one value (F4) and a mask of four lanes (M4),
// for the few hot loops written once over them: the tentacles' chain passes
// (sim/creatures/tentacle_lanes.h) and the starfield's active stars
// (sim/background/starfield_lanes.h). One text, compiled once per back end
// this build has: scalar C (every build), SSE2 and AVX2 (x86-64), NEON
// (arm64) and SIMD128 (WebAssembly built with -msimd128).
//
// Every operation is IEEE lane by lane, so every back end gives the scalar
// one's bits (tests/unit/test_lanes.c checks each primitive on every back
// end the build can run; make check-aarch64 and make check-wasm run it on
// NEON and SIMD128): add, sub, mul, div and sqrt correctly rounded, no
// fused multiply-add (-ffp-contract=off); min and max are dmath's
// dm_fmin/dm_fmax (a NaN loses to a number, equal operands give the first,
// so -0 and +0 keep their order), never the processor's own (x86's minpd
// returns the second operand on a NaN, NEON's fmin the NaN); compares are
// ordered (false on a NaN; "not less or equal" is m4_not(f4_le(..))).
// Only NaN payloads may differ between processors (IEEE leaves them open),
// never between back ends on one processor.
//
// Using it: a file defines LANES_BK (scalar, sse2, avx2, neon or wasm)
// and includes its text, once per back end (#undef LANES_BK between); the
// text names the type F4, the operations f4_add ..., its own functions
// LN(name) (name_avx2 ...) declared LANES_FN (or LANES_INLINE), which adds
// what the back end needs (AVX2's target attribute on x86-64 builds that
// do not assume AVX2). lanes_best() (core/cpu.h) says which to run.
#pragma once
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "core/cpu.h"
#include "core/dmath.h"

#define LANES_CAT_(a, b) a##b
#define LANES_CAT(a, b) LANES_CAT_(a, b)

// A text's function: LN(reach) is reach_scalar, reach_avx2 ...
#define LN(name) LANES_CAT(name##_, LANES_BK)
#define LANES_FN LANES_CAT(LANES_FN_, LANES_BK)
#define LANES_INLINE LANES_CAT(LANES_INLINE_, LANES_BK)

// The operations, by the back end LANES_BK names where they are used.
#define F4 LANES_CAT(F4_, LANES_BK)                   // four doubles
#define M4 LANES_CAT(M4_, LANES_BK)                   // four lanes' truth
#define f4_set1 LANES_CAT(f4_set1_, LANES_BK)         // (double): every lane
#define f4_set LANES_CAT(f4_set_, LANES_BK)           // (l0, l1, l2, l3)
#define f4_load LANES_CAT(f4_load_, LANES_BK)         // (const double p[4])
#define f4_store LANES_CAT(f4_store_, LANES_BK)       // (double p[4], F4)
#define f4_add LANES_CAT(f4_add_, LANES_BK)
#define f4_sub LANES_CAT(f4_sub_, LANES_BK)
#define f4_mul LANES_CAT(f4_mul_, LANES_BK)
#define f4_div LANES_CAT(f4_div_, LANES_BK)
#define f4_sqrt LANES_CAT(f4_sqrt_, LANES_BK)
#define f4_neg LANES_CAT(f4_neg_, LANES_BK)           // the sign flipped (-x exactly, NaN too)
#define f4_min LANES_CAT(f4_min_, LANES_BK)           // dm_fmin lane by lane
#define f4_max LANES_CAT(f4_max_, LANES_BK)           // dm_fmax lane by lane
#define f4_trunc LANES_CAT(f4_trunc_, LANES_BK)       // toward zero, as trunc() (-0.5 gives -0)
#define f4_lt LANES_CAT(f4_lt_, LANES_BK)             // a < b, and so on: ordered
#define f4_le LANES_CAT(f4_le_, LANES_BK)
#define f4_gt LANES_CAT(f4_gt_, LANES_BK)
#define f4_ge LANES_CAT(f4_ge_, LANES_BK)
#define f4_eq LANES_CAT(f4_eq_, LANES_BK)
#define f4_select LANES_CAT(f4_select_, LANES_BK)     // (m, a, b): a where m, else b (the bits)
#define m4_and LANES_CAT(m4_and_, LANES_BK)
#define m4_or LANES_CAT(m4_or_, LANES_BK)
#define m4_andnot LANES_CAT(m4_andnot_, LANES_BK)     // (a, b): a and not b
#define m4_not LANES_CAT(m4_not_, LANES_BK)
#define m4_bits LANES_CAT(m4_bits_, LANES_BK)         // lane l true: bit l
// Conversions and transposed loads.
#define f4_to_f32 LANES_CAT(f4_to_f32_, LANES_BK)     // (F4, float out[4]): (float)x, nearest
#define f4_to_i32 LANES_CAT(f4_to_i32_, LANES_BK)     // (F4, int out[4]): (int)x; x in int's range
#define f4_f32 LANES_CAT(f4_f32_, LANES_BK)           // (double)(float)x: rounded to a float, kept a double
// (const double *p[4], F4 *x, F4 *y): x lane l = p[l][0], y = p[l][1].
#define f4_load_xy LANES_CAT(f4_load_xy_, LANES_BK)
// (double *p[4], F4 x, F4 y): the reverse, lane 3 first (lanes sharing a
// pointer: lane 0's values written last).
#define f4_store_xy LANES_CAT(f4_store_xy_, LANES_BK)
// (const float *p[4], F4 out[4]): out[i] lane l = (double)p[l][i], i < 4.
#define f4_load_f32x4 LANES_CAT(f4_load_f32x4_, LANES_BK)

static inline bool lanes_none(int bits) { return bits == 0; }
static inline bool lanes_all(int bits) { return bits == 0xF; }

// ---------------------------------------------------------------- scalar C
// The reference: a lane is a double, each operation the C operator.
#define LANES_FN_scalar static
#define LANES_INLINE_scalar static inline __attribute__((always_inline))
typedef struct F4_scalar {
    double v[4];
} F4_scalar;
typedef struct M4_scalar {
    bool b[4];
} M4_scalar;

// name_scalar(a[, b]): r, of type T, made lane by lane (l) by `lane`.
#define LANES_SCALAR1(name, T, lane)             \
    static inline T name##_scalar(F4_scalar a) { \
        T r;                                     \
        for (int l = 0; l < 4; l++) lane;        \
        return r;                                \
    }
#define LANES_SCALAR2(name, T, A, lane)          \
    static inline T name##_scalar(A a, A b) {    \
        T r;                                     \
        for (int l = 0; l < 4; l++) lane;        \
        return r;                                \
    }
static inline F4_scalar f4_set1_scalar(double x) { return (F4_scalar){{x, x, x, x}}; }
static inline F4_scalar f4_set_scalar(double a, double b, double c, double d) { return (F4_scalar){{a, b, c, d}}; }
static inline F4_scalar f4_load_scalar(const double p[4]) { return (F4_scalar){{p[0], p[1], p[2], p[3]}}; }
static inline void f4_store_scalar(double p[4], F4_scalar a) { memcpy(p, a.v, sizeof a.v); }
LANES_SCALAR2(f4_add, F4_scalar, F4_scalar, r.v[l] = a.v[l] + b.v[l])
LANES_SCALAR2(f4_sub, F4_scalar, F4_scalar, r.v[l] = a.v[l] - b.v[l])
LANES_SCALAR2(f4_mul, F4_scalar, F4_scalar, r.v[l] = a.v[l] * b.v[l])
LANES_SCALAR2(f4_div, F4_scalar, F4_scalar, r.v[l] = a.v[l] / b.v[l])
LANES_SCALAR1(f4_sqrt, F4_scalar, r.v[l] = __builtin_sqrt(a.v[l]))
LANES_SCALAR1(f4_neg, F4_scalar, r.v[l] = -a.v[l])
LANES_SCALAR2(f4_min, F4_scalar, F4_scalar, r.v[l] = dm_fmin(a.v[l], b.v[l]))
LANES_SCALAR2(f4_max, F4_scalar, F4_scalar, r.v[l] = dm_fmax(a.v[l], b.v[l]))
LANES_SCALAR1(f4_trunc, F4_scalar, r.v[l] = __builtin_trunc(a.v[l]))
LANES_SCALAR1(f4_f32, F4_scalar, r.v[l] = (double)(float)a.v[l])
LANES_SCALAR2(f4_lt, M4_scalar, F4_scalar, r.b[l] = a.v[l] < b.v[l])
LANES_SCALAR2(f4_le, M4_scalar, F4_scalar, r.b[l] = a.v[l] <= b.v[l])
LANES_SCALAR2(f4_gt, M4_scalar, F4_scalar, r.b[l] = a.v[l] > b.v[l])
LANES_SCALAR2(f4_ge, M4_scalar, F4_scalar, r.b[l] = a.v[l] >= b.v[l])
LANES_SCALAR2(f4_eq, M4_scalar, F4_scalar, r.b[l] = a.v[l] == b.v[l])
LANES_SCALAR2(m4_and, M4_scalar, M4_scalar, r.b[l] = a.b[l] && b.b[l])
LANES_SCALAR2(m4_or, M4_scalar, M4_scalar, r.b[l] = a.b[l] || b.b[l])
LANES_SCALAR2(m4_andnot, M4_scalar, M4_scalar, r.b[l] = a.b[l] && !b.b[l])
static inline M4_scalar m4_not_scalar(M4_scalar a) { return (M4_scalar){{!a.b[0], !a.b[1], !a.b[2], !a.b[3]}}; }
static inline int m4_bits_scalar(M4_scalar m) { return m.b[0] | m.b[1] << 1 | m.b[2] << 2 | m.b[3] << 3; }
static inline F4_scalar f4_select_scalar(M4_scalar m, F4_scalar a, F4_scalar b) {
    F4_scalar r;
    for (int l = 0; l < 4; l++) r.v[l] = m.b[l] ? a.v[l] : b.v[l];
    return r;
}
static inline void f4_to_f32_scalar(F4_scalar a, float out[4]) {
    for (int l = 0; l < 4; l++) out[l] = (float)a.v[l];
}
static inline void f4_to_i32_scalar(F4_scalar a, int out[4]) {
    for (int l = 0; l < 4; l++) out[l] = (int)a.v[l];
}
static inline void f4_load_xy_scalar(const double *const p[4], F4_scalar *x, F4_scalar *y) {
    for (int l = 0; l < 4; l++) {
        x->v[l] = p[l][0];
        y->v[l] = p[l][1];
    }
}
static inline void f4_store_xy_scalar(double *const p[4], F4_scalar x, F4_scalar y) {
    for (int l = 3; l >= 0; l--) {
        p[l][0] = x.v[l];
        p[l][1] = y.v[l];
    }
}
static inline void f4_load_f32x4_scalar(const float *const p[4], F4_scalar out[4]) {
    for (int i = 0; i < 4; i++)
        for (int l = 0; l < 4; l++) out[i].v[l] = (double)p[l][i];
}
#undef LANES_SCALAR1
#undef LANES_SCALAR2

// ---------------------------------------------------------------- the others
#if defined(__x86_64__) && defined(__GNUC__)
#include "core/lanes_x86.h"
#endif
#if defined(__aarch64__) && defined(__ARM_NEON)
#include "core/lanes_neon.h"
#endif
#if defined(__wasm_simd128__)
#include "core/lanes_wasm.h"
#endif
