// tetran_local.h -- Tetran's insides shared by its files (tetran.c, the
// arms and the fight; tetran_seed.c, the seed lobbed at a player who
// stands still; tetran_fall.c, the death as a body). Not for other modules: they use tetran.h.
#pragma once
#include "sim/creatures/tetran.h"

struct TickCtx;

// One tick of the seed (docs/tetran.md, "The seed"): counts how long the
// player has stood still, winds up, lobs and moves the seed and bursts it
// into shards. Called by tetran_step while the boss is alive and firing.
void tetran_seed_step(Tetran *c, const struct TickCtx *ctx);

// The blow that took the last hp: the body goes limp, each joint setting
// off at the speed the spin gave it; EV_BOSS_DOWN.
void tetran_die(Tetran *c, const struct TickCtx *ctx);
// One tick of the dead body (TETRAN_FALL_TICKS after the death): the core
// drops onto the rock, each arm a limp chain hanging from it.
void tetran_fall_step(Tetran *c, const struct TickCtx *ctx);
