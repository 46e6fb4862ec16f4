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


// ---------------------------------------------------------------- helpers

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
            unwritten += take_shots(c, &sh, session_world(&s));
        }
        render_shooter_close(sh);
        unwritten += missed_shots(c, session_tick(&s));
        if (unwritten) rc = 2;               // a requested output was not written
        if (c->dump) dump_state(session_world(&s));
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
    if (c->record && !session_record(&s, c->record)) fprintf(stderr, "%s\n", session_message(&s));
    RenderShooter *sh = NULL;
    int unwritten = 0;
    while (!session_done(&s) && !until_reached(c, session_world(&s))) {
        bool ok = session_step(&s, NULL);
        unwritten += take_shots(c, &sh, session_world(&s));
        if (!ok) break;
    }
    render_shooter_close(sh);
    // Stopped by --until: the checks of ticks 0..T ran; the end's do not.
    rc = cli_report(&s, until_reached(c, session_world(&s)) && !session_done(&s) ? session_rc(&s) : session_finish(&s));
    if (rc == 0) unwritten += missed_shots(c, session_tick(&s));
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
    if (c->dump) dump_state(session_world(&s));
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
        if (!strcmp(argv[i], "--dump-fields") || !strcmp(argv[i], "--diff-fields")) return cli_fields(argc, argv);
    }
    Cli c;
    int rc = cli_parse(argc, argv, &c);
    if (rc == 0 && c.version) {
        printf("bossrush %s (script format 1)\n", BOSSRUSH_VERSION);
        if (platform_data_found()) printf("data folder: %s\n", app_base_dir());
        else
            printf("data folder: none found (no assets/ and levels/ beside the binary, one folder up, in "
                   "../share/bossrush or in %s)\n", BOSSRUSH_DATADIR);
        printf("licence: zlib (code, generated assets and docs; see LICENSE)\n");
    }
    if (rc < 0) {
        if (c.headless || c.mode == MODE_BENCH || c.mode == MODE_REBLESS || c.mode == MODE_CONVERT || c.export_path)
            log_set_quiet(1);
        rc = run_mode(&c);
    }
    free(c.more);
    return rc;
}
