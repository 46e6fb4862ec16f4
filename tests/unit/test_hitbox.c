// test_hitbox.c -- the creatures' broad phase over their own parts
// (sim/creatures/hitbox.h) changes no outcome: a World whose Tetrans and
// tentacle bosses test every part for every player bullet (their boxes
// freed) and one that skips the parts whose boxes a bullet misses stay in
// the same state, hash for hash, tick by tick, while player-side turret
// bullets hit, graze and miss arms and links. And the budget charges those
// bullets' part tests (level.h, LEVEL_HIT_TESTS_PER_UNIT).
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "fixtures.h"

#include "sim/world.h"

// A closed 64 x 48 room: a Tetran and a tentacle boss, each with a
// player-side turret inside its reach, a second Tetran with thin long arms.
static bool parse(Level *lv, const char *spawns, ParseError *err) {
    static char text[16384];
    int n = snprintf(text, sizeof text, "spawn player 32 46\n%smap\n", spawns);
    for (int r = 0; r < 48; r++) {
        char row[65];
        for (int c = 0; c < 64; c++) row[c] = r == 0 || r == 47 || c == 0 || c == 63 ? '#' : '.';
        row[64] = '\0';
        n += snprintf(text + n, sizeof text - (size_t)n, "%s\n", row);
    }
    snprintf(text + n, sizeof text - (size_t)n, "end\n");
    return level_parse(lv, text, strlen(text), "hitbox.lvl", err);
}

static const char *const ARENA =
    "spawn tetran 16 16 arms=12 segments=30 length=12 hp=100000\n"
    "spawn tentacle 46 14 tentacles=8 nodes=60 grow=2 link=10 hp=400\n"
    "spawn tetran 30 34 arms=3 segments=64 length=9 hp=100000 core=6\n"
    "spawn turret 22 16 rate=24 every=2 speed=1.5 ttl=300 spin=0.11 side=player\n"
    "spawn turret 50 20 rate=32 every=3 speed=0.7 ttl=400 spin=-0.07 side=player\n"
    "spawn turret 30 30 rate=16 every=1 speed=2.5 ttl=200 spin=0.3 side=player\n";

static World *arena(void) {
    Level lv;
    ParseError err;
    if (!parse(&lv, ARENA, &err)) fail_msg("%d:%d: %s", err.line, err.col, err.msg);
    World *w = fixture_world_level(&lv, false, 0);
    level_free(&lv);
    return w;
}

static void test_same_state_with_and_without_boxes(void **state) {
    (void)state;
    World *boxed = arena(), *every = arena();
    for (int i = 0; i < every->tetran_count; i++) hitbox_free(&every->tetrans[i].hits);
    for (int i = 0; i < every->tentacle_count; i++) hitbox_free(&every->tentacles[i].hits);
    int blocked = 0, hits = 0;
    for (int t = 0; t < 900; t++) {
        Input in = {(uint16_t)((t % 3 == 0 ? BTN_FIRE : 0) | ((t / 200) % 2 == 1 ? BTN_WIGGLE : 0))};
        world_step(boxed, in);
        world_step(every, in);
        for (int e = 0; e < boxed->events.count; e++) {
            blocked += boxed->events.e[e].type == EV_BLOCKED;
            hits += boxed->events.e[e].type == EV_HIT;
        }
        if (world_hash(boxed) != world_hash(every)) fail_msg("tick %d: the states differ", t);
    }
    // The arena tested something: shots blocked by arms and links, and hits.
    assert_true(blocked > 1000);
    assert_true(hits > 100);
    assert_true(boxed->tetrans[0].hits.box != NULL && every->tetrans[0].hits.box == NULL);
    world_free(boxed);
    world_free(every);
}

// The case: 65,536 player-side bullets in a 28 x 256 tentacle boss
// cost 3,840 units of hit tests on top of 9,790 of their own: refused.
// With a pool's worth fewer bullets it fits, and the charge is in units.
static void test_budget_charges_hit_tests(void **state) {
    (void)state;
    Level lv;
    ParseError err;
    assert_false(parse(&lv,
                       "spawn tentacle 20 20 tentacles=28 nodes=256 grow=0\n"
                       "spawn turret 24 20 rate=256 every=1 speed=0.5 ttl=256 side=player\n",
                       &err));
    assert_non_null(strstr(err.msg, "3840 for the player-side turret bullets' hit tests"));
    assert_true(parse(&lv,
                      "spawn tentacle 20 20 tentacles=28 nodes=256 grow=0\n"
                      "spawn turret 24 20 rate=256 every=1 speed=0.5 ttl=112 side=player\n",
                      &err));
    // 7,168 + 28,672 / 25 + 28,672 x 30 / 512.
    assert_int_equal(lv.units, 7168 + 1147 + 1680);
    level_free(&lv);
    // Enemy-side bullets hit no creature: no charge.
    assert_true(parse(&lv,
                      "spawn tentacle 20 20 tentacles=28 nodes=256 grow=0\n"
                      "spawn turret 24 20 rate=256 every=1 speed=0.5 ttl=256\n",
                      &err));
    assert_int_equal(lv.units, 7168 + 2622);
    level_free(&lv);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_same_state_with_and_without_boxes),
        cmocka_unit_test(test_budget_charges_hit_tests),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
