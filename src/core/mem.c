// mem.c -- the counting allocator behind mem.h.
#include "core/mem.h"

#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>

static atomic_uint_fast64_t allocs;

void *mem_alloc(size_t count, size_t size) {
    if (count && size > SIZE_MAX / count) return NULL;
    atomic_fetch_add(&allocs, 1);
    return calloc(count ? count : 1, size ? size : 1);
}

void mem_free(void *p) { free(p); }

uint64_t mem_alloc_count(void) { return (uint64_t)atomic_load(&allocs); }
