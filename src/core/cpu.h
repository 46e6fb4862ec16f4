// cpu.h -- what the processor offers the few hot loops that have a vector
// version (the starfield's active stars, the tentacles' chain passes). A
// vector path makes, lane by lane, exactly its scalar code's IEEE
// operations, so the answer never changes a result; only the time.
#pragma once
#include <stdbool.h>

// True on an x86-64 processor with AVX2 (asked once, then remembered by
// the compiler's runtime); false on every other build and processor.
bool cpu_has_avx2(void);
