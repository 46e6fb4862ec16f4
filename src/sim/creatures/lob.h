// lob.h -- no safe spot (issue 23): the lob every boss answers a parked
// player with. A player who stays within still_radius_px of one place for
// still_ticks is marked (EV_LOB_TELL at the mark); the boss winds up for
// windup_ticks, then lobs a shot from `from` (EV_LOB_SHOT) that falls under
// gravity_px px per tick^2 onto the mark, its flight time the first of
// `flights` whose arc is clear of rock. Where no arc reaches the mark it
// flies to the nearest point in sight of the mark that one reaches
// (airburst_dirs directions, every airburst_step_px up to airburst_px
// away). It bursts at its end, on rock or on the player: `splash`
// short-lived shards all round, and, when it burst away from the mark,
// `aimed` shards at the mark. Tetran's seed (docs/tetran.md), the whale's
// spout (docs/whale.md) and the tentacle boss's spore (docs/tentacle.md)
// are lobs with their own tuning. Pure and deterministic; allocates
// nothing; a few hundred tile casts when a lob is aimed.
//
//   static const LobTuning SPORE = {.still_ticks = 300, ...};
//   each tick, alive:  lob_step(&c->lob, &SPORE, mouth, ctx);
//   dead:              lob_cancel(&c->lob);
#pragma once
#include <stdint.h>

#include "core/fields.h"
#include "core/hash.h"
#include "core/vec2.h"

struct TickCtx;

#define LOB_MAX_FLIGHTS 8

typedef struct LobTuning {
    double still_radius_px;    // the player stays within this of a place...
    int still_ticks;           // ...this long: marked (every difficulty: it answers standing still)
    int windup_ticks;          // the telegraph: mark to launch
    double gravity_px;         // px per tick^2
    int flights[LOB_MAX_FLIGHTS];   // flight times tried in order, ticks (0 ends the list)
    double radius_px;          // the lob's own radius (a player within it + his radius: it bursts)
    double airburst_px, airburst_step_px;
    int airburst_dirs;
    int splash, splash_ttl;    // shards all round at the burst and their life, ticks
    int aimed;                 // shards aimed at the mark from a burst away from it
    double spread_rad;         // between the aimed shards
    double shard_speed_px;     // px per tick (x the difficulty's shot speed)
    double shard_radius_px;
    int shard_damage, shard_ttl;
    int who;                   // the bullets' and events' owner, an EventWho (events.h
                               // includes the creatures' headers, so not named here)
} LobTuning;

// Its state in hash order (core/fields.h).
#define LOB_FIELDS(X)                                                                   \
    X(VAL, Vec2, still_at, "where the player has stayed, px")                           \
    X(VAL, int, still_ticks, "ticks he has stayed within still_radius_px of it")        \
    X(VAL, int, windup, "ticks of the wind-up left (0: none)")                          \
    X(VAL, int, flight, "ticks of the flight left (0: none in flight)")                 \
    X(VAL, Vec2, mark, "the marked spot (the player's centre when marked), px")         \
    X(VAL, Vec2, pos, "the lob in flight, px")                                          \
    X(VAL, Vec2, vel, "the lob in flight, px per tick")                                 \
    X(VAL, int64_t, count, "lobs launched so far")
typedef struct Lob {
    FIELDS_MEMBERS(LOB_FIELDS)
} Lob;

// One tick: counts how long the player has stood still, moves a lob in
// flight and bursts it, launches one wound up from `from` (px), marks a
// parked player. One lob at a time; the next needs another full stand.
void lob_step(Lob *l, const LobTuning *t, Vec2 from, const struct TickCtx *ctx);
// Ends a wind-up and a flight (the boss died): the lob withers.
void lob_cancel(Lob *l);
// Hashes every field, in its table's order.
void lob_hash(const Lob *l, Hash *h);
