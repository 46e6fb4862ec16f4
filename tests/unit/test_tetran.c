// test_tetran.c -- the Tetran's arms (per-joint advance with and without
// wiggle, easing back, exact segment lengths, bounded angles), spawn
// parameter validation, and the fight (core hits, blocking arms, phases, death).
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <cmocka.h>

#include "core/dmath.h"
#include "core/mem.h"
#include "sim/world.h"

// A bare World around one Tetran: no map, no level; enough for tetran_step.
typedef struct Fixture {
    World *w;
    Tetran *t;
} Fixture;

static Fixture make(const TetranConfig *cfg, uint32_t seed) {
    Fixture f;
    f.w = mem_alloc(1, sizeof *f.w);
    assert_non_null(f.w);
    rng_seed(&f.w->rng, seed);
    assert_true(bullets_init(&f.w->bullets, BULLETS_DEFAULT_CAP));
    player_init(&f.w->player, 2, 20, 32);
    f.w->tetrans = mem_alloc(1, sizeof *f.w->tetrans);
    f.w->tetran_count = 1;
    f.t = &f.w->tetrans[0];
    assert_true(tetran_init(f.t, cfg, v2(640.0, 352.0), &f.w->rng));
    return f;
}

static void unmake(Fixture *f) {
    tetran_free(f->t);
    mem_free(f->w->tetrans);
    bullets_free(&f->w->bullets);
    mem_free(f->w);
}

static void tick(Fixture *f, bool wiggle) {
    World *w = f->w;
    w->tick++;
    events_clear(&w->events);
    w->prev_input = w->input;
    w->player.wiggle = wiggle;   // wiggle mode on, as the player step sets it
    TickCtx ctx = world_tick_ctx(w);
    tetran_step(f->t, &ctx);
}

// A bullet reaching the Tetran, as world_step resolves it.
static bool hit(Tetran *t, World *w, const Bullet *b) {
    TickCtx ctx = world_tick_ctx(w);
    return tetran_bullet_hit(t, &ctx, b);
}

static TetranConfig calm(void) {
    TetranConfig c;
    tetran_config_default(&c);
    c.fire = false;
    return c;
}

static TetranProbes probes(const Tetran *t) {
    TetranProbes p;
    tetran_probes(t, &p);
    return p;
}

static bool has_event(const World *w, EventType type) {
    for (int i = 0; i < w->events.count; i++)
        if (w->events.e[i].type == type && w->events.e[i].who == WHO_TETRAN) return true;
    return false;
}

static void test_config_defaults_and_valid_values(void **state) {
    (void)state;
    TetranConfig c;
    char why[128] = "";
    tetran_config_default(&c);
    assert_int_equal(c.arms, 6);
    assert_int_equal(c.segments, 12);
    assert_true(c.length_px == 20.0);
    assert_true(tetran_config_set(&c, "arms", "64", why, sizeof why));
    assert_true(tetran_config_set(&c, "segments", "1", why, sizeof why));
    assert_true(tetran_config_set(&c, "length", "256", why, sizeof why));
    assert_true(tetran_config_set(&c, "hp", "5", why, sizeof why));
    assert_true(tetran_config_set(&c, "spin", "-0.03", why, sizeof why));
    assert_true(tetran_config_set(&c, "core", "40", why, sizeof why));
    assert_true(tetran_config_set(&c, "fire", "0", why, sizeof why));
    assert_int_equal(c.arms, 64);
    assert_int_equal(c.segments, 1);
    assert_true(c.length_px == 256.0);
    assert_int_equal(c.hp, 5);
    assert_true(c.spin_rad == -0.03);
    assert_true(c.core_px == 40.0);
    assert_false(c.fire);
}

