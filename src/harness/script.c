// script.c -- the script/replay format's parser: text into the flat arrays
// of struct Script (script_local.h), with file:line:col for every error.
// Running is in script_run.c, recording in recorder.c.
#include "harness/script.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fs.h"
#include "core/log.h"
#include "core/mem.h"
#include "harness/script_local.h"
#include "sim/world.h"

// ---------------------------------------------------------------- sizing

// What a first pass over the text finds: how many records the lines would
// make (so the arrays are allocated once, exactly, capped by the limits) and
// the first well-formed `end` tick (so a tick after it is refused at its own
// line). It never fails: the second pass reports every problem in file
// order.
typedef struct Census {
    int64_t events, checks, sums, subs;
    bool have_end;
    int64_t end;
} Census;

static void census(const char *text, size_t len, Census *c) {
    memset(c, 0, sizeof *c);
    TextReader rd;
    TextLine l;
    Token t[8];
    text_reader_init(&rd, text, len);
    while (text_next_line(&rd, &l) && l.number <= SCRIPT_MAX_LINES) {
        if (text_nul_col(&l)) break;       // the parse stops there too
        if (text_is_blank_or_comment(&l)) continue;
        int n = text_tokens(&l, t, 8);
        if (token_is(&t[0], "at") && n >= 3) {
            if (token_is(&t[2], "down") || token_is(&t[2], "up")) c->events += 1;
            else if (token_is(&t[2], "tap")) c->events += 2;
            else if (token_is(&t[2], "expect")) c->checks += 1;
            else if (token_is(&t[2], "checksum")) c->sums += 1, c->subs += n > 4 ? n - 4 : 0;
        } else if (token_is(&t[0], "always") || token_is(&t[0], "sometime")) {
            c->checks += 1;
        } else if (token_is(&t[0], "end") && n == 2 && !c->have_end) {
            int64_t v;
            if (text_parse_i64(t[1].s, t[1].len, &v) && v >= 0 && v <= SCRIPT_MAX_TICK) {
                c->have_end = true;
                c->end = v;
            }
        }
    }
}

// Allocates room for min(want, max) elements of elem bytes into *arr.
static bool reserve(void **arr, int *cap, int64_t want, int64_t max, size_t elem) {
    *cap = (int)(want < max ? want : max);
    if (*cap == 0) return true;
    *arr = mem_alloc((size_t)*cap, elem);
    return *arr != NULL;
}

// ---------------------------------------------------------------- parsing

typedef struct Parser {
    Script *s;
    ParseError *err;
    const Census *census;
    TextLine line;             // the line being parsed (a copy: no dangling pointer)
    Token tok[SCRIPT_MAX_TOKENS + 1];     // one more: the first extra token, for its message
    int ntok;
} Parser;

// A token for a message (see text_shown).
static const char *show(const Token *t, char *buf, size_t n) { return text_shown(t->s, t->len, buf, n); }

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static bool fail_at(Parser *p, int col, const char *fmt, ...) {
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    parse_error_set(p->err, p->s->path, p->line.number, col, "%s", msg);
    return false;
}

// Column just past the line's last character (for "missing ..." errors).
static int end_col(const Parser *p) {
    size_t n = p->line.len;
    while (n > 0 && (p->line.s[n - 1] == ' ' || p->line.s[n - 1] == '\t')) n--;
    return (int)n + 1;
}

// Checks the token count: too few names what is missing, too many points at
// the first extra token.
static bool want_tokens(Parser *p, int n, const char *missing) {
    char b[64];
    if (p->ntok < n) return fail_at(p, end_col(p), "expected %s", missing);
    if (p->ntok > n)
        return fail_at(p, p->tok[n].col, "unexpected '%s' (extra token at the end of the line)",
                       show(&p->tok[n], b, sizeof b));
    return true;
}

