// test_legs.c -- the spider legs on hand-built maps: two-bone IK (exact,
// stretched, folded, both bend sides, zero-length), the arc foothold search
// (flat wall, 45-degree slope, inner corner, nothing in reach), the gait
// (partner forced, other group blocked, no gallop, never four feet lifted),
// grow/retract, planted feet that never slide, and the .leg profile parser.
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "fixtures.h"

#include "harness/profiles.h"
#include "harness/session.h"
#include "sim/player/legs.h"

#define EPS 1e-9

static void shipped(LegProfile prof[LEGS_COUNT]) { fixture_profiles(prof); }

static void legs_ready(Legs *L) {
    legs_init(L);
    shipped(L->prof);
}

static LegProfile shipped_one(int i) {
    LegProfile prof[LEGS_COUNT];
    shipped(prof);
    return prof[i];
}

static void map_from(Tilemap *m, const char *const *rows, int nrows) { fixture_map(m, rows, nrows, 32, NULL, NULL); }

// ------------------------------------------------------------------ IK

static void test_ik_reachable_exact(void **state) {
    (void)state;
    Vec2 root = v2(10, 20), target = v2(40, 35), knee, end;
    assert_true(leg_ik(root, target, 20, 22, 1, v2(0, 1), &knee, &end));
    assert_true(end.x == target.x && end.y == target.y);
    assert_true(fabs(v2_dist(root, knee) - 20) < EPS);
    assert_true(fabs(v2_dist(knee, end) - 22) < EPS);
}

static void test_ik_unreachable_stretches_toward_target(void **state) {
    (void)state;
    Vec2 root = v2(0, 0), knee, end;
    assert_false(leg_ik(root, v2(60, 80), 20, 22, 1, v2(0, 1), &knee, &end));
    assert_true(fabs(end.x - 42 * 0.6) < EPS && fabs(end.y - 42 * 0.8) < EPS);
    assert_true(fabs(knee.x - 20 * 0.6) < EPS && fabs(knee.y - 20 * 0.8) < EPS);
    // Too close to reach (|l1 - l2| = 2): folds as far as it can, same direction.
    assert_false(leg_ik(root, v2(0, 1), 20, 22, 1, v2(0, 1), &knee, &end));
    assert_true(fabs(end.x) < EPS && fabs(end.y - 2) < EPS);
    assert_true(fabs(v2_dist(knee, end) - 22) < EPS);
}

static void test_ik_bend_side_kept(void **state) {
    (void)state;
    Vec2 root = v2(0, 0), knee, end;
    Vec2 targets[3] = {v2(30, 5), v2(-10, 25), v2(3, -33)};
    for (int k = 0; k < 3; k++) {
        Vec2 u = v2_norm(targets[k]);
        assert_true(leg_ik(root, targets[k], 20, 22, 1, v2(0, 1), &knee, &end));
        assert_true(v2_dot(knee, v2_perp(u)) > 1.0);
        assert_true(leg_ik(root, targets[k], 20, 22, -1, v2(0, 1), &knee, &end));
        assert_true(v2_dot(knee, v2_perp(u)) < -1.0);
    }
}

static void test_ik_zero_length_target(void **state) {
    (void)state;
    Vec2 root = v2(5, 5), knee, end;
    // Equal bones fold exactly onto the root.
    assert_true(leg_ik(root, root, 20, 20, 1, v2(0, 1), &knee, &end));
    assert_true(end.x == 5 && end.y == 5);
    assert_true(fabs(v2_dist(root, knee) - 20) < EPS);
    // Unequal bones: as close as possible, along the fallback direction.
    assert_false(leg_ik(root, root, 20, 22, 1, v2(0, 3), &knee, &end));
    assert_true(fabs(end.x - 5) < EPS && fabs(end.y - 7) < EPS);
    assert_false(isnan(knee.x) || isnan(knee.y));
    // Zero-length fallback too: still finite.
    leg_ik(root, root, 20, 22, -1, v2(0, 0), &knee, &end);
    assert_false(isnan(knee.x) || isnan(end.x));
}

// ------------------------------------------------------------- arc search

static const char *const WALL_MAP[] = {
    "##########",
    "#.....####",
    "#.....####",
    "#.....####",
    "#.....####",
    "#.....####",
    "##########",
};

static void test_arc_flat_wall(void **state) {
    (void)state;
    Tilemap m;
    map_from(&m, WALL_MAP, 7);
    // Wall face at x = 192, root 22 px left of it; the wall's normal is -x.
    Vec2 root = v2(170, 100), hit;
    assert_true(leg_arc_cast(&m, root, v2(-1, 0), 1, 27, 15, NULL, &hit));
    assert_true(fabs(hit.x - 192) < 1e-6);
    assert_true(hit.y < root.y);   // front leg (+t is up here)
    double d = v2_dist(hit, root);
    assert_true(d <= 27 + 1e-6 && d >= 27 * cos(7.5 * M_PI / 180) - 1e-6);
    // A back leg sweeps the other way and lands below.
    assert_true(leg_arc_cast(&m, root, v2(-1, 0), -1, 27, 15, NULL, &hit));
    assert_true(fabs(hit.x - 192) < 1e-6 && hit.y > root.y);
    tilemap_free(&m);
}

