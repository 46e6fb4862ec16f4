// level.h -- arena files (levels/*.lvl): parsing and validation.
// The format is specified in docs/level-format.md (and DESIGN.md); every error
// names file:line:col and what was expected.
#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/text.h"
#include "sim/bullets.h"
#include "sim/creatures/creature.h"
#include "sim/map/decor.h"
#include "sim/map/tilemap.h"

// KIND_<KIND> per creature kind, in list order (creature.h).
typedef enum CreatureKind {
    KIND_NONE = 0,
#define LEVEL_KIND(KIND, prefix, Type) KIND_##KIND,
    CREATURES(LEVEL_KIND)
#undef LEVEL_KIND
} CreatureKind;

typedef struct LevelSpawn {
    CreatureKind kind;
    int col, row;
    int line, line_col;        // where it was declared (line_col: the `spawn` token)
    union {                    // cfg.prefix: the kind's TypeConfig
#define LEVEL_SPAWN_CONFIG(KIND, prefix, Type) Type##Config prefix;
        CREATURES(LEVEL_SPAWN_CONFIG)
#undef LEVEL_SPAWN_CONFIG
    } cfg;
} LevelSpawn;

#define LEVEL_MAX_SPAWNS 64        // creature spawn lines
#define LEVEL_TILE_MIN_PX 8        // `tile N`: the tile size's range and default
#define LEVEL_TILE_MAX_PX 128
#define LEVEL_TILE_DEFAULT_PX 32
// `stars N` takes 0..STARS_MAX (starfield.h).
// The largest level file read (harness/session.c reads files; sim parses text).
#define LEVEL_MAX_FILE_BYTES (64u * 1024u * 1024u)

// The level's work budget (docs/level-format.md, "Budget"): what its
// creatures cost per tick, in work units, summed over every spawn line in
// file order, must stay within LEVEL_BUDGET_UNITS; the line that goes past
// it is refused. A unit is about what one tentacle node costs a tick, so
// the budget holds DESIGN.md's largest tentacle boss (32 x 256, with its
// default growth room) and a 64 x 64 Tetran, each alone, and the worst legal level (levels/bench/
// worst.lvl) ticks well within a 60 Hz frame on one core.
//   tetran    arms x segments
//   tentacle  tentacles x (nodes + 2 x grow): the nodes it can grow to
//   whale     its 9 body parts, plus the star work below
//   turret    the bullets it can keep in flight, rate x ceil(ttl / every) (at
//             most BULLETS_MAX_CAP), per LEVEL_BULLETS_PER_UNIT
// Star work: the stars the whales' shields can reach, times the shields'
// push points (9 per whale, 1 with push=head), per LEVEL_STAR_PAIRS_PER_UNIT.
// The stars they can reach: the level's star density times each whale's
// reach, the band two shield radii wide along its body and along the path
// it covers in LEVEL_STAR_RETURN_TICKS at its top speed (a dive:
// WHALE_DIVE_SPEED x speed), plus a shield's disc; at most every star.
// Hit work: the bullets the turrets keep in flight for the player (side=
// player, at most BULLETS_MAX_CAP in all) times the part tests each costs
// in the creatures' boxes (a Tetran 2 + arms, a tentacle boss 2 +
// tentacles, a whale 10: the box, then each chain's box or body circle; the
// broad phase, sim/creatures/hitbox.h, makes the rest follow the parts
// near the bullet), per LEVEL_HIT_TESTS_PER_UNIT.
#define LEVEL_BUDGET_UNITS 10000
#define LEVEL_STAR_PAIRS_PER_UNIT 32
#define LEVEL_HIT_TESTS_PER_UNIT 512   // a box test ~1.7 ns against a unit's ~1 us (docs/bench.md)
// LEVEL_BULLETS_PER_UNIT and LEVEL_STAR_RETURN_TICKS: creature_desc.h (each
// kind's descriptor holds its formulas above).

typedef struct Level {
    char path[1024];           // as given
    char name[128];
    int tile;                  // px, LEVEL_TILE_MIN_PX..LEVEL_TILE_MAX_PX
    int player_col, player_row;
    LevelSpawn spawns[LEVEL_MAX_SPAWNS];
    int spawn_count;
    uint32_t stars;
    int bullets;               // the bullet pool's size, 1..BULLETS_MAX_CAP; 0: BULLETS_DEFAULT_CAP
    uint32_t seed;
    Tilemap map;               // owned
    Decor decor;               // a Tiled map's decoration layers (owned; none from a .lvl): drawn, never simulated
    uint64_t hash;             // of the file's content, line ends normalised
    int64_t units;             // the work units it spends (<= LEVEL_BUDGET_UNITS)
} Level;

// Parses a level from memory (reading the file is the harness's job:
// session_load_level); path is used for messages and the default name.
bool level_parse(Level *lv, const char *text, size_t len, const char *path, ParseError *err);
// The work units of the first n spawns (file order) with the level's stars
// and map (see LEVEL_BUDGET_UNITS); level_parse stores all of them in units.
int64_t level_units(const Level *lv, int n);
void level_free(Level *lv);
// Hash of a level text as level_parse computes it (BOM dropped, CRLF -> LF).
uint64_t level_text_hash(const char *text, size_t len);
