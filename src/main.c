// main.c -- the command line: parses the flags into one mode (cli.h), runs
// the headless modes (script, replay, level, rebless, convert, export) here
// and --bench in cli_bench.c, and hands the windowed ones to app_main. Exit codes: 0 ok, 1 check failed, 2 bad input.
#include <SDL.h>                // SDL_main on the platforms that need it
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "app/app.h"
#include "build_config.h"
#include "cli.h"
#include "core/fs.h"
#include "core/log.h"
#include "harness/bench.h"
#include "harness/probes.h"
#include "harness/script.h"
#include "harness/session.h"
#include "platform/platform.h"
#include "render/export.h"
#include "render/render.h"
#include "sim/level_write.h"
#include "sim/tmj.h"
#include "sim/world.h"


static const char *const mode_flags[] = {"", "--level", "--script", "--replay", "--bench", "--rebless", "--convert"};


static const char usage_text[] =
    "usage: bossrush [MODE] [OPTIONS]\n"
    "modes:\n"
    "  (none)                  play the boss rush (levels/*.lvl in name order)\n"
    "  --level FILE            play one arena\n"
    "  --replay FILE           watch a replay (verifies its checksums)\n"
    "  --script FILE           run a scripted test\n"
    "  --bench FILE            time an arena headless; prints `key value` lines\n"
    "  --convert IN OUT        convert an arena: .lvl to Tiled .tmj or back\n"
    "options:\n"
    "  --record FILE           also record: one replay per arena played (FILE for\n"
    "                          one arena; FILE-1.rpl, FILE-2.rpl ... in a rush);\n"
    "                          with --script --headless: save the run as a replay\n"
    "  --headless              no window, no audio: with --script/--replay/--level,\n"
    "                          run as fast as possible\n"
    "  --dump-state            with --headless: print every probe at the end\n"
    "  --ticks N               ticks to simulate, 0..10000000 (--level --headless:\n"
    "                          default 0; --bench: default 3600, at most 1000000)\n"
    "  --seed N                with --level --headless or --bench: game seed\n"
    "  --render                with --bench: also time rendering (frame_ms, startup_ms)\n"
    "  --compare-naive         with --bench: also time the naive starfield and hit\n"
    "                          tests on the same world (docs/bench.md)\n"
    "  --shot TICK:FILE.png    save the frame after TICK as PNG (repeatable, at\n"
    "                          most 64 times)\n"
    "  --debug                 draw the debug overlay in --shot frames\n"
    "  --fullscreen, --windowed\n"
    "                          this run's window, whatever the settings say\n"
    "  --replay A B ... --headless [--jobs N]\n"
    "                          verify several replays: one line each, then\n"
    "                          'N passed, M failed' (N processes at once)\n"
    "  --until T               with --replay/--script --headless: stop after\n"
    "                          tick T (with --record: a replay of ticks 0..T)\n"
    "  --export OUT            with --replay: render every tick to OUT.mp4 (with\n"
    "                          its sound) or OUT.gif (ffmpeg) or a folder of PNG\n"
    "                          frames; OUT.wav: the sound alone, mixed offline;\n"
    "                          --from T / --until T choose the ticks\n"
    "  --layout-check [DIR]    draw every screen at every window size from\n"
    "                          480x270 to 3840x2160 and check that text, panels\n"
    "                          and the HUD fit (DIR: save the frames there)\n"
    "  --explore ARENA... [--invariants F] [--runs N] [--ticks T] [--seed S]\n"
    "          [--jobs J] [--out DIR]\n"
    "                          seeded random runs checking every invariant each\n"
    "                          tick; failures shrunk to replays in DIR (explore/)\n"
    "  --test FILE... [--jobs J] [--junit OUT.xml] [--tap]\n"
    "                          scripts and replays in one batch (docs/testing.md)\n"
    "  --help, --version\n"
    "exit codes: 0 ok; 1 an expectation failed, a replay desynced or its level\n"
    "changed; 2 bad command line or an unreadable or malformed file.\n"
    "Scripts and replays: docs/script-format.md.\n";