static const char *const SLOPE_MAP[] = {
    "##########",
    "#........#",
    "#........#",
    "#.......J#",
    "#......J##",
    "#.....J###",
    "#....J####",
    "##########",
};

static void test_arc_slope_45(void **state) {
    (void)state;
    Tilemap m;
    map_from(&m, SLOPE_MAP, 8);
    // The slope surface: x + y = 384 (from (160,224) to (288,96)); normal (-1,-1)/sqrt2.
    Vec2 n = v2_norm(v2(-1, -1));
    Vec2 root = v2_add(v2(208, 176), v2_scale(n, 18));
    for (int side = -1; side <= 1; side += 2) {
        Vec2 hit;
        assert_true(leg_arc_cast(&m, root, n, side, 27, 12, NULL, &hit));
        assert_true(fabs(hit.x + hit.y - 384) < 1e-6);
        double d = v2_dist(hit, root);
        assert_true(d <= 27 + 1e-6 && d >= 27 * cos(6 * M_PI / 180) - 1e-6);
        assert_true(v2_dot(v2_sub(hit, root), v2_perp(n)) * side > 0);
    }
    tilemap_free(&m);
}

static void test_arc_inner_corner(void **state) {
    (void)state;
    Tilemap m;
    map_from(&m, WALL_MAP, 7);
    // Just under the ceiling (y = 32) on the wall (x = 192): the front leg,
    // sweeping up from the wall's normal, finds the ceiling first.
    Vec2 root = v2(176, 48), hit;
    assert_true(leg_arc_cast(&m, root, v2(-1, 0), 1, 27, 15, NULL, &hit));
    assert_true(fabs(hit.y - 32) < 1e-6 && hit.x < 192);
    tilemap_free(&m);
}

static void test_arc_no_hit_uses_default(void **state) {
    (void)state;
    Tilemap m;
    map_from(&m, WALL_MAP, 7);
    Vec2 hit = v2(-1, -1);
    assert_false(leg_arc_cast(&m, v2(100, 100), v2(-1, 0), 1, 27, 15, NULL, &hit));
    assert_true(hit.x == -1 && hit.y == -1);
    // In legs_step a leg with nothing in reach dangles at its default spot.
    Legs L;
    legs_ready(&L);
    LegsBody b = {.pos = v2(100, 100), .normal = v2(-1, 0), .attached = true, .radius = 12, .facing = 1};
    for (int k = 0; k < 30; k++) legs_step(&L, &m, &b, NULL);
    for (int i = 0; i < LEGS_COUNT; i++) {
        assert_int_equal(L.leg[i].mode, LEG_DANGLING);
        const LegProfile *p = &L.prof[i];
        Vec2 want = v2_add(L.leg[i].root, v2_add(v2_scale(v2(0, -1), leg_side(i) * p->default_px.x),
                                                  v2_scale(v2(1, 0), p->default_px.y)));
        assert_true(v2_dist(L.leg[i].target, want) < 1e-9);
    }
    assert_int_equal(L.planted, 0);
    tilemap_free(&m);
}

// ------------------------------------------------------------------ gait

static const char *const TALL_WALL[] = {
    "##########",
    "#.....####", "#.....####", "#.....####", "#.....####", "#.....####",
    "#.....####", "#.....####", "#.....####", "#.....####", "#.....####",
    "#.....####", "#.....####", "#.....####", "#.....####", "#.....####",
    "##########",
};

// Body on the wall at x = 192 - 12, grown and settled.
static void settle(Legs *L, const Tilemap *m, LegsBody *b) {
    legs_ready(L);
    *b = (LegsBody){.pos = v2(180, 300), .normal = v2(-1, 0), .attached = true, .radius = 12, .facing = -1};
    for (int k = 0; k < 40; k++) legs_step(L, m, b, NULL);
    assert_int_equal(L->planted, 4);
    assert_int_equal(L->stepping, 0);
    // Front legs stand ahead (up the wall: +t), back legs behind, all on
    // the wall's face, the knees away from it.
    for (int i = 0; i < LEGS_COUNT; i++) {
        const Leg *g = &L->leg[i];
        assert_true((g->foot.y - g->root.y) * -leg_side(i) > 5.0);
        assert_true(fabs(g->foot.x - 192.0) < 1e-9);
        assert_true(g->knee.x < g->root.x);
    }
}

