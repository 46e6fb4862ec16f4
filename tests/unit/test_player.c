// test_player.c -- the body's movement on hand-built arenas: falling and
// landing, ramps without air frames, variable jumps, coyote time and the jump
// buffer (inside and just outside their windows), attaching (what it touches,
// not the wall a leap left, not a face a held jump rises past), climbing
// round outer and inner corners, wall and ceiling jumps, 8-way shots, aim
// lock, wall aim, dash, the wiggle gauge and getting hit.
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "fixtures.h"

#include "core/dmath.h"

#include "sim/player/player.h"
#include "sim/world.h"

enum {
    L = BTN_LEFT, R = BTN_RIGHT, U = BTN_UP, D = BTN_DOWN, J = BTN_JUMP, F = BTN_FIRE,
    K = BTN_LOCK, DASH = BTN_DASH, WG = BTN_WIGGLE,
};

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

// Climbs the shaft's left wall a little (for the wall-jump tests).
static World *on_shaft_wall(void) {
    World *w = make_world(SHAFT, 14);
    Player *p = &w->player;
    run(w, 0, 20, EV_NONE);
    assert_true(run_until(w, L | J, 20, PLAYER_WALL) > 0);
    assert_true(p->normal.x > 0.99);
    run(w, U, 40, EV_NONE);
    assert_int_equal(p->state, PLAYER_WALL);
    return w;
}

// Wall jump across a narrow shaft, jump let go at once, holding toward the
// far wall: the far wall is grabbed on the first tick it is touched, well
// inside the attach cooldown (which only guards the wall it left).
static void test_wall_jump_grabs_far_wall(void **state) {
    (void)state;
    World *w = on_shaft_wall();
    Player *p = &w->player;
    step(w, R | J);
    assert_true(fixture_had_event(w, EV_JUMP));
    assert_int_equal(p->state, PLAYER_AIR);
    assert_true(p->vel.x > 3.0 && p->vel.y < -3.0);   // out and up
    assert_int_equal(p->attach_cooldown, PLAYER_ATTACH_COOLDOWN_TICKS);
    int touched = -1, attached = -1;
    for (int t = 2; t <= 40 && attached < 0; t++) {
        step(w, R);
        if (touched < 0 && p->pos.x >= 3 * 32 - 12 - 1e-6) touched = t;
        if (p->state == PLAYER_WALL) attached = t;
    }
    assert_true(touched > 0 && touched < PLAYER_ATTACH_COOLDOWN_TICKS);
    assert_int_equal(attached, touched);
    assert_true(p->normal.x < -0.99);
    world_free(w);
}

// The same leap with jump held: the body slides up the far wall while the
// held jump still rises and grabs it the tick the hold runs out, higher up
// (a little: a leap rises slowly by then).
static void test_held_leap_slides_up_far_wall(void **state) {
    (void)state;
    World *w = on_shaft_wall();
    Player *p = &w->player;
    step(w, R | J);
    int touched = -1, attached = -1;
    double touch_y = 0.0;
    for (int t = 2; t <= 40 && attached < 0; t++) {
        step(w, R | J);
        if (touched < 0 && p->pos.x >= 3 * 32 - 12 - 1e-6) {
            touched = t;
            touch_y = p->pos.y;
        }
        if (p->state == PLAYER_WALL) attached = t;
    }
    assert_true(touched > 0);
    assert_int_equal(attached, PLAYER_JUMP_HOLD_TICKS);   // the leap tick counts as the first held
    assert_true(p->pos.y < touch_y);
    assert_true(p->normal.x < -0.99);
    world_free(w);
}

