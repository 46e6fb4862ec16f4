// cli_explore.c -- `bossrush --explore ARENA... [--invariants F] [--runs N]
// [--ticks T] [--seed S] [--jobs J] [--out DIR] [--list]` (docs/testing.md): seeded
// random runs of the arenas (run i plays arena i mod the count), every rule
// of the catalogue (harness/explore.h) checked after every tick, each
// failure shrunk to a minimal replay written to DIR (default `explore/`)
// through fs_write_atomic. Prints `explore: N runs, T ticks, F failures`,
// then each failure, whose last line is its reproduction command. Exit 0
// none found, 1 a violation found, 2 bad input.
#include <errno.h>
#include <inttypes.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"
#include "core/fs.h"
#include "core/log.h"
#include "core/mem.h"
#include "core/rng.h"
#include "core/textbuf.h"
#include "harness/explore.h"
#include "harness/script.h"

#define EXPLORE_SHRINK_BUDGET 300   // runs a failure's shrinking may make

typedef struct Arena {
    const char *path;
    ExploreRules rules;
    uint64_t level_hash, legs_hash;
} Arena;

typedef struct Explore {
    Arena *arenas;
    int n_arenas;
    const char *invariants, *out;
    int64_t runs, ticks;
    uint32_t seed;
    int jobs;
    bool list;                 // --list: print each arena's rules and stop
    SessionSetup setup;
} Explore;

#if defined(__GNUC__)
__attribute__((format(printf, 1, 2)))
#endif
static int bad(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "bossrush: ");
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\nTry 'bossrush --help' for usage.\n");
    return 2;
}

static bool number(const char *s, int64_t lo, int64_t hi, int64_t *out) {
    return s && text_parse_i64(s, strlen(s), out) && *out >= lo && *out <= hi;
}

static int parse(Explore *e, int argc, char **argv) {
    bool has_runs = false, has_ticks = false, has_seed = false;
    e->runs = 100;
    e->ticks = 3600;
    e->seed = 1;
    e->jobs = 1;
    e->out = "explore";
    e->arenas = calloc((size_t)argc, sizeof *e->arenas);
    if (!e->arenas) return bad("%s", "out of memory");
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *next = i + 1 < argc ? argv[i + 1] : NULL;
        int64_t v;
        if (!strcmp(a, "--explore")) continue;
        if (!strcmp(a, "--list")) {
            e->list = true;
            continue;
        }
        if (a[0] != '-') {
            e->arenas[e->n_arenas++].path = a;
            continue;
        }
        if (!strcmp(a, "--runs")) {
            if (has_runs || !number(next, 1, 100000000, &v)) return bad("--runs: expected 1..100000000 once, got '%s'", next ? next : "");
            e->runs = v, has_runs = true;
        } else if (!strcmp(a, "--ticks")) {
            if (has_ticks || !number(next, 1, SCRIPT_MAX_TICK, &v)) return bad("--ticks: expected 1..10000000 once, got '%s'", next ? next : "");
            e->ticks = v, has_ticks = true;
        } else if (!strcmp(a, "--seed")) {
            if (has_seed || !number(next, 0, UINT32_MAX, &v)) return bad("--seed: expected 0..4294967295 once, got '%s'", next ? next : "");
            e->seed = (uint32_t)v, has_seed = true;
        } else if (!strcmp(a, "--jobs")) {
            if (!number(next, 1, 256, &v)) return bad("--jobs: expected 1..256, got '%s'", next ? next : "");
            e->jobs = (int)v;
        } else if (!strcmp(a, "--invariants")) {
            if (!next || !*next || e->invariants) return bad("%s needs a file, once", a);
            e->invariants = next;
        } else if (!strcmp(a, "--out")) {
            if (!next || !*next) return bad("%s needs a folder", a);
            e->out = next;
        } else {
            return bad("--explore does not take '%s'", a);
        }
        i++;
    }
    if (!e->n_arenas) return bad("%s", "--explore needs at least one arena (.lvl or .tmj)");
    return -1;
}

