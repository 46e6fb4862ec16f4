// test_tentacle.c -- the tentacle boss's chain bounds over long random runs
// (both solvers), homing, firing exactly inside the aim tolerance, cooldown,
// add_node, damage/phases/death and spawn-parameter validation.
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <stdio.h>

#include "core/dmath.h"
#include "sim/creatures/tentacle.h"
#include "sim/world.h"

// The bound the chain guarantees after every tick (docs/tentacle.md).
#define LINK_BOUND 1e-9

// A bare World: just what tentacle_step reads and writes.
static World *mini_world(Vec2 player) {
    World *w = calloc(1, sizeof *w);
    assert_non_null(w);
    assert_true(bullets_init(&w->bullets, BULLETS_DEFAULT_CAP));
    w->player.pos = player;
    w->player.radius = 12;
    w->player.hp = w->player.hp_max = 10;
    return w;
}

static void mini_free(World *w) {
    bullets_free(&w->bullets);
    free(w);
}

// One tick of the boss, or a bullet reaching it, as world_step runs them.
static void step(Tentacle *c, World *w) {
    TickCtx ctx = world_tick_ctx(w);
    tentacle_step(c, &ctx);
}

static bool hit(Tentacle *c, World *w, const Bullet *b) {
    TickCtx ctx = world_tick_ctx(w);
    return tentacle_bullet_hit(c, &ctx, b);
}

static void clear_bullets(World *w) {
    for (int i = 0; i < w->bullets.cap; i++) bullets_kill(&w->bullets, i);
}

static void make(Tentacle *c, TentacleConfig *cfg, Vec2 at) {
    Rng r;
    rng_seed(&r, 99);
    assert_true(tentacle_init(c, cfg, at, &r));
}

static int count_events(const World *w, EventType t, int a) {
    int n = 0;
    for (int i = 0; i < w->events.count; i++)
        if (w->events.e[i].type == t && (a < 0 || w->events.e[i].a == a)) n++;
    return n;
}

// --- bounds over long random runs ---

static void random_run(int solver, int ticks) {
    TentacleConfig cfg;
    tentacle_config_default(&cfg);
    cfg.solver = solver;
    cfg.tentacles = 5;
    cfg.nodes = 12;
    cfg.link_px = 17;
    cfg.home_px = 6;                       // fast homing stresses the chain more
    Tentacle c;
    make(&c, &cfg, v2(600, 300));
    Rng r;
    rng_seed(&r, 1234 + (uint64_t)solver);
    World *w = mini_world(v2(600, 600));
    Vec2 vel = v2(0, 0);
    double worst_link = 0, worst_over = 0;
    for (int t = 0; t < ticks; t++) {
        events_clear(&w->events);
        // Random player motion: jittered velocity, walls at the box, rare teleports.
        double ax = rng_range(&r, -0.6, 0.6);
        double ay = rng_range(&r, -0.6, 0.6);
        vel = v2_scale(v2_add(vel, v2(ax, ay)), 0.97);
        w->player.pos = v2_add(w->player.pos, vel);
        if (w->player.pos.x < 0 || w->player.pos.x > 1200) vel.x = -vel.x;
        if (w->player.pos.y < 0 || w->player.pos.y > 900) vel.y = -vel.y;
        if (rng_below(&r, 2000) == 0) w->player.pos = v2(rng_range(&r, 0, 1200), rng_range(&r, 0, 900));
        if (t == ticks / 3) c.hp = c.hp_max * 2 / 3;      // phase changes grow the chains
        if (t == 2 * ticks / 3) c.hp = c.hp_max / 3;
        step(&c, w);
        if ((t & 255) == 0) clear_bullets(w);
        TentacleProbes pr;
        tentacle_probes(&c, &pr);
        if (pr.link_error > worst_link) worst_link = pr.link_error;
        if (pr.overreach > worst_over) worst_over = pr.overreach;
        assert_true(pr.reach <= pr.max_reach + LINK_BOUND);
        assert_true(pr.bend <= TENTACLE_BEND_MAX_RAD + 1e-9);
    }
    assert_int_equal(c.phase, 2);
    assert_int_equal(c.arms[0].n, cfg.nodes + 2 * cfg.grow);
    assert_true(worst_link <= LINK_BOUND);
    assert_true(worst_over <= LINK_BOUND);
    assert_true(c.shots > 0);
    tentacle_free(&c);
    mini_free(w);
}

