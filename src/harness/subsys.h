// subsys.h -- the state hash split by subsystem, so a desync can say what
// broke: `player`, `legs`, `bullets`, one per creature (`tetran[0]`,
// `whale[1]` ...: the kind's prefix from the creature list and its place
// among that kind's creatures in spawn order), `stars` and `rng`.
// Recordings write them after each checksum as `NAME=HASH` tokens (8 hex
// digits each, docs/script-format.md); the full world_hash stays the
// verdict, these only name the culprits. Together they cover every field
// world_hash reads: `player` also holds the World's own fields (tick, game
// state, the buttons, difficulty, assist).
#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sim/level.h"

struct World;

// Subsystem kinds, in the order they are listed (recordings, messages).
typedef enum SubsysKind {
    SUBSYS_PLAYER = 0,
    SUBSYS_LEGS,
    SUBSYS_BULLETS,
#define SUBSYS_KIND(KIND, prefix, Type) SUBSYS_##KIND,
    CREATURES(SUBSYS_KIND)
#undef SUBSYS_KIND
    SUBSYS_STARS,
    SUBSYS_RNG,
    SUBSYS_KIND_COUNT,
} SubsysKind;

// The most subsystems a World has: five plus one per creature.
#define SUBSYS_MAX (5 + LEVEL_MAX_SPAWNS)
// The longest name ("tentacle[63]"), NUL included.
#define SUBSYS_NAME_MAX 24

typedef struct SubsysHash {
    uint8_t kind;              // SubsysKind
    uint8_t index;             // creatures: the place among its kind; else 0
    uint32_t hash;             // the low 32 bits of the subsystem's 64-bit FNV-1a hash
} SubsysHash;

// Every subsystem of w with its hash, in listing order; returns how many
// (at most SUBSYS_MAX).
int subsys_hashes(const struct World *w, SubsysHash out[SUBSYS_MAX]);
// "player", "tetran[0]" ... into buf (SUBSYS_NAME_MAX is enough).
void subsys_name(const SubsysHash *h, char *buf, size_t n);
// The kind and index a name means; false for an unknown name or an index
// past LEVEL_MAX_SPAWNS - 1.
bool subsys_parse_name(const char *s, size_t len, uint8_t *kind, uint8_t *index);
// The tokens a recording writes after a checksum: " NAME=HHHHHHHH" per
// subsystem, into buf (SUBSYS_FORMAT_MAX bytes is always enough).
#define SUBSYS_FORMAT_MAX (SUBSYS_MAX * (SUBSYS_NAME_MAX + 10) + 1)
void subsys_format(const SubsysHash *h, int n, char *buf, size_t size);
// Compares the hashes a recording stored with those of the World now:
// writes "desync in A, B (C, D in sync)" into buf ("(none in sync)" when
// every one differs). A recorded subsystem the World lacks counts as
// diverged. Returns how many diverged (0: buf is "").
int subsys_compare(const SubsysHash *recorded, int nrec, const SubsysHash *now, int nnow, char *buf, size_t n);
