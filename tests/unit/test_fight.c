// test_fight.c -- the app's play session (app/fight.h) on real files (run
// from the repository root): a fight driven with a won replay's buttons wins
// with the replay's time, opens its results RESULTS_DELAY ticks after the
// end, sets a record once, and its recording is kept (before its session is
// closed: the kept replay verifies); the next start races it as the ghost,
// stepped by the fight's own pipeline tick in lockstep with the play;
// --record's file names; the rush's step and an abandoned attempt; an edited
// level sets no record; a level that does not open.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fixtures.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/fight.h"
#include "core/fs.h"
#include "harness/script.h"
#include "harness/session.h"
#include "platform/replays.h"

#define WON_REPLAY "tests/replays/tentacle-duel.rpl"
#define WON_LEVEL "levels/test/tentacle-duel.lvl"

static char tmp_dir[] = "/tmp/test_fight_XXXXXX";
static char replays_dir[1200];
static BestTimes best;

static int setup_dir(void **state) {
    (void)state;
    fixture_tmp_dir(tmp_dir);
    fs_join(tmp_dir, "replays", replays_dir, sizeof replays_dir);
    return fs_make_dirs(replays_dir) ? 0 : -1;
}

static Fight *new_fight(const char *record_path) {
    static Fight f;
    best_clear(&best);
    FightEnv env = {.replays_dir = replays_dir, .record_path = record_path, .legs_dir = "assets/legs", .best = &best};
    fight_init(&f, &env);
    return &f;
}

static int count_kept(const char *result) {
    ReplayList l;
    if (!replays_list(replays_dir, &l)) return 0;
    int n = 0;
    for (int i = 0; i < l.n; i++) n += !strcmp(l.r[i].result, result);
    replays_list_free(&l);
    return n;
}

// Plays the won replay's buttons in f (started on its level) until the
// results are due; returns the ticks stepped. *hurt: EV_PLAYER_HURT seen.
static int64_t play_won_run(Fight *f, int *hurt) {
    ParseError err;
    Script *s = script_load(WON_REPLAY, &err);
    assert_non_null(s);
    ScriptRun *run = script_run_new(s);
    int64_t t = 0;
    *hurt = 0;
    for (; t < 20000; t++) {
        Input in = script_run_input(run, t);
        bool due = fight_tick(f, &in, true);
        for (int i = 0; i < session_world(&f->play)->events.count; i++)
            *hurt += session_world(&f->play)->events.e[i].type == EV_PLAYER_HURT;
        if (due) break;
    }
    script_run_free(run);
    script_free(s);
    return t + 1;
}

static void test_a_won_fight(void **state) {
    (void)state;
    Fight *f = new_fight(NULL);
    f->mode = MODE_PRACTICE;
    SessionSetup setup = {.legs_dir = "assets/legs"};
    assert_true(fight_start(f, WON_LEVEL, &setup, true));
    assert_string_equal(f->note, "GHOST: NO WON RUN OF THIS ARENA AT THIS DIFFICULTY YET");
    assert_null(session_world(&f->ghost));
    assert_true(pace_card(&f->pace));               // the warning card, full length
    assert_true(session_recording(&f->play));
    int hurt;
    int64_t ticks = play_won_run(f, &hurt);
    const World *w = session_world(&f->play);
    assert_int_equal(w->state, GAME_WON);
    // The results come RESULTS_DELAY ticks after the end (the ending tick
    // counts as the first), not before.
    assert_int_equal(f->after_end, RESULTS_DELAY);
    assert_int_equal(ticks, w->state_tick + RESULTS_DELAY);
    assert_int_equal(f->hits, hurt);
    assert_true(fight_results(f, WON_LEVEL, false, false));   // a first record: saved
    assert_true(f->res.won);
    assert_int_equal(f->res.ticks, w->state_tick + 1);
    assert_int_equal(f->res.hits, hurt);
    assert_true(f->res.new_best);
    assert_int_equal(f->res.best, 0);
    assert_false(session_recording(&f->play));      // kept when the results opened
    assert_int_equal(count_kept("won"), 1);
    int64_t won_ticks = f->res.ticks;

    // The same arena again: a retry's short card, the ghost of the run just
    // won beside it, the same time is no new record.
    assert_true(fight_start(f, WON_LEVEL, &setup, true));
    assert_string_equal(f->note, "");
    assert_non_null(session_world(&f->ghost));
    Pace full;
    pace_start(&full, false);
    assert_true(f->pace.card_len < full.card_len);
    play_won_run(f, &hurt);
    assert_false(fight_results(f, WON_LEVEL, false, false));
    assert_false(f->res.new_best);
    assert_int_equal(f->res.best, won_ticks);
    fight_end(f);
    assert_null(session_world(&f->play));
    assert_null(session_world(&f->ghost));
    assert_int_equal(count_kept("won"), 2);
}

