// test_subsys.c -- per-subsystem hashes (harness/subsys.h): the names and
// their order come from the creature list; a change to one part of the
// World changes its subsystem's hash alone (and the full hash); names
// parse and print back; the desync text; a checksum line's tokens parsed,
// a recorded run desynced by one input naming `player`, an old-style line
// keeping the old message, and rebless keeping each line's form.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fixtures.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "core/mem.h"
#include "harness/script.h"
#include "harness/subsys.h"
#include "sim/world.h"

// A closed room with two Tetrans, a whale and a few stars.
static World *room(void) {
    Level lv;
    memset(&lv, 0, sizeof lv);
    snprintf(lv.path, sizeof lv.path, "room.lvl");
    lv.tile = 32;
    lv.player_col = 4;
    lv.player_row = 9;
    lv.stars = 50;
    assert_true(tilemap_init(&lv.map, 24, 12, 32));
    for (int c = 0; c < 24; c++) tilemap_set(&lv.map, c, 10, TILE_SOLID), tilemap_set(&lv.map, c, 11, TILE_SOLID);
    static const int kinds[3] = {KIND_TETRAN, KIND_WHALE, KIND_TETRAN};
    for (int i = 0; i < 3; i++) {
        LevelSpawn *sp = &lv.spawns[lv.spawn_count++];
        sp->kind = kinds[i], sp->col = 8 + 5 * i, sp->row = 4;
        if (kinds[i] == KIND_TETRAN) tetran_config_default(&sp->cfg.tetran);
        else whale_config_default(&sp->cfg.whale);
    }
    World *w = fixture_world_level(&lv, false, 0);
    level_free(&lv);
    return w;
}

static void names(const SubsysHash *h, int n, char *buf, size_t size) {
    size_t used = 0;
    buf[0] = 0;
    for (int i = 0; i < n; i++) {
        char nm[SUBSYS_NAME_MAX];
        subsys_name(&h[i], nm, sizeof nm);
        used += (size_t)snprintf(buf + used, size - used, "%s%s", i ? " " : "", nm);
    }
}

static void test_order(void **state) {
    (void)state;
    World *w = room();
    SubsysHash h[SUBSYS_MAX];
    int n = subsys_hashes(w, h);
    char buf[256];
    names(h, n, buf, sizeof buf);
    assert_string_equal(buf, "player legs bullets tetran[0] tetran[1] whale[0] stars rng");
    world_free(w);
}

// Which subsystems differ between a and b, as names.
static void diff(const World *a, const World *b, char *buf, size_t size) {
    SubsysHash ha[SUBSYS_MAX], hb[SUBSYS_MAX], d[SUBSYS_MAX];
    int n = subsys_hashes(a, ha), k = 0;
    assert_int_equal(subsys_hashes(b, hb), n);
    for (int i = 0; i < n; i++)
        if (ha[i].hash != hb[i].hash) d[k++] = ha[i];
    names(d, k, buf, size);
}

// Each part of the World belongs to one subsystem, and the full hash sees
// every change too.
static void test_each_part_alone(void **state) {
    (void)state;
    World *a = room(), *b = room();
    for (int t = 0; t < 90; t++) {
        Input in = {(uint16_t)(BTN_RIGHT | (t % 20 < 3 ? BTN_FIRE : 0))};
        world_step(a, in);
        world_step(b, in);
    }
    char buf[256];
    diff(a, b, buf, sizeof buf);
    assert_string_equal(buf, "");
    static const char *const want[] = {"player", "legs", "bullets", "tetran[1]", "whale[0]", "stars", "rng"};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        uint64_t before = world_hash(b);
        switch (i) {
        case 0: b->player.pos.x += 0.5; break;
        case 1: b->player.legs.leg[0].foot.x += 0.5; break;
        case 2: {               // a bullet in flight (dead slots are not hashed)
            int k = 0;
            while (k < b->bullets.cap && !b->bullets.b[k].alive) k++;
            assert_true(k < b->bullets.cap);
            b->bullets.b[k].pos.x += 0.5;
            break;
        }
        case 3: b->tetrans[1].hover_rad += 0.5; break;
        case 4: b->whales[0].hp -= 1; break;
        case 5:                        // a displaced star (the hash covers those)
            assert_true(b->stars.active_n > 0);
            b->stars.s[b->stars.active[0]].x += 0.5f;
            break;
        default: b->rng.s ^= 1; break;
        }
        assert_true(world_hash(b) != before);
        diff(a, b, buf, sizeof buf);
        assert_string_equal(buf, want[i]);
        world_free(b);
        b = room();
        for (int t = 0; t < 90; t++) {
            Input in = {(uint16_t)(BTN_RIGHT | (t % 20 < 3 ? BTN_FIRE : 0))};
            world_step(b, in);
        }
    }
    // The World's own fields go with the player.
    b->state_tick += 1;
    diff(a, b, buf, sizeof buf);
    assert_string_equal(buf, "player");
    world_free(a);
    world_free(b);
}

