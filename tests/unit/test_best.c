// test_best.c -- platform/best: keys, time text, records (only a faster
// time replaces one), the KEY TICKS format read and written back with
// unknown keys kept, malformed lines ignored with the first one named, and
// the files: a corrupt best.txt keeps its good lines and is copied to
// best.txt.bad before anything is written; a folder or a pipe in its place
// is never written over.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fixtures.h"

#include <sys/stat.h>

#include "platform/best.h"

static void test_keys_and_text(void **state) {
    (void)state;
    char k[BEST_KEY_MAX], t[32];
    best_key_arena(k, sizeof k, "/usr/share/bossrush/levels/01-tetran.lvl", 0x0123456789abcdefull, DIFFICULTY_HARD);
    assert_string_equal(k, "arena.hard.01-tetran.88888888");
    best_key_arena(k, sizeof k, "my arena #2.tmj", 1, DIFFICULTY_NORMAL);
    assert_string_equal(k, "arena.normal.my_arena__2.00000001");
    best_key_arena(k, sizeof k, "x.v2.lvl", 0, DIFFICULTY_EASY);
    assert_string_equal(k, "arena.easy.x.v2.00000000");
    best_key_arena_legacy(k, sizeof k, "/usr/share/bossrush/levels/01-tetran.lvl", DIFFICULTY_HARD);
    assert_string_equal(k, "arena.hard.01-tetran");
    // Arenas that share a name (another folder), or read the same once made
    // key-safe, keep their own records: the level text's hash differs.
    char k2[BEST_KEY_MAX];
    best_key_arena(k, sizeof k, "my arena.lvl", 5, DIFFICULTY_NORMAL);
    best_key_arena(k2, sizeof k2, "my_arena.lvl", 6, DIFFICULTY_NORMAL);
    assert_string_not_equal(k, k2);
    // A long name (the audit's 82 bytes and more) still makes a key that
    // best.txt reads back: the name is cut, the hash kept.
    char long_name[300];
    memset(long_name, 'n', 200);
    snprintf(long_name + 200, sizeof long_name - 200, ".lvl");
    best_key_arena(k, sizeof k, long_name, 0xabcdef12ull, DIFFICULTY_NORMAL);
    assert_true(strlen(k) < BEST_KEY_MAX - 1);
    BestTimes bt;
    best_clear(&bt);
    assert_true(best_offer(&bt, k, 300));
    char text[512];
    assert_true(best_format(&bt, text, sizeof text) > 0);
    ParseError perr;
    assert_int_equal(best_parse(&bt, text, strlen(text), "best.txt", &perr), 0);
    assert_int_equal(best_get(&bt, k), 300);
    // A record under the legacy key moves to the hashed one, once.
    best_clear(&bt);
    best_offer(&bt, "arena.normal.01-tetran", 2471);
    assert_int_equal(best_get_arena(&bt, "levels/01-tetran.lvl", 7, DIFFICULTY_NORMAL, k, sizeof k), 2471);
    assert_string_equal(k, "arena.normal.01-tetran.00000007");
    assert_int_equal(best_get(&bt, k), 2471);
    assert_true(best_offer(&bt, k, 2000));
    assert_int_equal(best_get_arena(&bt, "levels/01-tetran.lvl", 7, DIFFICULTY_NORMAL, k, sizeof k), 2000);
    best_key_rush(k, sizeof k, DIFFICULTY_EASY);
    assert_string_equal(k, "rush.easy");
    best_time_text(0, t, sizeof t);
    assert_string_equal(t, "0:00.00");
    best_time_text(61, t, sizeof t);              // 1.0166 s
    assert_string_equal(t, "0:01.01");
    best_time_text(60 * 75 + 30, t, sizeof t);    // 75.5 s
    assert_string_equal(t, "1:15.50");
    best_time_text(60 * 3600, t, sizeof t);
    assert_string_equal(t, "60:00.00");
}

static void test_records(void **state) {
    (void)state;
    BestTimes *b = calloc(1, sizeof *b);
    assert_int_equal(best_get(b, "rush.normal"), 0);
    assert_true(best_offer(b, "rush.normal", 5000));       // the first is a new best
    assert_false(best_offer(b, "rush.normal", 5000));      // a tie is not
    assert_false(best_offer(b, "rush.normal", 6000));
    assert_true(best_offer(b, "rush.normal", 4999));
    assert_int_equal(best_get(b, "rush.normal"), 4999);
    assert_true(best_offer(b, "rush.hard", 7000));         // difficulties are separate
    assert_int_equal(best_get(b, "rush.normal"), 4999);
    assert_false(best_offer(b, "rush.normal", 0));
    assert_false(best_offer(b, "", 10));
    assert_int_equal(b->count, 2);
    free(b);
}

