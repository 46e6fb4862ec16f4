// test_player.c -- the body's movement on hand-built arenas: falling and
// landing, ramps without air frames, variable jumps, coyote time and the jump
// buffer (inside and just outside their windows), attaching, climbing round
// outer and inner corners, wall and ceiling jumps, the attach cooldown, and
// 8-way shots.
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "fixtures.h"

#include "sim/player/player.h"
#include "sim/world.h"

enum { L = BTN_LEFT, R = BTN_RIGHT, U = BTN_UP, D = BTN_DOWN, J = BTN_JUMP, F = BTN_FIRE };

static World *make_world(const char *const *rows, int nrows) { return fixture_world_rows(rows, nrows); }


static void step(World *w, int buttons) {
    world_step(w, (Input){(uint16_t)buttons});
}

// Steps n ticks with the same buttons; returns how many of them had `type`.
static int run(World *w, int buttons, int n, EventType type) {
    int seen = 0;
    for (int i = 0; i < n; i++) {
        step(w, buttons);
        seen += fixture_had_event(w, type);
    }
    return seen;
}

// Steps until the player's state is `s` (at most n ticks); returns the ticks taken or -1.
static int run_until(World *w, int buttons, int n, PlayerState s) {
    for (int i = 0; i < n; i++) {
        step(w, buttons);
        if (w->player.state == s) return i + 1;
    }
    return -1;
}

static const char *const ROOM[] = {
    "##########",
    "#........#",
    "#...P....#",
    "#........#",
    "#........#",
    "##########",
};

static void test_falls_and_lands(void **state) {
    (void)state;
    World *w = make_world(ROOM, 6);
    Player *p = &w->player;
    assert_true(fabs(p->radius - 12.0) < 1e-12);
    int lands = 0;
    double last_y = p->pos.y;
    for (int i = 0; i < 60; i++) {
        step(w, 0);
        lands += fixture_had_event(w, EV_LAND);
        if (p->state == PLAYER_AIR) assert_true(p->pos.y >= last_y);   // falling, never rising
        last_y = p->pos.y;
    }
    assert_int_equal(lands, 1);
    assert_int_equal(p->state, PLAYER_GROUND);
    assert_true(fabs(p->pos.y - (5 * 32 - 12)) < 1e-6);
    assert_true(fabs(p->normal.y + 1.0) < 1e-9);
    // Standing still stays put, exactly.
    Vec2 at = p->pos;
    run(w, 0, 30, EV_NONE);
    assert_true(p->pos.x == at.x && p->pos.y == at.y);
    world_free(w);
}

static const char *const LOW[] = {
    "######",
    "#....#",
    "#.P..#",
    "######",
};

// Spawned standing on a floor: on the ground from the first tick, no landing.
static void test_spawn_standing(void **state) {
    (void)state;
    World *w = make_world(LOW, 4);
    Player *p = &w->player;
    Vec2 at = p->pos;
    assert_int_equal(run(w, 0, 5, EV_LAND), 0);
    assert_int_equal(p->state, PLAYER_GROUND);
    assert_true(p->pos.x == at.x && p->pos.y == at.y && at.y == 3 * 32 - 12);
    world_free(w);
}

static void test_walk_is_snappy(void **state) {
    (void)state;
    World *w = make_world(ROOM, 6);
    Player *p = &w->player;
    run(w, 0, 40, EV_NONE);
    int ticks = 0;
    while (p->vel.x < PLAYER_WALK_SPEED - 1e-9 && ticks < 60) {
        step(w, R);
        ticks++;
    }
    assert_true(ticks <= 6);                   // top speed in a tenth of a second
    assert_int_equal(p->facing, 1);
    ticks = 0;
    while (p->vel.x != 0.0 && ticks < 60) {
        step(w, 0);
        ticks++;
    }
    assert_true(ticks <= 4);
    step(w, L);
    assert_int_equal(p->facing, -1);
    assert_true(p->vel.x < 0.0);               // input acts on the same tick
    // Walls stop walking.
    run(w, L, 120, EV_NONE);
    assert_int_equal(p->state, PLAYER_GROUND);
    assert_true(fabs(p->pos.x - (32 + 12)) < 1e-6);
    assert_true(p->vel.x == 0.0);
    world_free(w);
}

