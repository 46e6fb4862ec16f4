// main.c -- the command line: parses the flags into one mode, runs the
// headless modes (script, replay, level, bench, rebless) here and hands the
// windowed ones to app_main. Exit codes: 0 ok, 1 check failed, 2 bad input.
#include <SDL.h>                // SDL_main on the platforms that need it
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "app/app.h"
#include "core/log.h"
#include "core/mem.h"
#include "render/render.h"
#include "sim/level.h"
#include "harness/probes.h"
#include "harness/script.h"
#include "sim/world.h"

#define BOSSRUSH_VERSION "1.0"
#define BENCH_TICKS (60 * SIM_TICK_HZ)   // a minute of play

typedef enum Mode {
    MODE_PLAY = 0,             // the boss rush
    MODE_LEVEL,
    MODE_SCRIPT,
    MODE_REPLAY,
    MODE_BENCH,
    MODE_REBLESS,              // hidden: rewrite a replay's checksums
} Mode;

static const char *const mode_flags[] = {"", "--level", "--script", "--replay", "--bench", "--rebless"};

typedef struct Cli {
    Mode mode;
    const char *file;
    const char *record;
    bool headless, dump, render, debug;
    bool has_ticks, has_seed;
    int64_t ticks;
    uint32_t seed;
    AppShot shots[APP_MAX_SHOTS];
    int shot_count;
} Cli;

static const char usage_text[] =
    "usage: bossrush [MODE] [OPTIONS]\n"
    "modes:\n"
    "  (none)                  play the boss rush (levels/*.lvl in name order)\n"
    "  --level FILE            play one arena\n"
    "  --replay FILE           watch a replay (verifies its checksums)\n"
    "  --script FILE           run a scripted test\n"
    "  --bench FILE            time an arena headless; prints `key value` lines\n"
    "options:\n"
    "  --record FILE           also record: one replay per arena played (FILE for\n"
    "                          one arena; FILE-1.rpl, FILE-2.rpl ... in a rush);\n"
    "                          with --script --headless: save the run as a replay\n"
    "  --headless              no window, no audio: with --script/--replay/--level,\n"
    "                          run as fast as possible\n"
    "  --dump-state            with --headless: print every probe at the end\n"
    "  --ticks N               ticks to simulate (--level --headless: default 0;\n"
    "                          --bench: default 3600)\n"
    "  --seed N                with --level --headless or --bench: game seed\n"
    "  --render                with --bench: also time rendering (frame_ms)\n"
    "  --shot TICK:FILE.png    save the frame after TICK as PNG (repeatable)\n"
    "  --debug                 draw the debug overlay in --shot frames\n"
    "  --help, --version\n"
    "exit codes: 0 ok; 1 an expectation failed, a replay desynced or its level\n"
    "changed; 2 bad command line or an unreadable or malformed file.\n"
    "Scripts and replays: docs/script-format.md.\n";

// Prints "bossrush: MSG" and the usage hint; returns 2.
static int bad_cli(const char *fmt, const char *arg) {
    fprintf(stderr, "bossrush: ");
    fprintf(stderr, fmt, arg ? arg : "");
    fprintf(stderr, "\nTry 'bossrush --help' for usage.\n");
    return 2;
}

static bool parse_count(const char *s, int64_t max, int64_t *out) {
    int64_t v;
    if (!s || !text_parse_i64(s, strlen(s), &v) || v < 0 || v > max) return false;
    *out = v;
    return true;
}

