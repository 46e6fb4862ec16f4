// cpu.c -- the processor's vector extensions (cpu.h).
#include "core/cpu.h"

bool cpu_has_avx2(void) {
#if defined(__x86_64__) && defined(__GNUC__)
    return __builtin_cpu_supports("avx2");
#else
    return false;
#endif
}