static const char *const RAMP[] = {
    "################",
    "#..............#",
    "#..............#",
    "#..............#",
    "#.........J#####",
    "#........J######",
    "#P......J#######",
    "################",
};

static void test_ramp_up_and_down_stays_grounded(void **state) {
    (void)state;
    World *w = make_world(RAMP, 8);
    Player *p = &w->player;
    run(w, 0, 30, EV_NONE);
    assert_int_equal(p->state, PLAYER_GROUND);
    double min_y = p->pos.y;
    for (int i = 0; i < 200; i++) {
        step(w, R);
        assert_int_equal(p->state, PLAYER_GROUND);
        assert_false(fixture_had_event(w, EV_LAND));
        if (p->pos.y < min_y) min_y = p->pos.y;
    }
    // On the flat top, 3 tiles up, against the right wall.
    assert_true(fabs(p->pos.y - (4 * 32 - 12)) < 1e-6);
    assert_true(fabs(p->pos.x - (15 * 32 - 12)) < 1e-6);
    for (int i = 0; i < 200; i++) {
        double y0 = p->pos.y;
        step(w, L);
        assert_int_equal(p->state, PLAYER_GROUND);
        assert_true(p->pos.y >= y0 - 1e-9);   // downhill: never bounces up
    }
    assert_true(fabs(p->pos.y - (7 * 32 - 12)) < 1e-6);
    assert_true(fabs(p->pos.x - (32 + 12)) < 1e-6);
    world_free(w);
}

// Peak height of a jump with the button held for `hold` ticks.
static double jump_height(int hold) {
    World *w = make_world(ROOM, 6);
    Player *p = &w->player;
    run(w, 0, 40, EV_NONE);
    double y0 = p->pos.y, top = y0;
    for (int i = 0; i < 80; i++) {
        step(w, i < hold ? J : 0);
        if (i == 0) assert_true(fixture_had_event(w, EV_JUMP) && p->pos.y < y0);   // no input lag
        if (p->pos.y < top) top = p->pos.y;
    }
    assert_int_equal(p->state, PLAYER_GROUND);
    world_free(w);
    return y0 - top;
}

static void test_variable_jump_height(void **state) {
    (void)state;
    double tap = jump_height(1), mid = jump_height(6), full = jump_height(40);
    assert_true(tap > 8.0);
    assert_true(mid > tap + 10.0);
    assert_true(full > mid + 10.0);
    assert_true(full > 2.0 * 32 && full < 3.0 * 32);
}

static const char *const LEDGE[] = {
    "############",
    "#..........#",
    "#..........#",
    "#P.........#",
    "#####......#",
    "#####......#",
    "#####......#",
    "############",
};

// Walks off the ledge to the left and presses jump `late` ticks after the
// last tick on the ground; true when that press jumped.
static bool coyote_jump(int late) {
    World *w = make_world(LEDGE, 8);
    Player *p = &w->player;
    run(w, 0, 30, EV_NONE);
    assert_int_equal(p->state, PLAYER_GROUND);
    // Walk right over the edge of the ledge (its top is y = 128).
    int t = run_until(w, R, 200, PLAYER_AIR);
    assert_true(t > 0);
    for (int i = 1; i < late; i++) step(w, 0);
    step(w, J);
    bool jumped = fixture_had_event(w, EV_JUMP);
    if (jumped) assert_true(p->vel.y < 0.0);
    world_free(w);
    return jumped;
}

static void test_coyote_window(void **state) {
    (void)state;
    for (int late = 1; late <= PLAYER_COYOTE_TICKS; late++) assert_true(coyote_jump(late));
    assert_false(coyote_jump(PLAYER_COYOTE_TICKS + 1));
    assert_false(coyote_jump(PLAYER_COYOTE_TICKS + 4));
}

// Drops from the spawn and taps jump `early` ticks before the first tick that
// starts on the ground; true when the body jumps on that tick.
static bool buffered_jump(int early) {
    World *w = make_world(ROOM, 6);
    Player *p = &w->player;
    p->pos.y -= 40;                            // a longer fall
    World *dry = make_world(ROOM, 6);
    dry->player.pos.y -= 40;
    int land = run_until(dry, 0, 100, PLAYER_GROUND);   // ticks until landed
    world_free(dry);
    assert_true(land > early);
    int press = land + 1 - early;              // 1-based tick of the press
    bool jumped = false;
    for (int t = 1; t <= land + 1; t++) {
        step(w, t == press ? J : 0);
        if (t == land) assert_int_equal(p->state, PLAYER_GROUND);
        if (t == land + 1) jumped = fixture_had_event(w, EV_JUMP);
    }
    world_free(w);
    return jumped;
}