static void test_bounds_follow_100k(void **s) { (void)s; random_run(TENTACLE_SOLVER_FOLLOW, 100000); }
static void test_bounds_fabrik_100k(void **s) { (void)s; random_run(TENTACLE_SOLVER_FABRIK, 100000); }

// Head never farther from the tail than the total length, checked head by head.
// The bend limit's cosine and sine (tentacle.h) are dm_sincos's, to the bit.
static void test_bend_limit_constants(void **s) {
    (void)s;
    double sn, co;
    dm_sincos(TENTACLE_BEND_MAX_RAD, &sn, &co);
    assert_true(co == TENTACLE_BEND_COS);
    assert_true(sn == TENTACLE_BEND_SIN);
}

static void test_head_within_total_length(void **s) {
    (void)s;
    TentacleConfig cfg;
    tentacle_config_default(&cfg);
    cfg.nodes = 6;
    cfg.link_px = 10;
    cfg.home_px = 32;
    Tentacle c;
    make(&c, &cfg, v2(0, 0));
    World *w = mini_world(v2(5000, -3000));    // far out of reach
    for (int t = 0; t < 2000; t++) {
        events_clear(&w->events);
        step(&c, w);
        clear_bullets(w);
        for (int a = 0; a < c.arm_count; a++) {
            double d = v2_dist(tentacle_node(&c, a, c.arms[a].n - 1)->pos, tentacle_node(&c, a, 0)->pos);
            assert_true(d <= tentacle_total_length(&c, a) + LINK_BOUND);
        }
    }
    // Straining toward a far player, the chain is (nearly) fully stretched.
    TentacleProbes pr;
    tentacle_probes(&c, &pr);
    assert_true(pr.reach > 0.95 * pr.max_reach);
    tentacle_free(&c);
    mini_free(w);
}

// --- homing ---

static void converge(int solver) {
    TentacleConfig cfg;
    tentacle_config_default(&cfg);
    cfg.solver = solver;
    cfg.sway_px = 0;
    cfg.roam_px = 0;
    cfg.tentacles = 1;
    cfg.cooldown = 6000;                       // no wind-up (it rears back) before tick 3000
    Tentacle c;
    make(&c, &cfg, v2(400, 200));
    Vec2 player = v2(560, 330);                // well inside the 330 px reach
    World *w = mini_world(player);
    double first = v2_dist(tentacle_node(&c, 0, c.arms[0].n - 1)->pos, player);
    for (int t = 0; t < 3000; t++) {
        events_clear(&w->events);
        step(&c, w);
        clear_bullets(w);
    }
    double last = v2_dist(tentacle_node(&c, 0, c.arms[0].n - 1)->pos, player);
    assert_true(first > 100);
    assert_true(last < 1.0);
    tentacle_free(&c);
    mini_free(w);
}

static void test_converges_follow(void **s) { (void)s; converge(TENTACLE_SOLVER_FOLLOW); }
static void test_converges_fabrik(void **s) { (void)s; converge(TENTACLE_SOLVER_FABRIK); }

// --- firing ---

// Lays tentacle 0 out straight along +x from its tail.
static void straighten(Tentacle *c) {
    Vec2 tail = tentacle_node(c, 0, 0)->pos;
    for (int j = 0; j < c->arms[0].n; j++) {
        TentacleNode *nd = &c->nodes[c->arms[0].first + j];
        nd->pos = nd->target = v2(tail.x + j * c->link_px, tail.y);
    }
}

