// mem.h -- counted allocation. Everything sim/ allocates goes through here,
// so `bossrush --bench` can report allocations per tick (the rule: none
// inside world_step once a level is loaded), and so the blocks a World is
// made of can be listed (mem_track_begin) for snapshots of it.
#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

// calloc that returns NULL on overflow or failure; counts the call.
void *mem_alloc(size_t count, size_t size);
void mem_free(void *p);
// Allocations made so far by this process through mem_alloc.
uint64_t mem_alloc_count(void);

// One block mem_alloc handed out.
typedef struct MemBlock {
    void *p;
    size_t bytes;
} MemBlock;

// A list of live blocks, in the order they were allocated; the caller owns
// the array (cap entries). Blocks past cap set overflow instead.
typedef struct MemTrack {
    MemBlock *b;
    int cap, n;
    bool overflow;
} MemTrack;

// From mem_track_begin(t) to mem_track_end(), every mem_alloc of this
// thread is appended to t and every mem_free of a listed block removes it,
// so t ends up holding exactly the blocks still alive (a World's, when
// world_create runs in between: world_step never allocates or frees).
// Not nested.
void mem_track_begin(MemTrack *t);
void mem_track_end(void);
