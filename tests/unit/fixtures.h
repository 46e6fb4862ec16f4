// fixtures.h -- what several unit tests need, written once: the shipped leg
// profiles, maps and worlds from rows of tiles, worlds from a Level, event
// lookups, and scratch folders with small files. Include after <cmocka.h>.
// Tests run from the repository root (assets/legs is read from there).
#pragma once
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fs.h"
#include "core/mem.h"
#include "harness/profiles.h"
#include "sim/level.h"
#include "sim/map/tilemap.h"
#include "sim/player/legs.h"
#include "sim/world.h"

// The shipped profiles, read from assets/legs: tests run on the real numbers.
static inline void fixture_profiles(LegProfile prof[LEGS_COUNT]) {
    ParseError err;
    if (!profiles_load("assets/legs", prof, &err)) fail_msg("%s:%d:%d: %s", err.file, err.line, err.col, err.msg);
}

// A map from equally wide rows of tile characters ('P' reads as '.'), tile
// size `tile` px. *pc, *pr (when not NULL) get the 'P' tile, if any.
static inline void fixture_map(Tilemap *m, const char *const *rows, int nrows, int tile, int *pc, int *pr) {
    int w = (int)strlen(rows[0]);
    assert_true(tilemap_init(m, w, nrows, tile));
    for (int r = 0; r < nrows; r++) {
        assert_int_equal((int)strlen(rows[r]), w);
        for (int c = 0; c < w; c++) {
            char ch = rows[r][c];
            if (ch == 'P') {
                if (pc) *pc = c;
                if (pr) *pr = r;
                ch = '.';
            }
            int t = tilemap_tile_from_char(ch);
            assert_true(t >= 0);
            tilemap_set(m, c, r, (Tile)t);
        }
    }
}

// A World for lv with the shipped leg profiles (seed as world_create says).
static inline World *fixture_world_level(const Level *lv, bool use_seed, uint32_t seed) {
    LegProfile prof[LEGS_COUNT];
    fixture_profiles(prof);
    ParseError err;
    WorldSetup setup = {.level = lv, .profiles = prof, .use_seed = use_seed, .seed = seed};
    World *w = world_create(&setup, &err);
    if (!w) fail_msg("world_create: %s", err.msg);
    return w;
}

// A World from map rows (tile 32, no creatures); 'P' marks the player's spawn tile.
static inline World *fixture_world_rows(const char *const *rows, int nrows) {
    Level *lv = calloc(1, sizeof *lv);
    assert_non_null(lv);
    lv->tile = 32;
    strcpy(lv->path, "test.lvl");
    strcpy(lv->name, "test");
    fixture_map(&lv->map, rows, nrows, 32, &lv->player_col, &lv->player_row);
    World *w = fixture_world_level(lv, false, 0);
    level_free(lv);
    free(lv);
    return w;
}

// Did the last tick push an event of this type?
static inline bool fixture_had_event(const World *w, EventType type) {
    for (int i = 0; i < w->events.count; i++)
        if (w->events.e[i].type == type) return true;
    return false;
}

// A fresh scratch folder: dir is a mkdtemp template ("/tmp/x_XXXXXX").
static inline void fixture_tmp_dir(char *dir) { assert_non_null(mkdtemp(dir)); }

// Removes dir and everything in it (hidden entries included).
static inline void fixture_rm_dir(const char *dir) {
    FsList l;
    if (fs_list(dir, "", &l)) {
        for (int i = 0; i < l.count; i++) {
            char p[1200];
            assert_true(fs_join(dir, l.names[i], p, sizeof p));
            if (fs_is_dir(p)) fixture_rm_dir(p);
            else remove(p);
        }
        fs_list_free(&l);
    }
    remove(dir);
}

// Writes text to path (atomically, through core/fs).
static inline void fixture_put(const char *path, const char *text) {
    assert_true(fs_write_atomic(path, text, strlen(text)));
}

// The whole file (mem_free it).
static inline char *fixture_get(const char *path) {
    size_t len;
    char *s = fs_read_file(path, 1 << 24, &len, NULL);
    assert_non_null(s);
    return s;
}
