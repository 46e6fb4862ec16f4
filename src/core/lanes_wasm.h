// lanes_wasm.h -- core/lanes.h's WebAssembly back end (SIMD128, built with
// -msimd128): two v128 of two doubles. min and max are pmin/pmax with the
// operands swapped (b < a ? b : a) and the NaN case selected, as dm_fmin.
// Only lanes.h includes it.
#pragma once
#include <wasm_simd128.h>

#define LANES_FN_wasm static
#define LANES_INLINE_wasm static inline __attribute__((always_inline))
typedef struct F4_wasm {
    v128_t lo, hi; // lanes 0, 1 and 2, 3
} F4_wasm;
typedef F4_wasm M4_wasm; // all ones or all zeros a lane

#define LANES_WASM_2(op, a, b) ((F4_wasm){op((a).lo, (b).lo), op((a).hi, (b).hi)})
static inline F4_wasm f4_set1_wasm(double x) { return (F4_wasm){wasm_f64x2_splat(x), wasm_f64x2_splat(x)}; }
static inline F4_wasm f4_set_wasm(double a, double b, double c, double d) {
    return (F4_wasm){wasm_f64x2_make(a, b), wasm_f64x2_make(c, d)};
}
static inline F4_wasm f4_load_wasm(const double p[4]) { return (F4_wasm){wasm_v128_load(p), wasm_v128_load(p + 2)}; }
static inline void f4_store_wasm(double p[4], F4_wasm a) {
    wasm_v128_store(p, a.lo);
    wasm_v128_store(p + 2, a.hi);
}
static inline F4_wasm f4_add_wasm(F4_wasm a, F4_wasm b) { return LANES_WASM_2(wasm_f64x2_add, a, b); }
static inline F4_wasm f4_sub_wasm(F4_wasm a, F4_wasm b) { return LANES_WASM_2(wasm_f64x2_sub, a, b); }
static inline F4_wasm f4_mul_wasm(F4_wasm a, F4_wasm b) { return LANES_WASM_2(wasm_f64x2_mul, a, b); }
static inline F4_wasm f4_div_wasm(F4_wasm a, F4_wasm b) { return LANES_WASM_2(wasm_f64x2_div, a, b); }
static inline F4_wasm f4_sqrt_wasm(F4_wasm a) { return (F4_wasm){wasm_f64x2_sqrt(a.lo), wasm_f64x2_sqrt(a.hi)}; }
static inline F4_wasm f4_neg_wasm(F4_wasm a) { return (F4_wasm){wasm_f64x2_neg(a.lo), wasm_f64x2_neg(a.hi)}; }
static inline M4_wasm f4_lt_wasm(F4_wasm a, F4_wasm b) { return LANES_WASM_2(wasm_f64x2_lt, a, b); }
static inline M4_wasm f4_le_wasm(F4_wasm a, F4_wasm b) { return LANES_WASM_2(wasm_f64x2_le, a, b); }
static inline M4_wasm f4_gt_wasm(F4_wasm a, F4_wasm b) { return LANES_WASM_2(wasm_f64x2_gt, a, b); }
static inline M4_wasm f4_ge_wasm(F4_wasm a, F4_wasm b) { return LANES_WASM_2(wasm_f64x2_ge, a, b); }
static inline M4_wasm f4_eq_wasm(F4_wasm a, F4_wasm b) { return LANES_WASM_2(wasm_f64x2_eq, a, b); }
static inline M4_wasm m4_and_wasm(M4_wasm a, M4_wasm b) { return LANES_WASM_2(wasm_v128_and, a, b); }
static inline M4_wasm m4_or_wasm(M4_wasm a, M4_wasm b) { return LANES_WASM_2(wasm_v128_or, a, b); }
static inline M4_wasm m4_andnot_wasm(M4_wasm a, M4_wasm b) { return LANES_WASM_2(wasm_v128_andnot, a, b); }
static inline M4_wasm m4_not_wasm(M4_wasm a) { return (M4_wasm){wasm_v128_not(a.lo), wasm_v128_not(a.hi)}; }
static inline int m4_bits_wasm(M4_wasm m) { return (int)wasm_i64x2_bitmask(m.lo) | (int)wasm_i64x2_bitmask(m.hi) << 2; }
static inline F4_wasm f4_select_wasm(M4_wasm m, F4_wasm a, F4_wasm b) {
    return (F4_wasm){wasm_v128_bitselect(a.lo, b.lo, m.lo), wasm_v128_bitselect(a.hi, b.hi, m.hi)};
}
static inline F4_wasm f4_min_wasm(F4_wasm a, F4_wasm b) {
    return f4_select_wasm(m4_or_wasm(f4_lt_wasm(b, a), m4_andnot_wasm(f4_eq_wasm(b, b), f4_eq_wasm(a, a))), b, a);
}
static inline F4_wasm f4_max_wasm(F4_wasm a, F4_wasm b) {
    return f4_select_wasm(m4_or_wasm(f4_gt_wasm(b, a), m4_andnot_wasm(f4_eq_wasm(b, b), f4_eq_wasm(a, a))), b, a);
}
static inline F4_wasm f4_trunc_wasm(F4_wasm a) { return (F4_wasm){wasm_f64x2_trunc(a.lo), wasm_f64x2_trunc(a.hi)}; }
static inline F4_wasm f4_f32_wasm(F4_wasm a) {
    return (F4_wasm){wasm_f64x2_promote_low_f32x4(wasm_f32x4_demote_f64x2_zero(a.lo)),
                     wasm_f64x2_promote_low_f32x4(wasm_f32x4_demote_f64x2_zero(a.hi))};
}
static inline void f4_to_f32_wasm(F4_wasm a, float out[4]) {
    v128_t lo = wasm_f32x4_demote_f64x2_zero(a.lo), hi = wasm_f32x4_demote_f64x2_zero(a.hi);
    wasm_v128_store(out, wasm_i64x2_shuffle(lo, hi, 0, 2));
}
static inline void f4_to_i32_wasm(F4_wasm a, int out[4]) {
    v128_t lo = wasm_i32x4_trunc_sat_f64x2_zero(a.lo), hi = wasm_i32x4_trunc_sat_f64x2_zero(a.hi);
    wasm_v128_store(out, wasm_i64x2_shuffle(lo, hi, 0, 2));
}
static inline void f4_load_xy_wasm(const double *const p[4], F4_wasm *x, F4_wasm *y) {
    v128_t a = wasm_v128_load(p[0]), b = wasm_v128_load(p[1]), c = wasm_v128_load(p[2]), d = wasm_v128_load(p[3]);
    *x = (F4_wasm){wasm_i64x2_shuffle(a, b, 0, 2), wasm_i64x2_shuffle(c, d, 0, 2)};
    *y = (F4_wasm){wasm_i64x2_shuffle(a, b, 1, 3), wasm_i64x2_shuffle(c, d, 1, 3)};
}
static inline void f4_store_xy_wasm(double *const p[4], F4_wasm x, F4_wasm y) {
    wasm_v128_store(p[3], wasm_i64x2_shuffle(x.hi, y.hi, 1, 3));
    wasm_v128_store(p[2], wasm_i64x2_shuffle(x.hi, y.hi, 0, 2));
    wasm_v128_store(p[1], wasm_i64x2_shuffle(x.lo, y.lo, 1, 3));
    wasm_v128_store(p[0], wasm_i64x2_shuffle(x.lo, y.lo, 0, 2));
}
static inline void f4_load_f32x4_wasm(const float *const p[4], F4_wasm out[4]) {
    v128_t a = wasm_v128_load(p[0]), b = wasm_v128_load(p[1]), c = wasm_v128_load(p[2]), d = wasm_v128_load(p[3]);
    v128_t ab01 = wasm_i32x4_shuffle(a, b, 0, 4, 1, 5), ab23 = wasm_i32x4_shuffle(a, b, 2, 6, 3, 7);
    v128_t cd01 = wasm_i32x4_shuffle(c, d, 0, 4, 1, 5), cd23 = wasm_i32x4_shuffle(c, d, 2, 6, 3, 7);
    // out[i] = {a_i, b_i} {c_i, d_i}
    out[0] = (F4_wasm){wasm_f64x2_promote_low_f32x4(ab01), wasm_f64x2_promote_low_f32x4(cd01)};
    out[1] = (F4_wasm){wasm_f64x2_promote_low_f32x4(wasm_i64x2_shuffle(ab01, ab01, 1, 0)),
                       wasm_f64x2_promote_low_f32x4(wasm_i64x2_shuffle(cd01, cd01, 1, 0))};
    out[2] = (F4_wasm){wasm_f64x2_promote_low_f32x4(ab23), wasm_f64x2_promote_low_f32x4(cd23)};
    out[3] = (F4_wasm){wasm_f64x2_promote_low_f32x4(wasm_i64x2_shuffle(ab23, ab23, 1, 0)),
                       wasm_f64x2_promote_low_f32x4(wasm_i64x2_shuffle(cd23, cd23, 1, 0))};
}
#undef LANES_WASM_2