static void test_format(void **state) {
    (void)state;
    BestTimes *b = calloc(1, sizeof *b), *c = calloc(1, sizeof *c);
    ParseError e;
    const char *text = "\xEF\xBB\xBF# best\r\narena.normal.01-tetran 2471\r\nrush.normal 9120\r\n"
                       "combo.normal.01-tetran 17\r\n";
    assert_int_equal(best_parse(b, text, strlen(text), "best.txt", &e), 0);
    assert_int_equal(b->count, 3);
    assert_int_equal(best_get(b, "arena.normal.01-tetran"), 2471);
    assert_int_equal(best_get(b, "combo.normal.01-tetran"), 17);   // a key of a newer version: kept
    char buf[4096];
    size_t n = best_format(b, buf, sizeof buf);
    assert_true(n > 0);
    assert_non_null(strstr(buf, "\narena.normal.01-tetran 2471\nrush.normal 9120\ncombo.normal.01-tetran 17\n"));
    assert_int_equal(best_parse(c, buf, n, "best.txt", &e), 0);
    assert_memory_equal(c->e, b->e, sizeof b->e[0] * 3);
    assert_int_equal(best_format(b, buf, 30), 0);
    // Malformed lines are ignored; the first is named.
    const char *bad = "rush.easy 100\nrush.hard\nrush.normal -5\nrush.normal 12 13\nrush.easy 90\n"
                      "arena.x 1000000001\n\x01\x02 zz\nrush.normal 300\n\x01\x02 5\narena.x\x7f 5\n";
    memset(&e, 0, sizeof e);
    assert_int_equal(best_parse(b, bad, strlen(bad), "best.txt", &e), 8);
    assert_int_equal(e.line, 2);
    assert_int_equal(e.col, 10);
    assert_int_equal(b->count, 2);
    assert_int_equal(best_get(b, "rush.easy"), 100);          // the first of a repeated key counts
    assert_int_equal(best_get(b, "rush.normal"), 300);
    // Bytes no key holds (random bytes before a number are no record).
    assert_int_equal(best_parse(b, "rush.x\x01y 5\n", 11, "best.txt", &e), 1);
    assert_int_equal(e.col, 7);
    assert_int_equal(b->count, 0);
    free(b);
    free(c);
}

static void test_files(void **state) {
    (void)state;
    char dir[] = "/tmp/test_best_XXXXXX", p[600], q[700];
    fixture_tmp_dir(dir);
    fs_join(dir, "best.txt", p, sizeof p);
    snprintf(q, sizeof q, "%s.bad", p);
    BestTimes *b = calloc(1, sizeof *b);
    assert_true(best_load(b, p));                  // missing: empty, writable
    assert_int_equal(b->count, 0);
    assert_true(best_offer(b, "rush.normal", 9000));
    assert_true(best_save(b, p));
    assert_true(best_load(b, p));
    assert_int_equal(best_get(b, "rush.normal"), 9000);
    assert_false(fs_is_file(q));
    // Corrupt: the good lines stay, the file as it was goes to best.txt.bad.
    const char *corrupt = "rush.normal 9000\nrush.hard ???\n";
    fixture_put(p, corrupt);
    assert_true(best_load(b, p));
    assert_int_equal(best_get(b, "rush.normal"), 9000);
    char *kept = fixture_get(q);
    assert_string_equal(kept, corrupt);
    mem_free(kept);
    assert_true(best_save(b, p));
    BestTimes *c = calloc(1, sizeof *c);
    assert_true(best_load(c, p));
    assert_int_equal(c->count, 1);
    // A folder in its place: empty, not writable, and it stays a folder.
    fs_join(dir, "folder", q, sizeof q);
    assert_true(fs_make_dirs(q));
    assert_false(best_load(c, q));
    assert_int_equal(c->count, 0);
    assert_true(fs_is_dir(q));
    fs_join(dir, "pipe", q, sizeof q);
    assert_int_equal(mkfifo(q, 0600), 0);
    assert_false(best_load(c, q));
    free(b);
    free(c);
    fixture_rm_dir(dir);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_keys_and_text),
        cmocka_unit_test(test_records),
        cmocka_unit_test(test_format),
        cmocka_unit_test(test_files),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