// Opens every arena once: its catalogue (and the --invariants lines), its hashes.
static int prepare(Explore *e) {
    for (int k = 0; k < e->n_arenas; k++) {
        Arena *a = &e->arenas[k];
        Session s;
        int rc = session_open_level(&s, a->path, &e->setup);
        if (session_warning(&s)[0]) log_warn("%s", session_warning(&s));
        if (rc) {
            fprintf(stderr, "%s\n", session_message(&s));
            session_close(&s);
            return 2;
        }
        a->level_hash = session_level(&s)->hash;
        a->legs_hash = session_profiles_hash(&s);
        bool ok = explore_catalogue(&s, e->ticks - 1, &a->rules);
        session_close(&s);
        if (!ok) return bad("%s", "out of memory");
        ParseError err;
        memset(&err, 0, sizeof err);
        if (e->invariants && !explore_add_invariants(e->invariants, e->ticks - 1, &a->rules, &err)) {
            char msg[1400];
            parse_error_format(&err, msg, sizeof msg);
            fprintf(stderr, "%s\n", msg);
            return 2;
        }
    }
    return 0;
}

// Run i's arena, game seed, input seed and difficulty, all from --seed and i.
static void case_of(const Explore *e, int64_t i, ExploreCase *c, uint64_t *policy_seed) {
    Rng r;
    rng_seed(&r, ((uint64_t)e->seed << 32) ^ (uint64_t)i * 0x9e3779b97f4a7c15ull);
    memset(c, 0, sizeof *c);
    c->level = e->arenas[i % e->n_arenas].path;
    c->seed = (uint32_t)rng_next(&r);
    *policy_seed = rng_next(&r);
    c->difficulty = (int)rng_below(&r, DIFFICULTY_COUNT);
}

// The file name's last part without its extension, for the replay's name.
static void stem(const char *path, char *buf, size_t n) {
    const char *b = strrchr(path, '/');
    b = b ? b + 1 : path;
    const char *dot = strrchr(b, '.');
    size_t len = dot && dot > b ? (size_t)(dot - b) : strlen(b);
    if (len > 60) len = 60;
    snprintf(buf, n, "%.*s", (int)len, b);
}

// Shrinks run i's failure, writes its replay, checks it reproduces; the
// failure's lines into out. Returns 1, or 2 when the replay was not written.
static int report_failure(const Explore *e, int64_t i, ExploreCase *c, const ExploreResult *found, TextBuf *out) {
    const Arena *a = &e->arenas[i % e->n_arenas];
    const ExploreRule *rule = &a->rules.r[found->rule];
    int n0 = c->n;
    int64_t end0 = c->end;
    ExploreResult res;
    int runs = explore_shrink(c, &a->rules, found->rule, &e->setup, EXPLORE_SHRINK_BUDGET, &res);
    char line[2400], name[80], path[1200], level_in[1200], comment[600];
    snprintf(line, sizeof line, "FAIL %s run %" PRId64 " (seed %" PRIu32 ", %s): %s [%s]\n", a->path, i, c->seed,
             difficulty_name((Difficulty)c->difficulty), found->msg, rule->from);
    textbuf_puts(out, line);
    snprintf(line, sizeof line, "  shrunk in %d runs: %d -> %d input lines, ticks 0..%" PRId64 " -> 0..%" PRId64 ": %s\n",
             runs, n0, c->n, end0, c->end, res.msg);
    textbuf_puts(out, line);
    stem(a->path, name, sizeof name);
    snprintf(path, sizeof path, "%s/%s-s%" PRIu32 "-r%" PRId64 ".rpl", e->out, name, e->seed, i);
    script_level_path_for(path, a->path, level_in, sizeof level_in);
    snprintf(comment, sizeof comment,
             "found by bossrush --explore (run %" PRId64 " of --seed %" PRIu32 " --ticks %" PRId64 "), %s; shrunk from %d input lines",
             i, e->seed, e->ticks, rule->from, n0);
    size_t len = 0;
    char *text = explore_replay_text(c, rule, level_in, a->level_hash, a->legs_hash, comment, &len);
    int rc = 1;
    if (!text || !fs_make_dirs(e->out) || !fs_write_atomic(path, text, len)) {
        snprintf(line, sizeof line, "  bossrush: %s not written: %s\n", path, text ? fs_strerror(errno) : "out of memory");
        textbuf_puts(out, line);
        rc = 2;
    } else {
        // The replay must fail by itself, at the same rule.
        Session s;
        int got = session_open_script(&s, path, &e->setup);
        while (got == 0 && !session_done(&s))
            if (!session_step(&s, NULL)) got = session_rc(&s);
        if (got == 0) got = session_finish(&s);
        if (got != 1) {
            snprintf(line, sizeof line, "  warning: the replay exits %d, not 1: %s\n", got, session_message(&s));
            textbuf_puts(out, line);
        }
        session_close(&s);
        snprintf(line, sizeof line, "bossrush --replay %s --headless\n", path);
        textbuf_puts(out, line);
    }
    mem_free(text);
    return rc;
}

