// tick.h -- the simulation's clock: the fixed tick rate every layer counts
// time in, and the game state a tick ends in.
#pragma once

// Ticks per second of game time. world_step advances one tick (1 /
// SIM_TICK_HZ s); the app steps the world at this rate whatever the frame
// rate, and every duration in the sim is counted in ticks of it.
#define SIM_TICK_HZ 60

typedef enum GameState {
    GAME_PLAYING = 0,
    GAME_WON,
    GAME_LOST,
} GameState;
