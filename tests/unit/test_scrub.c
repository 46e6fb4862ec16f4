// test_scrub.c -- harness/scrub, the viewer's engine, on a recording of the
// finale: seeking anywhere (back, forward, past the scan head) and
// stepping agree with the straight run; scanning ahead never moves what is
// shown; the checks finish and count the checksums; a tampered recording
// reports its first desync tick and the checksums verified before it; a
// take-over records the file's ticks up to it and the live ones after, and
// that recording verifies on its own; an edit of the buttons re-runs from
// the snapshot before the first changed tick, as a run from 0 would show.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fixtures.h"

#include <stdio.h>
#include <string.h>

#include "harness/scrub.h"
#include "harness/session.h"

#define TICKS 900
#define LEVEL "levels/04-convergence.lvl"

static char tmp_dir[] = "/tmp/test_scrub_XXXXXX";
static char rpl[1200], tampered[1200];
static uint64_t straight[TICKS];

static Input pattern(int64_t t) {
    uint16_t b = 0;
    if (t % 300 < 140) b |= BTN_RIGHT;
    else if (t % 300 < 280) b |= BTN_LEFT;
    if (t % 50 < 8) b |= BTN_JUMP;
    if ((t / 4) % 2 == 0) b |= BTN_FIRE;
    return (Input){b};
}

static SessionSetup setup(void) { return (SessionSetup){.legs_dir = "assets/legs"}; }

// Records TICKS ticks of the pattern (hashes kept) and a copy with one
// checksum changed (the one at tick 600).
static int make_files(void **state) {
    (void)state;
    if (!mkdtemp(tmp_dir)) return -1;
    fs_join(tmp_dir, "f.rpl", rpl, sizeof rpl);
    fs_join(tmp_dir, "t.rpl", tampered, sizeof tampered);
    Session s;
    SessionSetup su = setup();
    if (session_open_level(&s, LEVEL, &su) || !session_record(&s, rpl)) return -1;
    for (int64_t t = 0; t < TICKS; t++) {
        Input in = pattern(t);
        session_step(&s, &in);
        straight[t] = world_hash(session_world(&s));
    }
    char why[200];
    if (!session_save_recording(&s, why, sizeof why)) return -1;
    session_close(&s);
    char *text = fixture_get(rpl);
    char *at = strstr(text, "\nat 600 checksum ");
    if (!at) return -1;
    at[17] = at[17] == '0' ? '1' : '0';
    fixture_put(tampered, text);
    mem_free(text);
    return 0;
}

static int remove_files(void **state) {
    (void)state;
    fixture_rm_dir(tmp_dir);
    return 0;
}

static void open_scrub(Session *s, Scrub *sc, const char *path) {
    SessionSetup su = setup();
    if (session_open_script(s, path, &su)) fail_msg("%s", session_message(s));
    assert_true(scrub_init(sc, s));
}

static void shows(const Scrub *sc, int64_t t) {
    assert_int_equal(sc->cur, t);
    assert_int_equal(session_tick(sc->s), t);
    assert_true(world_hash(session_world(sc->s)) == straight[t]);
}

static void test_seek_anywhere(void **state) {
    (void)state;
    Session s;
    Scrub sc;
    open_scrub(&s, &sc, rpl);
    scrub_seek(&sc, 100);                  // past the head: scans
    shows(&sc, 100);
    assert_int_equal(sc.head, 100);
    for (int i = 0; i < 5; i++) scrub_step(&sc);
    shows(&sc, 105);
    scrub_seek(&sc, 30);                   // back
    shows(&sc, 30);
    scrub_step(&sc);
    shows(&sc, 31);
    scrub_scan_ahead(&sc, 400);            // the shown World stays
    shows(&sc, 31);
    assert_int_equal(sc.head, 505);
    scrub_seek(&sc, 504);
    shows(&sc, 504);
    scrub_seek(&sc, 700);                  // past the head again, from elsewhere
    shows(&sc, 700);
    // Jumbled seeks, each with a step forward and one back.
    for (int k = 0; k < 60; k++) {
        int64_t t = 1 + (k * 337) % (TICKS - 2);
        scrub_seek(&sc, t);
        shows(&sc, t);
        scrub_step(&sc);
        shows(&sc, t + 1);
        scrub_seek(&sc, t);
        shows(&sc, t);
        if (k % 7 == 0) scrub_scan_ahead(&sc, 37);
        shows(&sc, t);
    }
    scrub_seek(&sc, -5);
    shows(&sc, 0);
    scrub_seek(&sc, 1 << 30);
    shows(&sc, TICKS - 1);
    assert_true(scrub_verified(&sc));
    assert_int_equal(sc.fail_tick, -1);
    assert_int_equal(sc.sums_ok, sc.sums_total);
    assert_int_equal(sc.sums_total, (TICKS - 1) / 60 + 1);
    scrub_step(&sc);                       // at the end: stays
    shows(&sc, TICKS - 1);
    scrub_free(&sc);
    session_close(&s);
}

