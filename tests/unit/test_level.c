// test_level.c -- the level parser: a good level (BOM, CRLF, comments, keys
// in any order) gives the right values; every kind of error gives the right
// file:line:col.
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "core/hash.h"
#include "harness/session.h"
#include "sim/level.h"

static const char GOOD[] =
    "\xEF\xBB\xBF# Tetran test arena\r\n"
    "\r\n"
    "   # an indented comment\r\n"
    "seed 7\r\n"
    "name  Tetran's Lair  \r\n"
    "stars 400\r\n"
    "spawn player 1 2\r\n"
    "spawn tetran 5 1 arms=6 segments=12\r\n"
    "spawn whale 6 2 speed=2.5 push=head\r\n"
    "spawn\ttentacle 2 1\r\n"
    "tile 16\r\n"
    "map\r\n"
    "########\r\n"
    "#......#\r\n"
    "#..J#L.#\r\n"
    "#F....7#\r\n"
    "#../\\..#\r\n"
    "########\r\n"
    "end\r\n"
    "# after the end: comments\r\n"
    "\r\n";

static void test_good_level(void **state) {
    (void)state;
    Level lv;
    ParseError err;
    memset(&err, 0, sizeof err);
    bool ok = level_parse(&lv, GOOD, sizeof GOOD - 1, "levels/x/good.lvl", &err);
    if (!ok) print_error("%s:%d:%d: %s\n", err.file, err.line, err.col, err.msg);
    assert_true(ok);
    assert_string_equal(lv.name, "Tetran's Lair");
    assert_string_equal(lv.path, "levels/x/good.lvl");
    assert_int_equal(lv.tile, 16);
    assert_int_equal(lv.stars, 400);
    assert_int_equal(lv.seed, 7);
    assert_int_equal(lv.player_col, 1);
    assert_int_equal(lv.player_row, 2);
    assert_int_equal(lv.spawn_count, 3);
    assert_int_equal(lv.spawns[0].kind, KIND_TETRAN);
    assert_int_equal(lv.spawns[0].col, 5);
    assert_int_equal(lv.spawns[0].row, 1);
    assert_int_equal(lv.spawns[0].line, 8);
    assert_int_equal(lv.spawns[0].cfg.tetran.arms, 6);
    assert_int_equal(lv.spawns[0].cfg.tetran.segments, 12);
    assert_int_equal(lv.spawns[1].kind, KIND_WHALE);
    assert_true(lv.spawns[1].cfg.whale.speed == 2.5);
    assert_int_equal(lv.spawns[1].cfg.whale.push_head, 1);
    assert_int_equal(lv.spawns[2].kind, KIND_TENTACLE);
    TentacleConfig def;
    tentacle_config_default(&def);                          // no params: the defaults
    assert_int_equal(lv.spawns[2].cfg.tentacle.tentacles, def.tentacles);
    assert_int_equal(lv.map.w, 8);
    assert_int_equal(lv.map.h, 6);
    assert_int_equal(lv.map.tile, 16);
    assert_int_equal(tilemap_at(&lv.map, 0, 0), TILE_SOLID);
    assert_int_equal(tilemap_at(&lv.map, 1, 1), TILE_EMPTY);
    assert_int_equal(tilemap_at(&lv.map, 3, 2), TILE_SLOPE_BR);
    assert_int_equal(tilemap_at(&lv.map, 5, 2), TILE_SLOPE_BL);
    assert_int_equal(tilemap_at(&lv.map, 1, 3), TILE_SLOPE_TL);
    assert_int_equal(tilemap_at(&lv.map, 6, 3), TILE_SLOPE_TR);
    assert_int_equal(tilemap_at(&lv.map, 3, 4), TILE_SLOPE_BR);  // '/' alias
    assert_int_equal(tilemap_at(&lv.map, 4, 4), TILE_SLOPE_BL);  // '\' alias
    // the hash ignores the BOM and CRLF: same as the plain LF text
    char lf[sizeof GOOD];
    size_t n = 0;
    for (size_t i = 3; i < sizeof GOOD - 1; i++)
        if (GOOD[i] != '\r') lf[n++] = GOOD[i];
    assert_true(lv.hash == hash_bytes64(lf, n));
    assert_true(lv.hash == level_text_hash(lf, n));
    lf[0] = '!';
    assert_true(lv.hash != level_text_hash(lf, n));
    level_free(&lv);
}