// Runs k, k + J, k + 2J ...: "T ticks rc\n", then per failure "F run len\n" and its text.
static void worker(const Explore *e, int k, int jobs, TextBuf *out) {
    int64_t ticks = 0;
    int worst = 0;
    TextBuf fails = {0};
    for (int64_t i = k; i < e->runs; i += jobs) {
        ExploreCase c;
        uint64_t ps;
        case_of(e, i, &c, &ps);
        ExploreResult res;
        if (!explore_policy(ps, e->ticks - 1, &c)) {
            worst = 2;
            break;
        }
        explore_run(&c, &e->arenas[i % e->n_arenas].rules, -1, &e->setup, &res);
        ticks += res.ticks;
        if (res.rc == 1 && res.rule >= 0) {
            TextBuf one = {0};
            int rc = report_failure(e, i, &c, &res, &one);
            if (rc > worst) worst = rc;
            char head[64];
            snprintf(head, sizeof head, "F %" PRId64 " %zu\n", i, one.len);
            textbuf_puts(&fails, head);
            if (one.len) textbuf_put(&fails, one.p, one.len);
            textbuf_free(&one);
        } else if (res.rc) {
            fprintf(stderr, "%s\n", res.msg);
            worst = 2;
        }
        explore_case_free(&c);
    }
    char head[64];
    snprintf(head, sizeof head, "T %" PRId64 " %d\n", ticks, worst);
    textbuf_puts(out, head);
    if (fails.len) textbuf_put(out, fails.p, fails.len);
    textbuf_free(&fails);
}

typedef struct Failure {
    int64_t run;
    const char *text;
    size_t len;
} Failure;

static int by_run(const void *a, const void *b) {
    int64_t x = ((const Failure *)a)->run, y = ((const Failure *)b)->run;
    return (x > y) - (x < y);
}

static void group(int64_t v, char *buf, size_t n) {
    char d[32];
    snprintf(d, sizeof d, "%" PRId64, v);
    size_t len = strlen(d), o = 0;
    for (size_t i = 0; i < len && o + 2 < n; i++) {
        if (i && (len - i) % 3 == 0) buf[o++] = ',';
        buf[o++] = d[i];
    }
    buf[o] = 0;
}

// Reads every worker's records (outs[k]) and prints the summary and the failures in run order.
static int summarize(const Explore *e, TextBuf *outs, int jobs) {
    int64_t ticks = 0;
    int worst = 0, nf = 0;
    // One record a failure: count the "F " headers first (no array as large as --runs).
    size_t cap = 1;
    for (int k = 0; k < jobs; k++)
        for (const char *p = outs[k].p; p && (p = strstr(p, "\nF ")); p++) cap++;
    Failure *f = calloc(cap, sizeof *f);
    if (!f) return bad("%s", "out of memory");
    for (int k = 0; k < jobs; k++) {
        const char *p = outs[k].p, *end = p ? p + outs[k].len : NULL;
        int64_t t = 0;
        int rc = 2;
        if (!p || sscanf(p, "T %" SCNd64 " %d", &t, &rc) != 2) {
            worst = 2;
            fprintf(stderr, "bossrush: --explore: worker %d died\n", k);
            continue;
        }
        ticks += t;
        if (rc > worst) worst = rc;
        p = strchr(p, '\n') + 1;
        while (p < end) {
            int64_t run;
            size_t len;
            if (sscanf(p, "F %" SCNd64 " %zu", &run, &len) != 2) break;
            p = strchr(p, '\n') + 1;
            if (len > (size_t)(end - p) || (size_t)nf >= cap) break;
            f[nf++] = (Failure){run, p, len};
            p += len;
        }
    }
    qsort(f, (size_t)nf, sizeof *f, by_run);
    char g[40];
    group(ticks, g, sizeof g);
    printf("explore: %" PRId64 " runs, %s ticks, %d failures\n", e->runs, g, nf);
    for (int i = 0; i < nf; i++) fwrite(f[i].text, 1, f[i].len, stdout);
    fflush(stdout);
    free(f);
    if (worst < 2 && nf) worst = 1;
    return worst;
}

