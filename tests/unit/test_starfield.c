// test_starfield.c -- stars parted by pushers: exactly 2 px away inside the
// radius, 5% home per tick outside, inactive once home; the origin grid
// finds exactly what a brute-force scan finds; displaced falls back to 0.
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "core/mem.h"
#include "harness/bench.h"
#include "sim/background/starfield.h"
#include "sim/world.h"

static double off(const Star *s) { return hypot((double)s->x - s->ox, (double)s->y - s->oy); }

static void test_inside_moves_exactly_2px_away(void **state) {
    (void)state;
    Starfield sf;
    Rng rng;
    rng_seed(&rng, 11);
    assert_true(starfield_init(&sf, 1, 1000, 800, &rng));
    Star *s = &sf.s[0];
    StarPusher p = {s->ox - 30.0, s->oy + 40.0, 90.0};   // 50 px away, inside
    double d0 = hypot(s->x - p.x, s->y - p.y);
    double ux = (s->x - p.x) / d0, uy = (s->y - p.y) / d0;
    double x0 = s->x, y0 = s->y;
    starfield_step(&sf, &p, 1);
    assert_true(fabs(hypot(s->x - p.x, s->y - p.y) - (d0 + 2.0)) < 1e-3);
    assert_true(fabs((s->x - x0) - 2.0 * ux) < 1e-3 && fabs((s->y - y0) - 2.0 * uy) < 1e-3);
    assert_int_equal(sf.active_n, 1);
    assert_int_equal(sf.displaced, 1);
    // Still inside: 2 px more, along the same line.
    starfield_step(&sf, &p, 1);
    assert_true(fabs(hypot(s->x - p.x, s->y - p.y) - (d0 + 4.0)) < 1e-3);
    starfield_free(&sf);
}

static void test_outside_returns_geometrically_then_rests(void **state) {
    (void)state;
    Starfield sf;
    Rng rng;
    rng_seed(&rng, 12);
    assert_true(starfield_init(&sf, 1, 1000, 800, &rng));
    Star *s = &sf.s[0];
    StarPusher p = {s->ox - 10.0, s->oy, 90.0};
    for (int t = 0; t < 30; t++) starfield_step(&sf, &p, 1);     // pushed ~60 px east
    assert_true(off(s) > 59.0);
    double prev = off(s);
    int ticks = 0;
    while (sf.active_n > 0 && ticks < 1000) {
        starfield_step(&sf, NULL, 0);
        ticks++;
        if (sf.active_n == 0) break;
        double now = off(s);
        assert_true(fabs(now - 0.95 * prev) < 1e-3);                // 5% of what is left
        assert_int_equal(sf.displaced, now > 0.5 ? 1 : 0);
        prev = now;
    }
    // From ~60 px to the 0.1 px snap: log(600)/-log(0.95) ~ 125 ticks.
    assert_true(ticks > 100 && ticks < 140);
    assert_int_equal(sf.active_n, 0);
    assert_int_equal(sf.displaced, 0);
    assert_true(s->x == s->ox && s->y == s->oy && !s->active);
    starfield_free(&sf);
}

