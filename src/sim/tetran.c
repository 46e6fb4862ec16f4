// tetran.c -- placeholder; the creature's issue fills it in.
#include "sim/tetran.h"

#include <stdio.h>
#include <string.h>

#include "sim/world.h"

void tetran_config_default(TetranConfig *cfg) { memset(cfg, 0, sizeof *cfg); }

bool tetran_config_set(TetranConfig *cfg, const char *key, const char *val, char *why, size_t why_n) {
    (void)cfg; (void)key; (void)val;
    snprintf(why, why_n, "unknown parameter");
    return false;
}

bool tetran_init(Tetran *c, const TetranConfig *cfg, Vec2 pos, Rng *rng) {
    (void)cfg; (void)rng;
    memset(c, 0, sizeof *c);
    c->pos = pos;
    return true;
}

void tetran_free(Tetran *c) { (void)c; }
void tetran_step(Tetran *c, struct World *w) { (void)c; (void)w; }
bool tetran_bullet_hit(Tetran *c, struct World *w, const struct Bullet *b) { (void)c; (void)w; (void)b; return false; }
bool tetran_touches(const Tetran *c, Vec2 p, double r) { (void)c; (void)p; (void)r; return false; }
bool tetran_blocks_win(const Tetran *c) { (void)c; return false; }
void tetran_hash(const Tetran *c, Hash *h) { hash_f64(h, c->pos.x); hash_f64(h, c->pos.y); }
void tetran_probes(const Tetran *c, TetranProbes *out) { (void)c; memset(out, 0, sizeof *out); }
