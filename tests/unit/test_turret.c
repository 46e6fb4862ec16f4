// test_turret.c -- the bench turret: volleys evenly spread and turning, the
// interval, whose shots they are, a full pool, firing after the fight is
// over, no boss, no contact, no hits, spawn-parameter checks.
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <cmocka.h>

#include "fixtures.h"

#include "core/dmath.h"
#include "sim/world.h"

// A closed 20 x 12 room, the player on the floor at the left, a turret in
// the middle with the parameters given (and the level keys before them).
static World *room(const char *keys, const char *turret) {
    char text[2048];
    int n = snprintf(text, sizeof text, "%sspawn player 2 10\nspawn turret 10 5 %s\nmap\n", keys, turret);
    for (int r = 0; r < 12; r++)
        n += snprintf(text + n, sizeof text - (size_t)n, "%s\n",
                      r == 0 || r == 11 ? "####################" : "#..................#");
    snprintf(text + n, sizeof text - (size_t)n, "end\n");
    Level lv;
    ParseError err;
    if (!level_parse(&lv, text, strlen(text), "turret.lvl", &err)) fail_msg("%d:%d: %s", err.line, err.col, err.msg);
    World *w = fixture_world_level(&lv, false, 0);
    level_free(&lv);
    return w;
}

static void test_volley_evenly_spread_and_turning(void **state) {
    (void)state;
    World *w = room("", "rate=6 speed=2.5 spin=0.3 side=player");
    Input none = {0};
    world_step(w, none);
    assert_int_equal(w->bullets.count, 6);
    assert_int_equal(w->turret_count, 1);
    Vec2 at = w->turrets[0].pos;
    for (int k = 0; k < 6; k++) {
        const Bullet *b = &w->bullets.b[k];
        assert_true(b->alive && b->owner == OWNER_PLAYER && b->from == WHO_TURRET);
        assert_true(fabs(v2_len(b->vel) - 2.5) < 1e-12);
        double want = dm_wrap(0.3 + DM_TAU * k / 6);   // the first volley turned once
        assert_true(fabs(dm_wrap(atan2(b->vel.y, b->vel.x) - want)) < 1e-12);
        assert_true(v2_dist(b->pos, v2_add(at, b->vel)) < 1e-9);   // fired this tick, moved once
    }
    world_step(w, none);
    assert_int_equal(w->bullets.count, 12);
    const Bullet *b = &w->bullets.b[6];
    assert_true(fabs(dm_wrap(atan2(b->vel.y, b->vel.x) - 0.6)) < 1e-12);   // turned again
    assert_int_equal((int)w->turrets[0].shots, 12);
    world_free(w);
}

static void test_interval_and_enemy_side(void **state) {
    (void)state;
    World *w = room("", "rate=4 every=3");
    Input none = {0};
    int counts[7];
    for (int t = 0; t < 7; t++) {
        world_step(w, none);
        counts[t] = (int)w->turrets[0].shots;
    }
    const int want[7] = {4, 4, 4, 8, 8, 8, 12};   // volleys on ticks 0, 3, 6
    for (int t = 0; t < 7; t++) assert_int_equal(counts[t], want[t]);
    assert_int_equal(w->bullets.b[0].owner, OWNER_ENEMY);
    assert_int_equal(w->events.count, 0);         // silent: no shot events
    world_free(w);
}

static void test_full_pool_drops(void **state) {
    (void)state;
    World *w = room("bullets 10\n", "rate=8 speed=0.5 ttl=1000 side=player");
    Input none = {0};
    world_step(w, none);
    world_step(w, none);
    assert_int_equal(w->bullets.cap, 10);
    assert_int_equal(w->bullets.count, 10);
    assert_int_equal((int)w->bullets.dropped, 6);
    assert_int_equal((int)w->turrets[0].shots, 10);
    world_free(w);
}

// Its shots hurt the player; the fight is lost, and it keeps firing.
static void test_fires_after_the_fight(void **state) {
    (void)state;
    World *w = room("bullets 65536\n", "rate=64 speed=4 ttl=2000");
    Input none = {0};
    for (int t = 0; t < 3000 && w->state != GAME_LOST; t++) world_step(w, none);
    assert_int_equal(w->state, GAME_LOST);
    int64_t shots = w->turrets[0].shots;
    world_step(w, none);
    assert_int_equal((int)(w->turrets[0].shots - shots), 64);
    world_free(w);
}

// No boss (the arena cannot be won), no contact damage, bullets pass.
static void test_no_boss_no_contact_no_hits(void **state) {
    (void)state;
    World *w = room("", "rate=1 every=600 side=player");
    Input none = {0};
    for (int t = 0; t < 120; t++) world_step(w, none);
    assert_int_equal(w->state, GAME_PLAYING);
    assert_int_equal(world_bosses_alive(w), 0);
    const Turret *c = &w->turrets[0];
    assert_false(turret_touches(c, c->pos, 50));
    assert_false(turret_is_boss(c) || turret_blocks_win(c) || turret_alive(c));
    Bullet b = {.alive = true, .owner = OWNER_PLAYER, .pos = c->pos, .radius = 3, .damage = 1};
    TickCtx ctx = world_tick_ctx(w);
    assert_false(turret_bullet_hit(&w->turrets[0], &ctx, &b));
    int hp, hp_max;
    turret_health(c, &hp, &hp_max);
    assert_int_equal(hp_max, 0);
    world_free(w);
}

static void test_config_validation(void **state) {
    (void)state;
    TurretConfig cfg;
    char why[128];
    turret_config_default(&cfg);
    assert_int_equal(cfg.rate, 8);
    assert_false(turret_config_set(&cfg, "rate", "0", why, sizeof why));
    assert_non_null(strstr(why, "1..256"));
    assert_false(turret_config_set(&cfg, "side", "both", why, sizeof why));
    assert_false(turret_config_set(&cfg, "hp", "5", why, sizeof why));   // not a parameter
    assert_true(turret_config_set(&cfg, "spin", "-0.5", why, sizeof why));
    Turret t;
    Rng rng;
    rng_seed(&rng, 1);
    cfg.every = 0;                                 // built in code, out of range: refused
    assert_false(turret_init(&t, &cfg, v2(0, 0), &rng));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_volley_evenly_spread_and_turning),
        cmocka_unit_test(test_interval_and_enemy_side),
        cmocka_unit_test(test_full_pool_drops),
        cmocka_unit_test(test_fires_after_the_fight),
        cmocka_unit_test(test_no_boss_no_contact_no_hits),
        cmocka_unit_test(test_config_validation),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