static void test_config_rejects_bad_values(void **state) {
    (void)state;
    static const char *const bad_counts[] = {"0", "65", "-1", "abc", "", "1.5", "6x", " 6", "+6",
                                             "99999999999999999999999", "0x10"};
    TetranConfig c, before;
    char why[128];
    tetran_config_default(&c);
    before = c;
    for (size_t i = 0; i < sizeof bad_counts / sizeof *bad_counts; i++) {
        why[0] = 0;
        assert_false(tetran_config_set(&c, "arms", bad_counts[i], why, sizeof why));
        assert_non_null(strstr(why, "expected an integer 1..64"));
        assert_false(tetran_config_set(&c, "segments", bad_counts[i], why, sizeof why));
        assert_non_null(strstr(why, "expected an integer 1..64"));
    }
    assert_false(tetran_config_set(&c, "arms", NULL, why, sizeof why));
    assert_false(tetran_config_set(&c, "length", "257", why, sizeof why));
    assert_non_null(strstr(why, "expected an integer 1..256"));
    assert_false(tetran_config_set(&c, "length", "0", why, sizeof why));
    assert_false(tetran_config_set(&c, "hp", "0", why, sizeof why));
    assert_false(tetran_config_set(&c, "hp", "100001", why, sizeof why));
    assert_false(tetran_config_set(&c, "fire", "2", why, sizeof why));
    assert_false(tetran_config_set(&c, "core", "3", why, sizeof why));
    static const char *const bad_spin[] = {"0.3", "-0.21", "nan", "inf", "0x0.1", "", "1e", "fast", "0.1.2"};
    for (size_t i = 0; i < sizeof bad_spin / sizeof *bad_spin; i++) {
        why[0] = 0;
        assert_false(tetran_config_set(&c, "spin", bad_spin[i], why, sizeof why));
        assert_non_null(strstr(why, "expected a number -0.2..0.2"));
    }
    assert_false(tetran_config_set(&c, "colour", "red", why, sizeof why));
    assert_non_null(strstr(why, "unknown tetran parameter"));
    assert_memory_equal(&c, &before, sizeof c);   // nothing half-applied
}

static void test_init_rejects_invalid_config(void **state) {
    (void)state;
    Rng r;
    rng_seed(&r, 1);
    TetranConfig c = calm();
    Tetran t;
    c.arms = 100000;                              // would be a giant allocation
    assert_false(tetran_init(&t, &c, v2(0, 0), &r));
    c = calm();
    c.segments = 0;
    assert_false(tetran_init(&t, &c, v2(0, 0), &r));
}

// Without wiggle every joint advances by exactly spin: straight spokes.
static void test_advance_without_wiggle(void **state) {
    (void)state;
    TetranConfig cfg = calm();
    Fixture f = make(&cfg, 3);
    int n = cfg.arms * cfg.segments;
    double prev[TETRAN_MAX_ARMS * TETRAN_MAX_SEGMENTS];
    for (int t = 0; t < 500; t++) {
        memcpy(prev, f.t->rad, (size_t)n * sizeof *prev);
        tick(&f, false);
        for (int j = 0; j < n; j++) {
            assert_true(fabs(dm_wrap(f.t->rad[j] - prev[j]) - cfg.spin_rad) < 1e-12);
            assert_true(f.t->rad[j] == f.t->base_rad[j / cfg.segments]);   // exactly straight
        }
        TetranProbes p = probes(f.t);
        assert_true(p.reach == p.max_reach);
        assert_true(p.wiggle == 0.0);
    }
    assert_true(probes(f.t).max_reach == 12 * 20.0);
    // Arms start evenly spread.
    for (int a = 1; a < cfg.arms; a++)
        assert_true(fabs(dm_wrap(f.t->base_rad[a] - f.t->base_rad[a - 1]) - DM_TAU / cfg.arms) < 1e-12);
    unmake(&f);
}

// Arm a's curl: its tip segment's direction against its root segment's.
static double curl_of(const Tetran *t, int a) {
    return dm_wrap(tetran_angle(t, a, t->cfg.segments - 1) - tetran_angle(t, a, 0));
}

// The largest angle between adjacent segments of any arm, from the angles.
static double bend_of(const Tetran *t) {
    double worst = 0.0;
    for (int a = 0; a < t->cfg.arms; a++)
        for (int i = 1; i < t->cfg.segments; i++)
            worst = fmax(worst, fabs(dm_wrap(tetran_angle(t, a, i) - tetran_angle(t, a, i - 1))));
    return worst;
}

