// script.c -- the script/replay format: parser (into flat arrays), the
// tick-by-tick runner that feeds inputs and checks expectations and
// checksums, and the recorder that writes live play back as a replay.
#include "sim/script.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/mem.h"
#include "sim/probes.h"
#include "sim/world.h"

#define SCRIPT_VERSION 1
#define CHECKSUM_EVERY 60

typedef enum CheckKind {
    CHECK_NONE = 0,
    CHECK_EXPECT,
    CHECK_ALWAYS,
    CHECK_SOMETIME,
} CheckKind;

typedef enum CmpOp {
    OP_EQ = 0,
    OP_NE,
    OP_LT,
    OP_LE,
    OP_GT,
    OP_GE,
} CmpOp;

static const char *const op_names[] = {"==", "!=", "<", "<=", ">", ">="};

typedef struct Check {
    CheckKind kind;
    int64_t a, b;              // tick range; an expect has a == b
    const ProbeDef *probe;
    CmpOp op;
    const ProbeDef *rhs_probe; // NULL: compare with rhs_value
    double rhs_value;
    char rhs_text[48];         // the value as written, for messages
    int line, col;
} Check;

// One change of the held buttons. A tap makes two: the press (phase 1, with
// the lines of its tick) and the release at T+1 (phase 0: before the lines
// of T+1, so a `down` written for T+1 wins).
typedef struct InputEvent {
    int64_t tick;
    int phase;
    int seq;                   // file order
    uint8_t bit;
    bool down;
} InputEvent;

typedef struct Checksum {
    int64_t tick;
    uint64_t hash;
    int line, col;
} Checksum;

// A tick token, validated against `end` once the whole file is read.
typedef struct TickRef {
    int64_t tick;
    int line, col;
} TickRef;

struct Script {
    char path[512];
    char level_given[1024];
    char level_path[1024];
    int level_line, level_col;
    bool has_level_hash;
    uint64_t level_hash;
    bool has_seed;
    uint32_t seed;
    int64_t end;
    InputEvent *ev;
    int ev_n, ev_cap;
    Check *checks;
    int check_n, check_cap;
    Checksum *sums;
    int sum_n, sum_cap;
    TickRef *ticks;
    int tick_n, tick_cap;
    int *expect_order;         // indices of CHECK_EXPECT sorted by tick, then file order
    int expect_n;
};

// ---------------------------------------------------------------- arrays

// Grows *arr (of elem bytes each) so it holds at least need elements.
static bool grow(void **arr, int *cap, int need, size_t elem) {
    if (need <= *cap) return true;
    int nc = *cap ? *cap : 16;
    while (nc < need) {
        if (nc > (1 << 28)) return false;
        nc *= 2;
    }
    void *n = mem_alloc((size_t)nc, elem);
    if (!n) return false;
    if (*arr) memcpy(n, *arr, (size_t)*cap * elem);
    mem_free(*arr);
    *arr = n;
    *cap = nc;
    return true;
}

#define PUSH(s, arr, n, cap) grow((void **)&(s)->arr, &(s)->cap, (s)->n + 1, sizeof *(s)->arr)

// ---------------------------------------------------------------- parsing

typedef struct Parser {
    Script *s;
    ParseError *err;
    TextLine line;             // the line being parsed (a copy: no dangling pointer)
    Token tok[8];
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
    Script *s = p->s;
    if (!PUSH(s, ticks, tick_n, tick_cap))
        return fail_at(p, p->tok[i].col, "out of memory");
    s->ticks[s->tick_n++] = (TickRef){v, p->line.number, p->tok[i].col};
    *out = v;
    return true;
}

static int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static bool parse_hex16(Parser *p, int i, uint64_t *out) {
    const Token *t = &p->tok[i];
    char b[64];
    uint64_t v = 0;
    bool ok = t->len == 16;
    for (size_t k = 0; ok && k < 16; k++) {
        char c = t->s[k];
        int d = hex_digit(c);
        if (d < 0) ok = false;
        else v = v << 4 | (uint64_t)d;
    }
    if (!ok) return fail_at(p, t->col, "expected a hash of exactly 16 hex digits, got '%s'", show(t, b, sizeof b));
    *out = v;
    return true;
}

