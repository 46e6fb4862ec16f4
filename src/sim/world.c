// world.c -- World lifetime, the tick, bullet/creature interactions and the
// canonical state hash. Creatures and the player live in their own files;
// this is the glue that orders them. Every per-kind loop comes from the
// creature list (creature.h), in list order.
#include "sim/world.h"

#include <string.h>

#include "core/log.h"
#include "core/mem.h"

static Vec2 tile_centre(const Level *lv, int col, int row) {
    return v2((col + 0.5) * lv->tile, (row + 0.5) * lv->tile);
}

static const char *const difficulty_names[DIFFICULTY_COUNT] = {"normal", "easy", "hard"};

// Normal, easy, hard (the Difficulty order); docs/controls.md shows them.
static const DifficultyRules rules[DIFFICULTY_COUNT] = {
    {PLAYER_HP, 1.0, 1.0, 1.0},
    {12, 0.75, 0.8, 0.7},
    {8, 1.2, 1.15, 1.2},
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
    tilemap_copy_cells(&w->map, &lv->map);
    if (!decor_copy(&w->decor, &lv->decor)) goto oom;
    if (!bullets_init(&w->bullets, lv->bullets ? lv->bullets : BULLETS_DEFAULT_CAP)) goto oom;
    player_init(&w->player, lv->player_col, lv->player_row, lv->tile);
    w->player.hp = w->player.hp_max = dr->hearts;
    if (setup->start_hp > 0 && setup->start_hp < w->player.hp_max) w->player.hp = setup->start_hp;
    memcpy(w->player.legs.prof, setup->profiles, sizeof w->player.legs.prof);
    ASSERT(lv->spawn_count >= 0 && lv->spawn_count <= LEVEL_MAX_SPAWNS);   // the per-tick box arrays' size

    // Room for every creature of a kind; the counts then grow as they are built.
#define ALLOC_KIND(KIND, prefix, Type)                                              \
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
#define INIT_KIND(KIND, prefix, Type)                                              \
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
#define FREE_KIND(KIND, prefix, Type)                                     \
    for (int i = 0; i < w->prefix##_count; i++) prefix##_free(&w->prefix##s[i]); \
    mem_free(w->prefix##s);
    CREATURES(FREE_KIND)
#undef FREE_KIND
    starfield_free(&w->stars);
    bullets_free(&w->bullets);
    tilemap_free(&w->map);
    decor_free(&w->decor);
    mem_free(w);
}

int world_bosses_alive(const World *w) {
    int n = 0;
#define ALIVE_KIND(KIND, prefix, Type) \
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

// Every creature's box (prefix_bounds), in list and spawn order, once per
// tick before the hits (hits change no creature's shape): a bullet or the
// player outside a box cannot touch that creature, so only the creatures
// whose box it meets are tested part by part. Returns how many there are
// (at most LEVEL_MAX_SPAWNS, a world's creatures); has[k] false: nothing
// to hit (dead, a turret).
static int creature_boxes(const World *w, Box box[LEVEL_MAX_SPAWNS], bool has[LEVEL_MAX_SPAWNS]) {
    int n = 0;
#define BOX_KIND(KIND, prefix, Type)                                  \
    for (int i = 0; i < w->prefix##_count && n < LEVEL_MAX_SPAWNS; i++, n++) \
        has[n] = prefix##_bounds(&w->prefix##s[i], &box[n]);
    CREATURES(BOX_KIND)
#undef BOX_KIND
    return n;
}

// Player bullets against creatures (the first that absorbs one keeps it;
// the box round the bullet's path this tick against each creature's box
// first); enemy bullets against the player.
static void resolve_bullets(World *w, const TickCtx *ctx, const Box *box, const bool *has) {
    Bullets *bs = &w->bullets;
    Player *p = &w->player;
    for (int i = bullets_next(bs, -1); i >= 0; i = bullets_next(bs, i)) {
        Bullet *b = &bs->b[i];
        if (b->owner == OWNER_PLAYER) {
            Box path = box_around(b->pos, b->radius);
            box_add(&path, box_around(v2_sub(b->pos, b->vel), b->radius));
            bool used = false;
            int n = 0;
#define HIT_KIND(KIND, prefix, Type)                                 \
            for (int k = 0; k < w->prefix##_count && !used; k++, n++)      \
                if (has[n] && box_overlap(path, box[n])) used = prefix##_bullet_hit(&w->prefix##s[k], ctx, b);
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

static void contact_damage(World *w, const Box *box, const bool *has) {
    Player *p = &w->player;
    if (w->state == GAME_LOST) return;
    bool touch = false;
    Vec2 from = p->pos;
    EventWho who = WHO_NONE;
    Box me = box_around(p->pos, p->radius);
    int n = 0;
#define TOUCH_KIND(KIND, prefix, Type)                                                     \
    for (int k = 0; k < w->prefix##_count && !touch; k++, n++)                                   \
        if (has[n] && box_overlap(me, box[n]) &&                                                 \
            (touch = prefix##_touches(&w->prefix##s[k], p->pos, p->radius))) {                  \
            from = prefix##_pos(&w->prefix##s[k]);                                               \
            who = WHO_##KIND;                                                                    \
        }
    CREATURES(TOUCH_KIND)
#undef TOUCH_KIND
    if (touch) player_hurt(p, &w->events, 1, from, who);
}

int world_star_pushers(const World *w, StarPusher *out, int max) {
    int n = 0;
#define PUSH_KIND(KIND, prefix, Type)                                 \
    for (int i = 0; i < w->prefix##_count && n + KIND##_PUSHERS <= max; i++) \
        n += prefix##_pushers(&w->prefix##s[i], out + n, KIND##_PUSHERS);
    CREATURES(PUSH_KIND)
#undef PUSH_KIND
    return n;
}

static void set_state(World *w, GameState s) {
    if (w->state == s) return;
    w->state = s;
    w->state_tick = w->tick;
}

static const char *const system_names[WORLD_SYS_COUNT] = {
    "player",
#define SYSTEM_NAME(KIND, prefix, Type) #prefix,
    CREATURES(SYSTEM_NAME)
#undef SYSTEM_NAME
    "stars", "bullets", "collisions",
};

const char *world_system_name(WorldSystem s) { return s >= 0 && s < WORLD_SYS_COUNT ? system_names[s] : NULL; }

void world_tick_begin(World *w, Input in) {
    w->tick++;
    events_clear(&w->events);
    w->prev_input = w->input;
    w->input = in;
}

// The collisions: bullet hits, contact damage, then the game's state.
static void collide(World *w) {
    TickCtx ctx = world_tick_ctx(w);
    Box box[LEVEL_MAX_SPAWNS];
    bool has[LEVEL_MAX_SPAWNS];
    creature_boxes(w, box, has);
    resolve_bullets(w, &ctx, box, has);
    contact_damage(w, box, has);
    if (w->state == GAME_PLAYING) {
        int bosses = 0;   // hazards don't count
#define BOSS_KIND(KIND, prefix, Type) \
        for (int i = 0; i < w->prefix##_count; i++) bosses += prefix##_is_boss(&w->prefix##s[i]);
        CREATURES(BOSS_KIND)
#undef BOSS_KIND
        if (w->player.hp <= 0) set_state(w, GAME_LOST);
        else if (bosses > 0 && world_bosses_alive(w) == 0 && w->tick > 0) set_state(w, GAME_WON);
    }
}

// What every system's step keeps, checked after each in world_step in the
// debug and sanitizer builds (ASSERT; the release build compiles none of it): the
// player and every creature at a finite place, the live bullets finite and
// within their pool, the event queue within its bounds.
static void check_system(const World *w) {
#ifdef BOSSRUSH_ASSERTS
    ASSERT(v2_finite(w->player.pos) && v2_finite(w->player.vel));
#define FINITE_KIND(KIND, prefix, Type) \
    for (int i = 0; i < w->prefix##_count; i++) ASSERT(v2_finite(prefix##_pos(&w->prefix##s[i])));
    CREATURES(FINITE_KIND)
#undef FINITE_KIND
    const Bullets *bs = &w->bullets;
    ASSERT(bs->count >= 0 && bs->count <= bs->cap);
    int live = 0;
    for (int i = bullets_next(bs, -1); i >= 0; i = bullets_next(bs, i), live++)
        ASSERT(i < bs->cap && bs->b[i].alive && v2_finite(bs->b[i].pos) && v2_finite(bs->b[i].vel));
    ASSERT(live == bs->count);
    ASSERT(w->events.count >= 0 && w->events.count <= EVENTS_MAX);
#else
    (void)w;
#endif
}

void world_tick_system(World *w, WorldSystem s) {
    // The context creatures and bullets see is the player's state after his
    // own step, the same for every system after his.
    switch (s) {
    case WORLD_SYS_PLAYER: {
        PlayerCtx pc = {&w->map, &w->bullets, &w->events, w->assist_wiggle};
        player_step(&w->player, &pc, w->input, w->prev_input);
        return;
    }
#define STEP_KIND(KIND, prefix, Type)                                                    \
    case WORLD_SYS_##KIND: {                                                                   \
        TickCtx ctx = world_tick_ctx(w);                                                       \
        for (int i = 0; i < w->prefix##_count; i++) prefix##_step(&w->prefix##s[i], &ctx);     \
        return;                                                                                \
    }
        CREATURES(STEP_KIND)
#undef STEP_KIND
    case WORLD_SYS_STARS: {
        StarPusher p[LEVEL_MAX_SPAWNS * CREATURE_MAX_PUSHERS];
        starfield_step(&w->stars, p, world_star_pushers(w, p, (int)(sizeof p / sizeof p[0])));
        return;
    }
    case WORLD_SYS_BULLETS: bullets_step(&w->bullets, &w->map, &w->events); return;
    case WORLD_SYS_COLLISIONS: collide(w); return;
    case WORLD_SYS_COUNT: return;
    }
}

void world_step(World *w, Input in) {
    world_tick_begin(w, in);
    for (int s = 0; s < WORLD_SYS_COUNT; s++) {
        world_tick_system(w, (WorldSystem)s);
        check_system(w);
    }
}

static FIELDS_HASH_FN(void world_walk, World, WORLD_FIELDS)

uint64_t world_hash(const World *w) {
    Hash h;
    hash_init(&h);
    world_walk(w, &h);
    return h.h;
}
