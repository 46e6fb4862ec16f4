// player.h -- the spider-legged player: a round body that walks floors and
// 45-degree ramps, jumps with variable height, sticks to walls and ceilings
// and climbs them (legs.c draws legs on it), aims (lock), dashes, wiggles
// Tetran's arms from a gauge and takes hits. All feel timers live here so
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
// walking off a ledge starts coyote time. AIR falls; a floor it meets lands
// it; a climbable surface it meets or touches (within TOUCH_PX, not moving
// away from it) attaches (WALL), except (a) the surfaces a wall leap left,
// for attach_cooldown ticks, and (b) a wall face while a held jump still
// rises (the body slides up it and grabs when the hold ends: a jump beside
// a wall keeps its height, one held toward a low step clears it). WALL has
// no gravity: the held 8-way direction projected on the surface tangent
// climbs at PLAYER_CLIMB_SPEED (at an inner corner, along whichever surface
// does not run into the other), and the body is re-stuck at exactly r from
// the nearest surface point, so it arcs round outer corners. Reaching a floor lands; jump leaps
// along the normal (the mean of two at an inner corner) plus an upward bias
// for walls.
//
// Verbs: lock (held) freezes movement input -- on the ground or a wall the
// body stays put, in the air it keeps its momentum -- and the directions
// only aim; jump and dash still work. The aim is the held direction, else
// the facing (attached to a wall: away from the wall; on a ceiling the last
// horizontal facing); on a wall a direction into the rock loses its part
// into the rock. Dash (press) flies dash_dir for PLAYER_DASH_TICKS with
// collisions (sliding along what it meets), invulnerable, from the ground,
// a wall (detaching) or the air (one charge, refilled on the ground or a
// wall). Events: EV_JUMP (a = 0 from the ground, 1 a leap off a wall or
// ceiling), EV_LAND, EV_ATTACH, EV_SHOT, EV_DASH, EV_PLAYER_HURT,
// EV_PLAYER_DEAD, EV_WIGGLE_EMPTY, EV_WIGGLE_READY.
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
#define PLAYER_ATTACH_COOLDOWN_TICKS 10 // after a wall/ceiling leap the surfaces it left cannot be grabbed
#define PLAYER_SAME_SURFACE_DOT 0.9     // ...a contact is one of them when its normal is this close
#define PLAYER_SAME_SURFACE_PX 2.0      // ...and its point this near that surface's line
#define PLAYER_FIRE_COOLDOWN_TICKS 8    // ticks between shots while fire is held
#define PLAYER_BULLET_SPEED 10.0   // px/tick
#define PLAYER_BULLET_RADIUS 3.0   // px
#define PLAYER_BULLET_DAMAGE 1
#define PLAYER_BULLET_TTL 90       // ticks
#define PLAYER_HP 10               // hearts at difficulty normal (world.c's difficulty table sets each one's)
#define PLAYER_INVULN_TICKS 60     // mercy ticks after being hurt
#define PLAYER_KNOCK_SPEED 4.0     // px/tick away from what hit him, times the hit's sideways part...
#define PLAYER_KNOCK_UP 3.0        // ...and px/tick upward: a short hop back
#define PLAYER_KNOCK_TICKS 10      // ticks without movement input after a hit (on a wall: no push)
// Dash: PLAYER_DASH_TICKS at PLAYER_DASH_SPEED covers 108 px (3.4 tiles) on
// flat ground, then leaves at PLAYER_DASH_END_SPEED along the dash.
#define PLAYER_DASH_TICKS 9
#define PLAYER_DASH_SPEED 12.0     // px/tick
#define PLAYER_DASH_END_SPEED 4.0  // px/tick
#define PLAYER_DASH_INVULN_TICKS 12 // invulnerable from the dash's first tick (3 ticks past its end)
#define PLAYER_DASH_COOLDOWN_TICKS 14 // ticks after a dash ends before the next can start
// Wiggle gauge (Tetran's wiggle mode as the player's tool): units of
// 1/PLAYER_WIGGLE_FULL of a full gauge. Full lasts 120 ticks held (2 s);
// empty refills in 180 (3 s); emptied, it locks out until it is back at
// PLAYER_WIGGLE_RESUME (60 ticks, 1 s), even while held.
#define PLAYER_WIGGLE_FULL 3600
#define PLAYER_WIGGLE_DRAIN 30     // units per tick held
#define PLAYER_WIGGLE_REFILL 20    // units per tick released (or locked out)
#define PLAYER_WIGGLE_RESUME 1200  // a third

typedef enum PlayerState {
    PLAYER_GROUND = 0,
    PLAYER_AIR,
    PLAYER_WALL,               // attached to a wall, overhang or ceiling
} PlayerState;