// The kept won runs made to fail their check at tick 60 (a wrong checksum).
static int break_won_runs(void) {
    ReplayList l;
    assert_true(replays_list(replays_dir, &l));
    int n = 0;
    for (int i = 0; i < l.n; i++) {
        if (strcmp(l.r[i].result, "won")) continue;
        char path[1400];
        assert_true(fs_join(replays_dir, l.r[i].name, path, sizeof path));
        size_t len = 0;
        char *text = fs_read_file(path, 1 << 20, &len, NULL);
        assert_non_null(text);
        char *at = strstr(text, "\nat 60 checksum ");
        assert_non_null(at);
        char *h = at + strlen("\nat 60 checksum ");
        *h = *h == '0' ? '1' : '0';
        assert_true(fs_write_atomic(path, text, len));
        free(text);
        n++;
    }
    replays_list_free(&l);
    return n;
}

// A practice fight whose won run was kept, started again with its ghost
// beside it (broken: the kept runs made to fail their check at tick 60).
static Fight *fight_with_ghost(bool broken) {
    static SessionSetup setup = {.legs_dir = "assets/legs"};
    Fight *f = new_fight(NULL);
    f->mode = MODE_PRACTICE;
    int hurt;
    assert_true(fight_start(f, WON_LEVEL, &setup, false));
    play_won_run(f, &hurt);
    fight_results(f, WON_LEVEL, false, false);      // a won run kept: the ghost
    if (broken) assert_true(break_won_runs() > 0);
    assert_true(fight_start(f, WON_LEVEL, &setup, true));
    assert_non_null(session_world(&f->ghost));
    return f;
}

// The ghost is a sink of the fight's session: each fight_tick steps it once,
// in the same pipeline tick, until its replay ends. Raced with the won
// run's own buttons, it is the same World as the play tick by tick.
static void test_ghost_follows_the_fight(void **state) {
    (void)state;
    Fight *f = fight_with_ghost(false);
    const Session *g = &f->ghost;
    assert_int_equal(session_tick(g), session_tick(&f->play));
    ParseError err;
    Script *s = script_load(WON_REPLAY, &err);
    assert_non_null(s);
    ScriptRun *run = script_run_new(s);
    int64_t t = 0;
    for (; !session_done(g); t++) {
        Input in = script_run_input(run, t);
        fight_tick(f, &in, true);
        assert_int_equal(session_tick(g), t);
        assert_int_equal(session_tick(&f->play), t);
        assert_true(world_hash(session_world(g)) == world_hash(session_world(&f->play)));
    }
    assert_true(t > 100);
    // Past its replay's end the ghost waits there; the fight goes on.
    int64_t end = session_tick(g);
    for (int i = 0; i < 10; i++, t++) fight_tick(f, &(Input){0}, true);
    assert_int_equal(session_tick(g), end);
    assert_int_equal(session_tick(&f->play), t - 1);
    assert_int_equal(session_rc(g), 0);
    script_run_free(run);
    script_free(s);
    fight_end(f);
    assert_null(session_world(&f->ghost));
}

// A ghost whose replay fails a check is put away after that tick (and its
// sink with it); the fight goes on.
static void test_broken_ghost_is_put_away(void **state) {
    (void)state;
    Fight *f = fight_with_ghost(true);
    for (int t = 0; t < 60; t++) fight_tick(f, NULL, true);
    assert_int_equal(session_tick(&f->ghost), 59);
    fight_tick(f, NULL, true);                      // tick 60: the ghost's check fails
    assert_null(session_world(&f->ghost));
    for (int t = 0; t < 10; t++) fight_tick(f, NULL, true);
    assert_int_equal(session_tick(&f->play), 70);
    assert_null(session_world(&f->ghost));
    fight_end(f);
}

// The teardown keeps the recording before it closes the session: a fight
// left half-way is kept as `quit`, and the kept file verifies.
static void test_end_keeps_the_recording(void **state) {
    (void)state;
    Fight *f = new_fight(NULL);
    SessionSetup setup = {.legs_dir = "assets/legs"};
    int quit_before = count_kept("quit");
    assert_true(fight_start(f, WON_LEVEL, &setup, false));
    Input in = {BTN_RIGHT | BTN_FIRE};
    for (int t = 0; t < 300; t++) assert_false(fight_tick(f, &in, true));
    fight_end(f);
    assert_null(session_world(&f->play));
    assert_int_equal(count_kept("quit"), quit_before + 1);
    fight_end(f);                                   // again: nothing more
    assert_int_equal(count_kept("quit"), quit_before + 1);
    // The kept replay plays back in sync.
    ReplayList l;
    assert_true(replays_list(replays_dir, &l));
    char path[1400];
    int i = 0;
    while (i < l.n && strcmp(l.r[i].result, "quit")) i++;
    assert_true(i < l.n);
    assert_int_equal(l.r[i].ticks, 300);
    fs_join(replays_dir, l.r[i].name, path, sizeof path);
    replays_list_free(&l);
    Session s;
    int rc = session_open_script(&s, path, &setup);
    while (rc == 0 && !session_done(&s))
        if (!session_step(&s, NULL)) rc = session_rc(&s);
    if (rc == 0) rc = session_finish(&s);
    if (rc) fail_msg("%s", session_message(&s));
    assert_int_equal(session_tick(&s), 299);
    session_close(&s);
}