// With wiggle joint i additionally advances by spin - i/100, exactly, until
// the arm's curl reaches 2.5 rad or adjacent segments meet at 0.5 rad.
static void test_advance_with_wiggle(void **state) {
    (void)state;
    static const int counts[] = {2, 3, 5, 6, 7, 12, 24, 64};
    for (size_t k = 0; k < sizeof counts / sizeof *counts; k++) {
        TetranConfig cfg = calm();
        cfg.segments = counts[k];
        Fixture f = make(&cfg, 4);
        int ns = cfg.segments, n = cfg.arms * ns, exact_ticks = 0;
        double prev[TETRAN_MAX_ARMS * TETRAN_MAX_SEGMENTS];
        for (int t = 0; t < 300; t++) {
            double curl = fabs(curl_of(f.t, 0)), bend = bend_of(f.t);
            // Would this tick's write-up step stay within both limits?
            if (curl + (ns - 1) * TETRAN_WIGGLE_LAG_RAD > TETRAN_CURL_EXACT_RAD + 1e-9 ||
                bend + TETRAN_WIGGLE_LAG_RAD > TETRAN_BEND_MAX_RAD + 1e-9)
                break;
            memcpy(prev, f.t->rad, (size_t)n * sizeof *prev);
            tick(&f, true);
            for (int j = 0; j < n; j++) {
                int i = j % ns;
                double want = cfg.spin_rad + (cfg.spin_rad - i / 100.0);
                assert_true(fabs(dm_wrap(f.t->rad[j] - prev[j]) - want) < 1e-12);
            }
            assert_true(probes(f.t).wiggle == 1.0);
            exact_ticks++;
        }
        // 2.5 rad of curl at 0.01 rad per joint gap per tick, or 0.5 rad of bend.
        int want = (int)fmin(floor(TETRAN_CURL_EXACT_RAD / ((ns - 1) * TETRAN_WIGGLE_LAG_RAD) + 1e-9),
                             floor(TETRAN_BEND_MAX_RAD / TETRAN_WIGGLE_LAG_RAD + 1e-9));
        assert_int_equal(exact_ticks, want);
        unmake(&f);
    }
}

// Held for long, the arms sway between curling one way and the other, for
// every segment count: adjacent segments never meet at more than 0.5 rad,
// no arm curls past 3 rad or folds under the core (core-to-tip >= 40 % of
// its length), and the arm keeps moving. Released anywhere, the arm keeps
// its shape while it straightens: every joint's offset and bend shrinks
// and keeps its sign, so no hook can appear.
static void test_sway_bounded_for_every_segment_count(void **state) {
    (void)state;
    for (int ns = 1; ns <= TETRAN_MAX_SEGMENTS; ns++) {
        TetranConfig cfg = calm();
        cfg.arms = 3;
        cfg.segments = ns;
        cfg.length_px = 10.0;
        Fixture f = make(&cfg, (uint32_t)ns);
        int flips[3] = {0};
        double last_curl[3] = {0}, most[3] = {0}, least[3] = {0};
        int release = 700 + 13 * ns;              // released at a different point of the sway each time
        for (int t = 0; t < release; t++) {
            tick(&f, true);
            TetranProbes p = probes(f.t);
            assert_true(p.bend <= TETRAN_BEND_MAX_RAD);
            assert_true(bend_of(f.t) <= TETRAN_BEND_MAX_RAD + 1e-12);
            assert_true(p.reach_ratio >= 0.4);
            for (int a = 0; a < cfg.arms; a++) {
                double curl = curl_of(f.t, a);
                assert_true(fabs(curl) <= TETRAN_CURL_MAX_RAD + 1e-12);
                if (curl * last_curl[a] < 0.0) flips[a]++;
                if (curl != 0.0) last_curl[a] = curl;
                most[a] = fmax(most[a], curl);
                least[a] = fmin(least[a], curl);
            }
        }
        if (ns >= 2) {
            // Every arm, both ways, again and again: the first curl (the
            // write-up's way: the tip's angle falls behind the root's) near
            // the curl limit (or the bend limit for short arms), the sway
            // after it near TETRAN_SWAY_CURL_RAD the other way. The turning back
            // runs from root to tip, so the root joints leave a little
            // before the tip arrives.
            double reach = 0.9 * fmin(TETRAN_CURL_EXACT_RAD, (ns - 1) * TETRAN_BEND_MAX_RAD);
            double back = 0.9 * fmin(TETRAN_SWAY_CURL_RAD, (ns - 1) * TETRAN_BEND_MAX_RAD);
            for (int a = 0; a < cfg.arms; a++) {
                assert_true(-least[a] >= reach && most[a] >= back);
                assert_true(flips[a] >= 3);
            }
        }
        int n = cfg.arms * ns;
        double off[TETRAN_MAX_ARMS * TETRAN_MAX_SEGMENTS], prev[TETRAN_MAX_ARMS * TETRAN_MAX_SEGMENTS];
        double turn[TETRAN_MAX_ARMS * TETRAN_MAX_SEGMENTS];
        int straight_at = -1;
        for (int t = 0; t < TETRAN_STRAIGHT_TICKS && straight_at < 0; t++) {
            for (int j = 0; j < n; j++) {
                prev[j] = j % ns ? prev[j - 1] + f.t->turn_rad[j] : f.t->turn_rad[j];
                turn[j] = f.t->turn_rad[j];
            }
            tick(&f, false);
            bool all_zero = true;
            for (int j = 0; j < n; j++) {
                off[j] = j % ns ? off[j - 1] + f.t->turn_rad[j] : f.t->turn_rad[j];
                // (an offset summed to ~0 may come out 1e-17 either side)
                assert_true(fabs(off[j]) <= fabs(prev[j]) + 1e-12 && (off[j] * prev[j] >= 0.0 || fabs(prev[j]) < 1e-12));
                assert_true(fabs(f.t->turn_rad[j]) <= fabs(turn[j]) && f.t->turn_rad[j] * turn[j] >= 0.0);
                if (f.t->turn_rad[j] != 0.0) all_zero = false;
            }
            TetranProbes p = probes(f.t);
            assert_true(p.bend <= TETRAN_BEND_MAX_RAD && p.reach_ratio >= 0.4);
            if (all_zero) straight_at = t;
        }
        assert_true(straight_at >= 0 && straight_at < TETRAN_STRAIGHT_TICKS);
        TetranProbes p = probes(f.t);
        assert_true(p.reach == p.max_reach && p.min_reach == p.max_reach && p.bend == 0.0);
        unmake(&f);
    }
}