static void test_desync_found_ahead(void **state) {
    (void)state;
    Session s;
    Scrub sc;
    open_scrub(&s, &sc, tampered);
    scrub_seek(&sc, 10);
    while (!scrub_verified(&sc)) scrub_scan_ahead(&sc, 100);
    shows(&sc, 10);
    assert_int_equal(sc.fail_tick, 600);
    assert_int_equal(sc.sums_ok, 10);      // ticks 0, 60 ... 540
    assert_non_null(strstr(sc.fail_msg, "t.rpl:"));
    assert_non_null(strstr(sc.fail_msg, "replay desync at tick 600"));   // only the full hash was changed
    // Watching goes on past it.
    scrub_seek(&sc, 800);
    shows(&sc, 800);
    scrub_free(&sc);
    session_close(&s);
}

static void test_take_over(void **state) {
    (void)state;
    Session s;
    Scrub sc;
    open_scrub(&s, &sc, rpl);
    scrub_seek(&sc, 500);
    scrub_seek(&sc, 333);
    char mine[1200];
    fs_join(tmp_dir, "mine.rpl", mine, sizeof mine);
    assert_true(scrub_take_over(&sc, mine));
    assert_null(session_script(&s));
    assert_false(session_done(&s));
    // Live from 334 on: standing still and firing.
    uint64_t live_end = 0;
    for (int64_t t = 334; t < 700; t++) {
        Input in = {BTN_FIRE};
        assert_true(session_step(&s, &in));
        live_end = world_hash(session_world(&s));
    }
    assert_true(live_end != straight[699]);
    char why[300];
    assert_true(session_save_recording(&s, why, sizeof why));
    session_close(&s);
    // The new replay verifies alone and is the file's run up to 333.
    SessionSetup su = setup();
    assert_int_equal(session_open_script(&s, mine, &su), 0);
    assert_int_equal(script_end_tick(session_script(&s)), 699);
    while (!session_done(&s)) {
        assert_true(session_step(&s, NULL));
        if (session_tick(&s) <= 333) assert_true(world_hash(session_world(&s)) == straight[session_tick(&s)]);
    }
    assert_int_equal(session_finish(&s), 0);
    assert_true(world_hash(session_world(&s)) == live_end);
    session_close(&s);
}

// The whole run of path with its checks off: the state hash of each tick.
static void hashes_of(const char *path, uint64_t *hash, int64_t n) {
    Session s;
    SessionSetup su = setup();
    su.rebless = true;                     // no checks: every tick is stepped
    assert_int_equal(session_open_script(&s, path, &su), 0);
    for (int64_t t = 0; t < n; t++) {
        assert_true(session_step(&s, NULL));
        hash[t] = world_hash(session_world(&s));
    }
    session_close(&s);
}

