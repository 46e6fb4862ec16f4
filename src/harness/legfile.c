// legfile.c -- leg profiles written back as .leg text (see legfile.h).
#include "harness/legfile.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fs.h"
#include "core/mem.h"
#include "core/textbuf.h"
#include "harness/profiles.h"

// The parser reads numbers with strtod: the fewest decimals that read back
// as v, else 17 significant digits.
void legfile_number(double v, char *buf, size_t n) {
    for (int d = 0; d <= 17; d++) {
        snprintf(buf, n, "%.*f", d, v);
        if (strtod(buf, NULL) == v) return;
    }
    snprintf(buf, n, "%.17g", v);
}

static void put_nums(char *buf, size_t n, const double *v, int count) {
    size_t o = 0;
    buf[0] = '\0';
    for (int i = 0; i < count && o + 1 < n; i++) {
        char one[40];
        legfile_number(v[i], one, sizeof one);
        int w = snprintf(buf + o, n - o, "%s%s", i ? " " : "", one);
        if (w < 0) return;
        o += (size_t)w < n - o ? (size_t)w : n - o - 1;
    }
}

static void put_curve(char *buf, size_t n, const LegCurve *c) {
    const char *name = legs_curve_name(c->kind);
    if (name) snprintf(buf, n, "%s", name);
    else put_nums(buf, n, c->y, c->n < LEG_CURVE_MAX_POINTS ? c->n : LEG_CURVE_MAX_POINTS);
}

void legfile_value(const LegProfile *p, LegKey k, char *buf, size_t n) {
    double v[2];
    switch (k) {
    case LEG_KEY_GROUP: snprintf(buf, n, "%d", p->group); return;
    case LEG_KEY_STEP_TICKS: snprintf(buf, n, "%d", p->step_ticks); return;
    case LEG_KEY_GROW_TICKS: snprintf(buf, n, "%d", p->grow_ticks); return;
    case LEG_KEY_RETRACT_TICKS: snprintf(buf, n, "%d", p->retract_ticks); return;
    case LEG_KEY_EASE: put_curve(buf, n, &p->ease); return;
    case LEG_KEY_LIFT: put_curve(buf, n, &p->lift); return;
    case LEG_KEY_ROOT:
    case LEG_KEY_DEFAULT: {
        Vec2 q = k == LEG_KEY_ROOT ? p->root_px : p->default_px;
        v[0] = q.x;
        v[1] = q.y;
        put_nums(buf, n, v, 2);
        return;
    }
    case LEG_KEY_UPPER: v[0] = p->upper_px; break;
    case LEG_KEY_LOWER: v[0] = p->lower_px; break;
    case LEG_KEY_MIN: v[0] = p->min_px; break;
    case LEG_KEY_MAX: v[0] = p->max_px; break;
    case LEG_KEY_CAST_RADIUS: v[0] = p->cast_radius_px; break;
    case LEG_KEY_CAST_STEP: v[0] = p->cast_step_deg; break;
    case LEG_KEY_LEAD: v[0] = p->lead_ticks; break;
    case LEG_KEY_LIFT_MAX: v[0] = p->lift_px; break;
    default: snprintf(buf, n, "?"); return;
    }
    put_nums(buf, n, v, 1);
}

static bool same_curve(const LegCurve *a, const LegCurve *b) {
    if (a->kind != b->kind) return false;
    if (a->kind != CURVE_POINTS) return true;
    if (a->n != b->n) return false;
    for (int i = 0; i < a->n && i < LEG_CURVE_MAX_POINTS; i++)
        if (a->y[i] != b->y[i]) return false;
    return true;
}

