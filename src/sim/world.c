// world.c -- World lifetime, the tick, bullet/creature interactions and the
// canonical state hash. Creatures and the player live in their own files;
// this is the glue that orders them. Every per-kind loop comes from the
// creature list (creature.h), in list order.
#include "sim/world.h"

#include <string.h>

#include "core/mem.h"

static Vec2 tile_centre(const Level *lv, int col, int row) {
    return v2((col + 0.5) * lv->tile, (row + 0.5) * lv->tile);
}

static const char *const difficulty_names[DIFFICULTY_COUNT] = {"normal", "easy", "hard"};

// Normal, easy, hard (the Difficulty order); docs/controls.md shows them.
static const DifficultyRules rules[DIFFICULTY_COUNT] = {
    {PLAYER_HP, 1.0, 1.0, 1.0},
    {12, 0.75, 0.8, 0.7},
    {7, 1.25, 1.2, 1.3},
};

const DifficultyRules *difficulty_rules(Difficulty d) {
    return &rules[(int)d >= 0 && (int)d < DIFFICULTY_COUNT ? d : DIFFICULTY_NORMAL];
}

// A creature's spawn hp at the difficulty's factor, rounded, kept 1..CREATURE_MAX_HP.
static int scaled_hp(int hp, double factor) {
    double v = hp * factor + 0.5;
    return v < 1.0 ? 1 : v > CREATURE_MAX_HP ? CREATURE_MAX_HP : (int)v;
}

const char *difficulty_name(Difficulty d) {
    return (int)d >= 0 && (int)d < DIFFICULTY_COUNT ? difficulty_names[d] : NULL;
}

bool difficulty_parse(const char *s, size_t len, Difficulty *out) {
    for (int i = 0; i < DIFFICULTY_COUNT; i++)
        if (strlen(difficulty_names[i]) == len && memcmp(difficulty_names[i], s, len) == 0) {
            *out = (Difficulty)i;
            return true;
        }
    return false;
}

