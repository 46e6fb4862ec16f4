// tick.h -- the simulation's clock and what one tick hands the creatures:
// the fixed tick rate every layer counts time in, the game state, and the
// narrow per-tick context creature code sees instead of the whole World.
#pragma once
#include <stdbool.h>
#include <stdint.h>

#include "core/rng.h"
#include "core/vec2.h"
#include "sim/bullets.h"
#include "sim/events.h"
#include "sim/map/tilemap.h"
#include "sim/player/player.h"

// Ticks per second of game time. world_step advances one tick (1 /
// SIM_TICK_HZ s); the app steps the world at this rate whatever the frame
// rate, and every duration in the sim is counted in ticks of it.
#define SIM_TICK_HZ 60

typedef enum GameState {
    GAME_PLAYING = 0,
    GAME_WON,
    GAME_LOST,
} GameState;

// The player as creatures see him: a copy of his public state after his own
// step this tick, and what his buttons mean for creatures (the button
// itself stays the player's business).
typedef struct PlayerView {
    Vec2 pos, vel;             // body centre, px; px per tick
    double radius;             // body radius, px
    PlayerState state;
    int hp;
    bool wiggle;               // wiggle mode is on (the button held, as his gauge allows)
} PlayerView;

// What a creature's step and bullet hits may read and write (as Quake III
// hands pmove_t to movement code). world_step builds one per tick after the
// player's step; creatures never see the World.
typedef struct TickCtx {
    int64_t tick;              // the tick being simulated
    GameState state;           // as the last tick left it
    const Tilemap *map;
    PlayerView player;
    Bullets *bullets;          // enemy shots are spawned here
    Events *events;            // what happened, for render and audio
    Rng *rng;                  // the game PRNG
    double shot_speed;         // x every enemy bullet's speed (difficulty; 1 on normal)
    double shot_rate;          // x enemy fire rate: intervals go through tick_fire_interval
} TickCtx;

// A creature's fire interval (ticks) at this tick's fire rate: ticks /
// shot_rate, rounded, at least 1.
static inline int tick_fire_interval(const TickCtx *ctx, int ticks) {
    int n = (int)(ticks / ctx->shot_rate + 0.5);
    return n < 1 ? 1 : n;
}