static void test_fire_tolerance_edge(void **s) {
    (void)s;
    TentacleConfig cfg;
    tentacle_config_default(&cfg);
    cfg.aim_deg = 10;
    Tentacle c;
    make(&c, &cfg, v2(0, 0));
    straighten(&c);
    c.arms[0].windup = TENTACLE_WINDUP_TICKS;
    Vec2 head = tentacle_node(&c, 0, c.arms[0].n - 1)->pos;
    double tol = 10 * DM_PI / 180;
    for (int side = -1; side <= 1; side += 2) {
        for (int k = 0; k < 4; k++) {
            double dist = 5.0 * (k + 1) * (k + 1) * (k + 1);     // 5 .. 320 px: any distance
            double in = side * (tol - 1e-9), out = side * (tol + 1e-9);
            Vec2 tin = v2(head.x + dm_cos(in) * dist, head.y + dm_sin(in) * dist);
            Vec2 tout = v2(head.x + dm_cos(out) * dist, head.y + dm_sin(out) * dist);
            assert_true(tentacle_fire_ready(&c, 0, tin));
            assert_false(tentacle_fire_ready(&c, 0, tout));
        }
    }
    // A zero-length last link points nowhere: never aimed.
    TentacleNode *last = &c.nodes[c.arms[0].first + c.arms[0].n - 1];
    last->pos = c.nodes[c.arms[0].first + c.arms[0].n - 2].pos;
    assert_true(tentacle_aim_error(&c, 0, v2(last->pos.x + 10, last->pos.y)) == DM_PI);
    straighten(&c);
    // Behind the tip never fires; a tentacle not wound up long enough never fires.
    assert_false(tentacle_fire_ready(&c, 0, v2(head.x - 50, head.y)));
    c.arms[0].windup = TENTACLE_WINDUP_TICKS - 1;
    assert_false(tentacle_fire_ready(&c, 0, v2(head.x + 50, head.y)));
    tentacle_free(&c);
}

// Over a long run, a tentacle fires on a tick exactly when it has wound up
// for at least TENTACLE_WINDUP_TICKS and its tip is within the tolerance;
// every volley follows a wind-up (EV_WINDUP) on that tentacle alone; at
// most TENTACLE_WINDING_MAX wind up at once; consecutive volleys respect
// the cooldown.
static void test_fires_iff_aimed_and_wound_up(void **s) {
    (void)s;
    TentacleConfig cfg;
    tentacle_config_default(&cfg);
    cfg.aim_deg = 4;
    cfg.cooldown = 40;
    cfg.tentacles = 4;
    Tentacle c;
    make(&c, &cfg, v2(500, 200));
    World *w = mini_world(v2(500, 500));
    double tol = 4 * DM_PI / 180;
    int64_t last_shot[TENTACLE_MAX_ARMS], started[TENTACLE_MAX_ARMS];
    for (int a = 0; a < TENTACLE_MAX_ARMS; a++) last_shot[a] = -100000, started[a] = -1;
    int shots = 0, near_misses = 0, windups = 0, giveups = 0;
    for (int t = 0; t < 30000; t++) {
        events_clear(&w->events);
        double ang = t * 0.004, rad = 150 + 120 * dm_sin(t * 0.0021);
        w->player.pos = v2(500 + dm_cos(ang) * rad * 1.5, 250 + dm_sin(ang) * rad);
        if (t == 10000) c.hp = c.hp_max * 2 / 3;   // phase 1: longer, faster
        if (t == 20000) c.hp = c.hp_max / 3;       // phase 2: spreads and shorter cooldown
        int wound[TENTACLE_MAX_ARMS];
        for (int a = 0; a < c.arm_count; a++) wound[a] = c.arms[a].windup;
        step(&c, w);
        TentacleProbes pr;
        tentacle_probes(&c, &pr);
        assert_true(pr.winding <= TENTACLE_WINDING_MAX);
        int last_expect = -1;          // the latest volley's wind-up (tentacles fire in index order)
        for (int a = 0; a < c.arm_count; a++) {
            if (count_events(w, EV_WINDUP, a) > 0) {
                assert_int_equal(wound[a], 0);
                assert_int_equal(c.arms[a].windup, 1);
                started[a] = t;
                windups++;
            }
            bool fired = count_events(w, EV_ENEMY_SHOT, a) > 0;
            bool ready = wound[a] > 0 && wound[a] + 1 >= TENTACLE_WINDUP_TICKS;
            double err = tentacle_aim_error(&c, a, w->player.pos);
            assert_int_equal(fired, ready && err <= tol);
            if (fired) {
                assert_true(err <= tol);
                assert_true(started[a] >= 0 && t - started[a] >= TENTACLE_WINDUP_TICKS - 1);
                last_expect = (int)(t - started[a] + 1);
                started[a] = -1;
                // The volley leaves the head: one bullet straight at the
                // player, plus two at +-0.22 rad in phase 2.
                const TentacleNode *h = tentacle_node(&c, a, c.arms[a].n - 1);
                Vec2 to = v2_norm(v2_sub(w->player.pos, h->pos));
                int from_head = 0, straight = 0;
                for (int i = 0; i < w->bullets.cap; i++) {
                    const Bullet *b = &w->bullets.b[i];
                    if (!b->alive || b->pos.x != h->pos.x || b->pos.y != h->pos.y) continue;
                    from_head++;
                    straight += v2_dist(v2_norm(b->vel), to) < 1e-9;
                }
                assert_int_equal(from_head, c.phase >= 2 ? 3 : 1);
                assert_int_equal(straight, 1);
                int cd = c.phase >= 2 ? cfg.cooldown * 3 / 4 : cfg.cooldown;
                assert_true(t - last_shot[a] >= cd + TENTACLE_WINDUP_TICKS - 1);
                last_shot[a] = t;
                shots++;
            } else if (ready && err > tol && err < tol * 1.5) {
                near_misses++;                 // just outside the edge: must not fire
            }
            if (!fired && wound[a] > 0 && c.arms[a].windup == 0) {
                // Gave up, never aimed: only after the longest wind-up.
                assert_int_equal(wound[a] + 1, TENTACLE_WINDUP_GIVEUP_TICKS);
                started[a] = -1;
                giveups++;
            }
        }
        if (last_expect >= 0) {
            assert_int_equal(pr.last_windup, last_expect);
            assert_true(pr.last_windup >= 30);
        }
        clear_bullets(w);
    }
    assert_true(shots > 20);
    assert_true(windups >= shots);
    assert_true(giveups < shots / 4);              // the tip curls onto him: most wind-ups end in a shot
    assert_true(near_misses > 0);
    assert_true(c.shots >= shots);
    tentacle_free(&c);
    mini_free(w);
}