// The viewer's re-run on edit (issue 26): a jump moved from tick 450 to 452
// goes back to the newest snapshot before 450 (420) and no further, shows
// the same tick with the state a run from 0 of the edited file has, and
// its checks find what a fresh scrub of that file finds (the checksum at
// 480 no longer holds). An edit to a check goes back to the start (-2).
static void test_rerun_from_snapshot(void **state) {
    (void)state;
    char edited[1200], checked[1200];
    fs_join(tmp_dir, "edited.rpl", edited, sizeof edited);
    fs_join(tmp_dir, "checked.rpl", checked, sizeof checked);
    char *text = fixture_get(rpl), out[1 << 16];
    char *at = strstr(text, "\nat 450 down jump\n");
    assert_non_null(at);
    snprintf(out, sizeof out, "%.*s\nat 452 down jump\n%s", (int)(at - text), text, at + 18);
    fixture_put(edited, out);
    at = strstr(text, "\nend ");
    assert_non_null(at);
    snprintf(out, sizeof out, "%.*s\nat 100 expect player.hp >= 1%s", (int)(at - text), text, at);
    fixture_put(checked, out);
    mem_free(text);
    static uint64_t want[TICKS];
    hashes_of(edited, want, TICKS);
    assert_true(want[449] == straight[449] && want[460] != straight[460]);

    Session s, fresh;
    Scrub sc;
    open_scrub(&s, &sc, rpl);
    while (!scrub_verified(&sc)) scrub_scan_ahead(&sc, 200);
    scrub_seek(&sc, 700);
    shows(&sc, 700);
    const World *was = session_world(&s);
    SessionSetup su = setup();
    // A check added: not only the buttons changed, nothing is touched.
    assert_int_equal(session_open_script(&fresh, checked, &su), 0);
    assert_int_equal(scrub_rerun(&sc, &fresh), -2);
    session_close(&fresh);
    shows(&sc, 700);
    assert_true(scrub_verified(&sc));
    // The jump moved: back to 420, on to 700 with the new buttons.
    assert_int_equal(session_open_script(&fresh, edited, &su), 0);
    assert_int_equal(scrub_rerun(&sc, &fresh), 420);
    session_close(&fresh);
    assert_ptr_equal(session_world(&s), was);   // the same World, from its snapshot
    assert_int_equal(sc.cur, 700);
    assert_int_equal(sc.head, 700);        // checked from 420 on the way
    assert_true(world_hash(session_world(&s)) == want[700]);
    assert_string_equal(script_path(session_script(&s)), edited);
    // What a scrub of the edited file from tick 0 finds.
    Session s2;
    Scrub sc2;
    open_scrub(&s2, &sc2, edited);
    scrub_seek(&sc2, 700);
    assert_true(world_hash(session_world(&s2)) == want[700]);
    while (!scrub_verified(&sc2)) scrub_scan_ahead(&sc2, 200);
    while (!scrub_verified(&sc)) scrub_scan_ahead(&sc, 200);
    assert_int_equal(sc.fail_tick, 480);
    assert_int_equal(sc2.fail_tick, 480);
    assert_string_equal(sc.fail_msg, sc2.fail_msg);
    assert_int_equal(sc.sums_ok, sc2.sums_ok);
    assert_int_equal(sc.sums_total, sc2.sums_total);
    // Seeking anywhere agrees with the run from 0.
    for (int64_t t = 5; t < TICKS; t += 97) {
        scrub_seek(&sc, t);
        assert_true(world_hash(session_world(&s)) == want[t]);
    }
    scrub_free(&sc2);
    session_close(&s2);
    scrub_free(&sc);
    session_close(&s);
}

// rpl without its checksums, with `extra` before its end line, the jump of
// tick 450 at `jump` instead, written to name in tmp_dir.
static void checked_copy(const char *name, const char *extra, int jump, char *path, size_t n) {
    fs_join(tmp_dir, name, path, n);
    char *text = fixture_get(rpl), *out = mem_alloc(1 << 16, 1);
    size_t o = 0;
    for (char *line = text; *line;) {
        char *nl = strchr(line, '\n');
        size_t len = nl ? (size_t)(nl - line) + 1 : strlen(line);
        char was = line[len - 1];
        line[len - 1] = 0;                 // strstr within the line
        bool sum = strstr(line, " checksum ") != NULL;
        line[len - 1] = was;
        if (!strncmp(line, "end ", 4)) o += (size_t)snprintf(out + o, (1 << 16) - o, "%s", extra);
        if (!strncmp(line, "at 450 down jump", 16)) o += (size_t)snprintf(out + o, (1 << 16) - o, "at %d down jump\n", jump);
        else if (!sum) o += (size_t)snprintf(out + o, (1 << 16) - o, "%.*s", (int)len, line);
        line += len;
    }
    fixture_put(path, out);
    mem_free(out);
    mem_free(text);
}