static void test_defaults(void **state) {
    (void)state;
    static const char text[] = "spawn player 1 1\nmap\n###\n#.#\n###\nend";   // no final newline
    Level lv;
    ParseError err;
    assert_true(level_parse(&lv, text, sizeof text - 1, "some/dir/flat.lvl", &err));
    assert_string_equal(lv.name, "flat");
    assert_int_equal(lv.tile, 32);
    assert_int_equal(lv.stars, 0);
    assert_int_equal(lv.bullets, 0);                   // the default pool
    assert_int_equal(lv.seed, 0);
    assert_int_equal(lv.spawn_count, 0);
    level_free(&lv);
    assert_true(level_parse(&lv, text, sizeof text - 1, "C:\\levels\\arena", &err));
    assert_string_equal(lv.name, "arena");
    level_free(&lv);
    // the largest values are fine
    static const char big[] =
        "seed 4294967295\nstars 2000000\nbullets 65536\ntile 128\nspawn player 1 1\nmap\n###\n#.#\n###\nend\n";
    assert_true(level_parse(&lv, big, sizeof big - 1, "big.lvl", &err));
    assert_int_equal(lv.bullets, 65536);
    assert_int_equal(lv.seed, 4294967295u);
    assert_int_equal(lv.stars, 2000000);
    assert_int_equal(lv.tile, 128);
    level_free(&lv);
}

// Parses text and expects an error at line:col.
static void expect_error(const char *text, size_t len, int line, int col, const char *why) {
    Level lv;
    ParseError err;
    memset(&err, 0, sizeof err);
    bool ok = level_parse(&lv, text, len, "t.lvl", &err);
    if (ok || err.line != line || err.col != col) {
        print_error("case '%s': got %s %d:%d (%s), expected %d:%d\n", why, ok ? "success" : "error", err.line,
                    err.col, err.msg, line, col);
        fail();
    }
    assert_string_equal(err.file, "t.lvl");
    assert_true(err.msg[0] != 0);
    assert_null(lv.map.cells);                         // nothing left allocated
    level_free(&lv);
}
#define EXPECT(text, line, col) expect_error(text, sizeof text - 1, line, col, text)

#define ROOM "map\n####\n#..#\n####\nend\n"            // 4 x 3, (1,1) and (2,1) empty
#define P "spawn player 1 1\n"

static void test_key_errors(void **state) {
    (void)state;
    EXPECT("foo 1\n" P ROOM, 1, 1);                     // unknown key
    EXPECT("  Map\n" P ROOM, 1, 3);
    EXPECT("tile 16\n" P "tile 16\n" ROOM, 3, 1);       // repeated keys
    EXPECT("name a\nname b\n" P ROOM, 2, 1);
    EXPECT("stars 1\nstars 1\n" P ROOM, 2, 1);
    EXPECT("seed 1\n" P "seed 1\n" ROOM, 3, 1);
    EXPECT(P P ROOM, 2, 1);                             // two players
    EXPECT("tile 7\n" P ROOM, 1, 6);                    // out of range / not numbers
    EXPECT("tile 129\n" P ROOM, 1, 6);
    EXPECT("tile abc\n" P ROOM, 1, 6);
    EXPECT("tile -8\n" P ROOM, 1, 6);
    EXPECT("tile 16.5\n" P ROOM, 1, 6);
    EXPECT("tile  0x10\n" P ROOM, 1, 7);
    EXPECT("stars 2000001\n" P ROOM, 1, 7);
    EXPECT("bullets 0\n" P ROOM, 1, 9);
    EXPECT("bullets 65537\n" P ROOM, 1, 9);
    EXPECT("bullets 1\nbullets 1\n" P ROOM, 2, 1);
    EXPECT("seed 4294967296\n" P ROOM, 1, 6);
    EXPECT("seed 99999999999999999999999\n" P ROOM, 1, 6);
    EXPECT("tile\n" P ROOM, 1, 5);                      // missing arguments
    EXPECT("name   \n" P ROOM, 1, 5);
    EXPECT("stars\n" P ROOM, 1, 6);
    EXPECT("tile 16 x\n" P ROOM, 1, 9);                 // extra tokens
    EXPECT("seed 1 2\n" P ROOM, 1, 8);
    EXPECT(P "map x\n####\n#..#\n####\nend\n", 2, 5);
    EXPECT("name \x01x\n" P ROOM, 1, 6);               // control character
}

