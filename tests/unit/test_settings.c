// test_settings.c -- platform/settings, bindings and prefs (the pure
// files): defaults, every key read and written back, a wrong line ignored
// with its setting at the default (the first problem named file:line:col),
// unknown keys kept through a save, key and pad names, the binding swap
// that keeps every key in one slot, conflicts in a hand-edited file, and
// the file cases (missing, a folder, a pipe, unreadable) that must not be
// written over.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fixtures.h"

#include <sys/stat.h>
#include <unistd.h>

#include "platform/bindings.h"
#include "platform/prefs.h"
#include "platform/settings.h"

enum { L = 0, R, U, D, JUMP, FIRE, WIGGLE, LOCK, DASH };

static int parse(Settings *s, const char *text, ParseError *e, int *unknown) {
    memset(e, 0, sizeof *e);
    return settings_parse(s, text, strlen(text), "settings.txt", e, unknown);
}

static void test_defaults(void **state) {
    (void)state;
    Settings s;
    ParseError e;
    assert_int_equal(parse(&s, "", &e, NULL), 0);
    assert_false(s.fullscreen);
    assert_int_equal(s.music_volume, 70);
    assert_int_equal(s.sfx_volume, 80);
    assert_true(s.vsync);
    assert_false(s.integer_scale);
    assert_int_equal(s.shake, LEVEL_FULL);
    assert_int_equal(s.flashing, LEVEL_FULL);
    assert_int_equal(s.difficulty, DIFFICULTY_NORMAL);
    assert_false(s.assist_wiggle);
    assert_false(s.ghost);
    assert_true(s.hints);
    assert_int_equal(s.hints_seen, 0);
    // The shipped keys: arrows and WASD, Z/Space, X/J, Q, C/LShift, V/LCtrl.
    const Bindings *b = &s.bind;
    assert_int_equal(b->code[BIND_KEYS][L][0], bindings_parse(BIND_KEYS, "Left", 4));
    assert_int_equal(b->code[BIND_KEYS][L][1], bindings_parse(BIND_KEYS, "a", 1));
    assert_int_equal(bindings_buttons(b, BIND_KEYS, bindings_parse(BIND_KEYS, "Space", 5)), BTN_JUMP);
    assert_int_equal(bindings_buttons(b, BIND_KEYS, bindings_parse(BIND_KEYS, "J", 1)), BTN_FIRE);
    assert_int_equal(bindings_buttons(b, BIND_KEYS, bindings_parse(BIND_KEYS, "LShift", 6)), BTN_LOCK);
    assert_int_equal(bindings_buttons(b, BIND_KEYS, bindings_parse(BIND_KEYS, "LCtrl", 5)), BTN_DASH);
    assert_int_equal(bindings_buttons(b, BIND_PAD, PAD_RIGHTTRIGGER), BTN_FIRE);
    assert_int_equal(bindings_buttons(b, BIND_PAD, PAD_B), BTN_DASH);
    assert_int_equal(bindings_buttons(b, BIND_PAD, PAD_START), 0);
    // Every default code in exactly one slot.
    for (int d = 0; d < BIND_DEVICES; d++)
        for (int btn = 0; btn < BTN_COUNT; btn++)
            for (int k = 0; k < BIND_SLOTS; k++) {
                int c = b->code[d][btn][k];
                if (c) assert_int_equal(bindings_buttons(b, (BindDevice)d, c), 1 << btn);
            }
}

static void test_every_key_round_trips(void **state) {
    (void)state;
    Settings s;
    ParseError e;
    const char *text = "fullscreen 1\nmusic_volume 0\nsfx_volume 100\ndebug 1\ninteger_scale 1\nvsync 0\n"
                       "shake reduced\nflashing off\ndifficulty hard\nassist_wiggle 1\nghost 1\nhints 0\nhints_seen 5\n"
                       "key_jump K Return\nkey_fire none\npad_dash y\npad_fire lefttrigger righttrigger\n";
    assert_int_equal(parse(&s, text, &e, NULL), 0);
    assert_true(s.fullscreen && s.debug && s.integer_scale && !s.vsync && s.assist_wiggle && s.ghost);
    assert_false(s.hints);
    assert_int_equal(s.hints_seen, 5);
    assert_int_equal(s.music_volume, 0);
    assert_int_equal(s.sfx_volume, 100);
    assert_int_equal(s.shake, LEVEL_REDUCED);
    assert_int_equal(s.flashing, LEVEL_OFF);
    assert_int_equal(s.difficulty, DIFFICULTY_HARD);
    assert_int_equal(s.bind.code[BIND_KEYS][JUMP][0], bindings_parse(BIND_KEYS, "k", 1));
    assert_int_equal(s.bind.code[BIND_KEYS][JUMP][1], bindings_parse(BIND_KEYS, "return", 6));
    assert_true(bindings_unbound(&s.bind, BIND_KEYS, FIRE));
    // The left trigger went to fire; dash, given y, has nothing else.
    assert_int_equal(s.bind.code[BIND_PAD][DASH][0], PAD_Y);
    assert_int_equal(bindings_buttons(&s.bind, BIND_PAD, PAD_LEFTTRIGGER), BTN_FIRE);
    char buf[SETTINGS_MAX_BYTES];
    size_t n = settings_format(&s, buf, sizeof buf);
    assert_true(n > 0);
    assert_non_null(strstr(buf, "key_fire none\n"));
    assert_non_null(strstr(buf, "key_jump K Return\n"));
    assert_non_null(strstr(buf, "pad_fire lefttrigger righttrigger\n"));
    assert_non_null(strstr(buf, "flashing off\n"));
    Settings again;
    assert_int_equal(parse(&again, buf, &e, NULL), 0);
    assert_memory_equal(&again, &s, sizeof s);
    // Too small a buffer: 0, never a cut-off file.
    assert_int_equal(settings_format(&s, buf, 40), 0);
}

