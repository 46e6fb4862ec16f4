// snapshot.h -- World snapshots for seeking a replay: byte images of the
// heap blocks a World is made of (session_snap_init), restored into the same
// World. That is a deep copy that needs no code per kind of state: every
// pointer inside the World points into those same blocks, which live as
// long as the World, and world_step never allocates or frees, so an image
// written back is the World as it was, bit for bit.
//
// Memory is bounded by a byte budget for the snapshots, besides the fixed
// part (the base image and a scratch image, twice the World, and the piece
// tables), so the snapshots' room does not shrink as the World grows. The
// store keeps the base image (the World when the store was made) and
// snapshots every `interval` ticks
// (t % interval == 0, t = 0, 60, 120 ... at first); a snapshot holds only
// the SNAP_CHUNK-byte pieces that differ from the base (most bullets are
// dead, most stars at home). When the next snapshot would pass the budget,
// the interval doubles and the snapshots off the new interval are dropped,
// so any length of replay fits and seeking costs at most one restore plus
// `interval - 1` ticks of simulation.
//
//     SnapStore st;
//     snap_init(&st, s.w, &s.blocks, SNAP_DEFAULT_BUDGET);   // at tick -1
//     ... session_step(&s, &in); snap_offer(&st); ...   (or snap_sink, pipeline.h)
//     int64_t t = snap_restore(&st, target);   // the World is at tick t <= target
//     while (t++ < target) session_step(&s, &(Input){input_of(t)});
#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/mem.h"

struct World;

#define SNAP_CHUNK 4096                          // bytes compared and kept as one piece
#define SNAP_DEFAULT_BUDGET ((size_t)64 << 20)   // 64 MiB: a 10-minute arena keeps a snapshot a second
#define SNAP_FIRST_INTERVAL 60                   // ticks between snapshots until the budget is reached

typedef struct SnapPiece {
    uint8_t *p;                // where in the World's memory
    uint32_t len;              // 1..SNAP_CHUNK
    size_t base_at;            // its offset in the base image
} SnapPiece;

typedef struct Snap {
    int64_t tick;
    uint32_t *changed;         // indices of the pieces that differ from the base, ascending
    uint32_t n_changed;
    uint8_t *data;             // their bytes, in that order
    size_t bytes;              // what this snapshot costs (data + indices)
} Snap;

typedef struct SnapStore {
    struct World *w;
    SnapPiece *pieces;
    uint32_t n_pieces;
    size_t world_bytes;        // sum of the World's blocks
    uint8_t *base;             // the World when the store was made
    int64_t base_tick;
    uint8_t *scratch;          // world_bytes, for building a snapshot
    uint32_t *scratch_idx;     // n_pieces
    Snap *snaps;               // ascending ticks
    int n, cap;
    int64_t interval;          // ticks between snapshots, SNAP_FIRST_INTERVAL * 2^k
    size_t budget;             // bytes the snapshots may use
    size_t used;               // bytes they use now (their pieces, indices and table)
    size_t fixed;              // bytes kept whatever the budget: base, scratch, piece tables
} SnapStore;

// Builds a store for w, whose heap blocks are *blocks (session_snap_init), and
// takes the base image now. budget 0 means SNAP_DEFAULT_BUDGET, for the
// snapshots alone; the base and the working buffers (twice the World, `fixed`)
// are kept besides.
// False on no memory or when the block list overflowed.
bool snap_init(SnapStore *st, struct World *w, const MemTrack *blocks, size_t budget);
void snap_free(SnapStore *st);
// Offers the World as it is now: kept when w->tick is on the interval and
// after the newest snapshot. False only on no memory (nothing kept).
bool snap_offer(SnapStore *st);
// Writes back the newest snapshot at or before tick (the base when there
// is none) and returns the tick the World is at now.
int64_t snap_restore(SnapStore *st, int64_t tick);
// Drops the snapshots after tick (the World's future changed: a take-over).
void snap_drop_after(SnapStore *st, int64_t tick);
// A full image of the World, for parking a World while the same World
// computes something else (the viewer's scan ahead): world_bytes bytes.
void snap_save_image(const SnapStore *st, uint8_t *image);
void snap_load_image(SnapStore *st, const uint8_t *image);
