// test_session.c -- harness/session on real files (run from the repository
// root): a bare arena, a script recorded and replayed in sync, the leg
// profiles' hash in recordings (a changed profile folder fails at open with
// exit code 1, an old replay without the hash still loads, comments do not
// count), missing and malformed profiles, rebless, a missing level; a
// session that is not open reads as no World and rc 2.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fixtures.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/fs.h"
#include "core/mem.h"
#include "harness/profiles.h"
#include "harness/session.h"

static char tmp_dir[] = "/tmp/test_session_XXXXXX";
static char path_buf[8][1200];

// tmp_dir/name (a few at a time).
static const char *tmp_path(const char *name) {
    static int k;
    char *b = path_buf[k++ % 8];
    fs_join(tmp_dir, name, b, sizeof path_buf[0]);
    return b;
}

static void put(const char *path, const char *text) { fixture_put(path, text); }

static char *get(const char *path) { return fixture_get(path); }

// A copy of assets/legs in tmp_dir/<name>, with `from` replaced by `to` in
// front-left.leg (when from is not NULL).
static const char *legs_copy(const char *name, const char *from, const char *to) {
    const char *dir = tmp_path(name);
    assert_true(fs_make_dirs(dir));
    for (int i = 0; i < LEGS_COUNT; i++) {
        char src[256], dst[1300];
        snprintf(src, sizeof src, "assets/legs/%s.leg", legs_name(i));
        snprintf(dst, sizeof dst, "%s/%s.leg", dir, legs_name(i));
        char *text = get(src);
        char *at = (i == 0 && from) ? strstr(text, from) : NULL;
        if (from && i == 0) assert_non_null(at);
        char out[8192];
        if (at) snprintf(out, sizeof out, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
        else snprintf(out, sizeof out, "%s", text);
        put(dst, out);
        mem_free(text);
    }
    return dir;
}

static int setup_dir(void **state) {
    (void)state;
    return mkdtemp(tmp_dir) ? 0 : -1;
}

static int teardown_dir(void **state) {
    (void)state;
    fixture_rm_dir(tmp_dir);
    return 0;
}

// Runs an opened script session to its end; returns the verdict.
static int run_to_end(Session *s) {
    while (!session_done(s))
        if (!session_step(s, NULL)) return session_rc(s);
    return session_finish(s);
}

static uint64_t shipped_hash(void) {
    LegProfile prof[LEGS_COUNT];
    fixture_profiles(prof);
    return legs_profiles_hash(prof);
}

static void test_bare_arena(void **state) {
    (void)state;
    Session s;
    SessionSetup setup = {.legs_dir = "assets/legs", .use_seed = true, .seed = 5};
    assert_int_equal(session_open_level(&s, "levels/test/flat.lvl", &setup), 0);
    assert_non_null(session_world(&s));
    assert_null(session_script(&s));
    assert_string_equal(session_warning(&s), "");
    assert_true(session_profiles_hash(&s) == shipped_hash());
    assert_memory_equal(session_world(&s)->player.legs.prof, session_profiles(&s),
                        LEGS_COUNT * sizeof *session_profiles(&s));   // the World has them
    Input in = {BTN_RIGHT};
    for (int t = 0; t < 30; t++) assert_true(session_step(&s, &in));
    assert_int_equal(session_tick(&s), 29);
    assert_false(session_done(&s));
    assert_int_equal(session_finish(&s), 0);
    session_close(&s);
    assert_int_equal(session_open_level(&s, "levels/test/no-such.lvl", &setup), 2);
    assert_non_null(strstr(session_message(&s), "no-such.lvl: cannot open the level"));
    session_close(&s);
}

// A session that is not open (zero, or closed) answers every accessor
// without a World: nothing to step, an empty level, rc 2; closing it
// again is harmless.
static void test_not_open(void **state) {
    (void)state;
    Session s = {0};
    assert_null(session_world(&s));
    assert_null(session_world_mut(&s));
    assert_int_equal(session_tick(&s), -1);
    assert_null(session_script(&s));
    assert_non_null(session_level(&s));
    assert_string_equal(session_level(&s)->name, "");
    assert_int_equal(session_rc(&s), 2);
    assert_string_equal(session_message(&s), "bossrush: out of memory");
    assert_string_equal(session_warning(&s), "");
    assert_string_equal(session_level_file(&s), "");
    assert_false(session_step(&s, NULL));
    assert_false(session_done(&s));
    assert_false(session_recording(&s));
    session_remove_sink(&s, &s);
    session_close(&s);
    SessionSetup setup = {.legs_dir = "assets/legs"};
    assert_int_equal(session_open_level(&s, "levels/test/flat.lvl", &setup), 0);
    assert_int_equal(session_rc(&s), 0);
    assert_string_equal(session_message(&s), "");
    assert_string_equal(session_level_file(&s), "levels/test/flat.lvl");
    session_close(&s);
    assert_null(session_world(&s));
    session_close(&s);
}

// Records a climbing script into tmp_dir/climb.rpl with the shipped legs.
static const char *record_climb(void) {
    char cwd[1024], text[1400];
    assert_non_null(getcwd(cwd, sizeof cwd));
    snprintf(text, sizeof text,
             "bossrush-script 1\nlevel %s/levels/test/climb-wall.lvl\nat 0 down right\nat 2 down jump\n"
             "at 16 up jump\nat 30 up right\nat 30 down up\nat 130 up up\nalways 20 130 player.legs == 4\n"
             "end 140\n", cwd);
    const char *script = tmp_path("climb.script"), *rpl = tmp_path("climb.rpl");
    put(script, text);
    Session s;
    SessionSetup setup = {.legs_dir = "assets/legs"};
    assert_int_equal(session_open_script(&s, script, &setup), 0);
    assert_true(session_record(&s, rpl));
    assert_int_equal(run_to_end(&s), 0);                  // it climbs: the legs matter
    char why[256];
    assert_true(session_save_recording(&s, why, sizeof why));
    session_close(&s);
    return rpl;
}

// A script's setup lines reach the World, and a recording of it writes them.
static void test_setup_lines(void **state) {
    (void)state;
    char cwd[1024], text[1400];
    assert_non_null(getcwd(cwd, sizeof cwd));
    snprintf(text, sizeof text,
             "bossrush-script 1\nlevel %s/levels/test/flat.lvl\ndifficulty hard\nassist wiggle\nhearts 3\n"
             "at 0 down right\nend 20\n", cwd);
    const char *script = tmp_path("setup.script"), *rpl = tmp_path("setup.rpl");
    put(script, text);
    Session s;
    SessionSetup setup = {.legs_dir = "assets/legs"};
    assert_int_equal(session_open_script(&s, script, &setup), 0);
    assert_int_equal(session_world(&s)->difficulty, DIFFICULTY_HARD);
    assert_true(session_world(&s)->assist_wiggle);
    assert_int_equal(session_world(&s)->player.hp, 3);
    assert_true(session_record(&s, rpl));
    assert_int_equal(run_to_end(&s), 0);
    char why[256];
    assert_true(session_save_recording(&s, why, sizeof why));
    session_close(&s);
    char *out = get(rpl);
    assert_non_null(strstr(out, "\ndifficulty hard\nassist wiggle\nhearts 3\n"));
    mem_free(out);
    // A bare arena takes them from the setup; a plain one starts with full hearts.
    SessionSetup live = {.legs_dir = "assets/legs", .difficulty = DIFFICULTY_EASY, .start_hp = 2};
    assert_int_equal(session_open_level(&s, "levels/test/flat.lvl", &live), 0);
    assert_int_equal(session_world(&s)->difficulty, DIFFICULTY_EASY);
    assert_int_equal(session_world(&s)->player.hp, 2);
    session_close(&s);
    assert_int_equal(session_open_level(&s, "levels/test/flat.lvl", &setup), 0);
    assert_int_equal(session_world(&s)->player.hp, session_world(&s)->player.hp_max);
    session_close(&s);
}

static void test_record_and_replay(void **state) {
    (void)state;
    const char *rpl = record_climb();
    char *text = get(rpl);
    char want[64];
    snprintf(want, sizeof want, " legs=%016llx\n", (unsigned long long)shipped_hash());
    assert_non_null(strstr(text, want));                  // the level line carries the profiles' hash
    mem_free(text);
    Session s;
    SessionSetup setup = {.legs_dir = "assets/legs"};
    assert_int_equal(session_open_script(&s, rpl, &setup), 0);
    assert_int_equal(run_to_end(&s), 0);
    assert_int_equal(session_tick(&s), 140);
    session_close(&s);
}

static void test_changed_profiles(void **state) {
    (void)state;
    const char *rpl = record_climb();
    Session s;
    // One number changed: exit code 1 before any tick, and a message that
    // says so with both hashes, at the token's line and column.
    SessionSetup changed = {.legs_dir = legs_copy("legs-changed", "lift_max 7 ", "lift_max 7.5 ")};
    assert_int_equal(session_open_script(&s, rpl, &changed), 1);
    assert_int_equal(session_rc(&s), 1);
    char want[1400];
    snprintf(want, sizeof want, "%s:3:", rpl);
    assert_non_null(strstr(session_message(&s), want));
    assert_non_null(strstr(session_message(&s), "leg profiles changed since the replay was recorded"));
    snprintf(want, sizeof want, "the replay has leg profiles hash %016llx", (unsigned long long)shipped_hash());
    assert_non_null(strstr(session_message(&s), want));
    assert_non_null(strstr(session_message(&s), changed.legs_dir));
    assert_true(session_profiles_hash(&s) != shipped_hash());
    session_close(&s);
    // Only a comment changed: the values are the same, so is the hash.
    SessionSetup comment = {.legs_dir = legs_copy("legs-comment", "# bone root", "# the bone from root")};
    assert_int_equal(session_open_script(&s, rpl, &comment), 0);
    assert_int_equal(run_to_end(&s), 0);
    session_close(&s);
    // An old replay (no legs= token) still loads with changed profiles, and
    // a rebless keeps its form (no token added).
    assert_int_equal(session_open_script(&s, "tests/replays/flat-walk.rpl", &changed), 0);
    session_close(&s);
    char cwd[1024], old[1400];
    assert_non_null(getcwd(cwd, sizeof cwd));
    char *flat = get("tests/replays/flat-walk.rpl");
    const char *old_rpl = tmp_path("old.rpl");
    char *lvl = strstr(flat, "level ../../levels/");
    assert_non_null(lvl);
    snprintf(old, sizeof old, "%.*slevel %s/levels/%s", (int)(lvl - flat), flat, cwd, lvl + strlen("level ../../levels/"));
    put(old_rpl, old);
    mem_free(flat);
    SessionSetup old_rebless = {.legs_dir = "assets/legs", .rebless = true};
    assert_int_equal(session_open_script(&s, old_rpl, &old_rebless), 0);
    assert_int_equal(run_to_end(&s), 0);
    assert_int_equal(session_rebless(&s), 0);
    session_close(&s);
    char *after = get(old_rpl), *level_line = strstr(after, "\nlevel ");
    assert_non_null(level_line);
    assert_null(strstr(level_line, " legs="));            // the level line and what follows
    mem_free(after);
    // Rebless writes the new hash; the replay then plays with the new legs.
    SessionSetup rebless = changed;
    rebless.rebless = true;
    assert_int_equal(session_open_script(&s, rpl, &rebless), 0);
    assert_int_equal(run_to_end(&s), 0);
    assert_int_equal(session_rebless(&s), 0);
    session_close(&s);
    assert_int_equal(session_open_script(&s, rpl, &changed), 0);
    assert_int_equal(run_to_end(&s), 0);
    session_close(&s);
    assert_int_equal(session_open_script(&s, rpl, &(SessionSetup){.legs_dir = "assets/legs"}), 1);
    session_close(&s);
}

static void test_missing_and_malformed_profiles(void **state) {
    (void)state;
    Session s;
    SessionSetup setup = {.legs_dir = tmp_path("no-legs-here")};
    assert_int_equal(session_open_level(&s, "levels/test/flat.lvl", &setup), 0);
    assert_non_null(strstr(session_warning(&s), "front-left.leg: cannot open leg profile"));
    assert_non_null(strstr(session_warning(&s), "(using the built-in leg profiles)"));
    assert_true(session_profiles_hash(&s) == shipped_hash());   // the built-in profiles are the shipped files
    session_close(&s);
    // No folder given: the built-in profiles, silently.
    assert_int_equal(session_open_level(&s, "levels/test/flat.lvl", NULL), 0);
    assert_string_equal(session_warning(&s), "");
    assert_true(session_profiles_hash(&s) == shipped_hash());
    session_close(&s);
    setup.legs_dir = legs_copy("legs-bad", "\nupper ", "\nupper -3 #");   // the old value becomes a comment
    assert_int_equal(session_open_level(&s, "levels/test/flat.lvl", &setup), 2);
    assert_null(session_world(&s));
    assert_non_null(strstr(session_message(&s), "front-left.leg:6:7: expected a number in 1..200"));
    session_close(&s);
}

static void test_script_errors(void **state) {
    (void)state;
    Session s;
    const char *script = tmp_path("missing-level.script");
    put(script, "bossrush-script 1\n\nlevel nowhere/at-all.lvl\nend 5\n");
    assert_int_equal(session_open_script(&s, script, NULL), 2);
    char want[1400];
    snprintf(want, sizeof want, "%s:3:7: cannot open level file 'nowhere/at-all.lvl': ", script);
    assert_non_null(strstr(session_message(&s), want));
    session_close(&s);
    assert_int_equal(session_open_script(&s, "tests/bad/level-changed.rpl", NULL), 1);
    assert_non_null(strstr(session_message(&s), "level changed since the replay was recorded"));
    session_close(&s);
    assert_int_equal(session_open_script(&s, "tests/scripts/fail-expect.script", NULL), 0);
    assert_int_equal(run_to_end(&s), 1);
    assert_non_null(strstr(session_message(&s), "fail-expect.script:8:1: tick 30: expected tick == 31, got 30"));
    assert_false(session_step(&s, NULL));                  // a failed run steps no more
    assert_int_equal(session_tick(&s), 30);
    session_close(&s);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bare_arena),
        cmocka_unit_test(test_not_open),
        cmocka_unit_test(test_setup_lines),
        cmocka_unit_test(test_record_and_replay),
        cmocka_unit_test(test_changed_profiles),
        cmocka_unit_test(test_missing_and_malformed_profiles),
        cmocka_unit_test(test_script_errors),
    };
    return cmocka_run_group_tests(tests, setup_dir, teardown_dir);
}
