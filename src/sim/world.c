// world.c -- World lifetime, the tick, bullet/creature interactions and the
// canonical state hash. Creatures and the player live in their own files;
// this is the glue that orders them.
#include "sim/world.h"

#include <string.h>

#include "core/mem.h"

static Vec2 tile_centre(const Level *lv, int col, int row) {
    return v2((col + 0.5) * lv->tile, (row + 0.5) * lv->tile);
}

World *world_create(const Level *lv, bool use_seed, uint32_t seed, ParseError *err) {
    World *w = mem_alloc(1, sizeof *w);
    if (!w) goto oom;
    w->tick = -1;
    rng_seed(&w->rng, use_seed ? seed : lv->seed);
    if (!tilemap_init(&w->map, lv->map.w, lv->map.h, lv->map.tile)) goto oom;
    memcpy(w->map.cells, lv->map.cells, (size_t)lv->map.w * (size_t)lv->map.h);
    if (!bullets_init(&w->bullets, BULLETS_DEFAULT_CAP)) goto oom;
    player_init(&w->player, lv->player_col, lv->player_row, lv->tile);

    int nt = 0, nc = 0, nw = 0;
    for (int i = 0; i < lv->spawn_count; i++) {
        nt += lv->spawns[i].kind == KIND_TETRAN;
        nc += lv->spawns[i].kind == KIND_TENTACLE;
        nw += lv->spawns[i].kind == KIND_WHALE;
    }
    if ((nt && !(w->tetrans = mem_alloc((size_t)nt, sizeof *w->tetrans))) ||
        (nc && !(w->tentacles = mem_alloc((size_t)nc, sizeof *w->tentacles))) ||
        (nw && !(w->whales = mem_alloc((size_t)nw, sizeof *w->whales))))
        goto oom;
    for (int i = 0; i < lv->spawn_count; i++) {
        const LevelSpawn *sp = &lv->spawns[i];
        Vec2 at = tile_centre(lv, sp->col, sp->row);
        bool ok = true;
        switch (sp->kind) {
        case KIND_TETRAN:
            ok = tetran_init(&w->tetrans[w->tetran_count++], &sp->cfg.tetran, at, &w->rng);
            break;
        case KIND_TENTACLE:
            ok = tentacle_init(&w->tentacles[w->tentacle_count++], &sp->cfg.tentacle, at, &w->rng);
            break;
        case KIND_WHALE:
            ok = whale_init(&w->whales[w->whale_count++], &sp->cfg.whale, at, &w->rng);
            break;
        default:
            break;
        }
        if (!ok) goto oom;
    }
    if (!starfield_init(&w->stars, lv->stars, (double)lv->map.w * lv->tile,
                        (double)lv->map.h * lv->tile, &w->rng))
        goto oom;
    return w;
oom:
    parse_error_set(err, lv->path, 0, 0, "out of memory building the arena");
    world_free(w);
    return NULL;
}

void world_free(World *w) {
    if (!w) return;
    for (int i = 0; i < w->tetran_count; i++) tetran_free(&w->tetrans[i]);
    for (int i = 0; i < w->tentacle_count; i++) tentacle_free(&w->tentacles[i]);
    for (int i = 0; i < w->whale_count; i++) whale_free(&w->whales[i]);
    mem_free(w->tetrans);
    mem_free(w->tentacles);
    mem_free(w->whales);
    starfield_free(&w->stars);
    bullets_free(&w->bullets);
    tilemap_free(&w->map);
    mem_free(w);
}

int world_bosses_alive(const World *w) {
    int n = 0;
    for (int i = 0; i < w->tetran_count; i++) n += tetran_blocks_win(&w->tetrans[i]);
    for (int i = 0; i < w->tentacle_count; i++) n += tentacle_blocks_win(&w->tentacles[i]);
    for (int i = 0; i < w->whale_count; i++) n += whale_blocks_win(&w->whales[i]);
    return n;
}

TickCtx world_tick_ctx(World *w) {
    const Player *p = &w->player;
    return (TickCtx){
        .tick = w->tick,
        .state = w->state,
        .map = &w->map,
        .player = {p->pos, p->vel, p->radius, p->state, p->hp, (w->input.buttons & BTN_WIGGLE) != 0},
        .bullets = &w->bullets,
        .events = &w->events,
        .rng = &w->rng,
    };
}

