// dmath.c -- deterministic sin/cos/atan2 from polynomials (see dmath.h).
#include "core/dmath.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "core/cpu.h"

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#endif

// pi/2 split in three parts of 33 significant bits or fewer, so that q*P1
// and q*P2 are exact for |q| < 2^20 and x - q*pi/2 loses nothing
// (Cody-Waite reduction). 2*pi uses the same parts times 4 (exact).
static const double P1 = 1.57079632673412561417e+00;
static const double P2 = 6.07710050630396597660e-11;
static const double P3 = 2.02226624879595063154e-21;

static double reduce(double x, double q) { return ((x - q * P1) - q * P2) - q * P3; }

// sin on [-pi/4, pi/4]: Taylor terms to x^17 (error < 1e-17 there), in
// Horner form: x - x^3/3! + x^5/5! - ... - x^15/15! + x^17/17!. The
// coefficients from the highest power down, signed (adding -k is
// subtracting k, exactly), shared with the vector version below.
static const double SIN_K[8] = {
    1.0 / 355687428096000.0,  -1.0 / 1307674368000.0,   // 1/17!, 1/15!
    1.0 / 6227020800.0,       -1.0 / 39916800.0,        // 1/13!, 1/11!
    1.0 / 362880.0,           -1.0 / 5040.0,            // 1/9!, 1/7!
    1.0 / 120.0,              -1.0 / 6.0,               // 1/5!, 1/3!
};
// cos on [-pi/4, pi/4]: Taylor terms to x^18, the same way.
static const double COS_K[8] = {
    -1.0 / 6402373705728000.0, 1.0 / 20922789888000.0,  // 1/18!, 1/16!
    -1.0 / 87178291200.0,      1.0 / 479001600.0,       // 1/14!, 1/12!
    -1.0 / 3628800.0,          1.0 / 40320.0,           // 1/10!, 1/8!
    -1.0 / 720.0,              1.0 / 24.0,              // 1/6!, 1/4!
};

static double sin_kernel(double x) {
    double x2 = x * x, s = SIN_K[0];
    for (int i = 1; i < 8; i++) s = s * x2 + SIN_K[i];
    return x + x * x2 * s;
}

static double cos_kernel(double x) {
    double x2 = x * x, c = COS_K[0];
    for (int i = 1; i < 8; i++) c = c * x2 + COS_K[i];
    return 1.0 - 0.5 * x2 + x2 * x2 * c;
}

double dm_wrap(double x) {
    if (!(x >= -DM_PI && x < DM_PI)) {
        double k = floor((x + DM_PI) / DM_TAU);
        x = reduce(x, 4.0 * k);
        if (x < -DM_PI) x += DM_TAU;
        if (x >= DM_PI) x -= DM_TAU;
    }
    return x;
}

double dm_wrap_pos(double x) {
    x = dm_wrap(x);
    if (x < 0.0) x += DM_TAU;
    if (x >= DM_TAU) x = 0.0;
    return x;
}

void dm_sincos(double x, double *s, double *c) {
    if (x != x) {                               // NaN in, NaN out
        *s = *c = x;
        return;
    }
    // Quadrant: x = q*(pi/2) + r with |r| <= pi/4.
    double q = floor(x / (DM_PI / 2.0) + 0.5);
    double r = reduce(x, q);
    double sr = sin_kernel(r), cr = cos_kernel(r);
    // q mod 4 in 0..3, exactly (q/4 and 4*floor(q/4) are exact for a
    // whole q), without fmod's library call. The quadrant picks the
    // kernels and their signs: quadrant 0 (sr, cr), 1 (cr, -sr), 2 (-sr,
    // -cr), 3 (-cr, sr). Picked with bit masks, not a switch: the quadrant
    // of the angles a tick asks for is random, and a mispredicted branch
    // costs more than the kernels. (A sign flip is exact, so the same bits.)
    unsigned m = (unsigned)(int)(q - 4.0 * floor(q / 4.0)) & 3u;
    uint64_t bs, bc, swap = 0 - (uint64_t)(m & 1u);
    memcpy(&bs, &sr, sizeof bs);
    memcpy(&bc, &cr, sizeof bc);
    uint64_t os = (bs & ~swap) | (bc & swap), oc = (bc & ~swap) | (bs & swap);
    os ^= (uint64_t)(m >> 1) << 63;                  // quadrants 2, 3: -s
    oc ^= (uint64_t)(((m + 1u) >> 1) & 1u) << 63;    // quadrants 1, 2: -c
    memcpy(s, &os, sizeof os);
    memcpy(c, &oc, sizeof oc);
}

#if defined(__x86_64__) && defined(__GNUC__)
#define AVX2 __attribute__((target("avx2")))