// --- rock ---

// Tentacles lie on a floor instead of sinking into it, even when the player
// they reach for is below it: with a flat floor no node ends a tick in rock.
static void test_rests_on_rock(void **s) {
    (void)s;
    TentacleConfig cfg;
    tentacle_config_default(&cfg);
    Tentacle c;
    make(&c, &cfg, v2(320, 150));
    World *w = mini_world(v2(320, 420));         // inside the floor
    assert_true(tilemap_init(&w->map, 20, 16, 32));
    for (int col = 0; col < 20; col++)
        for (int row = 10; row < 16; row++) tilemap_set(&w->map, col, row, TILE_SOLID);
    int touching = 0;
    for (int t = 0; t < 2000; t++) {
        events_clear(&w->events);
        w->player.pos.x = 320 + 200 * dm_sin(t * 0.01);
        step(&c, w);
        clear_bullets(w);
        for (int a = 0; a < c.arm_count; a++)
            for (int j = 0; j < c.arms[a].n; j++) {
                Vec2 p = tentacle_node(&c, a, j)->pos;
                assert_false(tilemap_point_solid(&w->map, p));
                touching += p.y > 320 - 12;
            }
    }
    assert_true(touching > 1000);                 // they do reach down and lie on it
    TentacleProbes pr;
    tentacle_probes(&c, &pr);
    assert_true(pr.link_error <= LINK_BOUND);
    tilemap_free(&w->map);
    tentacle_free(&c);
    mini_free(w);
}

