// cpu.h -- what the processor offers the few hot loops that have a vector
// version (the starfield's active stars, the tentacles' chain passes). A
// vector path makes, lane by lane, exactly its scalar code's IEEE
// operations, so the answer never changes a result; only the time.
#pragma once
#include <stdbool.h>

// True on an x86-64 processor with AVX2 (asked once, then remembered by
// the compiler's runtime); false on every other build and processor.
bool cpu_has_avx2(void);

// The back ends of core/lanes.h (four doubles a value). Scalar C is in
// every build; SSE2 and AVX2 in x86-64 builds, NEON in arm64 builds,
// SIMD128 in WebAssembly builds made with -msimd128.
typedef enum LanesKind {
    LANES_SCALAR,
    LANES_SSE2,
    LANES_AVX2,
    LANES_NEON,
    LANES_WASM,
    LANES_KINDS
} LanesKind;

// Can this build, on this processor, run back end k?
bool lanes_can_run(LanesKind k);
// The fastest one it can: AVX2, else SSE2 (x86-64), NEON, SIMD128, else scalar.
LanesKind lanes_best(void);
// "scalar", "sse2", "avx2", "neon", "simd128".
const char *lanes_name(LanesKind k);
