// test_whale.c -- the whale shark: bounces flip exactly the crossing
// velocity component, the body keeps exact spacing, boss hp/phases/death,
// contact, pushers and spawn-parameter validation.
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <cmocka.h>

#include "core/fs.h"
#include "core/mem.h"
#include "sim/creatures/whale.h"
#include "sim/world.h"
#include "fixtures.h"

// An open w x h tile arena (32 px tiles); the map's edges are its walls.
static World *open_world(int w, int h) {
    World *wd = mem_alloc(1, sizeof *wd);
    assert_non_null(wd);
    assert_true(tilemap_init(&wd->map, w, h, 32));
    return wd;
}

static void close_world(World *wd) {
    tilemap_free(&wd->map);
    mem_free(wd);
}

// One tick of the whale, or a bullet reaching it, as world_step runs them.
static void step(Whale *c, World *wd) {
    TickCtx ctx = world_tick_ctx(wd);
    whale_step(c, &ctx);
}

static bool hit(Whale *c, World *wd, const Bullet *b) {
    TickCtx ctx = world_tick_ctx(wd);
    return whale_bullet_hit(c, &ctx, b);
}

static Whale make_whale(Vec2 at, Vec2 vel) {
    WhaleConfig cfg;
    whale_config_default(&cfg);
    Rng rng;
    rng_seed(&rng, 1);
    Whale c;
    assert_true(whale_init(&c, &cfg, at, &rng));
    c.vel = c.turn_vel = vel;
    return c;
}

// Runs the whale until its first bounce, then until the head has turned
// onto the new velocity or meets another wall; returns the largest x (or,
// with use_y, the smallest y) the head reached.
static double run_bounce(Whale *c, World *wd, bool use_y, Vec2 *turned_to) {
    int ticks = 0;
    double far = use_y ? c->pos.y : c->pos.x;
    while (c->bounces == 0 && ticks++ < 1000) step(c, wd);
    *turned_to = c->turn_vel;
    while ((c->vel.x != c->turn_vel.x || c->vel.y != c->turn_vel.y) && c->bounces == 1 && ticks++ < 2000) {
        step(c, wd);
        far = use_y ? fmin(far, c->pos.y) : fmax(far, c->pos.x);
    }
    return far;
}

// A bounce flips exactly the crossing component of the velocity the head
// turns to; the head turns onto it along its bounce circle and keeps the
// margin from the wall.
static void test_bounce_flips_only_crossing_component(void **state) {
    (void)state;
    World *wd = open_world(40, 40);                    // 1280 x 1280 px
    Vec2 to;
    // Heading right toward the east wall: only vx flips.
    Whale c = make_whale(v2(960, 640), v2(3.0, 1.0));
    double far = run_bounce(&c, wd, false, &to);
    assert_int_equal(c.bounces, 1);
    assert_true(to.x == -3.0 && to.y == 1.0);
    assert_true(c.vel.x == -3.0 && c.vel.y == 1.0);
    assert_true(far + c.margin_px <= 1280.0 && far > 1140.0);
    // Heading up toward the north wall: only vy flips.
    c = make_whale(v2(640, 640), v2(0.5, -2.5));
    far = run_bounce(&c, wd, true, &to);
    assert_int_equal(c.bounces, 1);
    assert_true(to.x == 0.5 && to.y == 2.5);
    assert_true(far - c.margin_px >= 0.0 && far < 140.0);
    // Moving away from a wall inside the margin does not flip.
    c = make_whale(v2(20, 320), v2(2.0, 0.0));
    step(&c, wd);
    assert_int_equal(c.bounces, 0);
    assert_true(c.vel.x == 2.0);
    close_world(wd);
}