static bool parse_button(Parser *p, int i, uint8_t *out) {
    char b[64];
    int bit = input_button_parse(p->tok[i].s, p->tok[i].len);
    if (!bit)
        return fail_at(p, p->tok[i].col, "unknown button '%s' (expected left, right, up, down, jump, fire or wiggle)",
                       show(&p->tok[i], b, sizeof b));
    *out = (uint8_t)bit;
    return true;
}

static bool add_event(Parser *p, int64_t tick, int phase, uint8_t bit, bool down) {
    Script *s = p->s;
    if (!PUSH(s, ev, ev_n, ev_cap)) return fail_at(p, 1, "out of memory");
    s->ev[s->ev_n] = (InputEvent){tick, phase, s->ev_n, bit, down};
    s->ev_n++;
    return true;
}

static bool looks_like_probe(const Token *t) {
    if (t->len == 0) return false;
    char c = t->s[0];
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
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
    c->op = (CmpOp)op;
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
    return true;
}

static bool add_check(Parser *p, CheckKind kind, int64_t a, int64_t b, int cond_at) {
    Check c;
    memset(&c, 0, sizeof c);
    c.kind = kind;
    c.a = a;
    c.b = b;
    c.line = p->line.number;
    c.col = p->tok[0].col;
    if (!parse_condition(p, cond_at, &c)) return false;
    Script *s = p->s;
    if (!PUSH(s, checks, check_n, check_cap)) return fail_at(p, 1, "out of memory");
    s->checks[s->check_n++] = c;
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
        if (!want_tokens(p, 4, "a button name (left right up down jump fire wiggle)")) return false;
        uint8_t bit = 0;
        if (!parse_button(p, 3, &bit)) return false;
        if (token_is(verb, "tap")) return add_event(p, t, 1, bit, true) && add_event(p, t + 1, 0, bit, false);
        return add_event(p, t, 1, bit, token_is(verb, "down"));
    }
    if (token_is(verb, "expect")) {
        if (!want_tokens(p, 6, "'PROBE OP VALUE' after 'expect'")) return false;
        return add_check(p, CHECK_EXPECT, t, t, 3);
    }
    if (token_is(verb, "checksum")) {
        if (!want_tokens(p, 4, "a hash of 16 hex digits after 'checksum'")) return false;
        uint64_t h;
        if (!parse_hex16(p, 3, &h)) return false;
        if (!PUSH(s, sums, sum_n, sum_cap)) return fail_at(p, 1, "out of memory");
        s->sums[s->sum_n++] = (Checksum){t, h, p->line.number, p->tok[0].col};
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
    FILE *f = fopen(cand, "rb");
    if (!f) return;
    fclose(f);
    memcpy(s->level_path, cand, strlen(cand) + 1);
}

static int cmp_event(const void *pa, const void *pb) {
    const InputEvent *a = pa, *b = pb;
    if (a->tick != b->tick) return a->tick < b->tick ? -1 : 1;
    if (a->phase != b->phase) return a->phase - b->phase;
    return a->seq - b->seq;
}

// Insertion sort of the expect indices by tick; stable, so file order
// breaks ties. (qsort is not stable and needs no globals this way.)
static void order_expects(Script *s) {
    for (int i = 1; i < s->expect_n; i++) {
        int v = s->expect_order[i], j = i - 1;
        while (j >= 0 && s->checks[s->expect_order[j]].a > s->checks[v].a) {
            s->expect_order[j + 1] = s->expect_order[j];
            j--;
        }
        s->expect_order[j + 1] = v;
    }
}

