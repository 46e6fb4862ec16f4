// tetran_local.h -- Tetran's insides shared by its files (tetran.c, the
// arms and the fight; tetran_seed.c, the seed lobbed at a player who
// stands still). Not for other modules: they use tetran.h.
#pragma once
#include "sim/creatures/tetran.h"

struct TickCtx;

// One tick of the seed (docs/tetran.md, "The seed"): counts how long the
// player has stood still, winds up, lobs and moves the seed and bursts it
// into shards. Called by tetran_step while the boss is alive and firing.
void tetran_seed_step(Tetran *c, const struct TickCtx *ctx);