// The checks' progress goes back with the snapshot: a `sometime` that held
// only before it (the shots fired by tick 100) still held after the re-run
// (a run started afresh at the snapshot would find it never held), and an
// `always` open across it is checked on from there, as a run from 0 does.
static void test_rerun_keeps_progress(void **state) {
    (void)state;
    Session s;
    SessionSetup su = setup();
    assert_int_equal(session_open_level(&s, LEVEL, &su), 0);
    for (int64_t t = 0; t <= 100; t++) session_step(&s, &(Input){pattern(t).buttons});
    int shots = session_world(&s)->player.shots;
    session_close(&s);
    char checks[200], before[1200], after[1200];
    snprintf(checks, sizeof checks, "sometime 50 800 player.shots <= %d\nalways 0 899 player.hp >= 1\n", shots);
    checked_copy("progress.script", checks, 450, before, sizeof before);
    checked_copy("progress2.script", checks, 452, after, sizeof after);
    Scrub sc;
    open_scrub(&s, &sc, before);
    while (!scrub_verified(&sc)) scrub_scan_ahead(&sc, 200);
    assert_int_equal(sc.fail_tick, -1);
    scrub_seek(&sc, 600);
    Session fresh;
    assert_int_equal(session_open_script(&fresh, after, &su), 0);
    assert_int_equal(scrub_rerun(&sc, &fresh), 420);
    session_close(&fresh);
    while (!scrub_verified(&sc)) scrub_scan_ahead(&sc, 200);
    Session s2;
    Scrub sc2;
    open_scrub(&s2, &sc2, after);
    while (!scrub_verified(&sc2)) scrub_scan_ahead(&sc2, 200);
    assert_int_equal(sc.fail_tick, sc2.fail_tick);
    assert_string_equal(sc.fail_msg, sc2.fail_msg);
    assert_int_equal(sc.fail_tick, -1);
    size_t used = sc.st.used;              // every 60th tick kept
    scrub_free(&sc2);
    session_close(&s2);
    scrub_free(&sc);
    session_close(&s);
    // A store so tight its interval widens: the marks thin with the
    // snapshots (one per snapshot kept), and a re-run still agrees.
    open_scrub(&s, &sc, before);
    sc.st.budget = used / 4;
    while (!scrub_verified(&sc)) scrub_scan_ahead(&sc, 200);
    assert_true(sc.st.interval > SNAP_FIRST_INTERVAL);
    assert_int_equal(sc.mark_n, sc.st.n);
    for (int i = 0; i < sc.mark_n; i++) assert_int_equal(sc.marks[i].tick, sc.st.snaps[i].tick);
    scrub_seek(&sc, 600);
    assert_int_equal(session_open_script(&fresh, after, &su), 0);
    int64_t from = scrub_rerun(&sc, &fresh);
    session_close(&fresh);
    assert_true(from >= 0 && from < 450 && from % sc.st.interval == 0);
    static uint64_t want[TICKS];
    hashes_of(after, want, TICKS);
    assert_true(world_hash(session_world(&s)) == want[600]);
    while (!scrub_verified(&sc)) scrub_scan_ahead(&sc, 200);
    assert_int_equal(sc.fail_tick, -1);
    scrub_free(&sc);
    session_close(&s);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_seek_anywhere),
        cmocka_unit_test(test_desync_found_ahead),
        cmocka_unit_test(test_take_over),
        cmocka_unit_test(test_rerun_from_snapshot),
        cmocka_unit_test(test_rerun_keeps_progress),
    };
    return cmocka_run_group_tests(tests, make_files, remove_files);
}