// Fills c from argv. Returns -1 to go on, else an exit code (help,
// version, or a bad command line).
static int parse_cli(int argc, char **argv, Cli *c) {
    memset(c, 0, sizeof *c);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *next = i + 1 < argc ? argv[i + 1] : NULL;
        Mode m = MODE_PLAY;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            fputs(usage_text, stdout);
            return 0;
        } else if (!strcmp(a, "--version")) {
            printf("bossrush %s (script format 1)\n", BOSSRUSH_VERSION);
            return 0;
        } else if (!strcmp(a, "--level")) m = MODE_LEVEL;
        else if (!strcmp(a, "--script")) m = MODE_SCRIPT;
        else if (!strcmp(a, "--replay")) m = MODE_REPLAY;
        else if (!strcmp(a, "--bench")) m = MODE_BENCH;
        else if (!strcmp(a, "--rebless")) m = MODE_REBLESS;
        else if (!strcmp(a, "--headless")) c->headless = true;
        else if (!strcmp(a, "--dump-state")) c->dump = true;
        else if (!strcmp(a, "--render")) c->render = true;
        else if (!strcmp(a, "--debug")) c->debug = true;
        else if (!strcmp(a, "--record")) {
            if (!next || !*next) return bad_cli("--record needs a file name", NULL);
            if (c->record) return bad_cli("--record given twice", NULL);
            c->record = argv[++i];
        } else if (!strcmp(a, "--ticks")) {
            if (!next) return bad_cli("--ticks needs a number", NULL);
            if (c->has_ticks) return bad_cli("--ticks given twice", NULL);
            if (!parse_count(next, SCRIPT_MAX_TICK, &c->ticks))
                return bad_cli("--ticks: expected a tick count 0..10000000, got '%s'", next);
            c->has_ticks = true;
            i++;
        } else if (!strcmp(a, "--seed")) {
            int64_t v;
            if (!next) return bad_cli("--seed needs a number", NULL);
            if (!parse_count(next, UINT32_MAX, &v)) return bad_cli("--seed: expected 0..4294967295, got '%s'", next);
            c->seed = (uint32_t)v;
            c->has_seed = true;
            i++;
        } else if (!strcmp(a, "--shot")) {
            if (!next) return bad_cli("--shot needs TICK:FILE.png", NULL);
            const char *colon = strchr(next, ':');
            int64_t t;
            char num[32];
            size_t n = colon ? (size_t)(colon - next) : 0;
            if (!colon || n == 0 || n >= sizeof num || !colon[1])
                return bad_cli("--shot: expected TICK:FILE.png, got '%s'", next);
            memcpy(num, next, n);
            num[n] = 0;
            if (!parse_count(num, SCRIPT_MAX_TICK, &t)) return bad_cli("--shot: bad tick in '%s'", next);
            if (c->shot_count >= APP_MAX_SHOTS) return bad_cli("too many --shot (at most 64)", NULL);
            c->shots[c->shot_count++] = (AppShot){t, colon + 1};
            i++;
        } else if (a[0] == '-') {
            return bad_cli("unknown option '%s'", a);
        } else {
            return bad_cli("unexpected argument '%s' (options start with --)", a);
        }
        if (m != MODE_PLAY) {
            if (!next || !*next) return bad_cli("%s needs a file name", a);
            if (c->mode != MODE_PLAY) {
                char both[96];
                snprintf(both, sizeof both, "%s and %s", mode_flags[c->mode], a);
                return bad_cli("%s cannot be used together", both);
            }
            c->mode = m;
            c->file = argv[++i];
        }
    }
    // Combinations.
    bool runs_headless = c->mode == MODE_LEVEL || c->mode == MODE_SCRIPT || c->mode == MODE_REPLAY;
    if (c->headless && !runs_headless && c->mode != MODE_BENCH && c->mode != MODE_REBLESS)
        return bad_cli("--headless needs --script, --replay or --level", NULL);
    bool record_ok = (!c->headless && (c->mode == MODE_PLAY || c->mode == MODE_LEVEL)) ||
                     (c->headless && c->mode == MODE_SCRIPT);
    if (c->record && !record_ok)
        return bad_cli("--record works with live play (alone or with --level) or --script --headless", NULL);
    if (c->dump && !(c->headless && runs_headless)) return bad_cli("--dump-state needs --headless", NULL);
    if (c->has_ticks && !(c->mode == MODE_BENCH || (c->mode == MODE_LEVEL && c->headless)))
        return bad_cli("--ticks works with --bench or --level --headless", NULL);
    if (c->has_seed && !(c->mode == MODE_BENCH || (c->mode == MODE_LEVEL && c->headless)))
        return bad_cli("--seed works with --bench or --level --headless (scripts use their 'seed' line)", NULL);
    if (c->render && c->mode != MODE_BENCH) return bad_cli("--render works with --bench only", NULL);
    if (c->shot_count && (c->mode == MODE_BENCH || c->mode == MODE_REBLESS))
        return bad_cli("--shot does not work with --bench", NULL);
    return -1;
}

// ---------------------------------------------------------------- helpers

static const char *assets_dir(void) {
    static char buf[1200];
    if (!buf[0]) snprintf(buf, sizeof buf, "%sassets", app_base_dir());
    return buf;
}

static void print_error(const ParseError *e) {
    char msg[1200];
    parse_error_format(e, msg, sizeof msg);
    fprintf(stderr, "%s\n", msg);
}

// NULL when path is a regular file we can open, else why not.
static const char *unreadable(const char *path) {
    struct stat st;
    if (stat(path, &st) != 0) return strerror(errno);
    if (!S_ISREG(st.st_mode)) return "not a regular file";
    FILE *f = fopen(path, "rb");
    if (!f) return strerror(errno);
    fclose(f);
    return NULL;
}

