// explore.c -- the invariant catalogue, the input policies and one run of
// --explore (see explore.h; shrinking and the replay text are in shrink.c).
#include "harness/explore.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/mem.h"
#include "core/rng.h"
#include "core/textbuf.h"
#include "harness/probes.h"
#include "harness/script.h"
#include "sim/input.h"
#include "sim/world.h"

// The rules the project's scripts and docs rely on, true in any arena under
// any input. A rule joins the catalogue when every probe it names is in the
// probe table (so the ones of probes still being written join as soon as
// they exist). The limits are the documented ones (docs/legs.md,
// docs/tetran.md, docs/tentacle.md, docs/whale.md, tests/invariants.h).
static const char *const catalogue[] = {
    // The legs: the 2-by-2 gait, counts, feet on the rock, no leg over the body.
    "player.groups_stepping <= 1",
    "player.legs >= 0",
    "player.legs <= 4",
    "player.legs_planted <= 4",
    "player.legs_stepping <= 4",
    "player.leg_extension >= 0",
    "player.leg_extension <= 1",
    "player.foot_gap <= 1",
    "player.leg_over_body <= 1",
    "player.feet_min_gap >= 0",
    // The body.
    "player.hp >= 0",
    "player.hp <= player.hp_max",
    "player.aim_x >= -1",
    "player.aim_x <= 1",
    "player.aim_y >= -1",
    "player.aim_y <= 1",
    "player.wiggle_gauge >= 0",
    "player.wiggle_gauge <= 100",
    "player.invuln >= 0",
    // Chains at their lengths (INVARIANT_LINK_PX), reach, bend limits.
    "tetran.link_error <= 0.000001",
    "tetran.reach_ratio <= 1.000001",
    "tetran.bend <= 0.5",
    "tentacle.link_error <= 0.000001",
    "tentacle.overreach <= 0.000001",
    "tentacle.reach <= tentacle.max_reach",
    "tentacle.bend <= 1 @playing",   // dead, the limbs hang limp with no bend limit (docs/tentacle.md)
    "tentacle.winding <= tentacle.count",
    "whale.link_error <= 0.000001",
    "whale.bend <= 1.5",
    "whale.self_gap >= 0",
    // Pools.
    "bullets.count >= 0",
    "stars.displaced <= stars.count",
};

// Probes whose start value bounds them for the whole run (nothing spawns).
static const char *const at_most_start[] = {
    "tetran.count", "tetran.arms", "tentacle.count", "whale.count", "turret.count",
};

// True when every probe name in the rule's text exists (a number or a
// symbol is not a probe name).
static bool probes_exist(const char *rule) {
    const char *p = rule;
    while (*p) {
        while (*p == ' ') p++;
        const char *q = p;
        while (*q && *q != ' ') q++;
        size_t n = (size_t)(q - p);
        if (n && memchr(p, '.', n) && ((p[0] >= 'a' && p[0] <= 'z') || (p[0] >= 'A' && p[0] <= 'Z')) &&
            !probe_find(p, n))
            return false;
        p = q;
    }
    return true;
}

#if defined(__GNUC__)
__attribute__((format(printf, 5, 6)))
#endif
static bool add_rule(ExploreRules *rs, int64_t a, int64_t b, const char *from, const char *fmt, ...);

static bool add_rule(ExploreRules *rs, int64_t a, int64_t b, const char *from, const char *fmt, ...) {
    if (rs->n == rs->cap) {
        int cap = rs->cap ? rs->cap * 2 : 64;
        ExploreRule *r = mem_alloc((size_t)cap, sizeof *r);
        if (!r) return false;
        if (rs->n) memcpy(r, rs->r, (size_t)rs->n * sizeof *r);
        mem_free(rs->r);
        rs->r = r;
        rs->cap = cap;
    }
    ExploreRule *r = &rs->r[rs->n++];
    memset(r, 0, sizeof *r);
    r->a = a;
    r->b = b;
    snprintf(r->from, sizeof r->from, "%s", from);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->text, sizeof r->text, fmt, ap);
    va_end(ap);
    return true;
}

