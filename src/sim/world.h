// world.h -- the whole game state and the only way time passes.
//
// Determinism contract (replays depend on it):
// - world_step(w, in) is a pure function of the World and the Input: no
//   clock, no rand(), no globals, no SDL. One call is one tick of
//   1 / SIM_TICK_HZ s (sim/tick.h).
// - the game PRNG is w->rng, seeded from the level (or the script's seed);
//   never call it twice in one expression.
// - trig goes through core/dmath.h; builds use -ffp-contract=off.
// - world_hash walks fields canonically (never raw struct bytes).
// - no heap allocation inside world_step: every pool is sized in world_create.
// - the world keeps stepping after the player dies or the bosses fall;
//   w->state says so and the app decides what to do.
#pragma once
#include <stdbool.h>
#include <stdint.h>

#include "core/rng.h"
#include "core/text.h"
#include "sim/bullets.h"
#include "sim/events.h"
#include "sim/input.h"
#include "sim/level.h"
#include "sim/tick.h"
#include "sim/background/starfield.h"
#include "sim/creatures/creature.h"
#include "sim/map/tilemap.h"
#include "sim/player/player.h"

// How hard the fight is (zero is the default). What it changes, by how
// much, is documented where it is applied (docs/controls.md).
typedef enum Difficulty {
    DIFFICULTY_NORMAL = 0,
    DIFFICULTY_EASY,
    DIFFICULTY_HARD,
} Difficulty;
#define DIFFICULTY_COUNT 3

// What a difficulty changes (docs/controls.md shows the table): the
// player's hearts, every creature's spawn hp, and the speed and rate of
// enemy fire (handed to creatures through TickCtx).
typedef struct DifficultyRules {
    int hearts;                // the player's hp_max
    double boss_hp;            // x each creature's spawn hp (rounded, 1..CREATURE_MAX_HP)
    double shot_speed;         // x enemy bullet speeds
    double shot_rate;          // x enemy fire rate: fire intervals are divided by it
} DifficultyRules;

// The rules of a difficulty (normal's for a value out of range).
const DifficultyRules *difficulty_rules(Difficulty d);
// "easy", "normal", "hard"; NULL for a value out of range.
const char *difficulty_name(Difficulty d);
// The difficulty a name means; false for an unknown name.
bool difficulty_parse(const char *s, size_t len, Difficulty *out);

// Everything a World is built from, in one place (zero means the default
// for every field but level and profiles).
typedef struct WorldSetup {
    const Level *level;                    // the parsed arena (required)
    const LegProfile *profiles;            // the player's four leg profiles, copied in (required)
    bool use_seed;                         // seed overrides the level's seed
    uint32_t seed;
    Difficulty difficulty;
    bool assist_wiggle;                    // wiggle mode without the gauge's cost
    int start_hp;                          // hearts to start with (a boss rush carries them); 0: full
} WorldSetup;

// The whole state in hash order (core/fields.h); world_hash walks it.
#define WORLD_FIELDS(X)                                                                                     \
    X(VAL, int64_t, tick, "the last tick simulated; -1 before the first")                                   \
    X(VAL, GameState, state, "")                                                                            \
    X(VAL, int64_t, state_tick, "tick at which state last changed")                                         \
    X(SUB, Rng, rng, rng_hash, "the game PRNG")                                                             \
    X(SUB, Input, input, input_hash, "this tick's buttons")                                                 \
    X(VAL, Difficulty, difficulty, "from the setup, constant for the run")                                  \
    X(VAL, bool, assist_wiggle, "from the setup, constant for the run")                                     \
    X(SUB, Player, player, player_hash, "")                                                                 \
    X(SUB, Bullets, bullets, bullets_hash, "")                                                              \
    /* Per creature kind (creature.h), in list order: `Type *prefixs`, its */                               \
    /* creatures in spawn order, and `int prefix_count` of them. */                                         \
    X(POOLS, CREATURES, "each kind's creatures")                                                            \
    X(SUB, Starfield, stars, starfield_hash, "")                                                            \
    X(SKIP, Tilemap, map, "owned copy of the level's tiles, never changed by a tick (recordings hash the "   \
      "level)")                                                                                             \
    X(SKIP, Decor, decor, "owned copy of the level's decoration layers: drawn only, never read by a tick "  \
      "(a map with and without them plays the same)")                                                       \
    X(SKIP, Input, prev_input, "the last tick's buttons: world_step sets it from input before reading it")  \
    X(SKIP, Events, events, "what happened during the last tick, for render and audio; cleared by the next")
typedef struct World {
    FIELDS_MEMBERS(WORLD_FIELDS)
} World;
// Every field table the World's walk reaches, but the creature kinds' (each
// kind's KIND_FIELD_TABLES(T), creature.h): T(Type, LIST) each. test_hash
// and the field dump (harness/statedump.h) read them.
#define WORLD_FIELD_TABLES(T)                                                                    \
    T(Vec2, VEC2_FIELDS) T(Rng, RNG_FIELDS) T(Input, INPUT_FIELDS) T(World, WORLD_FIELDS)         \
    T(Leg, LEG_FIELDS) T(Legs, LEGS_FIELDS) T(Player, PLAYER_FIELDS) T(Bullet, BULLET_FIELDS)     \
    T(Bullets, BULLETS_FIELDS) T(Star, STAR_FIELDS) T(Starfield, STARFIELD_FIELDS)

// Builds a world from a setup: the parsed level and the player's four leg
// profiles (copied in; harness/profiles.h reads them), the seed, the
// difficulty (hearts and creature hp from its rules) and assists, the
// hearts to start with (clamped to the difficulty's maximum). Returns NULL
// (with a message in err) on no memory.
World *world_create(const WorldSetup *setup, ParseError *err);
void world_free(World *w);
void world_step(World *w, Input in);

// The systems one tick runs, in this order: world_step(w, in) is
// world_tick_begin(w, in), then world_tick_system(w, s) for every s. Public
// so `--bench` can time each (harness/bench.h); anything else steps.
typedef enum WorldSystem {
    WORLD_SYS_PLAYER = 0,      // the player's body and legs
#define WORLD_SYS_KIND(KIND, prefix, Type) WORLD_SYS_##KIND,
    CREATURES(WORLD_SYS_KIND)
#undef WORLD_SYS_KIND
    WORLD_SYS_STARS,           // the starfield parting round the pushers
    WORLD_SYS_BULLETS,         // flight, walls, expiry
    WORLD_SYS_COLLISIONS,      // bullet hits (creatures' boxes first), contact damage, the game's state
    WORLD_SYS_COUNT
} WorldSystem;
// "player", each kind's prefix ("tetran" ...), "stars", "bullets", "collisions".
const char *world_system_name(WorldSystem s);
// The start of a tick: its number, its input, no events yet.
void world_tick_begin(World *w, Input in);
void world_tick_system(World *w, WorldSystem s);
// The star pushers of this tick's creatures (in list and spawn order), at most max.
int world_star_pushers(const World *w, StarPusher *out, int max);
uint64_t world_hash(const World *w);
// The context world_step hands the creatures this tick (see tick.h): the
// player's public state as it is now, the map, the pools, the PRNG and the
// difficulty's fire multipliers.
// Public so tests can step one creature exactly as the world does.
TickCtx world_tick_ctx(World *w);
// Boss count still alive (blocking a win).
int world_bosses_alive(const World *w);
