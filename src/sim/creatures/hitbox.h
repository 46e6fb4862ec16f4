// hitbox.h -- a creature's broad phase over its own parts, so a player
// bullet inside a creature's box costs the parts near it, not every part.
// The parts are chains of segments (a Tetran's arms, a tentacle's links);
// each chain keeps a box round all of its segments and one round each run
// of HITBOX_CHUNK segments, every segment's box grown by the most its hit
// test can reach round it (its width) plus HITBOX_SLACK_PX for rounding. A
// segment whose box a query's box misses cannot be hit, so the hit tests
// skip it and nothing else: the same segments are hit, in the same order.
//
// The boxes are built from the parts' positions when first asked for after
// the creature moved (its step clears `ok`), at most once a tick, in
// memory allocated at spawn (never inside world_step). They are not state:
// they follow from the positions, and are left out of the hash.
#pragma once
#include <stdbool.h>

#include "core/vec2.h"

#define HITBOX_CHUNK 8             // segments per chunk box
#define HITBOX_SLACK_PX 1.0        // more than any rounding of a hit test's distance

typedef struct HitBoxes {
    Box *box;                  // per chain: its box, then its chunks' boxes; chains * (1 + chunks); owned
    int chains;                // chains it has room for
    int chunks;                // chunk boxes per chain
    bool ok;                   // built since the parts last moved
} HitBoxes;

// Room for `chains` chains of up to `segments` segments each. False on no
// memory (*h is then empty).
bool hitbox_init(HitBoxes *h, int chains, int segments);
void hitbox_free(HitBoxes *h);

// Chain a's boxes emptied (they meet nothing), then grown by each segment.
void hitbox_chain_clear(HitBoxes *h, int a);
// Segment i of chain a, from p0 to p1, hits reach px round it at most.
// NaN positions are left out (no hit test is true for them).
static inline void hitbox_add(HitBoxes *h, int a, int i, Vec2 p0, Vec2 p1, double reach) {
    Box *chain = &h->box[(long)a * (1 + h->chunks)];
    Box *chunk = &chain[1 + i / HITBOX_CHUNK];
    Box s = box_around(p0, reach + HITBOX_SLACK_PX);
    box_add(&s, box_around(p1, reach + HITBOX_SLACK_PX));
    // s's NaN sides (a NaN end) stay out: box_add keeps the side it has.
    box_add(chunk, s);
    box_add(chain, s);
}
// May chain a's segments meet q? Chunk k's (segments k * HITBOX_CHUNK ..)?
static inline bool hitbox_chain_may(const HitBoxes *h, int a, Box q) {
    return box_overlap(q, h->box[(long)a * (1 + h->chunks)]);
}
static inline bool hitbox_chunk_may(const HitBoxes *h, int a, int k, Box q) {
    return box_overlap(q, h->box[(long)a * (1 + h->chunks) + 1 + k]);
}