// The body's state in hash order (core/fields.h): the `player` subsystem of
// a recording's per-subsystem hashes; the legs follow it (`legs`).
#define PLAYER_BODY_FIELDS(X)                                                                                    \
    X(VAL, Vec2, pos, "body centre, px")                                                                         \
    X(VAL, Vec2, vel, "px per tick (on the ground: along the floor)")                                            \
    X(VAL, double, radius, "body radius, px (scales with the tile size)")                                        \
    X(VAL, PlayerState, state, "")                                                                               \
    X(VAL, Vec2, normal, "unit surface normal (surface -> body) on ground or wall; at an inner corner the mean " \
      "of the two; (0,-1) in the air")                                                                           \
    X(VAL, double, ground_speed, "horizontal px/tick while on the ground (follows ramps)")                       \
    X(VAL, int, facing, "-1 left, +1 right")                                                                     \
    X(VAL, Vec2, aim, "unit, one of 8 directions: where shots go")                                               \
    X(VAL, int, hp, "")                                                                                          \
    X(VAL, int, hp_max, "")                                                                                      \
    X(VAL, int, hits, "times hurt so far")                                                                       \
    X(VAL, int, coyote, "ticks left in which a jump still counts as from the ground")                            \
    X(VAL, int, jump_buffer, "ticks left of a buffered jump press")                                              \
    X(VAL, int, jump_hold, "ticks left in which holding jump keeps rising")                                      \
    X(VAL, int, attach_cooldown, "ticks before the surfaces of the last leap can be grabbed again")              \
    X(VAL, int, leap_ns, "those surfaces (0..2): normals, and the body centre at the leap")                      \
    X(ARR, Vec2, leap_n, 2, "")                                                                                  \
    X(VAL, Vec2, leap_pos, "")                                                                                   \
    X(VAL, int, fire_cooldown, "ticks before the next shot")                                                     \
    X(VAL, int, invuln, "ticks of invulnerability left (hurt mercy, dashing)")                                   \
    X(VAL, int, knock, "ticks left of a hit's knock-back (no movement input)")                                   \
    X(VAL, int, shots, "bullets fired so far")                                                                   \
    X(VAL, int, dash_ticks, "moves left of the current dash, this tick's included (PLAYER_DASH_TICKS on its "    \
      "first tick, 1 on its last); 0: none")                                                                     \
    X(VAL, int, dash_cooldown, "ticks before a dash can start again")                                            \
    X(VAL, bool, dash_ready, "the dash charge: spent by a dash, refilled on ground or wall")                     \
    X(VAL, bool, wiggle, "wiggle mode this tick (the button, as the gauge allows)")                              \
    X(VAL, bool, wiggle_locked, "the gauge ran empty: no wiggle until PLAYER_WIGGLE_RESUME")                     \
    X(VAL, int, wiggle_gauge, "0..PLAYER_WIGGLE_FULL")                                                           \
    X(VAL, Vec2, dash_dir, "unit direction of the current (or last) dash")                                       \
    X(VAL, Vec2, dash_from, "where it started (a trail runs from here to pos)")
#define PLAYER_FIELDS(X)              \
    PLAYER_BODY_FIELDS(X)             \
    X(SUB, Legs, legs, legs_hash, "")
typedef struct Player {
    FIELDS_MEMBERS(PLAYER_FIELDS)
} Player;

// What the player's step may touch besides himself (world_step builds it).
typedef struct PlayerCtx {
    const Tilemap *map;
    Bullets *bullets;          // his shots
    Events *events;
    bool assist_wiggle;        // wiggle mode costs nothing (the gauge stays full)
} PlayerCtx;

// Places the body standing on the bottom of tile (col, row).
void player_init(Player *p, int col, int row, int tile);
// One tick: timers, the wiggle gauge, aim, dash, movement (ground, air,
// wall or dash), firing, then the legs. in/prev are this tick's and the
// last tick's buttons (press edges).
void player_step(Player *p, const PlayerCtx *ctx, Input in, Input prev);
// Damage from a bullet or contact at `from` (px; the bullet, the creature)
// fired or made by `who`; respects invulnerability. Knocks the body back
// away from `from` (not while attached), counts the hit, pushes
// EV_PLAYER_HURT (who, a = damage, x, y = from) and, at 0 hp, EV_PLAYER_DEAD.
void player_hurt(Player *p, Events *ev, int damage, Vec2 from, EventWho who);
// Feeds the whole player to h: the body (player_hash_body), then its legs
// (legs_hash). The body alone is the `player` subsystem of a recording's
// per-subsystem hashes (harness/subsys.h).
void player_hash(const Player *p, Hash *h);
void player_hash_body(const Player *p, Hash *h);