// Player bullets against creatures; enemy bullets against the player.
static void resolve_bullets(World *w, const TickCtx *ctx) {
    Bullets *bs = &w->bullets;
    Player *p = &w->player;
    for (int i = 0; i < bs->cap; i++) {
        Bullet *b = &bs->b[i];
        if (!b->alive) continue;
        if (b->owner == OWNER_PLAYER) {
            bool used = false;
            for (int k = 0; k < w->tetran_count && !used; k++) used = tetran_bullet_hit(&w->tetrans[k], ctx, b);
            for (int k = 0; k < w->tentacle_count && !used; k++)
                used = tentacle_bullet_hit(&w->tentacles[k], ctx, b);
            for (int k = 0; k < w->whale_count && !used; k++) used = whale_bullet_hit(&w->whales[k], ctx, b);
            if (used) bullets_kill(bs, i);
        } else if (b->owner == OWNER_ENEMY && w->state != GAME_LOST) {
            double rr = p->radius + b->radius;
            if (v2_len2(v2_sub(b->pos, p->pos)) <= rr * rr) {
                player_hurt(p, &w->events, b->damage);
                bullets_kill(bs, i);
            }
        }
    }
}

static void contact_damage(World *w) {
    Player *p = &w->player;
    if (w->state == GAME_LOST) return;
    bool touch = false;
    for (int k = 0; k < w->tetran_count && !touch; k++) touch = tetran_touches(&w->tetrans[k], p->pos, p->radius);
    for (int k = 0; k < w->tentacle_count && !touch; k++)
        touch = tentacle_touches(&w->tentacles[k], p->pos, p->radius);
    for (int k = 0; k < w->whale_count && !touch; k++) touch = whale_touches(&w->whales[k], p->pos, p->radius);
    if (touch) player_hurt(p, &w->events, 1);
}

static void set_state(World *w, GameState s) {
    if (w->state == s) return;
    w->state = s;
    w->state_tick = w->tick;
}

void world_step(World *w, Input in) {
    w->tick++;
    events_clear(&w->events);
    w->prev_input = w->input;
    w->input = in;

    PlayerCtx pc = {&w->map, &w->bullets, &w->events};
    player_step(&w->player, &pc, in, w->prev_input);
    TickCtx ctx = world_tick_ctx(w);
    for (int i = 0; i < w->tetran_count; i++) tetran_step(&w->tetrans[i], &ctx);
    for (int i = 0; i < w->tentacle_count; i++) tentacle_step(&w->tentacles[i], &ctx);
    for (int i = 0; i < w->whale_count; i++) whale_step(&w->whales[i], &ctx);
    StarPusher pushers[LEVEL_MAX_SPAWNS * WHALE_PUSHERS];
    int np = 0;
    for (int i = 0; i < w->whale_count && np + WHALE_PUSHERS <= (int)(sizeof pushers / sizeof pushers[0]); i++)
        np += whale_pushers(&w->whales[i], pushers + np, WHALE_PUSHERS);
    starfield_step(&w->stars, pushers, np);
    bullets_step(&w->bullets, &w->map, &w->events);
    resolve_bullets(w, &ctx);
    contact_damage(w);

    if (w->state == GAME_PLAYING) {
        int bosses = w->tetran_count + w->tentacle_count;   // hazards don't count
        for (int i = 0; i < w->whale_count; i++) bosses += whale_is_boss(&w->whales[i]);
        if (w->player.hp <= 0) set_state(w, GAME_LOST);
        else if (bosses > 0 && world_bosses_alive(w) == 0 && w->tick > 0) set_state(w, GAME_WON);
    }
}

uint64_t world_hash(const World *w) {
    Hash h;
    hash_init(&h);
    hash_i64(&h, w->tick);
    hash_i64(&h, w->state);
    hash_i64(&h, w->state_tick);
    hash_u64(&h, w->rng.s);
    hash_u64(&h, w->input.buttons);
    player_hash(&w->player, &h);
    bullets_hash(&w->bullets, &h);
    for (int i = 0; i < w->tetran_count; i++) tetran_hash(&w->tetrans[i], &h);
    for (int i = 0; i < w->tentacle_count; i++) tentacle_hash(&w->tentacles[i], &h);
    for (int i = 0; i < w->whale_count; i++) whale_hash(&w->whales[i], &h);
    starfield_hash(&w->stars, &h);
    return h.h;
}
