// test_script.c -- the script/replay format: parser (every construct and
// every error with its line:col), tap semantics, expect/always/sometime,
// probe-vs-probe, checksums, rebless and the recorder round trip.
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
#include "harness/probes.h"
#include "harness/profiles.h"
#include "harness/script.h"
#include "harness/script_local.h"
#include "sim/world.h"

// ---------------------------------------------------------------- helpers

static Script *parse(const char *text, ParseError *err) {
    memset(err, 0, sizeof *err);
    return script_parse(text, strlen(text), "t.script", err);
}

// A closed 24x12 room with a floor; the player stands on row 9. With
// creatures, two Tetrans (the second with 3 arms) and a whale.
static World *make_world_with(uint32_t seed, bool use_seed, bool creatures) {
    Level lv;
    memset(&lv, 0, sizeof lv);
    snprintf(lv.path, sizeof lv.path, "room.lvl");
    lv.tile = 32;
    lv.player_col = 4;
    lv.player_row = 9;
    lv.seed = 3;
    assert_true(tilemap_init(&lv.map, 24, 12, 32));
    for (int c = 0; c < 24; c++) {
        tilemap_set(&lv.map, c, 0, TILE_SOLID);
        tilemap_set(&lv.map, c, 10, TILE_SOLID);
        tilemap_set(&lv.map, c, 11, TILE_SOLID);
    }
    for (int r = 0; r < 12; r++) {
        tilemap_set(&lv.map, 0, r, TILE_SOLID);
        tilemap_set(&lv.map, 23, r, TILE_SOLID);
    }
    if (creatures) {
        LevelSpawn *sp = &lv.spawns[lv.spawn_count++];
        sp->kind = KIND_TETRAN, sp->col = 12, sp->row = 4;
        tetran_config_default(&sp->cfg.tetran);
        sp = &lv.spawns[lv.spawn_count++];
        sp->kind = KIND_TETRAN, sp->col = 18, sp->row = 4;
        tetran_config_default(&sp->cfg.tetran);
        sp->cfg.tetran.arms = 3;
        sp = &lv.spawns[lv.spawn_count++];
        sp->kind = KIND_WHALE, sp->col = 6, sp->row = 3;
        whale_config_default(&sp->cfg.whale);
    }
    World *w = fixture_world_level(&lv, use_seed, seed);
    level_free(&lv);
    return w;
}

static World *make_world(uint32_t seed, bool use_seed) { return make_world_with(seed, use_seed, false); }

// Runs a parsed script against a fresh world; returns the run's verdict and
// copies the message.
static bool run_script(const Script *s, char *msg, size_t n) {
    World *w = make_world(0, false);
    ScriptRun *r = script_run_new(s);
    assert_non_null(r);
    bool ok = true;
    for (int64_t t = 0; t <= script_end_tick(s) && ok; t++) {
        world_step(w, script_run_input(r, t));
        ok = script_run_check(r, w);
    }
    if (ok) ok = script_run_finish(r);
    snprintf(msg, n, "%s", script_run_message(r));
    script_run_free(r);
    world_free(w);
    return ok;
}

static bool run_text(const char *text, char *msg, size_t n) {
    ParseError err;
    Script *s = parse(text, &err);
    if (!s) fprintf(stderr, "parse failed: %s:%d:%d: %s\n", err.file, err.line, err.col, err.msg);
    assert_non_null(s);
    bool ok = run_script(s, msg, n);
    script_free(s);
    return ok;
}

#define HDR "bossrush-script 1\nlevel room.lvl\n"

// ---------------------------------------------------------------- parsing

static void test_parse_every_construct(void **state) {
    (void)state;
    const char *text = "\xEF\xBB\xBF# a comment first\r\n"
                       "bossrush-script 1\r\n"
                       "\r\n"
                       "level ../levels/test/flat.lvl 0123456789abcdef\r\n"
                       "seed 4294967295\r\n"
                       "   # indented comment\r\n"
                       "at 0 down right\r\n"
                       "at 40 tap jump\r\n"
                       "at 90 up right\r\n"
                       "at 120 expect player.state == wall\r\n"
                       "at 121 expect game.state != lost\r\n"
                       "at 122 expect player.x < whale.x\r\n"
                       "at 123 expect player.vy >= -1.5e1\r\n"
                       "always 0 900 player.groups_stepping <= 1\r\n"
                       "sometime 0 900 tetran.wiggle == 1\r\n"
                       "always 3 3 tick > 2\r\n"
                       "at 600 checksum 9F3A51C2E07D4B18\r\n"
                       "\tat 700 tap wiggle\r\n"
                       "end 900\r\n"
                       "# trailing comment";
    ParseError err;
    memset(&err, 0, sizeof err);
    Script *s = script_parse(text, strlen(text), "dir/x.script", &err);
    if (!s) fprintf(stderr, "%s:%d:%d: %s\n", err.file, err.line, err.col, err.msg);
    assert_non_null(s);
    assert_int_equal(script_end_tick(s), 900);
    uint32_t seed = 0;
    assert_true(script_seed(s, &seed));
    assert_int_equal(seed, 4294967295u);
    uint64_t h = 0;
    assert_true(script_level_hash(s, &h));
    assert_true(h == 0x0123456789abcdefull);
    assert_string_equal(script_level_given(s), "../levels/test/flat.lvl");
    int line, col;
    script_level_pos(s, &line, &col);
    assert_int_equal(line, 4);
    assert_int_equal(col, 7);
    script_free(s);

    s = parse(HDR "at 5 tap jump\nalways 5 5 tick == 5\nend 5\n", &err);   // ticks up to end, inclusive
    assert_non_null(s);
    script_free(s);

    s = parse(HDR "end 0\n", &err);
    assert_non_null(s);
    assert_false(script_seed(s, NULL));
    assert_false(script_level_hash(s, NULL));
    assert_false(script_legs_hash(s, NULL, NULL, NULL));
    assert_int_equal(script_end_tick(s), 0);
    assert_int_equal(script_difficulty(s), DIFFICULTY_NORMAL);
    assert_false(script_assist_wiggle(s));
    assert_int_equal(script_hearts(s), 0);
    script_free(s);

    // The run's setup lines, and the new buttons.
    s = parse(HDR "difficulty easy\nassist wiggle\nhearts 4\nalways 0 3 tick >= 0\nat 1 down lock\n"
                  "at 2 tap dash\nend 3\n", &err);
    assert_non_null(s);
    assert_int_equal(script_difficulty(s), DIFFICULTY_EASY);
    assert_true(script_assist_wiggle(s));
    assert_int_equal(script_hearts(s), 4);
    ScriptRun *r = script_run_new(s);
    assert_int_equal(script_run_input(r, 0).buttons, 0);
    assert_int_equal(script_run_input(r, 1).buttons, BTN_LOCK);
    assert_int_equal(script_run_input(r, 2).buttons, BTN_LOCK | BTN_DASH);
    assert_int_equal(script_run_input(r, 3).buttons, BTN_LOCK);
    script_run_free(r);
    script_free(s);

    // A recording's level line: the level hash, then the leg profiles' hash.
    s = parse("bossrush-script 1\nlevel a.lvl 0123456789abcdef  legs=FEDCBA9876543210\nend 0\n", &err);
    assert_non_null(s);
    assert_true(script_level_hash(s, &h));
    assert_true(h == 0x0123456789abcdefull);
    assert_true(script_legs_hash(s, &h, &line, &col));
    assert_true(h == 0xfedcba9876543210ull);
    assert_int_equal(line, 2);
    assert_int_equal(col, 31);
    script_free(s);
}