static void dump_state(const World *w) {
    char v[64];
    for (int i = 0; i < probe_count(); i++) {
        const ProbeDef *p = probe_at(i);
        probe_format(p, p->get(w), v, sizeof v);
        printf("%s %s\n", p->name, v);
    }
}

static void take_shots(const Cli *c, const World *w) {
    for (int i = 0; i < c->shot_count; i++)
        if (c->shots[i].tick == w->tick && !render_shot(w, assets_dir(), c->shots[i].path, c->debug))
            fprintf(stderr, "bossrush: could not write %s\n", c->shots[i].path);
}

static void warn_missed_shots(const Cli *c, int64_t last) {
    for (int i = 0; i < c->shot_count; i++)
        if (c->shots[i].tick > last)
            fprintf(stderr, "bossrush: --shot %" PRId64 ":%s: the run ended at tick %" PRId64 "\n", c->shots[i].tick,
                    c->shots[i].path, last);
}

// Loads a level and builds its World. Prints the error and returns NULL.
static World *make_world(const char *path, Level *lv, bool use_seed, uint32_t seed) {
    ParseError err;
    memset(&err, 0, sizeof err);
    memset(lv, 0, sizeof *lv);
    if (!level_load(lv, path, &err)) {
        print_error(&err);
        return NULL;
    }
    World *w = world_create(lv, use_seed, seed, &err);
    if (!w) {
        print_error(&err);
        return NULL;
    }
    // The legs' tuning lives in assets/legs/*.leg: a missing file keeps the
    // built-in profiles (with a warning), a malformed one is an error.
    char dir[1300];
    snprintf(dir, sizeof dir, "%s/legs", assets_dir());
    memset(&err, 0, sizeof err);
    if (!legs_load_profiles(&w->player.legs, dir, &err)) {
        char msg[1200];
        parse_error_format(&err, msg, sizeof msg);
        if (err.line == 0) {
            log_warn("%s (using the built-in leg profiles)", msg);
        } else {
            fprintf(stderr, "%s\n", msg);
            world_free(w);
            return NULL;
        }
    }
    return w;
}

// ---------------------------------------------------------------- modes

// --level FILE --headless [--ticks N]: validate and simulate with no input.
static int run_level(const Cli *c) {
    Level lv;
    World *w = make_world(c->file, &lv, c->has_seed, c->seed);
    if (!w) {
        level_free(&lv);
        return 2;
    }
    for (int64_t t = 0; t < c->ticks; t++) {
        world_step(w, (Input){0});
        take_shots(c, w);
    }
    warn_missed_shots(c, w->tick);
    if (c->dump) dump_state(w);
    world_free(w);
    level_free(&lv);
    return 0;
}

// Loads a script or replay and its level; on success fills *s, *lv, *w.
static int open_script(const char *path, Script **s, Level *lv, World **w, bool check_hash) {
    ParseError err;
    memset(&err, 0, sizeof err);
    memset(lv, 0, sizeof *lv);
    *w = NULL;
    *s = script_load(path, &err);
    if (!*s) {
        print_error(&err);
        return 2;
    }
    const char *lp = script_level_path(*s);
    int line, col;
    script_level_pos(*s, &line, &col);
    const char *why = unreadable(lp);
    if (why) {
        fprintf(stderr, "%s:%d:%d: cannot open level file '%s': %s\n", path, line, col, script_level_given(*s), why);
        return 2;
    }
    uint32_t seed = 0;
    bool use_seed = script_seed(*s, &seed);
    *w = make_world(lp, lv, use_seed, seed);
    if (!*w) return 2;
    uint64_t want;
    if (check_hash && script_level_hash(*s, &want) && want != lv->hash) {
        fprintf(stderr,
                "%s:%d:%d: level changed since the replay was recorded: the replay has level hash %016" PRIx64
                ", %s now hashes to %016" PRIx64 "\n",
                path, line, col, want, lp, lv->hash);
        return 1;
    }
    return 0;
}

static void close_script(Script *s, Level *lv, World *w) {
    world_free(w);
    level_free(lv);
    script_free(s);
}