static void test_bounce_off_interior_tiles(void **state) {
    (void)state;
    World *wd = open_world(30, 20);
    for (int r = 0; r < 20; r++) tilemap_set(&wd->map, 15, r, TILE_SOLID);   // a wall at x 480..512
    Whale c = make_whale(v2(200, 300), v2(4.0, 0.0));
    for (int t = 0; t < 200; t++) {
        step(&c, wd);
        assert_true(c.pos.x < 480.0 - 0.5 * c.margin_px);
    }
    assert_true(c.bounces >= 2);
    // A small fast whale (10 px margin, 32 px per tick) cannot tunnel
    // through the one-tile wall: it moves in sub-steps.
    WhaleConfig cfg;
    whale_config_default(&cfg);
    cfg.size = 0.25;
    cfg.speed = 32;
    Rng rng;
    rng_seed(&rng, 8);
    assert_true(whale_init(&c, &cfg, v2(200, 300), &rng));
    for (int t = 0; t < 2000; t++) {
        step(&c, wd);
        assert_true(c.pos.x < 480.0);
        assert_true(c.pos.x > 0 && c.pos.y > 0 && c.pos.y < 640);
    }
    close_world(wd);
}

static void test_spacing_exact_and_stays_inside(void **state) {
    (void)state;
    World *wd = open_world(40, 24);
    double wpx = 40 * 32, hpx = 24 * 32;
    WhaleConfig cfg;
    whale_config_default(&cfg);
    cfg.speed = 7.3;
    Rng rng;
    rng_seed(&rng, 99);
    Whale c;
    assert_true(whale_init(&c, &cfg, v2(600, 400), &rng));
    double worst = 0.0;
    for (int t = 0; t < 100000; t++) {
        step(&c, wd);
        double e = whale_link_error(&c);
        if (e > worst) worst = e;
        assert_true(c.pos.x > 0 && c.pos.x < wpx && c.pos.y > 0 && c.pos.y < hpx);
    }
    assert_true(worst < 1e-3);
    assert_true(c.bounces > 100);
    WhaleProbes p;
    whale_probes(&c, &p);
    assert_true(p.link_error < 1e-3 && p.bounces == (double)c.bounces && p.x == c.pos.x);
    close_world(wd);
}

static void test_body_follows_the_leader(void **state) {
    (void)state;
    World *wd = open_world(40, 24);
    Whale c = make_whale(v2(150, 400), v2(2.0, 0.0));
    c.boss = false;                                    // cruising only: no charge to steer it
    for (int t = 0; t < 400; t++) step(&c, wd);
    assert_int_equal(c.bounces, 0);
    // After a straight run the body lies in a line behind the head.
    for (int i = 0; i < WHALE_SEGMENTS; i++) {
        assert_true(c.seg[i].x < c.pos.x);
        assert_true(fabs(c.seg[i].y - c.pos.y) < 1e-3);
    }
    assert_true(c.seg_len[WHALE_SEGMENTS - 1] < c.seg_len[0]);   // the tail is shorter
    close_world(wd);
}

// In a small box it meets corners all the time: the body curves instead of
// folding -- no two non-adjacent parts' outlines overlap (self_gap >= 0)
// on any tick, consecutive segments meet at no more than the follow's
// limit (the tail fin's hinge at its own), spacing stays exact, the head
// stays in the box. At every speed.
static void test_body_curves_in_corners(void **state) {
    (void)state;
    static const double speeds[] = {1.0, 2.0, 2.5, 4.0, 7.3, 16.0, 32.0};
    for (size_t k = 0; k < sizeof speeds / sizeof *speeds; k++) {
        World *wd = open_world(22, 14);                // 704 x 448 px
        WhaleConfig cfg;
        whale_config_default(&cfg);
        cfg.speed = speeds[k];
        Rng rng;
        rng_seed(&rng, 40 + (uint64_t)k);
        Whale c;
        assert_true(whale_init(&c, &cfg, v2(352, 224), &rng));
        double worst = 0.0;
        for (int t = 0; t < 20000; t++) {
            step(&c, wd);
            worst = fmax(worst, whale_bend(&c));
            assert_true(whale_self_gap(&c) >= 0.0);
            assert_true(whale_link_error(&c) < 1e-9);
            assert_true(c.pos.x > 0.0 && c.pos.x < 704.0 && c.pos.y > 0.0 && c.pos.y < 448.0);
        }
        assert_true(c.bounces > 40);
        assert_true(worst <= WHALE_TAIL_BEND_MAX_RAD + 1e-9);
        close_world(wd);
    }
}

