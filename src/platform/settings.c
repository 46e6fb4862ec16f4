// settings.c -- reads and writes settings.txt with the shared text reader,
// so its messages look like every other file's (file:line:col: what). Pure
// C but for settings_load / settings_save, which go through core/fs.
#include "platform/settings.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/fs.h"
#include "core/log.h"
#include "core/mem.h"
#include "platform/prefs.h"

void settings_default(Settings *s) {
    memset(s, 0, sizeof *s);
    s->music_volume = 70;
    s->sfx_volume = 80;
    s->vsync = true;
    s->shake = LEVEL_FULL;
    s->flashing = LEVEL_FULL;
    s->difficulty = DIFFICULTY_NORMAL;
    s->hints = true;
    bindings_default(&s->bind);
}

static const char *const LEVEL_NAMES[LEVEL_COUNT] = {"full", "reduced", "off"};

const char *settings_level_name(SettingLevel l) {
    return (int)l >= 0 && l < LEVEL_COUNT ? LEVEL_NAMES[l] : NULL;
}

bool settings_level_parse(const char *s, size_t len, SettingLevel *out) {
    for (int i = 0; i < LEVEL_COUNT; i++)
        if (strlen(LEVEL_NAMES[i]) == len && memcmp(LEVEL_NAMES[i], s, len) == 0) {
            *out = (SettingLevel)i;
            return true;
        }
    return false;
}

// The one-value keys, in the order they are written.
typedef enum Kind { K_FLAG, K_VOLUME, K_LEVEL, K_DIFFICULTY, K_BITS } Kind;
enum {
    S_FULLSCREEN, S_MUSIC, S_SFX, S_DEBUG, S_INTEGER, S_VSYNC, S_SHAKE, S_FLASHING, S_DIFFICULTY,
    S_ASSIST, S_GHOST, S_HINTS, S_HINTS_SEEN, S_COUNT
};
static const struct {
    const char *name;
    Kind kind;
} SCALARS[S_COUNT] = {
    {"fullscreen", K_FLAG},    {"music_volume", K_VOLUME}, {"sfx_volume", K_VOLUME},
    {"debug", K_FLAG},         {"integer_scale", K_FLAG},  {"vsync", K_FLAG},
    {"shake", K_LEVEL},        {"flashing", K_LEVEL},      {"difficulty", K_DIFFICULTY},
    {"assist_wiggle", K_FLAG}, {"ghost", K_FLAG},       {"hints", K_FLAG},
    {"hints_seen", K_BITS},
};
// Binding keys follow: key_<button> and pad_<button>, button order.
#define KEY_COUNT (S_COUNT + BIND_DEVICES * BTN_COUNT)
static const char *const BIND_PREFIX[BIND_DEVICES] = {"key_", "pad_"};

// Which key a token names: 0..S_COUNT-1 a scalar, then the bindings; -1 unknown.
static int key_index(const Token *t) {
    for (int k = 0; k < S_COUNT; k++)
        if (token_is(t, SCALARS[k].name)) return k;
    for (int d = 0; d < BIND_DEVICES; d++) {
        size_t pl = strlen(BIND_PREFIX[d]);
        if (t->len <= pl || memcmp(t->s, BIND_PREFIX[d], pl) != 0) continue;
        int bit = input_button_parse(t->s + pl, t->len - pl);
        for (int b = 0; b < BTN_COUNT; b++)
            if (bit == 1 << b) return S_COUNT + d * BTN_COUNT + b;
    }
    return -1;
}

static void key_text(int k, char *buf, size_t n) {
    if (k < S_COUNT) snprintf(buf, n, "%s", SCALARS[k].name);
    else {
        int d = (k - S_COUNT) / BTN_COUNT, b = (k - S_COUNT) % BTN_COUNT;
        snprintf(buf, n, "%s%s", BIND_PREFIX[d], input_button_name(b));
    }
}

typedef struct Parse {
    Settings *s;
    const char *path;
    ParseError *first;
    int problems;
    bool given[BIND_DEVICES][BTN_COUNT];   // bindings the file sets
} Parse;

static void problem(Parse *p, int line, int col, const char *msg) {
    if (p->problems++ == 0 && p->first) parse_error_set(p->first, p->path, line, col, "%s", msg);
}

