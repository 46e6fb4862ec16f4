// test_replays.c -- the replay folder (platform/replays.h): names made and
// read back, names that are not ours, newest-first listing, a second file
// in the same second, the best run per arena and difficulty, and pruning:
// the newest REPLAYS_KEEP kept, every arena's and difficulty's best kept
// however old, other files in the folder never touched.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fixtures.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "platform/replays.h"

static char dir[] = "/tmp/test_replays_XXXXXX";

static int setup_dir(void **state) {
    (void)state;
    return mkdtemp(dir) ? 0 : -1;
}

static int teardown_dir(void **state) {
    (void)state;
    fixture_rm_dir(dir);
    return 0;
}

static void test_names(void **state) {
    (void)state;
    ReplayInfo r0;
    char a[REPLAYS_ARENA_MAX];
    replays_arena_of("levels/01-tetran.lvl", 0x0123456789abcdefull, a, sizeof a);
    assert_string_equal(a, "01-tetran-88888888");         // the hash's two halves xor'ed
    replays_arena_of("/x/y/my_arena v2.tmj", 1, a, sizeof a);
    assert_string_equal(a, "my-arena-v2-00000001");
    // Names that read the same once made file-safe stay apart by their hash;
    // a long name is cut, never the hash (the name still parses).
    char b[REPLAYS_ARENA_MAX];
    replays_arena_of("my arena.lvl", 11, a, sizeof a);
    replays_arena_of("my-arena.lvl", 12, b, sizeof b);
    assert_string_not_equal(a, b);
    char long_name[300];
    memset(long_name, 'x', 250);
    snprintf(long_name + 250, sizeof long_name - 250, ".lvl");
    replays_arena_of(long_name, 0xffffffffull, a, sizeof a);
    assert_int_equal(strlen(a), REPLAYS_STEM_MAX + 9);
    assert_string_equal(a + REPLAYS_STEM_MAX, "-ffffffff");
    char file[200];
    snprintf(file, sizeof file, "20250611-203015_%s_normal_won_5.rpl", a);
    assert_true(replays_parse_name(file, &r0));
    ReplayInfo r;
    assert_true(replays_parse_name("20250611-203015_01-tetran_normal_won_5234.rpl", &r));
    assert_string_equal(r.stamp, "20250611-203015");
    assert_int_equal(r.dup, 1);
    assert_string_equal(r.arena, "01-tetran");
    assert_int_equal(r.difficulty, DIFFICULTY_NORMAL);
    assert_string_equal(r.result, "won");
    assert_int_equal(r.ticks, 5234);
    assert_true(replays_parse_name("20250611-203015-3_a_hard_quit_0.rpl", &r));
    assert_int_equal(r.dup, 3);
    assert_int_equal(r.difficulty, DIFFICULTY_HARD);
    static const char *const bad[] = {
        "mine.rpl", "20250611-203015_a_normal_won_1.txt", "20250611-203015_a_normal_won_1_x.rpl",
        "20250611-203015_a_extreme_won_1.rpl", "20250611-203015_a_normal_draw_1.rpl",
        "20250611-20301_a_normal_won_1.rpl", "20250611-203015-1_a_normal_won_1.rpl",
        "20250611-203015_a_normal_won_-1.rpl", "20250611-203015__normal_won_1.rpl",
        "20250611-203015_a.b_normal_won_1.rpl", "20250611-203015_a_normal_won_.rpl",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) assert_false(replays_parse_name(bad[i], &r));
}

// Writes an empty replay named for (when, arena, d, result, ticks).
static void add(time_t when, const char *arena, Difficulty d, const char *result, int64_t ticks) {
    char path[1400], level[200];
    snprintf(level, sizeof level, "levels/%s.lvl", arena);
    assert_true(replays_new_path(dir, when, level, 0, d, result, ticks, path, sizeof path));
    fixture_put(path, "");
}

static int count(const char *suffix) {
    FsList l;
    assert_true(fs_list(dir, suffix, &l));
    int n = l.count;
    fs_list_free(&l);
    return n;
}