// self_gap measures the outlines: a straight whale's non-adjacent parts
// stand apart (the segment between them, less the snout and fin overhangs);
// a whale folded back on itself (its body laid in a hairpin narrower than
// its width) reads negative; a curve gentle enough reads positive.
static void test_self_gap_measures_outlines(void **state) {
    (void)state;
    Whale c = make_whale(v2(400, 300), v2(2.0, 0.0));
    for (int i = 0; i < WHALE_SEGMENTS; i++) c.seg[i] = v2(400 - 26.0 * (i + 1), 300);
    c.seg[WHALE_SEGMENTS - 1] = v2(c.seg[WHALE_SEGMENTS - 2].x - c.seg_len[WHALE_SEGMENTS - 1], 300);
    double straight = whale_self_gap(&c);
    assert_true(straight > 10.0 && straight < 30.0);
    WhaleProbes p;
    whale_probes(&c, &p);
    assert_true(p.self_gap == straight);
    // A hairpin: four segments out, four back 30 px below (the body is 60 wide).
    Vec2 at = c.pos;
    for (int i = 0; i < WHALE_SEGMENTS; i++) {
        at = i < 4 ? v2(at.x - c.seg_len[i], 300) : i == 4 ? v2(at.x, 300 + c.seg_len[i]) : v2(at.x + c.seg_len[i], at.y);
        c.seg[i] = at;
    }
    assert_true(whale_self_gap(&c) < -10.0);
    // A gentle arc: 0.3 rad a joint.
    Vec2 dir = v2(-1, 0);
    at = c.pos;
    for (int i = 0; i < WHALE_SEGMENTS; i++) {
        at = v2_add(at, v2_scale(dir, c.seg_len[i]));
        c.seg[i] = at;
        double s = sin(0.3), co = cos(0.3);
        dir = v2(dir.x * co - dir.y * s, dir.x * s + dir.y * co);
    }
    assert_true(whale_self_gap(&c) > 0.0);
}

// The follow keeps the body off itself even when the head circles tighter
// than the body could: a head driven round a 40 px circle for 2,000 ticks
// (steered by hand, no walls) leaves every tick with self_gap >= the
// follow's keep distance less a rounding.
static void test_follow_never_folds(void **state) {
    (void)state;
    World *wd = open_world(40, 40);
    Whale c = make_whale(v2(640, 640), v2(2.0, 0.0));
    double a = 0.0;
    for (int t = 0; t < 2000; t++) {
        a += 2.0 / 40.0;
        c.vel = c.turn_vel = v2(2.0 * cos(a), 2.0 * sin(a));
        whale_move(&c, &wd->map);                      // far from the walls: no bounce
        assert_true(whale_self_gap(&c) >= 0.0);
        assert_true(whale_link_error(&c) < 1e-9);
    }
    close_world(wd);
}

