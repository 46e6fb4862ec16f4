// lanes_x86.h -- core/lanes.h's x86-64 back ends: SSE2 (every x86-64
// processor; two halves of two doubles) and AVX2 (one 256-bit register;
// compiled with the target attribute, run only where cpu_has_avx2). Only
// lanes.h includes it.
#pragma once
#include <immintrin.h>

// ---------------------------------------------------------------- SSE2
#define LANES_FN_sse2 static
#define LANES_INLINE_sse2 static inline __attribute__((always_inline))
typedef struct F4_sse2 {
    __m128d lo, hi; // lanes 0, 1 and 2, 3
} F4_sse2;
typedef F4_sse2 M4_sse2; // all ones or all zeros a lane

#define LANES_SSE2_2(op, a, b) ((F4_sse2){op((a).lo, (b).lo), op((a).hi, (b).hi)})
static inline F4_sse2 f4_set1_sse2(double x) { return (F4_sse2){_mm_set1_pd(x), _mm_set1_pd(x)}; }
static inline F4_sse2 f4_set_sse2(double a, double b, double c, double d) {
    return (F4_sse2){_mm_setr_pd(a, b), _mm_setr_pd(c, d)};
}
static inline F4_sse2 f4_load_sse2(const double p[4]) { return (F4_sse2){_mm_loadu_pd(p), _mm_loadu_pd(p + 2)}; }
static inline void f4_store_sse2(double p[4], F4_sse2 a) {
    _mm_storeu_pd(p, a.lo);
    _mm_storeu_pd(p + 2, a.hi);
}
static inline F4_sse2 f4_add_sse2(F4_sse2 a, F4_sse2 b) { return LANES_SSE2_2(_mm_add_pd, a, b); }
static inline F4_sse2 f4_sub_sse2(F4_sse2 a, F4_sse2 b) { return LANES_SSE2_2(_mm_sub_pd, a, b); }
static inline F4_sse2 f4_mul_sse2(F4_sse2 a, F4_sse2 b) { return LANES_SSE2_2(_mm_mul_pd, a, b); }
static inline F4_sse2 f4_div_sse2(F4_sse2 a, F4_sse2 b) { return LANES_SSE2_2(_mm_div_pd, a, b); }
static inline F4_sse2 f4_sqrt_sse2(F4_sse2 a) { return (F4_sse2){_mm_sqrt_pd(a.lo), _mm_sqrt_pd(a.hi)}; }
static inline F4_sse2 f4_neg_sse2(F4_sse2 a) { return LANES_SSE2_2(_mm_xor_pd, a, f4_set1_sse2(-0.0)); }
static inline M4_sse2 f4_lt_sse2(F4_sse2 a, F4_sse2 b) { return LANES_SSE2_2(_mm_cmplt_pd, a, b); }
static inline M4_sse2 f4_le_sse2(F4_sse2 a, F4_sse2 b) { return LANES_SSE2_2(_mm_cmple_pd, a, b); }
static inline M4_sse2 f4_gt_sse2(F4_sse2 a, F4_sse2 b) { return LANES_SSE2_2(_mm_cmpgt_pd, a, b); }
static inline M4_sse2 f4_ge_sse2(F4_sse2 a, F4_sse2 b) { return LANES_SSE2_2(_mm_cmpge_pd, a, b); }
static inline M4_sse2 f4_eq_sse2(F4_sse2 a, F4_sse2 b) { return LANES_SSE2_2(_mm_cmpeq_pd, a, b); }
static inline M4_sse2 m4_and_sse2(M4_sse2 a, M4_sse2 b) { return LANES_SSE2_2(_mm_and_pd, a, b); }
static inline M4_sse2 m4_or_sse2(M4_sse2 a, M4_sse2 b) { return LANES_SSE2_2(_mm_or_pd, a, b); }
static inline M4_sse2 m4_andnot_sse2(M4_sse2 a, M4_sse2 b) { return LANES_SSE2_2(_mm_andnot_pd, b, a); }
static inline M4_sse2 m4_not_sse2(M4_sse2 a) {
    __m128d ones = _mm_castsi128_pd(_mm_set1_epi32(-1));
    return (M4_sse2){_mm_xor_pd(a.lo, ones), _mm_xor_pd(a.hi, ones)};
}
static inline int m4_bits_sse2(M4_sse2 m) { return _mm_movemask_pd(m.lo) | _mm_movemask_pd(m.hi) << 2; }
static inline F4_sse2 f4_select_sse2(M4_sse2 m, F4_sse2 a, F4_sse2 b) {
    return (F4_sse2){_mm_or_pd(_mm_and_pd(m.lo, a.lo), _mm_andnot_pd(m.lo, b.lo)),
                     _mm_or_pd(_mm_and_pd(m.hi, a.hi), _mm_andnot_pd(m.hi, b.hi))};
}
// dm_fmin: b where b < a or (a is a NaN and b is not), else a.
static inline F4_sse2 f4_min_sse2(F4_sse2 a, F4_sse2 b) {
    M4_sse2 take_b = m4_or_sse2(f4_lt_sse2(b, a), m4_andnot_sse2(f4_eq_sse2(b, b), f4_eq_sse2(a, a)));
    return f4_select_sse2(take_b, b, a);
}
static inline F4_sse2 f4_max_sse2(F4_sse2 a, F4_sse2 b) {
    M4_sse2 take_b = m4_or_sse2(f4_gt_sse2(b, a), m4_andnot_sse2(f4_eq_sse2(b, b), f4_eq_sse2(a, a)));
    return f4_select_sse2(take_b, b, a);
}
// SSE2 has no rounding instruction: below 2^52, (|x| + 2^52) - 2^52 is
// |x| rounded to an integer, one less where that rounded up, and x's sign
// put back (so -0.5 gives -0); from 2^52 on (and NaN) x is an integer already.
static inline __m128d trunc2_sse2(__m128d x) {
    const __m128d sign = _mm_set1_pd(-0.0), big = _mm_set1_pd(4503599627370496.0), one = _mm_set1_pd(1.0);
    __m128d ax = _mm_andnot_pd(sign, x);
    __m128d r = _mm_sub_pd(_mm_add_pd(ax, big), big);
    r = _mm_sub_pd(r, _mm_and_pd(_mm_cmpgt_pd(r, ax), one));
    r = _mm_or_pd(r, _mm_and_pd(x, sign));
    __m128d small = _mm_cmplt_pd(ax, big);
    return _mm_or_pd(_mm_and_pd(small, r), _mm_andnot_pd(small, x));
}
static inline F4_sse2 f4_trunc_sse2(F4_sse2 a) { return (F4_sse2){trunc2_sse2(a.lo), trunc2_sse2(a.hi)}; }
static inline F4_sse2 f4_f32_sse2(F4_sse2 a) {
    return (F4_sse2){_mm_cvtps_pd(_mm_cvtpd_ps(a.lo)), _mm_cvtps_pd(_mm_cvtpd_ps(a.hi))};
}
static inline void f4_to_f32_sse2(F4_sse2 a, float out[4]) {
    _mm_storeu_ps(out, _mm_movelh_ps(_mm_cvtpd_ps(a.lo), _mm_cvtpd_ps(a.hi)));
}
static inline void f4_to_i32_sse2(F4_sse2 a, int out[4]) {
    _mm_storeu_si128((__m128i *)out, _mm_unpacklo_epi64(_mm_cvttpd_epi32(a.lo), _mm_cvttpd_epi32(a.hi)));
}
static inline void f4_load_xy_sse2(const double *const p[4], F4_sse2 *x, F4_sse2 *y) {
    __m128d a = _mm_loadu_pd(p[0]), b = _mm_loadu_pd(p[1]), c = _mm_loadu_pd(p[2]), d = _mm_loadu_pd(p[3]);
    *x = (F4_sse2){_mm_unpacklo_pd(a, b), _mm_unpacklo_pd(c, d)};
    *y = (F4_sse2){_mm_unpackhi_pd(a, b), _mm_unpackhi_pd(c, d)};
}
static inline void f4_store_xy_sse2(double *const p[4], F4_sse2 x, F4_sse2 y) {
    _mm_storeu_pd(p[3], _mm_unpackhi_pd(x.hi, y.hi));
    _mm_storeu_pd(p[2], _mm_unpacklo_pd(x.hi, y.hi));
    _mm_storeu_pd(p[1], _mm_unpackhi_pd(x.lo, y.lo));
    _mm_storeu_pd(p[0], _mm_unpacklo_pd(x.lo, y.lo));
}
static inline void f4_load_f32x4_sse2(const float *const p[4], F4_sse2 out[4]) {
    __m128 r0 = _mm_loadu_ps(p[0]), r1 = _mm_loadu_ps(p[1]), r2 = _mm_loadu_ps(p[2]), r3 = _mm_loadu_ps(p[3]);
    _MM_TRANSPOSE4_PS(r0, r1, r2, r3);
    out[0] = (F4_sse2){_mm_cvtps_pd(r0), _mm_cvtps_pd(_mm_movehl_ps(r0, r0))};
    out[1] = (F4_sse2){_mm_cvtps_pd(r1), _mm_cvtps_pd(_mm_movehl_ps(r1, r1))};
    out[2] = (F4_sse2){_mm_cvtps_pd(r2), _mm_cvtps_pd(_mm_movehl_ps(r2, r2))};
    out[3] = (F4_sse2){_mm_cvtps_pd(r3), _mm_cvtps_pd(_mm_movehl_ps(r3, r3))};
}
#undef LANES_SSE2_2

