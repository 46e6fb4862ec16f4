// tentacle.h -- the tentacle boss: homing tentacles that fire when their tip points at the player.
#pragma once
#include <stdbool.h>
#include <stddef.h>

#include "core/hash.h"
#include "core/rng.h"
#include "core/vec2.h"

struct World;
struct Bullet;

// Spawn-line parameters (k=v); defaults from tentacle_config_default.
typedef struct TentacleConfig {
    int tentacles, nodes; double link_px;
} TentacleConfig;

typedef struct Tentacle {
    Vec2 pos;
    int hp, hp_max;
    bool alive;
} Tentacle;

typedef struct TentacleProbes {
    double hp, count, shots, link_error, reach, max_reach, overreach;
} TentacleProbes;

void tentacle_config_default(TentacleConfig *cfg);
// Sets one spawn parameter from its text. False with a reason in why (e.g.
// "expected an integer 1..64") for an unknown key or a bad value.
bool tentacle_config_set(TentacleConfig *cfg, const char *key, const char *val, char *why, size_t why_n);
// Builds the creature at pos (px); allocates at load time only. False on no memory.
bool tentacle_init(Tentacle *c, const TentacleConfig *cfg, Vec2 pos, Rng *rng);
void tentacle_free(Tentacle *c);
// One tick. May read w->player and w->input, spawn bullets and push events.
void tentacle_step(Tentacle *c, struct World *w);
// A player bullet reached p: true when the creature absorbs it (hit or blocked);
// damage and events are applied here.
bool tentacle_bullet_hit(Tentacle *c, struct World *w, const struct Bullet *b);
// Does a circle (p, r) touch a harmful part of the creature?
bool tentacle_touches(const Tentacle *c, Vec2 p, double r);
// Still a living boss the arena needs defeated to be won.
bool tentacle_blocks_win(const Tentacle *c);
void tentacle_hash(const Tentacle *c, Hash *h);
void tentacle_probes(const Tentacle *c, TentacleProbes *out);