static int partner_of(const Legs *L, int i) {
    for (int j = 0; j < LEGS_COUNT; j++)
        if (j != i && L->prof[j].group == L->prof[i].group) return j;
    return -1;
}

static void test_gait_partner_forced_other_blocked(void **state) {
    (void)state;
    Tilemap m;
    map_from(&m, TALL_WALL, 17);
    Legs L;
    LegsBody b;
    settle(&L, &m, &b);
    // Leg 0's foot leaves its ring: its partner steps with it, nobody else.
    L.leg[0].target = v2_add(L.leg[0].root, v2(0, 60));   // out of every ring
    legs_step(&L, &m, &b, NULL);
    int p0 = partner_of(&L, 0);
    assert_true(p0 >= 0 && leg_side(p0) != leg_side(0) && (p0 == LEG_BACK_RIGHT || p0 == LEG_FRONT_RIGHT));
    assert_int_equal(L.leg[0].mode, LEG_STEPPING);
    assert_int_equal(L.leg[p0].mode, LEG_STEPPING);
    assert_int_equal(L.stepping, 2);
    assert_int_equal(L.groups_stepping, 1);
    // Now a leg of the other group must step too: it waits for the landing.
    int o = -1;
    for (int i = 0; i < LEGS_COUNT; i++)
        if (i != 0 && i != p0) o = i;
    Vec2 out = v2_add(L.leg[o].root, v2(0, -60));
    L.leg[o].target = out;
    int waited = 0;
    while (L.leg[0].mode == LEG_STEPPING || L.leg[p0].mode == LEG_STEPPING) {
        assert_int_equal(L.leg[o].mode, LEG_PLANTED);
        assert_true(v2_dist(L.leg[o].target, out) == 0.0);
        legs_step(&L, &m, &b, NULL);
        assert_true(L.groups_stepping <= 1);
        waited++;
        assert_true(waited < 100);
    }
    assert_true(waited >= 3);
    // Landed this tick; the waiting group goes now (same tick or the next).
    if (L.leg[o].mode != LEG_STEPPING) legs_step(&L, &m, &b, NULL);
    assert_int_equal(L.leg[o].mode, LEG_STEPPING);
    assert_int_equal(L.leg[partner_of(&L, o)].mode, LEG_STEPPING);
    tilemap_free(&m);
}

// Climbs the wall up and down; the gait rules hold every tick and the
// planted feet never move.
static void test_gait_climb_invariants(void **state) {
    (void)state;
    Tilemap m;
    map_from(&m, TALL_WALL, 17);
    Legs L;
    LegsBody b;
    settle(&L, &m, &b);
    int steps_started = 0, landed = 0;
    Events ev;
    for (int k = 0; k < 600; k++) {
        double v = (k / 100) % 2 == 0 ? -2.0 : 2.0;    // up 200 px, down 200 px, ...
        b.vel = v2(0, v);
        b.pos.y += v;
        events_clear(&ev);
        legs_step(&L, &m, &b, &ev);
        for (int e = 0; e < ev.count; e++) landed += ev.e[e].type == EV_STEP_LANDED;
        for (int i = 0; i < LEGS_COUNT; i++) steps_started += L.leg[i].mode == LEG_STEPPING && L.leg[i].step_tick == 0;
        assert_true(L.groups_stepping <= 1);
        assert_true(L.stepping <= 2);
        assert_true(L.planted >= 2);                               // never four feet up
        assert_false(L.leg[LEG_FRONT_LEFT].mode == LEG_STEPPING && L.leg[LEG_BACK_LEFT].mode == LEG_STEPPING);
        assert_false(L.leg[LEG_FRONT_RIGHT].mode == LEG_STEPPING && L.leg[LEG_BACK_RIGHT].mode == LEG_STEPPING);
        assert_true(L.foot_slip <= 0.01);
        for (int i = 0; i < LEGS_COUNT; i++) assert_int_not_equal(L.leg[i].mode, LEG_DANGLING);
    }
    assert_true(steps_started > 100);
    assert_true(landed > 100);
    tilemap_free(&m);
}