static void test_same_second_and_order(void **state) {
    (void)state;
    time_t t0 = 1750000000;
    add(t0, "a", DIFFICULTY_NORMAL, "won", 100);
    add(t0, "a", DIFFICULTY_NORMAL, "won", 100);   // the same name: gets -2
    add(t0 + 1, "b", DIFFICULTY_EASY, "lost", 50);
    ReplayList l;
    assert_true(replays_list(dir, &l));
    assert_int_equal(l.n, 3);
    assert_string_equal(l.r[0].arena, "b-00000000");
    assert_int_equal(l.r[1].dup, 2);
    assert_int_equal(l.r[2].dup, 1);
    // Equal times: the older is the best.
    assert_ptr_equal(replays_best(&l, "a-00000000", DIFFICULTY_NORMAL), &l.r[2]);
    assert_null(replays_best(&l, "b-00000000", DIFFICULTY_EASY));   // lost
    assert_null(replays_best(&l, "a-00000000", DIFFICULTY_HARD));
    replays_list_free(&l);
}

static void test_prune_keeps_limits(void **state) {
    (void)state;
    fixture_rm_dir(dir);
    assert_true(fs_make_dirs(dir));
    time_t t0 = 1750000000;
    // The old best runs, then 120 newer runs, none of them better.
    add(t0, "tetran", DIFFICULTY_NORMAL, "won", 900);
    add(t0 + 10, "tetran", DIFFICULTY_HARD, "won", 1500);
    add(t0 + 20, "whale", DIFFICULTY_NORMAL, "won", 700);
    add(t0 + 30, "whale", DIFFICULTY_NORMAL, "won", 700);   // equal: the older stays best
    for (int i = 0; i < 120; i++)
        add(t0 + 100 + i, i % 2 ? "tetran" : "whale", DIFFICULTY_NORMAL, i % 3 ? "lost" : "won", 1000 + i);
    char other[1400];
    fs_join(dir, "notes.txt", other, sizeof other);
    fixture_put(other, "mine");
    fs_join(dir, "mine.rpl", other, sizeof other);
    fixture_put(other, "mine");
    assert_int_equal(count(".rpl"), 125);
    assert_int_equal(replays_prune(dir, REPLAYS_KEEP), 124 - REPLAYS_KEEP - 3);
    ReplayList l;
    assert_true(replays_list(dir, &l));
    assert_int_equal(l.n, REPLAYS_KEEP + 3);
    // The newest 50 ...
    for (int i = 0; i < REPLAYS_KEEP; i++) assert_true(strcmp(l.r[i].stamp, l.r[REPLAYS_KEEP].stamp) > 0);
    // ... and the three bests, oldest last.
    assert_int_equal(l.r[REPLAYS_KEEP].ticks, 700);
    assert_int_equal(l.r[REPLAYS_KEEP + 1].ticks, 1500);
    assert_int_equal(l.r[REPLAYS_KEEP + 2].ticks, 900);
    replays_list_free(&l);
    assert_int_equal(count(".txt"), 1);
    assert_true(fs_is_file(other));
    // Pruning again changes nothing; a new best replaces the old one's protection.
    assert_int_equal(replays_prune(dir, REPLAYS_KEEP), 0);
    add(t0 + 1000, "tetran", DIFFICULTY_NORMAL, "won", 800);
    assert_int_equal(replays_prune(dir, REPLAYS_KEEP), 2);   // the 51st newest and the old best
    assert_true(replays_list(dir, &l));
    assert_int_equal(l.n, REPLAYS_KEEP + 2);
    assert_int_equal(replays_best(&l, "tetran-00000000", DIFFICULTY_NORMAL)->ticks, 800);
    replays_list_free(&l);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_same_second_and_order),
        cmocka_unit_test(test_prune_keeps_limits),
    };
    return cmocka_run_group_tests(tests, setup_dir, teardown_dir);
}