// Prints "bossrush: MSG" (printf-style) and the usage hint; returns 2.
#if defined(__GNUC__)
__attribute__((format(printf, 1, 2)))
#endif
static int bad_cli(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "bossrush: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\nTry 'bossrush --help' for usage.\n");
    va_end(ap);
    return 2;
}

static bool parse_count(const char *s, int64_t max, int64_t *out) {
    int64_t v;
    if (!s || !text_parse_i64(s, strlen(s), &v) || v < 0 || v > max) return false;
    *out = v;
    return true;
}

// The replay lab's options and --replay's further files: 1 when argv[*i]
// was one (*i moved past its value), 0 when not, else an exit code (2).
static int parse_lab_option(Cli *c, int argc, char **argv, int *i) {
    const char *a = argv[*i], *next = *i + 1 < argc ? argv[*i + 1] : NULL;
    if (a[0] != '-' && c->mode == MODE_REPLAY) {
        if (!c->more && !(c->more = malloc((size_t)argc * sizeof *c->more))) return bad_cli("out of memory");
        c->more[c->more_n++] = a;
        return 1;
    }
    int64_t v;
    if (!strcmp(a, "--jobs")) {
        if (!next) return bad_cli("--jobs needs a number");
        if (c->jobs) return bad_cli("--jobs given twice");
        if (!parse_count(next, 256, &v) || v < 1) return bad_cli("--jobs: expected 1..256, got '%s'", next);
        c->jobs = (int)v;
    } else if (!strcmp(a, "--until") || !strcmp(a, "--from")) {
        bool until = a[2] == 'u';
        if (!next) return bad_cli("%s needs a tick", a);
        if (until ? c->has_until : c->has_from) return bad_cli("%s given twice", a);
        if (!parse_count(next, SCRIPT_MAX_TICK, &v))
            return bad_cli("%s: expected a tick 0..%d, got '%s'", a, SCRIPT_MAX_TICK, next);
        if (until) c->until = v, c->has_until = true;
        else c->from = v, c->has_from = true;
    } else if (!strcmp(a, "--export")) {
        if (!next || !*next) return bad_cli("--export needs a file or folder name");
        if (c->export_path) return bad_cli("--export given twice");
        c->export_path = next;
    } else {
        return 0;
    }
    (*i)++;
    return 1;
}

// What the replay lab's options go with (after parse_cli's own checks).
static int check_lab_options(const Cli *c) {
    if (c->more_n && !c->headless) return bad_cli("several replays are verified with --headless only");
    if (c->more_n && (c->record || c->dump || c->shot_count || c->has_until || c->export_path))
        return bad_cli("several replays take no --record, --dump-state, --shot, --until or --export");
    if (c->jobs && c->mode != MODE_REPLAY) return bad_cli("--jobs works with --replay --headless");
    if (c->has_until && !((c->headless && (c->mode == MODE_REPLAY || c->mode == MODE_SCRIPT)) || c->export_path))
        return bad_cli("--until works with --replay or --script --headless, or --export");
    if (c->has_from && !c->export_path) return bad_cli("--from works with --export");
    if (c->export_path && c->mode != MODE_REPLAY) return bad_cli("--export works with --replay");
    if (c->export_path && (c->headless || c->record || c->dump || c->shot_count))
        return bad_cli("--export takes no --headless, --record, --dump-state or --shot (it runs headless)");
    if (c->has_from && c->has_until && c->from > c->until) return bad_cli("--from is after --until");
    return -1;
}

