// test_pipeline.c -- harness/pipeline, the one tick: each source gives the
// buttons it should (an array, a function of the tick, a take-over splice,
// the live devices' input) and a run through any of them gives the state
// hashes of a run through plain session_step with the same buttons; sinks
// see every tick in order (befores reversed, afters in order) with the
// input the World took; a step hook that takes some ticks leaves the state
// unchanged; the hash log holds what a recording's checksum lines hold; a
// session follows another as its sink (the ghost).
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fixtures.h"

#include <string.h>

#include "harness/pipeline.h"
#include "harness/session.h"

#define TICKS 400

static Input pattern(int64_t t) {
    uint16_t b = 0;
    if (t % 200 < 120) b |= BTN_RIGHT;
    else b |= BTN_LEFT;
    if (t % 45 < 10) b |= BTN_JUMP;
    if ((t / 5) % 2 == 0) b |= BTN_FIRE;
    return (Input){b};
}

static void open_tetran(Session *s) {
    SessionSetup setup = {.legs_dir = "assets/legs"};
    assert_int_equal(session_open_level(s, "levels/01-tetran.lvl", &setup), 0);
}

// The state hash of every tick, played with session_step and live input.
static void straight(uint64_t hash[TICKS]) {
    Session s;
    open_tetran(&s);
    for (int t = 0; t < TICKS; t++) {
        Input in = pattern(t);
        assert_true(session_step(&s, &in));
        hash[t] = world_hash(session_world(&s));
    }
    session_close(&s);
}

typedef struct Trace {
    int64_t ticks;             // afters seen
    char order[8];             // the last tick's calls, in order
    int n;
    uint64_t *hash;            // the straight run's, to compare
    int64_t wrong;             // ticks whose hash or input differ
} Trace;

static void note(Trace *tr, char c) {
    if (tr->n < (int)sizeof tr->order - 1) tr->order[tr->n++] = c;
}

static void before_a(void *ctx, const World *w) {
    (void)w;
    note(ctx, 'a');
}

static void before_b(void *ctx, const World *w) {
    (void)w;
    note(ctx, 'b');
}

static bool after_a(void *ctx, World *w, Input in) {
    Trace *tr = ctx;
    note(tr, 'A');
    tr->ticks++;
    if (world_hash(w) != tr->hash[w->tick] || in.buttons != pattern(w->tick).buttons) tr->wrong++;
    return true;
}

static bool after_b(void *ctx, World *w, Input in) {
    (void)w, (void)in;
    note(ctx, 'B');
    return true;
}

static void test_sources_agree(void **state) {
    (void)state;
    static uint64_t hash[TICKS];
    straight(hash);
    static Input held[TICKS];
    for (int t = 0; t < TICKS; t++) held[t] = pattern(t);
    InputArray arr = {held, TICKS};
    InputFn fn = {pattern};
    // The splice: the array up to 150, the function after it.
    InputSplice splice = {input_array_source(&arr), input_fn_source(&fn), 150};
    TickSource srcs[3] = {input_array_source(&arr), input_fn_source(&fn), input_splice_source(&splice)};
    for (int k = 0; k < 3; k++) {
        Session s;
        open_tetran(&s);
        Trace tr = {.hash = hash};
        session_set_source(&s, srcs[k]);
        assert_true(session_add_sink(&s, (TickSink){before_a, after_a, &tr}));
        assert_true(session_add_sink(&s, (TickSink){before_b, after_b, &tr}));
        for (int t = 0; t < TICKS; t++) {
            tr.n = 0;
            assert_true(session_step(&s, NULL));
        }
        assert_int_equal(tr.ticks, TICKS);
        assert_int_equal(tr.wrong, 0);
        assert_string_equal(tr.order, "baAB");
        session_remove_sink(&s, &tr);
        assert_true(session_step(&s, NULL));        // no sink sees it now
        assert_int_equal(tr.ticks, TICKS);
        session_close(&s);
    }
    // The splice switches at its tick: none after 150 with an empty second half.
    InputSplice cut = {input_array_source(&arr), no_input_source(), 150};
    TickSource src = input_splice_source(&cut);
    assert_int_equal(src.input(src.ctx, 150).buttons, held[150].buttons);
    assert_int_equal(src.input(src.ctx, 151).buttons, 0);
    assert_int_equal(input_array_source(&arr).input(&arr, TICKS).buttons, 0);   // past the array
}

