// mem.c -- the counting allocator behind mem.h, and block tracking.
#include "core/mem.h"

#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static atomic_uint_fast64_t allocs;
// The list being filled, per thread (mem_track_begin); NULL when none.
static _Thread_local MemTrack *track;

void *mem_alloc(size_t count, size_t size) {
    if (count && size > SIZE_MAX / count) return NULL;
    atomic_fetch_add(&allocs, 1);
    size_t c = count ? count : 1, s = size ? size : 1;
    void *p = calloc(c, s);
    if (p && track) {
        if (track->n < track->cap) track->b[track->n++] = (MemBlock){p, c * s};
        else track->overflow = true;
    }
    return p;
}

void mem_free(void *p) {
    if (p && track)
        for (int i = track->n - 1; i >= 0; i--)
            if (track->b[i].p == p) {
                memmove(track->b + i, track->b + i + 1, (size_t)(track->n - i - 1) * sizeof *track->b);
                track->n--;
                break;
            }
    free(p);
}

uint64_t mem_alloc_count(void) { return (uint64_t)atomic_load(&allocs); }

void mem_track_begin(MemTrack *t) {
    t->n = 0;
    t->overflow = false;
    track = t;
}

void mem_track_end(void) { track = NULL; }
