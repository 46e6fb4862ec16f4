// test_pace.c -- a fight's presentation timing (app/pace.h): the warning
// card holds the fight back and a skip closes it; a hurt holds the sim for
// PACE_HURT_HOLD_S; a death holds, then runs slow for PACE_DEATH_SLOW_S of
// real time easing back to full speed; a later, milder effect never cuts
// one short. Frames are fed as numbers: no clock.
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "app/pace.h"

#define EPS 1e-9

static Events one(EventType t) {
    Events ev;
    events_clear(&ev);
    events_push(&ev, t, WHO_NONE, 1, 0, 0);
    return ev;
}

// Simulation seconds for `seconds` of real time in frames of dt.
static double run(Pace *p, double seconds, double dt) {
    double sim = 0.0;
    int n = (int)llround(seconds / dt);
    for (int i = 0; i < n; i++) sim += pace_step(p, dt);
    return sim;
}

static void test_card_holds_the_fight(void **state) {
    (void)state;
    Pace p;
    pace_start(&p, false);
    assert_true(pace_card(&p));
    assert_true(pace_card_t(&p) == 0.0);
    assert_true(pace_rate(&p) == 0.0);
    assert_true(fabs(run(&p, PACE_CARD_S - 0.1, 0.05)) < EPS);
    assert_true(pace_card(&p));
    assert_true(pace_card_t(&p) > 0.9 && pace_card_t(&p) < 1.0);
    // The frame that ends it hands on only what is left after it.
    assert_true(fabs(pace_step(&p, 0.15) - 0.05) < EPS);
    assert_false(pace_card(&p));
    assert_true(pace_card_t(&p) == 1.0);
    assert_true(fabs(pace_step(&p, 0.02) - 0.02) < EPS);
    pace_start(&p, true);
    assert_true(fabs(run(&p, PACE_CARD_RETRY_S - 0.05, 0.05)) < EPS);
    assert_true(pace_card(&p));
    assert_true(fabs(run(&p, 0.1, 0.05) - 0.05) < EPS);
    assert_false(pace_card(&p));
}

static void test_skip_closes_the_card(void **state) {
    (void)state;
    Pace p;
    pace_start(&p, false);
    run(&p, 0.5, 0.05);
    pace_skip(&p);
    assert_true(pace_card(&p));                     // the closing part still plays
    assert_true(fabs(run(&p, PACE_CARD_OUT_S - 0.05, 0.05)) < EPS);
    assert_true(pace_card(&p));
    pace_step(&p, 0.05 + 1e-6);
    assert_false(pace_card(&p));
    // A skip inside the closing part does not reopen it; none without a card.
    pace_start(&p, false);
    run(&p, PACE_CARD_S - 0.1, 0.05);
    double t = pace_card_t(&p);
    pace_skip(&p);
    assert_true(pace_card_t(&p) == t);
    pace_clear(&p);
    pace_skip(&p);
    assert_false(pace_card(&p));
}

static void test_hurt_holds(void **state) {
    (void)state;
    Pace p;
    pace_clear(&p);
    assert_false(pace_card(&p));
    assert_true(fabs(pace_step(&p, 0.02) - 0.02) < EPS);
    Events ev = one(EV_PLAYER_HURT);
    pace_events(&p, &ev);
    assert_true(pace_rate(&p) == 0.0);
    assert_true(fabs(run(&p, PACE_HURT_HOLD_S - 0.01, 0.01)) < EPS);
    assert_true(pace_rate(&p) == 0.0);
    assert_true(fabs(pace_step(&p, 0.01 + 1e-6) - 1e-6) < 1e-8);
    assert_true(pace_rate(&p) == 1.0);
    assert_true(fabs(pace_step(&p, 0.01) - 0.01) < EPS);
    // A frame longer than what is left of the hold runs the rest.
    pace_events(&p, &ev);
    assert_true(fabs(pace_step(&p, 0.25) - (0.25 - PACE_HURT_HOLD_S)) < EPS);
    // Events that are no feedback change nothing.
    Events shot = one(EV_SHOT);
    pace_events(&p, &shot);
    assert_true(fabs(pace_step(&p, 0.01) - 0.01) < EPS);
}