// Spawned settled: every link at full length, each turning a little toward
// straight down (no slack, no fold for the solver to turn into zig-zags),
// and the first ticks keep it smooth, whatever the count of tentacles.
static void spawn_pose(int solver) {
    static const int counts[] = {1, 2, 3, 6, 13, 32};
    for (size_t k = 0; k < sizeof counts / sizeof *counts; k++) {
        TentacleConfig cfg;
        tentacle_config_default(&cfg);
        cfg.solver = solver;
        cfg.tentacles = counts[k];
        cfg.nodes = 24;
        Tentacle c;
        make(&c, &cfg, v2(600, 200));
        for (int a = 0; a < c.arm_count; a++) {
            assert_true(tentacle_bend(&c, a) <= TENTACLE_SPAWN_TURN_RAD + 1e-9);
            for (int j = 1; j < c.arms[a].n; j++) {
                double l = v2_dist(tentacle_node(&c, a, j)->pos, tentacle_node(&c, a, j - 1)->pos);
                assert_true(fabs(l - cfg.link_px) < 1e-9);
            }
        }
        World *w = mini_world(v2(100, 700));         // far down and to the side: every head has to turn
        double worst = 0.0;
        for (int t = 0; t < 120; t++) {
            events_clear(&w->events);
            step(&c, w);
            clear_bullets(w);
            TentacleProbes pr;
            tentacle_probes(&c, &pr);
            worst = fmax(worst, pr.bend);
        }
        assert_true(worst <= 1.0);
        tentacle_free(&c);
        mini_free(w);
    }
}

static void test_spawn_pose_follow(void **s) { (void)s; spawn_pose(TENTACLE_SOLVER_FOLLOW); }
static void test_spawn_pose_fabrik(void **s) { (void)s; spawn_pose(TENTACLE_SOLVER_FABRIK); }

// No link crosses rock, not even a ledge thinner than a link (8 px here,
// links of 22) with the player below it pulling the heads through: links
// that would enter the ledge end just above it. Bends stay within bounds.
static void links_out_of_thin_rock(int solver) {
    TentacleConfig cfg;
    tentacle_config_default(&cfg);
    cfg.solver = solver;
    cfg.tentacles = 5;
    cfg.home_px = 4;
    Tentacle c;
    make(&c, &cfg, v2(320, 120));
    World *w = mini_world(v2(320, 420));
    assert_true(tilemap_init(&w->map, 80, 64, 8));
    for (int col = 10; col < 70; col++) tilemap_set(&w->map, col, 40, TILE_SOLID);   // y 320..328
    int crossings = 0, lying = 0;
    for (int t = 0; t < 3000; t++) {
        events_clear(&w->events);
        w->player.pos.x = 320 + 180 * dm_sin(t * 0.013);
        step(&c, w);
        clear_bullets(w);
        for (int a = 0; a < c.arm_count; a++) {
            for (int j = 1; j < c.arms[a].n; j++) {
                TileHit h;
                Vec2 p0 = tentacle_node(&c, a, j - 1)->pos, p1 = tentacle_node(&c, a, j)->pos;
                crossings += tilemap_cast(&w->map, p0, p1, &h);
                lying += p1.y > 300.0 && p1.y < 320.0;
            }
        }
        TentacleProbes pr;
        tentacle_probes(&c, &pr);
        assert_true(pr.link_error <= LINK_BOUND);
        assert_true(pr.bend <= TENTACLE_BEND_MAX_RAD + 1e-9);
    }
    assert_int_equal(crossings, 0);
    assert_true(lying > 1000);                    // they do reach down and lie on the ledge
    tilemap_free(&w->map);
    tentacle_free(&c);
    mini_free(w);
}