// Grows over several ticks and plants when fully out; off the wall it folds
// away over exactly as many ticks (each leg: retract_ticks = grow_ticks),
// through at least four values between out and in each way, steadily.
static void test_grow_and_retract(void **state) {
    (void)state;
    Tilemap m;
    map_from(&m, TALL_WALL, 17);
    Legs L;
    legs_ready(&L);
    LegsProbes pr;
    legs_probes(&L, &pr);
    assert_true(pr.legs == 0 && pr.extension == 0);
    LegsBody b = {.pos = v2(180, 300), .normal = v2(-1, 0), .attached = true, .radius = 12, .facing = 1};
    for (int i = 0; i < LEGS_COUNT; i++) assert_int_equal(L.prof[i].retract_ticks, L.prof[i].grow_ticks);
    int grow_ticks[LEGS_COUNT] = {0}, retract_ticks[LEGS_COUNT] = {0}, grow_values = 0, retract_values = 0;
    double last = 0.0;
    for (int k = 0; k < 40; k++) {
        legs_step(&L, &m, &b, NULL);
        legs_probes(&L, &pr);
        assert_true(pr.legs == 4);
        assert_true(pr.extension >= last);
        if (pr.extension > 0.0 && pr.extension < 1.0 && pr.extension > last) grow_values++;
        last = pr.extension;
        for (int i = 0; i < LEGS_COUNT; i++) grow_ticks[i] += L.leg[i].grow < 1.0;
        if (k == 0) assert_true(pr.planted == 0);
    }
    assert_true(pr.extension == 1.0 && pr.planted == 4);
    // Off the wall: folds away (the feet first, then the bones).
    b.attached = false;
    b.normal = v2(0, -1);
    for (int k = 0; k < 40; k++) {
        legs_step(&L, &m, &b, NULL);
        legs_probes(&L, &pr);
        assert_true(pr.planted == 0 && pr.stepping == 0);
        assert_true(pr.extension <= last);
        if (pr.extension > 0.0 && pr.extension < 1.0 && pr.extension < last) retract_values++;
        last = pr.extension;
        for (int i = 0; i < LEGS_COUNT; i++) retract_ticks[i] += L.leg[i].grow > 0.0;
        for (int i = 0; i < LEGS_COUNT; i++) {
            const Leg *g = &L.leg[i];
            double e = leg_extension(g->grow) * L.scale;
            assert_true(v2_dist(g->foot, g->root) <= (L.prof[i].upper_px + L.prof[i].lower_px) * e + 1e-9);
        }
    }
    assert_true(pr.legs == 0 && pr.extension == 0);
    for (int i = 0; i < LEGS_COUNT; i++) assert_int_equal(retract_ticks[i], grow_ticks[i]);
    assert_true(grow_values >= 4 && retract_values >= 4);
    // The curves: the bones ease out, the target follows (smoothstep).
    assert_true(leg_extension(0.5) == 0.75 && leg_reach(0.5) == 0.5);
    assert_true(leg_extension(0) == 0 && leg_extension(1) == 1 && leg_reach(0) == 0 && leg_reach(1) == 1);
    for (double g = 0.05; g < 1.0; g += 0.05) assert_true(leg_reach(g) < leg_extension(g));
    tilemap_free(&m);
}

// --------------------------------------------------------- knees and rock

static const char *const ROOF_MAP[] = {
    "##########",
    "#........#",
    "#........#",
    "#........#",
    "##########",
};

static void test_bone_cuts(void **state) {
    (void)state;
    Tilemap m;
    map_from(&m, ROOF_MAP, 5);
    // The roof's underside is y = 32.
    assert_true(leg_bone_cuts(&m, v2(100, 40), v2(100, 10), 0.0));
    assert_false(leg_bone_cuts(&m, v2(100, 40), v2(120, 40), 0.0));
    // A shin ending on the surface (its foot) does not cut it; the trim
    // leaves its last px out.
    assert_true(leg_bone_cuts(&m, v2(100, 50), v2(100, 31), 0.0));
    assert_false(leg_bone_cuts(&m, v2(100, 50), v2(100, 32), 1.0));
    assert_false(leg_bone_cuts(&m, v2(100, 50), v2(100, 50.5), 1.0));
    tilemap_free(&m);
}

