// turret.h -- a bench device, not a fighter: a fixed emitter that sprays
// `rate` bullets evenly round a circle every `every` ticks, the circle
// turning by `spin` each volley, so the arena fills with a slowly turning
// flower of shots. It keeps thousands of bullets in flight for
// levels/bench/stress.lvl (docs/bench.md). Its shots fly for the enemy
// (they hurt the player) or, with side=player, for the player (they hit
// the creatures as his do). It fires whatever the game state, ignores the
// difficulty, pushes no events, cannot be hurt or touched, never blocks
// the win and is no boss. docs/turret.md.
#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/fields.h"
#include "core/hash.h"
#include "core/rng.h"
#include "core/vec2.h"
#include "sim/background/starfield.h"
#include "sim/creatures/creature_desc.h"
#include "sim/creatures/params.h"

// Its entry in the creature list (creature.h): slot 4, its place in the
// step, bullet, contact and hash order (its descriptor's hash_order).
#define CREATURE_SLOT_4(X) X(TURRET, turret, Turret)

struct TickCtx;
struct Bullet;

#define TURRET_SHOT_RADIUS_PX 4.0
#define TURRET_SHOT_DAMAGE 1

typedef enum TurretSide {
    TURRET_SIDE_ENEMY = 0,     // its shots hurt the player
    TURRET_SIDE_PLAYER,        // its shots hit the creatures
} TurretSide;

// Spawn-line parameters (k=v): ranges, defaults and meanings in
// turret_params()'s table (docs/turret.md shows it).
#define TURRET_CONFIG_FIELDS(X)                                                              \
    X(VAL, int, rate, "bullets per volley")                                                  \
    X(VAL, int, every, "ticks between volleys")                                              \
    X(VAL, double, speed_px, "bullet speed, px per tick")                                    \
    X(VAL, int, ttl, "bullet lifetime, ticks")                                               \
    X(VAL, double, spin_rad, "the volley's turn, rad per volley")                            \
    X(VAL, int, side, "TurretSide")                                                          \
    X(SKIP, int, hp, "not a parameter: a turret cannot be hurt (world_create scales every "  \
                     "kind's hp), the field only takes the difficulty's scaling")
typedef struct TurretConfig {
    FIELDS_MEMBERS(TURRET_CONFIG_FIELDS)
} TurretConfig;

// Its state in hash order (core/fields.h).
#define TURRET_FIELDS(X)                                                            \
    X(VAL, Vec2, pos, "px")                                                         \
    X(SUB, TurretConfig, cfg, config_hash, "its spawn parameters (turret.c walks them)") \
    X(VAL, double, angle_rad, "the last volley's first shot, [-pi, pi)")            \
    X(VAL, int, timer, "ticks to the next volley")                                  \
    X(VAL, int64_t, shots, "bullets fired (dropped ones not counted)")
typedef struct Turret {
    FIELDS_MEMBERS(TURRET_FIELDS)
} Turret;
// Its hashed structs' tables (test_hash.c checks them).
#define TURRET_FIELD_TABLES(T) T(Turret, TURRET_FIELDS) T(TurretConfig, TURRET_CONFIG_FIELDS)

// Probes (docs/turret.md): bullets fired so far, turrets in the level.
#define TURRET_PROBES(FIELD, COUNT)                                                   \
    FIELD(turret, shots, "*extension*: bullets the first turret fired so far")        \
    COUNT(turret, "*extension*: bench turrets in the arena ([turret.md](turret.md))")
typedef struct TurretProbes {
    TURRET_PROBES(PROBE_FIELD, PROBE_NO_FIELD)
} TurretProbes;

// Parts no stars.
#define TURRET_PUSHERS 0

const ParamTable *turret_params(void);
// Its descriptor (creature_desc.h): name, boss name, hash order, costs.
const CreatureDesc *turret_desc(void);
void turret_config_default(TurretConfig *cfg);
bool turret_config_set(TurretConfig *cfg, const char *key, const char *val, char *why, size_t why_n);
// At pos (px), its first volley on the first tick. Allocates nothing; false
// for a config outside the table's ranges.
bool turret_init(Turret *c, const TurretConfig *cfg, Vec2 pos, Rng *rng);
void turret_free(Turret *c);
// One tick: a volley when its timer runs out (a full pool drops shots).
void turret_step(Turret *c, const struct TickCtx *ctx);
// Bullets pass through it: false.
bool turret_bullet_hit(Turret *c, const struct TickCtx *ctx, const struct Bullet *b);
// It does not hurt on contact: false.
bool turret_touches(const Turret *c, Vec2 p, double r);
// Nothing to hit or touch: false.
bool turret_bounds(const Turret *c, Box *out);
// Never: false.
bool turret_blocks_win(const Turret *c);
// Not a boss: false.
bool turret_is_boss(const Turret *c);
void turret_hash(const Turret *c, Hash *h);
void turret_probes(const Turret *c, TurretProbes *out);
// None: returns 0.
int turret_pushers(const Turret *c, StarPusher *out, int max);
Vec2 turret_pos(const Turret *c);
// False: a device, not a fighter, so the boss bar never names it.
bool turret_alive(const Turret *c);
// No hit points: 0 and 0 (the boss bar leaves it out).
void turret_health(const Turret *c, int *hp, int *hp_max);
// No phases: 0.
int turret_phase_marks(const Turret *c, int *hp, int max);