// --script/--replay FILE --headless.
static int run_script(const Cli *c) {
    Script *s;
    Level lv;
    World *w;
    int rc = open_script(c->file, &s, &lv, &w, true);
    if (rc) {
        close_script(s, &lv, w);
        return rc;
    }
    ScriptRun *run = script_run_new(s);
    if (!run) {
        fprintf(stderr, "bossrush: out of memory\n");
        close_script(s, &lv, w);
        return 2;
    }
    Recorder *rec = NULL;
    if (c->record) {
        char lp[1100];
        script_level_path_for(c->record, script_level_path(s), lp, sizeof lp);
        rec = recorder_new(lp, lv.hash);
        uint32_t seed;
        if (rec && script_seed(s, &seed)) recorder_set_seed(rec, seed);
    }
    int64_t end = script_end_tick(s);
    for (int64_t t = 0; t <= end && rc == 0; t++) {
        Input in = script_run_input(run, t);
        world_step(w, in);
        if (rec) recorder_tick(rec, w, in);
        take_shots(c, w);
        if (!script_run_check(run, w)) rc = 1;
    }
    if (rc == 0 && !script_run_finish(run)) rc = 1;
    if (rc) fprintf(stderr, "%s\n", script_run_message(run));
    else warn_missed_shots(c, w->tick);
    if (rec && rc == 0) {
        char why[1300];
        if (!recorder_save(rec, c->record, why, sizeof why)) {
            fprintf(stderr, "bossrush: %s\n", why);
            rc = 2;
        }
    } else if (c->record) {
        fprintf(stderr, "bossrush: %s not written (the script failed)\n", c->record);
    }
    recorder_free(rec);
    if (c->dump) dump_state(w);
    script_run_free(run);
    close_script(s, &lv, w);
    return rc;
}

// --rebless FILE: re-run a replay and rewrite its checksums and level hash
// with the current values (through FILE.tmp and a rename).
static int run_rebless(const Cli *c) {
    Script *s;
    Level lv;
    World *w;
    int rc = open_script(c->file, &s, &lv, &w, false);
    if (rc) {
        close_script(s, &lv, w);
        return rc;
    }
    ScriptRun *run = script_run_new(s);
    size_t len = 0, out_len = 0;
    char *text = NULL, *out = NULL;
    FILE *f = fopen(c->file, "rb");
    if (f) {
        fseek(f, 0, SEEK_END);
        long n = ftell(f);
        fseek(f, 0, SEEK_SET);
        if (n >= 0 && (text = malloc((size_t)n + 1)) != NULL) len = fread(text, 1, (size_t)n, f);
        fclose(f);
    }
    if (!run || !text) {
        fprintf(stderr, "bossrush: %s: cannot read it again\n", c->file);
        rc = 2;
    } else {
        script_run_set_rebless(run, true);
        for (int64_t t = 0; t <= script_end_tick(s); t++) {
            world_step(w, script_run_input(run, t));
            script_run_check(run, w);
        }
        out = script_rebless_text(s, run, text, len, lv.hash, &out_len);
        char tmp[1200];
        snprintf(tmp, sizeof tmp, "%s.tmp", c->file);
        FILE *o = out ? fopen(tmp, "wb") : NULL;
        bool ok = o && fwrite(out, 1, out_len, o) == out_len;
        if (o) ok = (fclose(o) == 0) && ok;
        if (!ok || rename(tmp, c->file) != 0) {
            fprintf(stderr, "bossrush: %s: cannot write: %s\n", c->file, strerror(errno));
            remove(tmp);
            rc = 2;
        } else {
            printf("reblessed %s\n", c->file);
        }
    }
    mem_free(out);
    free(text);
    script_run_free(run);
    close_script(s, &lv, w);
    return rc;
}

static double now_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

