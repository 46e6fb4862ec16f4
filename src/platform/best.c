// best.c -- best times: the `KEY TICKS` text format, records, and the
// careful load and atomic save of best.txt.
#include "platform/best.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "core/fs.h"
#include "core/log.h"
#include "core/mem.h"
#include "platform/prefs.h"

void best_clear(BestTimes *b) { b->count = 0; }

// The index of key's record, or -1.
static int find(const BestTimes *b, const char *key, size_t len) {
    for (int i = 0; i < b->count; i++)
        if (strlen(b->e[i].key) == len && memcmp(b->e[i].key, key, len) == 0) return i;
    return -1;
}

// The column offset in key of the first byte a key may not hold (letters,
// digits, '-', '_', '.': what best_key_arena and best_key_rush write), or -1.
static int bad_key_byte(const Token *key) {
    for (size_t i = 0; i < key->len; i++) {
        char c = key->s[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
              c == '.'))
            return (int)i;
    }
    return -1;
}

int best_parse(BestTimes *b, const char *text, size_t len, const char *path, ParseError *first) {
    best_clear(b);
    int problems = 0;
    TextReader r;
    TextLine l;
    text_reader_init(&r, text, len);
    while (text_next_line(&r, &l)) {
        if (text_is_blank_or_comment(&l)) continue;
        Token t[3];
        int n = text_tokens(&l, t, 3);
        const char *why = NULL;
        int col = t[0].col;
        int64_t v = 0;
        int bad_at = bad_key_byte(&t[0]);
        if (t[0].len >= BEST_KEY_MAX) why = "key too long";
        else if (bad_at >= 0) why = "a key holds letters, digits, '-', '_' and '.' only", col += bad_at;
        else if (n < 2) why = "expected a time in ticks after the key", col += (int)t[0].len;
        else if (n > 2) why = "unexpected extra text", col = t[2].col;
        else if (!text_parse_i64(t[1].s, t[1].len, &v) || v < 1 || v > BEST_TICKS_MAX)
            why = "expected a time in ticks, 1..1000000000", col = t[1].col;
        else if (find(b, t[0].s, t[0].len) >= 0) why = "key given twice; the first one counts";
        else if (b->count >= BEST_MAX) why = "too many records";
        if (why) {
            if (problems++ == 0 && first) parse_error_set(first, path, l.number, col, "%s", why);
            continue;
        }
        BestEntry *e = &b->e[b->count++];
        memcpy(e->key, t[0].s, t[0].len);
        e->key[t[0].len] = 0;
        e->ticks = v;
    }
    return problems;
}

size_t best_format(const BestTimes *b, char *buf, size_t n) {
    size_t at = 0;
    int w = snprintf(buf, n, "# bossrush best times (written by the game): KEY TICKS, ticks of 1/60 s\n");
    if (w < 0 || (size_t)w >= n) return 0;
    at = (size_t)w;
    for (int i = 0; i < b->count; i++) {
        w = snprintf(buf + at, n - at, "%s %" PRId64 "\n", b->e[i].key, b->e[i].ticks);
        if (w < 0 || (size_t)w >= n - at) return 0;
        at += (size_t)w;
    }
    return at;
}

int64_t best_get(const BestTimes *b, const char *key) {
    int i = find(b, key, strlen(key));
    return i >= 0 ? b->e[i].ticks : 0;
}

bool best_offer(BestTimes *b, const char *key, int64_t ticks) {
    size_t len = strlen(key);
    if (ticks < 1 || ticks > BEST_TICKS_MAX || len == 0 || len >= BEST_KEY_MAX) return false;
    int i = find(b, key, len);
    if (i >= 0) {
        if (ticks >= b->e[i].ticks) return false;
        b->e[i].ticks = ticks;
        return true;
    }
    if (b->count >= BEST_MAX) return false;
    BestEntry *e = &b->e[b->count++];
    memcpy(e->key, key, len + 1);
    e->ticks = ticks;
    return true;
}

