// tetran.h -- the Tetran boss: a core with rotating multi-jointed arms and wiggle mode.
#pragma once
#include <stdbool.h>
#include <stddef.h>

#include "core/hash.h"
#include "core/rng.h"
#include "core/vec2.h"

struct World;
struct Bullet;

// Spawn-line parameters (k=v); defaults from tetran_config_default.
typedef struct TetranConfig {
    int arms, segments; double length_px;
} TetranConfig;

typedef struct Tetran {
    Vec2 pos;
    int hp, hp_max;
    bool alive;
} Tetran;

typedef struct TetranProbes {
    double hp, arms, wiggle, link_error, reach, max_reach;
} TetranProbes;

void tetran_config_default(TetranConfig *cfg);
// Sets one spawn parameter from its text. False with a reason in why (e.g.
// "expected an integer 1..64") for an unknown key or a bad value.
bool tetran_config_set(TetranConfig *cfg, const char *key, const char *val, char *why, size_t why_n);
// Builds the creature at pos (px); allocates at load time only. False on no memory.
bool tetran_init(Tetran *c, const TetranConfig *cfg, Vec2 pos, Rng *rng);
void tetran_free(Tetran *c);
// One tick. May read w->player and w->input, spawn bullets and push events.
void tetran_step(Tetran *c, struct World *w);
// A player bullet reached p: true when the creature absorbs it (hit or blocked);
// damage and events are applied here.
bool tetran_bullet_hit(Tetran *c, struct World *w, const struct Bullet *b);
// Does a circle (p, r) touch a harmful part of the creature?
bool tetran_touches(const Tetran *c, Vec2 p, double r);
// Still a living boss the arena needs defeated to be won.
bool tetran_blocks_win(const Tetran *c);
void tetran_hash(const Tetran *c, Hash *h);
void tetran_probes(const Tetran *c, TetranProbes *out);
