// player.h -- the spider-legged player: a round body that walks floors and
// 45-degree ramps, jumps with variable height, and (issue 3) sticks to walls
// and ceilings and climbs them on IK legs. All feel timers live here so
// replays keep them.
#pragma once
#include <stdbool.h>

#include "core/hash.h"
#include "core/vec2.h"
#include "sim/input.h"
#include "sim/legs.h"

struct World;

typedef enum PlayerState {
    PLAYER_GROUND = 0,
    PLAYER_AIR,
    PLAYER_WALL,               // attached to a wall, overhang or ceiling
} PlayerState;

typedef struct Player {
    Vec2 pos, vel;             // body centre, px; px per tick
    double radius;             // body radius, px (scales with the tile size)
    PlayerState state;
    Vec2 normal;               // surface normal while on ground or wall
    int facing;                // -1 left, +1 right
    int hp, hp_max;
    int coyote;                // ticks left in which a jump still counts as from the ground
    int jump_buffer;           // ticks left of a buffered jump press
    int jump_hold;             // ticks left in which holding jump keeps rising
    int attach_cooldown;       // ticks before a wall can be grabbed again
    int fire_cooldown;
    int invuln;                // ticks of mercy after being hurt
    int shots;                 // bullets fired so far
    Legs legs;
} Player;

// Places the body standing on the bottom of tile (col, row).
void player_init(Player *p, int col, int row, int tile);
void player_step(Player *p, struct World *w, Input in, Input prev);
// Damage from a bullet or contact; respects invulnerability ticks.
void player_hurt(Player *p, struct World *w, int damage);
void player_hash(const Player *p, Hash *h);
