// test_lanes.c -- every primitive of core/lanes.h on every back end this
// build can run on this processor, against the scalar back end, bit for
// bit: special values (zeros of both signs, infinities, NaNs, subnormals,
// halves, the edges of 2^52 and of int's range) in every pair, and
// pseudo-random ones. NaN results must be NaN on both sides (IEEE and
// WebAssembly leave the payload open); every other result the same bits.
// Built with -DLANES_STANDALONE (no cmocka) it is the check make
// check-aarch64 runs under qemu (NEON) and make check-wasm under node
// (SIMD128).
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "core/lanes.h"

#define LANE_SPECIALS 32
#define LANE_QUADS (LANE_SPECIALS * LANE_SPECIALS / 4 + 512)
#define LANE_F (22 * 4)
#define LANE_M 9

typedef struct LaneIn {
    double a[4 * LANE_QUADS], b[4 * LANE_QUADS], small[4 * LANE_QUADS];
    float fl[4 * LANE_QUADS];
} LaneIn;

typedef struct LaneOut {
    double f[LANE_QUADS][LANE_F];
    int bits[LANE_QUADS][LANE_M];
    float f32[LANE_QUADS][4];
    int i32[LANE_QUADS][4];
} LaneOut;

// One lanes_run_BK a back end.
#define LANES_TEXT "lanes_text.h"
#include "core/lanes_each.h"

static void run(LanesKind k, const LaneIn *in, LaneOut *out) { LANES_CALL(k, lanes_run, (in, out)); }

static double from_bits(uint64_t u) {
    double d;
    memcpy(&d, &u, sizeof d);
    return d;
}

static uint64_t bits_of(double d) {
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    return u;
}

static uint64_t next(uint64_t *s) {         // xorshift64*
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 2685821657736338717ull;
}

static void inputs(LaneIn *in) {
    const double sp[LANE_SPECIALS] = {
        0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.5, -2.5, 2.5, 3.7, -3.7, 4503599627370495.5, 4503599627370496.0,
        -4503599627370497.0, 9007199254740993.0, 1e300, -1e300, 4.9e-324, -2.2e-310, 2.2250738585072014e-308,
        1.7976931348623157e308, INFINITY, -INFINITY, NAN, -NAN, from_bits(0x7ff0000000000123ull), 0.1, -0.7,
        2147483647.9, -2147483648.5, 1e-7, 12345.678};
    int n = 0;
    for (int i = 0; i < LANE_SPECIALS; i++)
        for (int j = 0; j < LANE_SPECIALS; j++, n++) {
            in->a[n] = sp[i];
            in->b[n] = sp[(i + j) % LANE_SPECIALS];
        }
    uint64_t s = 0x9e3779b97f4a7c15ull;
    for (; n < 4 * LANE_QUADS; n++) {
        uint64_t r = next(&s);
        // Half raw bit patterns (any double), half ordinary sizes.
        in->a[n] = n & 1 ? from_bits(r) : (double)(int64_t)(r >> 11) * 1e-9 - 4e3;
        in->b[n] = n & 2 ? from_bits(next(&s)) : (double)(int64_t)(next(&s) >> 12) * 3e-9;
    }
    for (n = 0; n < 4 * LANE_QUADS; n++) {
        double a = in->a[n];
        in->small[n] = a == a && fabs(a) < 2147483647.0 ? a : (double)(n % 97) - 48.5;
        in->fl[n] = (float)in->b[n];
    }
}

static bool same(double a, double b) { return bits_of(a) == bits_of(b) || (a != a && b != b); }

// How many results of back end k differ from the scalar back end's
// (printing the first few).
static int compare(LanesKind k, const LaneOut *want, const LaneOut *got) {
    int bad = 0;
    for (int q = 0; q < LANE_QUADS; q++) {
        for (int i = 0; i < LANE_F; i++)
            if (!same(want->f[q][i], got->f[q][i]) && bad++ < 8)
                printf("lanes %s: quad %d result %d (op %d lane %d): %a, scalar %a\n", lanes_name(k), q, i, i / 4,
                       i % 4, got->f[q][i], want->f[q][i]);
        for (int i = 0; i < LANE_M; i++)
            if (want->bits[q][i] != got->bits[q][i] && bad++ < 8)
                printf("lanes %s: quad %d mask %d: %x, scalar %x\n", lanes_name(k), q, i, got->bits[q][i],
                       want->bits[q][i]);
        for (int l = 0; l < 4; l++) {
            if (!same(want->f32[q][l], got->f32[q][l]) && bad++ < 8)
                printf("lanes %s: quad %d to_f32 lane %d: %a, scalar %a\n", lanes_name(k), q, l,
                       (double)got->f32[q][l], (double)want->f32[q][l]);
            if (want->i32[q][l] != got->i32[q][l] && bad++ < 8)
                printf("lanes %s: quad %d to_i32 lane %d: %d, scalar %d\n", lanes_name(k), q, l, got->i32[q][l],
                       want->i32[q][l]);
        }
    }
    return bad;
}

// Every back end this build can run against the scalar one: how many
// results differ in all; *ran counts the back ends compared.
static int lanes_check(int *ran) {
    static LaneIn in;
    static LaneOut want, got;
    inputs(&in);
    run(LANES_SCALAR, &in, &want);
    // The scalar back end itself against the C operators, a few by hand.
    int bad = 0;
    for (int q = 0; q < LANE_QUADS; q++)
        for (int l = 0; l < 4; l++) {
            double a = in.a[4 * q + l], b = in.b[4 * q + l];
            bad += !same(want.f[q][0 * 4 + l], a + b) + !same(want.f[q][3 * 4 + l], a / b) +
                   !same(want.f[q][4 * 4 + l], sqrt(a)) + !same(want.f[q][6 * 4 + l], dm_fmin(a, b)) +
                   !same(want.f[q][8 * 4 + l], trunc(a)) + ((want.bits[q][0] >> l & 1) != (a < b));
        }
    *ran = 0;
    for (int k = 0; k < LANES_KINDS; k++) {
        if (!lanes_can_run((LanesKind)k)) continue;
        memset(&got, 0, sizeof got);
        run((LanesKind)k, &in, &got);
        bad += compare((LanesKind)k, &want, &got);
        ++*ran;
    }
    return bad;
}

#ifdef LANES_STANDALONE
int main(void) {
    int ran, bad = lanes_check(&ran);
    printf("lanes: %d back ends (best %s), %d values a primitive: %s\n", ran, lanes_name(lanes_best()),
           4 * LANE_QUADS, bad ? "DIFFER" : "every primitive bit-exact with scalar");
    return bad ? 1 : 0;
}
#else
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

static void test_every_back_end_matches_scalar(void **state) {
    (void)state;
    int ran, bad = lanes_check(&ran);
    assert_int_equal(bad, 0);
    assert_true(ran >= 1);
#if defined(__x86_64__) && defined(__GNUC__)
    assert_true(ran >= 2);                               // scalar and SSE2 at least
    assert_int_equal(lanes_best(), cpu_has_avx2() ? LANES_AVX2 : LANES_SSE2);
#endif
}

static void test_names(void **state) {
    (void)state;
    assert_string_equal(lanes_name(LANES_SCALAR), "scalar");
    assert_string_equal(lanes_name(LANES_WASM), "simd128");
    assert_true(lanes_can_run(LANES_SCALAR));
    assert_true(lanes_can_run(lanes_best()));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_back_end_matches_scalar),
        cmocka_unit_test(test_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
#endif