// After the write-up's curl the roots of each pair of arms close up like
// scissors (six arms: 60 degrees apart at rest, 18 degrees once closed) and
// stay so while the arms sway, which opens wide gaps between the pairs;
// released, they spread back to even spokes.
static void test_pairs_close_up(void **state) {
    (void)state;
    TetranConfig cfg = calm();
    Fixture f = make(&cfg, 14);
    int na = cfg.arms;
    double rest = DM_TAU / na, closed = (1.0 - 2.0 * TETRAN_SCISSOR_SHARE) * rest;
    int settled = 0, ticks = 0;
    double curl_lo = 0.0, curl_hi = 0.0;
    for (int t = 0; t < 1200; t++) {
        tick(&f, true);
        if (t < 200) continue;
        for (int a = 0; a + 1 < na; a += 2) {
            double pair = dm_wrap(tetran_angle(f.t, a + 1, 0) - tetran_angle(f.t, a, 0));
            double gap = dm_wrap(tetran_angle(f.t, (a + 2) % na, 0) - tetran_angle(f.t, a + 1, 0));
            ticks++;
            // closed up as documented, and the gap between the pairs wide
            if (fabs(pair - closed) < 1e-6 && fabs(gap - (2.0 * rest - closed)) < 1e-6 && gap > 1.5 * rest) settled++;
        }
        double curl = curl_of(f.t, 0);
        curl_lo = fmin(curl_lo, curl);
        curl_hi = fmax(curl_hi, curl);
    }
    assert_int_equal(settled, ticks);
    assert_true(curl_hi - curl_lo > TETRAN_SWAY_CURL_RAD);   // still swaying
    for (int t = 0; t < TETRAN_STRAIGHT_TICKS; t++) tick(&f, false);
    for (int a = 0; a < na; a++)
        assert_true(fabs(dm_wrap(tetran_angle(f.t, (a + 1) % na, 0) - tetran_angle(f.t, a, 0)) - rest) < 1e-9);
    unmake(&f);
}

// Holding wiggle curls the arms; releasing it eases every joint back until
// the arm is exactly straight again, never overshooting.
static void test_curl_and_straighten(void **state) {
    (void)state;
    TetranConfig cfg = calm();
    Fixture f = make(&cfg, 5);
    for (int t = 0; t < 20; t++) tick(&f, true);
    TetranProbes p = probes(f.t);
    assert_true(p.reach < p.max_reach - 10.0);
    assert_true(p.min_reach < p.max_reach - 10.0);
    assert_true(p.bend > 0.15);
    int n = cfg.arms * cfg.segments;
    double prev[TETRAN_MAX_ARMS * TETRAN_MAX_SEGMENTS];
    int straight_at = -1;
    for (int t = 0; t < 200; t++) {
        memcpy(prev, f.t->turn_rad, (size_t)n * sizeof *prev);
        tick(&f, false);
        assert_true(probes(f.t).wiggle == 0.0);
        bool all_zero = true;
        for (int j = 0; j < n; j++) {
            assert_true(fabs(f.t->turn_rad[j]) <= fabs(prev[j]));         // shrinks
            assert_true(f.t->turn_rad[j] * prev[j] >= 0.0);               // no overshoot
            if (f.t->turn_rad[j] != 0.0) all_zero = false;
        }
        if (all_zero && straight_at < 0) straight_at = t;
    }
    assert_true(straight_at >= 0 && straight_at < TETRAN_STRAIGHT_TICKS);
    p = probes(f.t);
    assert_true(p.reach == p.max_reach);
    unmake(&f);
}

