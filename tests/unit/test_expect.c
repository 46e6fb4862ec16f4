// test_expect.c -- harness/expect (tests written by playing): a line written
// from the state at a tick holds when the script runs headless, fails when
// the run differs, and goes in before the `end` line keeping the line ends.
// Run from the repository root.
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
#include "harness/expect.h"
#include "harness/session.h"

static char tmp_dir[] = "/tmp/test_expect_XXXXXX";

static int setup_dir(void **state) {
    (void)state;
    return mkdtemp(tmp_dir) ? 0 : -1;
}

static int teardown_dir(void **state) {
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", tmp_dir);
    return system(cmd) == 0 ? 0 : -1;
}

// The script: the flat room, walking `dir` from tick 0, to tick 90.
static void script_text(const char *dir, char *buf, size_t n) {
    char cwd[1024];
    assert_non_null(getcwd(cwd, sizeof cwd));
    snprintf(buf, n, "bossrush-script 1\nlevel %s/levels/test/flat.lvl\nat 0 down %s\nat 20 tap jump\nend 90\n", cwd,
             dir);
}

// Runs the script at path to its end: the exit code.
static int run(const char *path) {
    Session s;
    SessionSetup setup = {0};
    int rc = session_open_script(&s, path, &setup);
    while (rc == 0 && !session_done(&s))
        if (!session_step(&s, NULL)) rc = session_rc(&s);
    if (rc == 0) rc = session_finish(&s);
    session_close(&s);
    return rc;
}

// The expect line of probe name after tick t of the script at path.
static void line_at(const char *path, int64_t t, const char *name, char *buf, size_t n) {
    Session s;
    SessionSetup setup = {0};
    assert_int_equal(session_open_script(&s, path, &setup), 0);
    while (session_tick(&s) < t) assert_true(session_step(&s, NULL));
    assert_true(expect_line(session_world(&s), probe_find(name, strlen(name)), buf, n));
    session_close(&s);
}

static void test_written_line_passes(void **state) {
    (void)state;
    char text[2048], right[1200], left[1200];
    script_text("right", text, sizeof text);
    snprintf(right, sizeof right, "%s/right.script", tmp_dir);
    fixture_put(right, text);
    script_text("left", text, sizeof text);
    snprintf(left, sizeof left, "%s/left.script", tmp_dir);
    fixture_put(left, text);
    char lx[200], ls[200], other[200];
    line_at(right, 45, "player.x", lx, sizeof lx);
    line_at(right, 45, "player.state", ls, sizeof ls);
    line_at(left, 45, "player.x", other, sizeof other);
    assert_true(!strcmp(ls, "at 45 expect player.state == ground") || !strcmp(ls, "at 45 expect player.state == air"));
    assert_true(strncmp(lx, "at 45 expect player.x == ", 25) == 0);
    assert_string_not_equal(lx, other);
    // Both lines in the right-walking script: it passes headless.
    char *t0 = fixture_get(right);
    size_t n1 = 0, n2 = 0;
    char *t1 = expect_insert(t0, strlen(t0), lx, &n1);
    char *t2 = expect_insert(t1, n1, ls, &n2);
    fixture_put(right, t2);
    assert_int_equal(run(right), 0);
    // The left-walking run's x in the right-walking script fails.
    size_t n3 = 0;
    char *t3 = expect_insert(t0, strlen(t0), other, &n3);
    fixture_put(right, t3);
    assert_int_equal(run(right), 1);
    mem_free(t0);
    mem_free(t1);
    mem_free(t2);
    mem_free(t3);
}