// The whale fights back with two telegraphed attacks: every charge starts
// with WHALE_WINDUP_TICKS of wind-up (aimed at the player, counted in
// attacks), every spout with WHALE_SPOUT_WINDUP_TICKS of swelling (counted
// too) before any shot leaves; the shots fly at the player. A hazard never
// attacks. The player stands still, so both also blow at him (no safe
// spot, lob.h): every blow after a WHALE_BLOW_WINDUP_TICKS wind-up.
static void test_attacks_are_telegraphed(void **state) {
    (void)state;
    for (int boss = 1; boss >= 0; boss--) {
        World *wd = open_world(60, 40);
        assert_true(bullets_init(&wd->bullets, 512));
        wd->player.pos = v2(960, 1100);
        WhaleConfig cfg;
        whale_config_default(&cfg);
        cfg.boss = boss;
        Rng rng;
        rng_seed(&rng, 9);
        Whale c;
        assert_true(whale_init(&c, &cfg, v2(400, 300), &rng));
        int64_t charges = 0, spouts = 0, shots = 0, blows = 0;
        int in_state = 0, blow_windup = 0;
        WhaleDive was = c.dive;
        for (int t = 0; t < 2400; t++) {
            int before = wd->bullets.count, flight = c.lob.flight;
            step(&c, wd);
            // The player stands still: every 6 s the blow (lob.h), its own
            // telegraph (a 60-tick wind-up), not an attack; its burst's
            // drops are left out of the spout's checks below.
            if (c.lob.windup > 0) blow_windup++;
            if (c.lob.count > blows) {
                assert_int_equal(blow_windup, WHALE_BLOW_WINDUP_TICKS);
                blow_windup = 0;
                blows = c.lob.count;
            }
            bool burst = flight > 0 && c.lob.flight == 0;
            if (c.dive != was) {
                if (was == WHALE_WINDUP) assert_int_equal(in_state, WHALE_WINDUP_TICKS);
                if (c.dive == WHALE_WINDUP) charges++;
                if (c.dive == WHALE_SWELL) spouts++;
                assert_int_equal(c.attacks, charges + spouts);
                in_state = 0;
                was = c.dive;
            }
            in_state++;
            if (c.dive == WHALE_WINDUP) assert_true(c.aim.x == wd->player.pos.x && c.aim.y == wd->player.pos.y);
            if (wd->bullets.count > before && !burst) {
                // Shots only after the swell's telegraph, aimed near the player.
                assert_true(c.dive == WHALE_SWELL || was == WHALE_SWELL || c.dive == WHALE_CRUISE);
                assert_true(spouts > 0);
                shots += wd->bullets.count - before;
            }
            for (int i = 0; i < wd->bullets.cap; i++) {
                Bullet *b = &wd->bullets.b[i];
                if (!burst && b->alive && b->ttl == WHALE_SPOUT_TTL_TICKS) {  // fired this tick
                    Vec2 to = v2_norm(v2_sub(wd->player.pos, b->pos));
                    assert_true(v2_dot(v2_norm(b->vel), to) > cos(5.5 * WHALE_SPOUT_SPREAD_RAD + 1e-6));   // 11 at most
                }
            }
            bullets_step(&wd->bullets, &wd->map, &wd->events);
            wd->events.count = 0;
        }
        assert_true(blows >= 2);
        if (boss) {
            assert_true(charges >= 5 && spouts >= 5 && shots >= 5 * WHALE_SPOUT_VOLLEYS * 7);   // phase 0: fans of 7
        } else {
            assert_int_equal(c.attacks, 0);
            assert_int_equal(shots, 0);
        }
        bullets_free(&wd->bullets);
        close_world(wd);
    }
}

// A hit sends a shudder down the body: within 10 ticks some segment turns
// by more than 0.05 rad from where the follow would put it, the wave
// reaches the tail, and 60 ticks after the last hit it is under 0.01;
// hits in a row never push it past WHALE_SHUDDER_MAX_RAD; spacing stays
// exact and the body never overlaps itself. A whale never hit never
// shudders.
static void test_hit_shudders(void **state) {
    (void)state;
    World *wd = open_world(60, 40);
    Whale c = make_whale(v2(960, 640), v2(2.0, 0.0));
    c.boss = true;
    c.hp = c.hp_max = 1000;
    WhaleProbes p;
    for (int t = 0; t < 100; t++) {
        step(&c, wd);
        whale_probes(&c, &p);
        assert_true(p.shudder == 0.0);
    }
    Bullet b = {.alive = true, .owner = OWNER_PLAYER, .pos = c.pos, .radius = 3, .damage = 1};
    for (int k = 0; k < 40; k++) {                     // a burst: a hit every 3 ticks
        b.pos = c.pos;
        assert_true(hit(&c, wd, &b));
        double most = 0.0;
        for (int t = 0; t < 3; t++) {
            step(&c, wd);
            whale_probes(&c, &p);
            most = fmax(most, p.shudder);
            assert_true(p.shudder <= WHALE_SHUDDER_MAX_RAD + 1e-12);
            assert_true(whale_link_error(&c) < 1e-9 && whale_self_gap(&c) >= 0.0);
        }
        if (k == 0) assert_true(most > 0.05);
    }
    bool tail = false;
    for (int t = 1; t <= 60; t++) {
        step(&c, wd);
        whale_probes(&c, &p);
        tail |= fabs(c.shudder_applied[WHALE_SEGMENTS - 1]) > 0.01;
        assert_true(whale_link_error(&c) < 1e-9);
    }
    assert_true(p.shudder < 0.01);
    // One hit alone: the wave runs down to the tail.
    b.pos = c.pos;
    assert_true(hit(&c, wd, &b));
    for (int t = 1; t <= 30; t++) {
        step(&c, wd);
        tail |= fabs(c.shudder_applied[WHALE_SEGMENTS - 1]) > 0.01;
    }
    assert_true(tail);
    close_world(wd);
}