// Fills c from argv. Returns -1 to go on, else an exit code (help,
// version, or a bad command line).
static int parse_cli(int argc, char **argv, Cli *c) {
    memset(c, 0, sizeof *c);
    c->window = -1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *next = i + 1 < argc ? argv[i + 1] : NULL;
        Mode m = MODE_PLAY;
        int lab = parse_lab_option(c, argc, argv, &i);
        if (lab == 1) continue;
        if (lab) return lab;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            fputs(usage_text, stdout);
            return 0;
        } else if (!strcmp(a, "--version")) {
            printf("bossrush %s (script format 1)\n", BOSSRUSH_VERSION);
            if (platform_data_found()) printf("data folder: %s\n", app_base_dir());
            else
                printf("data folder: none found (no assets/ and levels/ beside the binary, one folder up, in "
                       "../share/bossrush or in %s)\n", BOSSRUSH_DATADIR);
            printf("licence: zlib (code, generated assets and docs; see LICENSE)\n");
            return 0;
        } else if (!strcmp(a, "--level")) m = MODE_LEVEL;
        else if (!strcmp(a, "--script")) m = MODE_SCRIPT;
        else if (!strcmp(a, "--replay")) m = MODE_REPLAY;
        else if (!strcmp(a, "--bench")) m = MODE_BENCH;
        else if (!strcmp(a, "--rebless")) m = MODE_REBLESS;
        else if (!strcmp(a, "--convert")) m = MODE_CONVERT;
        else if (!strcmp(a, "--headless")) c->headless = true;
        else if (!strcmp(a, "--dump-state")) c->dump = true;
        else if (!strcmp(a, "--render")) c->render = true;
        else if (!strcmp(a, "--compare-naive")) c->compare_naive = true;
        else if (!strcmp(a, "--debug")) c->debug = true;
        else if (!strcmp(a, "--layout-check")) {
            c->layout_check = true;
            if (next && next[0] && next[0] != '-') c->layout_dir = argv[++i];
        } else if (!strcmp(a, "--fullscreen") || !strcmp(a, "--windowed")) {
            if (c->window >= 0) return bad_cli("--fullscreen and --windowed: give one of them, once");
            c->window = a[2] == 'f';
        }
        else if (!strcmp(a, "--record")) {
            if (!next || !*next) return bad_cli("--record needs a file name");
            if (c->record) return bad_cli("--record given twice");
            c->record = argv[++i];
        } else if (!strcmp(a, "--ticks")) {
            if (!next) return bad_cli("--ticks needs a number");
            if (c->has_ticks) return bad_cli("--ticks given twice");
            if (!parse_count(next, SCRIPT_MAX_TICK, &c->ticks))
                return bad_cli("--ticks: expected a tick count 0..10000000, got '%s'", next);
            c->has_ticks = true;
            i++;
        } else if (!strcmp(a, "--seed")) {
            int64_t v;
            if (!next) return bad_cli("--seed needs a number");
            if (!parse_count(next, UINT32_MAX, &v)) return bad_cli("--seed: expected 0..4294967295, got '%s'", next);
            c->seed = (uint32_t)v;
            c->has_seed = true;
            i++;
        } else if (!strcmp(a, "--shot")) {
            if (!next) return bad_cli("--shot needs TICK:FILE.png");
            const char *colon = strchr(next, ':');
            int64_t t;
            char num[32];
            size_t n = colon ? (size_t)(colon - next) : 0;
            if (!colon || n == 0 || n >= sizeof num || !colon[1])
                return bad_cli("--shot: expected TICK:FILE.png, got '%s'", next);
            memcpy(num, next, n);
            num[n] = 0;
            if (!parse_count(num, SCRIPT_MAX_TICK, &t)) return bad_cli("--shot: bad tick in '%s'", next);
            if (c->shot_count >= APP_MAX_SHOTS) return bad_cli("too many --shot (at most 64)");
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
            if (m == MODE_CONVERT) {
                if (i + 1 >= argc || !*argv[i + 1]) return bad_cli("--convert needs IN and OUT files");
                c->out = argv[++i];
            }
        }
    }
    // Combinations.
    bool runs_headless = c->mode == MODE_LEVEL || c->mode == MODE_SCRIPT || c->mode == MODE_REPLAY;
    if (c->headless && !runs_headless && c->mode != MODE_BENCH && c->mode != MODE_REBLESS)
        return bad_cli("--headless needs --script, --replay or --level");
    bool record_ok = (!c->headless && (c->mode == MODE_PLAY || c->mode == MODE_LEVEL)) ||
                     (c->headless && (c->mode == MODE_SCRIPT || c->mode == MODE_REPLAY));
    if (c->record && !record_ok)
        return bad_cli("--record works with live play (alone or with --level) or --script/--replay --headless");
    if (c->dump && !(c->headless && runs_headless)) return bad_cli("--dump-state needs --headless");
    if (c->has_ticks && !(c->mode == MODE_BENCH || (c->mode == MODE_LEVEL && c->headless)))
        return bad_cli("--ticks works with --bench or --level --headless");
    if (c->has_seed && !(c->mode == MODE_BENCH || (c->mode == MODE_LEVEL && c->headless)))
        return bad_cli("--seed works with --bench or --level --headless (scripts use their 'seed' line)");
    if (c->render && c->mode != MODE_BENCH) return bad_cli("--render works with --bench only");
    if (c->compare_naive && c->mode != MODE_BENCH) return bad_cli("--compare-naive works with --bench only");
    if (c->mode == MODE_BENCH && c->ticks > BENCH_MAX_TICKS)
        return bad_cli("--ticks: expected a tick count 0..%d with --bench, got %" PRId64, BENCH_MAX_TICKS, c->ticks);
    if (c->shot_count && (c->mode == MODE_BENCH || c->mode == MODE_REBLESS))
        return bad_cli("--shot does not work with --bench");
    if (c->window >= 0 && (c->headless || c->mode == MODE_BENCH || c->mode == MODE_CONVERT || c->mode == MODE_REBLESS))
        return bad_cli("--fullscreen and --windowed work with a window (not with --headless, --bench, --convert or "
                       "--rebless)");
    if (c->mode == MODE_CONVERT && (c->headless || c->record || c->dump || c->shot_count || c->has_ticks ||
                                    c->has_seed || c->render || c->debug))
        return bad_cli("--convert takes no other options");
    size_t out_len = c->out ? strlen(c->out) : 0;
    if (c->mode == MODE_CONVERT && !tmj_is_path(c->out) && !(out_len > 4 && !strcmp(c->out + out_len - 4, ".lvl")))
        return bad_cli("--convert: OUT must end in .lvl or .tmj, got '%s'", c->out);
    return check_lab_options(c);
}