// After a leap, the wall it left cannot be grabbed during the cooldown
// (put back against it, it is not), the other wall can; once the cooldown
// is over the first wall grabs again.
static void test_leap_refuses_the_wall_it_left(void **state) {
    (void)state;
    World *w = on_shaft_wall();
    Player *p = &w->player;
    step(w, J);
    assert_int_equal(p->state, PLAYER_AIR);
    double y = p->pos.y;
    p->pos = v2(32 + 12, y);                   // back against the left wall, pressing into it
    p->vel = v2(-1, 0);
    step(w, L);
    assert_int_equal(p->state, PLAYER_AIR);
    p->pos = v2(3 * 32 - 12, y);               // against the right wall instead
    p->vel = v2(1, 0);
    step(w, R);
    assert_int_equal(p->state, PLAYER_WALL);
    assert_true(p->normal.x < -0.99);
    // Off again, and back to the left wall after the cooldown.
    step(w, J);
    run(w, 0, PLAYER_ATTACH_COOLDOWN_TICKS, EV_NONE);
    assert_int_equal(p->attach_cooldown, 0);
    p->pos = v2(3 * 32 - 12, p->pos.y);
    p->vel = v2(1, 0);
    step(w, R);
    assert_int_equal(p->state, PLAYER_WALL);
    world_free(w);
}

// Standing against a tall wall with nothing held, a tapped jump straight up
// grabs the wall it touches (no push into it needed) the tick jump is let go.
static void test_jump_beside_wall_grabs(void **state) {
    (void)state;
    World *w = make_world(CLIMB, 8);
    Player *p = &w->player;
    run(w, R, 90, EV_NONE);
    run(w, 0, 10, EV_NONE);
    assert_true(fabs(p->pos.x - (7 * 32 - 12)) < 1e-6);
    step(w, J);
    assert_int_equal(p->state, PLAYER_AIR);
    step(w, 0);
    assert_int_equal(p->state, PLAYER_WALL);
    assert_true(fixture_had_event(w, EV_ATTACH));
    assert_true(fabs(p->normal.x + 1.0) < 1e-6);
    assert_true(p->pos.y < 7 * 32 - 12);
    world_free(w);
}

// The same jump held: the body slides up the wall while the held jump
// rises and grabs it when the hold runs out, most of a full jump higher.
static void test_held_jump_beside_wall_keeps_height(void **state) {
    (void)state;
    World *w = make_world(CLIMB, 8);
    Player *p = &w->player;
    run(w, R, 90, EV_NONE);
    double y0 = p->pos.y;
    int t = run_until(w, R | J, 30, PLAYER_WALL);
    assert_int_equal(t, PLAYER_JUMP_HOLD_TICKS);
    assert_true(fabs(p->normal.x + 1.0) < 1e-6);
    assert_true(y0 - p->pos.y > 60.0);
    world_free(w);
}

// A ramp rising into an overhang above it: a jump from the ramp grabs the
// overhang's underside it touches.
static const char *const WEDGE[] = {
    "##########",
    "#........#",
    "#........#",
    "#........#",
    "#....7####",
    "#P...J####",
    "##########",
};

