// tentacle.c -- placeholder; the creature's issue fills it in.
#include "sim/tentacle.h"

#include <stdio.h>
#include <string.h>

#include "sim/world.h"

void tentacle_config_default(TentacleConfig *cfg) { memset(cfg, 0, sizeof *cfg); }

bool tentacle_config_set(TentacleConfig *cfg, const char *key, const char *val, char *why, size_t why_n) {
    (void)cfg; (void)key; (void)val;
    snprintf(why, why_n, "unknown parameter");
    return false;
}

bool tentacle_init(Tentacle *c, const TentacleConfig *cfg, Vec2 pos, Rng *rng) {
    (void)cfg; (void)rng;
    memset(c, 0, sizeof *c);
    c->pos = pos;
    return true;
}

void tentacle_free(Tentacle *c) { (void)c; }
void tentacle_step(Tentacle *c, struct World *w) { (void)c; (void)w; }
bool tentacle_bullet_hit(Tentacle *c, struct World *w, const struct Bullet *b) { (void)c; (void)w; (void)b; return false; }
bool tentacle_touches(const Tentacle *c, Vec2 p, double r) { (void)c; (void)p; (void)r; return false; }
bool tentacle_blocks_win(const Tentacle *c) { (void)c; return false; }
void tentacle_hash(const Tentacle *c, Hash *h) { hash_f64(h, c->pos.x); hash_f64(h, c->pos.y); }
void tentacle_probes(const Tentacle *c, TentacleProbes *out) { (void)c; memset(out, 0, sizeof *out); }
