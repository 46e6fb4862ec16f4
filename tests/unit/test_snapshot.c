// test_snapshot.c -- harness/snapshot on a real arena (the finale: Tetran,
// a whale and stars): seeking to tick T (restore, then re-simulate) and
// stepping on gives the same state hash as playing straight to T, for many
// T in a jumbled order, with the default budget and with one so tight the
// interval must widen; the budget holds; a take-over's drop; block
// tracking lists exactly the World's live blocks.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fixtures.h"

#include "core/mem.h"
#include "harness/session.h"
#include "harness/snapshot.h"

#define TICKS 1500

// Walks both ways, jumps, fires and wiggles: every subsystem moves.
static Input pattern(int64_t t) {
    uint16_t b = 0;
    int64_t phase = t % 400;
    if (phase < 170) b |= BTN_RIGHT;
    else if (phase < 340) b |= BTN_LEFT;
    else b |= BTN_UP;
    if (t % 45 < 10) b |= BTN_JUMP;
    if ((t / 5) % 2 == 0) b |= BTN_FIRE;
    if (t % 700 >= 500) b |= BTN_WIGGLE;
    return (Input){b};
}

static void open_finale(Session *s) {
    SessionSetup setup = {.legs_dir = "assets/legs"};
    assert_int_equal(session_open_level(s, "levels/04-convergence.lvl", &setup), 0);
}

// Plays TICKS ticks straight, offering every tick, and keeps every hash.
static void play_straight(Session *s, SnapStore *st, uint64_t *hash) {
    for (int64_t t = 0; t < TICKS; t++) {
        Input in = pattern(t);
        session_step(s, &in);
        hash[t] = world_hash(session_world(s));
        assert_true(snap_offer(st));
        assert_true(st->used <= st->budget);
    }
}

// Seeks to tick t the way the viewer does.
static void seek(Session *s, SnapStore *st, int64_t t) {
    int64_t at = snap_restore(st, t);
    assert_true(at <= t);
    assert_true(t - at <= st->interval);
    assert_int_equal(session_tick(s), at);
    while (session_tick(s) < t) {
        Input in = pattern(session_tick(s) + 1);
        session_step(s, &in);
    }
}

// Many ticks in a jumbled order (a stride prime to TICKS), each followed
// by one step forward, plus the edges.
static void check_seeks(Session *s, SnapStore *st, const uint64_t *hash) {
    int64_t edges[] = {0, 1, st->interval - 1, st->interval, st->interval + 1, TICKS - 2, 59, 60, 61};
    for (size_t i = 0; i < sizeof edges / sizeof edges[0]; i++) {
        seek(s, st, edges[i]);
        assert_true(world_hash(session_world(s)) == hash[edges[i]]);
    }
    for (int k = 0; k < 300; k++) {
        int64_t t = (int64_t)((k * 787L) % (TICKS - 1));
        seek(s, st, t);
        assert_true(world_hash(session_world(s)) == hash[t]);
        Input in = pattern(t + 1);
        session_step(s, &in);
        assert_true(world_hash(session_world(s)) == hash[t + 1]);
    }
    // Back to before the first tick: the World as it was built.
    assert_int_equal(snap_restore(st, -1), -1);
    assert_int_equal(session_tick(s), -1);
}

static void test_seek_equals_straight(void **state) {
    (void)state;
    static uint64_t hash[TICKS];
    Session s;
    open_finale(&s);
    SnapStore st;
    assert_true(session_snap_init(&s, &st, 0));
    play_straight(&s, &st, hash);
    assert_int_equal(st.interval, SNAP_FIRST_INTERVAL);
    assert_int_equal(st.n, TICKS / SNAP_FIRST_INTERVAL);
    check_seeks(&s, &st, hash);
    snap_free(&st);
    session_close(&s);
}

static void test_tight_budget_widens(void **state) {
    (void)state;
    static uint64_t hash[TICKS];
    Session s;
    open_finale(&s);
    SnapStore st;
    assert_true(session_snap_init(&s, &st, 1));
    // Room for a handful of snapshots beyond the base and buffers.
    st.budget = st.used + 6 * st.world_bytes / 4;
    play_straight(&s, &st, hash);
    assert_true(st.interval > SNAP_FIRST_INTERVAL);
    assert_true(st.n >= 1);
    for (int i = 0; i < st.n; i++) assert_int_equal(st.snaps[i].tick % st.interval, 0);
    check_seeks(&s, &st, hash);
    snap_free(&st);
    session_close(&s);
}

