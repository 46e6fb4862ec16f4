// starfield.h -- the background stars: each has an origin; a star within a
// pusher's radius (the whale's head and body) moves 2 px per tick straight
// away from the nearest one, any other displaced star eases home by 5% of
// its remaining offset per tick and snaps home (inactive again) once within
// STARFIELD_SNAP_PX.
//
// Cost: a tick touches only the stars near a pusher and the stars still
// away from home. The stars are stored sorted by the cell of a uniform grid
// over the map that holds their ORIGIN (a counting sort at init), so a cell
// is a run of the array: a star at home sits at its origin, so the grid
// finds every resting star a pusher reaches exactly, reading memory in
// order; a displaced star is on the active list, which the tick walks in
// full, testing the pushers only for stars inside the box that holds every
// pusher's disc. No allocation after init.
#pragma once
#include <stdbool.h>
#include <stdint.h>

#include "core/cpu.h"
#include "core/fields.h"
#include "core/hash.h"
#include "core/rng.h"
#include "core/vec2.h"

#define STARS_MAX 2000000          // the most stars a field (and a level's `stars N`) may have
#define STARFIELD_PUSH_PX 2.0      // px per tick away from the pusher
#define STARFIELD_RETURN 0.05      // fraction of the offset recovered per tick
#define STARFIELD_SNAP_PX 0.1      // closer than this to its origin: home, inactive
#define STARFIELD_DISPLACED_PX 0.5 // stars.displaced counts stars farther than this

// A star's state in hash order (core/fields.h).
#define STAR_FIELDS(X)                                                                                          \
    X(VAL, float, x, "current position, px (float: 2M stars fit in 40 MB)")                                     \
    X(VAL, float, y, "")                                                                                        \
    X(SKIP, float, ox, "the origin: drawn from the game PRNG at init, never moved")                             \
    X(SKIP, float, oy, "the origin: drawn from the game PRNG at init, never moved")                             \
    X(SKIP, uint8_t, size, "1..3 px: drawing only")                                                             \
    X(SKIP, uint8_t, bright, "0..255 base brightness: drawing only")                                            \
    X(SKIP, uint8_t, active, "on the active list (away from home or being pushed): 1 exactly for the stars on " \
      "the active list, which is hashed")
typedef struct Star {
    FIELDS_MEMBERS(STAR_FIELDS)
} Star;

// The field in hash order: the counts, then each active star.
#define STARFIELD_FIELDS(X)                                                                                \
    X(OWNP, Star, s, "count stars; owned; the active ones hashed after their index (hash_active)")         \
    X(VAL, uint32_t, count, "")                                                                            \
    X(VAL, uint32_t, displaced, "stars more than 0.5 px from origin")                                      \
    /* Grid by origin: cell c = cy * gw + cx holds stars s[start[c] .. start[c+1]). */                     \
    X(SKIP, double, cell_px, "the grid by origin: built at init from the origins")                         \
    X(SKIP, int, gw, "cells across: built at init")                                                        \
    X(SKIP, int, gh, "cells down: built at init")                                                          \
    X(SKIP, uint32_t *, start, "gw*gh + 1; owned: built at init from the origins")                         \
    /* Per cell, how many of its stars are resting (not on the active list): */                            \
    /* a wake skips a cell with none (behind a whale's head most cells a */                                \
    /* disc reaches were woken on earlier ticks and are still drifting home). */                           \
    X(SKIP, uint32_t *, resting, "gw*gh; owned: follows from the stars' active flags")                     \
    X(OWNP, uint32_t, active, "capacity count; owned: the active stars, in the order they were activated " \
      "(stable compaction), hashed with their stars (hash_active)")                                        \
    X(VAL, uint32_t, active_n, "")                                                                         \
    X(VAL, uint64_t, pushed, "star pushes so far (a star in a radius for a tick)")                         \
    X(HOOK, hash_active)
typedef struct Starfield {
    FIELDS_MEMBERS(STARFIELD_FIELDS)
} Starfield;

// A point that pushes the stars within r px away from it this tick (the
// whale's head and body; world.c gathers them from the creatures).
typedef struct StarPusher {
    double x, y, r;
} StarPusher;

typedef struct StarfieldProbes {
    double count, displaced;
} StarfieldProbes;

// The most pushers starfield_step takes (more are ignored): every creature
// line's whale with its 9.
#define STARFIELD_MAX_PUSHERS 1024

// Scatters n stars (0..STARS_MAX) over a w x h px area with the game PRNG
// (origin, size, brightness, in that order, star after star) and sorts them
// by grid cell (within a cell in the order they were drawn). All memory is
// allocated here. False on no memory.
bool starfield_init(Starfield *sf, uint32_t n, double w, double h, Rng *rng);
void starfield_free(Starfield *sf);
// One tick: stars within a pusher's radius are pushed away from the nearest
// one, the other displaced stars ease home (n may be 0: everything eases
// home; at most STARFIELD_MAX_PUSHERS). Pushers are woken in the order given.
void starfield_step(Starfield *sf, const StarPusher *p, int n);
// The same tick on core/lanes.h's scalar back end, or on back end k (one
// this build cannot run: scalar), where starfield_step takes the fastest
// (lanes_best): one text (starfield_lanes.h), the same bits on every back
// end (the tests compare them).
void starfield_step_scalar(Starfield *sf, const StarPusher *p, int n);
void starfield_step_on(Starfield *sf, const StarPusher *p, int n, LanesKind k);
// Grid cell range (inclusive, clamped to the grid) covering the box
// [x0,x1] x [y0,y1] px. False when the box misses the grid entirely.
bool starfield_cells(const Starfield *sf, double x0, double y0, double x1, double y1, int *c0, int *r0,
                     int *c1, int *r1);
// Writes (at most max) the indices of stars whose ORIGIN lies strictly
// within r px of (x, y), found through the grid; returns how many there are.
uint32_t starfield_query(const Starfield *sf, double x, double y, double r, uint32_t *out, uint32_t max);
void starfield_hash(const Starfield *sf, Hash *h);
void starfield_probes(const Starfield *sf, StarfieldProbes *out);
