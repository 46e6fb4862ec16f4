// cpu.c -- the processor's vector extensions (cpu.h).
#include "core/cpu.h"

bool cpu_has_avx2(void) {
#if defined(__x86_64__) && defined(__GNUC__)
    return __builtin_cpu_supports("avx2");
#else
    return false;
#endif
}

bool lanes_can_run(LanesKind k) {
    switch (k) {
    case LANES_SCALAR: return true;
#if defined(__x86_64__) && defined(__GNUC__)
    case LANES_SSE2: return true;
    case LANES_AVX2: return cpu_has_avx2();
#endif
#if defined(__aarch64__) && defined(__ARM_NEON)
    case LANES_NEON: return true;
#endif
#if defined(__wasm_simd128__)
    case LANES_WASM: return true;
#endif
    default: return false;
    }
}

LanesKind lanes_best(void) {
#ifdef LANES_FORCE                     // -DLANES_FORCE=LANES_SCALAR ...: to measure or cross-check one back end
    if (lanes_can_run(LANES_FORCE)) return LANES_FORCE;
#endif
    static const LanesKind order[] = {LANES_AVX2, LANES_SSE2, LANES_NEON, LANES_WASM};
    for (unsigned i = 0; i < sizeof order / sizeof order[0]; i++)
        if (lanes_can_run(order[i])) return order[i];
    return LANES_SCALAR;
}

const char *lanes_name(LanesKind k) {
    static const char *const names[LANES_KINDS] = {"scalar", "sse2", "avx2", "neon", "simd128"};
    return (unsigned)k < LANES_KINDS ? names[k] : "?";
}
