// script_run.c -- runs a parsed script tick by tick: feeds its inputs,
// checks expectations and checksums after each tick, and rewrites a
// replay's checksums for `--rebless`.
#include "harness/script.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "core/mem.h"
#include "core/textbuf.h"
#include "harness/script_local.h"
#include "sim/world.h"

// ---------------------------------------------------------------- running

ScriptRun *script_run_new(const Script *s) {
    ScriptRun *r = mem_alloc(1, sizeof *r);
    if (!r) return NULL;
    r->s = s;
    r->last_tick = -1;
    r->open = mem_alloc((size_t)s->range_n, sizeof *r->open);
    r->some = mem_alloc((size_t)s->some_n, sizeof *r->some);
    r->actual = mem_alloc((size_t)s->sum_n, sizeof *r->actual);
    if ((s->range_n && !r->open) || (s->some_n && !r->some) || (s->sum_n && !r->actual)) {
        script_run_free(r);
        return NULL;
    }
    for (int i = 0; i < s->sum_n; i++) r->actual[i] = s->sums[i].hash;
    for (int i = 0; i < SCRIPT_PROBE_SLOTS; i++) r->read_at[i] = -1;
    return r;
}

void script_run_free(ScriptRun *r) {
    if (!r) return;
    mem_free(r->open);
    mem_free(r->some);
    mem_free(r->actual);
    mem_free(r->actual_subs);
    mem_free(r);
}

void script_run_set_rebless(ScriptRun *r, bool on) { r->rebless = on; }

static bool same_check(const Check *x, const Check *y) {
    return x->a == y->a && x->b == y->b && x->kind == y->kind && x->op == y->op && x->slot == y->slot &&
           x->probe == y->probe && x->rhs_probe == y->rhs_probe && x->probe_slot == y->probe_slot &&
           x->rhs_slot == y->rhs_slot && (x->rhs_probe || x->rhs_value == y->rhs_value);
}

bool script_same_checks(const Script *a, const Script *b) {
    if (a->check_n != b->check_n || a->sum_n != b->sum_n || a->range_n != b->range_n || a->some_n != b->some_n ||
        a->expect_n != b->expect_n || a->probe_n != b->probe_n)
        return false;
    for (int i = 0; i < a->check_n; i++)
        if (!same_check(&a->checks[i], &b->checks[i])) return false;
    for (int i = 0; i < a->sum_n; i++)
        if (a->sums[i].tick != b->sums[i].tick || a->sums[i].hash != b->sums[i].hash) return false;
    return true;
}

ScriptRun *script_run_clone(const ScriptRun *r, const Script *s) {
    ScriptRun *c = script_run_new(s);
    if (!c) return NULL;
    int32_t *open = c->open;
    SomeState *some = c->some;
    uint64_t *actual = c->actual;
    if (s->range_n) memcpy(open, r->open, (size_t)s->range_n * sizeof *open);
    if (s->some_n) memcpy(some, r->some, (size_t)s->some_n * sizeof *some);
    if (s->sum_n) memcpy(actual, r->actual, (size_t)s->sum_n * sizeof *actual);
    *c = *r;
    c->s = s;
    c->open = open;
    c->some = some;
    c->actual = actual;
    c->actual_subs = NULL;             // rebless only
    c->actual_sub_n = 0;
    // The buttons: s's own, up to the last tick checked.
    c->held = 0;
    c->next_ev = 0;
    if (c->last_tick >= 0) script_run_input(c, c->last_tick);
    return c;
}

bool script_run_failed(const ScriptRun *r) { return r->failed; }

int64_t script_run_last_tick(const ScriptRun *r) { return r->last_tick; }

const char *script_run_message(const ScriptRun *r) { return r->msg; }