// leg_knee: the knee away from the surface, capped, and never through rock.
static void test_knee_away_capped_clear(void **state) {
    (void)state;
    Tilemap m;
    map_from(&m, WALL_MAP, 7);
    // A right wall at x = 192 (n = -x); body 12 px off it, the root 7 px
    // toward it, the foot 12 px up the wall (a folded leg).
    Vec2 body = v2(180, 100), root = v2(187, 96), target = v2(192, 84), n = v2(-1, 0), knee, end;
    LegBones bones = {20, 22, 1.0, body, 0.75 * 12, 0.4 * 12, 12, v2(0, 0), 0};
    bool cut = true;
    int bend = leg_knee(&m, root, target, &bones, n, 0, 1, n, &knee, &end, &cut);
    assert_false(cut);
    assert_true(end.x == target.x && end.y == target.y);   // the foot is exact
    assert_true(knee.x < root.x);                          // away from the wall
    Vec2 full, e2;
    leg_ik(root, target, 20, 22, bend, n, &full, &e2);
    double h_full = v2_dot(v2_sub(full, body), n), h = v2_dot(v2_sub(knee, body), n);
    assert_true(h_full > 9.0);                             // uncapped it would stick out ...
    assert_true(h <= 9.0 && h > 4.8);                      // ... capped it stays within 0.75 r
    assert_true(v2_dist(knee, root) < 20.0);               // turned toward the viewer, the foot kept
    // No cap: the knee is the IK's.
    LegBones plain = bones;
    plain.cap = 0;
    leg_knee(&m, root, target, &plain, n, 0, 1, n, &knee, &end, &cut);
    assert_true(v2_dist(knee, full) < 1e-12);
    // Within LEGS_KNEE_KEEP_PX of each other the side of last tick stays:
    // a foot right under the root (both knees equally high).
    Vec2 under = v2(192, 96);
    assert_int_equal(leg_knee(&m, root, under, &plain, n, 1, -1, n, &knee, &end, &cut), 1);
    assert_int_equal(leg_knee(&m, root, under, &plain, n, -1, 1, n, &knee, &end, &cut), -1);
    tilemap_free(&m);

    // Under a roof (the underside at y = 32), a leg along the floor-like
    // frame n = -y would bend its knee up into the rock: it takes the other.
    map_from(&m, ROOF_MAP, 5);
    root = v2(100, 40);
    target = v2(136, 40);
    LegBones b2 = {20, 22, 1.0, v2(100, 60), 0, 0, 0, v2(0, 0), 0};
    bend = leg_knee(&m, root, target, &b2, v2(0, -1), 0, 1, v2(0, -1), &knee, &end, &cut);
    assert_false(cut);
    assert_true(knee.y > 40.0);                            // below the line, clear of the roof
    assert_false(leg_bone_cuts(&m, root, knee, 0.0) || leg_bone_cuts(&m, knee, end, 1.0));
    tilemap_free(&m);
    // In a slot 32 px high both knees of a leg this folded hit the rock:
    // cut is reported (a planted foot then steps).
    static const char *const SLOT[] = {"##########", "#........#", "##########"};
    map_from(&m, SLOT, 3);
    LegBones b3 = {30, 30, 1.0, v2(100, 48), 0, 0, 0, v2(0, 0), 0};
    leg_knee(&m, v2(100, 48), v2(140, 48), &b3, v2(0, -1), 0, 1, v2(0, -1), &knee, &end, &cut);
    assert_true(cut);
    tilemap_free(&m);
}

// The foothold arc's radius leads the motion: front feet farther, back feet
// nearer, always inside the ring.
static void test_cast_radius_lead(void **state) {
    (void)state;
    LegProfile p = shipped_one(LEG_FRONT_LEFT);
    Vec2 t = v2(0, -1);
    double r0 = leg_cast_radius(&p, v2(0, 0), t, 1, 0);
    assert_true(r0 == p.cast_radius_px);
    double lo = p.min_px / cos(p.cast_step_deg * M_PI / 360.0) + LEGS_RING_MARGIN_PX, hi = p.max_px - LEGS_RING_MARGIN_PX;
    double v = 0.2;   // (the near legs' ring is narrow: a faster body reaches its edge)
    assert_true(fabs(leg_cast_radius(&p, v2(0, -v), t, 1, 0) - (r0 + p.lead_ticks * v)) < 1e-12);
    assert_true(fabs(leg_cast_radius(&p, v2(0, -v), t, -1, 0) - (r0 - p.lead_ticks * v)) < 1e-12);
    assert_true(fabs(leg_cast_radius(&p, v2(0, -50), t, 1, 0) - hi) < 1e-12);
    assert_true(fabs(leg_cast_radius(&p, v2(0, -50), t, -1, 0) - lo) < 1e-9);
    // Motion across the surface does not count; extra (a step's jitter) does.
    assert_true(leg_cast_radius(&p, v2(3, 0), t, 1, 0) == r0);
    assert_true(leg_cast_radius(&p, v2(0, 0), t, 1, 1.5) == r0 + 1.5);
    // The jitter: in -1..1, fixed per (leg, step), spread over the range.
    double lo_j = 1, hi_j = -1, sum = 0;
    for (int k = 1; k <= 400; k++) {
        double j = leg_jitter(k % 4, k / 4);
        assert_true(j >= -1.0 && j < 1.0 && j == leg_jitter(k % 4, k / 4));
        lo_j = fmin(lo_j, j);
        hi_j = fmax(hi_j, j);
        sum += j;
    }
    assert_true(lo_j < -0.9 && hi_j > 0.9 && fabs(sum / 400) < 0.15);
}