// The budget is for the snapshots: a budget smaller than the base and
// scratch images (levels/bench/worst.lvl's 67 MB World against 64 MiB)
// still keeps snapshots, as many as fit, so a seek never re-simulates from
// the start (issue 22: 8.8 s seeks).
static void test_budget_below_the_world_keeps_snapshots(void **state) {
    (void)state;
    static uint64_t hash[TICKS];
    Session s;
    open_finale(&s);
    SnapStore st;
    assert_true(session_snap_init(&s, &st, 1));
    st.budget = st.world_bytes;                  // less than the fixed part
    assert_true(st.fixed >= 2 * st.world_bytes);
    play_straight(&s, &st, hash);
    assert_true(st.n >= 4);
    check_seeks(&s, &st, hash);
    snap_free(&st);
    session_close(&s);
}

static void test_drop_after(void **state) {
    (void)state;
    static uint64_t hash[TICKS];
    Session s;
    open_finale(&s);
    SnapStore st;
    assert_true(session_snap_init(&s, &st, 0));
    play_straight(&s, &st, hash);
    snap_drop_after(&st, 600);
    assert_int_equal(st.snaps[st.n - 1].tick, 600);
    assert_int_equal(snap_restore(&st, 1000), 600);
    assert_true(world_hash(session_world(&s)) == hash[600]);
    snap_free(&st);
    session_close(&s);
}

// A full image parks the World and brings it back exactly.
static void test_image_round_trip(void **state) {
    (void)state;
    Session s;
    open_finale(&s);
    SnapStore st;
    assert_true(session_snap_init(&s, &st, 0));
    for (int64_t t = 0; t < 200; t++) {
        Input in = pattern(t);
        session_step(&s, &in);
    }
    uint64_t h = world_hash(session_world(&s));
    uint8_t *img = mem_alloc(st.world_bytes, 1);
    assert_non_null(img);
    snap_save_image(&st, img);
    for (int64_t t = 200; t < 300; t++) {
        Input in = pattern(t);
        session_step(&s, &in);
    }
    assert_true(world_hash(session_world(&s)) != h);
    snap_load_image(&st, img);
    assert_true(world_hash(session_world(&s)) == h);
    mem_free(img);
    snap_free(&st);
    session_close(&s);
}

// Tracking lists what is still alive, freed blocks removed, and reports
// running out of room.
static void test_mem_track(void **state) {
    (void)state;
    MemBlock room[3];
    MemTrack t = {room, 3, 0, false};
    mem_track_begin(&t);
    void *a = mem_alloc(10, 1), *b = mem_alloc(20, 2), *c = mem_alloc(1, 7);
    mem_free(b);
    void *d = mem_alloc(0, 5);
    mem_track_end();
    void *e = mem_alloc(1, 1);   // after the end: not listed
    assert_int_equal(t.n, 3);
    assert_false(t.overflow);
    assert_ptr_equal(t.b[0].p, a);
    assert_int_equal(t.b[0].bytes, 10);
    assert_ptr_equal(t.b[1].p, c);
    assert_int_equal(t.b[1].bytes, 7);
    assert_ptr_equal(t.b[2].p, d);
    assert_int_equal(t.b[2].bytes, 5);
    mem_track_begin(&t);
    void *f[4];
    for (int i = 0; i < 4; i++) f[i] = mem_alloc(1, 1);
    mem_track_end();
    assert_true(t.overflow);
    for (int i = 0; i < 4; i++) mem_free(f[i]);
    mem_free(a), mem_free(c), mem_free(d), mem_free(e);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_seek_equals_straight),
        cmocka_unit_test(test_tight_budget_widens),
        cmocka_unit_test(test_budget_below_the_world_keeps_snapshots),
        cmocka_unit_test(test_drop_after),
        cmocka_unit_test(test_image_round_trip),
        cmocka_unit_test(test_mem_track),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
