// whale.c -- placeholder; the creature's issue fills it in.
#include "sim/whale.h"

#include <stdio.h>
#include <string.h>

#include "sim/world.h"

void whale_config_default(WhaleConfig *cfg) { memset(cfg, 0, sizeof *cfg); }

bool whale_config_set(WhaleConfig *cfg, const char *key, const char *val, char *why, size_t why_n) {
    (void)cfg; (void)key; (void)val;
    snprintf(why, why_n, "unknown parameter");
    return false;
}

bool whale_init(Whale *c, const WhaleConfig *cfg, Vec2 pos, Rng *rng) {
    (void)cfg; (void)rng;
    memset(c, 0, sizeof *c);
    c->pos = pos;
    return true;
}

void whale_free(Whale *c) { (void)c; }
void whale_step(Whale *c, struct World *w) { (void)c; (void)w; }
bool whale_bullet_hit(Whale *c, struct World *w, const struct Bullet *b) { (void)c; (void)w; (void)b; return false; }
bool whale_touches(const Whale *c, Vec2 p, double r) { (void)c; (void)p; (void)r; return false; }
bool whale_blocks_win(const Whale *c) { (void)c; return false; }
void whale_hash(const Whale *c, Hash *h) { hash_f64(h, c->pos.x); hash_f64(h, c->pos.y); }
void whale_probes(const Whale *c, WhaleProbes *out) { (void)c; memset(out, 0, sizeof *out); }