bool legfile_same(const LegProfile *a, const LegProfile *b, LegKey k) {
    switch (k) {
    case LEG_KEY_GROUP: return a->group == b->group;
    case LEG_KEY_ROOT: return a->root_px.x == b->root_px.x && a->root_px.y == b->root_px.y;
    case LEG_KEY_UPPER: return a->upper_px == b->upper_px;
    case LEG_KEY_LOWER: return a->lower_px == b->lower_px;
    case LEG_KEY_MIN: return a->min_px == b->min_px;
    case LEG_KEY_MAX: return a->max_px == b->max_px;
    case LEG_KEY_DEFAULT: return a->default_px.x == b->default_px.x && a->default_px.y == b->default_px.y;
    case LEG_KEY_CAST_RADIUS: return a->cast_radius_px == b->cast_radius_px;
    case LEG_KEY_CAST_STEP: return a->cast_step_deg == b->cast_step_deg;
    case LEG_KEY_LEAD: return a->lead_ticks == b->lead_ticks;
    case LEG_KEY_STEP_TICKS: return a->step_ticks == b->step_ticks;
    case LEG_KEY_EASE: return same_curve(&a->ease, &b->ease);
    case LEG_KEY_LIFT: return same_curve(&a->lift, &b->lift);
    case LEG_KEY_LIFT_MAX: return a->lift_px == b->lift_px;
    case LEG_KEY_GROW_TICKS: return a->grow_ticks == b->grow_ticks;
    case LEG_KEY_RETRACT_TICKS: return a->retract_ticks == b->retract_ticks;
    default: return true;
    }
}

static void put_key_line(TextBuf *out, const LegProfile *p, LegKey k, const char *eol) {
    char v[LEG_CURVE_MAX_POINTS * 40];
    legfile_value(p, k, v, sizeof v);
    textbuf_puts(out, legs_key_name(k));
    textbuf_puts(out, " ");
    textbuf_puts(out, v);
    textbuf_puts(out, eol);
}

char *legfile_text(const LegProfile *p, const char *comment, size_t *len) {
    TextBuf out = {0};
    if (comment) {
        textbuf_puts(&out, comment);
        textbuf_puts(&out, "\n");
    }
    for (int k = 0; k < LEG_KEY_COUNT; k++) put_key_line(&out, p, (LegKey)k, "\n");
    if (out.oom || !out.p) {
        textbuf_free(&out);
        return NULL;
    }
    *len = out.len;
    return out.p;
}

// The key a line starts with, -1 for none.
static int key_of(const Token *t) {
    for (int k = 0; k < LEG_KEY_COUNT; k++)
        if (token_is(t, legs_key_name((LegKey)k))) return k;
    return -1;
}

static void put_spaces(TextBuf *out, long n) {
    for (long i = 0; i < n; i++) textbuf_put(out, " ", 1);
}

// The edit of one key line whose value changed: the value tokens replaced,
// a trailing comment kept at its column when there is room.
static void rewrite_line(TextBuf *out, const char *text, size_t *copied, const Token *tk, int vals,
                         const Token *comment, const char *value) {
    size_t start = (size_t)(tk[1].s - text);
    size_t end = (size_t)(tk[vals].s + tk[vals].len - text);
    textbuf_put(out, text + *copied, start - *copied);
    textbuf_puts(out, value);
    *copied = end;
    if (!comment) return;
    size_t at = (size_t)(comment->s - text);
    long gap = (long)(at - end) - ((long)strlen(value) - (long)(end - start));
    put_spaces(out, gap < 1 ? 1 : gap);
    *copied = at;
}