// ---------------------------------------------------------------- helpers

const char *cli_assets_dir(void) {
    static char buf[1200];
    if (!buf[0]) snprintf(buf, sizeof buf, "%sassets", app_base_dir());
    return buf;
}

SessionSetup cli_setup_for(const Cli *c) {
    static char legs[1300];
    if (!legs[0]) fs_join(cli_assets_dir(), "legs", legs, sizeof legs);
    return (SessionSetup){.legs_dir = legs, .use_seed = c->has_seed, .seed = c->seed,
                          .rebless = c->mode == MODE_REBLESS};
}

double cli_main_start_us;

int cli_report(const Session *s, int rc) {
    if (s->warning[0]) log_warn("%s", s->warning);
    if (rc) fprintf(stderr, "%s\n", s->msg);
    return rc;
}

static void dump_state(const World *w) {
    char v[64];
    for (int i = 0; i < probe_count(); i++) {
        const ProbeDef *p = probe_at(i);
        probe_format(p, p->get(w), v, sizeof v);
        printf("%s %s\n", p->name, v);
    }
}

// --shot frames come from one renderer that follows the run from its first
// tick (render_shooter_*, opened in *sh on the first call), so they show
// the effects of earlier ticks too. Returns how many shots of this tick
// could not be written (each named on stderr).
static int take_shots(const Cli *c, RenderShooter **sh, const World *w) {
    if (!c->shot_count) return 0;
    if (!*sh) *sh = render_shooter_open(cli_assets_dir(), c->debug);
    int failed = 0;
    if (*sh) render_shooter_tick(*sh, w);
    for (int i = 0; i < c->shot_count; i++)
        if (c->shots[i].tick == w->tick && (!*sh || !render_shooter_save(*sh, w, c->shots[i].path))) {
            fprintf(stderr, "bossrush: could not write %s\n", c->shots[i].path);
            failed++;
        }
    return failed;
}

