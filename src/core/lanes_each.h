// lanes_each.h -- includes the text LANES_TEXT names (a quoted path) once
// per back end of core/lanes.h this build has, LANES_BK set for each: the
// one place that lists them. LANES_CALL(k, fn, (args)) then calls fn_BK
// for back end k (scalar for one the build lacks). Include it (again for
// each text) after core/lanes.h and what the text needs.
#ifndef LANES_TEXT
#error "lanes_each.h: define LANES_TEXT first"
#endif

#define LANES_BK scalar
#include LANES_TEXT
#undef LANES_BK
#if defined(__x86_64__) && defined(__GNUC__)
#define LANES_BK sse2
#include LANES_TEXT
#undef LANES_BK
#define LANES_BK avx2
#include LANES_TEXT
#undef LANES_BK
#endif
#if defined(__aarch64__) && defined(__ARM_NEON)
#define LANES_BK neon
#include LANES_TEXT
#undef LANES_BK
#endif
#if defined(__wasm_simd128__)
#define LANES_BK wasm
#include LANES_TEXT
#undef LANES_BK
#endif
#undef LANES_TEXT

#ifndef LANES_CALL
#if defined(__x86_64__) && defined(__GNUC__)
#define LANES_CASES_X86_(fn, args) \
    case LANES_SSE2: fn##_sse2 args; break; \
    case LANES_AVX2: fn##_avx2 args; break;
#else
#define LANES_CASES_X86_(fn, args)
#endif
#if defined(__aarch64__) && defined(__ARM_NEON)
#define LANES_CASES_NEON_(fn, args) \
    case LANES_NEON: fn##_neon args; break;
#else
#define LANES_CASES_NEON_(fn, args)
#endif
#if defined(__wasm_simd128__)
#define LANES_CASES_WASM_(fn, args) \
    case LANES_WASM: fn##_wasm args; break;
#else
#define LANES_CASES_WASM_(fn, args)
#endif
#define LANES_CALL(k, fn, args)                                                                              \
    do {                                                                                                     \
        switch (k) {                                                                                         \
            LANES_CASES_X86_(fn, args) LANES_CASES_NEON_(fn, args) LANES_CASES_WASM_(fn, args) default: \
            fn##_scalar args;                                                                                \
            break;                                                                                           \
        }                                                                                                    \
    } while (0)
#endif
