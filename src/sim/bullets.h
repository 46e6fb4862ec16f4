// bullets.h -- every bullet in flight, player's and enemies', in one fixed
// pool sized at load. A full pool drops the spawn and counts it. A bitmap
// of the live slots makes walking the bullets and finding the lowest free
// slot cost the live bullets, not the pool's size.
#pragma once
#include <stdbool.h>
#include <stdint.h>

#include "core/fields.h"
#include "core/hash.h"
#include "core/vec2.h"
#include "sim/events.h"
#include "sim/map/tilemap.h"

typedef enum BulletOwner {
    OWNER_NONE = 0,
    OWNER_PLAYER,
    OWNER_ENEMY,
} BulletOwner;

// A bullet's state in hash order (core/fields.h).
#define BULLET_FIELDS(X)                                                                                        \
    X(OWN, bool, alive, "only live bullets are hashed, each after its slot (bullets_hash)")                     \
    X(VAL, uint8_t, owner, "BulletOwner")                                                                       \
    X(SKIP, uint8_t, style, "art variant (0 default): drawing only")                                            \
    X(VAL, EventWho, from, "who fired it")                                                                      \
    X(VAL, Vec2, pos, "px")                                                                                     \
    X(VAL, Vec2, vel, "px per tick")                                                                            \
    X(VAL, double, radius, "")                                                                                  \
    X(VAL, int, damage, "")                                                                                     \
    X(VAL, int, ttl, "ticks left")                                                                              \
    X(SKIP, int, clear, "a cache: moves it can still make that cannot meet rock (no cast needed; the casts it " \
      "skips find nothing); 0: cast")
typedef struct Bullet {
    FIELDS_MEMBERS(BULLET_FIELDS)
} Bullet;

#define BULLETS_DEFAULT_CAP 2048       // a level's `bullets N` sets it
#define BULLETS_MAX_CAP 65536

// The pool in hash order: the counts, then each live bullet.
#define BULLETS_FIELDS(X)                                                                                      \
    X(OWNP, Bullet, b, "cap slots; owned; the live ones hashed with their slot (hash_live)")                   \
    X(SKIP, int, cap, "the pool's size, fixed when the World is built")                                        \
    X(VAL, int, count, "alive")                                                                                \
    X(VAL, int64_t, dropped, "spawns refused because the pool was full")                                       \
    X(SKIP, uint64_t *, live, "bit i set while b[i].alive; (cap + 63) / 64 words; owned: Bullet.alive again, " \
      "kept for fast scans")                                                                                   \
    X(SKIP, int, free_word, "no word of live below this one has a free slot: derived from the bitmap")         \
    X(HOOK, hash_live)
typedef struct Bullets {
    FIELDS_MEMBERS(BULLETS_FIELDS)
} Bullets;

// A pool of cap slots (1..BULLETS_MAX_CAP). False on no memory.
bool bullets_init(Bullets *bs, int cap);
void bullets_free(Bullets *bs);
// Index of the new bullet, or -1 when the pool is full (dropped++).
int bullets_spawn(Bullets *bs, BulletOwner owner, EventWho from, Vec2 pos, Vec2 vel, double radius,
                  int damage, int ttl);
void bullets_kill(Bullets *bs, int i);
// The first live slot after slot i (i = -1: the first), or -1 when none:
// `for (int i = bullets_next(bs, -1); i >= 0; i = bullets_next(bs, i))`
// visits the live bullets in slot order, and sees the kills and spawns
// made on the way as a walk over every slot would.
static inline int bullets_next(const Bullets *bs, int i) {
    unsigned j = (unsigned)(i + 1), words = ((unsigned)bs->cap + 63) >> 6;
    if (j >= (unsigned)bs->cap) return -1;
    unsigned w = j >> 6;
    uint64_t m = bs->live[w] & (~0ull << (j & 63));
    while (!m) {
        if (++w >= words) return -1;
        m = bs->live[w];
    }
    return (int)(w * 64 + (unsigned)__builtin_ctzll(m));
}
// Moves every bullet one tick; a bullet whose path meets a wall stops at the
// hit point and dies (EV_BULLET_WALL); expired ones die. A bullet in open
// air knows how many moves it can make before rock could be near
// (tilemap_empty_rings, at most BULLETS_CLEAR_RINGS tiles out) and casts
// again only then: those casts would find nothing.
#define BULLETS_CLEAR_RINGS 4
void bullets_step(Bullets *bs, const Tilemap *map, Events *ev);
void bullets_hash(const Bullets *bs, Hash *h);