// The shots whose tick the run never reached: named on stderr, counted.
static int missed_shots(const Cli *c, int64_t last) {
    int missed = 0;
    for (int i = 0; i < c->shot_count; i++)
        if (c->shots[i].tick > last) {
            fprintf(stderr, "bossrush: --shot %" PRId64 ":%s not written: the run ended at tick %" PRId64 "\n",
                    c->shots[i].tick, c->shots[i].path, last);
            missed++;
        }
    return missed;
}

// ---------------------------------------------------------------- modes

// --level FILE --headless [--ticks N]: validate and simulate with no input.
static int run_level(const Cli *c) {
    Session s;
    SessionSetup setup = cli_setup_for(c);
    int rc = cli_report(&s, session_open_level(&s, c->file, &setup));
    if (rc == 0) {
        RenderShooter *sh = NULL;
        int unwritten = 0;
        for (int64_t t = 0; t < c->ticks; t++) {
            session_step(&s, NULL);
            unwritten += take_shots(c, &sh, s.w);
        }
        render_shooter_close(sh);
        unwritten += missed_shots(c, s.w->tick);
        if (unwritten) rc = 2;               // a requested output was not written
        if (c->dump) dump_state(s.w);
    }
    session_close(&s);
    return rc;
}

// --until T: tick T has been simulated.
static bool until_reached(const Cli *c, const World *w) { return c->has_until && w->tick >= c->until; }

// --script/--replay FILE --headless [--until T] [--record OUT] [--dump-state].
static int run_script(const Cli *c) {
    Session s;
    SessionSetup setup = cli_setup_for(c);
    int rc = cli_report(&s, session_open_script(&s, c->file, &setup));
    if (rc) {
        session_close(&s);
        return rc;
    }
    if (c->record && !session_record(&s, c->record)) fprintf(stderr, "%s\n", s.msg);
    RenderShooter *sh = NULL;
    int unwritten = 0;
    while (!session_done(&s) && !until_reached(c, s.w)) {
        bool ok = session_step(&s, NULL);
        unwritten += take_shots(c, &sh, s.w);
        if (!ok) break;
    }
    render_shooter_close(sh);
    // Stopped by --until: the checks of ticks 0..T ran; the end's do not.
    rc = cli_report(&s, until_reached(c, s.w) && !session_done(&s) ? s.rc : session_finish(&s));
    if (rc == 0) unwritten += missed_shots(c, s.w->tick);
    if (rc == 0 && unwritten) rc = 2;        // a requested output was not written
    if (rc == 0 && session_recording(&s)) {
        char why[1300];
        if (!session_save_recording(&s, why, sizeof why)) {
            fprintf(stderr, "bossrush: %s\n", why);
            rc = 2;
        }
    } else if (c->record && rc) {
        fprintf(stderr, "bossrush: %s not written (the script failed)\n", c->record);
    }
    if (c->dump) dump_state(s.w);
    session_close(&s);
    return rc;
}

// --rebless FILE: re-run a replay and rewrite its checksums and level hash
// with the current values (written atomically: a temp file and a rename).
static int run_rebless(const Cli *c) {
    Session s;
    SessionSetup setup = cli_setup_for(c);
    int rc = cli_report(&s, session_open_script(&s, c->file, &setup));
    if (rc == 0) {
        while (!session_done(&s)) session_step(&s, NULL);
        rc = cli_report(&s, session_rebless(&s));
        if (rc == 0) printf("reblessed %s\n", c->file);
    }
    session_close(&s);
    return rc;
}

// The path of target relative to the folder dir (both made absolute first),
// so a converted map finds the tileset picture from wherever it is written;
// target as given when either cannot be resolved.
static void relative_to(const char *dir, const char *target, char *buf, size_t n) {
    char a[PATH_MAX], b[PATH_MAX];
    snprintf(buf, n, "%s", target);
    if (!realpath(dir, a) || !realpath(target, b)) return;
    // The folders a and b share, as a length of b ending in '/'.
    size_t la = strlen(a), common = 0;
    for (size_t i = 0;; i++) {
        char ca = i < la ? a[i] : '/';
        if (b[i] != ca) break;
        if (ca == '/') common = i + 1;
        if (i >= la) break;
    }
    // One "../" per folder of a below the shared ones.
    const char *rest = common <= la ? a + common : "";
    size_t used = 0;
    buf[0] = 0;
    for (const char *p = rest; *rest && p <= rest + strlen(rest); p++)
        if ((*p == '/' || !*p) && used + 4 < n) used += (size_t)snprintf(buf + used, n - used, "../");
    snprintf(buf + used, n - used, "%s", b + common);
}

