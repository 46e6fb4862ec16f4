// test_tmj.c -- Tiled maps: every arena in levels/ converted to .tmj and
// back is the same level (equal canonical text, equal level hash, equal
// world hashes over two seconds of play); the shipped levels/tiled/*.tmj
// and bossrush.tsj are what the converter writes; flipped tiles change
// shape as the picture does; "type" and "class" both name an object's
// kind; external tilesets load through the session; errors name the element.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "core/fs.h"
#include "core/mem.h"
#include "fixtures.h"
#include "harness/session.h"
#include "sim/level_write.h"
#include "sim/tmj.h"

#define SHIPPED_IMAGE "../../assets/tiles/tileset.png"

static char *canonical(const Level *lv) {
    TextBuf b = {0};
    level_write(lv, &b);
    assert_false(b.oom);
    return b.p;
}

static void assert_same_worlds(const Level *a, const Level *b) {
    World *wa = fixture_world_level(a, false, 0), *wb = fixture_world_level(b, false, 0);
    for (int t = 0; t < 120; t++) {
        assert_int_equal(world_hash(wa), world_hash(wb));
    assert_int_equal(wa->bullets.cap, wb->bullets.cap);
        Input in = {(uint16_t)(t % 40 < 20 ? BTN_RIGHT | BTN_FIRE : BTN_LEFT | BTN_JUMP)};
        world_step(wa, in);
        world_step(wb, in);
    }
    assert_int_equal(world_hash(wa), world_hash(wb));
    assert_int_equal(wa->bullets.cap, wb->bullets.cap);
    world_free(wa);
    world_free(wb);
}

// .lvl -> .tmj -> Level -> canonical .lvl -> Level: one level all the way.
static void round_trip(const char *path) {
    Level a, b, c;
    ParseError err;
    memset(&err, 0, sizeof err);
    if (!session_load_level(&a, path, &err)) fail_msg("%s: %s", path, err.msg);
    TextBuf tmj = {0};
    assert_true(tmj_write(&a, SHIPPED_IMAGE, &tmj));
    if (!tmj_parse(&b, tmj.p, tmj.len, "x.tmj", NULL, &err)) fail_msg("%s as .tmj: %s", path, err.msg);
    char *ca = canonical(&a), *cb = canonical(&b);
    assert_string_equal(ca, cb);
    assert_true(level_parse(&c, cb, strlen(cb), "x.lvl", &err));
    char *cc = canonical(&c);
    assert_string_equal(ca, cc);
    // The .tmj's hash is the canonical text's, which is the converted .lvl's.
    assert_int_equal(b.hash, level_text_hash(ca, strlen(ca)));
    assert_int_equal(b.hash, c.hash);
    assert_same_worlds(&a, &b);
    mem_free(ca);
    mem_free(cb);
    mem_free(cc);
    textbuf_free(&tmj);
    level_free(&a);
    level_free(&b);
    level_free(&c);
}

static int round_trip_dir(const char *dir) {
    FsList l;
    assert_true(fs_list(dir, ".lvl", &l));
    for (int i = 0; i < l.count; i++) {
        char path[1200];
        assert_true(fs_join(dir, l.names[i], path, sizeof path));
        round_trip(path);
    }
    int n = l.count;
    fs_list_free(&l);
    return n;
}

static void test_round_trip_every_level(void **state) {
    (void)state;
    // levels/bench/stress.lvl sets `bullets`: the key survives both ways.
    int n = round_trip_dir("levels") + round_trip_dir("levels/test") + round_trip_dir("levels/bench");
    assert_true(n >= 19);
}

