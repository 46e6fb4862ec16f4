// player_local.h -- what player.c (the body's states and moves) and
// player_surface.c (the body against the rock: pushing out, moving in
// sub-steps, the surfaces it touches) share. Not for other files.
#pragma once
#include <stdbool.h>

#include "core/dmath.h"
#include "core/vec2.h"
#include "sim/map/tilemap.h"
#include "sim/player/player.h"

// A contact normal with y at or below this is a floor (within 45 degrees of
// straight up; the small slack keeps exact 45-degree ramps floors).
#define FLOOR_NY (-DM_SQRT1_2 + 1e-3)
// Penetration deeper than this (px) is resolved and counts as a contact.
#define CONTACT_EPS 1e-3
// A second surface this close (px at tile 32) to the body also touches it.
#define TOUCH_PX 0.25
// Surfaces within this (px at tile 32) of the nearest distance count as tied.
#define TIE_PX 0.01
#define MAX_CONTACTS 4

typedef struct Contacts {
    int n;
    Vec2 normal[MAX_CONTACTS];
} Contacts;

static inline bool is_floor(Vec2 n) { return n.y <= FLOOR_NY; }

// Drops the part of v that goes into a surface with normal n.
static inline Vec2 clip(Vec2 v, Vec2 n) {
    double d = v2_dot(v, n);
    return d < 0.0 ? v2_sub(v, v2_scale(n, d)) : v;
}

// Pushes the circle at *pos (radius r) out of solid, adding the normals it
// met to c.
void player_push_out(const Tilemap *m, Vec2 *pos, double r, Contacts *c);
// Moves the circle by delta in sub-steps, pushing out after each; what is
// left of the motion slides along any surface it met. Returns the new centre.
Vec2 player_move_body(const Tilemap *m, Vec2 pos, double r, Vec2 delta, Contacts *c);
// The surfaces touching a body at pos, within reach of its centre (0..2;
// the first surface point in *pt, the unit normals toward pos).
int player_find_surfaces(const Tilemap *m, Vec2 pos, double r, double reach, Vec2 toward, Vec2 *pt,
                         Vec2 normals[2]);
// The floor under the body: the surface toward `hint`, when it is within
// reach and floor-like.
bool player_floor_under(const Tilemap *m, Vec2 pos, double r, double reach, Vec2 hint, Vec2 *a, Vec2 *n);
// Moves the body to exactly r from the surface toward `hint` (when one is
// within reach).
void player_settle(const Tilemap *m, Vec2 *pos, double r, double reach, Vec2 hint);
