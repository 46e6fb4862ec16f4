// shrink.c -- shrinking a failing --explore run to a minimal replay (delta
// debugging over its button changes and its length), and the replay's text
// (see explore.h).
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "core/mem.h"
#include "core/textbuf.h"
#include "harness/explore.h"
#include "sim/input.h"
#include "sim/world.h"

typedef struct Shrink {
    const ExploreRules *rules;
    int rule;
    const SessionSetup *setup;
    int runs, budget;
    ExploreResult last;        // the latest failure of the accepted case
} Shrink;

// Runs cand; true when it still breaks the same rule.
static bool still_fails(Shrink *sh, const ExploreCase *cand, ExploreResult *res) {
    sh->runs++;
    explore_run(cand, sh->rules, sh->rule, sh->setup, res);
    return res->rc == 1 && res->rule == sh->rule;
}

// The case ends at the tick its rule broke: later changes go.
static void cut(ExploreCase *c, int64_t tick) {
    c->end = tick;
    while (c->n > 0 && c->ev[c->n - 1].tick > tick) c->n--;
}

// Takes cand (its events in buf) as the case.
static void accept(Shrink *sh, ExploreCase *c, const ExploreCase *cand, const ExploreResult *res) {
    memcpy(c->ev, cand->ev, (size_t)cand->n * sizeof *c->ev);
    c->n = cand->n;
    cut(c, res->tick);
    sh->last = *res;
}

// Stable insertion of ev[i] at its tick's place (after the events of the same tick before it).
static void resort(ExploreEvent *ev, int n, int i) {
    ExploreEvent e = ev[i];
    while (i > 0 && ev[i - 1].tick > e.tick) {
        ev[i] = ev[i - 1];
        i--;
    }
    while (i + 1 < n && ev[i + 1].tick < e.tick) {
        ev[i] = ev[i + 1];
        i++;
    }
    ev[i] = e;
}

// Drops chunks of changes (ddmin's complements): halves, then quarters ...
// down to single changes. True when anything went.
static bool drop_changes(Shrink *sh, ExploreCase *c, ExploreEvent *buf) {
    bool any = false;
    int gran = 2;
    ExploreResult res;
    while (c->n > 0 && sh->runs < sh->budget) {
        if (gran > c->n) gran = c->n;
        int chunk = (c->n + gran - 1) / gran;
        bool removed = false;
        for (int start = 0; start < c->n && sh->runs < sh->budget; start += chunk) {
            int stop = start + chunk < c->n ? start + chunk : c->n;
            ExploreCase cand = *c;
            cand.ev = buf;
            memcpy(buf, c->ev, (size_t)start * sizeof *buf);
            memcpy(buf + start, c->ev + stop, (size_t)(c->n - stop) * sizeof *buf);
            cand.n = c->n - (stop - start);
            if (still_fails(sh, &cand, &res)) {
                accept(sh, c, &cand, &res);
                removed = any = true;
                break;
            }
        }
        if (removed) gran = gran > 2 ? gran - 1 : 2;
        else if (chunk == 1) break;
        else gran *= 2;
    }
    return any;
}

// Moves each change as early as it can go (tick 0, a quarter, a half or
// three quarters of the way, or one tick) while the rule still breaks.
static bool move_earlier(Shrink *sh, ExploreCase *c, ExploreEvent *buf) {
    bool any = false;
    ExploreResult res;
    for (int i = 0; i < c->n && sh->runs < sh->budget; i++) {
        int64_t t = c->ev[i].tick;
        int64_t tries[5] = {0, t / 4, t / 2, t * 3 / 4, t - 1};
        for (int k = 0; k < 5 && sh->runs < sh->budget; k++) {
            if (tries[k] < 0 || tries[k] >= t || (k > 0 && tries[k] == tries[k - 1])) continue;
            ExploreCase cand = *c;
            cand.ev = buf;
            memcpy(buf, c->ev, (size_t)c->n * sizeof *buf);
            buf[i].tick = tries[k];
            resort(buf, c->n, i);
            if (still_fails(sh, &cand, &res)) {
                accept(sh, c, &cand, &res);
                any = true;
                break;
            }
        }
    }
    return any;
}

int explore_shrink(ExploreCase *c, const ExploreRules *rules, int rule, const SessionSetup *setup, int budget,
                   ExploreResult *res) {
    Shrink sh = {rules, rule, setup, 0, budget, {0}};
    if (!still_fails(&sh, c, &sh.last)) {
        *res = sh.last;
        return sh.runs;
    }
    cut(c, sh.last.tick);
    ExploreEvent *buf = mem_alloc(c->n ? (size_t)c->n : 1, sizeof *buf);
    if (buf) {
        bool changed = true;
        while (changed && sh.runs < sh.budget) {
            changed = drop_changes(&sh, c, buf);
            changed |= move_earlier(&sh, c, buf);
        }
        mem_free(buf);
    }
    // The shrunk case's own failure (its message names its own range).
    ExploreResult last;
    if (still_fails(&sh, c, &last)) sh.last = last;
    *res = sh.last;
    return sh.runs;
}

char *explore_replay_text(const ExploreCase *c, const ExploreRule *rule, const char *level_in_file,
                          uint64_t level_hash, uint64_t legs_hash, const char *comment, size_t *len) {
    TextBuf b = {0};
    char line[1400], q[1100];
    text_quote(level_in_file, q, sizeof q);
    textbuf_puts(&b, "bossrush-script 1\n");
    if (comment && *comment) {
        textbuf_puts(&b, "# ");
        textbuf_puts(&b, comment);
        textbuf_puts(&b, "\n");
    }
    snprintf(line, sizeof line, "level %s %016" PRIx64 " legs=%016" PRIx64 "\nseed %" PRIu32 "\ndifficulty %s\n", q,
             level_hash, legs_hash, c->seed, difficulty_name((Difficulty)c->difficulty));
    textbuf_puts(&b, line);
    for (int i = 0; i < c->n; i++) {
        snprintf(line, sizeof line, "at %" PRId64 " %s %s\n", c->ev[i].tick, c->ev[i].down ? "down" : "up",
                 input_button_name(c->ev[i].bit));
        textbuf_puts(&b, line);
    }
    int64_t a = rule->a < c->end ? rule->a : c->end, e = rule->b < c->end ? rule->b : c->end;
    snprintf(line, sizeof line, "always %" PRId64 " %" PRId64 " %s\nend %" PRId64 "\n", a, e, rule->text, c->end);
    textbuf_puts(&b, line);
    if (b.oom) {
        textbuf_free(&b);
        return NULL;
    }
    *len = b.len;
    return b.p;
}