bool legfile_rewrite(const char *text, size_t len, const char *path, const LegProfile *base, const LegProfile *want,
                     char **out_text, size_t *out_len, ParseError *err) {
    if (memchr(text, '\0', len)) {
        parse_error_set(err, path, 1, 1, "expected text, found a NUL byte");
        return false;
    }
    LegProfile have = *base;
    if (!legs_parse_profile(&have, text, len, path, err)) return false;
    const char *lf = memchr(text, '\n', len);
    const char *eol = lf && lf > text && lf[-1] == '\r' ? "\r\n" : "\n";
    TextBuf out = {0};
    bool seen[LEG_KEY_COUNT] = {false};
    size_t copied = 0;
    TextReader r;
    text_reader_init(&r, text, len);
    TextLine l;
    while (text_next_line(&r, &l)) {
        if (text_is_blank_or_comment(&l)) continue;
        Token tk[LEG_CURVE_MAX_POINTS + 3];
        int cap = (int)(sizeof tk / sizeof tk[0]);
        int n = text_tokens(&l, tk, cap);
        if (n > cap) n = cap;
        int vals = n;             // tokens before a trailing comment
        for (int i = 1; i < n; i++)
            if (tk[i].len > 0 && tk[i].s[0] == '#') {
                vals = i;
                break;
            }
        int k = key_of(&tk[0]);
        if (k < 0 || vals < 2) continue;   // cannot happen in a file that parsed
        seen[k] = true;
        if (legfile_same(&have, want, (LegKey)k)) continue;
        char value[LEG_CURVE_MAX_POINTS * 40];
        legfile_value(want, (LegKey)k, value, sizeof value);
        rewrite_line(&out, text, &copied, tk, vals - 1, vals < n ? &tk[vals] : NULL, value);
    }
    textbuf_put(&out, text + copied, len - copied);
    for (int k = 0; k < LEG_KEY_COUNT; k++) {
        if (seen[k] || legfile_same(&have, want, (LegKey)k)) continue;
        if (out.len > 0 && out.p[out.len - 1] != '\n') textbuf_puts(&out, eol);
        put_key_line(&out, want, (LegKey)k, eol);
    }
    if (out.oom) {
        textbuf_free(&out);
        parse_error_set(err, path, 0, 0, "cannot write the profile: out of memory");
        return false;
    }
    if (!out.p) textbuf_put(&out, "", 0);
    // What is written must read back as want, every key (a check on the
    // writer, so a save can never change other values than asked).
    LegProfile back = *base;
    ParseError e2;
    bool ok = out.p && legs_parse_profile(&back, out.p, out.len, path, &e2);
    for (int k = 0; ok && k < LEG_KEY_COUNT; k++) ok = legfile_same(&back, want, (LegKey)k);
    if (!ok) {
        textbuf_free(&out);
        parse_error_set(err, path, 0, 0, "cannot write these values so that they read back the same");
        return false;
    }
    *out_text = out.p;
    *out_len = out.len;
    return true;
}

bool legfile_save(const char *dir, int i, const LegProfile *want, ParseError *err) {
    char name[64], path[1200];
    snprintf(name, sizeof name, "%s.leg", legs_name(i));
    if (!fs_join(dir, name, path, sizeof path)) {
        parse_error_set(err, name, 0, 0, "path too long");
        return false;
    }
    LegProfile builtin[LEGS_COUNT];
    if (!profiles_builtin(builtin, err)) return false;
    char *out = NULL;
    size_t out_len = 0;
    FsStat st;
    if (!fs_stat(path, &st) && errno == ENOENT) {
        char comment[200];
        snprintf(comment, sizeof comment, "# %s -- written by the tuning panel (F2); keys: docs/legs.md.", name);
        out = legfile_text(want, comment, &out_len);
        if (!out) {
            parse_error_set(err, path, 0, 0, "cannot write the profile: out of memory");
            return false;
        }
    } else {
        size_t len = 0;
        char *text = text_read_file(path, PROFILES_MAX_FILE_BYTES, "leg profile", &len, err);
        if (!text) return false;
        bool ok = legfile_rewrite(text, len, path, &builtin[i], want, &out, &out_len, err);
        mem_free(text);
        if (!ok) return false;
    }
    bool ok = fs_write_atomic(path, out, out_len);
    int why = errno;
    mem_free(out);
    if (!ok) parse_error_set(err, path, 0, 0, "cannot write: %s", fs_strerror(why));
    return ok;
}
