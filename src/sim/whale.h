// whale.h -- the whale shark: a bouncing head with 8 follow-the-leader segments.
#pragma once
#include <stdbool.h>
#include <stddef.h>

#include "core/hash.h"
#include "core/rng.h"
#include "core/vec2.h"

struct World;
struct Bullet;

// Spawn-line parameters (k=v); defaults from whale_config_default.
typedef struct WhaleConfig {
    double speed; int push_head;
} WhaleConfig;

typedef struct Whale {
    Vec2 pos;
    int hp, hp_max;
    bool alive;
} Whale;

typedef struct WhaleProbes {
    double x, y, bounces, link_error;
} WhaleProbes;

void whale_config_default(WhaleConfig *cfg);
// Sets one spawn parameter from its text. False with a reason in why (e.g.
// "expected an integer 1..64") for an unknown key or a bad value.
bool whale_config_set(WhaleConfig *cfg, const char *key, const char *val, char *why, size_t why_n);
// Builds the creature at pos (px); allocates at load time only. False on no memory.
bool whale_init(Whale *c, const WhaleConfig *cfg, Vec2 pos, Rng *rng);
void whale_free(Whale *c);
// One tick. May read w->player and w->input, spawn bullets and push events.
void whale_step(Whale *c, struct World *w);
// A player bullet reached p: true when the creature absorbs it (hit or blocked);
// damage and events are applied here.
bool whale_bullet_hit(Whale *c, struct World *w, const struct Bullet *b);
// Does a circle (p, r) touch a harmful part of the creature?
bool whale_touches(const Whale *c, Vec2 p, double r);
// Still a living boss the arena needs defeated to be won.
bool whale_blocks_win(const Whale *c);
void whale_hash(const Whale *c, Hash *h);
void whale_probes(const Whale *c, WhaleProbes *out);
