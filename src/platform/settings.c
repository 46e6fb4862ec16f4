// settings.c -- reads and writes settings.txt with the shared text reader,
// so its errors look like every other file's (file:line:col: what).
#include "platform/settings.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "core/fs.h"
#include "core/log.h"
#include "core/mem.h"

void settings_default(Settings *s) {
    s->fullscreen = false;
    s->music_volume = 70;
    s->sfx_volume = 80;
    s->debug = false;
}

static bool parse_int(const Token *t, int lo, int hi, int *out) {
    int64_t v;
    if (!text_parse_i64(t->s, t->len, &v) || v < lo || v > hi) return false;
    *out = (int)v;
    return true;
}

bool settings_parse(Settings *s, const char *text, size_t len, const char *path, ParseError *err) {
    settings_default(s);
    Settings got = *s;
    TextReader r;
    TextLine l;
    text_reader_init(&r, text, len);
    bool seen[4] = {false};
    static const char *const keys[4] = {"fullscreen", "music_volume", "sfx_volume", "debug"};
    while (text_next_line(&r, &l)) {
        if (text_is_blank_or_comment(&l)) continue;
        Token t[3];
        int n = text_tokens(&l, t, 3);
        int k = 0;
        while (k < 4 && !token_is(&t[0], keys[k])) k++;
        if (k == 4) {
            parse_error_set(err, path, l.number, t[0].col,
                            "unknown key (expected fullscreen, music_volume, sfx_volume or debug)");
            return false;
        }
        if (seen[k]) {
            parse_error_set(err, path, l.number, t[0].col, "'%s' given twice", keys[k]);
            return false;
        }
        seen[k] = true;
        if (n < 2) {
            parse_error_set(err, path, l.number, t[0].col + (int)t[0].len, "expected a value after '%s'", keys[k]);
            return false;
        }
        if (n > 2) {
            parse_error_set(err, path, l.number, t[2].col, "unexpected extra text");
            return false;
        }
        int v;
        bool flag = k == 0 || k == 3;
        if (!parse_int(&t[1], 0, flag ? 1 : 100, &v)) {
            parse_error_set(err, path, l.number, t[1].col, flag ? "expected 0 or 1" : "expected an integer 0..100");
            return false;
        }
        if (k == 0) got.fullscreen = v;
        else if (k == 1) got.music_volume = v;
        else if (k == 2) got.sfx_volume = v;
        else got.debug = v;
    }
    *s = got;
    return true;
}

#define SETTINGS_MAX_BYTES 8192

void settings_load(Settings *s, const char *path) {
    settings_default(s);
    size_t n = 0;
    FsReadError e;
    char *buf = fs_read_file(path, SETTINGS_MAX_BYTES, &n, &e);
    if (!buf) {
        if (e.fail == FS_TOO_LARGE) log_warn("%s: file too large for a settings file; using defaults", path);
        else if (e.err != ENOENT) log_warn("%s: cannot read the settings: %s; using defaults", path, strerror(e.err));
        return;
    }
    ParseError err;
    memset(&err, 0, sizeof err);
    if (!settings_parse(s, buf, n, path, &err)) {
        char msg[1200];
        parse_error_format(&err, msg, sizeof msg);
        log_warn("%s; using default settings", msg);
        settings_default(s);
    }
    mem_free(buf);
}

bool settings_save(const Settings *s, const char *path) {
    char buf[512];
    int n = snprintf(buf, sizeof buf,
                     "# bossrush settings (written by the game; edit freely)\n"
                     "fullscreen %d\nmusic_volume %d\nsfx_volume %d\ndebug %d\n",
                     s->fullscreen ? 1 : 0, s->music_volume, s->sfx_volume, s->debug ? 1 : 0);
    if (fs_write_atomic(path, buf, (size_t)n)) return true;
    log_warn("%s: cannot write: %s", path, strerror(errno));
    return false;
}