static void test_wrong_lines_keep_defaults(void **state) {
    (void)state;
    Settings s;
    ParseError e;
    const char *text = "music_volume 40\n"
                       "sfx_volume 101\n"          // out of range
                       "shake sideways\n"          // unknown level
                       "vsync\n"                   // no value
                       "music_volume 10\n"         // repeated: the first counts
                       "fullscreen 1 2\n"          // extra text
                       "key_jump Escape\n"         // reserved
                       "pad_lock start\n"          // reserved
                       "difficulty easy\n";
    assert_int_equal(parse(&s, text, &e, NULL), 7);
    assert_string_equal(e.file, "settings.txt");
    assert_int_equal(e.line, 2);
    assert_int_equal(e.col, 12);
    assert_non_null(strstr(e.msg, "0..100"));
    assert_int_equal(s.music_volume, 40);
    assert_int_equal(s.sfx_volume, 80);
    assert_int_equal(s.shake, LEVEL_FULL);
    assert_true(s.vsync);
    assert_false(s.fullscreen);
    assert_int_equal(s.difficulty, DIFFICULTY_EASY);
    Settings d;
    settings_default(&d);
    assert_memory_equal(&s.bind, &d.bind, sizeof d.bind);
    // A binary file: every line wrong, reported (not kept as unknown keys),
    // nothing crashes, defaults stand.
    const char junk[] = "\x01\x02\xff\xfe\n\x7f\x80 \x90\n\n";
    int unknown = 0;
    assert_int_equal(settings_parse(&s, junk, sizeof junk - 1, "x", &e, &unknown), 2);
    assert_int_equal(unknown, 0);
    assert_int_equal(s.music_volume, 70);
}

static void test_unknown_keys_kept(void **state) {
    (void)state;
    Settings s;
    ParseError e;
    int unknown = 0;
    const char *text = "# from bossrush 9\r\nmusic_volume 55\r\nhud_scale 2\r\nkey_jump Space\r\n"
                       "colour_blind deuteranopia strong\r\n";
    assert_int_equal(parse(&s, text, &e, &unknown), 0);
    assert_int_equal(unknown, 2);
    assert_int_equal(s.music_volume, 55);
    char buf[SETTINGS_MAX_BYTES];
    assert_true(settings_format(&s, buf, sizeof buf) > 0);
    assert_non_null(strstr(buf, "\nhud_scale 2\ncolour_blind deuteranopia strong\n"));
    assert_non_null(strstr(buf, "music_volume 55\n"));
    // Read back, they stay once (not doubled).
    Settings again;
    assert_int_equal(parse(&again, buf, &e, &unknown), 0);
    assert_int_equal(unknown, 2);
    char buf2[SETTINGS_MAX_BYTES];
    settings_format(&again, buf2, sizeof buf2);
    assert_string_equal(buf, buf2);
}