bool explore_catalogue(const Session *s, int64_t last, ExploreRules *out) {
    const World *w = session_world(s);
    bool ok = true;
    for (size_t i = 0; i < sizeof catalogue / sizeof catalogue[0]; i++) {
        const char *at = strstr(catalogue[i], " @playing");
        int n = at ? (int)(at - catalogue[i]) : (int)strlen(catalogue[i]);
        char rule[160];
        snprintf(rule, sizeof rule, "%.*s", n, catalogue[i]);
        if (!probes_exist(rule)) continue;
        ok &= add_rule(out, 0, last, at ? "catalogue, while playing" : "catalogue", "%s", rule);
        if (ok && at) out->r[out->n - 1].playing = true;
    }
    // No non-finite probe: NaN is unequal to itself, an infinity beyond the
    // largest double.
    for (int i = 0; i < probe_count(); i++) {
        const ProbeDef *p = probe_at(i);
        if (p->kind != PROBE_NUMBER) continue;
        ok &= add_rule(out, 0, last, "catalogue", "%s == %s", p->name, p->name);
        ok &= add_rule(out, 0, last, "catalogue", "%s <= 1.7976931348623157e308", p->name);
        ok &= add_rule(out, 0, last, "catalogue", "%s >= -1.7976931348623157e308", p->name);
    }
    // Counts within their pools.
    ok &= add_rule(out, 0, last, "catalogue", "bullets.count <= %d", w->bullets.cap);
    for (size_t i = 0; i < sizeof at_most_start / sizeof at_most_start[0]; i++) {
        const ProbeDef *p = probe_find(at_most_start[i], strlen(at_most_start[i]));
        if (!p) continue;
        char v[64];
        probe_format_number(p->get(w), v, sizeof v);
        ok &= add_rule(out, 0, last, "catalogue", "%s <= %s", p->name, v);
    }
    // The player inside the map.
    ok &= add_rule(out, 0, last, "catalogue", "player.x >= 0");
    ok &= add_rule(out, 0, last, "catalogue", "player.y >= 0");
    ok &= add_rule(out, 0, last, "catalogue", "player.x <= %d", w->map.w * w->map.tile);
    ok &= add_rule(out, 0, last, "catalogue", "player.y <= %d", w->map.h * w->map.tile);
    return ok;
}

// A script that holds only the rules (end `last`), for the parser to check
// and the runner to run. mem_alloc'd.
static char *rules_script(const ExploreRules *rs, int only, bool playing, int64_t last, const char *level,
                          size_t *len) {
    TextBuf b = {0};
    char line[1300], q[1100];
    text_quote(level, q, sizeof q);
    snprintf(line, sizeof line, "bossrush-script 1\nlevel %s\nend %" PRId64 "\n", q, last);
    textbuf_puts(&b, line);
    for (int i = 0; i < rs->n; i++) {
        const ExploreRule *r = &rs->r[i];
        // One line per rule in every case, so line i + 4 is rule i.
        if ((only >= 0 && i != only) || r->a > last || r->playing != playing) {
            textbuf_puts(&b, "#\n");
            continue;
        }
        snprintf(line, sizeof line, "always %" PRId64 " %" PRId64 " %s\n", r->a, r->b < last ? r->b : last, r->text);
        textbuf_puts(&b, line);
    }
    if (b.oom) {
        textbuf_free(&b);
        return NULL;
    }
    *len = b.len;
    return b.p;
}