// Hours of mixed wiggle: segment lengths stay exact and angles bounded.
static void test_long_run_lengths_and_bounds(void **state) {
    (void)state;
    TetranConfig cfg = calm();
    cfg.arms = 5;
    cfg.segments = 20;
    cfg.length_px = 13.0;
    Fixture f = make(&cfg, 6);
    Rng r;
    rng_seed(&r, 99);
    bool wig = false;
    double worst = 0.0;
    int ns = cfg.segments, n = cfg.arms * ns;
    for (int t = 0; t < 100000; t++) {
        if (rng_below(&r, 90) == 0) wig = !wig;
        tick(&f, wig);
        if (t % 97 == 0) {
            TetranProbes p = probes(f.t);
            worst = fmax(worst, p.link_error);
            assert_true(p.bend <= TETRAN_BEND_MAX_RAD && p.reach_ratio >= 0.4);
            for (int j = 0; j < n; j++) {
                assert_true(f.t->rad[j] >= -DM_PI && f.t->rad[j] < DM_PI);
                if (j % ns == 0) assert_true(f.t->turn_rad[j] >= -DM_PI && f.t->turn_rad[j] < DM_PI);
                else assert_true(fabs(f.t->turn_rad[j]) <= TETRAN_CURL_MAX_RAD / (ns - 1) + 1e-12);
            }
            for (int a = 0; a < cfg.arms; a++) assert_true(f.t->base_rad[a] >= -DM_PI && f.t->base_rad[a] < DM_PI);
        }
    }
    assert_true(worst < 1e-3);
    assert_true(probes(f.t).link_error < 1e-9);
    unmake(&f);
}

static Bullet player_bullet(Vec2 pos, Vec2 vel) {
    Bullet b;
    memset(&b, 0, sizeof b);
    b.alive = true;
    b.owner = OWNER_PLAYER;
    b.from = WHO_PLAYER;
    b.pos = pos;
    b.vel = vel;
    b.radius = 4.0;
    b.damage = 1;
    b.ttl = 60;
    return b;
}

// Between two arms a shot reaches the core (damage); on an arm it is blocked.
static void test_core_hit_and_arm_block(void **state) {
    (void)state;
    TetranConfig cfg = calm();
    Fixture f = make(&cfg, 7);
    tick(&f, false);
    Tetran *t = f.t;
    double gap = t->base_rad[0] + DM_PI / cfg.arms;           // halfway between arms 0 and 1
    Vec2 dir = v2(dm_cos(gap), dm_sin(gap));
    Vec2 at = v2_add(t->pos, v2_scale(dir, t->cfg.core_px + 2.0));
    Bullet b = player_bullet(at, v2_scale(dir, -8.0));
    events_clear(&f.w->events);
    assert_true(hit(t, f.w, &b));
    assert_int_equal(t->hp, 59);
    assert_true(has_event(f.w, EV_HIT));

    Vec2 on_arm = tetran_joint(t, 0, 6);
    Vec2 along = v2(dm_cos(t->base_rad[0]), dm_sin(t->base_rad[0]));
    b = player_bullet(v2_add(on_arm, v2_scale(v2_perp(along), 3.0)), v2_scale(v2_perp(along), 8.0));
    events_clear(&f.w->events);
    assert_true(hit(t, f.w, &b));
    assert_int_equal(t->hp, 59);
    assert_true(has_event(f.w, EV_BLOCKED));
    assert_false(has_event(f.w, EV_HIT));

    // A fast shot that jumps over an arm within one tick is still blocked.
    b = player_bullet(v2_add(on_arm, v2_scale(v2_perp(along), 20.0)), v2_scale(v2_perp(along), 40.0));
    assert_true(hit(t, f.w, &b));
    assert_int_equal(t->hp, 59);

    // A shot running down an arm into the core meets the arm first.
    Vec2 tip = tetran_joint(t, 0, cfg.segments);
    b = player_bullet(v2_add(t->pos, v2_scale(along, 10.0)), v2_sub(v2_add(t->pos, v2_scale(along, 10.0)),
                                                                   v2_add(tip, v2_scale(along, 5.0))));
    events_clear(&f.w->events);
    assert_true(hit(t, f.w, &b));
    assert_int_equal(t->hp, 59);
    assert_true(has_event(f.w, EV_BLOCKED));

    // Far away: untouched.
    b = player_bullet(v2(20.0, 20.0), v2(8.0, 0.0));
    assert_false(hit(t, f.w, &b));
    unmake(&f);
}