// --convert IN OUT: loads IN (.lvl or .tmj, fully validated) and writes it
// in OUT's format (atomically): .lvl in the canonical form (level_write.h),
// .tmj with the tileset embedded and its picture named relative to OUT.
static int run_convert(const Cli *c) {
    Level lv;
    ParseError err;
    memset(&err, 0, sizeof err);
    if (!session_load_level(&lv, c->file, &err)) {
        char msg[1200];
        parse_error_format(&err, msg, sizeof msg);
        fprintf(stderr, "%s\n", msg);
        return 2;
    }
    TextBuf out = {0};
    bool ok = true;
    if (tmj_is_path(c->out)) {
        char image[1400], dir[1024], picture[PATH_MAX];
        snprintf(image, sizeof image, "%s/tiles/tileset.png", cli_assets_dir());
        fs_parent(c->out, dir, sizeof dir);
        relative_to(dir, image, picture, sizeof picture);
        ok = tmj_write(&lv, picture, &out);
    } else {
        level_write(&lv, &out);
        ok = !out.oom;
    }
    level_free(&lv);
    int rc = 0;
    if (!ok) {
        fprintf(stderr, "bossrush: out of memory converting %s\n", c->file);
        rc = 2;
    } else if (!fs_write_atomic(c->out, out.p, out.len)) {
        fprintf(stderr, "bossrush: cannot write %s: %s\n", c->out, fs_strerror(errno));
        rc = 2;
    }
    textbuf_free(&out);
    return rc;
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
    opt.layout_check = c->layout_check;
    opt.layout_dir = c->layout_dir;
    opt.window = c->window;
    if (c->mode == MODE_LEVEL) {
        const char *why = fs_unreadable(c->file);
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
            char msg[1200];
            parse_error_format(&err, msg, sizeof msg);
            fprintf(stderr, "%s\n", msg);
            return 2;
        }
        script_free(s);
        if (c->mode == MODE_SCRIPT) opt.script_path = c->file;
        else opt.replay_path = c->file;
    } else {
        char dir[1200];
        snprintf(dir, sizeof dir, "%slevels", app_base_dir());
        if (!fs_is_dir(dir)) {
            fprintf(stderr,
                    "bossrush: no levels folder at %s (the data folder is beside the binary or "
                    "PREFIX/share/bossrush)\n",
                    dir);
            return 2;
        }
    }
    return app_main(&opt);
}

static int run_mode(const Cli *c) {
    switch (c->mode) {
    case MODE_BENCH: return cli_bench(c);
    case MODE_REBLESS: return run_rebless(c);
    case MODE_CONVERT: return run_convert(c);
    case MODE_LEVEL:
        if (c->headless) return run_level(c);
        return run_windowed(c);
    case MODE_SCRIPT:
    case MODE_REPLAY:
        if (c->mode == MODE_REPLAY && c->export_path) return cli_export(c);
        if (c->more_n) return cli_run_batch(c);
        if (c->headless) return run_script(c);
        return run_windowed(c);
    case MODE_PLAY: return run_windowed(c);
    }
    return 2;
}

int main(int argc, char **argv) {
    cli_main_start_us = bench_now_us();
    // The test lab's modes parse their own command lines (cli_explore.c, cli_batch.c).
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--explore")) return cli_explore(argc, argv);
        if (!strcmp(argv[i], "--test")) return cli_test(argc, argv);
    }
    Cli c;
    int rc = parse_cli(argc, argv, &c);
    if (rc < 0) {
        if (c.headless || c.mode == MODE_BENCH || c.mode == MODE_REBLESS || c.mode == MODE_CONVERT || c.export_path)
            log_set_quiet(1);
        rc = run_mode(&c);
    }
    free(c.more);
    return rc;
}
