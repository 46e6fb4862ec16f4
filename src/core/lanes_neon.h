// lanes_neon.h -- core/lanes.h's arm64 back end: two NEON registers of two
// doubles. fmin/fmax and their NaN rules are not used (dm_fmin's selects
// instead). Only lanes.h includes it.
#pragma once
#include <arm_neon.h>

#define LANES_FN_neon static
#define LANES_INLINE_neon static inline __attribute__((always_inline))
typedef struct F4_neon {
    float64x2_t lo, hi; // lanes 0, 1 and 2, 3
} F4_neon;
typedef struct M4_neon {
    uint64x2_t lo, hi; // all ones or all zeros a lane
} M4_neon;

#define LANES_NEON_2(T, op, a, b) ((T){op((a).lo, (b).lo), op((a).hi, (b).hi)})
static inline F4_neon f4_set1_neon(double x) { return (F4_neon){vdupq_n_f64(x), vdupq_n_f64(x)}; }
static inline F4_neon f4_set_neon(double a, double b, double c, double d) {
    const double v[4] = {a, b, c, d};
    return (F4_neon){vld1q_f64(v), vld1q_f64(v + 2)};
}
static inline F4_neon f4_load_neon(const double p[4]) { return (F4_neon){vld1q_f64(p), vld1q_f64(p + 2)}; }
static inline void f4_store_neon(double p[4], F4_neon a) {
    vst1q_f64(p, a.lo);
    vst1q_f64(p + 2, a.hi);
}
static inline F4_neon f4_add_neon(F4_neon a, F4_neon b) { return LANES_NEON_2(F4_neon, vaddq_f64, a, b); }
static inline F4_neon f4_sub_neon(F4_neon a, F4_neon b) { return LANES_NEON_2(F4_neon, vsubq_f64, a, b); }
static inline F4_neon f4_mul_neon(F4_neon a, F4_neon b) { return LANES_NEON_2(F4_neon, vmulq_f64, a, b); }
static inline F4_neon f4_div_neon(F4_neon a, F4_neon b) { return LANES_NEON_2(F4_neon, vdivq_f64, a, b); }
static inline F4_neon f4_sqrt_neon(F4_neon a) { return (F4_neon){vsqrtq_f64(a.lo), vsqrtq_f64(a.hi)}; }
static inline F4_neon f4_neg_neon(F4_neon a) { return (F4_neon){vnegq_f64(a.lo), vnegq_f64(a.hi)}; }
static inline M4_neon f4_lt_neon(F4_neon a, F4_neon b) { return LANES_NEON_2(M4_neon, vcltq_f64, a, b); }
static inline M4_neon f4_le_neon(F4_neon a, F4_neon b) { return LANES_NEON_2(M4_neon, vcleq_f64, a, b); }
static inline M4_neon f4_gt_neon(F4_neon a, F4_neon b) { return LANES_NEON_2(M4_neon, vcgtq_f64, a, b); }
static inline M4_neon f4_ge_neon(F4_neon a, F4_neon b) { return LANES_NEON_2(M4_neon, vcgeq_f64, a, b); }
static inline M4_neon f4_eq_neon(F4_neon a, F4_neon b) { return LANES_NEON_2(M4_neon, vceqq_f64, a, b); }
static inline M4_neon m4_and_neon(M4_neon a, M4_neon b) { return LANES_NEON_2(M4_neon, vandq_u64, a, b); }
static inline M4_neon m4_or_neon(M4_neon a, M4_neon b) { return LANES_NEON_2(M4_neon, vorrq_u64, a, b); }
static inline M4_neon m4_andnot_neon(M4_neon a, M4_neon b) { return LANES_NEON_2(M4_neon, vbicq_u64, a, b); }
static inline M4_neon m4_not_neon(M4_neon a) {
    uint64x2_t ones = vdupq_n_u64(~0ull);
    return (M4_neon){veorq_u64(a.lo, ones), veorq_u64(a.hi, ones)};
}
static inline int m4_bits_neon(M4_neon m) {
    return (int)(vgetq_lane_u64(m.lo, 0) & 1) | (int)(vgetq_lane_u64(m.lo, 1) & 1) << 1 |
           (int)(vgetq_lane_u64(m.hi, 0) & 1) << 2 | (int)(vgetq_lane_u64(m.hi, 1) & 1) << 3;
}
static inline F4_neon f4_select_neon(M4_neon m, F4_neon a, F4_neon b) {
    return (F4_neon){vbslq_f64(m.lo, a.lo, b.lo), vbslq_f64(m.hi, a.hi, b.hi)};
}
static inline F4_neon f4_min_neon(F4_neon a, F4_neon b) {
    return f4_select_neon(m4_or_neon(f4_lt_neon(b, a), m4_andnot_neon(f4_eq_neon(b, b), f4_eq_neon(a, a))), b, a);
}
static inline F4_neon f4_max_neon(F4_neon a, F4_neon b) {
    return f4_select_neon(m4_or_neon(f4_gt_neon(b, a), m4_andnot_neon(f4_eq_neon(b, b), f4_eq_neon(a, a))), b, a);
}
static inline F4_neon f4_trunc_neon(F4_neon a) { return (F4_neon){vrndq_f64(a.lo), vrndq_f64(a.hi)}; }
static inline F4_neon f4_f32_neon(F4_neon a) {
    return (F4_neon){vcvt_f64_f32(vcvt_f32_f64(a.lo)), vcvt_f64_f32(vcvt_f32_f64(a.hi))};
}
static inline void f4_to_f32_neon(F4_neon a, float out[4]) {
    vst1q_f32(out, vcombine_f32(vcvt_f32_f64(a.lo), vcvt_f32_f64(a.hi)));
}
static inline void f4_to_i32_neon(F4_neon a, int out[4]) {
    vst1q_s32(out, vcombine_s32(vmovn_s64(vcvtq_s64_f64(a.lo)), vmovn_s64(vcvtq_s64_f64(a.hi))));
}
static inline void f4_load_xy_neon(const double *const p[4], F4_neon *x, F4_neon *y) {
    float64x2_t a = vld1q_f64(p[0]), b = vld1q_f64(p[1]), c = vld1q_f64(p[2]), d = vld1q_f64(p[3]);
    *x = (F4_neon){vzip1q_f64(a, b), vzip1q_f64(c, d)};
    *y = (F4_neon){vzip2q_f64(a, b), vzip2q_f64(c, d)};
}
static inline void f4_store_xy_neon(double *const p[4], F4_neon x, F4_neon y) {
    vst1q_f64(p[3], vzip2q_f64(x.hi, y.hi));
    vst1q_f64(p[2], vzip1q_f64(x.hi, y.hi));
    vst1q_f64(p[1], vzip2q_f64(x.lo, y.lo));
    vst1q_f64(p[0], vzip1q_f64(x.lo, y.lo));
}
static inline void f4_load_f32x4_neon(const float *const p[4], F4_neon out[4]) {
    float32x4x4_t r = {{vld1q_f32(p[0]), vld1q_f32(p[1]), vld1q_f32(p[2]), vld1q_f32(p[3])}};
    // Transposed: lane l of out[i] is p[l][i].
    float32x4_t t01lo = vzip1q_f32(r.val[0], r.val[1]),
                t01hi = vzip2q_f32(r.val[0], r.val[1]); // a0 b0 a1 b1, a2 b2 a3 b3
    float32x4_t t23lo = vzip1q_f32(r.val[2], r.val[3]),
                t23hi = vzip2q_f32(r.val[2], r.val[3]);                        // c0 d0 c1 d1, c2 d2 c3 d3
    float32x4_t c0 = vcombine_f32(vget_low_f32(t01lo), vget_low_f32(t23lo));   // a0 b0 c0 d0
    float32x4_t c1 = vcombine_f32(vget_high_f32(t01lo), vget_high_f32(t23lo)); // a1 b1 c1 d1
    float32x4_t c2 = vcombine_f32(vget_low_f32(t01hi), vget_low_f32(t23hi));
    float32x4_t c3 = vcombine_f32(vget_high_f32(t01hi), vget_high_f32(t23hi));
    out[0] = (F4_neon){vcvt_f64_f32(vget_low_f32(c0)), vcvt_high_f64_f32(c0)};
    out[1] = (F4_neon){vcvt_f64_f32(vget_low_f32(c1)), vcvt_high_f64_f32(c1)};
    out[2] = (F4_neon){vcvt_f64_f32(vget_low_f32(c2)), vcvt_high_f64_f32(c2)};
    out[3] = (F4_neon){vcvt_f64_f32(vget_low_f32(c3)), vcvt_high_f64_f32(c3)};
}
#undef LANES_NEON_2
