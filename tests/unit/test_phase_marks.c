// test_phase_marks.c -- every kind's prefix_phase_marks (the boss bar's
// phase ticks) says exactly where its fight changes phase: each creature is
// shot down one hp at a time, as world_step resolves hits and steps, and
// after every hit its phase is the number of marks at or above its hp.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "core/dmath.h"
#include "sim/world.h"

#define MARKS_MAX 8

// Spawn hp values tried for every kind: tiny ones (marks that round to the
// same hp or below 1), the shipped arenas' and odd ones.
static const int HPS[] = {1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 13, 32, 50, 60, 61, 80, 101};
#define HP_COUNT ((int)(sizeof HPS / sizeof HPS[0]))

// A bare World: what the creature steps and hits read and write.
static World *mini_world(void) {
    World *w = calloc(1, sizeof *w);
    assert_non_null(w);
    assert_true(bullets_init(&w->bullets, BULLETS_DEFAULT_CAP));
    rng_seed(&w->rng, 1);              // as world_create does: a state of 0 is xorshift's fixed point
    w->player.pos = v2(40, 900);
    w->player.radius = 12;
    w->player.hp = w->player.hp_max = 10;
    return w;
}

static void mini_free(World *w) {
    bullets_free(&w->bullets);
    free(w);
}

// Marks lie in 1..hp_max-1, highest first (two phases may begin at the
// same hp when hp_max is small); the phase after a hit that left `hp` is
// the number of marks at or above it.
static void check_marks(const int *m, int n, int hp_max) {
    for (int i = 0; i < n; i++) {
        assert_true(m[i] >= 1 && m[i] < hp_max);
        if (i > 0) assert_true(m[i] <= m[i - 1]);
    }
}

static int phase_at(const int *m, int n, int hp) {
    int k = 0;
    while (k < n && hp <= m[k]) k++;
    return k;
}

static Bullet shot_at(Vec2 p) {
    return (Bullet){.alive = true, .owner = OWNER_PLAYER, .pos = p, .radius = 3, .damage = 1};
}

static void test_tetran_marks(void **state) {
    (void)state;
    for (int h = 0; h < HP_COUNT; h++) {
        World *w = mini_world();
        TetranConfig cfg;
        tetran_config_default(&cfg);
        cfg.fire = false;
        cfg.hp = HPS[h];
        Tetran t;
        assert_true(tetran_init(&t, &cfg, v2(640, 352), &w->rng));
        int m[MARKS_MAX];
        int n = tetran_phase_marks(&t, m, MARKS_MAX);
        check_marks(m, n, t.hp_max);
        if (HPS[h] == 60) {
            assert_int_equal(n, 3);
            assert_int_equal(m[0], 45);
            assert_int_equal(m[1], 30);
            assert_int_equal(m[2], 15);
        }
        while (t.alive) {
            // Straight into the core through the gap after arm 0.
            double gap = t.base_rad[0] + DM_PI / t.cfg.arms;
            Vec2 dir = v2(dm_cos(gap), dm_sin(gap));
            Bullet b = shot_at(v2_add(t.pos, v2_scale(dir, t.cfg.core_px)));
            b.vel = v2_scale(dir, -6.0);
            int before = t.hp;
            TickCtx ctx = world_tick_ctx(w);
            assert_true(tetran_bullet_hit(&t, &ctx, &b));
            assert_int_equal(t.hp, before - 1);
            if (t.alive) assert_int_equal(t.phase, phase_at(m, n, t.hp));
        }
        tetran_free(&t);
        mini_free(w);
    }
}

static void test_tentacle_marks(void **state) {
    (void)state;
    for (int h = 0; h < HP_COUNT; h++) {
        World *w = mini_world();
        TentacleConfig cfg;
        tentacle_config_default(&cfg);
        cfg.hp = HPS[h];
        Tentacle c;
        Rng r;
        rng_seed(&r, 99);
        assert_true(tentacle_init(&c, &cfg, v2(300, 300), &r));
        int m[MARKS_MAX];
        int n = tentacle_phase_marks(&c, m, MARKS_MAX);
        check_marks(m, n, c.hp_max);
        if (HPS[h] == 32) {
            assert_int_equal(n, 2);
            assert_int_equal(m[0], 21);
            assert_int_equal(m[1], 10);
        }
        while (c.alive) {
            Bullet b = shot_at(c.pos);
            int before = c.hp;
            TickCtx ctx = world_tick_ctx(w);
            assert_true(tentacle_bullet_hit(&c, &ctx, &b));
            assert_int_equal(c.hp, before - 1);
            ctx = world_tick_ctx(w);
            tentacle_step(&c, &ctx);
            if (c.alive) assert_int_equal(c.phase, phase_at(m, n, c.hp));
        }
        tentacle_free(&c);
        mini_free(w);
    }
}

static void test_whale_marks(void **state) {
    (void)state;
    for (int h = 0; h < HP_COUNT; h++) {
        World *w = mini_world();
        assert_true(tilemap_init(&w->map, 40, 24, 32));
        WhaleConfig cfg;
        whale_config_default(&cfg);
        cfg.hp = HPS[h];
        Rng r;
        rng_seed(&r, 3);
        Whale c;
        assert_true(whale_init(&c, &cfg, v2(600, 400), &r));
        int m[MARKS_MAX];
        int n = whale_phase_marks(&c, m, MARKS_MAX);
        check_marks(m, n, c.hp_max);
        if (HPS[h] == 80) {
            assert_int_equal(n, 2);
            assert_int_equal(m[0], 53);
            assert_int_equal(m[1], 26);
        }
        while (c.alive) {
            Bullet b = shot_at(c.pos);
            int before = c.hp;
            TickCtx ctx = world_tick_ctx(w);
            assert_true(whale_bullet_hit(&c, &ctx, &b));
            assert_int_equal(c.hp, before - 1);
            ctx = world_tick_ctx(w);
            whale_step(&c, &ctx);
            if (c.alive) assert_int_equal(c.phase, phase_at(m, n, c.hp));
        }
        whale_free(&c);
        tilemap_free(&w->map);
        mini_free(w);
    }
}

// A hazard whale has no phases: no ticks on any bar.
static void test_hazard_whale_has_no_marks(void **state) {
    (void)state;
    WhaleConfig cfg;
    whale_config_default(&cfg);
    cfg.boss = 0;
    Rng r;
    rng_seed(&r, 3);
    Whale c;
    assert_true(whale_init(&c, &cfg, v2(600, 400), &r));
    int m[MARKS_MAX];
    assert_int_equal(whale_phase_marks(&c, m, MARKS_MAX), 0);
    whale_free(&c);
}

// max bounds what is written.
static void test_marks_respect_max(void **state) {
    (void)state;
    World *w = mini_world();
    TetranConfig cfg;
    tetran_config_default(&cfg);
    cfg.hp = 60;
    Tetran t;
    assert_true(tetran_init(&t, &cfg, v2(640, 352), &w->rng));
    int m[MARKS_MAX] = {0};
    assert_int_equal(tetran_phase_marks(&t, m, 1), 1);
    assert_int_equal(m[0], 45);
    assert_int_equal(m[1], 0);
    tetran_free(&t);
    mini_free(w);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tetran_marks),
        cmocka_unit_test(test_tentacle_marks),
        cmocka_unit_test(test_whale_marks),
        cmocka_unit_test(test_hazard_whale_has_no_marks),
        cmocka_unit_test(test_marks_respect_max),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