static void test_record_paths(void **state) {
    (void)state;
    char out[1200], path[1200];
    fs_join(tmp_dir, "mine.rpl", path, sizeof path);
    Fight *f = new_fight(path);
    f->mode = MODE_SINGLE;
    fight_record_path(f, out, sizeof out);
    assert_string_equal(out, path);
    f->mode = MODE_PRACTICE;
    f->level_idx = 2;
    fight_record_path(f, out, sizeof out);
    assert_non_null(strstr(out, "/mine-3.rpl"));
    f->env.record_path = "run";
    fight_record_path(f, out, sizeof out);
    assert_string_equal(out, "run-3.rpl");
    // --record: the fight's file is written at its end, besides the kept copy.
    f->env.record_path = path;
    f->mode = MODE_SINGLE;
    SessionSetup setup = {.legs_dir = "assets/legs"};
    assert_true(fight_start(f, WON_LEVEL, &setup, false));
    for (int t = 0; t < 30; t++) fight_tick(f, NULL, true);
    fight_end(f);
    assert_true(fs_is_file(path));
}

static void test_rush(void **state) {
    (void)state;
    Fight *f = new_fight(NULL);
    f->mode = MODE_RUSH;
    fight_rush_begin(f, 2, DIFFICULTY_HARD);
    assert_int_equal(f->rush_difficulty, DIFFICULTY_HARD);
    SessionSetup setup = {.legs_dir = "assets/legs"};
    assert_true(fight_start(f, WON_LEVEL, &setup, false));
    // Left after 50 ticks: the attempt counts in the rush.
    for (int t = 0; t < 50; t++) fight_tick(f, NULL, true);
    fight_abandon(f);
    assert_int_equal(f->rush.ticks, 50);
    assert_int_equal(f->rush.arena, 0);
    assert_true(fight_start(f, WON_LEVEL, &setup, false));
    int hurt;
    play_won_run(f, &hurt);
    fight_results(f, WON_LEVEL, false, false);
    assert_true(f->res.won);
    assert_false(f->res.rush_done);
    assert_int_equal(f->rush.arena, 1);
    assert_int_equal(f->res.next_hp, rush_start_hp(&f->rush));
    assert_int_equal(f->rush.ticks, 50 + f->res.ticks);
    fight_end(f);
}

// A level reloaded mid-fight (live tuning) sets no record, for the arena
// or the rush; the same run unedited sets both.
static void test_edited_sets_no_record(void **state) {
    (void)state;
    Fight *f = new_fight(NULL);
    SessionSetup setup = {.legs_dir = "assets/legs"};
    int hurt;
    for (int edited = 1; edited >= 0; edited--) {
        f->mode = MODE_RUSH;
        fight_rush_begin(f, 1, DIFFICULTY_NORMAL);
        assert_true(fight_start(f, WON_LEVEL, &setup, false));
        play_won_run(f, &hurt);
        assert_int_equal(fight_results(f, WON_LEVEL, edited, edited), !edited);
        assert_true(f->res.won);
        assert_true(f->res.rush_done);
        assert_int_equal(f->res.new_best, !edited);
        assert_int_equal(f->res.rush_new_best, !edited);
        assert_int_equal(f->res.best, 0);
        assert_int_equal(f->res.rush_best, 0);
    }
    fight_end(f);
}

static void test_bad_level(void **state) {
    (void)state;
    Fight *f = new_fight(NULL);
    SessionSetup setup = {.legs_dir = "assets/legs"};
    assert_false(fight_start(f, "levels/no-such.lvl", &setup, false));
    assert_non_null(strstr(session_message(&f->play), "no-such.lvl"));
    fight_end(f);
    assert_null(session_world(&f->play));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_won_fight),
        cmocka_unit_test(test_end_keeps_the_recording),
        cmocka_unit_test(test_record_paths),
        cmocka_unit_test(test_rush),
        cmocka_unit_test(test_edited_sets_no_record),
        cmocka_unit_test(test_bad_level),
        cmocka_unit_test(test_ghost_follows_the_fight),
        cmocka_unit_test(test_broken_ghost_is_put_away),
    };
    return cmocka_run_group_tests(tests, setup_dir, NULL);
}