static void test_spawn_errors(void **state) {
    (void)state;
    EXPECT("spawn dragon 1 1\n" P ROOM, 1, 7);          // unknown creature
    EXPECT("spawn\n" P ROOM, 1, 6);
    EXPECT("spawn player\n" ROOM, 1, 13);
    EXPECT("spawn player 1\n" ROOM, 1, 15);
    EXPECT("spawn player x 1\n" ROOM, 1, 14);
    EXPECT("spawn player 1 -1\n" ROOM, 1, 16);
    EXPECT("spawn player 4096 1\n" ROOM, 1, 14);
    EXPECT("spawn player 1 1 2\n" ROOM, 1, 18);
    EXPECT("spawn player 4 1\n" ROOM, 1, 14);           // outside the map
    EXPECT("spawn player 1 3\n" ROOM, 1, 16);
    EXPECT("spawn player 0 1\n" ROOM, 1, 14);           // inside rock
    EXPECT("spawn player 1 1\nmap\n####\n#J.#\n####\nend\n", 1, 14);   // half tile
    EXPECT(P "spawn tetran 3 1\n" ROOM, 2, 14);
    EXPECT(P "spawn whale 1 5\n" ROOM, 2, 15);
    EXPECT(ROOM, 1, 1);                                 // no player
    // creature parameters
    EXPECT(P "spawn tetran 1 1 arms\n" ROOM, 2, 18);
    EXPECT(P "spawn tetran 1 1 =5\n" ROOM, 2, 18);
    EXPECT(P "spawn tetran 1 1 arms=\n" ROOM, 2, 18);
    EXPECT(P "spawn tetran 1 1 arms=999\n" ROOM, 2, 18);
    EXPECT(P "spawn tetran 1 1 arms=x\n" ROOM, 2, 18);
    EXPECT(P "spawn tetran 1 1 arms=6 bogus=1\n" ROOM, 2, 25);
    EXPECT(P "spawn tetran 1 1 arms=6  arms=7\n" ROOM, 2, 26);
    EXPECT(P "spawn tentacle 1 1 nodes=1\n" ROOM, 2, 20);
    EXPECT(P "spawn whale 2 1 speed=0\n" ROOM, 2, 17);
    EXPECT(P "spawn whale 2 1 push=tail\n" ROOM, 2, 17);
}

static void test_map_errors(void **state) {
    (void)state;
    EXPECT(P "map\n####\n#.x#\n####\nend\n", 4, 3);     // unknown tile
    EXPECT(P "map\n####\n# .#\n####\nend\n", 4, 2);     // blanks are not tiles
    EXPECT(P "map\n####\n#..#\n# comment\nend\n", 5, 2);
    EXPECT(P "map\n####\n#.#\n####\nend\n", 4, 4);      // ragged: short
    EXPECT(P "map\n####\n#..##\n####\nend\n", 4, 5);    // ragged: long
    EXPECT(P "map\n####\n\n####\nend\n", 4, 1);         // blank line inside
    EXPECT(P "map\nend\n", 3, 1);                       // no rows
    EXPECT(P "map\n  end\n", 3, 3);
    EXPECT(P "map\n####\n#..#\n####\n", 6, 1);          // no end
    EXPECT(P "map\n####\n#..#\n####", 5, 5);
    EXPECT(P, 2, 1);                                    // no map
    EXPECT("spawn player 1 1", 1, 17);
    EXPECT("", 1, 1);
    EXPECT("\xEF\xBB\xBF", 1, 1);
    EXPECT(P ROOM "\nfoo\n", 8, 1);                     // text after end
    EXPECT(P ROOM "# ok\n   x\n", 8, 4);
    EXPECT(P ROOM "end\n", 7, 1);
    EXPECT(P "map\r\n####\r\n#..#\r\n###\r\nend\r\n", 5, 4);   // CRLF: same columns
    EXPECT("ti\0le 8\n" P ROOM, 1, 3);                  // NUL bytes: at the NUL
    EXPECT(P "map\n####\n#.\0#\n####\nend\n", 4, 3);
}