bool explore_add_invariants(const char *path, int64_t last, ExploreRules *rules, ParseError *err) {
    size_t len = 0;
    char *text = text_read_file(path, SCRIPT_MAX_FILE_BYTES, "invariants", &len, err);
    if (!text) return false;
    TextReader rd;
    text_reader_init(&rd, text, len);
    TextLine l;
    bool ok = true;
    while (ok && text_next_line(&rd, &l)) {
        if (text_is_blank_or_comment(&l)) continue;
        Token t[8];
        int n = text_tokens(&l, t, 8);
        // Checked by the script parser itself, on a script of that line
        // alone (its own line number, the same columns).
        char probe[700];
        snprintf(probe, sizeof probe, "bossrush-script 1\nlevel x\nend %d\n%.*s\n", SCRIPT_MAX_TICK, (int)l.len, l.s);
        ParseError pe;
        memset(&pe, 0, sizeof pe);
        Script *s = l.len < 600 ? script_parse(probe, strlen(probe), path, &pe) : NULL;
        if (!s || n < 1 || !token_is(&t[0], "always")) {
            int col = s || n < 1 ? 1 : pe.col;
            parse_error_set(err, path, l.number, col, "%s",
                            !s && l.len < 600 ? pe.msg : "expected an 'always A B PROBE OP VALUE' line");
            ok = false;
        } else {
            int64_t a = 0, b = 0;
            text_parse_i64(t[1].s, t[1].len, &a);
            text_parse_i64(t[2].s, t[2].len, &b);
            const char *rest = t[3].s;
            char from[64];
            snprintf(from, sizeof from, "%.40s:%d", path, l.number);
            if (a <= last) ok = add_rule(rules, a, b < last ? b : last, from, "%.*s", (int)(l.s + l.len - rest), rest);
            if (!ok) parse_error_set(err, path, l.number, 1, "out of memory");
        }
        script_free(s);
    }
    mem_free(text);
    return ok;
}

void explore_rules_free(ExploreRules *rules) {
    mem_free(rules->r);
    memset(rules, 0, sizeof *rules);
}

// ---------------------------------------------------------------- policies

enum { B_L = BTN_LEFT, B_R = BTN_RIGHT, B_U = BTN_UP, B_D = BTN_DOWN, B_J = BTN_JUMP, B_F = BTN_FIRE,
       B_W = BTN_WIGGLE, B_K = BTN_LOCK, B_X = BTN_DASH };

// The buttons of ticks t0..t1-1 for one behaviour.
static void behave(Rng *r, uint16_t *mask, int64_t t0, int64_t t1) {
    uint16_t dir = rng_below(r, 2) ? B_L : B_R;
    uint16_t aim = (uint16_t)(rng_below(r, 2) ? B_U : 0);
    uint32_t kind = rng_below(r, 10);
    uint32_t every = 4 + rng_below(r, 30), hold = 1 + rng_below(r, 12);
    for (int64_t t = t0; t < t1; t++) {
        int64_t k = t - t0;
        bool beat = (uint32_t)(k % every) < hold;
        uint16_t m = 0;
        switch (kind) {
        case 0: m = 0; break;                                                   // standing still
        case 1: m = dir; break;                                                 // walking
        case 2: m = (uint16_t)(dir | (beat ? B_J : 0)); break;                 // jumping into walls
        case 3: m = (uint16_t)(dir | B_U | (beat ? B_J : 0)); break;           // climbing
        case 4: m = (uint16_t)(dir | (k % every == 0 ? B_X : 0)); break;       // dashing
        case 5: m = (uint16_t)(B_F | aim | (beat ? dir : 0)); break;           // firing with aim
        case 6: m = (uint16_t)(B_W | (beat ? B_F : 0)); break;                 // wiggling
        case 7: m = (uint16_t)(B_K | B_F | dir | aim); break;                  // locked, aiming
        case 8: m = (uint16_t)(B_D | dir | (beat ? B_J : 0)); break;           // down, dropping
        default: m = (uint16_t)(k % every == 0 ? rng_below(r, 1u << BTN_COUNT) : (t > t0 ? mask[t - 1] : 0));
        }
        mask[t] = m;
    }
}