// Dead, it rolls onto its back and sinks: roll reaches 1, the head goes
// down until it rests above the floor and then stays; spacing stays exact.
static void test_death_rolls_and_sinks(void **state) {
    (void)state;
    World *wd = open_world(40, 24);                    // floor at 768 px
    Whale c = make_whale(v2(640, 200), v2(2.0, -1.0));
    c.hp = 1;
    Bullet b = {.alive = true, .owner = OWNER_PLAYER, .pos = c.pos, .radius = 3, .damage = 1};
    assert_true(hit(&c, wd, &b));
    assert_false(c.alive);
    WhaleProbes p;
    double y0 = c.pos.y, last = 0.0;
    for (int t = 1; t <= 900; t++) {
        step(&c, wd);
        whale_probes(&c, &p);
        assert_true(p.roll >= last && p.roll <= 1.0);
        last = p.roll;
        assert_true(whale_link_error(&c) < 1e-9);
        assert_true(c.pos.y < 768.0);
    }
    assert_true(p.roll == 1.0);
    assert_true(c.pos.y > y0 + 400.0);
    assert_true(768.0 - c.pos.y < 0.5 * c.width[0] + WHALE_REST_PX + 2.0);   // resting on the floor
    Vec2 rest = c.pos;
    for (int t = 0; t < 100; t++) step(&c, wd);
    assert_true(c.pos.x == rest.x && c.pos.y == rest.y);
    close_world(wd);
}

// The finale's idea: the whale's hide stops other creatures' shots (not
// its own), with a spark, counted; an escorting hazard homes on the point
// escort px above the player and stays near it.
static void test_eats_other_shots_and_escorts(void **state) {
    (void)state;
    World *wd = open_world(60, 40);
    assert_true(bullets_init(&wd->bullets, 64));
    wd->player.pos = v2(1500, 1100);
    WhaleConfig cfg;
    whale_config_default(&cfg);
    cfg.boss = 0;
    cfg.escort_px = 160;
    Rng rng;
    rng_seed(&rng, 3);
    Whale c;
    assert_true(whale_init(&c, &cfg, v2(400, 300), &rng));
    for (int t = 0; t < 1200; t++) step(&c, wd);
    Vec2 goal = v2(1500, 1100 - 160);
    for (int t = 0; t < 600; t++) {                    // it orbits the point, never far
        step(&c, wd);
        assert_true(v2_dist(c.pos, goal) < 200.0);
    }
    assert_true(c.attacks == 0);
    int tet = bullets_spawn(&wd->bullets, OWNER_ENEMY, WHO_TETRAN, c.pos, v2(0, 0), 4, 1, 100);
    int own = bullets_spawn(&wd->bullets, OWNER_ENEMY, WHO_WHALE, c.pos, v2(0, 0), 4, 1, 100);
    assert_true(tet >= 0 && own >= 0);
    wd->bullets.b[tet].pos = c.pos;                    // where the head will be after its step, near enough
    wd->bullets.b[own].pos = c.pos;
    events_clear(&wd->events);
    step(&c, wd);
    assert_false(wd->bullets.b[tet].alive);
    assert_true(wd->bullets.b[own].alive);
    assert_true(c.shots_eaten == 1);
    assert_true(wd->events.count >= 1 && wd->events.e[0].type == EV_BLOCKED);
    bullets_free(&wd->bullets);
    close_world(wd);
}

