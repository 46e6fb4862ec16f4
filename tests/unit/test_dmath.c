// test_dmath.c -- the deterministic trig against libm, to the bounds stated
// in core/dmath.h, and angle wrapping.
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "core/dmath.h"

static void test_sin_cos_match_libm(void **state) {
    (void)state;
    double worst = 0.0;
    for (int i = -200000; i <= 200000; i++) {
        double x = i * 0.0005;                          // [-100, 100]
        double es = fabs(dm_sin(x) - sin(x)), ec = fabs(dm_cos(x) - cos(x));
        if (es > worst) worst = es;
        if (ec > worst) worst = ec;
    }
    assert_true(worst <= 1e-15);
}

static void test_sin_cos_special_points(void **state) {
    (void)state;
    assert_true(dm_sin(0.0) == 0.0);
    assert_true(dm_cos(0.0) == 1.0);
    assert_true(fabs(dm_sin(DM_PI / 2) - 1.0) < 1e-16);
    assert_true(fabs(dm_cos(DM_PI)) - 1.0 < 1e-16);
    assert_true(fabs(dm_sin(DM_PI / 6) - 0.5) < 1e-16);
    double s, c;
    dm_sincos(1.234, &s, &c);
    assert_true(s == dm_sin(1.234) && c == dm_cos(1.234));
    assert_true(fabs(s * s + c * c - 1.0) < 1e-15);
}

static void test_large_arguments(void **state) {
    (void)state;
    for (double x = 1000.0; x < 1e6; x *= 1.7)
        assert_true(fabs(dm_sin(x) - sin(x)) < 1e-15 && fabs(dm_cos(x) - cos(x)) < 1e-15);
}

static void test_atan2_matches_libm(void **state) {
    (void)state;
    double worst = 0.0;
    for (int i = 0; i < 4000; i++) {
        double a = i * (DM_TAU / 4000.0);
        for (double r = 1e-3; r < 1e4; r *= 10.0) {
            double y = r * sin(a), x = r * cos(a);
            double e = fabs(dm_atan2(y, x) - atan2(y, x));
            if (e > DM_PI) e = fabs(e - DM_TAU);       // -pi vs pi
            if (e > worst) worst = e;
        }
    }
    assert_true(worst <= 1e-15);
    assert_true(dm_atan2(0.0, 0.0) == 0.0);
    assert_true(dm_atan2(0.0, 1.0) == 0.0);
    assert_true(fabs(dm_atan2(1.0, 0.0) - DM_PI / 2) < 1e-16);
    assert_true(fabs(dm_atan2(-1.0, 0.0) + DM_PI / 2) < 1e-16);
    assert_true(fabs(dm_atan2(1.0, -1.0) - 3 * DM_PI / 4) < 1e-15);
    assert_true(fabs(dm_atan2(0.0, -1.0) - DM_PI) < 1e-15);
}

static void test_wrap_stays_bounded(void **state) {
    (void)state;
    double a = 0.0;
    for (int i = 0; i < 1000000; i++) {
        a = dm_wrap(a + 0.05);
        assert_true(a >= -DM_PI && a < DM_PI);
    }
    assert_true(fabs(dm_wrap(3 * DM_PI) - (-DM_PI)) < 1e-12 || fabs(dm_wrap(3 * DM_PI) - DM_PI) < 1e-12);
    assert_true(fabs(dm_wrap(1e7) - remainder(1e7, DM_TAU)) < 1e-8);
    double p = dm_wrap_pos(-0.5);
    assert_true(p >= 0.0 && p < DM_TAU && fabs(p - (DM_TAU - 0.5)) < 1e-15);
}

// dm_sincos4 (four angles at once, a vector path on AVX2) gives the bits
// of four dm_sincos calls: every quadrant, both signs, large arguments,
// the quadrants' edges, and a NaN lane (which takes the scalar path).
static void test_sincos4_same_bits(void **state) {
    (void)state;
    double x[4], s[4], c[4];
    for (int i = -40000; i < 40000; i++) {
        for (int l = 0; l < 4; l++) x[l] = i * 0.0123 + l * 0.37 + (i % 7 == 0 ? l * DM_PI / 4 : 0.0);
        if (i % 1000 == 0) x[1] = 1.5e6 - i;              // large
        if (i % 1000 == 1) x[2] = (i % 8) * (DM_PI / 4);  // on the quadrants' edges
        if (i % 1000 == 2) x[3] = NAN;
        dm_sincos4(x, s, c);
        for (int l = 0; l < 4; l++) {
            double ws, wc;
            dm_sincos(x[l], &ws, &wc);
            assert_memory_equal(&s[l], &ws, sizeof ws);
            assert_memory_equal(&c[l], &wc, sizeof wc);
        }
    }
}

// dm_fmax/dm_fmin are written for branchless selects; they must give the
// very bits of the plain definition (a NaN gives the other, a tie the
// first) for every pair of special values, NaN payloads and zeros' signs
// included.
static double ref_fmax(double a, double b) { return a >= b || b != b ? a : b; }
static double ref_fmin(double a, double b) { return a <= b || b != b ? a : b; }

static void test_fmax_fmin_bits(void **state) {
    (void)state;
    uint64_t payload = 0x7ff8000000000123u;
    double odd_nan;
    memcpy(&odd_nan, &payload, sizeof odd_nan);
    const double v[] = {0.0, -0.0, 1.0, -1.0, 2.5, INFINITY, -INFINITY, NAN, -NAN, odd_nan, 1e-310, -1e300};
    int n = (int)(sizeof v / sizeof v[0]);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double got = dm_fmax(v[i], v[j]), want = ref_fmax(v[i], v[j]);
            assert_memory_equal(&got, &want, sizeof got);
            got = dm_fmin(v[i], v[j]), want = ref_fmin(v[i], v[j]);
            assert_memory_equal(&got, &want, sizeof got);
        }
    double a = dm_fmax(0.0, -0.0), b = dm_fmin(-0.0, 0.0);
    assert_false(signbit(a));                           // the tie gives the first
    assert_true(signbit(b));
    assert_true(dm_fmax(NAN, 3.0) == 3.0 && dm_fmin(3.0, NAN) == 3.0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sin_cos_match_libm),  cmocka_unit_test(test_sin_cos_special_points),
        cmocka_unit_test(test_large_arguments),     cmocka_unit_test(test_atan2_matches_libm),
        cmocka_unit_test(test_wrap_stays_bounded), cmocka_unit_test(test_fmax_fmin_bits),
        cmocka_unit_test(test_sincos4_same_bits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
