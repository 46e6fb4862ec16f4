// reload.h -- live tuning's changes to a running World: new leg profiles,
// or the arena rebuilt from an edited level with the player kept where he
// is when the new map has room for him (docs/legs.md, "Live tuning"). Pure
// sim, no files: the harness reads and parses what changed (harness/live.h).
#pragma once
#include <stdbool.h>

#include "core/text.h"
#include "sim/player/legs.h"
#include "sim/world.h"

// A kept body may touch rock by this much (px) and still count as free: a
// body standing or climbing sits exactly one radius from the rock.
#define RELOAD_FIT_SLACK_PX 0.5

// What became of the player in reload_level.
typedef enum ReloadPlayer {
    RELOAD_KEPT = 0,           // the whole player, where he was (feet off the rock let go)
    RELOAD_SPAWN_BLOCKED,      // rock (or the map's edge) where he was: at the new spawn
    RELOAD_SPAWN_TILE,         // the tile size changed: at the new spawn
} ReloadPlayer;

// Puts new profiles into the World's legs (they take effect from the next
// tick; a step in flight lands on the next tick if it is now too long).
void reload_profiles(World *w, const LegProfile prof[LEGS_COUNT]);
// Does a body of radius r at pos fit in map: no rock (nor the map's edge)
// closer than r - RELOAD_FIT_SLACK_PX?
bool reload_fits(const Tilemap *map, Vec2 pos, double r);
// A new World from setup (the edited level, the profiles, the run's seed,
// difficulty and assists), carrying over from old: the tick count and the
// buttons (no new press edges), and the player -- all of him (state, legs,
// timers, hearts) when the tile size is the same and he fits where he is
// (reload_fits), with every planted foot that no longer stands on rock
// dangling again; else a new player at the new spawn with old's hearts and
// hit count. Creatures, bullets, stars and the game PRNG come new from the
// level; the state is GAME_PLAYING from the carried tick. NULL + err on no
// memory (old untouched either way; the caller frees it).
World *reload_level(const World *old, const WorldSetup *setup, ReloadPlayer *player, ParseError *err);