// One scalar's value; false (reported) when it is wrong.
static bool scalar(Parse *p, int k, const Token *v, int line) {
    Settings *s = p->s;
    int64_t n = -1;
    bool ok;
    switch (SCALARS[k].kind) {
    case K_FLAG: ok = text_parse_i64(v->s, v->len, &n) && n >= 0 && n <= 1; break;
    case K_VOLUME: ok = text_parse_i64(v->s, v->len, &n) && n >= 0 && n <= 100; break;
    case K_LEVEL: ok = settings_level_parse(v->s, v->len, k == S_SHAKE ? &s->shake : &s->flashing); break;
    case K_BITS: ok = text_parse_i64(v->s, v->len, &n) && n >= 0 && n <= 255; break;
    default: ok = difficulty_parse(v->s, v->len, &s->difficulty); break;
    }
    if (!ok) {
        static const char *const want[] = {"expected 0 or 1", "expected an integer 0..100",
                                           "expected full, reduced or off", "expected easy, normal or hard",
                                           "expected an integer 0..255"};
        problem(p, line, v->col, want[SCALARS[k].kind]);
        return false;
    }
    switch (k) {
    case S_FULLSCREEN: s->fullscreen = n; break;
    case S_MUSIC: s->music_volume = (int)n; break;
    case S_SFX: s->sfx_volume = (int)n; break;
    case S_DEBUG: s->debug = n; break;
    case S_INTEGER: s->integer_scale = n; break;
    case S_VSYNC: s->vsync = n; break;
    case S_ASSIST: s->assist_wiggle = n; break;
    case S_GHOST: s->ghost = n; break;
    case S_HINTS: s->hints = n; break;
    case S_HINTS_SEEN: s->hints_seen = (int)n; break;
    default: break;            // levels and the difficulty were parsed in place
    }
    return true;
}

// A binding line: 1..BIND_SLOTS names, or `none`. A name already given to
// an earlier button in the file stays there (reported); the rest applies.
static void binding(Parse *p, int k, const Token *t, int n, int line) {
    int d = (k - S_COUNT) / BTN_COUNT, b = (k - S_COUNT) % BTN_COUNT;
    BindDevice dev = (BindDevice)d;
    if (n > 1 + BIND_SLOTS) {
        problem(p, line, t[1 + BIND_SLOTS].col, "at most two names per button");
        return;
    }
    uint16_t got[BIND_SLOTS] = {0};
    if (!(n == 2 && token_is(&t[1], "none"))) {
        for (int i = 1; i < n; i++) {
            int code = bindings_parse(dev, t[i].s, t[i].len);
            char shown[64], msg[160];
            text_shown(t[i].s, t[i].len, shown, sizeof shown);
            if (!code) {
                snprintf(msg, sizeof msg, "unknown or reserved %s '%s' (docs/controls.md lists the names)",
                         dev == BIND_KEYS ? "key" : "pad input", shown);
                problem(p, line, t[i].col, msg);
                return;
            }
            bool taken = false;
            for (int o = 0; o < BTN_COUNT; o++)
                if (p->given[d][o] && (bindings_buttons(&p->s->bind, dev, code) & (1u << o))) taken = true;
            for (int j = 1; j < i; j++)
                if (got[j - 1] == code) taken = true;
            snprintf(msg, sizeof msg, "'%s' is already bound to another button; ignored here", shown);
            if (taken) problem(p, line, t[i].col, msg);
            else got[i - 1] = (uint16_t)code;
        }
    }
    for (int i = 0; i < BIND_SLOTS; i++) p->s->bind.code[d][b][i] = got[i];
    p->given[d][b] = true;
}

// The buttons the file does not set keep their defaults, less any code the
// file gave to another button (so no code ends up in two slots).
static void settle_defaults(Parse *p) {
    Bindings *bd = &p->s->bind;
    for (int d = 0; d < BIND_DEVICES; d++)
        for (int b = 0; b < BTN_COUNT; b++) {
            if (p->given[d][b]) continue;
            for (int i = 0; i < BIND_SLOTS; i++) {
                int code = bd->code[d][b][i];
                for (int o = 0; o < BTN_COUNT && code; o++)
                    if (o != b && p->given[d][o] && (bindings_buttons(bd, (BindDevice)d, code) & (1u << o)))
                        bd->code[d][b][i] = 0;
            }
        }
}