// The climb scripts (wall, ceiling, inner corner, 45-degree overhang both
// ways, a shelf's outer corners), tick by tick: planted feet on the rock
// (foot_gap), no planted leg through the rock, no knee farther from the
// surface than LEGS_KNEE_FAR x r past the centre (planted and dangling legs: than the
// cap, 0.75 r past the centre) unless its own root or foot is, and the
// roots on the shell.s rim.
static void test_climbs_in_every_pose(void **state) {
    (void)state;
    static const char *const scripts[] = {
        "tests/scripts/climb-wall.script",     "tests/scripts/climb-ceiling.script",
        "tests/scripts/climb-overhang.script", "tests/scripts/climb-overhang-left.script",
        "tests/scripts/climb-shelf.script",    "tests/scripts/move-ceiling.script",
        "tests/scripts/move-climb.script",
    };
    for (size_t k = 0; k < sizeof scripts / sizeof scripts[0]; k++) {
        Session s;
        SessionSetup setup = {.legs_dir = "assets/legs"};
        long planted_cuts = 0, attached = 0;
        assert_int_equal(session_open_script(&s, scripts[k], &setup), 0);
        while (!session_done(&s)) {
            assert_true(session_step(&s, NULL));
            const Player *p = &session_world(&s)->player;
            const Legs *L = &p->legs;
            attached += p->state == PLAYER_WALL;
            assert_true(legs_foot_gap(L, &session_world(&s)->map) <= 1e-6);
            for (int i = 0; i < LEGS_COUNT; i++) {
                const Leg *g = &L->leg[i];
                if (g->grow <= 0.0) continue;
                assert_false(isnan(g->knee.x) || isnan(g->knee.y) || isnan(g->foot.x) || isnan(g->foot.y));
                // Roots on the shell's rim (slid round it near rock), legs out of the shell.
                double rd = v2_dist(g->root, p->pos);
                assert_true(rd >= LEGS_SHELL * p->radius - 1e-9 && rd <= 1.4 * p->radius);
                double r = p->radius, h = v2_dot(v2_sub(g->knee, p->pos), L->n);
                double line = fmax(v2_dot(v2_sub(g->root, p->pos), L->n), v2_dot(v2_sub(g->foot, p->pos), L->n));
                bool standing = g->mode == LEG_PLANTED || g->mode == LEG_DANGLING;
                if (standing && g->grow >= 1.0 && !g->cut) assert_true(h <= fmax(LEGS_KNEE_CAP * r, line) + 1e-9);
                if (h > fmax(LEGS_KNEE_FAR * r, line) + 1e-9)
                    fail_msg("%s tick %lld: leg %d's knee %.2f px past the body's far side (mode %d cut %d "
                             "line %.2f body %.1f,%.1f n %.2f,%.2f root %.1f,%.1f knee %.1f,%.1f foot %.1f,%.1f)",
                             scripts[k], (long long)session_tick(&s), i, h - r, g->mode, g->cut, line, p->pos.x,
                             p->pos.y, L->n.x, L->n.y, g->root.x, g->root.y, g->knee.x, g->knee.y, g->foot.x,
                             g->foot.y);
                if (g->mode == LEG_PLANTED &&
                    (leg_bone_cuts(&session_world(&s)->map, g->root, g->knee, 0.0) ||
                     leg_bone_cuts(&session_world(&s)->map, g->knee, g->foot, LEGS_FOOT_TRIM_PX * L->scale)))
                    planted_cuts++;
            }
        }
        assert_int_equal(session_finish(&s), 0);
        session_close(&s);
        assert_true(attached > 30);
        if (planted_cuts > 0) fail_msg("%s: a planted leg cut the rock on %ld ticks", scripts[k], planted_cuts);
    }
}

// ------------------------------------------------------------- profiles

static const char GOOD[] = "# a comment\n"
                           "group 1\n"
                           "root 2 -3   # trailing comment\n"
                           "upper 20\r\nlower 21\n"
                           "min 15\nmax 30\n"
                           "default 10 5\n"
                           "cast_radius 25\ncast_step 10\n"
                           "step_ticks 7\n"
                           "ease smootherstep\n"
                           "lift 0 0.8 1 0.6 0\n"
                           "lift_max 4.5\n"
                           "grow_ticks 12\nretract_ticks 6\n";

static void test_profile_parse_good(void **state) {
    (void)state;
    LegProfile p = shipped_one(0);
    ParseError err;
    assert_true(legs_parse_profile(&p, GOOD, strlen(GOOD), "x.leg", &err));
    assert_int_equal(p.group, 1);
    assert_true(p.root_px.x == 2 && p.root_px.y == -3 && p.upper_px == 20 && p.cast_step_deg == 10);
    assert_int_equal(p.ease.kind, CURVE_SMOOTHERSTEP);
    assert_int_equal(p.lift.kind, CURVE_POINTS);
    assert_int_equal(p.lift.n, 5);
    assert_true(fabs(leg_curve_eval(&p.lift, 0.5) - 1.0) < EPS);
    assert_true(fabs(leg_curve_eval(&p.lift, 0.25) - 0.8) < EPS);
    assert_int_equal(p.retract_ticks, 6);
}