static void test_limits(void **state) {
    (void)state;
    // 64 creatures are fine, the 65th is not
    size_t cap = 100000;
    char *t = malloc(cap);
    assert_non_null(t);
    size_t n = (size_t)snprintf(t, cap, P);
    for (int i = 0; i < LEVEL_MAX_SPAWNS; i++) n += (size_t)snprintf(t + n, cap - n, "spawn whale 2 1\n");
    size_t full = n;
    n += (size_t)snprintf(t + n, cap - n, ROOM);
    Level lv;
    ParseError err;
    assert_true(level_parse(&lv, t, n, "t.lvl", &err));
    assert_int_equal(lv.spawn_count, LEVEL_MAX_SPAWNS);
    level_free(&lv);
    n = full + (size_t)snprintf(t + full, cap - full, "spawn tetran 2 1\n" ROOM);
    expect_error(t, n, LEVEL_MAX_SPAWNS + 2, 1, "65 creatures");
    free(t);
    // 4096 tiles wide is fine, 4097 is not
    cap = 4 * 4100 + 100;
    t = malloc(cap);
    assert_non_null(t);
    n = (size_t)snprintf(t, cap, P "map\n");
    for (int r = 0; r < 3; r++) {
        for (int c = 0; c < 4096; c++) t[n++] = (r == 1 && c > 0 && c < 4095) ? '.' : '#';
        t[n++] = '\n';
    }
    memcpy(t + n, "end\n", 4);
    assert_true(level_parse(&lv, t, n + 4, "t.lvl", &err));
    assert_int_equal(lv.map.w, 4096);
    level_free(&lv);
    n = (size_t)snprintf(t, cap, P "map\n");
    for (int c = 0; c < 4097; c++) t[n++] = '#';
    t[n++] = '\n';
    expect_error(t, n, 3, 4097, "too wide");
    free(t);
    // 4097 rows are too many
    cap = 4100 * 2 + 100;
    t = malloc(cap);
    assert_non_null(t);
    n = (size_t)snprintf(t, cap, P "map\n");
    for (int r = 0; r < 4097; r++) {
        t[n++] = '#';
        t[n++] = '\n';
    }
    memcpy(t + n, "end\n", 4);
    expect_error(t, n + 4, 4097 + 2, 1, "too tall");
    free(t);
}

// Parses text that must load; returns its work units.
static int64_t units_of(const char *text) {
    Level lv;
    ParseError err;
    memset(&err, 0, sizeof err);
    bool ok = level_parse(&lv, text, strlen(text), "t.lvl", &err);
    if (!ok) print_error("%s:%d:%d: %s\n", err.file, err.line, err.col, err.msg);
    assert_true(ok);
    int64_t u = lv.units;
    level_free(&lv);
    return u;
}

