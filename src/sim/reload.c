// reload.c -- new leg profiles and an edited arena for a running World
// (see reload.h).
#include "sim/reload.h"

#include <string.h>

// A planted foot farther than this from the rock of the new map lets go.
#define RELOAD_FOOT_GAP_PX 1.0

void reload_profiles(World *w, const LegProfile prof[LEGS_COUNT]) {
    memcpy(w->player.legs.prof, prof, sizeof w->player.legs.prof);
}

bool reload_fits(const Tilemap *map, Vec2 pos, double r) {
    Vec2 pt, n;
    return tilemap_signed_distance(map, pos, r, &pt, &n) >= r - RELOAD_FIT_SLACK_PX;
}

// The kept player's planted feet that the edit left in the air dangle (and
// step as soon as their arc finds rock again).
static void release_feet(Legs *L, const Tilemap *map) {
    for (int i = 0; i < LEGS_COUNT; i++) {
        Leg *g = &L->leg[i];
        Vec2 pt, n;
        if (g->mode == LEG_PLANTED && tilemap_nearest(map, g->foot, RELOAD_FOOT_GAP_PX, &pt, &n) > RELOAD_FOOT_GAP_PX)
            g->mode = LEG_DANGLING;
    }
}

World *reload_level(const World *old, const WorldSetup *setup, ReloadPlayer *player, ParseError *err) {
    World *w = world_create(setup, err);
    if (!w) return NULL;
    w->tick = old->tick;
    w->state_tick = old->tick;
    w->input = old->input;
    w->prev_input = old->prev_input;
    const Player *was = &old->player;
    if (old->map.tile != w->map.tile) {
        *player = RELOAD_SPAWN_TILE;
    } else if (!reload_fits(&w->map, was->pos, was->radius)) {
        *player = RELOAD_SPAWN_BLOCKED;
    } else {
        *player = RELOAD_KEPT;
        w->player = *was;
        memcpy(w->player.legs.prof, setup->profiles, sizeof w->player.legs.prof);
        release_feet(&w->player.legs, &w->map);
        return w;
    }
    w->player.hp = was->hp < w->player.hp_max ? was->hp : w->player.hp_max;
    w->player.hits = was->hits;
    return w;
}