static bool parse_lines(Parser *p, const char *text, size_t len) {
    Script *s = p->s;
    TextReader rd;
    TextLine l;
    text_reader_init(&rd, text, len);
    bool header = false, have_end = false, have_seed = false;
    int last_line = 0;
    size_t last_len = 0;
    char b[64];
    while (text_next_line(&rd, &l)) {
        last_line = l.number;
        last_len = l.len;
        if (text_is_blank_or_comment(&l)) continue;
        p->line = l;
        p->ntok = text_tokens(&l, p->tok, 8);
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
            if (p->ntok > 3) return want_tokens(p, 3, "");
            if (p->tok[1].len >= sizeof s->level_given) return fail_at(p, p->tok[1].col, "level path too long");
            token_copy(&p->tok[1], s->level_given, sizeof s->level_given);
            s->level_line = l.number;
            s->level_col = p->tok[1].col;
            if (p->ntok == 3) {
                if (!parse_hex16(p, 2, &s->level_hash)) return false;
                s->has_level_hash = true;
            }
        } else if (token_is(k, "seed")) {
            if (have_seed) return fail_at(p, k->col, "'seed' given twice");
            if (!want_tokens(p, 2, "a seed 0..4294967295 after 'seed'")) return false;
            uint64_t v;
            if (!text_parse_u64(p->tok[1].s, p->tok[1].len, &v) || v > UINT32_MAX)
                return fail_at(p, p->tok[1].col, "expected a seed 0..4294967295, got '%s'",
                               show(&p->tok[1], b, sizeof b));
            s->seed = (uint32_t)v;
            s->has_seed = have_seed = true;
        } else if (token_is(k, "at")) {
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
            return fail_at(p, k->col, "unknown keyword '%s' (expected level, seed, at, always, sometime or end)",
                           show(k, b, sizeof b));
        }
    }
    // Errors about what is missing point just past the file's last line.
    TextLine eof = {text, last_len, last_line ? last_line : 1};
    p->line = eof;
    if (!header) return fail_at(p, 1, "expected 'bossrush-script 1' as the first line (the file has no header)");
    if (!s->level_line) return fail_at(p, (int)last_len + 1, "missing 'level PATH' line");
    if (!have_end) return fail_at(p, (int)last_len + 1, "missing 'end TICK' line");
    for (int i = 0; i < s->tick_n; i++) {
        const TickRef *t = &s->ticks[i];
        if (t->tick > s->end) {
            parse_error_set(p->err, s->path, t->line, t->col, "tick %" PRId64 " is after the end tick %" PRId64,
                            t->tick, s->end);
            return false;
        }
    }
    return true;
}

Script *script_parse(const char *text, size_t len, const char *path, ParseError *err) {
    Script *s = mem_alloc(1, sizeof *s);
    if (!s) {
        parse_error_set(err, path, 0, 0, "out of memory");
        return NULL;
    }
    snprintf(s->path, sizeof s->path, "%s", path ? path : "(script)");
    Parser p = {.s = s, .err = err};
    if (!parse_lines(&p, text, len)) {
        script_free(s);
        return NULL;
    }
    resolve_level(s);
    if (s->ev_n > 1) qsort(s->ev, (size_t)s->ev_n, sizeof *s->ev, cmp_event);
    for (int i = 0; i < s->check_n; i++) s->expect_n += s->checks[i].kind == CHECK_EXPECT;
    if (s->expect_n) {
        s->expect_order = mem_alloc((size_t)s->expect_n, sizeof *s->expect_order);
        if (!s->expect_order) {
            parse_error_set(err, s->path, 0, 0, "out of memory");
            script_free(s);
            return NULL;
        }
        int k = 0;
        for (int i = 0; i < s->check_n; i++)
            if (s->checks[i].kind == CHECK_EXPECT) s->expect_order[k++] = i;
        order_expects(s);
    }
    return s;
}

// Reads a whole file into a mem_alloc'd buffer. NULL + err on failure.
static char *read_file(const char *path, size_t *len, ParseError *err) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        parse_error_set(err, path, 0, 0, "cannot open: %s", strerror(errno));
        return NULL;
    }
    size_t cap = 1 << 16, n = 0;
    char *buf = mem_alloc(cap, 1);
    while (buf) {
        if (n == cap) {
            if (cap > ((size_t)1 << 30)) {
                mem_free(buf);
                fclose(f);
                parse_error_set(err, path, 0, 0, "file too large (over 1 GiB)");
                return NULL;
            }
            char *nb = mem_alloc(cap * 2, 1);
            if (nb) memcpy(nb, buf, n);
            mem_free(buf);
            buf = nb;
            cap *= 2;
            if (!buf) break;
        }
        errno = 0;
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0) break;
    }
    int why = errno;
    bool bad = ferror(f);
    fclose(f);
    if (!buf || bad) {
        mem_free(buf);
        if (buf) parse_error_set(err, path, 0, 0, "cannot read: %s", strerror(why ? why : EIO));
        else parse_error_set(err, path, 0, 0, "out of memory");
        return NULL;
    }
    *len = n;
    return buf;
}