// A line with an unknown key is kept only when it could be a newer
// version's setting: the key a name (a letter, then letters, digits, '_',
// '-', '.') and no control byte (NUL included) on the line. Anything else
// (random bytes, a binary file) is a problem, so it is reported and never
// carried on into the next save. Returns 0 when fine, else the column of
// the offending byte (t: the key's token).
static int not_keepable(const TextLine *l, const Token *t) {
    for (size_t i = 0; i < t->len; i++) {
        unsigned char c = (unsigned char)t->s[i];
        bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
        if (!letter && (i == 0 || !((c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.')))
            return t->col + (int)i;
    }
    for (size_t i = 0; i < l->len; i++) {
        unsigned char c = (unsigned char)l->s[i];
        if ((c < 0x20 && c != '\t') || c == 0x7f) return (int)i + 1;
    }
    return 0;
}

// Keeps a line with an unknown key as it is (line end normalised to LF).
static bool keep_line(Settings *s, const TextLine *l) {
    if (s->extra_len + l->len + 1 >= sizeof s->extra) return false;
    memcpy(s->extra + s->extra_len, l->s, l->len);
    s->extra_len += l->len;
    s->extra[s->extra_len++] = '\n';
    s->extra[s->extra_len] = 0;
    return true;
}

int settings_parse(Settings *s, const char *text, size_t len, const char *path, ParseError *first, int *unknown) {
    settings_default(s);
    Parse p = {.s = s, .path = path, .first = first};
    if (unknown) *unknown = 0;
    bool seen[KEY_COUNT] = {false};
    TextReader r;
    TextLine l;
    text_reader_init(&r, text, len);
    while (text_next_line(&r, &l)) {
        if (text_is_blank_or_comment(&l)) continue;
        Token t[8];
        int n = text_tokens(&l, t, 8);
        int k = key_index(&t[0]);
        if (k < 0) {
            int col = not_keepable(&l, &t[0]);
            if (col) problem(&p, l.number, col, "not a setting: expected a name, then values of printable text");
            else if (!keep_line(s, &l)) problem(&p, l.number, 1, "too many lines with unknown keys; dropped");
            else if (unknown) (*unknown)++;
            continue;
        }
        char name[32], msg[96];
        key_text(k, name, sizeof name);
        if (seen[k]) {
            snprintf(msg, sizeof msg, "'%s' given twice; the first one counts", name);
            problem(&p, l.number, t[0].col, msg);
            continue;
        }
        seen[k] = true;
        if (n < 2) {
            snprintf(msg, sizeof msg, "expected a value after '%s'", name);
            problem(&p, l.number, t[0].col + (int)t[0].len, msg);
            continue;
        }
        if (k >= S_COUNT) {
            binding(&p, k, t, n > 8 ? 8 : n, l.number);
            continue;
        }
        if (n > 2) {
            problem(&p, l.number, t[2].col, "unexpected extra text");
            continue;
        }
        scalar(&p, k, &t[1], l.number);
    }
    settle_defaults(&p);
    return p.problems;
}

// Appends printf text to buf at *at; false when it does not fit.
static bool put(char *buf, size_t n, size_t *at, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
static bool put(char *buf, size_t n, size_t *at, const char *fmt, ...) {
    if (*at >= n) return false;
    va_list ap;
    va_start(ap, fmt);
    int w = vsnprintf(buf + *at, n - *at, fmt, ap);
    va_end(ap);
    if (w < 0 || (size_t)w >= n - *at) return false;
    *at += (size_t)w;
    return true;
}

// A scalar's value as the file writes it.
static void scalar_text(const Settings *s, int k, char *v, size_t n) {
    switch (k) {
    case S_FULLSCREEN: snprintf(v, n, "%d", s->fullscreen); break;
    case S_MUSIC: snprintf(v, n, "%d", s->music_volume); break;
    case S_SFX: snprintf(v, n, "%d", s->sfx_volume); break;
    case S_DEBUG: snprintf(v, n, "%d", s->debug); break;
    case S_INTEGER: snprintf(v, n, "%d", s->integer_scale); break;
    case S_VSYNC: snprintf(v, n, "%d", s->vsync); break;
    case S_SHAKE: snprintf(v, n, "%s", settings_level_name(s->shake)); break;
    case S_FLASHING: snprintf(v, n, "%s", settings_level_name(s->flashing)); break;
    case S_DIFFICULTY: snprintf(v, n, "%s", difficulty_name(s->difficulty)); break;
    case S_ASSIST: snprintf(v, n, "%d", s->assist_wiggle); break;
    case S_HINTS: snprintf(v, n, "%d", s->hints); break;
    case S_HINTS_SEEN: snprintf(v, n, "%d", s->hints_seen); break;
    default: snprintf(v, n, "%d", s->ghost); break;
    }
}

size_t settings_format(const Settings *s, char *buf, size_t n) {
    size_t at = 0;
    bool ok = put(buf, n, &at, "# bossrush settings (written by the game; edit freely, see docs/controls.md)\n");
    for (int k = 0; k < S_COUNT && ok; k++) {
        char v[16];
        scalar_text(s, k, v, sizeof v);
        ok = put(buf, n, &at, "%s %s\n", SCALARS[k].name, v);
    }
    for (int d = 0; d < BIND_DEVICES && ok; d++)
        for (int b = 0; b < BTN_COUNT && ok; b++) {
            char name[32];
            key_text(S_COUNT + d * BTN_COUNT + b, name, sizeof name);
            ok = put(buf, n, &at, "%s", name);
            int written = 0;
            for (int i = 0; i < BIND_SLOTS && ok; i++) {
                const char *cn = bindings_name((BindDevice)d, s->bind.code[d][b][i]);
                if (!cn) continue;
                ok = put(buf, n, &at, " %s", cn);
                written++;
            }
            if (ok) ok = put(buf, n, &at, "%s\n", written ? "" : " none");
        }
    if (ok && s->extra_len)
        ok = put(buf, n, &at, "# kept from a newer version of the game:\n%.*s", (int)s->extra_len, s->extra);
    return ok ? at : 0;
}

bool settings_load(Settings *s, const char *path) {
    settings_default(s);
    char why[256];
    size_t n = 0;
    char *buf = NULL;
    switch (prefs_read(path, SETTINGS_MAX_BYTES, &buf, &n, why, sizeof why)) {
    case PREFS_MISSING: return true;
    case PREFS_UNREADABLE:
        log_warn("%s: cannot read the settings (%s); using the defaults, and changes are not saved over it", path,
                 why);
        return false;
    default: break;
    }
    ParseError err;
    memset(&err, 0, sizeof err);
    int unknown = 0;
    int problems = settings_parse(s, buf, n, path, &err, &unknown);
    bool writable = true;
    if (problems) {
        // The next save drops the ignored lines: the file as it was goes
        // to settings.txt.bad first (as best.txt's does), so a hand edit
        // with a typo is never lost.
        char bad[1100], msg[1200];
        parse_error_format(&err, msg, sizeof msg);
        writable = prefs_keep_bad(path, buf, n, bad, sizeof bad);
        const char *what = problems == 1 ? "that line is ignored (its setting keeps the default)"
                                         : "lines are ignored (their settings keep the defaults)";
        char count[16] = "";
        if (problems > 1) snprintf(count, sizeof count, "%d ", problems);
        if (writable) log_warn("%s; %s%s; the file as it was is kept as %s", msg, count, what, bad);
        else
            log_warn("%s; %s%s, and %s cannot be written (%s): changes are not saved", msg, count, what, bad,
                     fs_strerror(errno));
    }
    mem_free(buf);
    if (unknown) log_info("%s: %d line%s with unknown keys kept as they are", path, unknown, unknown == 1 ? "" : "s");
    return writable;
}

bool settings_save(const Settings *s, const char *path) {
    char buf[SETTINGS_MAX_BYTES];
    size_t n = settings_format(s, buf, sizeof buf);
    if (n && fs_write_atomic(path, buf, n)) return true;
    log_warn("%s: cannot write: %s", path, n ? fs_strerror(errno) : "settings too large");
    return false;
}