static int cmp_u32(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

static void test_grid_matches_brute_force(void **state) {
    (void)state;
    Starfield sf;
    Rng rng;
    rng_seed(&rng, 13);
    const uint32_t n = 30000;
    assert_true(starfield_init(&sf, n, 5000, 3000, &rng));
    uint32_t *got = malloc(n * sizeof *got), *want = malloc(n * sizeof *want);
    assert_non_null(got);
    assert_non_null(want);
    Rng q;
    rng_seed(&q, 14);
    for (int k = 0; k < 400; k++) {
        double x = rng_range(&q, -300, 5300);
        double y = rng_range(&q, -300, 3300);
        double r = rng_range(&q, 1, 400);
        uint32_t m = 0;
        for (uint32_t i = 0; i < n; i++) {
            double dx = sf.s[i].ox - x, dy = sf.s[i].oy - y;
            if (dx * dx + dy * dy < r * r) want[m++] = i;
        }
        uint32_t g = starfield_query(&sf, x, y, r, got, n);
        assert_int_equal(g, m);
        qsort(got, g, sizeof *got, cmp_u32);
        assert_memory_equal(got, want, m * sizeof *got);
    }
    free(got);
    free(want);
    starfield_free(&sf);
}

// Activation goes through the grid; the stars the tick moves must be exactly
// the stars a brute-force scan says are within a pusher's radius.
static void test_tick_wakes_exactly_the_stars_in_reach(void **state) {
    (void)state;
    Starfield sf;
    Rng rng;
    rng_seed(&rng, 15);
    const uint32_t n = 20000;
    assert_true(starfield_init(&sf, n, 3000, 2000, &rng));
    StarPusher p[3] = {{500, 500, 90}, {560, 520, 90}, {2990, 1990, 120}};
    starfield_step(&sf, p, 3);
    uint32_t moved = 0, reach = 0;
    for (uint32_t i = 0; i < n; i++) {
        const Star *s = &sf.s[i];
        int in = 0;
        for (int k = 0; k < 3; k++) {
            double dx = s->ox - p[k].x, dy = s->oy - p[k].y;
            in |= dx * dx + dy * dy < p[k].r * p[k].r;
        }
        reach += in;
        moved += s->x != s->ox || s->y != s->oy;
        assert_int_equal(in, s->active);
    }
    assert_true(reach > 10);
    assert_int_equal(moved, reach);
    assert_int_equal(sf.active_n, reach);
    starfield_free(&sf);
}

// Chains of pushers moving like whales' bodies: `chains` of 9 discs 26 px
// apart, each chain's head drifting on its own curve (tick t).
static int chain_pushers(StarPusher *p, int chains, int t, double w, double h) {
    int n = 0;
    for (int c = 0; c < chains; c++) {
        double a = 0.011 * t + 1.3 * c, hx = w * (0.5 + 0.35 * cos(a + c)), hy = h * (0.5 + 0.35 * sin(1.7 * a));
        for (int k = 0; k < 9; k++, n++) {
            double back = a + 0.3 * sin(0.05 * t + k);
            p[n] = (StarPusher){hx - 26.0 * k * cos(back), hy - 26.0 * k * sin(back), c % 2 ? 90.0 : 64.0};
        }
    }
    return n;
}

// The write-up's starfield (harness/bench.c: every star against every
// pusher, with a sqrt) and ours agree on every star after every tick: one
// whale among few stars (every pusher tested), among many (the pushers'
// cell masks), and eight whales (72 pushers: every pusher tested).
static void test_same_as_the_naive_starfield(void **state) {
    (void)state;
    const struct { uint32_t stars; int chains, ticks; } cases[] = {{3000, 1, 400}, {120000, 1, 120}, {30000, 8, 60}};
    for (int c = 0; c < 3; c++) {
        Starfield sf;
        Rng rng;
        rng_seed(&rng, 21 + (uint64_t)c);
        const double W = 2400, H = 1500;
        assert_true(starfield_init(&sf, cases[c].stars, W, H, &rng));
        Star *copy = mem_alloc(sf.count, sizeof *copy);
        assert_non_null(copy);
        memcpy(copy, sf.s, sf.count * sizeof *copy);
        StarPusher p[72];
        uint32_t most = 0;
        for (int t = 0; t < cases[c].ticks + 100; t++) {
            int n = t < cases[c].ticks ? chain_pushers(p, cases[c].chains, t, W, H) : 0;   // then all go home
            starfield_step(&sf, p, n);
            bench_naive_stars(copy, sf.count, p, n);
            for (uint32_t i = 0; i < sf.count; i++)
                if (copy[i].x != sf.s[i].x || copy[i].y != sf.s[i].y)
                    fail_msg("case %d tick %d star %u: naive %.9g %.9g, ours %.9g %.9g", c, t, i, copy[i].x,
                             copy[i].y, sf.s[i].x, sf.s[i].y);
            if (sf.active_n > most) most = sf.active_n;
            for (int k = 0; t % 50 == 0 && k < sf.gw * sf.gh; k++) {   // each cell's resting count is true
                uint32_t resting = 0;
                for (uint32_t i = sf.start[k]; i < sf.start[k + 1]; i++) resting += !sf.s[i].active;
                assert_int_equal(sf.resting[k], resting);
            }
        }
        assert_true(most > (c == 0 ? 50u : 2048u));
        mem_free(copy);
        starfield_free(&sf);
    }
}

// The active stars' tick on every back end of core/lanes.h this build can
// run (SSE2 and AVX2 here, NEON or SIMD128 elsewhere) gives the scalar back
// end's bits: every star, the active list in order and the counts, after
// every tick. A whale roaming over few stars (no cell masks), pushers
// sitting exactly on stars (the dead-centre case), a whale among many
// stars (more than 2048 active: the pushers' cell masks), then everything
// easing and snapping home; active counts not a multiple of four (the
// short last quad) on the way.
static void test_vector_path_same_as_scalar(void **state) {
    (void)state;
    for (int kind = 1; kind < LANES_KINDS; kind++) {
        if (!lanes_can_run((LanesKind)kind)) continue;
        for (int c = 0; c < 3; c++) {
            Starfield a, b;
            Rng ra, rb;
            rng_seed(&ra, 77 + (uint64_t)c);
            rng_seed(&rb, 77 + (uint64_t)c);
            const double W = 2000, H = 1200;
            uint32_t stars = c == 2 ? 60000 : 1500, most = 0;
            assert_true(starfield_init(&a, stars, W, H, &ra));
            assert_true(starfield_init(&b, stars, W, H, &rb));
            StarPusher p[72];
            for (int t = 0; t < 500; t++) {
                int n = 0;
                if (t < 380 && c != 1) n = chain_pushers(p, 1, t, W, H);
                if (t < 380 && c == 1)
                    for (int k = 0; k < 9; k++, n++)   // on star origins: some star sits at a centre
                        p[n] = (StarPusher){a.s[(k * 131 + t) % a.count].ox, a.s[(k * 131 + t) % a.count].oy, 40.0};
                starfield_step_on(&a, p, n, (LanesKind)kind);
                starfield_step_scalar(&b, p, n);
                assert_int_equal(a.active_n, b.active_n);
                if (a.active_n > most) most = a.active_n;
                assert_int_equal(a.displaced, b.displaced);
                assert_true(a.pushed == b.pushed);
                for (uint32_t k = 0; k < a.active_n; k++) assert_int_equal(a.active[k], b.active[k]);
                for (uint32_t i = 0; i < a.count; i++)
                    if (a.s[i].x != b.s[i].x || a.s[i].y != b.s[i].y || a.s[i].active != b.s[i].active)
                        fail_msg("%s case %d tick %d star %u: %.9g %.9g, scalar %.9g %.9g",
                                 lanes_name((LanesKind)kind), c, t, i, a.s[i].x, a.s[i].y, b.s[i].x, b.s[i].y);
            }
            assert_true(a.pushed > 1000);
            assert_int_equal(a.active_n, 0);
            assert_true(c == 2 ? most > 2048 : most < 2048);
            starfield_free(&a);
            starfield_free(&b);
        }
    }
}

// One tick of the whale and the stars it parts, as world_step runs them.
static void whale_tick(World *w) {
    TickCtx ctx = world_tick_ctx(w);
    whale_step(&w->whales[0], &ctx);
    StarPusher p[WHALE_PUSHERS];
    starfield_step(&w->stars, p, whale_pushers(&w->whales[0], p, WHALE_PUSHERS));
}

static void test_displaced_falls_to_zero_after_whale_dies(void **state) {
    (void)state;
    World *w = mem_alloc(1, sizeof *w);
    assert_non_null(w);
    assert_true(tilemap_init(&w->map, 40, 25, 32));
    rng_seed(&w->rng, 21);
    WhaleConfig cfg;
    whale_config_default(&cfg);
    w->whales = mem_alloc(1, sizeof *w->whales);
    assert_non_null(w->whales);
    assert_true(whale_init(&w->whales[0], &cfg, v2(640, 400), &w->rng));
    w->whale_count = 1;
    assert_true(starfield_init(&w->stars, 3000, 1280, 800, &w->rng));
    uint32_t most = 0;
    for (int t = 0; t < 600; t++) {
        whale_tick(w);
        if (w->stars.displaced > most) most = w->stars.displaced;
    }
    assert_true(most > 50);
    assert_true(w->stars.active_n > 0);
    w->whales[0].alive = false;                     // killed: it stops pushing
    for (int t = 0; t < 400; t++) whale_tick(w);
    assert_int_equal(w->stars.displaced, 0);
    assert_int_equal(w->stars.active_n, 0);
    for (uint32_t i = 0; i < w->stars.count; i++)
        assert_true(w->stars.s[i].x == w->stars.s[i].ox && w->stars.s[i].y == w->stars.s[i].oy);
    StarfieldProbes pr;
    starfield_probes(&w->stars, &pr);
    assert_true(pr.count == 3000 && pr.displaced == 0);
    starfield_free(&w->stars);
    mem_free(w->whales);
    tilemap_free(&w->map);
    mem_free(w);
}

// push=head: only stars near the head move; push=body: the tail parts them too.
static void test_body_pushes_not_only_head(void **state) {
    (void)state;
    for (int head_only = 0; head_only <= 1; head_only++) {
        Starfield sf;
        Rng rng;
        rng_seed(&rng, 31);
        assert_true(starfield_init(&sf, 40000, 2000, 2000, &rng));
        WhaleConfig cfg;
        whale_config_default(&cfg);
        cfg.push_head = head_only;
        cfg.shield_px = 30;
        Whale c;
        assert_true(whale_init(&c, &cfg, v2(1000, 1000), &rng));
        StarPusher p[WHALE_PUSHERS];
        int n = whale_pushers(&c, p, WHALE_PUSHERS);
        starfield_step(&sf, p, n);
        int near_tail = 0;
        for (uint32_t i = 0; i < sf.count; i++)
            if (sf.s[i].active && hypot(sf.s[i].ox - c.seg[7].x, sf.s[i].oy - c.seg[7].y) < 10) near_tail++;
        if (head_only) assert_int_equal(near_tail, 0);
        else assert_true(near_tail > 0);
        starfield_free(&sf);
    }
}

static void test_same_seed_same_stars_and_hash(void **state) {
    (void)state;
    Starfield a, b;
    Rng ra, rb;
    rng_seed(&ra, 40);
    rng_seed(&rb, 40);
    assert_true(starfield_init(&a, 5000, 1500, 900, &ra));
    assert_true(starfield_init(&b, 5000, 1500, 900, &rb));
    StarPusher p = {700, 450, 90};
    Hash ha, hb;
    for (int t = 0; t < 50; t++) {
        p.x += 3;
        starfield_step(&a, &p, 1);
        starfield_step(&b, &p, 1);
    }
    hash_init(&ha);
    hash_init(&hb);
    starfield_hash(&a, &ha);
    starfield_hash(&b, &hb);
    assert_true(ha.h == hb.h);
    // Moving one active star changes the hash.
    a.s[a.active[0]].x += 1.0f;
    hash_init(&ha);
    starfield_hash(&a, &ha);
    assert_true(ha.h != hb.h);
    for (uint32_t i = 0; i < a.count; i++) assert_true(a.s[i].size >= 1 && a.s[i].size <= 3);
    starfield_free(&a);
    starfield_free(&b);
}

static void test_empty_field(void **state) {
    (void)state;
    Starfield sf;
    Rng rng;
    rng_seed(&rng, 1);
    assert_true(starfield_init(&sf, 0, 1000, 1000, &rng));
    StarPusher p = {10, 10, 90};
    starfield_step(&sf, &p, 1);
    assert_int_equal(sf.displaced, 0);
    uint32_t out[4];
    assert_int_equal(starfield_query(&sf, 10, 10, 50, out, 4), 0);
    starfield_free(&sf);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_inside_moves_exactly_2px_away),
        cmocka_unit_test(test_outside_returns_geometrically_then_rests),
        cmocka_unit_test(test_grid_matches_brute_force),
        cmocka_unit_test(test_tick_wakes_exactly_the_stars_in_reach),
        cmocka_unit_test(test_same_as_the_naive_starfield),
        cmocka_unit_test(test_vector_path_same_as_scalar),
        cmocka_unit_test(test_displaced_falls_to_zero_after_whale_dies),
        cmocka_unit_test(test_body_pushes_not_only_head),
        cmocka_unit_test(test_same_seed_same_stars_and_hash),
        cmocka_unit_test(test_empty_field),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