Script *script_load(const char *path, ParseError *err) {
    size_t len = 0;
    char *text = read_file(path, &len, err);
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
    mem_free(s->ticks);
    mem_free(s->expect_order);
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

bool script_seed(const Script *s, uint32_t *out) {
    if (s->has_seed && out) *out = s->seed;
    return s->has_seed;
}

int64_t script_end_tick(const Script *s) { return s->end; }

// ---------------------------------------------------------------- running

struct ScriptRun {
    const Script *s;
    uint8_t held;
    int next_ev, next_expect, next_sum;
    bool *satisfied;           // per check: a sometime range held once
    double *last_value;        // per check: last value seen (for messages)
    uint64_t *actual;          // per checksum: hash seen (rebless)
    int64_t last_tick;
    bool rebless;
    bool failed;
    char msg[1024];
};

ScriptRun *script_run_new(const Script *s) {
    ScriptRun *r = mem_alloc(1, sizeof *r);
    if (!r) return NULL;
    r->s = s;
    r->last_tick = -1;
    r->satisfied = mem_alloc((size_t)s->check_n, sizeof *r->satisfied);
    r->last_value = mem_alloc((size_t)s->check_n, sizeof *r->last_value);
    r->actual = mem_alloc((size_t)s->sum_n, sizeof *r->actual);
    if (!r->satisfied || !r->last_value || !r->actual) {
        script_run_free(r);
        return NULL;
    }
    for (int i = 0; i < s->sum_n; i++) r->actual[i] = s->sums[i].hash;
    return r;
}

void script_run_free(ScriptRun *r) {
    if (!r) return;
    mem_free(r->satisfied);
    mem_free(r->last_value);
    mem_free(r->actual);
    mem_free(r);
}

void script_run_set_rebless(ScriptRun *r, bool on) { r->rebless = on; }

const char *script_run_message(const ScriptRun *r) { return r->msg; }

Input script_run_input(ScriptRun *r, int64_t tick) {
    const Script *s = r->s;
    while (r->next_ev < s->ev_n && s->ev[r->next_ev].tick <= tick) {
        const InputEvent *e = &s->ev[r->next_ev++];
        if (e->down) r->held |= e->bit;
        else r->held &= (uint8_t)~e->bit;
    }
    return (Input){r->held};
}

static bool compare(CmpOp op, double a, double b) {
    switch (op) {
    case OP_EQ: return a == b;
    case OP_NE: return a != b;
    case OP_LT: return a < b;
    case OP_LE: return a <= b;
    case OP_GT: return a > b;
    case OP_GE: return a >= b;
    }
    return false;
}

static bool eval(const Check *c, const World *w, double *lhs, double *rhs) {
    *lhs = c->probe->get(w);
    *rhs = c->rhs_probe ? c->rhs_probe->get(w) : c->rhs_value;
    return compare(c->op, *lhs, *rhs);
}

// "P OP V" as written.
static void describe(const Check *c, char *buf, size_t n) {
    snprintf(buf, n, "%s %s %s", c->probe->name, op_names[c->op], c->rhs_probe ? c->rhs_probe->name : c->rhs_text);
}

// "got X" or, comparing two probes, "got P = X, Q = Y".
static void describe_got(const Check *c, double lhs, double rhs, char *buf, size_t n) {
    char a[64], b[64];
    probe_format(c->probe, lhs, a, sizeof a);
    if (c->rhs_probe) {
        probe_format(c->rhs_probe, rhs, b, sizeof b);
        snprintf(buf, n, "got %s = %s, %s = %s", c->probe->name, a, c->rhs_probe->name, b);
    } else {
        snprintf(buf, n, "got %s", a);
    }
}

static bool fail_check(ScriptRun *r, const Check *c, int64_t tick, double lhs, double rhs) {
    char what[160], got[200];
    describe(c, what, sizeof what);
    describe_got(c, lhs, rhs, got, sizeof got);
    const char *path = r->s->path;
    if (c->kind == CHECK_ALWAYS)
        snprintf(r->msg, sizeof r->msg, "%s:%d:%d: tick %" PRId64 ": always %" PRId64 " %" PRId64 ": expected %s, %s",
                 path, c->line, c->col, tick, c->a, c->b, what, got);
    else
        snprintf(r->msg, sizeof r->msg, "%s:%d:%d: tick %" PRId64 ": expected %s, %s", path, c->line, c->col, tick,
                 what, got);
    r->failed = true;
    return false;
}

static bool fail_sometime(ScriptRun *r, const Check *c, bool seen) {
    char what[160], last[64];
    describe(c, what, sizeof what);
    if (seen) probe_format(c->probe, r->last_value[c - r->s->checks], last, sizeof last);
    snprintf(r->msg, sizeof r->msg, "%s:%d:%d: tick %" PRId64 ": sometime %" PRId64 " %" PRId64 ": %s never held%s%s%s",
             r->s->path, c->line, c->col, c->b, c->a, c->b, what,
             seen ? " (last " : " (the run stopped before the range)", seen ? last : "", seen ? ")" : "");
    r->failed = true;
    return false;
}

bool script_run_check(ScriptRun *r, const World *w) {
    if (r->failed) return false;
    const Script *s = r->s;
    int64_t t = w->tick;
    r->last_tick = t;
    bool hashed = false;
    uint64_t h = 0;
    while (r->next_sum < s->sum_n && s->sums[r->next_sum].tick <= t) {
        int i = r->next_sum++;
        const Checksum *c = &s->sums[i];
        if (c->tick != t) continue;            // the caller skipped ticks
        if (!hashed) h = world_hash(w), hashed = true;
        r->actual[i] = h;
        if (!r->rebless && h != c->hash) {
            snprintf(r->msg, sizeof r->msg, "%s:%d:%d: replay desync at tick %" PRId64 ": checksum expected %016" PRIx64
                     ", got %016" PRIx64, s->path, c->line, c->col, t, c->hash, h);
            r->failed = true;
            return false;
        }
    }
    if (r->rebless) return true;
    double lhs, rhs;
    while (r->next_expect < s->expect_n && s->checks[s->expect_order[r->next_expect]].a <= t) {
        const Check *c = &s->checks[s->expect_order[r->next_expect++]];
        if (c->a != t) continue;
        if (!eval(c, w, &lhs, &rhs)) return fail_check(r, c, t, lhs, rhs);
    }
    for (int i = 0; i < s->check_n; i++) {
        const Check *c = &s->checks[i];
        if (c->kind == CHECK_ALWAYS && c->a <= t && t <= c->b && !eval(c, w, &lhs, &rhs))
            return fail_check(r, c, t, lhs, rhs);
    }
    for (int i = 0; i < s->check_n; i++) {
        const Check *c = &s->checks[i];
        if (c->kind != CHECK_SOMETIME || r->satisfied[i] || t < c->a || t > c->b) continue;
        r->satisfied[i] = eval(c, w, &lhs, &rhs);
        r->last_value[i] = lhs;
        if (!r->satisfied[i] && t == c->b) return fail_sometime(r, c, true);
    }
    return true;
}

bool script_run_finish(ScriptRun *r) {
    if (r->failed) return false;
    if (r->rebless) return true;
    const Script *s = r->s;
    for (int i = 0; i < s->check_n; i++) {
        const Check *c = &s->checks[i];
        if (c->kind == CHECK_SOMETIME && !r->satisfied[i]) return fail_sometime(r, c, r->last_tick >= c->a);
        if (c->kind == CHECK_EXPECT && c->a > r->last_tick) {
            snprintf(r->msg, sizeof r->msg,
                     "%s:%d:%d: tick %" PRId64 " was never reached (the run stopped at tick %" PRId64 ")", s->path,
                     c->line, c->col, c->a, r->last_tick);
            r->failed = true;
            return false;
        }
    }
    return true;
}

// ---------------------------------------------------------------- rebless

typedef struct Buf {
    char *p;
    size_t len, cap;
    bool oom;
} Buf;

static void buf_put(Buf *b, const char *s, size_t n) {
    if (b->oom) return;
    if (b->len + n + 1 > b->cap) {
        size_t nc = b->cap ? b->cap : 4096;
        while (nc < b->len + n + 1) nc *= 2;
        char *np = mem_alloc(nc, 1);
        if (!np) {
            b->oom = true;
            return;
        }
        if (b->p) memcpy(np, b->p, b->len);
        mem_free(b->p);
        b->p = np;
        b->cap = nc;
    }
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = 0;
}

static void buf_puts(Buf *b, const char *s) { buf_put(b, s, strlen(s)); }

char *script_rebless_text(const Script *s, const ScriptRun *r, const char *text, size_t len, uint64_t level_hash,
                          size_t *out_len) {
    Buf b = {0};
    TextReader rd;
    TextLine l;
    text_reader_init(&rd, text, len);
    if (rd.pos) buf_put(&b, text, rd.pos);       // keep the BOM
    int next_sum = 0;
    // Checksums are kept in file order, so line numbers come in sequence.
    while (text_next_line(&rd, &l)) {
        const char *eol = l.s + l.len;
        size_t eol_n = (size_t)((text + rd.pos) - eol);  // "\n", "\r\n" or nothing
        char line[1200];
        const char *out = NULL;
        if (l.number == s->level_line) {
            snprintf(line, sizeof line, "level %s %016" PRIx64, s->level_given, level_hash);
            out = line;
        } else if (next_sum < s->sum_n && s->sums[next_sum].line == l.number) {
            snprintf(line, sizeof line, "at %" PRId64 " checksum %016" PRIx64, s->sums[next_sum].tick,
                     r->actual[next_sum]);
            out = line;
            next_sum++;
        }
        if (out) buf_puts(&b, out);
        else buf_put(&b, l.s, l.len);
        buf_put(&b, eol, eol_n);
    }
    if (b.oom || !b.p) {
        if (!b.oom && !b.p) {                     // empty text
            b.p = mem_alloc(1, 1);
            if (b.p) {
                *out_len = 0;
                return b.p;
            }
        }
        mem_free(b.p);
        return NULL;
    }
    *out_len = b.len;
    return b.p;
}

// ---------------------------------------------------------------- recording

// Normalises a relative path textually: drops "." and "", folds "a/..".
static void path_normalise(const char *in, char *out, size_t n) {
    const char *part[256];
    size_t plen[256];
    int k = 0;
    bool abs = in[0] == '/';
    for (const char *p = in; *p && k < 256;) {
        while (*p == '/') p++;
        if (!*p) break;
        const char *e = strchr(p, '/');
        size_t l = e ? (size_t)(e - p) : strlen(p);
        if (l == 1 && p[0] == '.') {
        } else if (l == 2 && p[0] == '.' && p[1] == '.' && k > 0 &&
                   !(plen[k - 1] == 2 && !strncmp(part[k - 1], "..", 2))) {
            k--;
        } else {
            part[k] = p;
            plen[k++] = l;
        }
        p += l;
    }
    size_t o = 0;
    if (abs && o + 1 < n) out[o++] = '/';
    for (int i = 0; i < k; i++) {
        if (i && o + 1 < n) out[o++] = '/';
        for (size_t j = 0; j < plen[i] && o + 1 < n; j++) out[o++] = part[i][j];
    }
    out[o] = 0;
}

void script_level_path_for(const char *out_file, const char *level, char *buf, size_t n) {
    char lv[1100], dir[1100];
    path_normalise(level, lv, sizeof lv);
    const char *slash = strrchr(out_file, '/');
    snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - out_file) : 0, out_file);
    char nd[1100];
    path_normalise(dir, nd, sizeof nd);
    if (lv[0] != '/' && nd[0] != '/' && strncmp(nd, "..", 2) != 0) {
        // Strip the common leading folders, then climb out of the rest.
        const char *a = lv, *b = nd;
        while (*b) {
            const char *ea = strchr(a, '/'), *eb = strchr(b, '/');
            size_t la = ea ? (size_t)(ea - a) : strlen(a), lb = eb ? (size_t)(eb - b) : strlen(b);
            if (!ea || la != lb || strncmp(a, b, la) != 0) break;
            a = ea + 1;
            b = eb ? eb + 1 : b + lb;
        }
        size_t o = 0;
        buf[0] = 0;
        for (const char *p = b; *p;) {
            o += (size_t)snprintf(buf + o, o < n ? n - o : 0, "../");
            const char *e = strchr(p, '/');
            p = e ? e + 1 : p + strlen(p);
        }
        snprintf(buf + (o < n ? o : n - 1), o < n ? n - o : 1, "%s", a);
        return;
    }
    char *abs = realpath(level, NULL);
    snprintf(buf, n, "%s", abs ? abs : level);
    free(abs);
}