static void test_jump_buffer_window(void **state) {
    (void)state;
    for (int early = 0; early < PLAYER_JUMP_BUFFER_TICKS; early++) assert_true(buffered_jump(early));
    assert_false(buffered_jump(PLAYER_JUMP_BUFFER_TICKS));
    assert_false(buffered_jump(PLAYER_JUMP_BUFFER_TICKS + 3));
}

static const char *const CLIMB[] = {
    "##########",
    "#........#",
    "#........#",
    "#......###",
    "#......###",
    "#......###",
    "#P.....###",
    "##########",
};

// Distance from the body centre to the nearest solid surface.
static double gap(const World *w) {
    Vec2 pt, n;
    return tilemap_nearest(&w->map, w->player.pos, 100.0, &pt, &n);
}

static void test_attach_climb_and_top_out(void **state) {
    (void)state;
    World *w = make_world(CLIMB, 8);
    Player *p = &w->player;
    run(w, R, 90, EV_NONE);                    // walk to the wall: no attaching from the ground
    assert_int_equal(p->state, PLAYER_GROUND);
    assert_true(fabs(p->pos.x - (7 * 32 - 12)) < 1e-6);
    step(w, R | J);
    assert_true(fixture_had_event(w, EV_JUMP));
    int attaches = fixture_had_event(w, EV_ATTACH), t = 0;
    while (p->state != PLAYER_WALL && t++ < 20) {
        step(w, R | J);
        attaches += fixture_had_event(w, EV_ATTACH);
    }
    assert_int_equal(p->state, PLAYER_WALL);
    assert_int_equal(attaches, 1);
    assert_true(fabs(p->normal.x + 1.0) < 1e-6 && fabs(p->normal.y) < 1e-6);
    // No gravity while attached; holding away from the wall does nothing.
    Vec2 at = p->pos;
    run(w, 0, 10, EV_NONE);
    run(w, L, 10, EV_NONE);
    assert_true(p->pos.x == at.x && p->pos.y == at.y);
    assert_int_equal(p->state, PLAYER_WALL);
    // Up climbs, at distance r, round the outer corner onto the shelf top.
    double y0 = p->pos.y;
    int lands = 0, ticks = 0;
    while (p->state == PLAYER_WALL && ticks++ < 200) {
        step(w, U);
        lands += fixture_had_event(w, EV_LAND);
        assert_true(fabs(gap(w) - 12.0) < 1e-6);
        assert_true(p->pos.y <= y0 + 1e-9);
        y0 = p->pos.y;
    }
    assert_int_equal(p->state, PLAYER_GROUND);
    assert_int_equal(lands, 1);
    assert_true(p->pos.y < 3 * 32);
    // Walks on along the top.
    run(w, R, 30, EV_NONE);
    assert_int_equal(p->state, PLAYER_GROUND);
    assert_true(fabs(p->pos.y - (3 * 32 - 12)) < 1e-6);
    assert_true(p->pos.x > 7 * 32 + 12);
    world_free(w);
}

static const char *const CEIL[] = {
    "##########",
    "##########",
    "#......###",
    "#......###",
    "#......###",
    "#P.....###",
    "##########",
};