// dm_sincos of four angles, lane by lane the same IEEE operations in the
// same order (floor is exact; q / 4 is q * 0.25, exactly), the quadrant's
// kernels and signs picked with masks.
AVX2 static void sincos4_avx2(const double x[4], double s[4], double c[4]) {
    __m256d v = _mm256_loadu_pd(x);
    __m256d q = _mm256_floor_pd(_mm256_add_pd(_mm256_div_pd(v, _mm256_set1_pd(DM_PI / 2.0)), _mm256_set1_pd(0.5)));
    __m256d r = _mm256_sub_pd(_mm256_sub_pd(_mm256_sub_pd(v, _mm256_mul_pd(q, _mm256_set1_pd(P1))),
                                            _mm256_mul_pd(q, _mm256_set1_pd(P2))),
                              _mm256_mul_pd(q, _mm256_set1_pd(P3)));
    __m256d x2 = _mm256_mul_pd(r, r), ks = _mm256_set1_pd(SIN_K[0]), kc = _mm256_set1_pd(COS_K[0]);
    for (int i = 1; i < 8; i++) {
        ks = _mm256_add_pd(_mm256_mul_pd(ks, x2), _mm256_set1_pd(SIN_K[i]));
        kc = _mm256_add_pd(_mm256_mul_pd(kc, x2), _mm256_set1_pd(COS_K[i]));
    }
    __m256d sr = _mm256_add_pd(r, _mm256_mul_pd(_mm256_mul_pd(r, x2), ks));
    __m256d cr = _mm256_add_pd(_mm256_sub_pd(_mm256_set1_pd(1.0), _mm256_mul_pd(_mm256_set1_pd(0.5), x2)),
                               _mm256_mul_pd(_mm256_mul_pd(x2, x2), kc));
    __m256d q4 = _mm256_floor_pd(_mm256_mul_pd(q, _mm256_set1_pd(0.25)));
    __m256d m = _mm256_sub_pd(q, _mm256_mul_pd(_mm256_set1_pd(4.0), q4));
    __m256d odd = _mm256_or_pd(_mm256_cmp_pd(m, _mm256_set1_pd(1.0), _CMP_EQ_OQ),
                               _mm256_cmp_pd(m, _mm256_set1_pd(3.0), _CMP_EQ_OQ));
    __m256d neg_s = _mm256_cmp_pd(m, _mm256_set1_pd(2.0), _CMP_GE_OQ);
    __m256d neg_c = _mm256_or_pd(_mm256_cmp_pd(m, _mm256_set1_pd(1.0), _CMP_EQ_OQ),
                                 _mm256_cmp_pd(m, _mm256_set1_pd(2.0), _CMP_EQ_OQ));
    const __m256d sign = _mm256_set1_pd(-0.0);
    __m256d os = _mm256_xor_pd(_mm256_blendv_pd(sr, cr, odd), _mm256_and_pd(neg_s, sign));
    __m256d oc = _mm256_xor_pd(_mm256_blendv_pd(cr, sr, odd), _mm256_and_pd(neg_c, sign));
    _mm256_storeu_pd(s, os);
    _mm256_storeu_pd(c, oc);
}
#endif

void dm_sincos4(const double x[4], double s[4], double c[4]) {
#if defined(__x86_64__) && defined(__GNUC__)
    if (cpu_has_avx2() && x[0] == x[0] && x[1] == x[1] && x[2] == x[2] && x[3] == x[3]) {
        sincos4_avx2(x, s, c);
        return;
    }
#endif
    for (int l = 0; l < 4; l++) dm_sincos(x[l], &s[l], &c[l]);
}

double dm_sin(double x) {
    double s, c;
    dm_sincos(x, &s, &c);
    return s;
}

double dm_cos(double x) {
    double s, c;
    dm_sincos(x, &s, &c);
    return c;
}

// atan on [0, tan(pi/12)] by a short odd series; larger arguments are
// folded with atan(x) = pi/2 - atan(1/x) and
// atan(x) = pi/6 + atan((x*sqrt3 - 1) / (x + sqrt3)).
static double atan_small(double x) {
    double x2 = x * x;
    // Taylor series of atan to x^23: |x| <= 0.2680 makes the tail < 1e-16.
    double p = -1.0 / 23.0;
    p = p * x2 + 1.0 / 21.0;
    p = p * x2 - 1.0 / 19.0;
    p = p * x2 + 1.0 / 17.0;
    p = p * x2 - 1.0 / 15.0;
    p = p * x2 + 1.0 / 13.0;
    p = p * x2 - 1.0 / 11.0;
    p = p * x2 + 1.0 / 9.0;
    p = p * x2 - 1.0 / 7.0;
    p = p * x2 + 1.0 / 5.0;
    p = p * x2 - 1.0 / 3.0;
    return x + x * x2 * p;
}

static double atan_pos(double x) {              // x >= 0
    int invert = 0;
    if (x > 1.0) {
        x = 1.0 / x;
        invert = 1;
    }
    double r;
    const double tan15 = 0.26794919243112270647; // 2 - sqrt(3)
    const double sqrt3 = 1.73205080756887729353;
    if (x > tan15) {
        r = DM_PI / 6.0 + atan_small((x * sqrt3 - 1.0) / (x + sqrt3));
    } else {
        r = atan_small(x);
    }
    return invert ? DM_PI / 2.0 - r : r;
}

double dm_atan2(double y, double x) {
    if (x != x || y != y) return x + y;
    if (x == 0.0 && y == 0.0) return 0.0;
    double ax = fabs(x), ay = fabs(y);
    double a;
    if (ax >= ay) {
        a = atan_pos(ay / ax);
    } else {
        a = DM_PI / 2.0 - atan_pos(ax / ay);
    }
    if (x < 0.0) a = DM_PI - a;
    return y < 0.0 ? -a : a;
}