// ---------------------------------------------------------------- AVX2
// The builds assume only SSE2: AVX2's functions carry the target attribute
// (and are inlined only into functions that carry it too: LANES_FN).
#define LANES_AVX2_ __attribute__((target("avx2")))
#define LANES_FN_avx2 LANES_AVX2_ static
#define LANES_INLINE_avx2 LANES_AVX2_ static inline __attribute__((always_inline))
#define LANES_AVX2_OP LANES_AVX2_ static inline
typedef __m256d F4_avx2;
typedef __m256d M4_avx2;

LANES_AVX2_OP F4_avx2 f4_set1_avx2(double x) { return _mm256_set1_pd(x); }
LANES_AVX2_OP F4_avx2 f4_set_avx2(double a, double b, double c, double d) { return _mm256_setr_pd(a, b, c, d); }
LANES_AVX2_OP F4_avx2 f4_load_avx2(const double p[4]) { return _mm256_loadu_pd(p); }
LANES_AVX2_OP void f4_store_avx2(double p[4], F4_avx2 a) { _mm256_storeu_pd(p, a); }
LANES_AVX2_OP F4_avx2 f4_add_avx2(F4_avx2 a, F4_avx2 b) { return _mm256_add_pd(a, b); }
LANES_AVX2_OP F4_avx2 f4_sub_avx2(F4_avx2 a, F4_avx2 b) { return _mm256_sub_pd(a, b); }
LANES_AVX2_OP F4_avx2 f4_mul_avx2(F4_avx2 a, F4_avx2 b) { return _mm256_mul_pd(a, b); }
LANES_AVX2_OP F4_avx2 f4_div_avx2(F4_avx2 a, F4_avx2 b) { return _mm256_div_pd(a, b); }
LANES_AVX2_OP F4_avx2 f4_sqrt_avx2(F4_avx2 a) { return _mm256_sqrt_pd(a); }
LANES_AVX2_OP F4_avx2 f4_neg_avx2(F4_avx2 a) { return _mm256_xor_pd(a, _mm256_set1_pd(-0.0)); }
LANES_AVX2_OP M4_avx2 f4_lt_avx2(F4_avx2 a, F4_avx2 b) { return _mm256_cmp_pd(a, b, _CMP_LT_OQ); }
LANES_AVX2_OP M4_avx2 f4_le_avx2(F4_avx2 a, F4_avx2 b) { return _mm256_cmp_pd(a, b, _CMP_LE_OQ); }
LANES_AVX2_OP M4_avx2 f4_gt_avx2(F4_avx2 a, F4_avx2 b) { return _mm256_cmp_pd(a, b, _CMP_GT_OQ); }
LANES_AVX2_OP M4_avx2 f4_ge_avx2(F4_avx2 a, F4_avx2 b) { return _mm256_cmp_pd(a, b, _CMP_GE_OQ); }
LANES_AVX2_OP M4_avx2 f4_eq_avx2(F4_avx2 a, F4_avx2 b) { return _mm256_cmp_pd(a, b, _CMP_EQ_OQ); }
LANES_AVX2_OP M4_avx2 m4_and_avx2(M4_avx2 a, M4_avx2 b) { return _mm256_and_pd(a, b); }
LANES_AVX2_OP M4_avx2 m4_or_avx2(M4_avx2 a, M4_avx2 b) { return _mm256_or_pd(a, b); }
LANES_AVX2_OP M4_avx2 m4_andnot_avx2(M4_avx2 a, M4_avx2 b) { return _mm256_andnot_pd(b, a); }
LANES_AVX2_OP M4_avx2 m4_not_avx2(M4_avx2 a) { return _mm256_xor_pd(a, _mm256_castsi256_pd(_mm256_set1_epi64x(-1))); }
LANES_AVX2_OP int m4_bits_avx2(M4_avx2 m) { return _mm256_movemask_pd(m); }
// The blend written as the instruction: GCC 12 makes _mm256_blendv_pd a
// select on the mask's sign and, not knowing that a compare's mask is all
// ones or all zeros a lane, put a vpcmpgtq (the sign, again) before nearly
// every blend (19 in the tentacles' clamp pass, 12 in the stars' step).
// vblendvpd reads each lane's sign bit, as the intrinsic does.
LANES_AVX2_OP F4_avx2 f4_select_avx2(M4_avx2 m, F4_avx2 a, F4_avx2 b) {
    F4_avx2 r;
    __asm__("vblendvpd %3, %2, %1, %0" : "=x"(r) : "x"(b), "x"(a), "x"(m));
    return r;
}
LANES_AVX2_OP F4_avx2 f4_min_avx2(F4_avx2 a, F4_avx2 b) {
    return _mm256_blendv_pd(a, b, _mm256_or_pd(f4_lt_avx2(b, a), _mm256_andnot_pd(f4_eq_avx2(a, a), f4_eq_avx2(b, b))));
}
LANES_AVX2_OP F4_avx2 f4_max_avx2(F4_avx2 a, F4_avx2 b) {
    return _mm256_blendv_pd(a, b, _mm256_or_pd(f4_gt_avx2(b, a), _mm256_andnot_pd(f4_eq_avx2(a, a), f4_eq_avx2(b, b))));
}
LANES_AVX2_OP F4_avx2 f4_trunc_avx2(F4_avx2 a) { return _mm256_round_pd(a, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC); }
LANES_AVX2_OP F4_avx2 f4_f32_avx2(F4_avx2 a) { return _mm256_cvtps_pd(_mm256_cvtpd_ps(a)); }
LANES_AVX2_OP void f4_to_f32_avx2(F4_avx2 a, float out[4]) { _mm_storeu_ps(out, _mm256_cvtpd_ps(a)); }
LANES_AVX2_OP void f4_to_i32_avx2(F4_avx2 a, int out[4]) { _mm_storeu_si128((__m128i *)out, _mm256_cvttpd_epi32(a)); }
LANES_AVX2_OP void f4_load_xy_avx2(const double *const p[4], F4_avx2 *x, F4_avx2 *y) {
    __m256d a = _mm256_insertf128_pd(_mm256_castpd128_pd256(_mm_loadu_pd(p[0])), _mm_loadu_pd(p[2]), 1);
    __m256d b = _mm256_insertf128_pd(_mm256_castpd128_pd256(_mm_loadu_pd(p[1])), _mm_loadu_pd(p[3]), 1);
    *x = _mm256_unpacklo_pd(a, b);
    *y = _mm256_unpackhi_pd(a, b);
}
LANES_AVX2_OP void f4_store_xy_avx2(double *const p[4], F4_avx2 x, F4_avx2 y) {
    __m256d a = _mm256_unpacklo_pd(x, y), b = _mm256_unpackhi_pd(x, y); // x0 y0 x2 y2, x1 y1 x3 y3
    _mm_storeu_pd(p[3], _mm256_extractf128_pd(b, 1));
    _mm_storeu_pd(p[2], _mm256_extractf128_pd(a, 1));
    _mm_storeu_pd(p[1], _mm256_castpd256_pd128(b));
    _mm_storeu_pd(p[0], _mm256_castpd256_pd128(a));
}
LANES_AVX2_OP void f4_load_f32x4_avx2(const float *const p[4], F4_avx2 out[4]) {
    __m128 r0 = _mm_loadu_ps(p[0]), r1 = _mm_loadu_ps(p[1]), r2 = _mm_loadu_ps(p[2]), r3 = _mm_loadu_ps(p[3]);
    _MM_TRANSPOSE4_PS(r0, r1, r2, r3);
    out[0] = _mm256_cvtps_pd(r0);
    out[1] = _mm256_cvtps_pd(r1);
    out[2] = _mm256_cvtps_pd(r2);
    out[3] = _mm256_cvtps_pd(r3);
}
#undef LANES_AVX2_OP