// A step hook that takes every third tick (stepping it the same way, system
// by system) changes nothing.
static int taken;

static bool every_third(void *ctx, World *w, Input in) {
    (void)ctx;
    if ((w->tick + 1) % 3) return false;
    world_tick_begin(w, in);
    for (int k = 0; k < WORLD_SYS_COUNT; k++) world_tick_system(w, (WorldSystem)k);
    taken++;
    return true;
}

static void test_step_hook(void **state) {
    (void)state;
    static uint64_t hash[TICKS];
    straight(hash);
    Session s;
    open_tetran(&s);
    InputFn fn = {pattern};
    session_set_source(&s, input_fn_source(&fn));
    session_set_step(&s, every_third, NULL);
    taken = 0;
    for (int t = 0; t < TICKS; t++) {
        assert_true(session_step(&s, NULL));
        assert_int_equal(world_hash(session_world(&s)), hash[t]);
    }
    assert_int_equal(taken, (TICKS + 2) / 3);   // ticks 0, 3 ... 399
    session_close(&s);
}

// The hash log keeps ticks 0, 60, 120 ... with every subsystem's hash.
static void test_hash_log(void **state) {
    (void)state;
    Session s;
    open_tetran(&s);
    HashLog log;
    assert_true(hash_log_init(&log, session_world(&s), 60, 250));
    InputFn fn = {pattern};
    TickSink sink = hash_log_sink(&log);
    Pipeline p = {input_fn_source(&fn), &sink, 1, NULL, NULL};
    uint64_t want[5];
    for (int t = 0; t < 300; t++) {
        Input used;
        assert_true(pipeline_tick(session_world_mut(&s), &p, &used));
        assert_int_equal(used.buttons, pattern(t).buttons);
        if (t % 60 == 0 && t <= 250) want[t / 60] = world_hash(session_world(&s));
    }
    for (int k = 0; k < 5; k++) assert_true(log.full[k] == want[k]);
    assert_true(log.sub_n > 0);
    hash_log_free(&log);
    session_close(&s);
}

// A ghost as a sink: a replay of the straight run follows a live session
// tick for tick, in step with it, and stops at its own end.
static void test_follow_sink(void **state) {
    (void)state;
    char dir[] = "/tmp/test_pipeline_XXXXXX", rpl[256];
    fixture_tmp_dir(dir);
    snprintf(rpl, sizeof rpl, "%s/ghost.rpl", dir);
    Session s, ghost;
    open_tetran(&s);
    assert_true(session_record(&s, rpl));
    for (int t = 0; t < 200; t++) assert_true(session_step(&s, &(Input){pattern(t).buttons}));
    char why[200];
    assert_true(session_save_recording(&s, why, sizeof why));
    session_close(&s);
    SessionSetup su = {.legs_dir = "assets/legs"};
    assert_int_equal(session_open_script(&ghost, rpl, &su), 0);
    open_tetran(&s);
    assert_true(session_add_sink(&s, session_follow_sink(&ghost)));
    for (int t = 0; t < 300; t++) {
        assert_true(session_step(&s, &(Input){pattern(t).buttons}));
        assert_int_equal(session_tick(&ghost), t < 199 ? t : 199);
        if (t < 200) assert_true(world_hash(session_world(&ghost)) == world_hash(session_world(&s)));
    }
    assert_int_equal(session_rc(&ghost), 0);
    session_close(&s);
    session_close(&ghost);
    fixture_rm_dir(dir);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sources_agree),
        cmocka_unit_test(test_step_hook),
        cmocka_unit_test(test_hash_log),
        cmocka_unit_test(test_follow_sink),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