// "arena.D." and the level file's name without .lvl/.tmj, its bytes other
// than letters, digits, '-', '_' and '.' made '_', cut to stem_max bytes.
static size_t arena_stem(char *out, size_t n, const char *level_path, Difficulty d, size_t stem_max) {
    const char *base = strrchr(level_path, '/');
    base = base ? base + 1 : level_path;
    size_t len = strlen(base);
    if (len > 4 && (strcmp(base + len - 4, ".lvl") == 0 || strcmp(base + len - 4, ".tmj") == 0)) len -= 4;
    if (len > stem_max) len = stem_max;
    const char *dn = difficulty_name(d);
    int w = snprintf(out, n, "arena.%s.", dn ? dn : "normal");
    if (w < 0 || (size_t)w >= n) return n ? strlen(out) : 0;
    size_t at = (size_t)w;
    for (size_t i = 0; i < len && at + 1 < n; i++) {
        char c = base[i];
        bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
                    c == '_' || c == '.';
        out[at++] = keep ? c : '_';
    }
    out[at] = 0;
    return at;
}

void best_key_arena(char *out, size_t n, const char *level_path, uint64_t level_hash, Difficulty d) {
    size_t at = arena_stem(out, n, level_path, d, BEST_STEM_MAX);
    if (at < n) snprintf(out + at, n - at, ".%08" PRIx32, (uint32_t)(level_hash ^ level_hash >> 32));
}

void best_key_arena_legacy(char *out, size_t n, const char *level_path, Difficulty d) {
    arena_stem(out, n, level_path, d, n);
}

int64_t best_get_arena(BestTimes *b, const char *level_path, uint64_t level_hash, Difficulty d, char *key,
                       size_t key_n) {
    char legacy[BEST_KEY_MAX];
    best_key_arena(key, key_n, level_path, level_hash, d);
    best_key_arena_legacy(legacy, sizeof legacy, level_path, d);
    int64_t old = best_get(b, legacy);
    if (!best_get(b, key) && old && strlen(legacy) < BEST_KEY_MAX - 1) best_offer(b, key, old);
    return best_get(b, key);
}

void best_key_rush(char *out, size_t n, Difficulty d) {
    const char *dn = difficulty_name(d);
    snprintf(out, n, "rush.%s", dn ? dn : "normal");
}

void best_time_text(int64_t ticks, char *out, size_t n) {
    if (ticks < 0) ticks = 0;
    int64_t cs = ticks * 100 / 60;
    snprintf(out, n, "%" PRId64 ":%02d.%02d", cs / 6000, (int)(cs / 100 % 60), (int)(cs % 100));
}

bool best_load(BestTimes *b, const char *path) {
    best_clear(b);
    char why[256], *text = NULL;
    size_t n = 0;
    switch (prefs_read(path, BEST_MAX_BYTES, &text, &n, why, sizeof why)) {
    case PREFS_MISSING: return true;
    case PREFS_UNREADABLE:
        log_warn("%s: cannot read the best times (%s); starting without them, and new ones are not saved over it",
                 path, why);
        return false;
    default: break;
    }
    ParseError err;
    memset(&err, 0, sizeof err);
    int problems = best_parse(b, text, n, path, &err);
    bool writable = true;
    if (problems) {
        char bad[1100], msg[1200];
        parse_error_format(&err, msg, sizeof msg);
        writable = prefs_keep_bad(path, text, n, bad, sizeof bad);
        if (writable)
            log_warn("%s; %d line%s ignored (the file as it was is kept as %s)", msg, problems,
                     problems == 1 ? "" : "s", bad);
        else
            log_warn("%s; %d line%s ignored, and %s cannot be written (%s): new best times are not saved", msg,
                     problems, problems == 1 ? "" : "s", bad, fs_strerror(errno));
    }
    mem_free(text);
    return writable;
}

bool best_save(const BestTimes *b, const char *path) {
    size_t cap = (size_t)BEST_MAX * (BEST_KEY_MAX + 24) + 128;
    char *buf = mem_alloc(1, cap);
    size_t n = buf ? best_format(b, buf, cap) : 0;
    bool ok = n && fs_write_atomic(path, buf, n);
    if (!ok) log_warn("%s: cannot write the best times: %s", path, n ? fs_strerror(errno) : "out of memory");
    mem_free(buf);
    return ok;
}