static bool parse_tick(Parser *p, int i, int64_t *out) {
    char b[64];
    int64_t v;
    if (!text_parse_i64(p->tok[i].s, p->tok[i].len, &v) || v < 0 || v > SCRIPT_MAX_TICK)
        return fail_at(p, p->tok[i].col, "expected a tick 0..%d, got '%s'", SCRIPT_MAX_TICK,
                       show(&p->tok[i], b, sizeof b));
    if (p->census->have_end && v > p->census->end)
        return fail_at(p, p->tok[i].col, "tick %" PRId64 " is after the end tick %" PRId64, v, p->census->end);
    *out = v;
    return true;
}

static bool hex16(Parser *p, const Token *t, uint64_t *out) {
    char b[64];
    uint64_t v = 0;
    bool ok = t->len == 16;
    for (size_t k = 0; ok && k < 16; k++) {
        char c = t->s[k];
        int d = text_hex_digit(c);
        if (d < 0) ok = false;
        else v = v << 4 | (uint64_t)d;
    }
    if (!ok) return fail_at(p, t->col, "expected a hash of exactly 16 hex digits, got '%s'", show(t, b, sizeof b));
    *out = v;
    return true;
}

static bool parse_hex16(Parser *p, int i, uint64_t *out) { return hex16(p, &p->tok[i], out); }

// `legs=H` on the level line: the leg profiles' hash a recording stored.
static bool parse_legs_hash(Parser *p, int i) {
    const Token *t = &p->tok[i];
    char b[64];
    if (t->len < 5 || memcmp(t->s, "legs=", 5) != 0)
        return fail_at(p, t->col, "unexpected '%s' (expected legs=HASH after the level hash, or nothing)",
                       show(t, b, sizeof b));
    Token hex = {t->s + 5, t->len - 5, t->col + 5};
    if (!hex16(p, &hex, &p->s->legs_hash)) return false;
    p->s->has_legs_hash = true;
    p->s->legs_col = t->col;
    return true;
}

// `NAME=HASH` after a checksum's hash: a subsystem's hash (harness/subsys.h),
// 8 hex digits; each name at most once per line (its tokens start at `at`).
static bool parse_subsys(Parser *p, int i, int at) {
    const Token *t = &p->tok[i];
    Script *s = p->s;
    char b[64];
    const char *eq = memchr(t->s, '=', t->len);
    SubsysHash sh = {0};
    if (!eq || !subsys_parse_name(t->s, (size_t)(eq - t->s), &sh.kind, &sh.index))
        return fail_at(p, t->col,
                       "unexpected '%s' (expected NAME=HASH after the checksum: NAME is player, legs, bullets, "
                       "stars, rng or a creature such as tetran[0])",
                       show(t, b, sizeof b));
    size_t hl = t->len - (size_t)(eq + 1 - t->s);
    int col = t->col + (int)(eq + 1 - t->s);
    uint32_t v = 0;
    bool ok = hl == 8;
    for (size_t k = 0; ok && k < 8; k++) {
        int d = text_hex_digit(eq[1 + k]);
        if (d < 0) ok = false;
        else v = v << 4 | (uint32_t)d;
    }
    if (!ok) return fail_at(p, col, "expected a subsystem hash of exactly 8 hex digits, got '%s'", show(t, b, sizeof b));
    for (int k = at; k < s->subs_n; k++)
        if (s->subs[k].kind == sh.kind && s->subs[k].index == sh.index)
            return fail_at(p, t->col, "subsystem '%.*s' given twice on this line", (int)(eq - t->s), t->s);
    sh.hash = v;
    if (s->subs_n >= s->subs_cap) return fail_at(p, t->col, "too many subsystem hashes");
    s->subs[s->subs_n++] = sh;
    return true;
}

static bool parse_button(Parser *p, int i, uint16_t *out) {
    char b[64];
    int bit = input_button_parse(p->tok[i].s, p->tok[i].len);
    if (!bit)
        return fail_at(p, p->tok[i].col,
                       "unknown button '%s' (expected left, right, up, down, jump, fire, wiggle, lock or dash)",
                       show(&p->tok[i], b, sizeof b));
    *out = (uint16_t)bit;
    return true;
}

