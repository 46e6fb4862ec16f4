// test_tentacle_react.c -- the tentacle boss answering the world
// (docs/tentacle.md): a blocked bullet pushes the struck tentacle's nodes
// (the flinch springs rise, stay bounded under a stream of hits, and settle
// back to exactly 0), and dead, its tentacles hang under gravity within
// their link lengths. test_tentacle.c has the chain, the aiming and the
// wind-ups.
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "core/dmath.h"
#include "sim/creatures/tentacle.h"
#include "sim/tick.h"
#include "sim/world.h"

// A bare World around the boss (tentacle_step reads the player, the map,
// the bullets and the events).
static World *mini_world(Vec2 player) {
    World *w = calloc(1, sizeof *w);
    assert_non_null(w);
    assert_true(bullets_init(&w->bullets, BULLETS_DEFAULT_CAP));
    w->player.pos = player;
    w->player.radius = 12;
    w->player.hp = w->player.hp_max = 10;
    return w;
}

static void mini_free(World *w) {
    bullets_free(&w->bullets);
    free(w);
}

static void step(Tentacle *c, World *w) {
    events_clear(&w->events);
    TickCtx ctx = world_tick_ctx(w);
    tentacle_step(c, &ctx);
    for (int i = 0; i < w->bullets.cap; i++) bullets_kill(&w->bullets, i);
}

static double flinch(const Tentacle *c) {
    TentacleProbes pr;
    tentacle_probes(c, &pr);
    return pr.flinch;
}

// A bullet flying right that strikes the middle of tentacle 0.
static bool hit_middle(Tentacle *c, World *w) {
    int j = c->arms[0].n / 2;
    Bullet b = {.alive = true, .owner = OWNER_PLAYER, .pos = tentacle_node_at(c, 0, j), .vel = {8.0, 0.0},
                .radius = 3, .damage = 1};
    TickCtx ctx = world_tick_ctx(w);
    return tentacle_bullet_hit(c, &ctx, &b);
}

static void make(Tentacle *c, int hp) {
    TentacleConfig cfg;
    tentacle_config_default(&cfg);
    cfg.hp = hp;
    cfg.cooldown = 6000;                          // no wind-ups in the way
    Rng r;
    rng_seed(&r, 5);
    assert_true(tentacle_init(c, &cfg, v2(300, 200), &r));
}

// One hit: the offset rises above 0.05 px within 10 ticks, is back under
// 0.01 px within 60 ticks, and then exactly 0 (the springs rest).
static void test_hit_pushes_and_settles(void **s) {
    (void)s;
    Tentacle c;
    make(&c, 1000);
    World *w = mini_world(v2(300, 900));
    for (int t = 0; t < 30; t++) step(&c, w);
    assert_true(flinch(&c) == 0.0);
    assert_true(hit_middle(&c, w));
    double top = 0.0;
    for (int t = 1; t <= 60; t++) {
        step(&c, w);
        if (t <= 10) top = fmax(top, flinch(&c));
    }
    assert_true(top > 0.05);
    assert_true(flinch(&c) < 0.01);
    for (int t = 0; t < 60; t++) step(&c, w);
    assert_true(flinch(&c) == 0.0);
    assert_false(c.arms[0].flexing);
    // The offsets move what is seen, never the chain: every link within
    // its length throughout.
    TentacleProbes pr;
    tentacle_probes(&c, &pr);
    assert_true(pr.link_error <= 1e-9);
    tentacle_free(&c);
    mini_free(w);
}

// A hit every tick for 10 s stays within TENTACLE_FLEX_MAX_PX, and the
// last one dies out within 60 ticks.
static void test_stream_bounded(void **s) {
    (void)s;
    Tentacle c;
    make(&c, 100000);
    World *w = mini_world(v2(300, 900));
    int hits = 0;
    for (int t = 0; t < 600; t++) {
        hits += hit_middle(&c, w);
        step(&c, w);
        assert_true(flinch(&c) <= TENTACLE_FLEX_MAX_PX + 1e-9);
    }
    assert_true(hits > 500);
    assert_true(flinch(&c) > 1.0);
    for (int t = 0; t < 60; t++) step(&c, w);
    assert_true(flinch(&c) < 0.01);
    tentacle_free(&c);
    mini_free(w);
}

// Dead over a floor far below: the tentacles hang from the body within
// their lengths, come to rest hanging straight down (droop near 1), and
// never wind up or fire again.
static void test_dead_hang(void **s) {
    (void)s;
    Tentacle c;
    make(&c, 1);
    World *w = mini_world(v2(300, 900));
    assert_true(tilemap_init(&w->map, 40, 40, 32));
    for (int col = 0; col < 40; col++) tilemap_set(&w->map, col, 39, TILE_SOLID);   // floor at y 1248
    for (int t = 0; t < 60; t++) step(&c, w);
    Bullet b = {.alive = true, .owner = OWNER_PLAYER, .pos = c.pos, .radius = 3, .damage = 1};
    TickCtx ctx = world_tick_ctx(w);
    assert_true(tentacle_bullet_hit(&c, &ctx, &b));
    assert_false(tentacle_alive(&c));
    int64_t shots = c.shots;
    double y0 = c.pos.y;
    for (int t = 0; t < 1500; t++) {
        step(&c, w);
        TentacleProbes pr;
        tentacle_probes(&c, &pr);
        assert_true(pr.link_error <= 1e-9);
        assert_int_equal(pr.winding, 0);
    }
    assert_true(c.shots == shots);
    assert_true(c.pos.y > y0 + 10.0);                         // it sank
    TentacleProbes pr;
    tentacle_probes(&c, &pr);
    assert_true(pr.droop > 0.99);
    tilemap_free(&w->map);
    tentacle_free(&c);
    mini_free(w);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hit_pushes_and_settles),
        cmocka_unit_test(test_stream_bounded),
        cmocka_unit_test(test_dead_hang),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