static void expect_bad(const char *text, int line, int col, const char *what) {
    LegProfile p = shipped_one(1);
    LegProfile before = p;
    ParseError err;
    memset(&err, 0, sizeof err);
    assert_false(legs_parse_profile(&p, text, strlen(text), "bad.leg", &err));
    if (err.line != line || err.col != col || !strstr(err.msg, what))
        fail_msg("'%s': got %d:%d: %s", text, err.line, err.col, err.msg);
    assert_true(memcmp(&p, &before, sizeof p) == 0);
}

static void test_profile_parse_bad(void **state) {
    (void)state;
    expect_bad("upper 20\nwobble 3\n", 2, 1, "unknown key 'wobble'");
    expect_bad("upper x\n", 1, 7, "expected a number");
    expect_bad("upper 20\nupper 21\n", 2, 1, "repeated");
    expect_bad("step_ticks 0\n", 1, 12, "expected an integer in 1..120");
    expect_bad("step_ticks 2.5\n", 1, 12, "expected an integer");
    expect_bad("group 2\n", 1, 7, "0..1");
    expect_bad("root 1\n", 1, 7, "expected 2 values");
    expect_bad("root 1 2 3\n", 1, 10, "extra token '3'");
    expect_bad("ease wobbly\n", 1, 6, "expected a curve name");
    expect_bad("ease 0.5\n", 1, 9, "at least 2");
    expect_bad("\n\nmax 60\n", 3, 1, "upper + lower");
    expect_bad("ease sine\n", 1, 1, "ends at 1");
    expect_bad("lift 0 1\n", 1, 1, "starts and ends at 0");
    expect_bad("cast_radius 9\n", 1, 1, "> min");
    expect_bad("lead -1\n", 1, 6, "expected a number in 0..60");
    expect_bad("min 1\nupper 10\nlower 30\n", 1, 1, "|upper - lower|");
}

static bool same_curve(const LegCurve *a, const LegCurve *b) {
    if (a->kind != b->kind || a->n != b->n) return false;
    for (int i = 0; i < a->n; i++)
        if (a->y[i] != b->y[i]) return false;
    return true;
}

static bool same_profile(const LegProfile *a, const LegProfile *b) {
    return a->group == b->group && a->root_px.x == b->root_px.x && a->root_px.y == b->root_px.y &&
           a->upper_px == b->upper_px && a->lower_px == b->lower_px && a->min_px == b->min_px &&
           a->max_px == b->max_px && a->default_px.x == b->default_px.x && a->default_px.y == b->default_px.y &&
           a->cast_radius_px == b->cast_radius_px && a->cast_step_deg == b->cast_step_deg &&
           a->lead_ticks == b->lead_ticks &&
           a->step_ticks == b->step_ticks && same_curve(&a->ease, &b->ease) && same_curve(&a->lift, &b->lift) &&
           a->lift_px == b->lift_px && a->grow_ticks == b->grow_ticks && a->retract_ticks == b->retract_ticks;
}

// The built-in profiles are the shipped files (embedded by the build), and
// they set every key: parsed over two different starting profiles, they
// come out the same.
static void test_builtin_profiles_are_the_files(void **state) {
    (void)state;
    LegProfile files[LEGS_COUNT], built[LEGS_COUNT], a[LEGS_COUNT], b[LEGS_COUNT];
    shipped(files);
    ParseError err;
    if (!profiles_builtin(built, &err)) fail_msg("%s:%d:%d: %s", err.file, err.line, err.col, err.msg);
    for (int i = 0; i < LEGS_COUNT; i++)
        if (!same_profile(&files[i], &built[i]))
            fail_msg("assets/legs/%s.leg differs from the built-in profile %d", legs_name(i), i);
    assert_true(legs_profiles_hash(files) == legs_profiles_hash(built));
    LegProfileText text[LEGS_COUNT];
    for (int i = 0; i < LEGS_COUNT; i++)
        text[i] = (LegProfileText){profiles_builtin_text[i], strlen(profiles_builtin_text[i]), legs_name(i)};
    memset(a, 0, sizeof a);
    memset(b, 0x41, sizeof b);
    assert_true(legs_parse_profiles(a, text, &err));
    assert_true(legs_parse_profiles(b, text, &err));
    for (int i = 0; i < LEGS_COUNT; i++)
        if (!same_profile(&a[i], &b[i])) fail_msg("the built-in %s.leg leaves a key out", legs_name(i));
    // A missing directory: error without a line, profiles untouched.
    memcpy(a, files, sizeof a);
    assert_false(profiles_load("no/such/dir", a, &err));
    assert_int_equal(err.line, 0);
    assert_memory_equal(a, files, sizeof a);
}