// levels/tiled/NN-name.tmj is what --convert makes of levels/NN-name.lvl.
static void test_shipped_maps_current(void **state) {
    (void)state;
    FsList l;
    assert_true(fs_list("levels", ".lvl", &l));
    assert_true(l.count >= 3);
    for (int i = 0; i < l.count; i++) {
        char lvl[600], tmj[600];
        snprintf(lvl, sizeof lvl, "levels/%s", l.names[i]);
        snprintf(tmj, sizeof tmj, "levels/tiled/%.*s.tmj", (int)strlen(l.names[i]) - 4, l.names[i]);
        Level a, b;
        ParseError err;
        assert_true(session_load_level(&a, lvl, &err));
        TextBuf want = {0};
        assert_true(tmj_write(&a, SHIPPED_IMAGE, &want));
        char *have = fixture_get(tmj);
        if (strcmp(have, want.p)) fail_msg("%s is not what --convert writes for %s (make tiled)", tmj, lvl);
        assert_true(session_load_level(&b, tmj, &err));
        char *ca = canonical(&a);
        assert_int_equal(b.hash, level_text_hash(ca, strlen(ca)));
        mem_free(ca);
        mem_free(have);
        textbuf_free(&want);
        level_free(&a);
        level_free(&b);
    }
    fs_list_free(&l);
    TextBuf ts = {0};
    assert_true(tmj_write_tileset(SHIPPED_IMAGE, &ts));
    char *have = fixture_get("levels/tiled/bossrush.tsj");
    if (strcmp(have, ts.p)) {
        fixture_put("/tmp/bossrush-expected.tsj", ts.p);
        fail_msg("levels/tiled/bossrush.tsj differs from tmj_write_tileset's text (in /tmp/bossrush-expected.tsj)");
    }
    mem_free(have);
    textbuf_free(&ts);
}

// A 3 x 3 map: one tile id in the middle, an empty top row with the player.
static char *small_map(const char *tileset, uint32_t middle, const char *object_extra) {
    char *buf = malloc(4096);
    snprintf(buf, 4096,
             "{\"type\":\"map\",\"orientation\":\"orthogonal\",\"width\":3,\"height\":3,"
             "\"tilewidth\":32,\"tileheight\":32,\"tilesets\":[%s],"
             "\"layers\":[{\"type\":\"tilelayer\",\"name\":\"t\",\"width\":3,\"height\":3,"
             "\"data\":[0,0,0, 0,%u,0, 1,1,1]},"
             "{\"type\":\"objectgroup\",\"name\":\"o\",\"objects\":[{\"id\":1,\"point\":true,"
             "\"type\":\"player\",\"x\":16,\"y\":16}%s]}]}",
             tileset, (unsigned)middle, object_extra);
    return buf;
}

static const char TILESET[] =
    "{\"firstgid\":1,\"name\":\"b\",\"tilecount\":5,\"tiles\":["
    "{\"id\":0,\"properties\":[{\"name\":\"shape\",\"type\":\"string\",\"value\":\"solid\"}]},"
    "{\"id\":1,\"properties\":[{\"name\":\"shape\",\"type\":\"string\",\"value\":\"J\"}]},"
    "{\"id\":2,\"properties\":[{\"name\":\"shape\",\"type\":\"string\",\"value\":\"L\"}]},"
    "{\"id\":3,\"properties\":[{\"name\":\"shape\",\"type\":\"string\",\"value\":\"F\"}]},"
    "{\"id\":4,\"properties\":[{\"name\":\"shape\",\"type\":\"string\",\"value\":\"7\"}]}]}";

static Tile middle_tile(uint32_t gid) {
    char *text = small_map(TILESET, gid, "");
    Level lv;
    ParseError err;
    memset(&err, 0, sizeof err);
    if (!tmj_parse(&lv, text, strlen(text), "m.tmj", NULL, &err)) fail_msg("%s", err.msg);
    Tile t = tilemap_at(&lv.map, 1, 1);
    level_free(&lv);
    free(text);
    return t;
}