// A shot on an arm kicks it (tetran.flinch above 0.05 within 10 ticks)
// and the kick dies out: under 0.01 within 60 ticks, then every angle and
// joint is bit for bit the twin's that was never hit (wiggling all along,
// so the sway's formula was untouched by the hit).
static void test_flinch_dies_out_exactly(void **state) {
    (void)state;
    TetranConfig cfg = calm();
    Fixture f = make(&cfg, 7), twin = make(&cfg, 7);
    for (int i = 0; i < 30; i++) {
        tick(&f, true);
        tick(&twin, true);
    }
    Tetran *t = f.t;
    Vec2 p0 = tetran_joint(t, 2, 4), p1 = tetran_joint(t, 2, 5);
    Vec2 side = v2_perp(v2_norm(v2_sub(p1, p0)));
    Bullet b = player_bullet(v2_add(v2_lerp(p0, p1, 0.5), v2_scale(side, 2.0)), v2_scale(side, 6.0));
    assert_true(hit(t, f.w, &b));
    assert_true(has_event(f.w, EV_BLOCKED));
    assert_int_equal(t->blocked, 1);
    assert_int_equal(twin.t->blocked, 0);
    double most = 0.0;
    for (int i = 1; i <= 10; i++) {
        tick(&f, true);
        tick(&twin, true);
        most = fmax(most, probes(t).flinch);
    }
    assert_true(most > 0.05);
    for (int i = 11; i <= 60; i++) {
        tick(&f, true);
        tick(&twin, true);
    }
    assert_true(probes(t).flinch < 0.01);
    for (int i = 61; i <= 120; i++) {
        tick(&f, true);
        tick(&twin, true);
    }
    assert_true(probes(t).flinch == 0.0);
    size_t joints = (size_t)cfg.arms * (size_t)cfg.segments;
    assert_memory_equal(t->rad, twin.t->rad, joints * sizeof *t->rad);
    assert_memory_equal(t->turn_rad, twin.t->turn_rad, joints * sizeof *t->turn_rad);
    assert_memory_equal(t->pts, twin.t->pts, (size_t)cfg.arms * (size_t)(cfg.segments + 1) * sizeof *t->pts);
    unmake(&f);
    unmake(&twin);
}

static void hit_core(Fixture *f) {
    Tetran *t = f->t;
    double gap = t->base_rad[0] + DM_PI / t->cfg.arms;
    Vec2 dir = v2(dm_cos(gap), dm_sin(gap));
    Bullet b = player_bullet(v2_add(t->pos, v2_scale(dir, t->cfg.core_px)), v2_scale(dir, -6.0));
    assert_true(hit(t, f->w, &b));
}

// Phases at 75/50/25 % health; the third reverses the spin, the last wiggles
// on its own; at 0 hp the boss goes down and stops blocking the win.
static void test_phases_and_death(void **state) {
    (void)state;
    TetranConfig cfg = calm();
    cfg.hp = 8;
    Fixture f = make(&cfg, 8);
    tick(&f, false);
    assert_true(tetran_blocks_win(f.t));
    events_clear(&f.w->events);
    hit_core(&f);
    assert_int_equal(f.t->phase, 0);
    hit_core(&f);                                  // 6/8 = 75 %
    assert_int_equal(f.t->phase, 1);
    assert_true(has_event(f.w, EV_PHASE));
    hit_core(&f);
    hit_core(&f);                                  // 4/8
    assert_int_equal(f.t->phase, 2);
    for (int t = 0; t < 300; t++) tick(&f, false);
    assert_true(f.t->spin_rad < 0.0);              // reversed
    hit_core(&f);
    hit_core(&f);                                  // 2/8
    assert_int_equal(f.t->phase, 3);
    tick(&f, false);
    assert_true(probes(f.t).wiggle == 1.0);        // wiggles on its own
    hit_core(&f);
    events_clear(&f.w->events);
    hit_core(&f);
    assert_true(has_event(f.w, EV_BOSS_DOWN));
    assert_false(tetran_blocks_win(f.t));
    assert_true(probes(f.t).hp == 0.0);
    Bullet b = player_bullet(f.t->pos, v2(1.0, 0.0));
    assert_false(hit(f.t, f.w, &b)); // dead: shots pass
    assert_false(tetran_touches(f.t, f.t->pos, 10.0));
    for (int t = 0; t < 10; t++) tick(&f, true);
    assert_int_equal(f.t->dead_ticks, 11);
    assert_true(probes(f.t).wiggle == 0.0);
    unmake(&f);
}