static void test_names(void **state) {
    (void)state;
    uint8_t k, i;
    assert_true(subsys_parse_name("rng", 3, &k, &i));
    assert_int_equal(k, SUBSYS_RNG);
    assert_true(subsys_parse_name("whale[63]", 9, &k, &i));
    assert_int_equal(k, SUBSYS_WHALE);
    assert_int_equal(i, 63);
    assert_true(subsys_parse_name("tentacle[0]", 11, &k, &i));
    assert_int_equal(k, SUBSYS_TENTACLE);
    assert_int_equal(i, 0);
    static const char *const bad[] = {"whale[64]", "whale[]", "whale", "whale[01]", "whale[1", "player[0]",
                                      "rngs", "", "tetran[-1]", "stars[0]"};
    for (size_t j = 0; j < sizeof bad / sizeof bad[0]; j++)
        assert_false(subsys_parse_name(bad[j], strlen(bad[j]), &k, &i));
    SubsysHash h = {SUBSYS_TETRAN, 12, 0};
    char buf[SUBSYS_NAME_MAX];
    subsys_name(&h, buf, sizeof buf);
    assert_string_equal(buf, "tetran[12]");
}

static void test_compare_text(void **state) {
    (void)state;
    SubsysHash rec[4] = {{SUBSYS_PLAYER, 0, 1}, {SUBSYS_BULLETS, 0, 2}, {SUBSYS_TETRAN, 0, 3}, {SUBSYS_RNG, 0, 4}};
    SubsysHash now[4] = {{SUBSYS_PLAYER, 0, 1}, {SUBSYS_BULLETS, 0, 9}, {SUBSYS_TETRAN, 0, 9}, {SUBSYS_RNG, 0, 4}};
    char buf[200];
    assert_int_equal(subsys_compare(rec, 4, now, 4, buf, sizeof buf), 2);
    assert_string_equal(buf, "desync in bullets, tetran[0] (player, rng in sync)");
    assert_int_equal(subsys_compare(rec, 4, rec, 4, buf, sizeof buf), 0);
    assert_string_equal(buf, "");
    // Missing in the World now: diverged. All diverged: none in sync.
    assert_int_equal(subsys_compare(rec + 2, 1, now, 2, buf, sizeof buf), 1);
    assert_string_equal(buf, "desync in tetran[0] (none in sync)");
    char fmt[SUBSYS_FORMAT_MAX];
    subsys_format(rec, 2, fmt, sizeof fmt);
    assert_string_equal(fmt, " player=00000001 bullets=00000002");
}

// ---------------------------------------------------------------- in scripts

// A wide, tall room with a floor: walking and jumping touch no wall.
static World *flat(void) {
    static char rows[12][81];
    const char *r[12];
    for (int y = 0; y < 12; y++) {
        for (int x = 0; x < 80; x++) rows[y][x] = (y == 0 || y == 11 || x == 0 || x == 79) ? '#' : '.';
        rows[y][80] = 0;
        r[y] = rows[y];
    }
    rows[10][3] = 'P';
    return fixture_world_rows(r, 12);
}

// Records 200 ticks of walking right with jump held for ticks jump_at .. jump_at + 9.
static char *record(int jump_at) {
    World *w = flat();
    Recorder *rec = recorder_new("flat.lvl", 0, 0);
    assert_non_null(rec);
    for (int t = 0; t < 200; t++) {
        Input in = {(uint16_t)(BTN_RIGHT | (t >= jump_at && t < jump_at + 10 ? BTN_JUMP : 0))};
        world_step(w, in);
        recorder_tick(rec, w, in);
    }
    char path[] = "/tmp/test_subsys_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    char why[200];
    assert_true(recorder_save(rec, path, why, sizeof why));
    recorder_free(rec);
    world_free(w);
    char *text = fixture_get(path);
    remove(path);
    return text;
}