// A fixed input pattern that walks both ways, climbs, jumps, fires and
// toggles wiggle mode, so a bench exercises every system.
static Input bench_input(int64_t t) {
    uint8_t b = 0;
    int64_t phase = t % 480;
    if (phase < 200) b |= BTN_RIGHT;
    else if (phase < 400) b |= BTN_LEFT;
    else b |= BTN_UP;
    if (t % 50 < 12) b |= BTN_JUMP;
    if ((t / 6) % 2 == 0) b |= BTN_FIRE;
    if (t % 900 >= 600) b |= BTN_WIGGLE;
    return (Input){b};
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static int run_bench(const Cli *c) {
    Level lv;
    World *w = make_world(c->file, &lv, c->has_seed, c->seed);
    if (!w) {
        level_free(&lv);
        return 2;
    }
    int64_t n = c->has_ticks ? c->ticks : BENCH_TICKS;
    double *dt = malloc((size_t)(n > 0 ? n : 1) * sizeof *dt);
    if (!dt) {
        fprintf(stderr, "bossrush: out of memory\n");
        world_free(w);
        level_free(&lv);
        return 2;
    }
    // With --render, frames are timed at 8 points spread over the run (the
    // world as it is then), 16 frames each, outside the timed world_step.
    enum { RENDER_SAMPLES = 8, RENDER_FRAMES = 16 };
    double frame_ms = 0;
    int frame_samples = 0;
    bool render_failed = false;
    uint64_t allocs = 0;
    double t_all0 = now_us();
    for (int64_t t = 0; t < n; t++) {
        Input in = bench_input(t);
        uint64_t a0 = mem_alloc_count();
        double t0 = now_us();
        world_step(w, in);
        dt[t] = now_us() - t0;
        allocs += mem_alloc_count() - a0;
        if (c->render && !render_failed && (t + 1) % ((n + RENDER_SAMPLES - 1) / RENDER_SAMPLES) == 0) {
            double ms = render_bench_frame(w, assets_dir(), RENDER_FRAMES);
            if (ms < 0) render_failed = true;
            else frame_ms += ms, frame_samples++;
        }
    }
    double wall_us = now_us() - t_all0;
    double sum = 0, max = 0;
    for (int64_t t = 0; t < n; t++) {
        sum += dt[t];
        if (dt[t] > max) max = dt[t];
    }
    if (n > 0) qsort(dt, (size_t)n, sizeof *dt, cmp_double);
    double p99 = n > 0 ? dt[(size_t)((double)(n - 1) * 0.99)] : 0;
    printf("level %s\n", c->file);
    printf("ticks %" PRId64 "\n", n);
    printf("ticks_per_s %.0f\n", sum > 0 ? (double)n / (sum / 1e6) : 0.0);
    printf("tick_mean_us %.2f\n", n > 0 ? sum / (double)n : 0.0);
    printf("tick_p99_us %.2f\n", p99);
    printf("tick_max_us %.2f\n", max);
    printf("allocs_per_tick %.4f\n", n > 0 ? (double)allocs / (double)n : 0.0);
    if (c->render && frame_samples) printf("frame_ms %.3f\n", frame_ms / frame_samples);
    printf("wall_s %.3f\n", wall_us / 1e6);
    printf("state_hash %016" PRIx64 "\n", world_hash(w));
    if (c->render && (render_failed || !frame_samples)) {
        fprintf(stderr, "bossrush: --render: the software renderer failed\n");
        free(dt);
        world_free(w);
        level_free(&lv);
        return 2;
    }
    free(dt);
    world_free(w);
    level_free(&lv);
    return 0;
}

// Windowed modes: check what can be checked without a window, then hand
// over to the app.
static int run_windowed(const Cli *c) {
    AppOptions opt;
    memset(&opt, 0, sizeof opt);
    opt.record_path = c->record;
    memcpy(opt.shots, c->shots, sizeof opt.shots);
    opt.shot_count = c->shot_count;
    opt.debug = c->debug;
    if (c->mode == MODE_LEVEL) {
        const char *why = unreadable(c->file);
        if (why) {
            fprintf(stderr, "bossrush: cannot open %s: %s\n", c->file, why);
            return 2;
        }
        opt.level_path = c->file;
    } else if (c->mode == MODE_SCRIPT || c->mode == MODE_REPLAY) {
        ParseError err;
        memset(&err, 0, sizeof err);
        Script *s = script_load(c->file, &err);
        if (!s) {
            print_error(&err);
            return 2;
        }
        script_free(s);
        if (c->mode == MODE_SCRIPT) opt.script_path = c->file;
        else opt.replay_path = c->file;
    } else {
        char dir[1200];
        snprintf(dir, sizeof dir, "%slevels", app_base_dir());
        DIR *d = opendir(dir);
        if (!d) {
            fprintf(stderr, "bossrush: no levels folder at %s (it must sit next to the binary): %s\n", dir,
                    strerror(errno));
            return 2;
        }
        closedir(d);
    }
    return app_main(&opt);
}

int main(int argc, char **argv) {
    Cli c;
    int rc = parse_cli(argc, argv, &c);
    if (rc >= 0) return rc;
    if (c.headless || c.mode == MODE_BENCH || c.mode == MODE_REBLESS) log_set_quiet(1);
    switch (c.mode) {
    case MODE_BENCH: return run_bench(&c);
    case MODE_REBLESS: return run_rebless(&c);
    case MODE_LEVEL:
        if (c.headless) return run_level(&c);
        return run_windowed(&c);
    case MODE_SCRIPT:
    case MODE_REPLAY:
        if (c.headless) return run_script(&c);
        return run_windowed(&c);
    case MODE_PLAY: return run_windowed(&c);
    }
    return 2;
}