// --list: every arena's rules, as the lines they are checked as.
static int list_rules(const Explore *e) {
    for (int k = 0; k < e->n_arenas; k++) {
        const Arena *a = &e->arenas[k];
        printf("# %s: %d rules\n", a->path, a->rules.n);
        for (int i = 0; i < a->rules.n; i++) {
            const ExploreRule *r = &a->rules.r[i];
            printf("always %" PRId64 " %" PRId64 " %s    # %s\n", r->a, r->b, r->text, r->from);
        }
    }
    return 0;
}

// Runs the workers: here (one job) or in child processes, each writing its records to a pipe.
static int run_all(const Explore *e) {
    int jobs = e->jobs < e->runs ? e->jobs : (int)e->runs;
    TextBuf *outs = calloc((size_t)jobs, sizeof *outs);
    int *fds = calloc((size_t)jobs, sizeof *fds);
    pid_t *pids = calloc((size_t)jobs, sizeof *pids);
    if (!outs || !fds || !pids) return bad("%s", "out of memory");
    fflush(NULL);
    for (int k = 0; k < jobs; k++) {
        int p[2];
        fds[k] = -1;
        if (jobs > 1 && pipe(p) == 0) {
            pid_t pid = fork();
            if (pid == 0) {
                close(p[0]);
                TextBuf b = {0};
                worker(e, k, jobs, &b);
                size_t off = 0;
                while (off < b.len) {
                    ssize_t w = write(p[1], b.p + off, b.len - off);
                    if (w <= 0) break;
                    off += (size_t)w;
                }
                _exit(b.oom ? 2 : 0);
            }
            close(p[1]);
            if (pid > 0) {
                pids[k] = pid;
                fds[k] = p[0];
                continue;
            }
            close(p[0]);
        }
        worker(e, k, jobs, &outs[k]);
    }
    // Read every pipe as it comes (a full pipe would stall its child).
    for (;;) {
        int open = 0;
        struct pollfd pf[256];
        int idx[256];
        for (int k = 0; k < jobs; k++)
            if (fds[k] >= 0) {
                pf[open] = (struct pollfd){fds[k], POLLIN, 0};
                idx[open++] = k;
            }
        if (!open) break;
        if (poll(pf, (nfds_t)open, -1) < 0) continue;
        for (int j = 0; j < open; j++) {
            if (!pf[j].revents) continue;
            char buf[65536];
            ssize_t r = read(pf[j].fd, buf, sizeof buf);
            int k = idx[j];
            if (r > 0) textbuf_put(&outs[k], buf, (size_t)r);
            else {
                close(fds[k]);
                fds[k] = -1;
            }
        }
    }
    for (int k = 0; k < jobs; k++)
        if (pids[k] > 0) waitpid(pids[k], NULL, 0);
    int rc = summarize(e, outs, jobs);
    for (int k = 0; k < jobs; k++) textbuf_free(&outs[k]);
    free(outs);
    free(fds);
    free(pids);
    return rc;
}

int cli_explore(int argc, char **argv) {
    Explore e;
    memset(&e, 0, sizeof e);
    int rc = parse(&e, argc, argv);
    if (rc < 0) {
        Cli c;
        memset(&c, 0, sizeof c);
        e.setup = cli_setup_for(&c);
        log_set_quiet(1);
        rc = prepare(&e);
        if (rc == 0) rc = e.list ? list_rules(&e) : run_all(&e);
    }
    for (int k = 0; k < e.n_arenas; k++) explore_rules_free(&e.arenas[k].rules);
    free(e.arenas);
    return rc;
}