// Tiled's flags: diagonal (swap x and y) first, then horizontal, then
// vertical; the solid corner of a half tile moves with the picture.
static void test_flipped_tiles(void **state) {
    (void)state;
    const uint32_t H = 0x80000000u, V = 0x40000000u, D = 0x20000000u;
    assert_int_equal(middle_tile(2), TILE_SLOPE_BR);          // J
    assert_int_equal(middle_tile(2 | H), TILE_SLOPE_BL);      // mirrored: L
    assert_int_equal(middle_tile(2 | V), TILE_SLOPE_TR);      // upside down: 7
    assert_int_equal(middle_tile(2 | H | V), TILE_SLOPE_TL);  // turned 180: F
    assert_int_equal(middle_tile(3 | D), TILE_SLOPE_TR);      // L transposed: 7
    assert_int_equal(middle_tile(2 | D), TILE_SLOPE_BR);      // J lies on the diagonal
    assert_int_equal(middle_tile(3 | D | H), TILE_SLOPE_TL);  // L turned 90 degrees clockwise: F
    assert_int_equal(middle_tile(1 | H | V | D), TILE_SOLID); // rock stays rock
    assert_int_equal(middle_tile(0), TILE_EMPTY);
}

static void test_type_or_class(void **state) {
    (void)state;
    const char *variants[] = {
        ",{\"id\":2,\"point\":true,\"type\":\"whale\",\"x\":40,\"y\":20}",
        ",{\"id\":2,\"point\":true,\"class\":\"whale\",\"x\":40,\"y\":20}",
        ",{\"id\":2,\"point\":true,\"type\":\"whale\",\"class\":\"whale\",\"x\":40,\"y\":20}",
        ",{\"id\":2,\"point\":true,\"type\":\"\",\"class\":\"whale\",\"x\":40,\"y\":20}",
    };
    for (int i = 0; i < 4; i++) {
        char *text = small_map(TILESET, 0, variants[i]);
        Level lv;
        ParseError err;
        memset(&err, 0, sizeof err);
        if (!tmj_parse(&lv, text, strlen(text), "m.tmj", NULL, &err)) fail_msg("variant %d: %s", i, err.msg);
        assert_int_equal(lv.spawn_count, 1);
        assert_int_equal(lv.spawns[0].kind, KIND_WHALE);
        assert_int_equal(lv.spawns[0].col, 1);
        assert_int_equal(lv.spawns[0].row, 0);
        level_free(&lv);
        free(text);
    }
}

// Properties: typed values reach the spawn parameters and the level keys.
static void test_properties(void **state) {
    (void)state;
    char *text = small_map(TILESET, 0,
                           ",{\"id\":2,\"point\":true,\"type\":\"whale\",\"x\":40,\"y\":20,\"properties\":["
                           "{\"name\":\"speed\",\"type\":\"float\",\"value\":2.5},"
                           "{\"name\":\"push\",\"type\":\"string\",\"value\":\"head\"},"
                           "{\"name\":\"boss\",\"type\":\"bool\",\"value\":false}]}");
    // Map properties go in before "tilesets".
    char *at = strstr(text, "\"tilesets\"");
    char *full = malloc(strlen(text) + 256);
    snprintf(full, strlen(text) + 256,
             "%.*s\"properties\":[{\"name\":\"seed\",\"type\":\"int\",\"value\":9},"
             "{\"name\":\"name\",\"type\":\"string\",\"value\":\"Tiny Arena\"}],%s",
             (int)(at - text), text, at);
    Level lv;
    ParseError err;
    memset(&err, 0, sizeof err);
    if (!tmj_parse(&lv, full, strlen(full), "m.tmj", NULL, &err)) fail_msg("%s", err.msg);
    assert_string_equal(lv.name, "Tiny Arena");
    assert_int_equal(lv.seed, 9);
    assert_true(lv.spawns[0].cfg.whale.speed == 2.5);
    assert_false(lv.spawns[0].cfg.whale.boss);
    level_free(&lv);
    free(full);
    free(text);
}