typedef struct BadCase {
    const char *text;
    int line, col;
    const char *msg;           // must appear in the message
} BadCase;

// The checks as the viewer's timeline reads them: file order, ticks, kind,
// line and text.
static void test_check_info(void **state) {
    (void)state;
    static const char text[] = HDR "at 5 expect player.x > 10\nalways 0 9 tick >= 0\nsometime 3 7 player.state == wall\n"
                               "end 9\n";
    ParseError err;
    Script *s = script_parse(text, sizeof text - 1, "t.script", &err);
    assert_non_null(s);
    assert_int_equal(script_check_count(s), 3);
    ScriptCheckInfo ci;
    script_check_info(s, 0, &ci);
    assert_true(ci.kind == 0 && ci.a == 5 && ci.b == 5 && ci.line == 3);
    assert_string_equal(ci.text, "player.x > 10");
    script_check_info(s, 1, &ci);
    assert_true(ci.kind == 1 && ci.a == 0 && ci.b == 9 && ci.line == 4);
    script_check_info(s, 2, &ci);
    assert_true(ci.kind == 2 && ci.a == 3 && ci.b == 7 && ci.line == 5);
    assert_string_equal(ci.text, "player.state == wall");
    script_free(s);
}

static void test_parse_errors(void **state) {
    (void)state;
    static const BadCase cases[] = {
        {"", 1, 1, "bossrush-script 1"},
        {"# only a comment\n", 1, 1, "no header"},
        {"hello 1\n", 1, 1, "expected 'bossrush-script 1'"},
        {"bossrush-script 2\nlevel a\nend 1\n", 1, 17, "unsupported script version '2'"},
        {"bossrush-script\n", 1, 16, "version"},
        {"bossrush-script 1 x\n", 1, 19, "unexpected 'x'"},
        {HDR "at 0 down jumpp\nend 5\n", 3, 11, "unknown button 'jumpp'"},
        {HDR "at 0 tap\nend 5\n", 3, 9, "button name"},
        {HDR "at 0 expect player.z == 1\nend 5\n", 3, 13, "unknown probe 'player.z'"},
        {HDR "always 0 5 nope == 1\nend 5\n", 3, 12, "unknown probe 'nope'"},
        {HDR "at 0 checksum 12345\nend 5\n", 3, 15, "16 hex digits"},
        {HDR "at 0 checksum 0123456789abcdeg\nend 5\n", 3, 15, "16 hex digits"},
        {HDR "at 0 checksum 0123456789abcdef0\nend 5\n", 3, 15, "16 hex digits"},
        {HDR "at 7 down left\nend 5\n", 3, 4, "tick 7 is after the end tick 5"},
        {HDR "end 5\nsometime 2 9 tick == 3\n", 4, 12, "tick 9 is after the end tick 5"},
        {HDR "at 5 tap left\nat 6 up left\nend 5\n", 4, 4, "tick 6 is after the end tick 5"},
        {HDR "at 1 down left\n", 3, 15, "missing 'end TICK'"},
        {"bossrush-script 1\nend 3\n", 2, 6, "missing 'level PATH'"},
        {HDR "at 0 down left now\nend 5\n", 3, 16, "unexpected 'now'"},
        {HDR "at 0 expect tick == 1 2\nend 5\n", 3, 23, "unexpected '2'"},
        {HDR "end 5 6\n", 3, 7, "unexpected '6'"},
        {HDR "always 5 3 tick >= 0\nend 5\n", 3, 10, "FIRST <= LAST"},
        {HDR "level b.lvl\nend 5\n", 3, 1, "'level' given twice (first on line 2)"},
        {HDR "seed 4294967296\nend 5\n", 3, 6, "expected a seed"},
        {HDR "seed 1\nseed 2\nend 5\n", 4, 1, "'seed' given twice"},
        {HDR "at 0 expect tick =< 3\nend 5\n", 3, 18, "expected an operator"},
        {HDR "at 0 expect player.state == won\nend 5\n", 3, 29, "ground, air or wall"},
        {HDR "at 0 expect game.state == 1\nend 5\n", 3, 27, "playing, won or lost"},
        {HDR "at 0 expect tick == air\nend 5\n", 3, 21, "a number"},
        {HDR "at 0 expect tick == game.state\nend 5\n", 3, 21, "a number"},
        {HDR "at 0 expect tick == foo\nend 5\n", 3, 21, "unknown probe or symbol 'foo'"},
        {HDR "at 0 expect tick == 1x\nend 5\n", 3, 21, "expected a number"},
        {HDR "at 0 expect player.state < wall\nend 5\n", 3, 26, "only with == or !="},
        {HDR "at -1 down left\nend 5\n", 3, 4, "expected a tick"},
        {HDR "at x down left\nend 5\n", 3, 4, "expected a tick"},
        {HDR "at 10000001 down left\nend 5\n", 3, 4, "expected a tick 0..10000000"},
        {HDR "end 10000001\n", 3, 5, "expected an end tick 0..10000000"},
        {HDR "at 1 press left\nend 5\n", 3, 6, "expected down, up, tap, expect or checksum"},
        {HDR "at 1\nend 5\n", 3, 5, "expected 'at TICK"},
        {HDR "jump 5\nend 5\n", 3, 1, "unknown keyword 'jump'"},
        {HDR "bossrush-script 1\nend 5\n", 3, 1, "header given twice"},
        {"bossrush-script 1\nlevel a.lvl 123\nend 5\n", 2, 13, "16 hex digits"},
        {"bossrush-script 1\nlevel a.lvl 0123456789abcdef legs=12\nend 5\n", 2, 35, "16 hex digits"},
        {"bossrush-script 1\nlevel a.lvl 0123456789abcdef legs=\nend 5\n", 2, 35, "16 hex digits"},
        {"bossrush-script 1\nlevel a.lvl 0123456789abcdef arms=0123456789abcdef\nend 5\n", 2, 30,
         "unexpected 'arms=0123456789abcdef' (expected legs=HASH"},
        {"bossrush-script 1\nlevel a.lvl legs=0123456789abcdef\nend 5\n", 2, 13, "16 hex digits"},
        {"bossrush-script 1\nlevel a.lvl 0123456789abcdef legs=0123456789abcdef x\nend 5\n", 2, 52,
         "unexpected 'x'"},
        {"bossrush-script 1\nlevel\nend 5\n", 2, 6, "level file path"},
        {HDR "end 5\nend 6\n", 4, 1, "'end' given twice"},
        {HDR "end -5\n", 3, 5, "expected an end tick"},
        {HDR "  at 0 expect tick\nend 5\n", 3, 19, "PROBE OP VALUE"},
        {HDR "difficulty\nend 5\n", 3, 11, "a difficulty (easy, normal or hard)"},
        {HDR "difficulty brutal\nend 5\n", 3, 12, "expected a difficulty (easy, normal or hard), got 'brutal'"},
        {HDR "difficulty hard easy\nend 5\n", 3, 17, "unexpected 'easy'"},
        {HDR "difficulty hard\ndifficulty easy\nend 5\n", 4, 1, "'difficulty' given twice (first on line 3)"},
        {HDR "at 0 down left\ndifficulty hard\nend 5\n", 4, 1, "must come before the first 'at' line (line 3)"},
        {HDR "assist gauge\nend 5\n", 3, 8, "expected an assist (wiggle), got 'gauge'"},
        {HDR "assist wiggle\nassist wiggle\nend 5\n", 4, 1, "'assist' given twice"},
        {HDR "hearts 0\nend 5\n", 3, 8, "expected a heart count 1..99, got '0'"},
        {HDR "hearts 100\nend 5\n", 3, 8, "heart count 1..99"},
        {HDR "hearts 3\nhearts 4\nend 5\n", 4, 1, "'hearts' given twice"},
        {HDR "at 9 tap dashh\nend 9\n", 3, 10, "expected left, right, up, down, jump, fire, wiggle, lock or dash"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ParseError err;
        Script *s = parse(cases[i].text, &err);
        if (s || err.line != cases[i].line || err.col != cases[i].col || !strstr(err.msg, cases[i].msg)) {
            fprintf(stderr, "case %zu: %s\n  got %s:%d:%d: %s\n  want %d:%d: ...%s...\n", i, cases[i].text,
                    err.file, err.line, err.col, err.msg, cases[i].line, cases[i].col, cases[i].msg);
            fail();
        }
        assert_string_equal(err.file, "t.script");
    }
}

// Bytes that are not text must give an error, never a crash.
static void test_parse_garbage(void **state) {
    (void)state;
    char buf[512];
    uint32_t x = 12345;
    for (int round = 0; round < 2000; round++) {
        size_t n = 0;
        memcpy(buf, HDR, strlen(HDR));
        n = strlen(HDR);
        int extra = (int)(x % 200);
        for (int k = 0; k < extra; k++) {
            x = x * 1103515245u + 12345u;
            static const char alphabet[] = "at 0123 down up tap expect checksum always sometime end level seed "
                                           "== < >= tick player.x\n\r\t#\xEF\xBB\xBF\0abcdef";
            buf[n++] = alphabet[(x >> 16) % (sizeof alphabet - 1)];
        }
        ParseError err;
        memset(&err, 0, sizeof err);
        Script *s = script_parse(buf, n, "g.script", &err);
        if (s) script_free(s);
        else assert_true(err.line >= 1 && err.col >= 1);
    }
}

static void test_level_resolution(void **state) {
    (void)state;
    char dir[] = "/tmp/test_script_XXXXXX";
    assert_non_null(mkdtemp(dir));
    char lvl[128], spath[128];
    snprintf(lvl, sizeof lvl, "%s/here.lvl", dir);
    snprintf(spath, sizeof spath, "%s/a.script", dir);
    FILE *f = fopen(lvl, "w");
    assert_non_null(f);
    fputs("x\n", f);
    fclose(f);
    ParseError err;
    const char *t1 = "bossrush-script 1\nlevel here.lvl\nend 1\n";
    Script *s = script_parse(t1, strlen(t1), spath, &err);
    assert_non_null(s);
    assert_string_equal(script_level_path(s), lvl);       // next to the script
    script_free(s);
    const char *t2 = "bossrush-script 1\nlevel elsewhere.lvl\nend 1\n";
    s = script_parse(t2, strlen(t2), spath, &err);
    assert_non_null(s);
    assert_string_equal(script_level_path(s), "elsewhere.lvl");  // as given: cwd
    script_free(s);
    const char *t3 = "bossrush-script 1\nlevel /abs/x.lvl\nend 1\n";
    s = script_parse(t3, strlen(t3), spath, &err);
    assert_non_null(s);
    assert_string_equal(script_level_path(s), "/abs/x.lvl");
    script_free(s);
    remove(lvl);
    rmdir(dir);
}

static void test_level_path_for(void **state) {
    (void)state;
    static const char *const cases[][3] = {
        {"tests/replays/x.rpl", "tests/scripts/../../levels/test/flat.lvl", "../../levels/test/flat.lvl"},
        {"x.rpl", "levels/test/flat.lvl", "levels/test/flat.lvl"},
        {"levels/x.rpl", "levels/a.lvl", "a.lvl"},
        {"levels/test/x.rpl", "./levels/a.lvl", "../a.lvl"},
        {"out//x.rpl", "levels/a.lvl", "../levels/a.lvl"},
        {"tests/replays/x.rpl", "/abs/a.lvl", "/abs/a.lvl"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char buf[256];
        script_level_path_for(cases[i][0], cases[i][1], buf, sizeof buf);
        assert_string_equal(buf, cases[i][2]);
    }
}

// ---------------------------------------------------------------- inputs

static void test_inputs_and_tap(void **state) {
    (void)state;
    ParseError err;
    Script *s = parse(HDR "at 1 down right\n"
                          "at 2 tap jump\n"
                          "at 4 tap fire\n"
                          "at 5 down fire\n"        // after the tap's release: fire stays down
                          "at 7 down wiggle\n"
                          "at 7 up wiggle\n"        // same tick, file order: up wins
                          "at 8 up wiggle\n"
                          "at 8 down wiggle\n"      // down wins
                          "at 9 tap left\n"
                          "at 10 tap left\n"        // back-to-back taps: held 9..10
                          "at 10 up right\n"
                          "end 12\n",
                  &err);
    assert_non_null(s);
    ScriptRun *r = script_run_new(s);
    static const uint8_t want[13] = {
        0,
        BTN_RIGHT,
        BTN_RIGHT | BTN_JUMP,
        BTN_RIGHT,
        BTN_RIGHT | BTN_FIRE,
        BTN_RIGHT | BTN_FIRE,
        BTN_RIGHT | BTN_FIRE,
        BTN_RIGHT | BTN_FIRE,
        BTN_RIGHT | BTN_FIRE | BTN_WIGGLE,
        BTN_RIGHT | BTN_FIRE | BTN_WIGGLE | BTN_LEFT,
        BTN_FIRE | BTN_WIGGLE | BTN_LEFT,
        BTN_FIRE | BTN_WIGGLE,
        BTN_FIRE | BTN_WIGGLE,
    };
    for (int t = 0; t <= 12; t++) {
        Input in = script_run_input(r, t);
        if (in.buttons != want[t]) fprintf(stderr, "tick %d: got %02x want %02x\n", t, in.buttons, want[t]);
        assert_int_equal(in.buttons, want[t]);
    }
    script_run_free(r);
    script_free(s);

    // A down written before the tap in the file, one tick later, still wins.
    s = parse(HDR "at 6 down jump\nat 5 tap jump\nend 8\n", &err);
    assert_non_null(s);
    r = script_run_new(s);
    assert_int_equal(script_run_input(r, 4).buttons, 0);
    assert_int_equal(script_run_input(r, 5).buttons, BTN_JUMP);
    assert_int_equal(script_run_input(r, 6).buttons, BTN_JUMP);
    assert_int_equal(script_run_input(r, 8).buttons, BTN_JUMP);
    script_run_free(r);
    script_free(s);
}

// ---------------------------------------------------------------- checks

static void test_expect(void **state) {
    (void)state;
    char msg[1024];
    assert_true(run_text(HDR
                         "at 5 expect tick == 5\nat 0 expect tick == 0\nat 9 expect game.state == playing\nend 10\n",
                         msg, sizeof msg));
    assert_false(run_text(HDR "# comment\nat 5 expect tick == 6\nend 10\n", msg, sizeof msg));
    assert_string_equal(msg, "t.script:4:1: tick 5: expected tick == 6, got 5");
    assert_false(run_text(HDR "  at 3 expect game.state == won\nend 10\n", msg, sizeof msg));
    assert_string_equal(msg, "t.script:3:3: tick 3: expected game.state == won, got playing");
    // The first failing line in tick order, then file order.
    assert_false(run_text(HDR "at 8 expect tick == 0\nat 4 expect tick == 1\nat 4 expect tick == 2\nend 10\n", msg,
                          sizeof msg));
    assert_string_equal(msg, "t.script:4:1: tick 4: expected tick == 1, got 4");
}

static void test_always(void **state) {
    (void)state;
    char msg[1024];
    assert_true(
        run_text(HDR "always 0 10 tick <= 10\nalways 2 4 tick >= 2\nalways 7 7 tick == 7\nend 10\n", msg, sizeof msg));
    assert_false(run_text(HDR "always 0 10 tick < 7\nend 10\n", msg, sizeof msg));
    assert_string_equal(msg, "t.script:3:1: tick 7: always 0 10: expected tick < 7, got 7");
    // Ticks outside the range are not checked.
    assert_true(run_text(HDR "always 3 5 tick != 2\nalways 3 5 tick != 6\nend 10\n", msg, sizeof msg));
}

// A ScriptRun fed by hand, to see exactly when a sometime range fails.
static void test_sometime(void **state) {
    (void)state;
    char msg[1024];
    assert_true(run_text(HDR "sometime 3 8 tick == 6\nsometime 0 0 tick == 0\nend 10\n", msg, sizeof msg));
    assert_true(run_text(HDR "sometime 0 10 tick == 10\nend 10\n", msg, sizeof msg));
    assert_false(run_text(HDR "sometime 3 8 tick == 2\nend 10\n", msg, sizeof msg));
    assert_string_equal(msg, "t.script:3:1: tick 8: sometime 3 8: tick == 2 never held (last 8)");

    ParseError err;
    Script *s = parse(HDR "sometime 3 5 tick > 100\nend 10\n", &err);
    World *w = make_world(0, false);
    ScriptRun *r = script_run_new(s);
    for (int t = 0; t <= 4; t++) {
        world_step(w, script_run_input(r, t));
        assert_true(script_run_check(r, w));
    }
    world_step(w, script_run_input(r, 5));
    assert_false(script_run_check(r, w));     // fails as soon as tick 5 passes
    assert_non_null(strstr(script_run_message(r), "tick 5: sometime 3 5"));
    assert_false(script_run_finish(r));
    script_run_free(r);

    // A run that stops early fails its open ranges and unreached expects.
    r = script_run_new(s);
    world_step(w, script_run_input(r, 6));
    assert_true(script_run_check(r, w));      // the world's tick is already 6
    script_run_free(r);
    world_free(w);
    script_free(s);

    s = parse(HDR "at 9 expect tick == 9\nend 10\n", &err);
    w = make_world(0, false);
    r = script_run_new(s);
    world_step(w, script_run_input(r, 0));
    assert_true(script_run_check(r, w));
    assert_false(script_run_finish(r));
    assert_non_null(strstr(script_run_message(r), "tick 9 was never reached"));
    script_run_free(r);
    world_free(w);
    script_free(s);
}

// Two always ranges failing at the same tick: the first in the file is
// named, whichever opened first; a range opens at its first tick and only
// open ranges are looked at.
static void test_ranges_in_file_order(void **state) {
    (void)state;
    assert_true(probe_count() < SCRIPT_PROBE_SLOTS);     // a script's probe slots hold every probe
    char msg[1024];
    assert_false(run_text(HDR "always 10 20 tick < 0\nalways 5 20 tick < 10\nend 30\n", msg, sizeof msg));
    assert_string_equal(msg, "t.script:3:1: tick 10: always 10 20: expected tick < 0, got 10");
    assert_false(run_text(HDR "sometime 5 9 tick == 99\nsometime 0 9 tick == 98\nend 30\n", msg, sizeof msg));
    assert_non_null(strstr(msg, "t.script:3:1: tick 9: sometime 5 9"));
    // 20,000 one-tick ranges spread over the run: at any tick at most the
    // ranges that hold it are open (so a tick costs what holds it, not
    // what the script holds), and each is checked at its own tick.
    size_t cap = 20000 * 40 + 100, n = 0;
    char *t = malloc(cap);
    assert_non_null(t);
    n += (size_t)snprintf(t + n, cap - n, HDR);
    for (int i = 0; i < 20000; i++) n += (size_t)snprintf(t + n, cap - n, "always %d %d tick == %d\n", i, i, i);
    n += (size_t)snprintf(t + n, cap - n, "end 20000\n");
    ParseError err;
    Script *sc = script_parse(t, n, "t.script", &err);
    assert_non_null(sc);
    World *w = make_world(0, false);
    ScriptRun *r = script_run_new(sc);
    for (int k = 0; k <= 20000; k++) {
        world_step(w, script_run_input(r, k));
        assert_true(script_run_check(r, w));
        assert_true(r->open_n <= 1);
    }
    assert_true(script_run_finish(r));
    script_run_free(r);
    world_free(w);
    script_free(sc);
    free(t);
}

// A script of n copies of line after the header and level; end last.
static char *repeat(const char *line, long n, const char *tail, size_t *len) {
    size_t ll = strlen(line), cap = strlen(HDR) + ll * (size_t)n + strlen(tail) + 1;
    char *t = malloc(cap);
    assert_non_null(t);
    size_t o = (size_t)snprintf(t, cap, HDR);
    for (long i = 0; i < n; i++, o += ll) memcpy(t + o, line, ll);
    o += (size_t)snprintf(t + o, cap - o, "%s", tail);
    *len = o;
    return t;
}

// Parses a script that must load (at_limit) or fail at line:col.
static void limit_case(const char *line, long n, const char *tail, bool at_limit, int eline, int ecol,
                       const char *why) {
    size_t len;
    char *t = repeat(line, n, tail, &len);
    ParseError err;
    memset(&err, 0, sizeof err);
    Script *sc = script_parse(t, len, "t.script", &err);
    if (at_limit) {
        if (!sc) print_error("%s: %d:%d: %s\n", why, err.line, err.col, err.msg);
        assert_non_null(sc);
    } else {
        assert_null(sc);
        if (err.line != eline || err.col != ecol || !strstr(err.msg, why)) {
            print_error("got %d:%d: %s; expected %d:%d: %s\n", err.line, err.col, err.msg, eline, ecol, why);
            fail();
        }
    }
    script_free(sc);
    free(t);
}

// n checksum lines at ticks 0, 1, 2 ... (each tick once, in order): at the
// limit they load, one more is refused at its own line.
static void checksum_limit_case(long n, bool at_limit) {
    size_t cap = strlen(HDR) + (size_t)n * 40 + 40, o = (size_t)snprintf(NULL, 0, HDR);
    char *t = malloc(cap);
    assert_non_null(t);
    snprintf(t, cap, HDR);
    for (long i = 0; i < n; i++) o += (size_t)snprintf(t + o, cap - o, "at %ld checksum 0000000000000000\n", i);
    o += (size_t)snprintf(t + o, cap - o, "end %ld\n", n);
    ParseError err;
    memset(&err, 0, sizeof err);
    Script *sc = script_parse(t, o, "t.script", &err);
    if (at_limit) {
        assert_non_null(sc);
    } else {
        assert_null(sc);
        assert_int_equal(err.line, SCRIPT_MAX_CHECKSUMS + 3);
        assert_int_equal(err.col, 1);
        assert_non_null(strstr(err.msg, "too many checksums (at most 1000000)"));
    }
    script_free(sc);
    free(t);
}

// Every count in a script is bounded (script.h): at the limit it loads, one
// past it is refused at the line that goes past.
static void test_limits(void **state) {
    (void)state;
    // lines: the header, level and end lines plus blank ones
    limit_case("\n", SCRIPT_MAX_LINES - 3, "end 1\n", true, 0, 0, "lines");
    limit_case("\n", SCRIPT_MAX_LINES - 2, "end 1\n", false, SCRIPT_MAX_LINES + 1, 1, "too many lines (at most 8000000)");
    // button changes: a tap is two
    limit_case("at 0 tap up\n", SCRIPT_MAX_EVENTS / 2, "end 1\n", true, 0, 0, "button changes");
    limit_case("at 0 tap up\n", SCRIPT_MAX_EVENTS / 2, "at 1 down up\nend 1\n", false, SCRIPT_MAX_EVENTS / 2 + 3, 1,
               "too many button changes (at most 4000000");
    // checks
    limit_case("at 0 expect tick == 0\n", SCRIPT_MAX_CHECKS, "end 1\n", true, 0, 0, "checks");
    limit_case("at 0 expect tick == 0\n", SCRIPT_MAX_CHECKS, "sometime 0 1 tick == 1\nend 1\n", false,
               SCRIPT_MAX_CHECKS + 3, 1, "too many checks (at most 1000000");
    // checksums
    checksum_limit_case(SCRIPT_MAX_CHECKSUMS, true);
    checksum_limit_case(SCRIPT_MAX_CHECKSUMS + 1, false);
    // evaluations: 1000 ranges of 1,000,000 ticks are 10^9; one tick more is too many
    limit_case("always 0 999999 tick >= 0\n", 1000, "end 999999\n", true, 0, 0, "evaluations");
    limit_case("always 0 999999 tick >= 0\n", 1000, "at 5 expect tick == 5\nend 999999\n", false, 1003, 1,
               "the checks would be evaluated more than 1000000000 times");
    // the tick limit, and a tick after end at its own line (end comes later)
    limit_case("", 0, "at 10000000 down up\nend 10000000\n", true, 0, 0, "ticks");
    limit_case("", 0, "at 10000001 down up\nend 10000000\n", false, 3, 4, "expected a tick 0..10000000");
    limit_case("", 0, "at 11 down up\nend 10\n", false, 3, 4, "tick 11 is after the end tick 10");
    limit_case("", 0, "end 10000001\n", false, 3, 5, "expected an end tick 0..10000000");
}

// A recording of every button changing every tick stops before it would
// pass a limit (here the file size: 9 lines a tick), not much before, and
// what it wrote reads back.
static void test_recorder_stops_at_limits(void **state) {
    (void)state;
    World *w = make_world(1, true);
    Recorder *rec = recorder_new("levels/room.lvl", 1, 2);
    assert_non_null(rec);
    int64_t t = 0;
    for (; t < SCRIPT_MAX_EVENTS / BTN_COUNT + 100; t++) {
        w->tick = t;                      // the recorder reads the tick and the hash; no need to step
        recorder_tick(rec, w, (Input){(uint16_t)(t % 2 ? 0 : (1u << BTN_COUNT) - 1)});
    }
    world_free(w);
    int64_t kept = recorder_ticks(rec);
    assert_true(kept < t);
    assert_true(kept * BTN_COUNT <= SCRIPT_MAX_EVENTS);
    char path[] = "/tmp/test_script_full_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    char why[256];
    assert_true(recorder_save(rec, path, why, sizeof why));
    recorder_free(rec);
    FsStat st;
    assert_true(fs_stat(path, &st));
    assert_true(st.size <= (int64_t)SCRIPT_MAX_FILE_BYTES);
    assert_true(st.size > (int64_t)SCRIPT_MAX_FILE_BYTES / 100 * 99);
    ParseError err;
    Script *sc = script_load(path, &err);
    if (!sc) print_error("%s:%d:%d: %s\n", err.file, err.line, err.col, err.msg);
    assert_non_null(sc);
    assert_int_equal(script_end_tick(sc), kept - 1);
    script_free(sc);
    unlink(path);
}

static void test_probe_vs_probe(void **state) {
    (void)state;
    char msg[1024];
    assert_true(run_text(HDR "always 0 10 player.x == player.x\nat 3 expect tick < player.x\n"
                             "always 0 10 player.state == player.state\nend 10\n",
                         msg, sizeof msg));
    assert_false(run_text(HDR "at 3 expect player.x < tick\nend 10\n", msg, sizeof msg));
    World *w = make_world(0, false);
    world_step(w, (Input){0});
    char want[256], x[64];
    probe_format_number(w->player.pos.x, x, sizeof x);
    snprintf(want, sizeof want, "t.script:3:1: tick 3: expected player.x < tick, got player.x = %s, tick = 3", x);
    assert_string_equal(msg, want);
    world_free(w);
}

// ---------------------------------------------------------------- checksums

static void test_checksums(void **state) {
    (void)state;
    World *w = make_world(0, false);
    uint64_t h[121];
    for (int t = 0; t <= 120; t++) {
        world_step(w, (Input){0});
        h[t] = world_hash(w);
    }
    world_free(w);
    char text[1024], msg[1024];
    snprintf(text, sizeof text, HDR "at 0 checksum %016llx\nat 60 checksum %016llX\nat 120 checksum %016llx\nend 120\n",
             (unsigned long long)h[0], (unsigned long long)h[60], (unsigned long long)h[120]);
    assert_true(run_text(text, msg, sizeof msg));
    // Tamper with tick 60 only.
    snprintf(text, sizeof text, HDR "at 0 checksum %016llx\nat 60 checksum %016llx\nat 120 checksum %016llx\nend 120\n",
             (unsigned long long)h[0], (unsigned long long)(h[60] ^ 1), (unsigned long long)h[120]);
    assert_false(run_text(text, msg, sizeof msg));
    char want[256];
    snprintf(want, sizeof want, "t.script:4:1: replay desync at tick 60: checksum expected %016llx, got %016llx",
             (unsigned long long)(h[60] ^ 1), (unsigned long long)h[60]);
    assert_string_equal(msg, want);

    // Rebless rewrites exactly the checksum and level lines, keeping the rest.
    char orig[1024];
    snprintf(orig, sizeof orig,
             "bossrush-script 1\r\n# keep me\r\nlevel room.lvl\r\nat 0 checksum 0000000000000000\r\n\r\n"
             "at 60 checksum ffffffffffffffff\r\nend 60");
    ParseError err;
    Script *s = script_parse(orig, strlen(orig), "r.rpl", &err);
    assert_non_null(s);
    w = make_world(0, false);
    ScriptRun *r = script_run_new(s);
    script_run_set_rebless(r, true);
    for (int t = 0; t <= 60; t++) {
        world_step(w, script_run_input(r, t));
        assert_true(script_run_check(r, w));
    }
    assert_true(script_run_finish(r));
    size_t n = 0;
    char *out = script_rebless_text(s, r, orig, strlen(orig), 0xabcULL, 0xdefULL, &n);
    assert_non_null(out);
    snprintf(want, sizeof want,
             "bossrush-script 1\r\n# keep me\r\nlevel room.lvl 0000000000000abc legs=0000000000000def\r\n"
             "at 0 checksum %016llx\r\n\r\n"
             "at 60 checksum %016llx\r\nend 60",
             (unsigned long long)h[0], (unsigned long long)h[60]);
    assert_int_equal(n, strlen(want));
    assert_memory_equal(out, want, n);
    mem_free(out);
    script_run_free(r);
    script_free(s);
    world_free(w);
}

// ---------------------------------------------------------------- recorder

static void test_recorder_round_trip(void **state) {
    (void)state;
    enum { N = 700 };
    static uint64_t hashes[N];
    World *w = make_world(77, true);
    Recorder *rec = recorder_new("levels/room.lvl", 0x1234ULL, 0x5678ULL);
    assert_non_null(rec);
    recorder_set_seed(rec, 77);
    recorder_set_setup(rec, DIFFICULTY_HARD, true, 7);
    uint32_t x = 2024;
    uint16_t held = 0;
    for (int t = 0; t < N; t++) {
        x = x * 1664525u + 1013904223u;
        if ((x >> 24) < 40) held ^= (uint16_t)(1u << ((x >> 8) % BTN_COUNT));  // a change now and then
        if (t % 100 == 50) held = (uint16_t)((1u << BTN_COUNT) - 1);            // all at once
        Input in = {held};
        world_step(w, in);
        recorder_tick(rec, w, in);
        hashes[t] = world_hash(w);
    }
    world_free(w);
    assert_int_equal(recorder_ticks(rec), N);
    char path[] = "/tmp/test_script_rec_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    char why[256];
    assert_true(recorder_save(rec, path, why, sizeof why));
    recorder_free(rec);

    ParseError err;
    Script *s = script_load(path, &err);
    if (!s) fprintf(stderr, "%s:%d:%d: %s\n", err.file, err.line, err.col, err.msg);
    assert_non_null(s);
    assert_int_equal(script_end_tick(s), N - 1);
    uint32_t seed;
    assert_true(script_seed(s, &seed));
    assert_int_equal(seed, 77);
    uint64_t lh;
    assert_true(script_level_hash(s, &lh));
    assert_true(lh == 0x1234ULL);
    assert_true(script_legs_hash(s, &lh, NULL, NULL));
    assert_true(lh == 0x5678ULL);
    assert_string_equal(script_level_given(s), "levels/room.lvl");
    assert_int_equal(script_difficulty(s), DIFFICULTY_HARD);
    assert_true(script_assist_wiggle(s));
    assert_int_equal(script_hearts(s), 7);

    w = make_world(seed, true);
    ScriptRun *r = script_run_new(s);
    for (int t = 0; t < N; t++) {
        world_step(w, script_run_input(r, t));
        assert_true(script_run_check(r, w));
        assert_true(world_hash(w) == hashes[t]);
    }
    assert_true(script_run_finish(r));
    script_run_free(r);
    world_free(w);
    script_free(s);

    // The file holds a checksum every 60 ticks.
    FILE *f = fopen(path, "r");
    char line[256];
    int sums = 0;
    while (fgets(line, sizeof line, f)) sums += strstr(line, " checksum ") != NULL;
    fclose(f);
    assert_int_equal(sums, (N - 1) / 60 + 1);
    remove(path);

    // Nothing recorded: nothing saved.
    rec = recorder_new("a.lvl", 0, 0);
    assert_false(recorder_save(rec, path, why, sizeof why));
    assert_int_equal(access(path, F_OK), -1);
    recorder_free(rec);
}

// ---------------------------------------------------------------- probes

static void test_probes(void **state) {
    (void)state;
    static const char *const required[] = {
        "tick", "game.state", "bullets.count", "player.x", "player.y", "player.vx", "player.vy", "player.state",
        "player.hp", "player.legs", "player.legs_planted", "player.legs_stepping", "player.groups_stepping",
        "player.foot_slip", "tetran.hp", "tetran.arms", "tetran.wiggle", "tetran.link_error", "tetran.reach",
        "tetran.max_reach", "tentacle.hp", "tentacle.count", "tentacle.shots", "tentacle.link_error",
        "tentacle.reach", "tentacle.max_reach", "tentacle.overreach", "whale.x", "whale.y", "whale.bounces",
        "whale.link_error", "stars.count", "stars.displaced",
    };
    for (size_t i = 0; i < sizeof required / sizeof required[0]; i++) {
        const ProbeDef *p = probe_find(required[i], strlen(required[i]));
        if (!p) fprintf(stderr, "missing probe %s\n", required[i]);
        assert_non_null(p);
    }
    for (int i = 1; i < probe_count(); i++) assert_true(strcmp(probe_at(i - 1)->name, probe_at(i)->name) < 0);
    assert_null(probe_at(probe_count()));
    assert_null(probe_find("player", 6));

    World *w = make_world(0, false);
    world_step(w, (Input){0});
    world_step(w, (Input){0});
    const ProbeDef *tick = probe_find("tick", 4);
    assert_true(tick->get(w) == 1.0);
    assert_true(probe_find("tetran.hp", 9)->get(w) == 0.0);     // absent creature reads 0
    assert_true(probe_find("whale.x", 7)->get(w) == 0.0);
    assert_true(probe_find("tetran.count", 12)->get(w) == 0.0);
    world_free(w);

    // Creatures: the first of a kind is read; counts see them all.
    w = make_world_with(0, false, true);
    world_step(w, (Input){0});
    assert_true(probe_find("tetran.count", 12)->get(w) == 2.0);
    assert_true(probe_find("whale.count", 11)->get(w) == 1.0);
    TetranConfig def;
    tetran_config_default(&def);
    assert_true(probe_find("tetran.arms", 11)->get(w) == (double)def.arms);
    assert_true(probe_find("tetran.hp", 9)->get(w) > 0);
    assert_true(probe_find("game.bosses", 11)->get(w) >= 1);
    assert_true(probe_find("whale.x", 7)->get(w) > 0);
    world_free(w);

    char buf[64];
    probe_format_number(12, buf, sizeof buf);
    assert_string_equal(buf, "12");
    probe_format_number(-0.0, buf, sizeof buf);
    assert_string_equal(buf, "0");
    probe_format_number(-0.5, buf, sizeof buf);
    assert_string_equal(buf, "-0.5");
    probe_format_number(0.1, buf, sizeof buf);
    assert_string_equal(buf, "0.1");
    probe_format_number(1e20, buf, sizeof buf);
    assert_string_equal(buf, "1e+20");
    double third = 1.0 / 3.0;
    probe_format_number(third, buf, sizeof buf);
    assert_true(strtod(buf, NULL) == third);
    probe_format_number(0.1 + 0.2, buf, sizeof buf);
    assert_string_equal(buf, "0.30000000000000004");
    probe_format(probe_find("player.state", 12), 2, buf, sizeof buf);
    assert_string_equal(buf, "wall");
    probe_format(probe_find("game.state", 10), 1, buf, sizeof buf);
    assert_string_equal(buf, "won");
    double v;
    assert_true(probe_symbol("lost", 4, &v) && v == 2);
    assert_false(probe_symbol("lo", 2, &v));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse_every_construct),
        cmocka_unit_test(test_parse_errors),
        cmocka_unit_test(test_parse_garbage),
        cmocka_unit_test(test_level_resolution),
        cmocka_unit_test(test_level_path_for),
        cmocka_unit_test(test_inputs_and_tap),
        cmocka_unit_test(test_expect),
        cmocka_unit_test(test_always),
        cmocka_unit_test(test_sometime),
        cmocka_unit_test(test_probe_vs_probe),
        cmocka_unit_test(test_ranges_in_file_order),
        cmocka_unit_test(test_limits),
        cmocka_unit_test(test_recorder_stops_at_limits),
        cmocka_unit_test(test_checksums),
        cmocka_unit_test(test_recorder_round_trip),
        cmocka_unit_test(test_probes),
        cmocka_unit_test(test_check_info),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
