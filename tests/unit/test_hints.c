// test_hints.c -- the newcomer prompts (app/hints.h): firing at Tetran's
// straight arms brings up "HOLD Q: OPEN THE ARMS" once enough shots were
// blocked; wiggling takes it away and marks it learned, so it never shows
// again (the bit the settings keep); switched off, nothing shows; the
// other prompts' triggers. The World is only read.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <string.h>

#include "app/hints.h"
#include "fixtures.h"
#include "harness/session.h"

static World *arena(const char *path) {
    Level lv;
    ParseError err;
    if (!session_load_level(&lv, path, &err)) fail_msg("%s: %s", path, err.msg);
    World *w = fixture_world_level(&lv, false, 0);
    level_free(&lv);
    return w;
}

// Steps w with buttons for n ticks, ticking the hints; the tick the prompt
// first showed (-1 never).
static int64_t run(World *w, Hints *h, uint16_t buttons, int n, bool on, int *seen) {
    int64_t first = -1;
    for (int i = 0; i < n; i++) {
        world_step(w, (Input){buttons});
        if (hints_tick(h, w, on, seen) != HINT_NONE && first < 0) first = w->tick;
    }
    return first;
}

static void test_blocked_shots_bring_the_wiggle_prompt(void **state) {
    (void)state;
    World *w = arena("levels/test/tetran-gaps.lvl");
    Hints h;
    hints_begin(&h);
    int seen = 0;
    int64_t at = run(w, &h, BTN_UP | BTN_FIRE, 200, true, &seen);
    assert_true(at > 23);                           // not before shots were blocked
    assert_int_equal(h.shown, HINT_WIGGLE);
    assert_true(h.blocked >= HINT_BLOCKED_SHOTS);
    char line[80];
    hints_text(h.shown, "Q", line, sizeof line);
    assert_string_equal(line, "HOLD Q: OPEN THE ARMS");
    assert_int_equal(hints_button(HINT_WIGGLE), 6);   // BTN_WIGGLE's bit
    // Still firing, still there; used, it leaves and is learned.
    run(w, &h, BTN_UP | BTN_FIRE, 30, true, &seen);
    assert_int_equal(h.shown, HINT_WIGGLE);
    assert_int_equal(seen, 0);
    world_step(w, (Input){BTN_UP | BTN_FIRE | BTN_WIGGLE});
    hints_tick(&h, w, true, &seen);
    assert_true(h.learned);
    assert_int_equal(seen, 1 << HINT_WIGGLE);
    assert_int_equal(h.shown, HINT_NONE);
    world_free(w);

    // Learned: the same fight again never shows it.
    w = arena("levels/test/tetran-gaps.lvl");
    hints_begin(&h);
    assert_int_equal(run(w, &h, BTN_UP | BTN_FIRE, 300, true, &seen), -1);
    world_free(w);
    // Switched off: nothing, and nothing learned by firing.
    w = arena("levels/test/tetran-gaps.lvl");
    hints_begin(&h);
    seen = 0;
    assert_int_equal(run(w, &h, BTN_UP | BTN_FIRE, 300, false, &seen), -1);
    assert_int_equal(seen, 0);
    world_free(w);
}

// The other triggers, from counts alone (a quiet arena: its events are
// pushed by hand).
static void test_other_prompts(void **state) {
    (void)state;
    World *w = arena("levels/test/tetran-gaps.lvl");
    Hints h;
    hints_begin(&h);
    int seen = 0;
    for (int i = 0; i < HINT_HURT_TIMES; i++) {
        events_clear(&w->events);
        events_push(&w->events, EV_PLAYER_HURT, WHO_TETRAN, 1, 0, 0);
        hints_tick(&h, w, true, &seen);
    }
    assert_int_equal(h.shown, HINT_DASH);
    char line[80];
    hints_text(h.shown, "V", line, sizeof line);
    assert_string_equal(line, "PRESS V: DASH THROUGH BULLETS");
    events_clear(&w->events);
    events_push(&w->events, EV_DASH, WHO_PLAYER, 0, 0, 0);
    hints_tick(&h, w, true, &seen);
    assert_int_equal(h.shown, HINT_NONE);
    assert_int_equal(seen, 1 << HINT_DASH);
    // Shots into the rock, none landing: lock to aim.
    events_clear(&w->events);
    for (int i = 0; i < HINT_MISSED_SHOTS; i++) events_push(&w->events, EV_BULLET_WALL, WHO_PLAYER, OWNER_PLAYER, 0, 0);
    hints_tick(&h, w, true, &seen);
    assert_int_equal(h.shown, HINT_LOCK);
    events_clear(&w->events);
    w->input.buttons = BTN_LOCK;
    hints_tick(&h, w, true, &seen);
    assert_int_equal(h.shown, HINT_NONE);
    w->input.buttons = 0;
    // Jumping about for a while, never on a wall: climb.
    for (int i = 0; i < HINT_CLIMB_JUMPS; i++) {
        events_clear(&w->events);
        events_push(&w->events, EV_JUMP, WHO_PLAYER, 0, 0, 0);
        hints_tick(&h, w, true, &seen);
    }
    assert_int_equal(h.shown, HINT_NONE);          // too early
    events_clear(&w->events);
    w->tick = HINT_CLIMB_TICKS;
    hints_tick(&h, w, true, &seen);
    assert_int_equal(h.shown, HINT_CLIMB);
    hints_text(h.shown, "Z", line, sizeof line);
    assert_string_equal(line, "JUMP (Z) AT A WALL TO CLIMB IT");
    world_free(w);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_blocked_shots_bring_the_wiggle_prompt),
        cmocka_unit_test(test_other_prompts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
