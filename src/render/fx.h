// fx.h -- look-only effects driven by the sim's events: particles (sparks,
// dust, explosions), screen flashes and shake. Uses only the renderer's
// visual PRNG, so effects can never change the game.
#pragma once
#include <stdbool.h>

#include "render/render.h"

struct World;

#define FX_MAX_PARTICLES 4096

typedef enum FxKind {
    FX_NONE = 0,
    FX_SPARK,                  // short bright streak
    FX_DUST,                   // soft grey puff that grows
    FX_FLASH,                  // a disc that shrinks fast (muzzle, hit)
    FX_EMBER,                  // slow glowing debris with gravity
    FX_RING,                   // expanding shock ring
    FX_GHOST,                  // a dash afterimage: the body sprite, added, fading
    FX_DEBRIS,                 // a leg bone flying off a dead player: spins, falls, bounces
    FX_SHARD,                  // a quarter of the body sprite flying off a dead player
} FxKind;

// Creature kinds in the list, and how many creatures of one kind keep a hit
// flash of their own (later ones share the last slot).
#define FX_COUNT_KIND(KIND, prefix, Type) +1
#define FX_KINDS (0 CREATURES(FX_COUNT_KIND))
#define FX_FLASH_MAX 16

typedef struct Particle {
    float x, y, vx, vy;        // world px, px per tick
    float size, grow;          // px, px per tick
    float gravity;             // px per tick^2
    int life, life_max;        // ticks
    SDL_Color c;
    unsigned char kind;        // FxKind
    // FX_GHOST, FX_DEBRIS, FX_SHARD: the angle (rad) and its change per
    // tick; a debris bone's length (px) and its second colour; a shard's
    // quarter (0..3) and mirroring.
    float angle, spin, len;
    SDL_Color c2;
    unsigned char part;
    bool flip;
} Particle;

typedef struct Fx {
    Particle p[FX_MAX_PARTICLES];
    int count;
    float shake;               // px amplitude, decays per tick
    float hurt_flash;          // 0..1 red overlay
    float white_flash;         // 0..1 white overlay (boss down)
    // Boss feedback: each creature's white hit flash (0..1, by kind in list
    // order and spawn index), and the boss bar's glow after a phase change.
    float boss_flash[FX_KINDS][FX_FLASH_MAX];
    int boss_flash_cd[FX_KINDS][FX_FLASH_MAX];  // ticks until a hit may flash fully again
    float phase_pulse;         // 0..1
    // The hearts just lost pop off the HUD: the first one's index and how
    // many, and the pop's progress (1 new .. 0 done).
    int heart_lost, hearts_lost;
    float heart_pop;
} Fx;

// Allocates the effect state into rc->fx. False on no memory.
bool fx_init(RenderCtx *rc);
void fx_free(RenderCtx *rc);
// Forgets every particle and flash (new arena, retry).
void fx_clear(RenderCtx *rc);
// One sim tick: spawns effects for w->events and advances existing ones.
// Call right after each world_step.
void fx_tick(RenderCtx *rc, const struct World *w);
// Draws the particles (in world space, under the HUD).
void fx_draw(RenderCtx *rc);
// Draws full-screen flashes (after the world, before the HUD).
void fx_draw_overlay(RenderCtx *rc);
// Current camera shake offset in px (visual PRNG).
void fx_shake_offset(RenderCtx *rc, double *dx, double *dy);
// The strength (0..1) of a creature's white hit flash, drawn at the
// `flashing` level; kind is the creature's place in the list.
float fx_boss_flash(const RenderCtx *rc, int kind, int index);
// The `shake` and `flashing` levels as factors (full 1, reduced, off 0).
float fx_shake_level(RenderLevel l);
float fx_flash_level(RenderLevel l);
