// bullets.h -- every bullet in flight, player's and enemies', in one fixed
// pool sized at load. A full pool drops the spawn and counts it.
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
} Bullet;

#define BULLETS_DEFAULT_CAP 2048

typedef struct Bullets {
    Bullet *b;                 // cap slots; owned
    int cap;
    int count;                 // alive
    int64_t dropped;           // spawns refused because the pool was full
} Bullets;

bool bullets_init(Bullets *bs, int cap);
void bullets_free(Bullets *bs);
// Index of the new bullet, or -1 when the pool is full (dropped++).
int bullets_spawn(Bullets *bs, BulletOwner owner, EventWho from, Vec2 pos, Vec2 vel, double radius,
                  int damage, int ttl);
void bullets_kill(Bullets *bs, int i);
// Moves every bullet one tick; a bullet whose path meets a wall stops at the
// hit point and dies (EV_BULLET_WALL); expired ones die.
void bullets_step(Bullets *bs, const Tilemap *map, Events *ev);
void bullets_hash(const Bullets *bs, Hash *h);
