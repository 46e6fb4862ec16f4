// app.h -- the windowed program: screens and flow (title, practice,
// options, controls, play, pause, results, replay viewer). main.c hands it
// the parsed command line.
#pragma once
#include <stdbool.h>
#include <stdint.h>

#define APP_MAX_SHOTS 64

typedef struct AppShot {
    int64_t tick;              // after this tick has been simulated
    const char *path;          // PNG to write
} AppShot;

typedef struct AppOptions {
    const char *level_path;    // --level: one arena; NULL = the boss rush
    const char *record_path;   // --record
    const char *replay_path;   // --replay (watch in a window)
    const char *script_path;   // --script (run in a window, real time)
    AppShot shots[APP_MAX_SHOTS];
    int shot_count;
    bool debug;                // --debug: start with the F1 overlay on
    bool layout_check;         // --layout-check: check every screen's layout at every size, then quit
    const char *layout_dir;    // ... saving the frames there (NULL: not saved)
    int window;                // --fullscreen 1, --windowed 0: this run's window (not saved); -1 the settings'
} AppOptions;

// Runs the windowed program; returns the process exit code (0, 1 or 2).
// Play (the boss rush, a practice arena, or --level): title -> play ->
// pause/results, settings and best times in the preference folder
// (docs/controls.md); --record saves one replay per arena (FILE alone for
// --level, else FILE-N.rpl, N the arena's place in levels/, with a
// trailing .rpl of FILE dropped). --replay / --script: watch in real time,
// verifying; 1 on the first failed check or desync, 0 at the end.
int app_main(const AppOptions *opt);
// Folder holding assets/ and levels/ (platform_data_dir); ends with '/'.
const char *app_base_dir(void);