// Errors name the file and the element; JSON syntax errors the line and column.
static void expect_error(const char *text, const char *want, int line, int col) {
    Level lv;
    ParseError err;
    memset(&err, 0, sizeof err);
    assert_false(tmj_parse(&lv, text, strlen(text), "bad.tmj", NULL, &err));
    char msg[1200];
    parse_error_format(&err, msg, sizeof msg);
    if (!strstr(msg, want)) fail_msg("'%s' lacks '%s'", msg, want);
    assert_string_equal(err.file, "bad.tmj");
    assert_int_equal(err.line, line);
    assert_int_equal(err.col, col);
}

// The column (1-based) of the n-th (1-based) needle in a one-line text.
static int col_nth(const char *text, const char *needle, int n) {
    const char *p = text - 1;
    for (int k = 0; k < n; k++) {
        p = strstr(p + 1, needle);
        if (!p) fail_msg("no '%s' %d in '%s'", needle, n, text);
    }
    return (int)(p - text) + 1;
}

static void test_errors(void **state) {
    (void)state;
    expect_error("{\n  \"width\": 3,\n  \"height\" 3\n}", "invalid JSON", 3, 12);
    expect_error("", "unexpected end of the file", 1, 1);
    expect_error("{} {}", "after the JSON map", 1, 4);
    char *t = small_map(TILESET, 9, "");
    // A tile layer's error is placed at what it is about: the tile id.
    expect_error(t, "tile layer 't', column 1 row 1: tile id 9 is past the end of tileset b", 1,
                 col_nth(t, "9,0, 1,1,1", 1));
    free(t);
    t = small_map(TILESET, 0,
                  ",{\"id\":7,\"name\":\"boss\",\"point\":true,\"type\":\"tetran\",\"x\":40,\"y\":20,"
                  "\"properties\":[{\"name\":\"arms\",\"type\":\"int\",\"value\":70}]}");
    expect_error(t, "object 'boss' (id 7): arms: expected an integer 1..64, got 70 (out of range)", 0, 0);
    free(t);
    t = small_map(TILESET, 0, ",{\"id\":3,\"point\":true,\"type\":\"dragon\",\"x\":40,\"y\":20}");
    expect_error(t, "object id 3: unknown type \"dragon\"", 0, 0);
    free(t);
    t = small_map(TILESET, 0, ",{\"id\":3,\"point\":true,\"type\":\"whale\",\"x\":400,\"y\":20}");
    expect_error(t, "outside the map", 0, 0);
    free(t);
    t = small_map(TILESET, 0, ",{\"id\":3,\"point\":true,\"type\":\"whale\",\"x\":40,\"y\":80}");
    expect_error(t, "object id 3: spawn at column 1 row 2 is inside a solid tile", 0, 0);
    free(t);
    t = small_map("{\"firstgid\":1,\"source\":\"bossrush.tsj\"}", 0, "");
    expect_error(t, "external tileset \"bossrush.tsj\" cannot be read here", 0, 0);
    free(t);
}

// A 3 x 3 map of the given tile layers (a player in the top row's middle).
static char *layers_map(const char *tile_layers) {
    char *buf = malloc(8192);
    snprintf(buf, 8192,
             "{\"type\":\"map\",\"orientation\":\"orthogonal\",\"width\":3,\"height\":3,"
             "\"tilewidth\":32,\"tileheight\":32,\"tilesets\":[%s],\"layers\":[%s,"
             "{\"type\":\"objectgroup\",\"name\":\"o\",\"objects\":[{\"id\":1,\"point\":true,"
             "\"type\":\"player\",\"x\":48,\"y\":16}]}]}",
             TILESET, tile_layers);
    return buf;
}
#define TILE_LAYER(name, data)                                                                                         \
    "{\"type\":\"tilelayer\",\"name\":\"" name "\",\"width\":3,\"height\":3,\"data\":[" data "]}"
#define ROCK_FLOOR "0,0,0, 0,0,0, 1,1,1"