static void test_touches(void **state) {
    (void)state;
    TetranConfig cfg = calm();
    Fixture f = make(&cfg, 9);
    tick(&f, false);
    assert_true(tetran_touches(f.t, tetran_joint(f.t, 2, cfg.segments), 1.0));   // a tip
    assert_true(tetran_touches(f.t, f.t->pos, 1.0));                             // the core
    assert_false(tetran_touches(f.t, v2(f.t->pos.x + 400.0, f.t->pos.y), 12.0)); // beyond reach
    unmake(&f);
}

// The boss shoots from its arm tips: aimed shots, then patterns.
static void test_fires_from_tips(void **state) {
    (void)state;
    TetranConfig cfg;
    tetran_config_default(&cfg);
    Fixture f = make(&cfg, 10);
    bool shot = false;
    for (int t = 0; t < 200; t++) {
        tick(&f, false);
        shot |= has_event(f.w, EV_ENEMY_SHOT);
    }
    assert_true(shot);
    assert_true(f.w->bullets.count > 0);
    int i = 0;
    while (i < f.w->bullets.cap && !f.w->bullets.b[i].alive) i++;
    assert_true(i < f.w->bullets.cap);
    const Bullet *b = &f.w->bullets.b[i];
    assert_int_equal(b->owner, OWNER_ENEMY);
    assert_int_equal(b->from, WHO_TETRAN);
    unmake(&f);
}

// Phase 2 fires two spiral streams: each volley two opposite tips shoot
// along their own direction.
static void test_spiral_streams(void **state) {
    (void)state;
    TetranConfig cfg;
    tetran_config_default(&cfg);
    cfg.hp = 8;
    Fixture f = make(&cfg, 13);
    tick(&f, false);
    for (int k = 0; k < 4; k++) hit_core(&f);
    assert_int_equal(f.t->phase, 2);
    int volleys = 0;
    for (int t = 0; t < 60; t++) {
        int before = f.w->bullets.count;
        tick(&f, false);
        for (int i = 0; i < f.w->events.count; i++) {
            const Event *e = &f.w->events.e[i];
            if (e->type != EV_ENEMY_SHOT || e->a != 2) continue;
            Vec2 tip0 = tetran_joint(f.t, 0, cfg.segments);
            if (e->x != tip0.x || e->y != tip0.y) continue;
            assert_true(f.w->bullets.count >= before + 2);
            volleys++;
        }
    }
    assert_true(volleys >= 3);
    unmake(&f);
}