bool explore_policy(uint64_t seed, int64_t last, ExploreCase *c) {
    Rng r;
    rng_seed(&r, seed);
    int64_t n = last + 1;
    uint16_t *mask = mem_alloc((size_t)n, sizeof *mask);
    if (!mask) return false;
    for (int64_t t = 0; t < n;) {
        int64_t d = 10 + rng_below(&r, 111), e = t + d < n ? t + d : n;
        behave(&r, mask, t, e);
        t = e;
    }
    int count = 0;
    uint16_t prev = 0;
    for (int pass = 0; pass < 2; pass++) {
        prev = 0;
        int k = 0;
        for (int64_t t = 0; t < n; t++) {
            uint16_t diff = (uint16_t)(mask[t] ^ prev);
            for (int b = 0; b < BTN_COUNT; b++)
                if (diff & (1u << b)) {
                    if (pass) c->ev[k] = (ExploreEvent){t, (uint8_t)b, (mask[t] >> b) & 1};
                    k++;
                }
            prev = mask[t];
        }
        if (!pass) {
            count = k;
            c->ev = mem_alloc(count ? (size_t)count : 1, sizeof *c->ev);
            if (!c->ev) {
                mem_free(mask);
                return false;
            }
        }
    }
    c->n = count;
    c->end = last;
    mem_free(mask);
    return true;
}

void explore_case_free(ExploreCase *c) {
    mem_free(c->ev);
    c->ev = NULL;
    c->n = 0;
}

// ---------------------------------------------------------------- one run

void explore_run(const ExploreCase *c, const ExploreRules *rules, int only, const SessionSetup *setup,
                 ExploreResult *res) {
    memset(res, 0, sizeof *res);
    res->rule = -1;
    SessionSetup su = *setup;
    su.use_seed = true;
    su.seed = c->seed;
    su.difficulty = (Difficulty)c->difficulty;
    Session s;
    if (session_open_level(&s, c->level, &su)) {
        res->rc = session_rc(&s) ? session_rc(&s) : 2;
        snprintf(res->msg, sizeof res->msg, "%s", session_message(&s));
        session_close(&s);
        return;
    }
    // The rules checked after every tick, and those checked while the fight goes on.
    Script *sc[2] = {NULL, NULL};
    ScriptRun *run[2] = {NULL, NULL};
    bool built = true;
    for (int k = 0; k < 2 && built; k++) {
        size_t len = 0;
        char *text = rules_script(rules, only, k == 1, c->end, c->level, &len);
        ParseError err;
        memset(&err, 0, sizeof err);
        sc[k] = text ? script_parse(text, len, "explore", &err) : NULL;
        mem_free(text);
        run[k] = sc[k] ? script_run_new(sc[k]) : NULL;
        if (!run[k]) {
            res->rc = 2;
            if (sc[k]) snprintf(res->msg, sizeof res->msg, "out of memory");
            else parse_error_format(&err, res->msg, sizeof res->msg);
            built = false;
        }
    }
    uint16_t held = 0;
    int k = 0;
    while (built && session_tick(&s) < c->end) {
        int64_t t = session_tick(&s) + 1;
        for (; k < c->n && c->ev[k].tick <= t; k++) {
            uint16_t bit = (uint16_t)(1u << c->ev[k].bit);
            held = c->ev[k].down ? (uint16_t)(held | bit) : (uint16_t)(held & ~bit);
        }
        Input in = {held};
        session_step(&s, &in);
        res->ticks++;
        int bad = -1;
        if (!script_run_check(run[0], session_world(&s))) bad = 0;
        else if (session_world(&s)->state == GAME_PLAYING && !script_run_check(run[1], session_world(&s))) bad = 1;
        if (bad >= 0) {
            const char *m = script_run_message(run[bad]);
            int line = 0;
            if (!strncmp(m, "explore:", 8)) line = atoi(m + 8);
            res->rule = line - 4;
            if (res->rule < 0 || res->rule >= rules->n) res->rule = -1;
            const char *body = strstr(m, ": tick ");
            snprintf(res->msg, sizeof res->msg, "%s", body ? body + 2 : m);
            res->rc = 1;
            break;
        }
    }
    res->tick = session_tick(&s);
    for (int j = 0; j < 2; j++) {
        script_run_free(run[j]);
        script_free(sc[j]);
    }
    session_close(&s);
}
