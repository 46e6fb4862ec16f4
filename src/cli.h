// cli.h -- the command line's parsed form, shared by main.c (the headless
// modes) and the cli_*.c files (parsing, --bench, --export, the batch and
// the lab), and the helpers every mode opens its session with
// (cli_session.c).
#pragma once
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "app/app.h"
#include "harness/session.h"

#define BENCH_TICKS (60 * SIM_TICK_HZ)   // a minute of play
// --bench keeps two timings a tick (16 bytes): at most 16 MB of them.
#define BENCH_MAX_TICKS 1000000

typedef enum Mode {
    MODE_PLAY = 0,             // the boss rush
    MODE_LEVEL,
    MODE_SCRIPT,
    MODE_REPLAY,
    MODE_BENCH,
    MODE_REBLESS,              // hidden: rewrite a replay's checksums
    MODE_CONVERT,              // .lvl <-> .tmj
} Mode;

typedef struct Cli {
    Mode mode;
    const char *file;
    const char *out;           // --convert's output
    const char *record;
    bool headless, dump, render, debug, compare_naive;
    bool has_ticks, has_seed;
    int64_t ticks;
    uint32_t seed;
    AppShot shots[APP_MAX_SHOTS];
    int shot_count;
    // The replay lab's options (parse_lab_option).
    const char **more;         // --replay A B ...: the files after the first (malloc'd)
    int more_n;
    int jobs;                  // --jobs N: processes verifying at once (0: one, in this process)
    bool has_until, has_from;
    int64_t until, from;       // --until T, --from T
    const char *export_path;   // --export OUT
    bool layout_check;         // --layout-check [DIR]
    const char *layout_dir;
    int window;                // --fullscreen 1, --windowed 0, neither -1 (the settings')
    bool version;              // --version: main prints it
} Cli;

// Fills c from argv (cli_args.c). Returns -1 to go on, else an exit code:
// 0 after --help (printed) or --version (c->version: the caller prints
// it), 2 for a bad command line (said on stderr). c->more is malloc'd
// (free it) whatever it returns.
int cli_parse(int argc, char **argv, Cli *c);


// The helpers (cli_session.c).
// <data>/assets, where the game's pictures, sounds and leg profiles are.
const char *cli_assets_dir(void);
// How every headless mode opens its session: the leg profiles from
// <data>/assets/legs (the app does the same, so replays agree).
SessionSetup cli_setup_for(const Cli *c);
// Prints the session's warning and, when it failed, its message; returns rc.
int cli_report(const Session *s, int rc);
// When main started (--bench --render's startup_ms; main sets it first).
extern double cli_main_start_us;

// --replay FILE --export OUT (cli_export.c): 0, 1 on a desync, 2 when a
// write failed or ffmpeg is missing for a video.
int cli_export(const Cli *c);
// --bench (docs/bench.md): 0, 1 when a check failed, 2 on bad input.
int cli_bench(const Cli *c);

// A file of a batch (cli_batch.c): its exit code and its line ("PATH: ok"
// or the message).
typedef struct BatchJob {
    const char *path;
    int rc;                    // -1 while running
    int fd;                    // the child's line, read when it has exited
    pid_t pid;                 // 0: run here
    char line[1700];
} BatchJob;
// Verifies jobs[0..n) as --replay --headless would (c->jobs at once in
// child processes) and calls done for each, in the order given, as soon as
// it and every one before it have finished.
void cli_batch_each(const Cli *c, BatchJob *jobs, int n, void (*done)(void *ctx, const BatchJob *j), void *ctx);
// --replay A B ... --headless [--jobs N]: 0, 1 when one failed, 2 when one was unreadable.
int cli_run_batch(const Cli *c);
// The test lab (docs/testing.md), each parsing its own command line:
// --test FILE... [--jobs J] [--junit OUT.xml] [--tap] (cli_batch.c) and
// --explore ARENA... (cli_explore.c).
int cli_test(int argc, char **argv);
int cli_explore(int argc, char **argv);
// --dump-fields FILE TICK [OUT] and --diff-fields A B [MAX] (cli_fields.c,
// docs/fields.md): 0, 1 when the run stopped before TICK or the dumps
// differ, 2 on bad input.
int cli_fields(int argc, char **argv);