// Only what could be a newer version's setting is kept: a line whose key
// is not a name, or that holds a control byte (NUL included), is a problem
// and is not written back (random bytes do not live on in the file).
static void test_unknown_junk_not_kept(void **state) {
    (void)state;
    Settings s;
    ParseError e;
    int unknown = 0;
    static const char text[] = "hud_scale 2\n\x01\x02junk 5\n9lives 1\nnew.key v\x7f\nodd_key a\0b\n"
                               "\xc3\xa9t\xc3\xa9 1\nlabel caf\xc3\xa9\n";
    assert_int_equal(settings_parse(&s, text, sizeof text - 1, "s.txt", &e, &unknown), 5);
    assert_int_equal(e.line, 2);
    assert_int_equal(e.col, 1);
    assert_int_equal(unknown, 2);
    assert_string_equal(s.extra, "hud_scale 2\nlabel caf\xc3\xa9\n");
    assert_int_equal(settings_parse(&s, "9lives 1\n", 9, "s.txt", &e, &unknown), 1);
    assert_int_equal(e.col, 1);
    assert_int_equal(settings_parse(&s, "new.key v\x7f\n", 11, "s.txt", &e, &unknown), 1);
    assert_int_equal(e.col, 10);
}

static void test_names(void **state) {
    (void)state;
    int z = bindings_parse(BIND_KEYS, "z", 1);
    assert_int_equal(z, 29);                          // USB HID usage id (SDL's scancode)
    assert_string_equal(bindings_name(BIND_KEYS, z), "Z");
    assert_int_equal(bindings_parse(BIND_KEYS, "0", 1), 39);
    assert_int_equal(bindings_parse(BIND_KEYS, "lshift", 6), 225);
    assert_string_equal(bindings_label(BIND_KEYS, 225), "L-SHIFT");
    assert_string_equal(bindings_label(BIND_KEYS, 0), "---");
    assert_int_equal(bindings_parse(BIND_KEYS, "Escape", 6), 0);
    assert_int_equal(bindings_parse(BIND_KEYS, "F1", 2), 0);
    assert_int_equal(bindings_parse(BIND_KEYS, "Delete", 6), 0);
    assert_int_equal(bindings_parse(BIND_KEYS, "", 0), 0);
    assert_null(bindings_name(BIND_KEYS, 41));        // Escape has no name: never written
    assert_int_equal(bindings_parse(BIND_PAD, "LeftShoulder", 12), PAD_LEFTSHOULDER);
    assert_string_equal(bindings_label(BIND_PAD, PAD_LEFTTRIGGER), "LT");
    assert_int_equal(bindings_parse(BIND_PAD, "guide", 5), 0);
    // Every named code parses back from its name.
    for (int d = 0; d < BIND_DEVICES; d++)
        for (int c = 1; c < 256; c++) {
            const char *n = bindings_name((BindDevice)d, c);
            if (n) assert_int_equal(bindings_parse((BindDevice)d, n, strlen(n)), c);
        }
}

static void test_set_swaps(void **state) {
    (void)state;
    Bindings b;
    bindings_default(&b);
    int x = bindings_parse(BIND_KEYS, "X", 1), z = bindings_parse(BIND_KEYS, "Z", 1);
    int k = bindings_parse(BIND_KEYS, "K", 1);
    // X (fire) onto jump's first slot: jump's Z goes to fire's slot.
    assert_int_equal(bindings_set(&b, BIND_KEYS, JUMP, 0, x), FIRE);
    assert_int_equal(b.code[BIND_KEYS][JUMP][0], x);
    assert_int_equal(b.code[BIND_KEYS][FIRE][0], z);
    // A free key: nothing taken.
    assert_int_equal(bindings_set(&b, BIND_KEYS, WIGGLE, 1, k), -1);
    assert_int_equal(bindings_buttons(&b, BIND_KEYS, k), BTN_WIGGLE);
    // Into an empty slot: the other button loses it and gets nothing back.
    bindings_clear(&b, BIND_KEYS, DASH, 1);
    int c = bindings_parse(BIND_KEYS, "C", 1);
    assert_int_equal(bindings_set(&b, BIND_KEYS, DASH, 1, c), LOCK);
    assert_int_equal(b.code[BIND_KEYS][LOCK][0], 0);
    // The same key again: nothing changes.
    assert_int_equal(bindings_set(&b, BIND_KEYS, DASH, 1, c), -1);
    // Pads are a separate device: the same number is another input.
    assert_int_equal(bindings_set(&b, BIND_PAD, JUMP, 1, PAD_Y), -1);
    // Whatever happened, each code is in one slot.
    for (int d = 0; d < BIND_DEVICES; d++)
        for (int code = 1; code < 256; code++) {
            uint16_t m = bindings_buttons(&b, (BindDevice)d, code);
            assert_true((m & (m - 1)) == 0);
        }
}