static void test_inner_corner_ceiling_and_ceiling_jump(void **state) {
    (void)state;
    World *w = make_world(CEIL, 7);
    Player *p = &w->player;
    run(w, R, 90, EV_NONE);
    assert_true(run_until(w, R | J, 20, PLAYER_WALL) > 0);
    // Up the wall into the corner under the ceiling, where it stops.
    for (int i = 0; i < 80; i++) {
        step(w, U);
        assert_int_equal(p->state, PLAYER_WALL);
        assert_true(gap(w) > 12.0 - 1e-6);
    }
    assert_true(fabs(p->pos.y - (2 * 32 + 12)) < 1e-6);
    assert_true(fabs(p->pos.x - (7 * 32 - 12)) < 1e-6);
    assert_true(p->normal.x < -0.5 && p->normal.y > 0.5);   // mean of wall and ceiling
    // Left carries it along the ceiling, hanging upside down.
    run(w, L, 30, EV_NONE);
    assert_int_equal(p->state, PLAYER_WALL);
    assert_true(fabs(p->pos.y - (2 * 32 + 12)) < 1e-6);
    assert_true(p->pos.x < 7 * 32 - 12 - 40);
    assert_true(fabs(p->normal.y - 1.0) < 1e-6);
    // Down (straight away from the ceiling) does nothing.
    Vec2 at = p->pos;
    run(w, D, 10, EV_NONE);
    assert_true(p->pos.x == at.x && p->pos.y == at.y);
    // Jump: leaves along the normal, downward; lands on the floor.
    step(w, J);
    assert_true(fixture_had_event(w, EV_JUMP));
    assert_int_equal(p->state, PLAYER_AIR);
    assert_true(p->vel.y > 0.0 && fabs(p->vel.x) < 1e-9);
    assert_int_equal(p->attach_cooldown, PLAYER_ATTACH_COOLDOWN_TICKS);
    assert_true(run_until(w, 0, 60, PLAYER_GROUND) > 0);
    world_free(w);
}

static void test_inner_corner_jump_uses_mean_normal(void **state) {
    (void)state;
    World *w = make_world(CEIL, 7);
    Player *p = &w->player;
    run(w, R, 90, EV_NONE);
    assert_true(run_until(w, R | J, 20, PLAYER_WALL) > 0);
    run(w, U, 80, EV_NONE);
    step(w, J);
    assert_int_equal(p->state, PLAYER_AIR);
    assert_true(p->vel.x < -3.0);              // away from the wall...
    assert_true(p->vel.y > 1.0);               // ...and away from the ceiling
    world_free(w);
}

static const char *const SHAFT[] = {
    "####", "#..#", "#..#", "#..#", "#..#", "#..#", "#..#", "#..#",
    "#..#", "#..#", "#..#", "#..#", "#P.#", "####",
};

// Wall jump across a narrow shaft holding toward the far wall: the body
// reaches it inside the cooldown and only grabs once the cooldown is over.
static void test_wall_jump_and_cooldown(void **state) {
    (void)state;
    World *w = make_world(SHAFT, 14);
    Player *p = &w->player;
    run(w, 0, 20, EV_NONE);
    assert_true(run_until(w, L | J, 20, PLAYER_WALL) > 0);
    assert_true(p->normal.x > 0.99);
    run(w, U, 40, EV_NONE);
    assert_int_equal(p->state, PLAYER_WALL);
    step(w, R | J);
    assert_true(fixture_had_event(w, EV_JUMP));
    assert_int_equal(p->state, PLAYER_AIR);
    assert_true(p->vel.x > 3.0 && p->vel.y < -3.0);   // out and up
    int touched = -1, attached = -1;
    for (int t = 2; t <= 40 && attached < 0; t++) {
        step(w, R | J);
        if (touched < 0 && p->pos.x >= 3 * 32 - 12 - 1e-6) touched = t;
        if (p->state == PLAYER_WALL) attached = t;
    }
    assert_true(touched > 0 && touched < PLAYER_ATTACH_COOLDOWN_TICKS);
    assert_int_equal(attached, PLAYER_ATTACH_COOLDOWN_TICKS + 1);
    assert_true(p->normal.x < -0.99);
    world_free(w);
}

static const char *const PILLAR[] = {
    "##########",
    "#....#...#",
    "#....#...#",
    "#........#",
    "#........#",
    "#P.......#",
    "##########",
};

// Round the outer corners of a pillar hanging from the ceiling: down its
// left face, along its underside, up its right face -- never letting go.
static void test_outer_corners_stay_attached(void **state) {
    (void)state;
    World *w = make_world(PILLAR, 7);
    Player *p = &w->player;
    p->pos = v2(5 * 32 - 12, 50);
    p->state = PLAYER_WALL;
    p->normal = v2(-1, 0);
    const int plan[][2] = {{D, 60}, {R, 40}, {U, 20}};
    for (int k = 0; k < 3; k++) {
        for (int i = 0; i < plan[k][1]; i++) {
            Vec2 n0 = p->normal;
            step(w, plan[k][0]);
            assert_int_equal(p->state, PLAYER_WALL);
            assert_true(fabs(gap(w) - 12.0) < 1e-6);
            assert_true(v2_dot(n0, p->normal) > 0.9);   // the normal turns smoothly
        }
        if (k == 0) assert_true(p->normal.y > 0.9 && p->pos.y > 3 * 32);
        if (k == 1) assert_true(p->normal.x > 0.9 || p->normal.y > 0.9);
    }
    assert_true(p->normal.x > 0.99);
    assert_true(fabs(p->pos.x - (6 * 32 + 12)) < 1e-6 && p->pos.y < 3 * 32);
    world_free(w);
}

