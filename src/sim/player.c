// player.c -- placeholder body (real movement follows).
#include "sim/player.h"

#include <string.h>

#include "sim/world.h"

void player_init(Player *p, int col, int row, int tile) {
    memset(p, 0, sizeof *p);
    p->radius = 12.0 * tile / 32.0;
    p->pos = v2((col + 0.5) * tile, (row + 1) * tile - p->radius);
    p->facing = 1;
    p->hp = p->hp_max = 10;
    p->state = PLAYER_AIR;
    legs_init(&p->legs);
}

void player_step(Player *p, struct World *w, Input in, Input prev) {
    (void)p; (void)w; (void)in; (void)prev;
}

void player_hurt(Player *p, struct World *w, int damage) {
    if (p->invuln > 0 || p->hp <= 0) return;
    p->hp -= damage;
    if (p->hp < 0) p->hp = 0;
    p->invuln = 60;
    events_push(&w->events, EV_PLAYER_HURT, WHO_PLAYER, damage, p->pos.x, p->pos.y);
}

void player_hash(const Player *p, Hash *h) {
    hash_f64(h, p->pos.x);
    hash_f64(h, p->pos.y);
    hash_f64(h, p->vel.x);
    hash_f64(h, p->vel.y);
    hash_i64(h, p->state);
    hash_i64(h, p->hp);
    legs_hash(&p->legs, h);
}