World *world_create(const WorldSetup *setup, ParseError *err) {
    const Level *lv = setup->level;
    const DifficultyRules *dr = difficulty_rules(setup->difficulty);
    World *w = mem_alloc(1, sizeof *w);
    if (!w) goto oom;
    w->tick = -1;
    w->difficulty = setup->difficulty;
    w->assist_wiggle = setup->assist_wiggle;
    rng_seed(&w->rng, setup->use_seed ? setup->seed : lv->seed);
    if (!tilemap_init(&w->map, lv->map.w, lv->map.h, lv->map.tile)) goto oom;
    memcpy(w->map.cells, lv->map.cells, (size_t)lv->map.w * (size_t)lv->map.h);
    if (!bullets_init(&w->bullets, lv->bullets ? lv->bullets : BULLETS_DEFAULT_CAP)) goto oom;
    player_init(&w->player, lv->player_col, lv->player_row, lv->tile);
    w->player.hp = w->player.hp_max = dr->hearts;
    if (setup->start_hp > 0 && setup->start_hp < w->player.hp_max) w->player.hp = setup->start_hp;
    memcpy(w->player.legs.prof, setup->profiles, sizeof w->player.legs.prof);

    // Room for every creature of a kind; the counts then grow as they are built.
#define ALLOC_KIND(KIND, prefix, Type, name)                                              \
    {                                                                                     \
        int room = 0;                                                                     \
        for (int i = 0; i < lv->spawn_count; i++) room += lv->spawns[i].kind == KIND_##KIND; \
        if (room && !(w->prefix##s = mem_alloc((size_t)room, sizeof *w->prefix##s))) goto oom; \
    }
    CREATURES(ALLOC_KIND)
#undef ALLOC_KIND
    // Built in spawn order (each init may draw from the game PRNG), with
    // the difficulty's hp.
    for (int i = 0; i < lv->spawn_count; i++) {
        const LevelSpawn *sp = &lv->spawns[i];
        Vec2 at = tile_centre(lv, sp->col, sp->row);
        bool ok = true;
#define INIT_KIND(KIND, prefix, Type, name)                                              \
        if (sp->kind == KIND_##KIND) {                                                   \
            Type##Config cfg = sp->cfg.prefix;                                           \
            cfg.hp = scaled_hp(cfg.hp, dr->boss_hp);                                     \
            ok = prefix##_init(&w->prefix##s[w->prefix##_count++], &cfg, at, &w->rng);   \
        }
        CREATURES(INIT_KIND)
#undef INIT_KIND
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
#define FREE_KIND(KIND, prefix, Type, name)                                     \
    for (int i = 0; i < w->prefix##_count; i++) prefix##_free(&w->prefix##s[i]); \
    mem_free(w->prefix##s);
    CREATURES(FREE_KIND)
#undef FREE_KIND
    starfield_free(&w->stars);
    bullets_free(&w->bullets);
    tilemap_free(&w->map);
    mem_free(w);
}

int world_bosses_alive(const World *w) {
    int n = 0;
#define ALIVE_KIND(KIND, prefix, Type, name) \
    for (int i = 0; i < w->prefix##_count; i++) n += prefix##_blocks_win(&w->prefix##s[i]);
    CREATURES(ALIVE_KIND)
#undef ALIVE_KIND
    return n;
}

TickCtx world_tick_ctx(World *w) {
    const Player *p = &w->player;
    const DifficultyRules *dr = difficulty_rules(w->difficulty);
    return (TickCtx){
        .tick = w->tick,
        .state = w->state,
        .map = &w->map,
        .player = {p->pos, p->vel, p->radius, p->state, p->hp, p->wiggle},
        .bullets = &w->bullets,
        .events = &w->events,
        .rng = &w->rng,
        .shot_speed = dr->shot_speed,
        .shot_rate = dr->shot_rate,
    };
}

// Player bullets against creatures (the first that absorbs one keeps it);
// enemy bullets against the player.
static void resolve_bullets(World *w, const TickCtx *ctx) {
    Bullets *bs = &w->bullets;
    Player *p = &w->player;
    for (int i = bullets_next(bs, -1); i >= 0; i = bullets_next(bs, i)) {
        Bullet *b = &bs->b[i];
        if (b->owner == OWNER_PLAYER) {
            bool used = false;
#define HIT_KIND(KIND, prefix, Type, name)                       \
            for (int k = 0; k < w->prefix##_count && !used; k++) \
                used = prefix##_bullet_hit(&w->prefix##s[k], ctx, b);
            CREATURES(HIT_KIND)
#undef HIT_KIND
            if (used) bullets_kill(bs, i);
        } else if (b->owner == OWNER_ENEMY && w->state != GAME_LOST) {
            double rr = p->radius + b->radius;
            if (v2_len2(v2_sub(b->pos, p->pos)) <= rr * rr) {
                player_hurt(p, &w->events, b->damage, v2_sub(b->pos, b->vel), b->from);
                bullets_kill(bs, i);
            }
        }
    }
}

static void contact_damage(World *w) {
    Player *p = &w->player;
    if (w->state == GAME_LOST) return;
    bool touch = false;
    Vec2 from = p->pos;
    EventWho who = WHO_NONE;
#define TOUCH_KIND(KIND, prefix, Type, name)                                        \
    for (int k = 0; k < w->prefix##_count && !touch; k++)                           \
        if ((touch = prefix##_touches(&w->prefix##s[k], p->pos, p->radius))) {     \
            from = prefix##_pos(&w->prefix##s[k]);                                  \
            who = WHO_##KIND;                                                       \
        }
    CREATURES(TOUCH_KIND)
#undef TOUCH_KIND
    if (touch) player_hurt(p, &w->events, 1, from, who);
}

// The stars part around every creature's pusher points, gathered in list
// and spawn order.
static void step_stars(World *w) {
    StarPusher p[LEVEL_MAX_SPAWNS * CREATURE_MAX_PUSHERS];
    int n = 0;
#define PUSH_KIND(KIND, prefix, Type, name)                                                         \
    for (int i = 0; i < w->prefix##_count && n + KIND##_PUSHERS <= (int)(sizeof p / sizeof p[0]); i++) \
        n += prefix##_pushers(&w->prefix##s[i], p + n, KIND##_PUSHERS);
    CREATURES(PUSH_KIND)
#undef PUSH_KIND
    starfield_step(&w->stars, p, n);
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

    PlayerCtx pc = {&w->map, &w->bullets, &w->events, w->assist_wiggle};
    player_step(&w->player, &pc, in, w->prev_input);
    TickCtx ctx = world_tick_ctx(w);
#define STEP_KIND(KIND, prefix, Type, name) \
    for (int i = 0; i < w->prefix##_count; i++) prefix##_step(&w->prefix##s[i], &ctx);
    CREATURES(STEP_KIND)
#undef STEP_KIND
    step_stars(w);
    bullets_step(&w->bullets, &w->map, &w->events);
    resolve_bullets(w, &ctx);
    contact_damage(w);

    if (w->state == GAME_PLAYING) {
        int bosses = 0;   // hazards don't count
#define BOSS_KIND(KIND, prefix, Type, name) \
        for (int i = 0; i < w->prefix##_count; i++) bosses += prefix##_is_boss(&w->prefix##s[i]);
        CREATURES(BOSS_KIND)
#undef BOSS_KIND
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
    hash_i64(&h, w->difficulty);
    hash_i64(&h, w->assist_wiggle);
    player_hash(&w->player, &h);
    bullets_hash(&w->bullets, &h);
#define HASH_KIND(KIND, prefix, Type, name) \
    for (int i = 0; i < w->prefix##_count; i++) prefix##_hash(&w->prefix##s[i], &h);
    CREATURES(HASH_KIND)
#undef HASH_KIND
    starfield_hash(&w->stars, &h);
    return h.h;
}