// The chain passes on every back end of core/lanes.h this build can run
// (SSE2 and AVX2 here, NEON or SIMD128 elsewhere) give the scalar back
// end's bits: the whole creature's hash after every tick, for groups of 2,
// 3 (a spare lane), 4 and 1 tentacles, both solvers, over a ledge and walls
// the links drape over and slide along, through both phase changes.
static void test_vector_same_as_scalar(void **s) {
    (void)s;
    const int arms[] = {2, 5, 8, 1};
    for (int kind = 1; kind < LANES_KINDS; kind++) {
        if (!lanes_can_run((LanesKind)kind)) continue;
        // The same 640 x 512 px arena (a ledge at y 320 from x 80 to 560, a
        // wall at x 96) in 8 px tiles and in 32 px tiles, the game's (wide
        // enough that a node in an open cell needs no rock test: the vector
        // pass's open-cell tests).
        for (int c = 0; c < 12; c++) {
            TentacleConfig cfg;
            tentacle_config_default(&cfg);
            cfg.tentacles = arms[c % 4];
            cfg.solver = c < 4 || c >= 8 ? TENTACLE_SOLVER_FABRIK : TENTACLE_SOLVER_FOLLOW;
            cfg.home_px = 4;
            int tile = c < 8 ? 8 : 32;
            Tentacle ta, tb;
            make(&ta, &cfg, v2(320, 120));
            make(&tb, &cfg, v2(320, 120));
            World *wa = mini_world(v2(320, 420)), *wb = mini_world(v2(320, 420));
            assert_true(tilemap_init(&wa->map, 640 / tile, 512 / tile, tile));
            assert_true(tilemap_init(&wb->map, 640 / tile, 512 / tile, tile));
            for (int col = 80 / tile; col < 560 / tile; col++) {
                tilemap_set(&wa->map, col, 320 / tile, TILE_SOLID);
                tilemap_set(&wb->map, col, 320 / tile, TILE_SOLID);
            }
            for (int row = 0; row < 512 / tile; row++) {
                tilemap_set(&wa->map, 96 / tile, row, TILE_SOLID);
                tilemap_set(&wb->map, 96 / tile, row, TILE_SOLID);
            }
            for (int t = 0; t < 1500; t++) {
                events_clear(&wa->events);
                events_clear(&wb->events);
                wa->player.pos = wb->player.pos = v2(320 + 250 * dm_sin(t * 0.013), 420 - 200 * dm_sin(t * 0.007));
                if (t == 500) ta.hp = tb.hp = ta.hp_max * 2 / 3;
                if (t == 1000) ta.hp = tb.hp = ta.hp_max / 3;
                TickCtx ca = world_tick_ctx(wa), cb = world_tick_ctx(wb);
                tentacle_step_on(&ta, &ca, (LanesKind)kind);
                tentacle_step_scalar(&tb, &cb);
                clear_bullets(wa);
                clear_bullets(wb);
                Hash ha, hb;
                hash_init(&ha);
                hash_init(&hb);
                tentacle_hash(&ta, &ha);
                tentacle_hash(&tb, &hb);
                if (ha.h != hb.h || memcmp(ta.nodes, tb.nodes, (size_t)ta.node_total * sizeof *ta.nodes) != 0)
                    fail_msg("%s case %d tick %d: differs from scalar", lanes_name((LanesKind)kind), c,
                             t);   // the nodes bit for bit
            }
            assert_int_equal(ta.phase, 2);
            tilemap_free(&wa->map);
            tilemap_free(&wb->map);
            tentacle_free(&ta);
            tentacle_free(&tb);
            mini_free(wa);
            mini_free(wb);
        }
    }
}

static void test_thin_rock_follow(void **s) { (void)s; links_out_of_thin_rock(TENTACLE_SOLVER_FOLLOW); }
static void test_thin_rock_fabrik(void **s) { (void)s; links_out_of_thin_rock(TENTACLE_SOLVER_FABRIK); }

// --- add_node ---

static void test_add_node_keeps_chain_valid(void **s) {
    (void)s;
    TentacleConfig cfg;
    tentacle_config_default(&cfg);
    cfg.nodes = 5;
    cfg.grow = 10;
    Tentacle c;
    make(&c, &cfg, v2(300, 300));
    World *w = mini_world(v2(500, 420));
    for (int t = 0; t < 200; t++) step(&c, w);
    Vec2 tail = tentacle_node(&c, 1, 0)->pos, head = tentacle_node(&c, 1, c.arms[1].n - 1)->pos;
    int added = 0;
    while (tentacle_add_node(&c, 1)) {
        added++;
        TentacleProbes pr;
        tentacle_probes(&c, &pr);
        assert_true(pr.link_error <= LINK_BOUND);
        assert_true(pr.overreach <= LINK_BOUND);
        const TentacleNode *a = tentacle_node(&c, 1, 0), *b = tentacle_node(&c, 1, 1);
        assert_true(v2_dist(a->pos, b->pos) <= c.link_px * 0.5 + 1e-9);   // appears next to the tail
    }
    assert_int_equal(added, 20);
    assert_int_equal(c.arms[1].n, 25);
    assert_true(tentacle_node(&c, 1, 0)->pos.x == tail.x && tentacle_node(&c, 1, 24)->pos.x == head.x);
    assert_false(tentacle_add_node(&c, 1));
    // Still valid while it moves with the longer chain.
    for (int t = 0; t < 500; t++) {
        events_clear(&w->events);
        step(&c, w);
        clear_bullets(w);
        TentacleProbes pr;
        tentacle_probes(&c, &pr);
        assert_true(pr.link_error <= LINK_BOUND);
    }
    tentacle_free(&c);
    mini_free(w);
}