struct Recorder {
    char level[1024];
    uint64_t level_hash;
    bool has_seed;
    uint32_t seed;
    uint8_t held;
    int64_t last_tick;
    Buf body;
};

Recorder *recorder_new(const char *level_path, uint64_t level_hash) {
    Recorder *rec = mem_alloc(1, sizeof *rec);
    if (!rec) return NULL;
    snprintf(rec->level, sizeof rec->level, "%s", level_path ? level_path : "");
    rec->level_hash = level_hash;
    rec->last_tick = -1;
    return rec;
}

void recorder_set_seed(Recorder *rec, uint32_t seed) {
    rec->has_seed = true;
    rec->seed = seed;
}

int64_t recorder_ticks(const Recorder *rec) { return rec->last_tick + 1; }

void recorder_tick(Recorder *rec, const World *w, Input in) {
    int64_t t = w->tick;
    // A tick recorded twice keeps the first; past the format's limit the
    // recording ends (the file stays readable).
    if (t <= rec->last_tick || t < 0 || t > SCRIPT_MAX_TICK) return;
    char line[96];
    uint8_t now = in.buttons & (uint8_t)((1u << BTN_COUNT) - 1);
    uint8_t diff = now ^ rec->held;
    for (int bit = 0; bit < BTN_COUNT; bit++) {
        if (!(diff & (1u << bit))) continue;
        snprintf(line, sizeof line, "at %" PRId64 " %s %s\n", t, (now >> bit) & 1 ? "down" : "up",
                 input_button_name(bit));
        buf_puts(&rec->body, line);
    }
    rec->held = now;
    if (t % CHECKSUM_EVERY == 0) {
        snprintf(line, sizeof line, "at %" PRId64 " checksum %016" PRIx64 "\n", t, world_hash(w));
        buf_puts(&rec->body, line);
    }
    rec->last_tick = t;
}