static bool add_event(Parser *p, int64_t tick, int phase, uint16_t bit, bool down) {
    Script *s = p->s;
    if (s->ev_n >= s->ev_cap)
        return fail_at(p, p->tok[0].col, "too many button changes (at most %d down, up and tap lines; a tap counts "
                       "two)", SCRIPT_MAX_EVENTS);
    s->ev[s->ev_n] = (InputEvent){(int32_t)tick, s->ev_n, bit, (uint8_t)phase, down};
    s->ev_n++;
    return true;
}

static bool looks_like_probe(const Token *t) {
    if (t->len == 0) return false;
    char c = t->s[0];
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

// The probe's slot in s->probes (added on first use).
static int16_t probe_slot(Script *s, const ProbeDef *d) {
    for (int i = 0; i < s->probe_n; i++)
        if (s->probes[i] == d) return (int16_t)i;
    ASSERT(s->probe_n < SCRIPT_PROBE_SLOTS);  // the probe table is smaller (test_script checks)
    s->probes[s->probe_n] = d;
    return (int16_t)s->probe_n++;
}

// P OP V starting at token i into c.
static bool parse_condition(Parser *p, int i, Check *c) {
    char b[64];
    const Token *tp = &p->tok[i], *to = &p->tok[i + 1], *tv = &p->tok[i + 2];
    c->probe = probe_find(tp->s, tp->len);
    if (!c->probe)
        return fail_at(p, tp->col, "unknown probe '%s' (see docs/script-format.md for the list)",
                       show(tp, b, sizeof b));
    int op = -1;
    for (int k = 0; k < 6; k++)
        if (token_is(to, op_names[k])) op = k;
    if (op < 0) return fail_at(p, to->col, "expected an operator == != < <= > >=, got '%s'", show(to, b, sizeof b));
    c->op = (uint8_t)op;
    token_copy(tv, c->rhs_text, sizeof c->rhs_text);
    ProbeKind lk = c->probe->kind, rk = PROBE_NUMBER;
    double v;
    const ProbeDef *rp = NULL;
    if (text_parse_f64(tv->s, tv->len, &v)) {
        rk = PROBE_NUMBER;
    } else if (probe_symbol_kind(tv->s, tv->len, &v, &rk)) {
    } else if ((rp = probe_find(tv->s, tv->len)) != NULL) {
        rk = rp->kind;
        v = 0;
    } else if (looks_like_probe(tv)) {
        return fail_at(p, tv->col, "unknown probe or symbol '%s'", show(tv, b, sizeof b));
    } else {
        return fail_at(p, tv->col, "expected a number, a symbol or a probe name, got '%s'", show(tv, b, sizeof b));
    }
    if (lk != rk) {
        const char *want = lk == PROBE_PLAYER_STATE ? "ground, air or wall"
                         : lk == PROBE_GAME_STATE   ? "playing, won or lost"
                                                    : "a number or a numeric probe";
        return fail_at(p, tv->col, "expected %s, got '%s'", want, show(tv, b, sizeof b));
    }
    if (lk != PROBE_NUMBER && op != OP_EQ && op != OP_NE)
        return fail_at(p, to->col, "a state compares only with == or !=, got '%s'", show(to, b, sizeof b));
    c->rhs_probe = rp;
    c->rhs_value = v;
    c->probe_slot = probe_slot(p->s, c->probe);
    c->rhs_slot = rp ? probe_slot(p->s, rp) : -1;
    return true;
}

static bool add_check(Parser *p, CheckKind kind, int64_t a, int64_t b, int cond_at) {
    Script *s = p->s;
    if (s->check_n >= s->check_cap)
        return fail_at(p, p->tok[0].col, "too many checks (at most %d expect, always and sometime lines)",
                       SCRIPT_MAX_CHECKS);
    Check c;
    memset(&c, 0, sizeof c);
    c.kind = (uint8_t)kind;
    c.a = (int32_t)a;
    c.b = (int32_t)b;
    c.slot = kind == CHECK_SOMETIME ? s->some_n : -1;
    c.line = p->line.number;
    c.col = p->tok[0].col;
    if (!parse_condition(p, cond_at, &c)) return false;
    s->check_ticks += b - a + 1;
    if (s->check_ticks > SCRIPT_MAX_CHECK_TICKS)
        return fail_at(p, p->tok[0].col,
                       "the checks would be evaluated more than %d times in all (an expect counts 1, a range "
                       "one per tick it spans)",
                       SCRIPT_MAX_CHECK_TICKS);
    s->checks[s->check_n++] = c;
    s->expect_n += kind == CHECK_EXPECT;
    s->range_n += kind != CHECK_EXPECT;
    s->some_n += kind == CHECK_SOMETIME;
    return true;
}

static bool parse_at(Parser *p) {
    char b[64];
    Script *s = p->s;
    if (p->ntok < 3) return fail_at(p, end_col(p), "expected 'at TICK down|up|tap|expect|checksum ...'");
    int64_t t;
    if (!parse_tick(p, 1, &t)) return false;
    const Token *verb = &p->tok[2];
    if (token_is(verb, "down") || token_is(verb, "up") || token_is(verb, "tap")) {
        if (!want_tokens(p, 4, "a button name (left right up down jump fire wiggle lock dash)")) return false;
        uint16_t bit = 0;
        if (!parse_button(p, 3, &bit)) return false;
        if (token_is(verb, "tap")) return add_event(p, t, 1, bit, true) && add_event(p, t + 1, 0, bit, false);
        return add_event(p, t, 1, bit, token_is(verb, "down"));
    }
    if (token_is(verb, "expect")) {
        if (!want_tokens(p, 6, "'PROBE OP VALUE' after 'expect'")) return false;
        return add_check(p, CHECK_EXPECT, t, t, 3);
    }
    if (token_is(verb, "checksum")) {
        if (p->ntok < 4) return want_tokens(p, 4, "a hash of 16 hex digits after 'checksum'");
        if (p->ntok > SCRIPT_MAX_TOKENS) return want_tokens(p, SCRIPT_MAX_TOKENS, "");
        uint64_t h;
        if (!parse_hex16(p, 3, &h)) return false;
        if (s->sum_n >= s->sum_cap)
            return fail_at(p, p->tok[0].col, "too many checksums (at most %d)", SCRIPT_MAX_CHECKSUMS);
        // The runner compares them in file order as the ticks pass: one out
        // of order or repeated would never be compared, so it is refused.
        const Checksum *prev = s->sum_n ? &s->sums[s->sum_n - 1] : NULL;
        if (prev && t <= prev->tick)
            return fail_at(p, p->tok[1].col,
                           "checksum at tick %" PRId64 " %s line %d's checksum at tick %" PRId64
                           " (checksums go in increasing tick order, each tick at most once)",
                           t, t == prev->tick ? "repeats" : "is out of order after", prev->line, (int64_t)prev->tick);
        int at = s->subs_n;
        for (int i = 4; i < p->ntok; i++)
            if (!parse_subsys(p, i, at)) return false;
        s->sums[s->sum_n++] = (Checksum){t, h, p->line.number, p->tok[0].col, at, s->subs_n - at};
        return true;
    }
    return fail_at(p, verb->col, "expected down, up, tap, expect or checksum, got '%s'", show(verb, b, sizeof b));
}

static bool parse_range(Parser *p, CheckKind kind) {
    const char *form = kind == CHECK_ALWAYS ? "'always FIRST LAST PROBE OP VALUE'" : "'sometime FIRST LAST PROBE OP VALUE'";
    if (!want_tokens(p, 6, form)) return false;
    int64_t a, b;
    if (!parse_tick(p, 1, &a) || !parse_tick(p, 2, &b)) return false;
    if (a > b) return fail_at(p, p->tok[2].col, "expected the last tick >= the first (FIRST <= LAST)");
    return add_check(p, kind, a, b, 3);
}

// `difficulty easy|normal|hard`, `assist wiggle` or `hearts N`: each at
// most once, before the first `at` line (first_at: its line, 0 none yet).
static bool parse_setup(Parser *p, int first_at) {
    Script *s = p->s;
    const Token *k = &p->tok[0];
    char b[64];
    int *seen = token_is(k, "difficulty") ? &s->difficulty_line
              : token_is(k, "assist")     ? &s->assist_line
                                          : &s->hearts_line;
    if (*seen) return fail_at(p, k->col, "'%s' given twice (first on line %d)", show(k, b, sizeof b), *seen);
    if (first_at)
        return fail_at(p, k->col, "'%s' must come before the first 'at' line (line %d)", show(k, b, sizeof b),
                       first_at);
    *seen = p->line.number;
    if (token_is(k, "difficulty")) {
        if (!want_tokens(p, 2, "a difficulty (easy, normal or hard) after 'difficulty'")) return false;
        if (!difficulty_parse(p->tok[1].s, p->tok[1].len, &s->difficulty))
            return fail_at(p, p->tok[1].col, "expected a difficulty (easy, normal or hard), got '%s'",
                           show(&p->tok[1], b, sizeof b));
    } else if (token_is(k, "assist")) {
        if (!want_tokens(p, 2, "an assist (wiggle) after 'assist'")) return false;
        if (!token_is(&p->tok[1], "wiggle"))
            return fail_at(p, p->tok[1].col, "expected an assist (wiggle), got '%s'", show(&p->tok[1], b, sizeof b));
        s->assist_wiggle = true;
    } else {
        if (!want_tokens(p, 2, "a heart count after 'hearts'")) return false;
        uint64_t v;
        if (!text_parse_u64(p->tok[1].s, p->tok[1].len, &v) || v < 1 || v > SCRIPT_MAX_HEARTS)
            return fail_at(p, p->tok[1].col, "expected a heart count 1..%d, got '%s'", SCRIPT_MAX_HEARTS,
                           show(&p->tok[1], b, sizeof b));
        s->hearts = (int)v;
    }
    return true;
}

// Resolves a script's level path: absolute as is; else next to the script
// when that file exists; else as given (relative to the current directory).
static void resolve_level(Script *s) {
    const char *lp = s->level_given;
    snprintf(s->level_path, sizeof s->level_path, "%s", lp);
    if (lp[0] == '/') return;
    const char *slash = strrchr(s->path, '/');
    if (!slash) return;
    char cand[1600];
    snprintf(cand, sizeof cand, "%.*s/%s", (int)(slash - s->path), s->path, lp);
    if (strlen(cand) >= sizeof s->level_path) return;
    FsStat st;
    if (!fs_stat(cand, &st)) return;     // what is there (a folder too) is reported when it is read
    memcpy(s->level_path, cand, strlen(cand) + 1);
}

static int cmp_event(const void *pa, const void *pb) {
    const InputEvent *a = pa, *b = pb;
    if (a->tick != b->tick) return a->tick < b->tick ? -1 : 1;
    if (a->phase != b->phase) return a->phase - b->phase;
    return a->seq - b->seq;
}

static int cmp_at(const void *pa, const void *pb) {
    const CheckAt *a = pa, *b = pb;
    if (a->tick != b->tick) return a->tick < b->tick ? -1 : 1;
    return (a->check > b->check) - (a->check < b->check);
}

// The expects by tick and the ranges by first tick, file order breaking
// ties (the check index is part of the key, so qsort's order is total).
static bool order_checks(Script *s) {
    if (s->expect_n) s->expects = mem_alloc((size_t)s->expect_n, sizeof *s->expects);
    if (s->range_n) s->ranges = mem_alloc((size_t)s->range_n, sizeof *s->ranges);
    if ((s->expect_n && !s->expects) || (s->range_n && !s->ranges)) return false;
    int e = 0, r = 0;
    for (int i = 0; i < s->check_n; i++) {
        const Check *c = &s->checks[i];
        if (c->kind == CHECK_EXPECT) s->expects[e++] = (CheckAt){c->a, i};
        else s->ranges[r++] = (CheckAt){c->a, i};
    }
    if (e > 1) qsort(s->expects, (size_t)e, sizeof *s->expects, cmp_at);
    if (r > 1) qsort(s->ranges, (size_t)r, sizeof *s->ranges, cmp_at);
    return true;
}

// The quoted path at token 1 (docs/script-format.md, "Paths"): unescaped
// into out, and the line's tokens after it split again (a quoted path may
// hold blanks, so the plain split cut it).
static bool quoted_path(Parser *p, char *out, size_t out_n) {
    const Token *q = &p->tok[1];
    size_t rest = p->line.len - (size_t)(q->s - p->line.s), got, used, bad;
    const char *why;
    if (!text_unquote(q->s, rest, out, out_n, &got, &used, &bad, &why)) {
        if (bad == 0) return fail_at(p, q->col, "level path too long");
        return fail_at(p, q->col + (int)bad, "%s", why);
    }
    if (got == 0) return fail_at(p, q->col, "expected a level file path, got an empty quoted path");
    if (used < rest && q->s[used] != ' ' && q->s[used] != '\t')
        return fail_at(p, q->col + (int)used, "expected a blank or the end of the line after the closing quote");
    TextLine after = {q->s + used, rest - used, p->line.number};
    Token more[SCRIPT_MAX_TOKENS + 1];
    int n = text_tokens(&after, more, SCRIPT_MAX_TOKENS - 1);
    p->tok[1] = (Token){q->s, used, q->col};
    for (int i = 0; i < n && i < SCRIPT_MAX_TOKENS - 1; i++) {
        more[i].col += q->col - 1 + (int)used;
        p->tok[2 + i] = more[i];
    }
    p->ntok = 2 + n;
    return true;
}

static bool parse_lines(Parser *p, const char *text, size_t len) {
    Script *s = p->s;
    TextReader rd;
    TextLine l;
    text_reader_init(&rd, text, len);
    bool header = false, have_end = false, have_seed = false;
    int seen_at = 0;                       // the line of the first `at`
    int last_line = 0;
    size_t last_len = 0;
    char b[64];
    while (text_next_line(&rd, &l)) {
        last_line = l.number;
        last_len = l.len;
        p->line = l;
        if (l.number > SCRIPT_MAX_LINES) return fail_at(p, 1, "too many lines (at most %d)", SCRIPT_MAX_LINES);
        int nul = text_nul_col(&l);
        if (nul) return fail_at(p, nul, "unexpected NUL byte (a script is text: no NUL bytes, not even in comments)");
        if (text_is_blank_or_comment(&l)) continue;
        p->ntok = text_tokens(&l, p->tok, SCRIPT_MAX_TOKENS + 1);
        const Token *k = &p->tok[0];
        if (!header) {
            if (!token_is(k, "bossrush-script"))
                return fail_at(p, k->col, "expected 'bossrush-script 1' as the first line, got '%s'",
                               show(k, b, sizeof b));
            if (p->ntok < 2) return fail_at(p, end_col(p), "expected the format version after 'bossrush-script'");
            if (!token_is(&p->tok[1], "1"))
                return fail_at(p, p->tok[1].col, "unsupported script version '%s' (this build reads version 1)",
                               show(&p->tok[1], b, sizeof b));
            if (!want_tokens(p, 2, "")) return false;
            header = true;
            continue;
        }
        if (token_is(k, "level")) {
            if (s->level_line) return fail_at(p, k->col, "'level' given twice (first on line %d)", s->level_line);
            if (p->ntok < 2) return fail_at(p, end_col(p), "expected a level file path after 'level'");
            if (p->tok[1].s[0] == '"') {
                if (!quoted_path(p, s->level_given, sizeof s->level_given)) return false;
            } else {
                if (p->ntok > 4) return want_tokens(p, 4, "");
                if (p->tok[1].len >= sizeof s->level_given) return fail_at(p, p->tok[1].col, "level path too long");
                token_copy(&p->tok[1], s->level_given, sizeof s->level_given);
            }
            if (p->ntok > 4) return want_tokens(p, 4, "");
            s->level_line = l.number;
            s->level_col = p->tok[1].col;
            if (p->ntok >= 3) {
                if (!parse_hex16(p, 2, &s->level_hash)) return false;
                s->has_level_hash = true;
            }
            if (p->ntok == 4 && !parse_legs_hash(p, 3)) return false;
        } else if (token_is(k, "seed")) {
            if (have_seed) return fail_at(p, k->col, "'seed' given twice");
            if (!want_tokens(p, 2, "a seed 0..4294967295 after 'seed'")) return false;
            uint64_t v;
            if (!text_parse_u64(p->tok[1].s, p->tok[1].len, &v) || v > UINT32_MAX)
                return fail_at(p, p->tok[1].col, "expected a seed 0..4294967295, got '%s'",
                               show(&p->tok[1], b, sizeof b));
            s->seed = (uint32_t)v;
            s->has_seed = have_seed = true;
        } else if (token_is(k, "difficulty") || token_is(k, "assist") || token_is(k, "hearts")) {
            if (!parse_setup(p, seen_at)) return false;
        } else if (token_is(k, "at")) {
            if (!seen_at) seen_at = l.number;
            if (!parse_at(p)) return false;
        } else if (token_is(k, "always")) {
            if (!parse_range(p, CHECK_ALWAYS)) return false;
        } else if (token_is(k, "sometime")) {
            if (!parse_range(p, CHECK_SOMETIME)) return false;
        } else if (token_is(k, "end")) {
            if (have_end) return fail_at(p, k->col, "'end' given twice");
            if (!want_tokens(p, 2, "the last tick after 'end'")) return false;
            int64_t v;
            if (!text_parse_i64(p->tok[1].s, p->tok[1].len, &v) || v < 0 || v > SCRIPT_MAX_TICK)
                return fail_at(p, p->tok[1].col, "expected an end tick 0..%d, got '%s'", SCRIPT_MAX_TICK,
                               show(&p->tok[1], b, sizeof b));
            s->end = v;
            have_end = true;
        } else if (token_is(k, "bossrush-script")) {
            return fail_at(p, k->col, "'bossrush-script' header given twice");
        } else {
            return fail_at(p, k->col, "unknown keyword '%s' (expected level, seed, difficulty, assist, hearts, at, always, sometime or end)",
                           show(k, b, sizeof b));
        }
    }
    // Errors about what is missing point just past the file's last line.
    TextLine eof = {text, last_len, last_line ? last_line : 1};
    p->line = eof;
    if (!header) return fail_at(p, 1, "expected 'bossrush-script 1' as the first line (the file has no header)");
    if (!s->level_line) return fail_at(p, (int)last_len + 1, "missing 'level PATH' line");
    if (!have_end) return fail_at(p, (int)last_len + 1, "missing 'end TICK' line");
    return true;
}

Script *script_parse(const char *text, size_t len, const char *path, ParseError *err) {
    Script *s = mem_alloc(1, sizeof *s);
    if (!s) {
        parse_error_set(err, path, 0, 0, "out of memory");
        return NULL;
    }
    snprintf(s->path, sizeof s->path, "%s", path ? path : "(script)");
    if (!text) len = 0;
    Census c;
    census(text ? text : "", len, &c);
    if (!reserve((void **)&s->ev, &s->ev_cap, c.events, SCRIPT_MAX_EVENTS, sizeof *s->ev) ||
        !reserve((void **)&s->checks, &s->check_cap, c.checks, SCRIPT_MAX_CHECKS, sizeof *s->checks) ||
        !reserve((void **)&s->sums, &s->sum_cap, c.sums, SCRIPT_MAX_CHECKSUMS, sizeof *s->sums) ||
        !reserve((void **)&s->subs, &s->subs_cap, c.subs, (int64_t)SCRIPT_MAX_CHECKSUMS * SUBSYS_MAX,
                 sizeof *s->subs)) {
        parse_error_set(err, s->path, 0, 0, "out of memory");
        script_free(s);
        return NULL;
    }
    Parser p = {.s = s, .err = err, .census = &c};
    if (!parse_lines(&p, text ? text : "", len)) {
        script_free(s);
        return NULL;
    }
    resolve_level(s);
    if (s->ev_n > 1) qsort(s->ev, (size_t)s->ev_n, sizeof *s->ev, cmp_event);
    if (!order_checks(s)) {
        parse_error_set(err, s->path, 0, 0, "out of memory");
        script_free(s);
        return NULL;
    }
    return s;
}

Script *script_load(const char *path, ParseError *err) {
    size_t len = 0;
    char *text = text_read_file(path, SCRIPT_MAX_FILE_BYTES, "script", &len, err);
    if (!text) return NULL;
    Script *s = script_parse(text, len, path, err);
    mem_free(text);
    return s;
}

void script_free(Script *s) {
    if (!s) return;
    mem_free(s->ev);
    mem_free(s->checks);
    mem_free(s->sums);
    mem_free(s->expects);
    mem_free(s->ranges);
    mem_free(s->subs);
    mem_free(s);
}

const char *script_level_path(const Script *s) { return s->level_path; }
const char *script_level_given(const Script *s) { return s->level_given; }
const char *script_path(const Script *s) { return s->path; }

void script_level_pos(const Script *s, int *line, int *col) {
    if (line) *line = s->level_line;
    if (col) *col = s->level_col;
}

bool script_level_hash(const Script *s, uint64_t *out) {
    if (s->has_level_hash && out) *out = s->level_hash;
    return s->has_level_hash;
}

bool script_legs_hash(const Script *s, uint64_t *out, int *line, int *col) {
    if (!s->has_legs_hash) return false;
    if (out) *out = s->legs_hash;
    if (line) *line = s->level_line;
    if (col) *col = s->legs_col;
    return true;
}

bool script_seed(const Script *s, uint32_t *out) {
    if (s->has_seed && out) *out = s->seed;
    return s->has_seed;
}

int script_difficulty(const Script *s) { return (int)s->difficulty; }
bool script_assist_wiggle(const Script *s) { return s->assist_wiggle; }
int script_hearts(const Script *s) { return s->hearts; }

int64_t script_end_tick(const Script *s) { return s->end; }

int script_checksums_upto(const Script *s, int64_t tick) {
    int n = 0;
    for (int i = 0; i < s->sum_n; i++) n += s->sums[i].tick <= tick;
    return n;
}


int script_check_count(const Script *s) { return s->check_n; }

void script_check_info(const Script *s, int i, ScriptCheckInfo *out) {
    memset(out, 0, sizeof *out);
    if (i < 0 || i >= s->check_n) return;
    const Check *c = &s->checks[i];
    out->a = c->a;
    out->b = c->b;
    out->kind = c->kind == CHECK_EXPECT ? 0 : c->kind == CHECK_ALWAYS ? 1 : 2;
    out->line = c->line;
    out->col = c->col;
    snprintf(out->text, sizeof out->text, "%s %s %s", c->probe->name, op_names[c->op],
             c->rhs_probe ? c->rhs_probe->name : c->rhs_text);
}
