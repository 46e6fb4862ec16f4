// cli_args.c -- the command line into a Cli (cli_parse, cli.h): options,
// their values and which go together. Pure C, no SDL and no files, so
// tests/fuzz/fuzz_cli.c runs it on any argument vector.
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "harness/script.h"
#include "sim/tmj.h"

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
    "  --dump-fields FILE TICK [OUT]\n"
    "                          every hashed field of a script's or replay's World\n"
    "                          after tick TICK, one line each (to OUT or stdout)\n"
    "  --diff-fields A B [MAX] the first MAX (20) fields where two dumps differ\n"
    "                          (docs/fields.md)\n"
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

// (cli.h)
int cli_parse(int argc, char **argv, Cli *c) {
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
            c->version = true;             // main prints it (the data folder is the platform's)
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

