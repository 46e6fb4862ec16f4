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
} FxKind;

typedef struct Particle {
    float x, y, vx, vy;        // world px, px per tick
    float size, grow;          // px, px per tick
    float gravity;             // px per tick^2
    int life, life_max;        // ticks
    SDL_Color c;
    unsigned char kind;        // FxKind
} Particle;

typedef struct Fx {
    Particle p[FX_MAX_PARTICLES];
    int count;
    float shake;               // px amplitude, decays per tick
    float hurt_flash;          // 0..1 red overlay
    float white_flash;         // 0..1 white overlay (boss down)
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
