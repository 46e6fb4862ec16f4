// test_rush.c -- sim/rush: the refill rule (hearts left + 30 % of the
// maximum rounded up, capped), the flow over a rush (retries keep the entry
// hearts, the clock and the hits count every attempt), and a two-arena rush
// through the session: the second arena's World starts with the hearts the
// first one left, refilled.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fixtures.h"

#include "harness/session.h"
#include "sim/rush.h"

static void test_refill_rule(void **state) {
    (void)state;
    assert_int_equal(rush_refill(4, 10), 7);       // +3 of 10
    assert_int_equal(rush_refill(7, 10), 10);      // exactly full
    assert_int_equal(rush_refill(9, 10), 10);      // capped
    assert_int_equal(rush_refill(10, 10), 10);
    assert_int_equal(rush_refill(1, 10), 4);
    assert_int_equal(rush_refill(1, 5), 3);        // 30 % of 5 = 1.5, rounded up to 2
    assert_int_equal(rush_refill(2, 12), 6);       // 3.6 -> 4
    assert_int_equal(rush_refill(0, 10), 3);       // never below the refill itself
    assert_int_equal(rush_refill(1, 1), 1);
    assert_int_equal(rush_refill(3, 0), 1);        // a broken maximum still gives a heart
}

static void test_flow(void **state) {
    (void)state;
    Rush r;
    rush_begin(&r, 3);
    assert_int_equal(r.arena, 0);
    assert_int_equal(rush_start_hp(&r), 0);        // the first arena: full hearts
    // Arena 1 lost after 600 ticks and 10 hits: retried with full hearts.
    assert_false(rush_attempt_end(&r, false, 600, 10, 0, 10));
    assert_int_equal(r.arena, 0);
    assert_int_equal(rush_start_hp(&r), 0);
    // Won with 5 of 10 left: arena 2 starts with 8.
    assert_false(rush_attempt_end(&r, true, 900, 5, 5, 10));
    assert_int_equal(r.arena, 1);
    assert_int_equal(rush_start_hp(&r), 8);
    // Lost: the retry starts with the same 8, not with what was left.
    assert_false(rush_attempt_end(&r, false, 300, 8, 0, 10));
    assert_int_equal(r.arena, 1);
    assert_int_equal(rush_start_hp(&r), 8);
    assert_false(rush_attempt_end(&r, true, 1000, 6, 2, 10));
    assert_int_equal(r.arena, 2);
    assert_int_equal(rush_start_hp(&r), 5);
    assert_false(r.complete);
    assert_true(rush_attempt_end(&r, true, 1200, 1, 4, 10));
    assert_true(r.complete);
    assert_int_equal(r.ticks, 600 + 900 + 300 + 1000 + 1200);
    assert_int_equal(r.hits, 10 + 5 + 8 + 6 + 1);
    assert_int_equal(r.attempts, 5);
    // Once complete, nothing more is counted.
    assert_true(rush_attempt_end(&r, true, 50, 1, 4, 10));
    assert_int_equal(r.ticks, 4000);
    // A one-arena rush is complete after its only win.
    rush_begin(&r, 0);
    assert_int_equal(r.arenas, 1);
    assert_true(rush_attempt_end(&r, true, 10, 0, 10, 10));
}

// Arena 1 is tests/scripts/tentacle-kill.script (won, hurt on the way);
// arena 2 a bare arena opened as the app opens the next one of a rush.
static void test_two_arena_rush(void **state) {
    (void)state;
    Rush r;
    rush_begin(&r, 2);
    Session s;
    SessionSetup setup = {.legs_dir = "assets/legs"};
    assert_int_equal(session_open_script(&s, "tests/scripts/tentacle-kill.script", &setup), 0);
    int hits = 0;
    while (!session_done(&s)) {
        assert_true(session_step(&s, NULL));
        hits += fixture_had_event(session_world(&s), EV_PLAYER_HURT);
    }
    assert_int_equal(session_world(&s)->state, GAME_WON);
    int left = session_world(&s)->player.hp, max = session_world(&s)->player.hp_max;
    int want = rush_refill(left, max);
    assert_true(left > 0 && want > left && want < max);   // hurt enough that the cap does not hide the rule
    assert_true(hits > 0);
    assert_false(rush_attempt_end(&r, true, session_world(&s)->state_tick + 1, hits, left, max));
    session_close(&s);
    SessionSetup next = {.legs_dir = "assets/legs", .start_hp = rush_start_hp(&r)};
    assert_int_equal(session_open_level(&s, "levels/test/whale-duel.lvl", &next), 0);
    assert_int_equal(session_world(&s)->player.hp, want);
    assert_int_equal(session_world(&s)->player.hp_max, max);
    session_close(&s);
    // A retry of arena 2 starts with the same hearts.
    assert_false(rush_attempt_end(&r, false, 100, 1, 0, max));
    assert_int_equal(rush_start_hp(&r), want);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_refill_rule),
        cmocka_unit_test(test_flow),
        cmocka_unit_test(test_two_arena_rush),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