bool recorder_save(Recorder *rec, const char *path, char *why, size_t why_n) {
    if (rec->last_tick < 0) {
        snprintf(why, why_n, "nothing to save: no tick was recorded");
        return false;
    }
    if (rec->body.oom) {
        snprintf(why, why_n, "out of memory while recording");
        return false;
    }
    if (!rec->level[0] || strpbrk(rec->level, " \t\r\n")) {
        snprintf(why, why_n, "the level path '%s' cannot be written in a replay (empty or has blanks)", rec->level);
        return false;
    }
    char tmp[1100];
    if (snprintf(tmp, sizeof tmp, "%s.tmp", path) >= (int)sizeof tmp) {
        snprintf(why, why_n, "%s: path too long", path);
        return false;
    }
    FILE *f = fopen(tmp, "wb");
    if (!f) {
        snprintf(why, why_n, "%s: cannot write: %s", tmp, strerror(errno));
        return false;
    }
    fprintf(f, "bossrush-script %d\n# recorded by bossrush; watch with: bossrush --replay FILE\n", SCRIPT_VERSION);
    fprintf(f, "level %s %016" PRIx64 "\n", rec->level, rec->level_hash);
    if (rec->has_seed) fprintf(f, "seed %" PRIu32 "\n", rec->seed);
    if (rec->body.len) fwrite(rec->body.p, 1, rec->body.len, f);
    fprintf(f, "end %" PRId64 "\n", rec->last_tick);
    bool ok = !ferror(f);
    ok = (fclose(f) == 0) && ok;
    if (!ok || rename(tmp, path) != 0) {
        snprintf(why, why_n, "%s: cannot write: %s", path, strerror(errno));
        remove(tmp);
        return false;
    }
    return true;
}

void recorder_free(Recorder *rec) {
    if (!rec) return;
    mem_free(rec->body.p);
    mem_free(rec);
}