// Same seed, same inputs: same hash; the hash sees the arms move.
// The seed (docs/tetran.md, "The seed"): a player still for
// TETRAN_STILL_TICKS behind a wall no straight shot crosses is marked, the
// core winds up for TETRAN_SEED_WINDUP_TICKS and lobs the seed in an arc
// over the wall; it bursts exactly on the mark into TETRAN_SEED_SPLASH
// shards. A player who keeps moving is never marked.
static void test_seed_over_a_wall(void **state) {
    (void)state;
    TetranConfig cfg;
    tetran_config_default(&cfg);
    Fixture f = make(&cfg, 3);
    World *w = f.w;
    assert_true(tilemap_init(&w->map, 40, 22, 32));
    for (int r = 12; r < 22; r++) tilemap_set(&w->map, 10, r, TILE_SOLID);   // a wall the player hides behind
    for (int c = 0; c < 40; c++) tilemap_set(&w->map, c, 21, TILE_SOLID);
    tilemap_refresh_open(&w->map);
    Vec2 spot = v2(5.5 * 32, 20.5 * 32);
    w->player.pos = spot;
    TileHit th;
    assert_true(tilemap_cast(&w->map, f.t->pos, spot, &th));    // no straight line to him
    int windup_at = -1, launch_at = -1, burst_at = -1;
    for (int k = 1; k <= TETRAN_STILL_TICKS + TETRAN_SEED_WINDUP_TICKS + 200 && burst_at < 0; k++) {
        int flying = f.t->seed.flight;
        tick(&f, false);
        if (windup_at < 0 && f.t->seed.windup > 0) {
            windup_at = k;
            assert_true(has_event(w, EV_LOB_TELL));
            assert_true(f.t->seed.mark.x == spot.x && f.t->seed.mark.y == spot.y);
        }
        if (launch_at < 0 && f.t->seed.count == 1) launch_at = k;
        if (flying > 0 && f.t->seed.flight == 0) burst_at = k;
    }
    assert_int_equal(windup_at, TETRAN_STILL_TICKS + 1);
    assert_int_equal(launch_at, windup_at + TETRAN_SEED_WINDUP_TICKS);
    assert_true(burst_at > launch_at);
    // It came over the wall onto him (bursting as it touched him, not on
    // the rock on the way).
    Vec2 at = f.t->seed.pos;
    assert_true(v2_dist(at, spot) <= TETRAN_SEED_RADIUS_PX + w->player.radius);
    int shards = 0;
    for (int i = bullets_next(&w->bullets, -1); i >= 0; i = bullets_next(&w->bullets, i))
        if (v2_dist(w->bullets.b[i].pos, at) < 1e-9 && w->bullets.b[i].ttl == TETRAN_SEED_SPLASH_TTL) shards++;
    assert_int_equal(shards, TETRAN_SEED_SPLASH);
    // A player who moves a tile and a half every 5 s is never marked.
    for (int k = 0; k < 3 * TETRAN_STILL_TICKS; k++) {
        if (k % 300 == 0) w->player.pos.x += (k / 300) % 2 ? -50.0 : 50.0;
        tick(&f, false);
        assert_true(f.t->seed.still_ticks < TETRAN_STILL_TICKS);
    }
    assert_int_equal(f.t->seed.count, 1);
    tilemap_free(&w->map);
    unmake(&f);
}

static void test_hash(void **state) {
    (void)state;
    TetranConfig cfg = calm();
    Fixture a = make(&cfg, 11), b = make(&cfg, 11);
    Hash ha, hb;
    for (int t = 0; t < 50; t++) {
        tick(&a, t % 7 < 3);
        tick(&b, t % 7 < 3);
    }
    hash_init(&ha);
    hash_init(&hb);
    tetran_hash(a.t, &ha);
    tetran_hash(b.t, &hb);
    assert_true(ha.h == hb.h);
    a.t->turn_rad[7] += 1e-9;
    hash_init(&ha);
    tetran_hash(a.t, &ha);
    assert_true(ha.h != hb.h);
    unmake(&a);
    unmake(&b);
}

// The extremes allocate what they need and no more, and never in a tick.
static void test_extremes_no_alloc_in_step(void **state) {
    (void)state;
    TetranConfig cfg;
    tetran_config_default(&cfg);
    cfg.arms = 64;
    cfg.segments = 64;
    cfg.length_px = 256.0;
    Fixture f = make(&cfg, 12);
    uint64_t before = mem_alloc_count();
    for (int t = 0; t < 300; t++) tick(&f, t % 50 < 20);
    assert_true(mem_alloc_count() == before);
    assert_true(probes(f.t).link_error < 1e-6);
    assert_true(probes(f.t).max_reach == 64 * 256.0);
    unmake(&f);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_config_defaults_and_valid_values),
        cmocka_unit_test(test_config_rejects_bad_values),
        cmocka_unit_test(test_init_rejects_invalid_config),
        cmocka_unit_test(test_advance_without_wiggle),
        cmocka_unit_test(test_advance_with_wiggle),
        cmocka_unit_test(test_sway_bounded_for_every_segment_count),
        cmocka_unit_test(test_pairs_close_up),
        cmocka_unit_test(test_curl_and_straighten),
        cmocka_unit_test(test_long_run_lengths_and_bounds),
        cmocka_unit_test(test_core_hit_and_arm_block),
        cmocka_unit_test(test_flinch_dies_out_exactly),
        cmocka_unit_test(test_phases_and_death),
        cmocka_unit_test(test_touches),
        cmocka_unit_test(test_fires_from_tips),
        cmocka_unit_test(test_spiral_streams),
        cmocka_unit_test(test_seed_over_a_wall),
        cmocka_unit_test(test_hash),
        cmocka_unit_test(test_extremes_no_alloc_in_step),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