static void test_boss_phases_and_death(void **state) {
    (void)state;
    World *wd = open_world(40, 24);
    WhaleConfig cfg;
    whale_config_default(&cfg);
    cfg.hp = 9;
    Rng rng;
    rng_seed(&rng, 3);
    Whale c;
    assert_true(whale_init(&c, &cfg, v2(600, 400), &rng));
    assert_true(whale_blocks_win(&c) && whale_is_boss(&c));
    Bullet b = {.alive = true, .owner = OWNER_PLAYER, .pos = c.pos, .radius = 3, .damage = 1};
    Bullet miss = b;
    miss.pos = v2(c.pos.x + 300, c.pos.y);
    assert_false(hit(&c, wd, &miss));
    int phase_events = 0, down = 0;
    for (int k = 0; k < 9; k++) {
        events_clear(&wd->events);
        assert_true(hit(&c, wd, &b));
        for (int e = 0; e < wd->events.count; e++) {
            phase_events += wd->events.e[e].type == EV_PHASE;
            down += wd->events.e[e].type == EV_BOSS_DOWN;
        }
        if (c.hp == 6) assert_int_equal(c.phase, 1);
        if (c.hp == 3) assert_int_equal(c.phase, 2);
    }
    assert_int_equal(phase_events, 2);
    assert_int_equal(down, 1);
    assert_false(c.alive);
    assert_false(whale_blocks_win(&c));
    assert_false(whale_touches(&c, c.pos, 10));
    StarPusher p[WHALE_PUSHERS];
    assert_int_equal(whale_pushers(&c, p, WHALE_PUSHERS), 0);
    assert_false(hit(&c, wd, &b));        // the dead let bullets pass
    close_world(wd);
}

static void test_hazard_blocks_bullets_never_dies(void **state) {
    (void)state;
    World *wd = open_world(40, 24);
    WhaleConfig cfg;
    whale_config_default(&cfg);
    char why[128];
    assert_true(whale_config_set(&cfg, "boss", "0", why, sizeof why));
    Rng rng;
    rng_seed(&rng, 3);
    Whale c;
    assert_true(whale_init(&c, &cfg, v2(600, 400), &rng));
    assert_false(whale_blocks_win(&c));
    assert_false(whale_is_boss(&c));
    Bullet b = {.alive = true, .owner = OWNER_PLAYER, .pos = c.seg[3], .radius = 3, .damage = 5};
    for (int k = 0; k < 100; k++) assert_true(hit(&c, wd, &b));
    assert_true(c.alive && c.hp == c.hp_max);
    assert_int_equal(wd->events.e[0].type, EV_BLOCKED);
    assert_true(whale_touches(&c, c.pos, 5));
    assert_true(whale_touches(&c, c.seg[5], 5));
    assert_false(whale_touches(&c, v2(c.pos.x, c.pos.y + 200), 5));
    close_world(wd);
}

static void test_dives_toward_player(void **state) {
    (void)state;
    World *wd = open_world(60, 40);
    wd->player.pos = v2(1500, 1100);
    WhaleConfig cfg;
    whale_config_default(&cfg);
    cfg.hp = 3;
    Rng rng;
    rng_seed(&rng, 5);
    Whale c;
    assert_true(whale_init(&c, &cfg, v2(400, 300), &rng));
    Bullet b = {.alive = true, .owner = OWNER_PLAYER, .pos = c.pos, .radius = 3, .damage = 1};
    assert_true(hit(&c, wd, &b));
    assert_int_equal(c.phase, 1);
    int dived = 0, faced = 0;
    double worst = 0.0;
    for (int t = 0; t < 600; t++) {
        Vec2 before = v2_norm(c.vel);
        bool bouncing = c.vel.x != c.turn_vel.x || c.vel.y != c.turn_vel.y;
        int64_t bounces = c.bounces;
        step(&c, wd);
        bouncing |= c.vel.x != c.turn_vel.x || c.vel.y != c.turn_vel.y || c.bounces != bounces;
        // Steering never turns tighter than its turning circle (no fold).
        double turn = acos(fmin(1.0, v2_dot(before, v2_norm(c.vel))));
        if (!bouncing && turn > worst) worst = turn;
        if (c.dive == WHALE_DIVING) {
            dived = 1;
            assert_true(v2_len(c.vel) > 2.5 * cfg.speed);
            // The wind-up and the first ticks of the rush turn it toward the player.
            Vec2 to = v2_norm(v2_sub(wd->player.pos, c.pos));
            if (v2_dot(v2_norm(c.vel), to) > 0.95) faced = 1;
        }
    }
    assert_true(dived && faced);
    assert_true(worst > 0.01 && worst <= 6.0 / WHALE_TURN_RADIUS_PX + 1e-9);
    close_world(wd);
}