// Decoration layers: every tile layer but the collision layer, behind the
// world before it and in front after it; drawn only, so a map with them is
// the same level as without (same canonical text and level hash) and plays
// the same (same world hash every tick).
static void test_decoration(void **state) {
    (void)state;
    Level plain, decor;
    ParseError err;
    memset(&err, 0, sizeof err);
    if (!session_load_level(&plain, "levels/test/tetran-duel.tmj", &err)) fail_msg("%s", err.msg);
    if (!session_load_level(&decor, "levels/test/tetran-decor.tmj", &err)) fail_msg("%s", err.msg);
    assert_int_equal(plain.decor.count, 0);
    assert_int_equal(decor.decor.count, 2);
    assert_string_equal(decor.decor.layers[0].name, "back");
    assert_false(decor.decor.layers[0].front);
    assert_string_equal(decor.decor.layers[1].name, "front");
    assert_true(decor.decor.layers[1].front);
    assert_true(decor_tiles(&decor.decor, 0) > 100);
    assert_true(decor_tiles(&decor.decor, 1) > 10);
    char *a = canonical(&plain), *b = canonical(&decor);
    assert_string_equal(a, b);
    assert_int_equal(plain.hash, decor.hash);
    assert_same_worlds(&plain, &decor);
    // tmj_write (--convert to .tmj) keeps them, in their places.
    TextBuf again = {0};
    assert_true(tmj_write(&decor, SHIPPED_IMAGE, &again));
    Level back;
    if (!tmj_parse(&back, again.p, again.len, "again.tmj", NULL, &err)) fail_msg("%s", err.msg);
    assert_int_equal(back.hash, decor.hash);
    assert_int_equal(back.decor.count, 2);
    for (int i = 0; i < 2; i++) {
        assert_string_equal(back.decor.layers[i].name, decor.decor.layers[i].name);
        assert_int_equal(back.decor.layers[i].front, decor.decor.layers[i].front);
        assert_memory_equal(back.decor.layers[i].cells, decor.decor.layers[i].cells,
                            (size_t)decor.decor.w * decor.decor.h);
    }
    level_free(&back);
    textbuf_free(&again);
    // The World carries its own copy for the renderer.
    World *w = fixture_world_level(&decor, false, 0);
    assert_int_equal(w->decor.count, 2);
    assert_memory_equal(w->decor.layers[0].cells, decor.decor.layers[0].cells, (size_t)decor.decor.w * decor.decor.h);
    world_free(w);
    mem_free(a);
    mem_free(b);
    level_free(&plain);
    level_free(&decor);

    // Which layer collides: the one named collision, wherever it is; the
    // only tile layer whatever its name. A decoration layer's tiles do not.
    const char *three = TILE_LAYER("sky", "1,0,0, 0,0,0, 0,0,0") "," TILE_LAYER("collision", ROCK_FLOOR) "," //
        TILE_LAYER("fg", "0,0,0, 0,2,0, 0,0,0");
    char *t = layers_map(three);
    Level lv;
    if (!tmj_parse(&lv, t, strlen(t), "m.tmj", NULL, &err)) fail_msg("%s", err.msg);
    assert_int_equal(tilemap_at(&lv.map, 0, 0), TILE_EMPTY);
    assert_int_equal(tilemap_at(&lv.map, 1, 1), TILE_EMPTY);
    assert_int_equal(tilemap_at(&lv.map, 1, 2), TILE_SOLID);
    assert_int_equal(lv.decor.count, 2);
    assert_false(lv.decor.layers[0].front);
    assert_int_equal(lv.decor.layers[0].cells[0], TILE_SOLID);
    assert_true(lv.decor.layers[1].front);
    assert_int_equal(lv.decor.layers[1].cells[4], TILE_SLOPE_BR);
    level_free(&lv);
    free(t);
}