// Climbing down a wall onto the floor at its foot detaches into walking.
static void test_climb_down_reaches_floor(void **state) {
    (void)state;
    World *w = make_world(CLIMB, 8);
    Player *p = &w->player;
    run(w, R, 90, EV_NONE);
    assert_true(run_until(w, R | J, 20, PLAYER_WALL) > 0);
    run(w, U, 20, EV_NONE);
    assert_int_equal(p->state, PLAYER_WALL);
    int t = run_until(w, D, 60, PLAYER_GROUND);
    assert_true(t > 0);
    assert_true(fixture_had_event(w, EV_LAND));
    assert_true(fabs(p->pos.y - (7 * 32 - 12)) < 1e-6);
    world_free(w);
}

static const char *const HILLS[] = {
    "##################",
    "#................#",
    "#................#",
    "#P...JL..........#",
    "#########LJ#######",
    "##################",
};

// Over a peak (/\) and through a valley (\/) and back: on the ground every
// tick, never bouncing, and level with the floor again afterwards.
static void test_hill_and_valley_stay_grounded(void **state) {
    (void)state;
    World *w = make_world(HILLS, 6);
    Player *p = &w->player;
    run(w, 0, 20, EV_NONE);
    assert_int_equal(p->state, PLAYER_GROUND);
    double floor_y = 4 * 32 - 12, min_y = floor_y, max_y = floor_y;
    for (int k = 0; k < 2; k++) {
        for (int i = 0; i < 200; i++) {
            step(w, k == 0 ? R : L);
            assert_int_equal(p->state, PLAYER_GROUND);
            assert_false(fixture_had_event(w, EV_LAND) || fixture_had_event(w, EV_JUMP));
            if (p->pos.y < min_y) min_y = p->pos.y;
            if (p->pos.y > max_y) max_y = p->pos.y;
        }
    }
    assert_true(floor_y - min_y > 15.0);       // went over the peak
    assert_true(max_y - floor_y > 10.0);       // and down into the valley
    assert_true(fabs(p->pos.y - floor_y) < 1e-6);
    assert_true(fabs(p->pos.x - (32 + 12)) < 1e-6);
    world_free(w);
}

static const char *const SLANT[] = {
    "##########",
    "##########",
    "#F......7#",
    "#........#",
    "#...P....#",
    "##########",
};

// A ground jump under a ceiling sticks to it; along the ceiling, down the
// 45-degree underside (7), into the 135-degree corner with the wall, then
// down the wall onto the floor.
static void test_ceiling_slope_and_wall(void **state) {
    (void)state;
    World *w = make_world(SLANT, 6);
    Player *p = &w->player;
    run(w, 0, 20, EV_NONE);
    step(w, J);
    int t = run_until(w, J, 30, PLAYER_WALL);
    assert_true(t > 0);
    assert_true(fabs(p->normal.y - 1.0) < 1e-6);
    assert_true(fabs(p->pos.y - (2 * 32 + 12)) < 1e-6);
    bool on_slope = false;
    for (int i = 0; i < 100; i++) {
        step(w, R);
        assert_int_equal(p->state, PLAYER_WALL);
        assert_true(gap(w) > 12.0 - 1e-6 && gap(w) < 12.0 + 1e-6);
        if (fabs(p->normal.x + 0.70710678) < 1e-6 && fabs(p->normal.y - 0.70710678) < 1e-6) on_slope = true;
    }
    assert_true(on_slope);
    // Stopped in the corner of the underside and the right wall.
    assert_true(fabs(p->pos.x - (9 * 32 - 12)) < 1e-6);
    assert_true(p->normal.x < -0.9 && p->normal.y >= 0.0);
    t = run_until(w, D, 100, PLAYER_GROUND);
    assert_true(t > 0);
    assert_true(fabs(p->pos.y - (5 * 32 - 12)) < 1e-6);
    world_free(w);
}