static void test_file_conflicts(void **state) {
    (void)state;
    Settings s;
    ParseError e;
    // Z moved to fire; jump not in the file: jump keeps Space only.
    assert_int_equal(parse(&s, "key_fire Z\n", &e, NULL), 0);
    assert_int_equal(bindings_buttons(&s.bind, BIND_KEYS, 29), BTN_FIRE);
    assert_int_equal(s.bind.code[BIND_KEYS][JUMP][0], 0);
    assert_int_equal(s.bind.code[BIND_KEYS][JUMP][1], 44);
    // The same key on two lines: the first keeps it, the second is reported.
    assert_int_equal(parse(&s, "key_fire Z\nkey_dash V Z\n", &e, NULL), 1);
    assert_int_equal(e.line, 2);
    assert_int_equal(e.col, 12);
    assert_int_equal(bindings_buttons(&s.bind, BIND_KEYS, 29), BTN_FIRE);
    assert_int_equal(s.bind.code[BIND_KEYS][DASH][0], 25);
    assert_int_equal(s.bind.code[BIND_KEYS][DASH][1], 0);
    assert_int_equal(parse(&s, "key_lock C C\n", &e, NULL), 1);
    assert_int_equal(parse(&s, "key_lock C V X\n", &e, NULL), 1);
    assert_non_null(strstr(e.msg, "at most two"));
}

static void test_files(void **state) {
    (void)state;
    char dir[] = "/tmp/test_settings_XXXXXX", p[600], q[600];
    fixture_tmp_dir(dir);
    fs_join(dir, "settings.txt", p, sizeof p);
    Settings s;
    // Missing: defaults, may be written; a save then loads back.
    assert_true(settings_load(&s, p));
    s.music_volume = 33;
    assert_true(settings_save(&s, p));
    Settings t;
    assert_true(settings_load(&t, p));
    assert_int_equal(t.music_volume, 33);
    // A malformed line: the rest still applies and the file may be written.
    fixture_put(p, "music_volume 12\nsfx_volume loud\n");
    assert_true(settings_load(&t, p));
    assert_int_equal(t.music_volume, 12);
    assert_int_equal(t.sfx_volume, 80);
    // A second, different bad edit never writes over the first one's copy:
    // it goes to settings.txt.bad-2; the same bad file at the next start
    // makes no new copy.
    fs_join(dir, "settings.txt.bad", q, sizeof q);
    char *kept = fixture_get(q);
    assert_string_equal(kept, "music_volume 12\nsfx_volume loud\n");
    mem_free(kept);
    fixture_put(p, "music_volume 13\nsfx_volume louder\n");
    assert_true(settings_load(&t, p));
    assert_true(settings_load(&t, p));
    kept = fixture_get(q);
    assert_string_equal(kept, "music_volume 12\nsfx_volume loud\n");
    mem_free(kept);
    fs_join(dir, "settings.txt.bad-2", q, sizeof q);
    kept = fixture_get(q);
    assert_string_equal(kept, "music_volume 13\nsfx_volume louder\n");
    mem_free(kept);
    fs_join(dir, "settings.txt.bad-3", q, sizeof q);
    assert_false(fs_is_file(q));
    // A folder or a pipe in its place: defaults, never written over, no hang.
    fs_join(dir, "folder.txt", q, sizeof q);
    assert_true(fs_make_dirs(q));
    assert_false(settings_load(&t, q));
    assert_int_equal(t.music_volume, 70);
    fs_join(dir, "pipe.txt", q, sizeof q);
    assert_int_equal(mkfifo(q, 0600), 0);
    assert_false(settings_load(&t, q));
    char *text;
    size_t len;
    char why[128];
    assert_int_equal(prefs_read(q, 100, &text, &len, why, sizeof why), PREFS_UNREADABLE);
    assert_string_equal(why, "not a regular file (a pipe, a device or a socket)");
    fs_join(dir, "none.txt", q, sizeof q);
    assert_int_equal(prefs_read(q, 100, &text, &len, why, sizeof why), PREFS_MISSING);
    // Too large.
    fs_join(dir, "big.txt", q, sizeof q);
    char *big = calloc(1, SETTINGS_MAX_BYTES + 2);
    memset(big, '#', SETTINGS_MAX_BYTES + 1);
    fixture_put(q, big);
    free(big);
    assert_false(settings_load(&t, q));
    // Unreadable (not as root, who reads anything).
    if (geteuid() != 0) {
        assert_int_equal(chmod(p, 0), 0);
        assert_false(settings_load(&t, p));
        chmod(p, 0600);
    }
    fixture_rm_dir(dir);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_defaults),         cmocka_unit_test(test_every_key_round_trips),
        cmocka_unit_test(test_wrong_lines_keep_defaults), cmocka_unit_test(test_unknown_keys_kept),
        cmocka_unit_test(test_unknown_junk_not_kept),
        cmocka_unit_test(test_names),            cmocka_unit_test(test_set_swaps),
        cmocka_unit_test(test_file_conflicts),   cmocka_unit_test(test_files),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