static void test_decoration_errors(void **state) {
    (void)state;
    // Each placed (one-line maps: line 1) at the layer, member or tile id.
    char *t = layers_map(TILE_LAYER("a", ROCK_FLOOR) "," TILE_LAYER("b", ROCK_FLOOR));
    expect_error(t, "the map has 2 tile layers and none is named 'collision'", 1,
                 col_nth(t, "{\"type\":\"tilelayer\",\"name\":\"b\"", 1));
    free(t);
    t = layers_map(TILE_LAYER("collision", ROCK_FLOOR) "," TILE_LAYER("collision", ROCK_FLOOR));
    expect_error(t, "two tile layers are named 'collision'", 1, col_nth(t, "\"collision\"", 2));
    free(t);
    const char *short_layer = TILE_LAYER("collision", ROCK_FLOOR) "," //
        "{\"type\":\"tilelayer\",\"name\":\"d\",\"width\":3,\"height\":2,\"data\":[0,0,0,0,0,0]}";
    t = layers_map(short_layer);
    expect_error(t, "decoration layer 'd': is 3 x 2 tiles, the map 3 x 3", 1, col_nth(t, "2,\"data\"", 1));
    free(t);
    t = layers_map(TILE_LAYER("collision", ROCK_FLOOR) "," TILE_LAYER("d", "0,0,0, 0,9,0, 0,0,0"));
    expect_error(t, "decoration layer 'd', column 1 row 1: tile id 9 is past the end of tileset b", 1,
                 col_nth(t, "9,0, 0,0,0]", 1));
    free(t);
    t = layers_map(TILE_LAYER("collision", ROCK_FLOOR) "," TILE_LAYER("d", "0,0,0, 0,0"));
    expect_error(t, "decoration layer 'd': \"data\" has 5 tile ids, expected 9", 1, col_nth(t, "[0,0,0, 0,0]", 1));
    free(t);
    // At most DECOR_MAX_LAYERS besides the collision layer.
    char layers[4096] = TILE_LAYER("collision", ROCK_FLOOR);
    for (int i = 0; i <= DECOR_MAX_LAYERS; i++) strcat(layers, "," TILE_LAYER("d", ROCK_FLOOR));
    t = layers_map(layers);
    expect_error(t, "too many decoration layers (at most 8", 1,
                 col_nth(t, TILE_LAYER("d", ROCK_FLOOR), DECOR_MAX_LAYERS + 1));
    free(t);
}

// A map drawn with the shipped external tileset, read through the session.
static void test_external_tileset(void **state) {
    (void)state;
    char dir[] = "/tmp/tmj_XXXXXX", path[256], tsj[256];
    fixture_tmp_dir(dir);
    char *shipped = fixture_get("levels/tiled/bossrush.tsj");
    snprintf(tsj, sizeof tsj, "%s/tiles/bossrush.tsj", dir);
    char sub[256];
    snprintf(sub, sizeof sub, "%s/tiles", dir);
    assert_true(fs_make_dirs(sub));
    fixture_put(tsj, shipped);
    mem_free(shipped);
    char *text = small_map("{\"firstgid\":1,\"source\":\"tiles/bossrush.tsj\"}", 2, "");
    snprintf(path, sizeof path, "%s/m.tmj", dir);
    fixture_put(path, text);
    Level lv;
    ParseError err;
    memset(&err, 0, sizeof err);
    if (!session_load_level(&lv, path, &err)) fail_msg("%s", err.msg);
    assert_int_equal(tilemap_at(&lv.map, 1, 1), TILE_SLOPE_BR);
    level_free(&lv);
    // A broken tileset file: its own name, line and column.
    fixture_put(tsj, "{\n  \"tiles\": [,]\n}\n");
    assert_false(session_load_level(&lv, path, &err));
    assert_string_equal(err.file, tsj);
    assert_int_equal(err.line, 2);
    free(text);
    fixture_rm_dir(dir);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip_every_level),
        cmocka_unit_test(test_shipped_maps_current),
        cmocka_unit_test(test_flipped_tiles),
        cmocka_unit_test(test_type_or_class),
        cmocka_unit_test(test_properties),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_external_tileset),
        cmocka_unit_test(test_decoration),
        cmocka_unit_test(test_decoration_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