// --- damage, phases, death ---

static void test_damage_phases_death(void **s) {
    (void)s;
    TentacleConfig cfg;
    tentacle_config_default(&cfg);
    cfg.hp = 9;
    Tentacle c;
    make(&c, &cfg, v2(300, 300));
    World *w = mini_world(v2(300, 800));
    int n0 = c.arms[0].n;
    Bullet b = {.alive = true, .owner = OWNER_PLAYER, .pos = c.pos, .radius = 3, .damage = 1};
    int phases = 0, downs = 0;
    for (int k = 0; k < 9; k++) {
        events_clear(&w->events);
        assert_true(tentacle_blocks_win(&c));
        assert_true(hit(&c, w, &b));
        downs += count_events(w, EV_BOSS_DOWN, -1);
        step(&c, w);
        phases += count_events(w, EV_PHASE, -1);
    }
    assert_int_equal(c.hp, 0);
    assert_int_equal(phases, 2);
    assert_int_equal(downs, 1);
    assert_int_equal(c.arms[0].n, n0 + 2 * cfg.grow);
    assert_false(tentacle_blocks_win(&c));
    assert_false(tentacle_touches(&c, c.pos, 50));
    assert_false(hit(&c, w, &b));
    int64_t shots = c.shots;
    for (int t = 0; t < 600; t++) step(&c, w);
    assert_true(c.shots == shots);                 // the dead do not shoot
    tentacle_free(&c);
    mini_free(w);
}

static void test_tentacle_blocks_and_chips(void **s) {
    (void)s;
    TentacleConfig cfg;
    tentacle_config_default(&cfg);
    cfg.hp = 10;
    Tentacle c;
    make(&c, &cfg, v2(300, 300));
    World *w = mini_world(v2(300, 800));
    const TentacleNode *mid = tentacle_node(&c, 0, c.arms[0].n - 2);
    Bullet b = {.alive = true, .owner = OWNER_PLAYER, .pos = mid->pos, .radius = 3, .damage = 1};
    assert_true(tentacle_touches(&c, mid->pos, 1));
    for (int k = 0; k < 3; k++) assert_true(hit(&c, w, &b));
    assert_int_equal(count_events(w, EV_BLOCKED, -1), 3);
    assert_int_equal(c.hp, 9);                     // three blocked bullets cost one hp
    b.pos = v2(-5000, -5000);
    assert_false(hit(&c, w, &b));  // a miss is not absorbed
    assert_false(tentacle_touches(&c, b.pos, 12));
    tentacle_free(&c);
    mini_free(w);
}

// --- determinism and hash ---

static uint64_t run_hash(int ticks, double player_x) {
    TentacleConfig cfg;
    tentacle_config_default(&cfg);
    Tentacle c;
    make(&c, &cfg, v2(300, 300));
    World *w = mini_world(v2(player_x, 500));
    for (int t = 0; t < ticks; t++) step(&c, w);
    Hash h;
    hash_init(&h);
    tentacle_hash(&c, &h);
    tentacle_free(&c);
    mini_free(w);
    return h.h;
}

static void test_hash_deterministic(void **s) {
    (void)s;
    assert_true(run_hash(500, 200) == run_hash(500, 200));
    assert_true(run_hash(500, 200) != run_hash(500, 201));
    assert_true(run_hash(500, 200) != run_hash(501, 200));
}

// --- spawn parameters ---