static void test_ramp_jump_grabs_overhang(void **state) {
    (void)state;
    World *w = make_world(WEDGE, 7);
    Player *p = &w->player;
    run(w, R, 60, EV_NONE);
    run(w, 0, 10, EV_NONE);
    assert_int_equal(p->state, PLAYER_GROUND);
    assert_true(p->normal.x < -0.5);           // on the ramp
    step(w, J);
    int t = run_until(w, 0, 10, PLAYER_WALL);
    assert_true(t > 0);
    assert_true(fabs(p->normal.x + DM_SQRT1_2) < 1e-6 && fabs(p->normal.y - DM_SQRT1_2) < 1e-6);
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
// face: a wall face is not grabbed while a held jump still rises.
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

static const char *const STEP2[] = {
    "############",
    "#..........#",
    "#..........#",
    "#..........#",
    "#P.....#####",
    "#......#####",
    "############",
};

// A two-tile step: a full jump held toward it slides up its face while the
// hold lasts and is over the top by then (the body lands on it); a tapped
// jump grabs the face.
static void test_two_tile_step_hop_or_grab(void **state) {
    (void)state;
    World *w = make_world(STEP2, 7);
    Player *p = &w->player;
    run(w, R, 60, EV_NONE);
    assert_true(fabs(p->pos.x - (7 * 32 - 12)) < 1e-6);
    assert_int_equal(run(w, R | J, 40, EV_ATTACH), 0);
    assert_int_equal(p->state, PLAYER_GROUND);
    assert_true(fabs(p->pos.y - (4 * 32 - 12)) < 1e-6);
    world_free(w);

    w = make_world(STEP2, 7);
    p = &w->player;
    run(w, R, 60, EV_NONE);
    step(w, R | J);
    assert_true(run_until(w, R, 10, PLAYER_WALL) > 0);
    assert_true(fabs(p->normal.x + 1.0) < 1e-6);
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

// The first EV_SHOT of the last tick's direction (zero when none).
static Vec2 shot_dir(const World *w) {
    for (int e = 0; e < w->events.count; e++)
        if (w->events.e[e].type == EV_SHOT) return v2_norm(v2_sub(v2(w->events.e[e].x, w->events.e[e].y), w->player.pos));
    return v2(0, 0);
}

static bool near(Vec2 a, double x, double y) { return fabs(a.x - x) < 1e-9 && fabs(a.y - y) < 1e-9; }

// Lock on the ground: walking stops at once and the body stays put while
// the directions aim all 8 ways and shots follow the aim; letting go of
// the directions keeps the aim; without lock the aim falls back to facing.
static void test_lock_on_ground_aims_in_place(void **state) {
    (void)state;
    World *w = make_world(ROOM, 6);
    Player *p = &w->player;
    run(w, 0, 40, EV_NONE);
    run(w, R, 10, EV_NONE);
    assert_true(p->vel.x > 2.0);
    step(w, R | K);
    Vec2 at = p->pos;
    const int dirs[8] = {R, R | U, U, U | L, L, L | D, D, D | R};
    const double ex[8] = {1, 1, 0, -1, -1, -1, 0, 1}, ey[8] = {0, -1, -1, -1, 0, 1, 1, 1};
    for (int k = 0; k < 8; k++) {
        for (int i = 0; i < PLAYER_FIRE_COOLDOWN_TICKS; i++) {
            step(w, dirs[k] | K | F);
            assert_true(p->pos.x == at.x && p->pos.y == at.y);
            Vec2 want = v2_norm(v2(ex[k], ey[k]));
            assert_true(near(p->aim, want.x, want.y));
            Vec2 d = shot_dir(w);
            if (d.x != 0.0 || d.y != 0.0) assert_true(v2_dot(d, want) > 0.999);
        }
    }
    run(w, K, 10, EV_NONE);
    assert_true(near(p->aim, DM_SQRT1_2, DM_SQRT1_2));   // the last aim stays
    assert_true(p->pos.x == at.x && p->pos.y == at.y);
    step(w, 0);
    assert_true(near(p->aim, 1, 0));           // unlocked: facing (right)
    world_free(w);
}

// Lock on a wall: holding up aims up and does not climb; in the air: the
// body keeps its momentum (no air control, no drag) and falls.
static void test_lock_on_wall_and_in_air(void **state) {
    (void)state;
    World *w = make_world(CLIMB, 8);
    Player *p = &w->player;
    run(w, R, 90, EV_NONE);
    assert_true(run_until(w, R | J, 20, PLAYER_WALL) > 0);
    Vec2 at = p->pos;
    run(w, U | K, 30, EV_NONE);
    assert_int_equal(p->state, PLAYER_WALL);
    assert_true(p->pos.x == at.x && p->pos.y == at.y);
    assert_true(near(p->aim, 0, -1));
    world_free(w);

    w = make_world(ROOM, 6);
    p = &w->player;
    run(w, 0, 40, EV_NONE);
    run(w, R, 10, EV_NONE);
    step(w, R | J);
    double vx = p->vel.x, vy = p->vel.y;
    assert_int_equal(p->state, PLAYER_AIR);
    for (int i = 0; i < 6; i++) {
        step(w, L | K | J);                    // left would steer against the motion
        assert_true(p->vel.x == vx);
        assert_true(p->vel.y > vy);
        vy = p->vel.y;
    }
    world_free(w);
}

// On a wall nothing held aims (and fires) away from the wall, never into
// the rock: a direction into it loses its part into it (up-right on a
// right wall aims up; right alone still aims away). On a ceiling the aim
// is the last horizontal facing.
static void test_wall_aim_is_away_from_rock(void **state) {
    (void)state;
    World *w = make_world(CEIL, 7);
    Player *p = &w->player;
    run(w, R, 90, EV_NONE);
    assert_true(run_until(w, R | J, 20, PLAYER_WALL) > 0);
    assert_int_equal(p->facing, 1);
    step(w, F);
    assert_true(near(p->aim, -1, 0));
    assert_true(v2_dot(shot_dir(w), v2(-1, 0)) > 0.999);
    step(w, R);
    assert_true(near(p->aim, -1, 0));
    step(w, R | U);
    assert_true(near(p->aim, 0, -1));
    run(w, U, 80, EV_NONE);                    // into the corner under the ceiling
    run(w, L, 30, EV_NONE);                    // along the ceiling
    assert_true(fabs(p->normal.y - 1.0) < 1e-6);
    run(w, 0, 2, EV_NONE);
    assert_true(near(p->aim, -1, 0));          // facing left, along the ceiling
    step(w, U);
    assert_true(near(p->aim, -1, 0));          // up is into the rock
    world_free(w);
}

// Steps until the dash is over; returns its moving ticks (player.dashing).
static int dash_ticks(World *w, int buttons, Vec2 *from, Vec2 *to) {
    step(w, buttons | DASH);
    assert_true(fixture_had_event(w, EV_DASH));
    *from = w->player.dash_from;
    int n = 1;
    assert_true(w->player.invuln > 0);
    while (w->player.dash_ticks > 0 && n < 60) {
        *to = w->player.pos;
        step(w, buttons);
        if (w->player.dash_ticks > 0) {
            n++;
            assert_true(w->player.invuln > 0);
        }
    }
    return n;
}

// On flat ground a dash covers PLAYER_DASH_TICKS x PLAYER_DASH_SPEED (at
// least 3 tiles in at most 12 ticks), invulnerable throughout, then leaves
// at the end speed; the cooldown refuses another press until it is over.
static const char *const LONG[] = {
    "####################",
    "#..................#",
    "#..................#",
    "#..................#",
    "#P.................#",
    "####################",
};

static void test_dash_distance_and_cooldown(void **state) {
    (void)state;
    World *w = make_world(LONG, 6);
    Player *p = &w->player;
    run(w, 0, 10, EV_NONE);
    Vec2 from, to;
    int n = dash_ticks(w, 0, &from, &to);
    assert_int_equal(n, PLAYER_DASH_TICKS);
    assert_true(n <= 12);
    assert_true(fabs((to.x - from.x) - PLAYER_DASH_TICKS * PLAYER_DASH_SPEED) < 1e-9);
    assert_true(to.x - from.x >= 3 * 32);
    assert_true(to.y == from.y);
    assert_true(fabs(p->vel.x - PLAYER_DASH_END_SPEED) < 1.0);
    int cool = 0;
    while (!fixture_had_event(w, EV_DASH) && cool < 60) {
        step(w, cool % 2 ? DASH : 0);          // pressing every other tick
        cool++;
    }
    assert_true(cool >= PLAYER_DASH_COOLDOWN_TICKS);
    assert_true(cool <= PLAYER_DASH_COOLDOWN_TICKS + 2);
    world_free(w);
}

// One air dash until the body touches ground or a wall again: a second
// press in the air does nothing (even with the cooldown over); after
// landing it dashes again.
static void test_air_dash_once_until_landing(void **state) {
    (void)state;
    World *w = make_world(LONG, 6);
    Player *p = &w->player;
    run(w, 0, 40, EV_NONE);
    step(w, J);
    run(w, J, 3, EV_NONE);
    Vec2 from, to;
    dash_ticks(w, R, &from, &to);
    assert_false(p->dash_ready);
    assert_int_equal(p->state, PLAYER_AIR);
    p->dash_cooldown = 0;                      // the charge alone refuses it
    assert_int_equal(run(w, DASH, 1, EV_DASH), 0);
    assert_true(run_until(w, 0, 60, PLAYER_GROUND) > 0);
    assert_true(p->dash_ready);
    run(w, 0, PLAYER_DASH_COOLDOWN_TICKS, EV_NONE);
    assert_int_equal(run(w, DASH, 1, EV_DASH), 1);
    world_free(w);
}

// A dash never passes through rock: into a wall it stops at it; down-right
// into the floor from the air it slides along the floor; off a wall it
// detaches (a direction into the wall loses that part: away if none).
static void test_dash_collides_and_slides(void **state) {
    (void)state;
    World *w = make_world(ROOM, 6);
    Player *p = &w->player;
    run(w, 0, 40, EV_NONE);
    Vec2 from, to;
    dash_ticks(w, L, &from, &to);              // the left wall is 100 px away
    assert_true(fabs(p->pos.x - (32 + 12)) < 1e-6);
    for (int i = 0; i < 40; i++) step(w, 0);
    step(w, J);
    run(w, J, 6, EV_NONE);
    double y = p->pos.y;
    dash_ticks(w, R | D, &from, &to);
    assert_true(p->pos.y > y);
    assert_true(fabs(to.y - (5 * 32 - 12)) < 1e-6);   // ended on the floor line
    assert_true(to.x - from.x > 3 * 32 * DM_SQRT1_2);
    world_free(w);

    w = make_world(CLIMB, 8);
    p = &w->player;
    run(w, R, 90, EV_NONE);
    assert_true(run_until(w, R | J, 20, PLAYER_WALL) > 0);
    double x = p->pos.x;
    step(w, R | DASH);                         // into the wall: away instead
    assert_int_equal(p->state, PLAYER_AIR);
    assert_true(near(p->dash_dir, -1, 0));
    assert_true(p->pos.x < x);
    world_free(w);
}

// The gauge drains while wiggle is held (PLAYER_WIGGLE_FULL / DRAIN ticks
// from full), locks out when empty even while held, comes back at
// PLAYER_WIGGLE_RESUME and refills when released; assist removes the cost.
static void test_wiggle_gauge(void **state) {
    (void)state;
    World *w = make_world(ROOM, 6);
    Player *p = &w->player;
    int on = PLAYER_WIGGLE_FULL / PLAYER_WIGGLE_DRAIN, off = PLAYER_WIGGLE_RESUME / PLAYER_WIGGLE_REFILL;
    assert_int_equal(p->wiggle_gauge, PLAYER_WIGGLE_FULL);
    assert_int_equal(run(w, WG, on - 1, EV_WIGGLE_EMPTY), 0);
    assert_true(p->wiggle && p->wiggle_gauge == PLAYER_WIGGLE_DRAIN);
    assert_int_equal(run(w, WG, 1, EV_WIGGLE_EMPTY), 1);
    assert_true(p->wiggle && p->wiggle_gauge == 0 && p->wiggle_locked);
    for (int i = 0; i < off; i++) {
        step(w, WG);
        assert_false(p->wiggle);
        assert_false(world_tick_ctx(w).player.wiggle);
    }
    assert_int_equal(p->wiggle_gauge, PLAYER_WIGGLE_RESUME);
    step(w, WG);
    assert_true(p->wiggle && !p->wiggle_locked);
    run(w, 0, PLAYER_WIGGLE_FULL / PLAYER_WIGGLE_REFILL, EV_NONE);
    assert_int_equal(p->wiggle_gauge, PLAYER_WIGGLE_FULL);
    assert_false(p->wiggle);
    world_free(w);

    w = make_world(ROOM, 6);
    w->assist_wiggle = true;
    run(w, WG, 3 * on, EV_NONE);
    assert_true(w->player.wiggle && w->player.wiggle_gauge == PLAYER_WIGGLE_FULL);
    world_free(w);
}

// The last tick's first event of a type, copied to *out; false when none.
static bool find_event(const World *w, EventType type, Event *out) {
    for (int i = 0; i < w->events.count; i++)
        if (w->events.e[i].type == type) {
            *out = w->events.e[i];
            return true;
        }
    return false;
}

// A hit: hp and the hit count, mercy ticks that refuse the next hit, a hop
// away from the source (sideways as much as the hit came from the side),
// no movement input for PLAYER_KNOCK_TICKS; the events carry the source;
// the last heart also pushes EV_PLAYER_DEAD. On a wall the legs hold on.
static void test_hurt_knocks_back(void **state) {
    (void)state;
    World *w = make_world(ROOM, 6);
    Player *p = &w->player;
    run(w, 0, 40, EV_NONE);
    events_clear(&w->events);
    player_hurt(p, &w->events, 1, v2(p->pos.x - 50, p->pos.y), WHO_TETRAN);
    Event e;
    assert_true(find_event(w, EV_PLAYER_HURT, &e));
    assert_int_equal(e.who, WHO_TETRAN);
    assert_int_equal(e.a, 1);
    assert_true(e.x == p->pos.x - 50);
    assert_int_equal(p->hp, PLAYER_HP - 1);
    assert_int_equal(p->hits, 1);
    assert_int_equal(p->invuln, PLAYER_INVULN_TICKS);
    assert_int_equal(p->state, PLAYER_AIR);
    assert_true(fabs(p->vel.x - PLAYER_KNOCK_SPEED) < 1e-9 && p->vel.y < 0.0);
    player_hurt(p, &w->events, 1, p->pos, WHO_TETRAN);   // mercy
    assert_int_equal(p->hits, 1);
    for (int i = 0; i < PLAYER_KNOCK_TICKS; i++) {
        double vx = p->vel.x;
        step(w, L | J);                        // ignored while knocked back
        assert_true(p->vel.x <= vx && p->vel.x > 0.0);
        assert_false(fixture_had_event(w, EV_JUMP));
    }
    run(w, 0, 80, EV_NONE);
    assert_int_equal(p->state, PLAYER_GROUND);
    double x = p->pos.x;
    events_clear(&w->events);
    p->hp = 1;
    player_hurt(p, &w->events, 1, v2(p->pos.x, p->pos.y - 100), WHO_TENTACLE);   // from straight above
    assert_true(p->vel.x == 0.0 && p->pos.x == x);
    assert_true(find_event(w, EV_PLAYER_DEAD, &e));
    assert_int_equal(p->hits, 2);
    world_free(w);

    w = make_world(CLIMB, 8);
    p = &w->player;
    run(w, R, 90, EV_NONE);
    assert_true(run_until(w, R | J, 20, PLAYER_WALL) > 0);
    player_hurt(p, &w->events, 1, v2(0, p->pos.y), WHO_TETRAN);
    assert_int_equal(p->state, PLAYER_WALL);
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
        cmocka_unit_test(test_wall_jump_grabs_far_wall),
        cmocka_unit_test(test_held_leap_slides_up_far_wall),
        cmocka_unit_test(test_leap_refuses_the_wall_it_left),
        cmocka_unit_test(test_jump_beside_wall_grabs),
        cmocka_unit_test(test_held_jump_beside_wall_keeps_height),
        cmocka_unit_test(test_ramp_jump_grabs_overhang),
        cmocka_unit_test(test_outer_corners_stay_attached),
        cmocka_unit_test(test_climb_down_reaches_floor),
        cmocka_unit_test(test_hill_and_valley_stay_grounded),
        cmocka_unit_test(test_ceiling_slope_and_wall),
        cmocka_unit_test(test_jump_into_underside_slope_attaches),
        cmocka_unit_test(test_hop_onto_step),
        cmocka_unit_test(test_two_tile_step_hop_or_grab),
        cmocka_unit_test(test_shots_go_eight_ways),
        cmocka_unit_test(test_lock_on_ground_aims_in_place),
        cmocka_unit_test(test_lock_on_wall_and_in_air),
        cmocka_unit_test(test_wall_aim_is_away_from_rock),
        cmocka_unit_test(test_dash_distance_and_cooldown),
        cmocka_unit_test(test_air_dash_once_until_landing),
        cmocka_unit_test(test_dash_collides_and_slides),
        cmocka_unit_test(test_wiggle_gauge),
        cmocka_unit_test(test_hurt_knocks_back),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