Input script_run_input(ScriptRun *r, int64_t tick) {
    const Script *s = r->s;
    while (r->next_ev < s->ev_n && s->ev[r->next_ev].tick <= tick) {
        const InputEvent *e = &s->ev[r->next_ev++];
        if (e->down) r->held |= e->bit;
        else r->held &= (uint16_t)~e->bit;
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

// A probe's value after this tick, read from the World at most once a tick
// (a creature's probes walk all its segments: a thousand checks of them
// must not walk them a thousand times).
static double probe_value(ScriptRun *r, int slot, const World *w) {
    if (r->read_at[slot] != w->tick) {
        r->value[slot] = r->s->probes[slot]->get(w);
        r->read_at[slot] = w->tick;
    }
    return r->value[slot];
}

static bool eval(ScriptRun *r, const Check *c, const World *w, double *lhs, double *rhs) {
    *lhs = probe_value(r, c->probe_slot, w);
    *rhs = c->rhs_slot >= 0 ? probe_value(r, c->rhs_slot, w) : c->rhs_value;
    return compare((CmpOp)c->op, *lhs, *rhs);
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
        snprintf(r->msg, sizeof r->msg, "%s:%d:%d: tick %" PRId64 ": always %" PRId32 " %" PRId32 ": expected %s, %s",
                 path, (int)c->line, (int)c->col, tick, c->a, c->b, what, got);
    else
        snprintf(r->msg, sizeof r->msg, "%s:%d:%d: tick %" PRId64 ": expected %s, %s", path, (int)c->line,
                 (int)c->col, tick, what, got);
    r->failed = true;
    return false;
}

static bool fail_sometime(ScriptRun *r, const Check *c, bool seen) {
    char what[160], last[64];
    describe(c, what, sizeof what);
    if (seen) probe_format(c->probe, r->some[c->slot].last_value, last, sizeof last);
    snprintf(r->msg, sizeof r->msg, "%s:%d:%d: tick %" PRId32 ": sometime %" PRId32 " %" PRId32 ": %s never held%s%s%s",
             r->s->path, (int)c->line, (int)c->col, c->b, c->a, c->b, what,
             seen ? " (last " : " (the run stopped before the range)", seen ? last : "", seen ? ")" : "");
    r->failed = true;
    return false;
}

// A checksum that differs: with per-subsystem hashes, which subsystems
// diverged; without them (older replays), or when every recorded one still
// agrees, the two full hashes.
static void desync_message(ScriptRun *r, const Checksum *c, const World *w, uint64_t got) {
    const Script *s = r->s;
    if (c->sub_n) {
        SubsysHash now[SUBSYS_MAX];
        int n = subsys_hashes(w, now);
        char what[400];            // cut short only for dozens of creatures
        if (subsys_compare(s->subs + c->sub_at, c->sub_n, now, n, what, sizeof what)) {
            snprintf(r->msg, sizeof r->msg, "%s:%d:%d: tick %" PRId64 ": %s", s->path, c->line, c->col, c->tick,
                     what);
            return;
        }
    }
    snprintf(r->msg, sizeof r->msg,
             "%s:%d:%d: replay desync at tick %" PRId64 ": checksum expected %016" PRIx64 ", got %016" PRIx64, s->path,
             c->line, c->col, c->tick, c->hash, got);
}

// Rebless: the World's subsystem hashes at checksum i, for a line that had
// them (script_rebless_text writes them back). False on no memory.
static bool keep_subsystems(ScriptRun *r, int i, const World *w) {
    if (!r->actual_subs) {
        r->actual_subs = mem_alloc((size_t)r->s->sum_n * SUBSYS_MAX, sizeof *r->actual_subs);
        if (!r->actual_subs) return false;
    }
    SubsysHash now[SUBSYS_MAX];
    r->actual_sub_n = subsys_hashes(w, now);
    memcpy(r->actual_subs + (size_t)i * SUBSYS_MAX, now, sizeof now);
    return true;
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
        if (r->rebless && c->sub_n && !keep_subsystems(r, i, w)) {
            snprintf(r->msg, sizeof r->msg, "bossrush: out of memory");
            r->failed = true;
            return false;
        }
        if (!r->rebless && h != c->hash) {
            desync_message(r, c, w, h);
            r->failed = true;
            return false;
        }
    }
    if (r->rebless) return true;
    double lhs, rhs;
    while (r->next_expect < s->expect_n && s->expects[r->next_expect].tick <= t) {
        const Check *c = &s->checks[s->expects[r->next_expect++].check];
        if (c->a != t) continue;
        if (!eval(r, c, w, &lhs, &rhs)) return fail_check(r, c, t, lhs, rhs);
    }
    // Open the ranges that start by now (a skipped tick opens them late).
    while (r->next_range < s->range_n && s->ranges[r->next_range].tick <= t)
        r->open[r->open_n++] = s->ranges[r->next_range++].check;
    // Always ranges first, then sometime ranges, each in file order: the
    // failure reported is the first in the file among those of its kind.
    const Check *bad = NULL;
    double bad_lhs = 0, bad_rhs = 0;
    for (int k = 0; k < r->open_n; k++) {
        const Check *c = &s->checks[r->open[k]];
        if (c->kind != CHECK_ALWAYS || t < c->a || t > c->b || (bad && bad < c)) continue;
        if (!eval(r, c, w, &lhs, &rhs)) bad = c, bad_lhs = lhs, bad_rhs = rhs;
    }
    if (bad) return fail_check(r, bad, t, bad_lhs, bad_rhs);
    for (int k = 0; k < r->open_n; k++) {
        const Check *c = &s->checks[r->open[k]];
        if (c->kind != CHECK_SOMETIME || t < c->a || t > c->b) continue;
        SomeState *st = &r->some[c->slot];
        st->satisfied = eval(r, c, w, &lhs, &rhs);
        st->last_value = lhs;
        if (!st->satisfied && t == c->b && (!bad || c < bad)) bad = c;
    }
    if (bad) return fail_sometime(r, bad, true);
    // Close what is done: ranges past their last tick, sometime ranges
    // that held (they never need evaluating again).
    int kept = 0;
    for (int k = 0; k < r->open_n; k++) {
        const Check *c = &s->checks[r->open[k]];
        bool done = t >= c->b || (c->kind == CHECK_SOMETIME && r->some[c->slot].satisfied);
        if (!done) r->open[kept++] = r->open[k];
    }
    r->open_n = kept;
    return true;
}

bool script_run_finish(ScriptRun *r) {
    if (r->failed) return false;
    if (r->rebless) return true;
    const Script *s = r->s;
    for (int i = 0; i < s->check_n; i++) {
        const Check *c = &s->checks[i];
        if (c->kind == CHECK_SOMETIME && !r->some[c->slot].satisfied) return fail_sometime(r, c, r->last_tick >= c->a);
        if (c->kind == CHECK_EXPECT && c->a > r->last_tick) {
            snprintf(r->msg, sizeof r->msg,
                     "%s:%d:%d: tick %" PRId32 " was never reached (the run stopped at tick %" PRId64 ")", s->path,
                     (int)c->line, (int)c->col, c->a, r->last_tick);
            r->failed = true;
            return false;
        }
    }
    return true;
}

// ---------------------------------------------------------------- rebless

char *script_rebless_text(const Script *s, const ScriptRun *r, const char *text, size_t len, uint64_t level_hash,
                          uint64_t legs_hash, size_t *out_len) {
    TextBuf b = {0};
    TextReader rd;
    TextLine l;
    text_reader_init(&rd, text, len);
    if (rd.pos) textbuf_put(&b, text, rd.pos);       // keep the BOM
    int next_sum = 0;
    // Checksums are kept in file order, so line numbers come in sequence.
    while (text_next_line(&rd, &l)) {
        const char *eol = l.s + l.len;
        size_t eol_n = (size_t)((text + rd.pos) - eol);  // "\n", "\r\n" or nothing
        char line[4200 + SUBSYS_FORMAT_MAX];
        const char *out = NULL;
        if (l.number == s->level_line) {
            // A recording from before the legs= token (a level hash, no
            // legs=) keeps that form and still loads as old replays do; any
            // other file gets both hashes. The path is written as the
            // format quotes it (text_quote), so blanks survive.
            char path[4100];
            text_quote(s->level_given, path, sizeof path);
            if (s->has_legs_hash || !s->has_level_hash)
                snprintf(line, sizeof line, "level %s %016" PRIx64 " legs=%016" PRIx64, path, level_hash, legs_hash);
            else snprintf(line, sizeof line, "level %s %016" PRIx64, path, level_hash);
            out = line;
        } else if (next_sum < s->sum_n && s->sums[next_sum].line == l.number) {
            // A line with subsystem hashes gets the World's own, however
            // many it has now.
            int k = snprintf(line, sizeof line, "at %" PRId64 " checksum %016" PRIx64, s->sums[next_sum].tick,
                             r->actual[next_sum]);
            if (s->sums[next_sum].sub_n && r->actual_subs)
                subsys_format(r->actual_subs + (size_t)next_sum * SUBSYS_MAX, r->actual_sub_n, line + k,
                              sizeof line - (size_t)k);
            out = line;
            next_sum++;
        }
        if (out) textbuf_puts(&b, out);
        else textbuf_put(&b, l.s, l.len);
        textbuf_put(&b, eol, eol_n);
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
