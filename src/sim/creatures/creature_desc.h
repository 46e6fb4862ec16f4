// creature_desc.h -- what a creature kind tells the rest of the game about
// itself: one CreatureDesc per kind, defined in the kind's own files
// (prefix_desc() in prefix.c). The level's budget, the parsers' lists and
// messages of kinds (creature_kinds_text), README's kind table and
// docs/creatures.md's list come from the descriptors, never from a list
// written by hand (tests/unit/test_creatures.c checks the docs; make docs
// writes them).
#pragma once
#include <stddef.h>
#include <stdint.h>

#include "sim/creatures/params.h"

// Budget units (level.h, docs/level-format.md "Budget") a kind's cost
// formulas use: a bullet in flight costs ~80 instructions a tick
// (docs/bench.md); a pushed star takes about this long to come home.
#define LEVEL_BULLETS_PER_UNIT 25
#define LEVEL_STAR_RETURN_TICKS 128

typedef struct CreatureDesc {
    const char *name;          // the level keyword, the probes' prefix: the list's prefix
    const char *boss_name;     // on the boss bar
    // Its place in the step, bullet, contact and hash order (replays depend
    // on it): the number of the slot its header fills (creature.h), never
    // reused once given (creature.h keeps the retired ones).
    int hash_order;
    const char *summary;       // one line for README's kind table
    const char *cost;          // its work units, docs/level-format.md's budget table (Markdown)
    const ParamTable *(*params)(void);   // its spawn parameters
    // What one costs the level's budget, given its spawn parameters (cfg
    // is its TypeConfig): its own work units a tick; the part tests a
    // player bullet inside its box costs; the player-side bullets it keeps
    // in flight (at most BULLETS_MAX_CAP). Any may be NULL: none.
    int64_t (*units)(const void *cfg);
    int64_t (*hit_tests)(const void *cfg);
    int64_t (*player_bullets)(const void *cfg);
    // The area its star pushers sweep while a pushed star comes home, px^2,
    // and how many pushers it hands the starfield (*pushers); NULL: it
    // pushes no stars.
    double (*star_reach)(const void *cfg, int *pushers);
} CreatureDesc;
