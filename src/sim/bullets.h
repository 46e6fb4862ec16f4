// bullets.h -- every bullet in flight, player's and enemies', in one fixed
// pool sized at load. A full pool drops the spawn and counts it. A bitmap
// of the live slots makes walking the bullets and finding the lowest free
// slot cost the live bullets, not the pool's size.
#pragma once
#include <stdbool.h>
#include <stdint.h>

#include "core/hash.h"
#include "core/vec2.h"
#include "sim/events.h"
#include "sim/map/tilemap.h"

typedef enum BulletOwner {
    OWNER_NONE = 0,
    OWNER_PLAYER,
    OWNER_ENEMY,
} BulletOwner;

typedef struct Bullet {
    bool alive;
    uint8_t owner;             // BulletOwner
    uint8_t style;             // art variant (0 default); render only
    EventWho from;             // who fired it
    Vec2 pos, vel;             // px, px per tick
    double radius;
    int damage;
    int ttl;                   // ticks left
    int clear;                 // moves it can still make that cannot meet rock (no cast needed); 0: cast
} Bullet;

#define BULLETS_DEFAULT_CAP 2048       // a level's `bullets N` sets it
#define BULLETS_MAX_CAP 65536

typedef struct Bullets {
    Bullet *b;                 // cap slots; owned
    int cap;
    int count;                 // alive
    int64_t dropped;           // spawns refused because the pool was full
    uint64_t *live;            // bit i set while b[i].alive; (cap + 63) / 64 words; owned
    int free_word;             // no word of live below this one has a free slot
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