// Runs text's inputs on a fresh flat world; the verdict and the message.
static bool verify(const char *text, char *msg, size_t n) {
    ParseError err;
    Script *s = script_parse(text, strlen(text), "r.rpl", &err);
    if (!s) fail_msg("%s:%d:%d: %s", err.file, err.line, err.col, err.msg);
    World *w = flat();
    ScriptRun *r = script_run_new(s);
    bool ok = true;
    for (int64_t t = 0; t <= script_end_tick(s) && ok; t++) {
        world_step(w, script_run_input(r, t));
        ok = script_run_check(r, w);
    }
    snprintf(msg, n, "%s", script_run_message(r));
    script_run_free(r);
    script_free(s);
    world_free(w);
    return ok;
}

static void test_recorded_desync_names_player(void **state) {
    (void)state;
    char *text = record(70);
    assert_non_null(strstr(text, "at 60 checksum "));
    assert_non_null(strstr(text, " player="));
    assert_non_null(strstr(text, " rng="));
    char msg[1024];
    assert_true(verify(text, msg, sizeof msg));
    // The jump pressed at 50 instead of 70: the player diverges, the rest
    // does not.
    char *moved = strstr(text, "at 70 down jump");
    assert_non_null(moved);
    moved[3] = '5';
    assert_false(verify(text, msg, sizeof msg));
    assert_string_equal(msg, "r.rpl:7:1: tick 60: desync in player (legs, bullets, stars, rng in sync)");
    // Without the subsystem tokens (an older replay): the old message.
    char *line = strstr(text, "at 60 checksum ");
    char *tok = strchr(line + 15, ' '), *eol = strchr(line, '\n');
    memmove(tok, eol, strlen(eol) + 1);
    assert_false(verify(text, msg, sizeof msg));
    assert_non_null(strstr(msg, "r.rpl:7:1: replay desync at tick 60: checksum expected "));
    mem_free(text);
}

// Rebless writes fresh subsystem hashes where a line had them and none
// where it had none.
static void test_rebless_keeps_form(void **state) {
    (void)state;
    const char *text = "bossrush-script 1\nlevel flat.lvl\nat 0 down right\n"
                       "at 0 checksum 0000000000000000 player=00000000\n"
                       "at 60 checksum 0000000000000000\nend 60\n";
    ParseError err;
    Script *s = script_parse(text, strlen(text), "r.rpl", &err);
    assert_non_null(s);
    World *w = flat();
    ScriptRun *r = script_run_new(s);
    script_run_set_rebless(r, true);
    for (int64_t t = 0; t <= 60; t++) {
        world_step(w, script_run_input(r, t));
        assert_true(script_run_check(r, w));
        if (t == 0) {
            SubsysHash h[SUBSYS_MAX];
            int n = subsys_hashes(w, h);
            assert_int_equal(n, 5);
        }
    }
    size_t n;
    char *out = script_rebless_text(s, r, text, strlen(text), 1, 2, &n);
    assert_non_null(out);
    const char *l0 = strstr(out, "at 0 checksum ");
    assert_non_null(l0);
    assert_non_null(strstr(l0, " player="));
    const char *l60 = strstr(out, "at 60 checksum ");
    assert_non_null(l60);
    assert_int_equal(strcspn(l60, "\n"), strlen("at 60 checksum 0000000000000000"));
    // And what it wrote verifies.
    char msg[1024];
    char *fixed = mem_alloc(n + 1, 1);
    memcpy(fixed, out, n);
    assert_true(verify(fixed, msg, sizeof msg));
    mem_free(fixed);
    mem_free(out);
    script_run_free(r);
    script_free(s);
    world_free(w);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_order),
        cmocka_unit_test(test_each_part_alone),
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_compare_text),
        cmocka_unit_test(test_recorded_desync_names_player),
        cmocka_unit_test(test_rebless_keeps_form),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
