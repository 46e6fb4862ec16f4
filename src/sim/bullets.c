// bullets.c -- the bullet pool: spawn, move, stop at walls.
#include "sim/bullets.h"

#include <string.h>

#include "core/mem.h"

bool bullets_init(Bullets *bs, int cap) {
    memset(bs, 0, sizeof *bs);
    bs->b = mem_alloc((size_t)cap, sizeof *bs->b);
    if (!bs->b) return false;
    bs->cap = cap;
    return true;
}

void bullets_free(Bullets *bs) {
    mem_free(bs->b);
    memset(bs, 0, sizeof *bs);
}

int bullets_spawn(Bullets *bs, BulletOwner owner, EventWho from, Vec2 pos, Vec2 vel, double radius,
                  int damage, int ttl) {
    // Lowest free slot: deterministic, and keeps live bullets packed low.
    for (int i = 0; i < bs->cap; i++) {
        if (bs->b[i].alive) continue;
        bs->b[i] = (Bullet){true, (uint8_t)owner, 0, from, pos, vel, radius, damage, ttl};
        bs->count++;
        return i;
    }
    bs->dropped++;
    return -1;
}

void bullets_kill(Bullets *bs, int i) {
    if (!bs->b[i].alive) return;
    bs->b[i].alive = false;
    bs->count--;
}

void bullets_step(Bullets *bs, const Tilemap *map, Events *ev) {
    for (int i = 0; i < bs->cap; i++) {
        Bullet *b = &bs->b[i];
        if (!b->alive) continue;
        if (--b->ttl <= 0) {
            bullets_kill(bs, i);
            continue;
        }
        TileHit hit;
        Vec2 to = v2_add(b->pos, b->vel);
        if (tilemap_cast(map, b->pos, to, &hit)) {
            b->pos = hit.point;
            events_push(ev, EV_BULLET_WALL, b->from, b->owner, hit.point.x, hit.point.y);
            bullets_kill(bs, i);
            continue;
        }
        b->pos = to;
    }
}

void bullets_hash(const Bullets *bs, Hash *h) {
    hash_i64(h, bs->count);
    hash_i64(h, bs->dropped);
    for (int i = 0; i < bs->cap; i++) {
        const Bullet *b = &bs->b[i];
        if (!b->alive) continue;
        hash_i64(h, i);
        hash_u64(h, b->owner);
        hash_u64(h, (uint64_t)b->from);
        hash_f64(h, b->pos.x);
        hash_f64(h, b->pos.y);
        hash_f64(h, b->vel.x);
        hash_f64(h, b->vel.y);
        hash_f64(h, b->radius);
        hash_i64(h, b->damage);
        hash_i64(h, b->ttl);
    }
}
