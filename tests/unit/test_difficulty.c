// test_difficulty.c -- what a difficulty changes: the player's hearts (and
// the carried hearts kept below them), every creature's spawn hp, and the
// speed and rate of enemy fire handed to the creatures through TickCtx.
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "fixtures.h"

#include "sim/world.h"

// A closed 40 x 20 room: the player at the bottom, a firing Tetran in the
// middle, a tentacle boss and a boss whale out of the way.
static const char ARENA[] =
    "seed 3\n"
    "spawn player 20 18\n"
    "spawn tetran 20 8 hp=60\n"
    "spawn tentacle 5 3 hp=40\n"
    "spawn whale 34 4 hp=80 boss=1\n"
    "map\n"
    "########################################\n"
    "#......................................#\n"
    "#......................................#\n"
    "#......................................#\n"
    "#......................................#\n"
    "#......................................#\n"
    "#......................................#\n"
    "#......................................#\n"
    "#......................................#\n"
    "#......................................#\n"
    "#......................................#\n"
    "#......................................#\n"
    "#......................................#\n"
    "#......................................#\n"
    "#......................................#\n"
    "#......................................#\n"
    "#......................................#\n"
    "#......................................#\n"
    "#......................................#\n"
    "########################################\n"
    "end\n";

static World *make(Difficulty d, int start_hp) {
    Level lv;
    ParseError err;
    assert_true(level_parse(&lv, ARENA, strlen(ARENA), "difficulty.lvl", &err));
    LegProfile prof[LEGS_COUNT];
    fixture_profiles(prof);
    WorldSetup setup = {.level = &lv, .profiles = prof, .difficulty = d, .start_hp = start_hp};
    World *w = world_create(&setup, &err);
    assert_non_null(w);
    level_free(&lv);
    return w;
}

static void test_hearts_and_hp(void **state) {
    (void)state;
    const struct {
        Difficulty d;
        int hearts, tetran, tentacle, whale;
    } want[] = {
        {DIFFICULTY_NORMAL, 10, 60, 40, 80},
        {DIFFICULTY_EASY, 12, 45, 30, 60},
        {DIFFICULTY_HARD, 8, 72, 48, 96},
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        World *w = make(want[i].d, 0);
        assert_int_equal(w->player.hp, want[i].hearts);
        assert_int_equal(w->player.hp_max, difficulty_rules(want[i].d)->hearts);
        assert_int_equal(w->tetrans[0].hp, want[i].tetran);
        assert_int_equal(w->tetrans[0].hp_max, want[i].tetran);
        assert_int_equal(w->tentacles[0].hp, want[i].tentacle);
        assert_int_equal(w->whales[0].hp, want[i].whale);
        world_free(w);
    }
    // Carried hearts: kept as they are below the maximum, clamped above it.
    World *w = make(DIFFICULTY_HARD, 5);
    assert_int_equal(w->player.hp, 5);
    world_free(w);
    w = make(DIFFICULTY_HARD, 9);
    assert_int_equal(w->player.hp, 8);
    world_free(w);
    // Out of range: normal's rules.
    assert_ptr_equal(difficulty_rules((Difficulty)7), difficulty_rules(DIFFICULTY_NORMAL));
}

// Steps n ticks standing still and unhurt (a lost arena stops the fire);
// returns Tetran's shots (its fire runs on timers alone) and the speed of
// its first bullet.
static int64_t fire_over(World *w, int n, double *first_speed) {
    *first_speed = 0.0;
    for (int t = 0; t < n; t++) {
        w->player.invuln = 2;
        world_step(w, (Input){0});
        for (int i = 0; i < w->bullets.cap && *first_speed == 0.0; i++) {
            const Bullet *b = &w->bullets.b[i];
            if (b->alive && b->from == WHO_TETRAN) *first_speed = v2_len(b->vel);
        }
    }
    return w->tetrans[0].shots;
}

static void test_fire_speed_and_rate(void **state) {
    (void)state;
    double base_speed, speed;
    World *w = make(DIFFICULTY_NORMAL, 0);
    TickCtx ctx = world_tick_ctx(w);
    assert_true(ctx.shot_speed == 1.0 && ctx.shot_rate == 1.0);
    int64_t base = fire_over(w, 1200, &base_speed);
    // The tentacle boss's shots scale the same way (it fires when aimed, so
    // only its bullet speed is checked here).
    double tentacle_speed = w->tentacles[0].cfg.bullet_px;
    world_free(w);
    assert_true(base > 10 && base_speed > 0.0);
    for (int d = DIFFICULTY_EASY; d <= DIFFICULTY_HARD; d++) {
        const DifficultyRules *dr = difficulty_rules((Difficulty)d);
        w = make((Difficulty)d, 0);
        ctx = world_tick_ctx(w);
        assert_true(ctx.shot_speed == dr->shot_speed && ctx.shot_rate == dr->shot_rate);
        int64_t shots = fire_over(w, 1200, &speed);
        for (int i = 0; i < w->bullets.cap; i++) {
            const Bullet *b = &w->bullets.b[i];
            // (the player stands still: the spore's shards, at their own
            // speed, scale the same way)
            if (b->alive && b->from == WHO_TENTACLE)
                assert_true(fabs(v2_len(b->vel) - tentacle_speed * dr->shot_speed) < 1e-9 ||
                            fabs(v2_len(b->vel) - TENTACLE_SPORE_SHARD_SPEED_PX * dr->shot_speed) < 1e-9);
        }
        world_free(w);
        assert_true(fabs(speed - base_speed * dr->shot_speed) < 1e-9);
        // More (or fewer) shots in the same time, about in proportion.
        double ratio = (double)shots / (double)base;
        fprintf(stderr, "%s: %lld shots (normal %lld), first at %.3f px/tick (normal %.3f)\n",
                difficulty_name((Difficulty)d), (long long)shots, (long long)base, speed, base_speed);
        assert_true(dr->shot_rate > 1.0 ? ratio > 1.1 : ratio < 0.9);
    }
}

// Intervals at a fire rate: divided and rounded, never below one tick.
static void test_fire_interval(void **state) {
    (void)state;
    TickCtx ctx = {.shot_rate = 1.3};
    assert_int_equal(tick_fire_interval(&ctx, 70), 54);
    ctx.shot_rate = 0.7;
    assert_int_equal(tick_fire_interval(&ctx, 70), 100);
    ctx.shot_rate = 1.0;
    assert_int_equal(tick_fire_interval(&ctx, 45), 45);
    ctx.shot_rate = 1000.0;
    assert_int_equal(tick_fire_interval(&ctx, 6), 1);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hearts_and_hp),
        cmocka_unit_test(test_fire_speed_and_rate),
        cmocka_unit_test(test_fire_interval),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
