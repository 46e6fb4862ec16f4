// mem.h -- counted allocation. Everything sim/ allocates goes through here,
// so `bossrush --bench` can report allocations per tick (the rule: none
// inside world_step once a level is loaded).
#pragma once
#include <stddef.h>
#include <stdint.h>

// calloc that returns NULL on overflow or failure; counts the call.
void *mem_alloc(size_t count, size_t size);
void mem_free(void *p);
// Allocations made so far by this process through mem_alloc.
uint64_t mem_alloc_count(void);
