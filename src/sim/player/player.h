// player.h -- the spider-legged player: a round body that walks floors and
// 45-degree ramps, jumps with variable height, sticks to walls and ceilings
// and climbs them (legs.c draws legs on it). All feel timers live here so
// replays keep them.
//
// Collision: the body is a circle. It moves in sub-steps of at most r/2 and
// after each is pushed out of solid along the nearest-surface normal
// (tilemap_nearest over the union of tile shapes, so tile seams are
// invisible). A contact normal with y <= -cos 45 is a floor; anything else
// (walls, overhangs, ceilings, the F/7 undersides) is climbable.
//
// States: GROUND walks along the floor tangent at a horizontal speed and
// snaps down to the floor every tick (ramps and crests never leave it);
// walking off a ledge starts coyote time. AIR falls; touching a climbable
// surface attaches (WALL) unless attach_cooldown > 0; touching a floor lands.
// WALL has no gravity: the held 8-way direction projected on the surface
// tangent climbs at PLAYER_CLIMB_SPEED (at an inner corner, along whichever
// surface does not run into the other), and the body is re-stuck at exactly
// r from the nearest surface point, so it arcs round outer corners. Reaching
// a floor lands; jump leaps along the normal (the mean of two at an inner
// corner) plus an upward bias for walls. Events: EV_JUMP (a = 0 from the
// ground, 1 a leap off a wall or ceiling), EV_LAND, EV_ATTACH, EV_SHOT.
#pragma once
#include <stdbool.h>

#include "core/hash.h"
#include "core/vec2.h"
#include "sim/bullets.h"
#include "sim/events.h"
#include "sim/input.h"
#include "sim/map/tilemap.h"
#include "sim/player/legs.h"

// Feel constants. Distances and speeds are for a PLAYER_REF_TILE_PX tile and
// scale with tile / PLAYER_REF_TILE_PX (the body radius is 12 px at tile 32);
// times are ticks (SIM_TICK_HZ a second).
#define PLAYER_REF_TILE_PX 32.0    // the tile size the feel constants are written for
#define PLAYER_RADIUS_PX 12.0      // body radius
#define PLAYER_WALK_SPEED 3.0      // px/tick top ground speed (horizontal)
#define PLAYER_GROUND_ACCEL 0.6    // px/tick^2 toward the held direction (5 ticks to top speed)
#define PLAYER_GROUND_DECEL 0.8    // px/tick^2 when nothing is held (stops in 4 ticks)
#define PLAYER_TURN_ACCEL 1.2      // px/tick^2 when holding against the motion
#define PLAYER_AIR_ACCEL 0.4       // px/tick^2 air control
#define PLAYER_AIR_DECEL 0.15      // px/tick^2 air drag with nothing held
#define PLAYER_GRAVITY 0.55        // px/tick^2
#define PLAYER_GRAVITY_HOLD 0.30   // px/tick^2 while rising with jump held (jump_hold > 0)
#define PLAYER_JUMP_SPEED 7.5      // px/tick upward on a ground jump (full jump ~84 px)
#define PLAYER_JUMP_HOLD_TICKS 14  // ticks of low gravity while jump stays held
#define PLAYER_JUMP_CUT_SPEED 2.5  // releasing jump caps the rise speed to this (short hop ~15 px)
#define PLAYER_MAX_FALL 10.0       // px/tick terminal fall speed
#define PLAYER_COYOTE_TICKS 6      // a jump still counts this many ticks after walking off a ledge
#define PLAYER_JUMP_BUFFER_TICKS 6 // a press counts during this many ticks (from the press tick)
#define PLAYER_CLIMB_SPEED 2.0     // px/tick along a wall or ceiling
#define PLAYER_CLIMB_MIN_PROJ 0.2  // held direction must project at least this much on the surface
#define PLAYER_LEAP_SPEED 6.0      // px/tick along the surface normal on a wall/ceiling jump
#define PLAYER_LEAP_UP 4.0         // px/tick extra upward on a wall jump (fades to 0 for ceilings)
#define PLAYER_ATTACH_COOLDOWN_TICKS 10 // after a wall/ceiling jump no surface can be grabbed
#define PLAYER_HOP_COOLDOWN_TICKS 5     // the same after a ground jump: enough to hop onto a
                                        // one-tile ledge while holding toward it
#define PLAYER_FIRE_COOLDOWN_TICKS 8    // ticks between shots while fire is held
#define PLAYER_BULLET_SPEED 10.0   // px/tick
#define PLAYER_BULLET_RADIUS 3.0   // px
#define PLAYER_BULLET_DAMAGE 1
#define PLAYER_BULLET_TTL 90       // ticks
#define PLAYER_INVULN_TICKS 60     // mercy ticks after being hurt

typedef enum PlayerState {
    PLAYER_GROUND = 0,
    PLAYER_AIR,
    PLAYER_WALL,               // attached to a wall, overhang or ceiling
} PlayerState;

typedef struct Player {
    Vec2 pos, vel;             // body centre, px; px per tick (on the ground: along the floor)
    double radius;             // body radius, px (scales with the tile size)
    PlayerState state;
    Vec2 normal;               // unit surface normal (surface -> body) on ground or wall;
                               // at an inner corner the mean of the two; (0,-1) in the air
    double ground_speed;       // horizontal px/tick while on the ground (follows ramps)
    int facing;                // -1 left, +1 right
    int hp, hp_max;
    int coyote;                // ticks left in which a jump still counts as from the ground
    int jump_buffer;           // ticks left of a buffered jump press
    int jump_hold;             // ticks left in which holding jump keeps rising
    int attach_cooldown;       // ticks before a wall can be grabbed again
    int fire_cooldown;         // ticks before the next shot
    int invuln;                // ticks of mercy after being hurt
    int shots;                 // bullets fired so far
    Legs legs;
} Player;

// What the player's step may touch besides himself (world_step builds it).
typedef struct PlayerCtx {
    const Tilemap *map;
    Bullets *bullets;          // his shots
    Events *events;
} PlayerCtx;

// Places the body standing on the bottom of tile (col, row).
void player_init(Player *p, int col, int row, int tile);
// One tick: timers, movement (ground, air or wall), firing, then the legs.
// in/prev are this tick's and the last tick's buttons (press edges).
void player_step(Player *p, const PlayerCtx *ctx, Input in, Input prev);
// Damage from a bullet or contact; respects invulnerability ticks; pushes
// EV_PLAYER_HURT to ev.
void player_hurt(Player *p, Events *ev, int damage);
void player_hash(const Player *p, Hash *h);