// Jumping into an underside slope (7) from below attaches to it.
static void test_jump_into_underside_slope_attaches(void **state) {
    (void)state;
    World *w = make_world(SLANT, 6);
    Player *p = &w->player;
    run(w, R, 40, EV_NONE);                    // against the right wall
    run(w, L, 4, EV_NONE);
    run(w, 0, 10, EV_NONE);
    step(w, J | R);
    int t = run_until(w, J | R, 30, PLAYER_WALL);
    assert_true(t > 0);
    assert_true(p->normal.x < -0.5 && p->normal.y > 0.5);
    world_free(w);
}

static const char *const STEP[] = {
    "##########",
    "#........#",
    "#........#",
    "#........#",
    "#P....####",
    "##########",
};

// A jump held toward a one-tile step clears it instead of sticking to its
// face: ground jumps cannot grab for the hop cooldown.
static void test_hop_onto_step(void **state) {
    (void)state;
    World *w = make_world(STEP, 6);
    Player *p = &w->player;
    run(w, R, 60, EV_NONE);
    assert_true(fabs(p->pos.x - (6 * 32 - 12)) < 1e-6);
    int attaches = run(w, R | J, 40, EV_ATTACH);
    assert_int_equal(attaches, 0);
    assert_int_equal(p->state, PLAYER_GROUND);
    assert_true(fabs(p->pos.y - (4 * 32 - 12)) < 1e-6);
    assert_true(p->pos.x > 6 * 32 + 12);
    world_free(w);
}

static void test_shots_go_eight_ways(void **state) {
    (void)state;
    World *w = make_world(ROOM, 6);
    Player *p = &w->player;
    run(w, 0, 40, EV_NONE);
    // The last: nothing held fires the way it faces (right, from D+R).
    const int dirs[9] = {R, R | U, U, U | L, L, L | D, D, D | R, 0};
    const double ex[9] = {1, 1, 0, -1, -1, -1, 0, 1, 1}, ey[9] = {0, -1, -1, -1, 0, 1, 1, 1, 0};
    for (int k = 0; k < 9; k++) {
        int shots = 0;
        for (int i = 0; i < PLAYER_FIRE_COOLDOWN_TICKS; i++) {
            // Up/down held on the ground do not move the body.
            step(w, dirs[k] | F);
            for (int e = 0; e < w->events.count; e++) {
                const Event *ev = &w->events.e[e];
                if (ev->type != EV_SHOT) continue;
                shots++;
                Vec2 off = v2_sub(v2(ev->x, ev->y), p->pos);
                Vec2 d = v2_norm(off);
                // From the body's edge, whatever the direction.
                assert_true(fabs(v2_len(off) - (p->radius + PLAYER_BULLET_RADIUS)) < 1e-9);
                Vec2 want = v2_norm(v2(ex[k], ey[k]));
                assert_true(v2_dot(d, want) > 0.99);
            }
        }
        assert_int_equal(shots, 1);            // one per cooldown while held
        run(w, 0, 2, EV_NONE);
    }
    assert_int_equal(p->shots, 9);
    world_free(w);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_falls_and_lands),
        cmocka_unit_test(test_spawn_standing),
        cmocka_unit_test(test_walk_is_snappy),
        cmocka_unit_test(test_ramp_up_and_down_stays_grounded),
        cmocka_unit_test(test_variable_jump_height),
        cmocka_unit_test(test_coyote_window),
        cmocka_unit_test(test_jump_buffer_window),
        cmocka_unit_test(test_attach_climb_and_top_out),
        cmocka_unit_test(test_inner_corner_ceiling_and_ceiling_jump),
        cmocka_unit_test(test_inner_corner_jump_uses_mean_normal),
        cmocka_unit_test(test_wall_jump_and_cooldown),
        cmocka_unit_test(test_outer_corners_stay_attached),
        cmocka_unit_test(test_climb_down_reaches_floor),
        cmocka_unit_test(test_hill_and_valley_stay_grounded),
        cmocka_unit_test(test_ceiling_slope_and_wall),
        cmocka_unit_test(test_jump_into_underside_slope_attaches),
        cmocka_unit_test(test_hop_onto_step),
        cmocka_unit_test(test_shots_go_eight_ways),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
