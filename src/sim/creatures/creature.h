// creature.h -- the one list of creature kinds. The World's arrays, every
// per-kind loop in world.c, the level's spawn dispatch, the event sources,
// the probes, the drawing and the HUD are generated from CREATURES(X), so a
// new kind is its own files plus one line here (docs/creatures.md).
#pragma once

// The list: one #include per kind, in the step, bullet, contact and hash
// order. Replays depend on that order, so a new kind goes at the end, in
// the next slot. Each kind's header fills its numbered slot with its list
// entry, e.g. tetran.h:
//     #define CREATURE_SLOT_1(X) X(TETRAN, tetran, Tetran)
// and CREATURES(X) is every slot in number order (creature_slots.h). The
// slot number is the kind's hash order: its descriptor's hash_order is the
// same number, never reused once given (a removed kind's stays empty and
// joins CREATURE_HASH_ORDERS_RETIRED). test_creatures checks that these
// lines name the kinds in slot order with their numbers, that the slots are
// dense but for retired numbers and that every hash_order is its slot; two
// kinds in one slot are a macro redefinition (an error under WERROR, and
// the include count then differs from the list's), a slot past
// CREATURE_SLOT_MAX an #error. A kind's header must not include this file.
#include "sim/creatures/tetran.h"     // slot 1
#include "sim/creatures/tentacle.h"   // slot 2
#include "sim/creatures/whale.h"      // slot 3
#include "sim/creatures/turret.h"     // slot 4

#include "sim/creatures/creature_slots.h"

// X(KIND, prefix, Type), one entry per kind, only what must be typed (the
// rest, its boss bar name, hash order and costs, is its descriptor:
// prefix_desc(), creature_desc.h):
//   KIND    enum suffix: KIND_<KIND> (level.h), WHO_<KIND> (events.h), and the
//           header's <KIND>_PUSHERS and <KIND>_PROBES(FIELD, COUNT)
//   prefix  the files (sim/creatures/prefix.c, render/draw/prefix.c,
//           tools/assetgen/art_prefix.c, docs/prefix.md), the functions,
//           the level keyword (`spawn prefix C R ...`), the probes
//           (`prefix.NAME`) and the World's `Type *prefixs`, `int prefix_count`
//   Type    the creature's struct; TypeConfig its spawn parameters and
//           TypeProbes its probe values
// Drawing runs the other way round (the first kinds on top).

// What every kind implements (prefix_ functions, Type and TypeConfig as in
// the list; tick.h has TickCtx, bullets.h Bullet, starfield.h StarPusher,
// params.h ParamTable):
//   const CreatureDesc *prefix_desc(void);    // its descriptor (creature_desc.h)
//   const ParamTable *prefix_params(void);    // its spawn parameters
//   void prefix_config_default(TypeConfig *cfg);
//   bool prefix_config_set(TypeConfig *cfg, const char *key, const char *val,
//                          char *why, size_t why_n);
//   bool prefix_init(Type *c, const TypeConfig *cfg, Vec2 pos, Rng *rng);
//   void prefix_free(Type *c);
//   void prefix_step(Type *c, const TickCtx *ctx);
//   bool prefix_bullet_hit(Type *c, const TickCtx *ctx, const Bullet *b);
//   bool prefix_touches(const Type *c, Vec2 p, double r);   // contact damage
//   bool prefix_bounds(const Type *c, Box *out);   // a box round every part bullet_hit
//                                                  // and touches test; false: none
//   bool prefix_blocks_win(const Type *c);    // a living boss
//   bool prefix_is_boss(const Type *c);       // dead or alive: the arena can be won
//   void prefix_hash(const Type *c, Hash *h);
//   void prefix_probes(const Type *c, TypeProbes *out);
//   int  prefix_pushers(const Type *c, StarPusher *out, int max);   // 0: none
//   Vec2 prefix_pos(const Type *c);           // where it is (the attract pilot)
//   bool prefix_alive(const Type *c);         // not yet killed (the boss bar's name)
//   void prefix_health(const Type *c, int *hp, int *hp_max);   // the boss bar
//   int  prefix_phase_marks(const Type *c, int *hp, int max);  // the hp each later phase
//                                             // begins at, highest first (the bar's ticks)
// and #define KIND_PUSHERS (the most pushers one creature hands out, 0 for
// none), KIND_PROBES(FIELD, COUNT) (params.h), KIND_FIELDS(X) (its state in
// hash order, core/fields.h) and KIND_FIELD_TABLES(T) (T(Type, LIST) for
// each of its hashed structs: test_hash.c checks them). Outside the sim each kind
// has draw_prefix and draw_prefix_colour (render.h) and art_prefix
// (tools/assetgen/art.h).

// Hash orders (CreatureDesc.hash_order) of kinds that were removed: never
// given again (test_creatures). X(n) per number; none yet.
#define CREATURE_HASH_ORDERS_RETIRED(X)

// What a level may spawn, for messages: "player, tetran, tentacle, whale or
// turret" (the descriptors' names in list order); returns buf.
const char *creature_kinds_text(char *buf, size_t n);

// The most star pushers any one creature hands the starfield per tick: the
// largest KIND_PUSHERS (a union is as big as its biggest member).
typedef union CreaturePusherRoom {
#define CREATURE_PUSHER_ROOM(KIND, prefix, Type) char prefix[KIND##_PUSHERS + 1];
    CREATURES(CREATURE_PUSHER_ROOM)
#undef CREATURE_PUSHER_ROOM
} CreaturePusherRoom;
#define CREATURE_MAX_PUSHERS ((int)sizeof(CreaturePusherRoom) - 1)