// The budget (level.h): each kind's units, at the budget is legal, one unit
// past it is refused at the spawn line that goes past, with a message.
static void test_budget(void **state) {
    (void)state;
    char t[1024];
    // one creature at DESIGN.md's maxima, alone: legal
    assert_int_equal(units_of(P "spawn tetran 2 1 arms=64 segments=64 length=256\n" ROOM), 64 * 64);
    assert_int_equal(units_of(P "spawn tentacle 2 1 tentacles=32 nodes=256 link=256\n" ROOM), 32 * (256 + 2 * 4));
    assert_int_equal(units_of(P "spawn whale 2 1 speed=32\n" ROOM), 9);
    // arm segments: 4096 + 4096 + 1792 + 16 = 10000; one more is too many
    static const char TETRANS[] = P "spawn tetran 2 1 arms=64 segments=64\nspawn tetran 2 1 arms=64 segments=64\n"
                                    "spawn tetran 2 1 arms=28 segments=64\nspawn tetran 2 1 arms=1 segments=%d\n" ROOM;
    snprintf(t, sizeof t, TETRANS, 16);
    assert_int_equal(units_of(t), LEVEL_BUDGET_UNITS);
    snprintf(t, sizeof t, TETRANS, 17);
    expect_error(t, strlen(t), 5, 1, "tetran segments over the budget");
    // tentacle nodes with growth room: 8448 + 7 x 221 + 5 = 10000
    static const char TENTACLES[] = P "spawn tentacle 2 1 tentacles=32 nodes=256\n"
                                      "spawn tentacle 2 1 tentacles=7 nodes=213 grow=4\n"
                                      "spawn tentacle 2 1 tentacles=1 nodes=%d grow=0\n" ROOM;
    snprintf(t, sizeof t, TENTACLES, 5);
    assert_int_equal(units_of(t), LEVEL_BUDGET_UNITS);
    snprintf(t, sizeof t, TENTACLES, 6);
    expect_error(t, strlen(t), 4, 1, "tentacle nodes over the budget");
    // star work: on a map smaller than a whale's reach every star is within
    // it, so each star costs 9 pushers / 32 units: 9 + ceil(35523 x 9 / 32)
    // = 10000, one star more is 10001 (the whale's line is named, wherever
    // the stars line is)
    static const char ROOM10[] = "map\n##########\n#........#\n#........#\n#........#\n#........#\n#........#\n"
                                 "#........#\n#........#\n#........#\n##########\nend\n";
    snprintf(t, sizeof t, "%sspawn whale 4 4\nstars %d\n%s", P, 35523, ROOM10);
    assert_int_equal(units_of(t), LEVEL_BUDGET_UNITS);
    snprintf(t, sizeof t, "%sspawn whale 4 4\nstars %d\n%s", P, 35524, ROOM10);
    expect_error(t, strlen(t), 2, 1, "star work over the budget");
    Level lv;
    ParseError err;
    assert_false(level_parse(&lv, t, strlen(t), "t.lvl", &err));
    assert_non_null(strstr(err.msg, "over the level's budget"));
    assert_non_null(strstr(err.msg, "10001 work units, at most 10000"));
    // push=head: one push point instead of nine
    snprintf(t, sizeof t, "%sspawn whale 4 4 push=head\nstars %d\n%s", P, 35524, ROOM10);
    assert_int_equal(units_of(t), 9 + (35524 + 31) / 32);
    // on a map bigger than its reach a whale reaches only its share of the
    // stars: 35524 stars on 100 x 100 tiles of 32 px (10.24 Mpx^2), a
    // default whale's reach 2 x 90 x (198 + 128 x 3 x 2) + pi 90^2 px^2
    static const char BIG[] = P "spawn whale 4 4\nstars 35524\nmap\n%s%s%send\n";
    char *big = malloc(110 * 104);
    assert_non_null(big);
    char wall[102], open_row[102], rows[98 * 101 + 1];
    memset(wall, '#', 100), wall[100] = '\n', wall[101] = 0;
    memset(open_row, '.', 100), open_row[0] = open_row[99] = '#', open_row[100] = '\n', open_row[101] = 0;
    for (int r = 0; r < 98; r++) memcpy(rows + r * 101, open_row, 101);
    rows[98 * 101] = 0;
    snprintf(big, 110 * 104, BIG, wall, rows, wall);
    double reach = 2.0 * 90 * (7 * 26 + 16 + 128 * 3 * 2) + 3.14159265358979323846 * 90 * 90;
    double in_reach = 35524.0 / (3200.0 * 3200.0) * reach;
    assert_int_equal(units_of(big), 9 + (int64_t)ceil(in_reach * 9 / 32));
    free(big);
}

static void test_load_errors(void **state) {
    (void)state;
    Level lv;
    ParseError err;
    assert_false(session_load_level(&lv, "/nonexistent/dir/x.lvl", &err));
    assert_int_equal(err.line, 0);
    assert_string_equal(err.file, "/nonexistent/dir/x.lvl");
    assert_false(session_load_level(&lv, "/tmp", &err));   // a folder
    assert_int_equal(err.line, 0);
    char buf[700];
    parse_error_format(&err, buf, sizeof buf);
    assert_non_null(strstr(buf, "/tmp: "));
    // a file over 64 MiB is refused with a message, not read (sparse: cheap)
    char path[] = "/tmp/test_level_bigXXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(ftruncate(fd, 65 * 1024 * 1024), 0);
    close(fd);
    assert_false(session_load_level(&lv, path, &err));
    assert_int_equal(err.line, 0);
    assert_non_null(strstr(err.msg, "too large"));
    unlink(path);
    // a real file loads
    char path2[] = "/tmp/test_level_okXXXXXX";
    fd = mkstemp(path2);
    static const char text[] = "spawn player 1 1\nmap\n###\n#.#\n###\nend\n";
    assert_true(fd >= 0);
    assert_int_equal(write(fd, text, sizeof text - 1), (int)(sizeof text - 1));
    close(fd);
    assert_true(session_load_level(&lv, path2, &err));
    assert_int_equal(lv.map.w, 3);
    assert_string_equal(lv.name, path2 + 5);
    assert_true(lv.hash == level_text_hash(text, sizeof text - 1));
    level_free(&lv);
    unlink(path2);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_good_level),  cmocka_unit_test(test_defaults),
        cmocka_unit_test(test_key_errors),  cmocka_unit_test(test_spawn_errors),
        cmocka_unit_test(test_map_errors),  cmocka_unit_test(test_limits),
        cmocka_unit_test(test_budget),
        cmocka_unit_test(test_load_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