static void test_pushers(void **state) {
    (void)state;
    WhaleConfig cfg;
    whale_config_default(&cfg);
    Rng rng;
    rng_seed(&rng, 1);
    Whale c;
    assert_true(whale_init(&c, &cfg, v2(300, 300), &rng));
    StarPusher p[WHALE_PUSHERS];
    assert_int_equal(whale_pushers(&c, p, WHALE_PUSHERS), WHALE_PUSHERS);
    assert_true(p[0].x == c.pos.x && p[0].r == 90.0 && p[8].x == c.seg[7].x);
    char why[128];
    assert_true(whale_config_set(&cfg, "push", "head", why, sizeof why));
    assert_true(whale_init(&c, &cfg, v2(300, 300), &rng));
    assert_int_equal(whale_pushers(&c, p, WHALE_PUSHERS), 1);
}

static void bad(const char *key, const char *val, const char *want) {
    WhaleConfig cfg;
    whale_config_default(&cfg);
    WhaleConfig before = cfg;
    char why[256] = "";
    assert_false(whale_config_set(&cfg, key, val, why, sizeof why));
    assert_non_null(strstr(why, want));
    assert_true(cfg.speed == before.speed && cfg.push_head == before.push_head && cfg.hp == before.hp &&
                cfg.boss == before.boss && cfg.shield_px == before.shield_px && cfg.size == before.size);
}

static void test_config_validation(void **state) {
    (void)state;
    WhaleConfig cfg;
    whale_config_default(&cfg);
    assert_true(cfg.speed == 2.0 && cfg.push_head == 0 && cfg.boss == 1 && cfg.shield_px == 90.0);
    char why[256];
    assert_true(whale_config_set(&cfg, "speed", "0.1", why, sizeof why) && cfg.speed == 0.1);
    assert_true(whale_config_set(&cfg, "speed", "32", why, sizeof why) && cfg.speed == 32.0);
    assert_true(whale_config_set(&cfg, "push", "head", why, sizeof why) && cfg.push_head == 1);
    assert_true(whale_config_set(&cfg, "push", "body", why, sizeof why) && cfg.push_head == 0);
    assert_true(whale_config_set(&cfg, "hp", "250", why, sizeof why) && cfg.hp == 250);
    assert_true(whale_config_set(&cfg, "boss", "0", why, sizeof why) && cfg.boss == 0);
    assert_true(whale_config_set(&cfg, "shield", "120", why, sizeof why) && cfg.shield_px == 120.0);
    assert_true(whale_config_set(&cfg, "size", "1.5", why, sizeof why) && cfg.size == 1.5);
    bad("speed", "fast", "expected a number 0.1..32");
    bad("speed", "-2", "out of range");
    bad("speed", "0.05", "out of range");
    bad("speed", "32.5", "out of range");
    bad("speed", "", "expected a number");
    bad("speed", "nan", "expected a number");
    bad("push", "tail", "expected head or body");
    bad("hp", "0", "out of range");
    bad("hp", "2.5", "expected an integer");
    bad("hp", "-5", "out of range");
    bad("boss", "2", "expected an integer 0..1");
    bad("boss", "yes", "expected an integer 0..1");
    bad("shield", "9999", "out of range");
    bad("size", "0", "out of range");
    bad("fins", "3", "unknown whale parameter 'fins'");
}

static void test_init_heading_is_diagonal(void **state) {
    (void)state;
    WhaleConfig cfg;
    whale_config_default(&cfg);
    for (int seed = 0; seed < 200; seed++) {
        Rng rng;
        rng_seed(&rng, (uint64_t)seed);
        Whale c;
        assert_true(whale_init(&c, &cfg, v2(500, 500), &rng));
        assert_true(fabs(v2_len(c.vel) - 2.0) < 1e-12);
        assert_true(fabs(c.vel.x) > 0.8 && fabs(c.vel.y) > 0.8);   // >= 25 degrees off each axis
        assert_true(whale_link_error(&c) < 1e-9);
    }
}