static void test_insert_places(void **state) {
    (void)state;
    size_t n = 0;
    const char *ta = "bossrush-script 1\nlevel x\nend 9\nat 1 down left\n", *tb = "bossrush-script 1\r\nlevel x\r\n  end 9\r\n";
    char *a = expect_insert(ta, strlen(ta), "at 3 expect tick == 3", &n);
    assert_string_equal(a, "bossrush-script 1\nlevel x\nat 3 expect tick == 3\nend 9\nat 1 down left\n");
    assert_int_equal(n, strlen(a));
    char *b = expect_insert(tb, strlen(tb), "L", &n);
    assert_string_equal(b, "bossrush-script 1\r\nlevel x\r\nL\r\n  end 9\r\n");
    char *c = expect_insert("bossrush-script 1\nlevel x", 25, "L", &n);
    assert_string_equal(c, "bossrush-script 1\nlevel x\nL\n");
    // "endless" is not the end line.
    char *d = expect_insert("# endless\nend 5\n", 16, "L", &n);
    assert_string_equal(d, "# endless\nL\nend 5\n");
    mem_free(a);
    mem_free(b);
    mem_free(c);
    mem_free(d);
}

// The range lines of probe name over ticks a..b of the script at path.
static int range_at(const char *path, int64_t a, int64_t b, const char *name, char *buf, size_t n) {
    Session s;
    SessionSetup setup = {0};
    ExpectRange r;
    expect_range_begin(&r, probe_find(name, strlen(name)));
    assert_int_equal(session_open_script(&s, path, &setup), 0);
    while (session_tick(&s) < b) {
        assert_true(session_step(&s, NULL));
        if (session_tick(&s) >= a) expect_range_add(&r, session_world(&s));
    }
    session_close(&s);
    return expect_range_lines(&r, buf, n);
}

// Inserts each '\n'-ended line of lines into the script at path.
static void insert_lines(const char *path, const char *lines) {
    char *t = fixture_get(path);
    size_t len = strlen(t);
    for (const char *l = lines; *l;) {
        const char *nl = strchr(l, '\n');
        char one[300];
        snprintf(one, sizeof one, "%.*s", (int)(nl - l), l);
        char *u = expect_insert(t, len, one, &len);
        mem_free(t);
        t = u;
        l = nl + 1;
    }
    fixture_put(path, t);
    mem_free(t);
}

// A range written from ticks 30..60 of a run passes headless; the same
// range from the other run (walking the other way) fails it.
static void test_range_lines_pass(void **state) {
    (void)state;
    char text[2048], right[1200], left[1200], lx[700], ls[700], other[700];
    script_text("right", text, sizeof text);
    snprintf(right, sizeof right, "%s/range-right.script", tmp_dir);
    fixture_put(right, text);
    script_text("left", text, sizeof text);
    snprintf(left, sizeof left, "%s/range-left.script", tmp_dir);
    fixture_put(left, text);
    assert_int_equal(range_at(right, 30, 60, "player.x", lx, sizeof lx), 2);
    assert_true(strncmp(lx, "always 30 60 player.x >= ", 25) == 0);
    assert_non_null(strstr(lx, "\nalways 30 60 player.x <= "));
    // The state over a jump (tap at 20): not all three states, so one line.
    assert_int_equal(range_at(right, 0, 89, "player.state", ls, sizeof ls), 1);
    assert_true(strncmp(ls, "always 0 89 player.state ", 25) == 0);
    // Unchanging: one == line.
    char lt[300];
    assert_int_equal(range_at(right, 10, 40, "game.state", lt, sizeof lt), 1);
    assert_string_equal(lt, "always 10 40 game.state == playing\n");
    assert_true(range_at(left, 30, 60, "player.x", other, sizeof other) >= 1);     // at the left wall: one line
    assert_string_not_equal(lx, other);
    char *t0 = fixture_get(right);
    insert_lines(right, lx);
    insert_lines(right, ls);
    insert_lines(right, lt);
    assert_int_equal(run(right), 0);
    fixture_put(right, t0);
    insert_lines(right, other);
    assert_int_equal(run(right), 1);
    mem_free(t0);
    // Too small a buffer, or nothing added: no line.
    ExpectRange r;
    expect_range_begin(&r, probe_find("player.x", 8));
    assert_int_equal(expect_range_lines(&r, lt, sizeof lt), 0);
    assert_int_equal(range_at(left, 30, 60, "player.y", lt, 20), 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_written_line_passes),
        cmocka_unit_test(test_insert_places),
        cmocka_unit_test(test_range_lines_pass),
    };
    return cmocka_run_group_tests(tests, setup_dir, teardown_dir);
}
