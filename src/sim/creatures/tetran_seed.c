// tetran_seed.c -- no safe spot at Tetran (issue 23): a player who stands
// still too long is marked, the core swells and lobs a seed in an arc that
// clears the rock onto the marked spot, where it bursts into shards: the
// lob of creatures/lob.h with the seed's tuning (tetran.h).
#include "sim/creatures/tetran_local.h"
#include "sim/tick.h"

static const LobTuning SEED = {
    .still_radius_px = TETRAN_STILL_RADIUS_PX,
    .still_ticks = TETRAN_STILL_TICKS,
    .windup_ticks = TETRAN_SEED_WINDUP_TICKS,
    .gravity_px = TETRAN_SEED_GRAVITY_PX,
    .flights = TETRAN_SEED_FLIGHTS,
    .radius_px = TETRAN_SEED_RADIUS_PX,
    .airburst_px = TETRAN_SEED_AIRBURST_PX,
    .airburst_step_px = TETRAN_SEED_AIRBURST_STEP_PX,
    .airburst_dirs = TETRAN_SEED_AIRBURST_DIRS,
    .splash = TETRAN_SEED_SPLASH,
    .splash_ttl = TETRAN_SEED_SPLASH_TTL,
    .aimed = TETRAN_SEED_AIMED,
    .spread_rad = TETRAN_SPREAD_RAD,
    .shard_speed_px = TETRAN_SHOT_SPEED_PX * TETRAN_SEED_SHARD_SPEED,
    .shard_radius_px = TETRAN_SHOT_RADIUS_PX,
    .shard_damage = TETRAN_SHOT_DAMAGE,
    .shard_ttl = TETRAN_SHOT_TTL_TICKS,
    .who = WHO_TETRAN,
};

// Not counted in c->shots: that count picks the arm of the next aimed
// shot and measures the fire rate; the seeds have their own count.
void tetran_seed_step(Tetran *c, const TickCtx *ctx) { lob_step(&c->seed, &SEED, c->pos, ctx); }