// A free point within 12 px of rock on some side: where the player stands.
static bool on_rock(const Tilemap *m, Vec2 p) {
    if (tilemap_point_solid(m, p)) return false;
    return tilemap_point_solid(m, v2(p.x, p.y + 12)) || tilemap_point_solid(m, v2(p.x, p.y - 12)) ||
           tilemap_point_solid(m, v2(p.x + 12, p.y)) || tilemap_point_solid(m, v2(p.x - 12, p.y));
}

// Diving at a player wherever he stands, in the real arenas with their
// slopes and ledges, in every phase: the head never enters rock or leaves
// the map (once it did, steering harder than a bounce turns, or meeting a
// slope's face at a glancing angle, and was lost below the floor).
static void test_head_never_enters_rock(void **state) {
    (void)state;
    const char *const files[] = {"levels/03-whale.lvl", "levels/test/whale-duel.lvl", "levels/04-convergence.lvl"};
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        size_t len = 0;
        FsReadError fe;
        char *text = fs_read_text(files[f], 1 << 20, &len, &fe);
        assert_non_null(text);
        Level lv;
        ParseError err;
        assert_true(level_parse(&lv, text, len, files[f], &err));
        World *wd = fixture_world_level(&lv, false, 0);
        assert_true(wd->whale_count == 1);
        Whale *c = &wd->whales[0];
        const Tilemap *m = &wd->map;
        double wpx = (double)m->w * m->tile, hpx = (double)m->h * m->tile;
        uint32_t lcg = 12345u + (uint32_t)f;
        for (int phase = 0; phase < (c->boss ? WHALE_PHASES : 1); phase++) {   // a hazard has no phases
            while (c->phase < phase) {         // shot down into the phase, as in a fight
                Bullet b = {.alive = true, .owner = OWNER_PLAYER, .pos = c->pos, .radius = 3, .damage = 1};
                assert_true(hit(c, wd, &b) && c->alive);
            }
            for (int t = 0; t < 20000; t++) {
                if (t % 240 == 0) {            // the player somewhere on rock, as he climbs
                    do {
                        lcg = lcg * 1664525u + 1013904223u;
                        double x = (double)(lcg >> 8) / (double)(1u << 24) * wpx;
                        lcg = lcg * 1664525u + 1013904223u;
                        double y = (double)(lcg >> 8) / (double)(1u << 24) * hpx;
                        wd->player.pos = v2(x, y);
                    } while (!on_rock(m, wd->player.pos));
                }
                step(c, wd);
                Vec2 h = c->pos;
                if (!(h.x >= 0.0 && h.y >= 0.0 && h.x < wpx && h.y < hpx) || tilemap_point_solid(m, h))
                    fail_msg("%s phase %d tick %d: the head at %g, %g is in rock", files[f], phase, t, h.x, h.y);
            }
        }
        world_free(wd);
        level_free(&lv);
        free(text);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bounce_flips_only_crossing_component),
        cmocka_unit_test(test_bounce_off_interior_tiles),
        cmocka_unit_test(test_spacing_exact_and_stays_inside),
        cmocka_unit_test(test_body_follows_the_leader),
        cmocka_unit_test(test_body_curves_in_corners),
        cmocka_unit_test(test_self_gap_measures_outlines),
        cmocka_unit_test(test_follow_never_folds),
        cmocka_unit_test(test_attacks_are_telegraphed),
        cmocka_unit_test(test_hit_shudders),
        cmocka_unit_test(test_death_rolls_and_sinks),
        cmocka_unit_test(test_eats_other_shots_and_escorts),
        cmocka_unit_test(test_boss_phases_and_death),
        cmocka_unit_test(test_hazard_blocks_bullets_never_dies),
        cmocka_unit_test(test_dives_toward_player),
        cmocka_unit_test(test_head_never_enters_rock),
        cmocka_unit_test(test_pushers),
        cmocka_unit_test(test_config_validation),
        cmocka_unit_test(test_init_heading_is_diagonal),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