// The sim time slow motion of length len at rate r gives: flat, then a
// linear ease to 1 over PACE_EASE_S.
static double slow_sim(double len, double r) { return (len - PACE_EASE_S) * r + PACE_EASE_S * (r + 1.0) / 2.0; }

static void test_death_holds_then_slows(void **state) {
    (void)state;
    Pace p;
    pace_clear(&p);
    Events hurt = one(EV_PLAYER_HURT), dead = one(EV_PLAYER_DEAD);
    pace_events(&p, &hurt);
    pace_events(&p, &dead);
    assert_true(fabs(run(&p, PACE_DEATH_HOLD_S, 0.01)) < EPS);
    assert_true(fabs(pace_rate(&p) - PACE_DEATH_RATE) < EPS);
    double sim = run(&p, PACE_DEATH_SLOW_S, 0.05);
    assert_true(fabs(sim - slow_sim(PACE_DEATH_SLOW_S, PACE_DEATH_RATE)) < 1e-6);
    assert_true(pace_rate(&p) == 1.0);
    assert_true(fabs(pace_step(&p, 0.05) - 0.05) < EPS);
}

static void test_boss_down_slows(void **state) {
    (void)state;
    Pace p;
    pace_clear(&p);
    Events down = one(EV_BOSS_DOWN);
    pace_events(&p, &down);
    assert_true(fabs(run(&p, PACE_BOSS_HOLD_S, 0.01)) < EPS);
    double sim = run(&p, PACE_BOSS_SLOW_S, 0.05);
    assert_true(fabs(sim - slow_sim(PACE_BOSS_SLOW_S, PACE_BOSS_RATE)) < 1e-6);
}

// A milder effect arriving later never cuts a stronger one short.
static void test_no_effect_cuts_another_short(void **state) {
    (void)state;
    Pace p;
    pace_clear(&p);
    Events dead = one(EV_PLAYER_DEAD), hurt = one(EV_PLAYER_HURT), down = one(EV_BOSS_DOWN);
    pace_events(&p, &dead);
    pace_events(&p, &hurt);                          // a shorter hold
    assert_true(fabs(p.hold_s - PACE_DEATH_HOLD_S) < EPS);
    run(&p, PACE_DEATH_HOLD_S + 0.2, 0.01);
    pace_events(&p, &down);                          // faster slow motion: ignored
    assert_true(fabs(p.slow_rate - PACE_DEATH_RATE) < EPS);
    assert_true(fabs(p.slow_s - (PACE_DEATH_SLOW_S - 0.2)) < 1e-6);
    // The other way round, the slower one takes over.
    pace_clear(&p);
    pace_events(&p, &down);
    run(&p, PACE_BOSS_HOLD_S + 0.1, 0.01);
    pace_events(&p, &dead);
    assert_true(fabs(p.slow_rate - PACE_DEATH_RATE) < EPS);
    assert_true(fabs(p.slow_s - PACE_DEATH_SLOW_S) < EPS);
}

static void test_no_time_no_change(void **state) {
    (void)state;
    Pace p;
    pace_start(&p, false);
    assert_true(pace_step(&p, 0.0) == 0.0);
    assert_true(pace_step(&p, -1.0) == 0.0);
    assert_true(p.card_s == 0.0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_card_holds_the_fight),
        cmocka_unit_test(test_skip_closes_the_card),
        cmocka_unit_test(test_hurt_holds),
        cmocka_unit_test(test_death_holds_then_slows),
        cmocka_unit_test(test_boss_down_slows),
        cmocka_unit_test(test_no_effect_cuts_another_short),
        cmocka_unit_test(test_no_time_no_change),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