static void test_config_validation(void **s) {
    (void)s;
    TentacleConfig cfg;
    tentacle_config_default(&cfg);
    assert_int_equal(cfg.tentacles, 3);
    assert_int_equal(cfg.nodes, 16);
    char why[160];
    assert_true(tentacle_config_set(&cfg, "tentacles", "32", why, sizeof why));
    assert_true(tentacle_config_set(&cfg, "nodes", "256", why, sizeof why));
    assert_true(tentacle_config_set(&cfg, "nodes", "2", why, sizeof why));
    assert_true(tentacle_config_set(&cfg, "link", "12.5", why, sizeof why));
    assert_true(cfg.link_px == 12.5);
    assert_true(tentacle_config_set(&cfg, "solver", "fabrik", why, sizeof why));
    assert_int_equal(cfg.solver, TENTACLE_SOLVER_FABRIK);
    assert_true(tentacle_config_set(&cfg, "hp", "200", why, sizeof why));

    static const struct { const char *k, *v, *why; } bad[] = {
        {"tentacles", "0", "expected an integer 1..32"},
        {"tentacles", "33", "expected an integer 1..32"},
        {"tentacles", "-1", "expected an integer 1..32"},
        {"tentacles", "three", "expected an integer 1..32"},
        {"nodes", "1", "expected an integer 2..256"},
        {"nodes", "257", "expected an integer 2..256"},
        {"nodes", "99999999999999999999", "expected an integer 2..256"},
        {"nodes", "2.5", "expected an integer 2..256"},
        {"nodes", "", "expected an integer 2..256"},
        {"nodes", " 5", "expected an integer 2..256"},
        {"nodes", "+5", "expected an integer 2..256"},
        {"link", "0", "expected a number 1..256"},
        {"link", "256.5", "expected a number 1..256"},
        {"link", "-4", "expected a number 1..256"},
        {"link", "nan", "expected a number 1..256"},
        {"link", "inf", "expected a number 1..256"},
        {"link", "1e2", "expected a number 1..256"},
        {"link", ".", "expected a number 1..256"},
        {"hp", "0", "expected an integer 1..100000"},
        {"solver", "ccd", "expected follow or fabrik"},
        {"legs", "4", "unknown tentacle parameter"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        TentacleConfig before = cfg;
        why[0] = 0;
        assert_false(tentacle_config_set(&cfg, bad[i].k, bad[i].v, why, sizeof why));
        assert_non_null(strstr(why, bad[i].why));
        assert_memory_equal(&before, &cfg, sizeof cfg);   // a bad value changes nothing
    }
    // tentacle_init refuses a config that skipped validation.
    Tentacle bad_c;
    Rng r;
    rng_seed(&r, 1);
    tentacle_config_default(&cfg);
    cfg.tentacles = TENTACLE_MAX_ARMS + 1;
    assert_false(tentacle_init(&bad_c, &cfg, v2(0, 0), &r));
    tentacle_free(&bad_c);
    tentacle_config_default(&cfg);
    cfg.nodes = 100000;
    assert_false(tentacle_init(&bad_c, &cfg, v2(0, 0), &r));
    tentacle_free(&bad_c);
    // The largest legal boss allocates a bounded pool and steps.
    tentacle_config_default(&cfg);
    cfg.tentacles = 32;
    cfg.nodes = 256;
    cfg.grow = 64;
    Tentacle c;
    make(&c, &cfg, v2(0, 0));
    assert_int_equal(c.node_total, 32 * (256 + 128));
    World *w = mini_world(v2(100, 100));
    for (int t = 0; t < 10; t++) step(&c, w);
    tentacle_free(&c);
    mini_free(w);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_config_validation),
        cmocka_unit_test(test_bend_limit_constants),
        cmocka_unit_test(test_head_within_total_length),
        cmocka_unit_test(test_bounds_follow_100k),
        cmocka_unit_test(test_bounds_fabrik_100k),
        cmocka_unit_test(test_converges_follow),
        cmocka_unit_test(test_converges_fabrik),
        cmocka_unit_test(test_fire_tolerance_edge),
        cmocka_unit_test(test_fires_iff_aimed_and_wound_up),
        cmocka_unit_test(test_rests_on_rock),
        cmocka_unit_test(test_spawn_pose_follow),
        cmocka_unit_test(test_spawn_pose_fabrik),
        cmocka_unit_test(test_thin_rock_follow),
        cmocka_unit_test(test_thin_rock_fabrik),
        cmocka_unit_test(test_vector_same_as_scalar),
        cmocka_unit_test(test_add_node_keeps_chain_valid),
        cmocka_unit_test(test_damage_phases_death),
        cmocka_unit_test(test_tentacle_blocks_and_chips),
        cmocka_unit_test(test_hash_deterministic),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