// The profiles hash sees every value (and only the values).
static void test_profiles_hash(void **state) {
    (void)state;
    LegProfile p[LEGS_COUNT], q[LEGS_COUNT];
    shipped(p);
    uint64_t h = legs_profiles_hash(p);
    memcpy(q, p, sizeof q);
    q[3].lift_px += 0.5;
    assert_true(legs_profiles_hash(q) != h);
    memcpy(q, p, sizeof q);
    q[1].lift.y[2] = 0.9;
    assert_true(legs_profiles_hash(q) != h);
    memcpy(q, p, sizeof q);
    q[0].retract_ticks++;
    assert_true(legs_profiles_hash(q) != h);
    memcpy(q, p, sizeof q);
    q[2].ease.y[5] = 1;                    // a named curve has no points: not part of it
    assert_true(legs_profiles_hash(q) == h);
}

static void write_file(const char *dir, const char *name, const char *text) {
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

// The loader: all four files or nothing, errors with file:line, the
// one-left-one-right group rule.
static void test_load_profiles_dir(void **state) {
    (void)state;
    char dir[] = "/tmp/test_legs_XXXXXX";
    assert_non_null(mkdtemp(dir));
    write_file(dir, "front-left.leg", "step_ticks 9\n");
    write_file(dir, "back-left.leg", "# nothing changed\n");
    write_file(dir, "front-right.leg", "lift_max 3\n");
    LegProfile base[LEGS_COUNT], got[LEGS_COUNT];
    shipped(base);
    memcpy(got, base, sizeof got);
    ParseError err;
    // back-right.leg missing: unreadable, nothing loaded.
    assert_false(profiles_load(dir, got, &err));
    assert_int_equal(err.line, 0);
    assert_true(strstr(err.file, "back-right.leg") != NULL);
    assert_int_equal(got[0].step_ticks, base[0].step_ticks);
    // Present but malformed: file, line and column.
    write_file(dir, "back-right.leg", "\n# x\nlower -4\n");
    assert_false(profiles_load(dir, got, &err));
    assert_true(strstr(err.file, "back-right.leg") != NULL);
    assert_int_equal(err.line, 3);
    assert_int_equal(err.col, 7);
    // Both legs of the left side in one group: a gallop, rejected.
    write_file(dir, "back-right.leg", "");
    write_file(dir, "back-left.leg", "group 0\n");
    assert_false(profiles_load(dir, got, &err));
    assert_true(strstr(err.file, "back-left.leg") != NULL && strstr(err.msg, "one left and one right"));
    assert_int_equal(err.line, 1);
    // Fixed: loads, keys left out keep the built-in values.
    write_file(dir, "back-left.leg", "group 1\n");
    assert_true(profiles_load(dir, got, &err));
    assert_int_equal(got[0].step_ticks, 9);
    assert_true(got[2].lift_px == 3);
    assert_true(got[3].max_px == base[3].max_px);
    // A NUL byte: not text.
    write_file(dir, "front-right.leg", "lift_max 3\n");
    char path[512];
    snprintf(path, sizeof path, "%s/front-right.leg", dir);
    FILE *f = fopen(path, "ab");
    assert_non_null(f);
    fputc(0, f);
    fclose(f);
    assert_false(profiles_load(dir, got, &err));
    assert_true(strstr(err.msg, "NUL") != NULL);
    assert_int_equal(err.line, 2);          // where the NUL is: after the first line's LF
    assert_int_equal(err.col, 1);
    const char *names[4] = {"front-left.leg", "back-left.leg", "front-right.leg", "back-right.leg"};
    for (int i = 0; i < 4; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        remove(path);
    }
    rmdir(dir);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ik_reachable_exact),
        cmocka_unit_test(test_ik_unreachable_stretches_toward_target),
        cmocka_unit_test(test_ik_bend_side_kept),
        cmocka_unit_test(test_ik_zero_length_target),
        cmocka_unit_test(test_arc_flat_wall),
        cmocka_unit_test(test_arc_slope_45),
        cmocka_unit_test(test_arc_inner_corner),
        cmocka_unit_test(test_arc_no_hit_uses_default),
        cmocka_unit_test(test_gait_partner_forced_other_blocked),
        cmocka_unit_test(test_gait_climb_invariants),
        cmocka_unit_test(test_grow_and_retract),
        cmocka_unit_test(test_bone_cuts),
        cmocka_unit_test(test_knee_away_capped_clear),
        cmocka_unit_test(test_cast_radius_lead),
        cmocka_unit_test(test_climbs_in_every_pose),
        cmocka_unit_test(test_profile_parse_good),
        cmocka_unit_test(test_profile_parse_bad),
        cmocka_unit_test(test_builtin_profiles_are_the_files),
        cmocka_unit_test(test_profiles_hash),
        cmocka_unit_test(test_load_profiles_dir),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
