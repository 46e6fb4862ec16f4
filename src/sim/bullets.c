// bullets.c -- the bullet pool: spawn, move, stop at walls.
#include "sim/bullets.h"

#include <math.h>
#include <string.h>

#include "core/dmath.h"
#include "core/log.h"
#include "core/mem.h"

static int words_of(int cap) { return (cap + 63) / 64; }

bool bullets_init(Bullets *bs, int cap) {
    memset(bs, 0, sizeof *bs);
    if (cap < 1 || cap > BULLETS_MAX_CAP) return false;
    bs->b = mem_alloc((size_t)cap, sizeof *bs->b);
    bs->live = mem_alloc((size_t)words_of(cap), sizeof *bs->live);
    if (!bs->b || !bs->live) {
        bullets_free(bs);
        return false;
    }
    bs->cap = cap;
    return true;
}

void bullets_free(Bullets *bs) {
    mem_free(bs->b);
    mem_free(bs->live);
    memset(bs, 0, sizeof *bs);
}

// The lowest free slot, or -1 when the pool is full.
static int lowest_free(Bullets *bs) {
    for (int w = bs->free_word; w < words_of(bs->cap); w++) {
        uint64_t free = ~bs->live[w];
        if (!free) continue;
        bs->free_word = w;
        int i = w * 64 + __builtin_ctzll(free);
        return i < bs->cap ? i : -1;       // the last word's bits past cap are never set
    }
    bs->free_word = words_of(bs->cap);
    return -1;
}

int bullets_spawn(Bullets *bs, BulletOwner owner, EventWho from, Vec2 pos, Vec2 vel, double radius,
                  int damage, int ttl) {
    // Lowest free slot: deterministic, and keeps live bullets packed low.
    ASSERT(v2_finite(pos) && v2_finite(vel));
    int i = lowest_free(bs);
    if (i < 0) {
        bs->dropped++;
        return -1;
    }
    ASSERT(i < bs->cap && !bs->b[i].alive && bs->count < bs->cap);
    bs->b[i] = (Bullet){true, (uint8_t)owner, 0, from, pos, vel, radius, damage, ttl, 0};
    bs->live[i / 64] |= 1ull << (i % 64);
    bs->count++;
    return i;
}

void bullets_kill(Bullets *bs, int i) {
    ASSERT(i >= 0 && i < bs->cap);
    if (!bs->b[i].alive) return;
    ASSERT(bs->count > 0);
    bs->b[i].alive = false;
    bs->live[i / 64] &= ~(1ull << (i % 64));
    if (i / 64 < bs->free_word) bs->free_word = i / 64;
    bs->count--;
}

// The moves a bullet at p with velocity v can make without any of them
// meeting rock: with k empty rings round p's cell, while it has moved less
// than k tiles each way (a pixel kept for the rounding of its positions).
static int clear_moves(const Tilemap *map, Vec2 p, Vec2 v) {
    int k = tilemap_empty_rings(map, p, BULLETS_CLEAR_RINGS);
    double step = dm_fmax(fabs(v.x), fabs(v.y));
    if (k <= 0 || !(step > 0.0)) return 0;
    double moves = (k * map->tile - 1.0) / step;
    return moves >= 1e6 ? 1000000 : (int)moves;
}

void bullets_step(Bullets *bs, const Tilemap *map, Events *ev) {
    for (int i = bullets_next(bs, -1); i >= 0; i = bullets_next(bs, i)) {
        Bullet *b = &bs->b[i];
        if (--b->ttl <= 0) {
            bullets_kill(bs, i);
            continue;
        }
        TileHit hit;
        Vec2 to = v2_add(b->pos, b->vel);
        if (b->clear > 0) {
            b->clear--;
        } else if (!tilemap_segment_open(map, b->pos, to) && tilemap_cast(map, b->pos, to, &hit)) {
            b->pos = hit.point;
            events_push(ev, EV_BULLET_WALL, b->from, b->owner, hit.point.x, hit.point.y);
            bullets_kill(bs, i);
            continue;
        } else {
            b->clear = clear_moves(map, to, b->vel);
        }
        b->pos = to;
        ASSERT(v2_finite(b->pos));
    }
}

static FIELDS_HASH_FN(void bullet_hash, Bullet, BULLET_FIELDS)

// Each live bullet after its slot.
static void hash_live(const Bullets *c, Hash *h) {
    for (int i = 0; i < c->cap; i++) {
        if (!c->b[i].alive) continue;
        hash_i64(h, i);
        bullet_hash(&c->b[i], h);
    }
}

FIELDS_HASH_FN(void bullets_hash, Bullets, BULLETS_FIELDS)
