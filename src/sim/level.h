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
#include "sim/map/tilemap.h"

// KIND_<KIND> per creature kind, in list order (creature.h).
typedef enum CreatureKind {
    KIND_NONE = 0,
#define LEVEL_KIND(KIND, prefix, Type, name) KIND_##KIND,
    CREATURES(LEVEL_KIND)
#undef LEVEL_KIND
} CreatureKind;

typedef struct LevelSpawn {
    CreatureKind kind;
    int col, row;
    int line;                  // where it was declared
    union {                    // cfg.prefix: the kind's TypeConfig
#define LEVEL_SPAWN_CONFIG(KIND, prefix, Type, name) Type##Config prefix;
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
    uint64_t hash;             // of the file's content, line ends normalised
} Level;

// Parses a level from memory (reading the file is the harness's job:
// session_load_level); path is used for messages and the default name.
bool level_parse(Level *lv, const char *text, size_t len, const char *path, ParseError *err);
void level_free(Level *lv);
// Hash of a level text as level_parse computes it (BOM dropped, CRLF -> LF).
uint64_t level_text_hash(const char *text, size_t len);
