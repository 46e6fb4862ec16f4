// test_live.c -- live tuning without a window: sim/reload (new profiles in
// a World; an edited level rebuilt with the player kept where he fits, at
// the new spawn where rock or a new tile size leaves no room for him, his
// feet let go where the rock went), harness/live (a running session takes
// new profiles and its level again; a broken file keeps the old values and
// says file:line:col, and the next session can take the last good ones;
// scripts refuse; a running recording is saved up to the change and still
// verifies against the files it was recorded with, and recordings after
// the change carry the new hash and verify), and the modification-time
// watcher.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fixtures.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/fs.h"
#include "core/mem.h"
#include "harness/live.h"
#include "harness/profiles.h"
#include "harness/session.h"
#include "sim/reload.h"

static char tmp_dir[] = "/tmp/test_live_XXXXXX";
static char path_buf[8][1200];

static const char *tmp_path(const char *name) {
    static int k;
    char *b = path_buf[k++ % 8];
    fs_join(tmp_dir, name, b, sizeof path_buf[0]);
    return b;
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

// A copy of assets/legs in tmp_dir/name.
static const char *legs_copy(const char *name) {
    const char *dir = tmp_path(name);
    assert_true(fs_make_dirs(dir));
    for (int i = 0; i < LEGS_COUNT; i++) {
        char src[256], dst[1300];
        snprintf(src, sizeof src, "assets/legs/%s.leg", legs_name(i));
        snprintf(dst, sizeof dst, "%s/%s.leg", dir, legs_name(i));
        char *text = fixture_get(src);
        fixture_put(dst, text);
        mem_free(text);
    }
    return dir;
}

// Replaces `from` by `to` in the file at path (once; `from` must be there).
static void edit_file(const char *path, const char *from, const char *to) {
    char *text = fixture_get(path), out[16384];
    char *at = strstr(text, from);
    assert_non_null(at);
    snprintf(out, sizeof out, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
    fixture_put(path, out);
    mem_free(text);
}

static const char *leg_file(const char *dir, int i) {
    static char b[2][1300];
    static int k;
    char *p = b[k++ % 2];
    snprintf(p, sizeof b[0], "%s/%s.leg", dir, legs_name(i));
    return p;
}

// The climb-wall level, its rows changed by edit (NULL: as shipped).
static void climb_level(Level *lv, void (*edit)(char *rows[20]), const char *head) {
    static const char *const shipped[20] = {
        "########################", "#......................#", "#......................#",
        "#......................#", "#......................#", "#......................#",
        "#......................#", "#......................#", "#......................#",
        "#......................#", "#......................#", "#......................#",
        "#......................#", "#......................#", "#......................#",
        "#......................#", "#......................#", "#......................#",
        "#......................#", "########################"};
    char row[20][32], *rows[20];
    for (int r = 0; r < 20; r++) {
        snprintf(row[r], sizeof row[r], "%s", shipped[r]);
        rows[r] = row[r];
    }
    if (edit) edit(rows);
    char text[4096];
    int o = snprintf(text, sizeof text, "%s\nmap\n", head ? head : "tile 32\nspawn player 21 18\nseed 1");
    for (int r = 0; r < 20; r++) o += snprintf(text + o, sizeof text - (size_t)o, "%s\n", rows[r]);
    snprintf(text + o, sizeof text - (size_t)o, "end\n");
    ParseError err;
    if (!level_parse(lv, text, strlen(text), "climb.lvl", &err)) fail_msg("%d:%d: %s", err.line, err.col, err.msg);
}

// The climb-wall script's input, on the wall by tick 20 and climbing.
static Input climb_input(int64_t t) {
    uint16_t b = 0;
    if (t < 30) b |= BTN_RIGHT;
    if (t >= 2 && t < 16) b |= BTN_JUMP;
    if (t >= 30) b |= BTN_UP;
    return (Input){b};
}

// A World on the climb-wall level, stepped to tick `ticks` - 1.
static World *climbing(int ticks) {
    Level lv;
    climb_level(&lv, NULL, NULL);
    World *w = fixture_world_level(&lv, false, 0);
    level_free(&lv);
    for (int t = 0; t < ticks; t++) world_step(w, climb_input(t));
    return w;
}

static void no_right_wall(char *rows[20]) {
    for (int r = 1; r < 19; r++) rows[r][23] = '.';   // the map's edge is still rock, 32 px on
}

static void rock_column(char *rows[20]) {
    for (int r = 1; r < 17; r++) rows[r][22] = '#';
}

static World *reload(const World *old, const Level *lv, ReloadPlayer *what) {
    LegProfile prof[LEGS_COUNT];
    fixture_profiles(prof);
    WorldSetup ws = {.level = lv, .profiles = prof};
    ParseError err;
    World *w = reload_level(old, &ws, what, &err);
    if (!w) fail_msg("%s", err.msg);
    return w;
}

static void test_profiles_into_a_world(void **state) {
    (void)state;
    World *w = climbing(60);
    LegProfile prof[LEGS_COUNT];
    fixture_profiles(prof);
    prof[0].upper_px = 23;
    prof[3].step_ticks = 2;                 // shorter than a step in flight may be
    reload_profiles(w, prof);
    assert_true(legs_profiles_hash(w->player.legs.prof) == legs_profiles_hash(prof));
    for (int t = 60; t < 200; t++) {
        world_step(w, climb_input(t));
        LegsProbes lp;
        legs_probes(&w->player.legs, &lp);
        assert_true(lp.stepping <= 2);
        for (int i = 0; i < LEGS_COUNT; i++)
            if (w->player.legs.leg[i].mode == LEG_STEPPING) assert_true(w->player.legs.leg[i].step_tick < 120);
    }
    world_free(w);
}

static void test_level_keeps_the_player(void **state) {
    (void)state;
    World *old = climbing(120);
    assert_int_equal(old->player.state, PLAYER_WALL);
    old->player.hp = 4;
    // The same map with a creature more: he stays, all of him.
    Level lv;
    climb_level(&lv, NULL, "tile 32\nspawn player 2 18\nspawn whale 8 6\nseed 3");
    ReloadPlayer what;
    World *w = reload(old, &lv, &what);
    assert_int_equal(what, RELOAD_KEPT);
    assert_int_equal(w->tick, old->tick);
    assert_int_equal(w->whale_count, 1);
    assert_true(w->player.pos.x == old->player.pos.x && w->player.pos.y == old->player.pos.y);
    assert_int_equal(w->player.state, PLAYER_WALL);
    assert_int_equal(w->player.hp, 4);
    for (int i = 0; i < LEGS_COUNT; i++) assert_int_equal(w->player.legs.leg[i].mode, old->player.legs.leg[i].mode);
    assert_true(w->input.buttons == old->input.buttons);
    // It plays on from there: the climb goes on.
    double y = w->player.pos.y;
    for (int t = 120; t < 140; t++) world_step(w, climb_input(t));
    assert_true(w->player.pos.y < y - 30);
    assert_int_equal(w->player.state, PLAYER_WALL);
    world_free(w);
    level_free(&lv);
    world_free(old);
}

static void test_level_lets_go_of_vanished_rock(void **state) {
    (void)state;
    World *old = climbing(120);
    int planted = 0;
    for (int i = 0; i < LEGS_COUNT; i++) planted += old->player.legs.leg[i].mode == LEG_PLANTED;
    assert_true(planted >= 2);
    Level lv;
    climb_level(&lv, no_right_wall, NULL);
    ReloadPlayer what;
    World *w = reload(old, &lv, &what);
    assert_int_equal(what, RELOAD_KEPT);                   // room enough: the wall went away
    for (int i = 0; i < LEGS_COUNT; i++) assert_true(w->player.legs.leg[i].mode != LEG_PLANTED);
    for (int t = 120; t < 200; t++) world_step(w, (Input){0});
    assert_int_equal(w->player.state, PLAYER_GROUND);      // he fell to the floor
    world_free(w);
    level_free(&lv);
    world_free(old);
}

static void test_level_respawns_the_player(void **state) {
    (void)state;
    World *old = climbing(120);
    old->player.hp = 3;
    old->player.hits = 7;
    // Rock where he is: at the new spawn, with his hearts.
    Level lv;
    climb_level(&lv, rock_column, "tile 32\nspawn player 5 18\nseed 1");
    assert_false(reload_fits(&lv.map, old->player.pos, old->player.radius));
    ReloadPlayer what;
    World *w = reload(old, &lv, &what);
    assert_int_equal(what, RELOAD_SPAWN_BLOCKED);
    assert_true(w->player.pos.x == 5.5 * 32);
    assert_int_equal(w->player.hp, 3);
    assert_int_equal(w->player.hits, 7);
    assert_int_equal(w->player.legs.leg[0].mode, LEG_FREE);
    world_free(w);
    level_free(&lv);
    // Another tile size: at the new spawn.
    climb_level(&lv, NULL, "tile 16\nspawn player 21 18\nseed 1");
    w = reload(old, &lv, &what);
    assert_int_equal(what, RELOAD_SPAWN_TILE);
    assert_true(w->player.radius == 6);
    world_free(w);
    level_free(&lv);
    // reload_fits: touching the rock is fine, a little into it is not.
    climb_level(&lv, NULL, NULL);
    assert_true(reload_fits(&lv.map, v2(736 - 12, 300), 12));
    assert_true(reload_fits(&lv.map, v2(736 - 11.6, 300), 12));
    assert_false(reload_fits(&lv.map, v2(736 - 11, 300), 12));
    assert_false(reload_fits(&lv.map, v2(900, 300), 12));   // outside the map
    level_free(&lv);
    world_free(old);
}

// ---------------------------------------------------------------- sessions

// Runs a replay through; returns its verdict (msg in s->msg).
static int replay(const char *rpl, const char *legs, char *msg, size_t n) {
    Session s;
    SessionSetup setup = {.legs_dir = legs};
    int rc = session_open_script(&s, rpl, &setup);
    while (rc == 0 && !session_done(&s))
        if (!session_step(&s, NULL)) rc = session_rc(&s);
    if (rc == 0) rc = session_finish(&s);
    snprintf(msg, n, "%s", session_message(&s));
    session_close(&s);
    return rc;
}

static void test_session_profiles(void **state) {
    (void)state;
    const char *legs = legs_copy("legs-a");
    Session s;
    SessionSetup setup = {.legs_dir = legs};
    assert_int_equal(session_open_level(&s, "levels/test/climb-wall.lvl", &setup), 0);
    for (int t = 0; t < 40; t++) assert_true(session_step(&s, &(Input){climb_input(t).buttons}));
    uint64_t old_hash = session_profiles_hash(&s);
    LiveReport rep;
    // Unchanged files: nothing happens.
    live_reload_profiles(&s, legs, &rep);
    assert_int_equal(rep.result, LIVE_SAME);
    // A changed value reaches the World.
    edit_file(leg_file(legs, 0), "\nupper 19 ", "\nupper 20 ");
    live_reload_profiles(&s, legs, &rep);
    assert_int_equal(rep.result, LIVE_CHANGED);
    assert_int_equal(rep.recording, LIVE_REC_NONE);
    assert_true(session_profiles_hash(&s) != old_hash);
    assert_true(session_profiles(&s)[0].upper_px == 20 && session_world(&s)->player.legs.prof[0].upper_px == 20);
    assert_true(session_profiles_hash(&s) == legs_profiles_hash(session_world(&s)->player.legs.prof));
    // A broken file: the old values stay, the message names file:line:col.
    uint64_t good = session_profiles_hash(&s);
    edit_file(leg_file(legs, 2), "\nmax 42\n", "\nmax 42 px\n");
    live_reload_profiles(&s, legs, &rep);
    assert_int_equal(rep.result, LIVE_FAILED);
    char want[1400];
    snprintf(want, sizeof want, "%s:9:8: unexpected extra token 'px'", leg_file(legs, 2));
    if (!strstr(rep.msg, want)) fail_msg("%s", rep.msg);
    assert_true(session_profiles_hash(&s) == good);
    assert_true(legs_profiles_hash(session_world(&s)->player.legs.prof) == good);
    // So does a rule broken across keys (and a missing file).
    edit_file(leg_file(legs, 2), "\nmax 42 px\n", "\nmax 60\n");
    live_reload_profiles(&s, legs, &rep);
    assert_int_equal(rep.result, LIVE_FAILED);
    assert_non_null(strstr(rep.msg, "expected max (60) < upper + lower"));
    remove(leg_file(legs, 3));
    live_reload_profiles(&s, legs, &rep);
    assert_int_equal(rep.result, LIVE_FAILED);
    assert_non_null(strstr(rep.msg, "back-right.leg: cannot open leg profile"));
    assert_true(session_profiles_hash(&s) == good);
    // It steps on with the good values.
    for (int t = 40; t < 80; t++) assert_true(session_step(&s, &(Input){climb_input(t).buttons}));
    // The next fight, while the folder is broken, takes them as given.
    LegProfile kept[LEGS_COUNT];
    memcpy(kept, session_profiles(&s), sizeof kept);
    session_close(&s);
    char *back_right = fixture_get("assets/legs/back-right.leg");
    fixture_put(leg_file(legs, 3), back_right);            // only front-right's rule is broken now
    mem_free(back_right);
    assert_int_equal(session_open_level(&s, "levels/test/climb-wall.lvl", &setup), 2);
    session_close(&s);
    SessionSetup given = {.legs_dir = legs, .profiles = kept};
    assert_int_equal(session_open_level(&s, "levels/test/climb-wall.lvl", &given), 0);
    assert_true(session_profiles_hash(&s) == good);
    assert_true(legs_profiles_hash(session_world(&s)->player.legs.prof) == good);
    session_close(&s);
    // A script runs as it was written: refused.
    SessionSetup shipped = {.legs_dir = "assets/legs"};
    assert_int_equal(session_open_script(&s, "tests/scripts/climb-wall.script", &shipped), 0);
    LegProfile prof[LEGS_COUNT];
    fixture_profiles(prof);
    prof[1].lift_px = 3;
    live_set_profiles(&s, prof, &rep);
    assert_int_equal(rep.result, LIVE_REFUSED);
    live_reload_level(&s, &rep);
    assert_int_equal(rep.result, LIVE_REFUSED);
    assert_true(session_profiles_hash(&s) != legs_profiles_hash(prof));
    session_close(&s);
}

static void test_recordings_stay_honest(void **state) {
    (void)state;
    const char *legs = legs_copy("legs-rec");
    const char *before = legs_copy("legs-before");   // the files as they were
    const char *rpl = tmp_path("cut.rpl"), *after = tmp_path("after.rpl");
    char msg[1600];
    Session s;
    SessionSetup setup = {.legs_dir = legs};
    assert_int_equal(session_open_level(&s, "levels/test/climb-wall.lvl", &setup), 0);
    assert_true(session_record(&s, rpl));
    for (int t = 0; t < 100; t++) assert_true(session_step(&s, &(Input){climb_input(t).buttons}));
    // The change saves the recording up to tick 99 and stops it.
    edit_file(leg_file(legs, 1), "\nlift_max 5.5\n", "\nlift_max 8\n");
    LiveReport rep;
    live_reload_profiles(&s, legs, &rep);
    assert_int_equal(rep.result, LIVE_CHANGED);
    assert_int_equal(rep.recording, LIVE_REC_SAVED);
    assert_int_equal(rep.recording_end, 99);
    assert_false(session_recording(&s));
    for (int t = 100; t < 150; t++) assert_true(session_step(&s, &(Input){climb_input(t).buttons}));
    session_close(&s);
    char *text = fixture_get(rpl);
    assert_non_null(strstr(text, "\nend 99\n"));
    mem_free(text);
    // It verifies with the files it was recorded with, and says what
    // changed against the new ones.
    assert_int_equal(replay(rpl, before, msg, sizeof msg), 0);
    assert_int_equal(replay(rpl, legs, msg, sizeof msg), 1);
    assert_non_null(strstr(msg, "leg profiles changed since the replay was recorded"));
    // The next fight records with the new profiles' hash and verifies.
    assert_int_equal(session_open_level(&s, "levels/test/climb-wall.lvl", &setup), 0);
    assert_true(session_record(&s, after));
    for (int t = 0; t < 150; t++) assert_true(session_step(&s, &(Input){climb_input(t).buttons}));
    char why[256];
    assert_true(session_save_recording(&s, why, sizeof why));
    session_close(&s);
    assert_int_equal(replay(after, legs, msg, sizeof msg), 0);
    assert_int_equal(replay(after, before, msg, sizeof msg), 1);
    // A change before the first tick: the empty recording is dropped.
    const char *none = tmp_path("none.rpl");
    assert_int_equal(session_open_level(&s, "levels/test/climb-wall.lvl", &setup), 0);
    assert_true(session_record(&s, none));
    LegProfile prof[LEGS_COUNT];
    memcpy(prof, session_profiles(&s), sizeof prof);
    prof[0].lead_ticks = 2;
    live_set_profiles(&s, prof, &rep);
    assert_int_equal(rep.recording, LIVE_REC_DROPPED);
    assert_false(session_recording(&s));
    session_close(&s);
    assert_false(fs_is_file(none));
}

static void test_session_level(void **state) {
    (void)state;
    const char *lvl = tmp_path("arena.lvl"), *rpl = tmp_path("arena.rpl");
    char *shipped = fixture_get("levels/test/climb-wall.lvl");
    fixture_put(lvl, shipped);
    Session s;
    SessionSetup setup = {.legs_dir = "assets/legs", .difficulty = DIFFICULTY_HARD};
    assert_int_equal(session_open_level(&s, lvl, &setup), 0);
    assert_string_equal(live_level_path(&s), lvl);
    assert_true(session_record(&s, rpl));
    for (int t = 0; t < 120; t++) assert_true(session_step(&s, &(Input){climb_input(t).buttons}));
    Vec2 at = session_world(&s)->player.pos;
    const World *was = session_world(&s);
    LiveReport rep;
    live_reload_level(&s, &rep);
    assert_int_equal(rep.result, LIVE_SAME);               // the same text: nothing happens
    assert_ptr_equal(session_world(&s), was);
    // A broken edit keeps the old arena; the message has file:line:col.
    edit_file(lvl, "seed 1\n", "seed 1\nspawn dragon 3 3\n");
    live_reload_level(&s, &rep);
    assert_int_equal(rep.result, LIVE_FAILED);
    char want[1400];
    snprintf(want, sizeof want, "%s:7:7: unknown creature 'dragon'", lvl);
    if (!strstr(rep.msg, want)) fail_msg("%s", rep.msg);
    assert_ptr_equal(session_world(&s), was);
    assert_true(session_recording(&s));                     // nothing changed: it records on
    // A good edit: a tetran joins, the player stays, the recording is cut.
    edit_file(lvl, "spawn dragon 3 3\n", "spawn tetran 6 6 arms=3\n");
    uint64_t old_hash = session_level(&s)->hash;
    live_reload_level(&s, &rep);
    assert_int_equal(rep.result, LIVE_CHANGED);
    assert_int_equal(rep.player, RELOAD_KEPT);
    assert_int_equal(rep.recording, LIVE_REC_SAVED);
    assert_int_equal(rep.recording_end, 119);
    assert_true(session_level(&s)->hash != old_hash);
    assert_int_equal(session_world(&s)->tetran_count, 1);
    assert_int_equal(session_world(&s)->difficulty, DIFFICULTY_HARD);   // the run's setup is kept
    assert_true(session_world(&s)->player.pos.x == at.x && session_world(&s)->player.pos.y == at.y);
    for (int t = 120; t < 130; t++) assert_true(session_step(&s, &(Input){climb_input(t).buttons}));
    session_close(&s);
    // The cut replay names the level change against the edited file.
    char msg[1600];
    assert_int_equal(replay(rpl, "assets/legs", msg, sizeof msg), 1);
    assert_non_null(strstr(msg, "level changed since the replay was recorded"));
    fixture_put(lvl, shipped);
    assert_int_equal(replay(rpl, "assets/legs", msg, sizeof msg), 0);
    mem_free(shipped);
}

// A session that keeps snapshots takes a live reload: the store follows the
// new World (its blocks listed again, session_replace_world), so seeking
// back after the reload and stepping on gives the straight run's state,
// and a seek to before the reload stops at the reload (the old World is
// gone). With the old blocks kept, the restore wrote into freed memory.
static void test_snapshots_after_reload(void **state) {
    (void)state;
    const char *lvl = tmp_path("snap.lvl");
    char *shipped = fixture_get("levels/test/climb-wall.lvl");
    fixture_put(lvl, shipped);
    mem_free(shipped);
    Session s;
    SessionSetup setup = {.legs_dir = "assets/legs"};
    assert_int_equal(session_open_level(&s, lvl, &setup), 0);
    assert_true(session_keep_snapshots(&s, 0));
    for (int t = 0; t < 130; t++) assert_true(session_step(&s, &(Input){climb_input(t).buttons}));
    edit_file(lvl, "seed 1\n", "seed 1\nspawn tetran 6 6 arms=3\n");
    LiveReport rep;
    live_reload_level(&s, &rep);
    assert_int_equal(rep.result, LIVE_CHANGED);
    assert_int_equal(session_world(&s)->tetran_count, 1);
    SnapStore *st = session_snapshots(&s);
    assert_non_null(st);
    assert_ptr_equal(st->w, session_world(&s));
    assert_int_equal(st->base_tick, 129);
    uint64_t hash_at[400];
    for (int t = 130; t < 400; t++) {
        assert_true(session_step(&s, &(Input){climb_input(t).buttons}));
        hash_at[t] = world_hash(session_world(&s));
    }
    // Back to 250 from the newest snapshot before it, on to 399.
    int64_t from = session_restore(&s, 250);
    assert_true(from >= 129 && from <= 250);
    assert_int_equal(session_tick(&s), from);
    if (from > 129) assert_int_equal(world_hash(session_world(&s)), hash_at[from]);
    for (int64_t t = from + 1; t < 400; t++) {
        assert_true(session_step(&s, &(Input){climb_input(t).buttons}));
        if (world_hash(session_world(&s)) != hash_at[t]) fail_msg("tick %lld differs after the seek", (long long)t);
    }
    // Before the reload: the reload's tick is as far back as it goes.
    assert_int_equal(session_restore(&s, 50), 129);
    assert_int_equal(session_world(&s)->tetran_count, 1);
    for (int t = 130; t < 200; t++) assert_true(session_step(&s, &(Input){climb_input(t).buttons}));
    assert_int_equal(world_hash(session_world(&s)), hash_at[199]);
    session_close(&s);
}

// Sets path's modification time (s since the epoch).
static void touch_at(const char *path, time_t t) {
    struct timespec ts[2] = {{t, 0}, {t, 0}};
    assert_int_equal(utimensat(AT_FDCWD, path, ts, 0), 0);
}

static void test_watch(void **state) {
    (void)state;
    const char *a = tmp_path("w-a.txt"), *b = tmp_path("w-b.txt"), *c = tmp_path("w-c.txt");
    fixture_put(a, "one");
    fixture_put(b, "two");
    touch_at(a, 1000000);
    touch_at(b, 1000000);
    LiveWatch lw;
    live_watch_clear(&lw);
    assert_int_equal(live_watch_add(&lw, a), 0);
    assert_int_equal(live_watch_add(&lw, b), 1);
    assert_int_equal(live_watch_add(&lw, c), 2);           // missing for now
    assert_int_equal(live_watch_poll(&lw), 0u);
    touch_at(b, 1000001);                                   // a new time
    assert_int_equal(live_watch_poll(&lw), 2u);
    assert_int_equal(live_watch_poll(&lw), 0u);             // once
    fixture_put(a, "ONE!");                                 // a new size, the same time
    touch_at(a, 1000000);
    assert_int_equal(live_watch_poll(&lw), 1u);
    fixture_put(c, "three");                                // appeared
    remove(b);                                              // vanished
    assert_int_equal(live_watch_poll(&lw), 6u);
    assert_int_equal(live_watch_poll(&lw), 0u);
    for (int i = 3; i < LIVE_MAX_FILES; i++) assert_int_equal(live_watch_add(&lw, a), i);
    assert_int_equal(live_watch_add(&lw, a), -1);           // full
    live_watch_clear(&lw);
    assert_int_equal(live_watch_poll(&lw), 0u);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_profiles_into_a_world),
        cmocka_unit_test(test_level_keeps_the_player),
        cmocka_unit_test(test_level_lets_go_of_vanished_rock),
        cmocka_unit_test(test_level_respawns_the_player),
        cmocka_unit_test(test_session_profiles),
        cmocka_unit_test(test_recordings_stay_honest),
        cmocka_unit_test(test_session_level),
        cmocka_unit_test(test_snapshots_after_reload),
        cmocka_unit_test(test_watch),
    };
    return cmocka_run_group_tests(tests, setup_dir, teardown_dir);
}
