// app_local.h -- the inside of the app: its state (App: the services, the
// fight, the stack of screens) and what a screen is (ScreenClass). Types
// only: what each part of the app does is declared in its own header
// (app_core.h the services and the stack, app_play.h the fight's flow,
// app_screens.h, app_viewer.h, app_replays.h, app_draw.h, ...), and those
// include each other without a circle (tests/layers.sh checks).
// Everyone outside the app uses app.h.
#pragma once
#include <SDL.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "app/app.h"
#include "app/app_menu.h"
#include "app/app_tuning.h"
#include "app/fight.h"
#include "app/hints.h"
#include "app/pace.h"
#include "audio/audio.h"
#include "harness/scrub.h"
#include "harness/session.h"
#include "platform/best.h"
#include "platform/devices.h"
#include "platform/platform.h"
#include "platform/replays.h"
#include "platform/settings.h"
#include "render/render.h"
#include "sim/rush.h"
#include "sim/world.h"

#define SIM_DT (1.0 / SIM_TICK_HZ)
#define MAX_CATCHUP 5          // ticks per frame at most; the rest is dropped
#define APP_STACK_MAX 8        // screens on the stack at most (the deepest: title, replays, play, pause, options, controls)
#define ATTRACT_TICKS (SIM_TICK_HZ * 45)

typedef enum Screen {
    SCR_TITLE = 0,
    SCR_PRACTICE,              // pick one arena
    SCR_OPTIONS,
    SCR_CONTROLS,              // key and pad rebinding
    SCR_PLAY,
    SCR_PAUSE,
    SCR_RESULTS,
    SCR_WATCH,                 // the viewer: --replay / --script, or a replay from the Replays screen
    SCR_REPLAYS,               // the replay folder's list (app_replays.c)
    SCR_COUNT,
} Screen;

// The viewer's state (app_viewer.c); the World and its seeking are App.fight.play
// and App.lab.scrub.
typedef struct Viewer {
    bool on;                   // App.lab.scrub is open on App.fight.play
    bool paused;
    bool touched;              // a key or click: the viewer stays open at the end
    bool from_menu;            // opened from the Replays screen (Esc goes back there)
    bool dragging;             // the mouse scrubs the timeline
    bool failure_told;         // the first failed check was reported
    int speed;                 // index into the speeds, 1/8x .. 16x
    double acc;                // seconds of replay due
    char path[1024];
} Viewer;

// The files the app reads and writes: settings, best times, the assets,
// the arenas of levels/ and the replay folder.
typedef struct AppFiles {
    bool settings_writable;    // settings_load said the file may be written
    char settings_path[1100];
    BestTimes best;
    bool best_writable;
    char best_path[1100];
    char assets[1100];
    char legs_dir[1200];       // assets/legs: every session's leg profiles
    char levels[MAX_LEVELS][1024];
    char level_names[MAX_LEVELS][128];   // each arena's `name`
    uint64_t level_hash[MAX_LEVELS];     // each arena's level_text_hash (0: it does not parse)
    int level_count;
    char replays_dir[1100];    // <pref>/replays; "" when there is no preference folder
} AppFiles;

struct App;

// A screen: a small object the stack holds by its Screen id. Every hook may
// be NULL (nothing to do), but frame and draw. Menu screens have build (its
// items as they are now, laid out), apply (item id's OK, delta 0, or its
// left / right, -1 / +1) and back (Esc, B, a right click); their events
// are the menu's (app_menu_event) unless event says otherwise.
typedef struct ScreenClass {
    void (*enter)(struct App *a);                       // pushed, or switched to
    void (*exit)(struct App *a);                        // popped, or switched from
    void (*event)(struct App *a, const SDL_Event *e);   // an event while on top
    void (*frame)(struct App *a, double dt_s);          // real time passing while on top: the ticks due
    void (*draw)(struct App *a);                        // the whole picture while on top
    void (*build)(struct App *a, Menu *m);
    void (*apply)(struct App *a, int id, int delta);
    void (*back)(struct App *a);
} ScreenClass;

// The screens: a stack (the top is shown and gets the events; going back
// pops), and what the menus remember.
typedef struct AppStack {
    const ScreenClass *const *classes;   // by Screen id (app.c's table)
    Screen id[APP_STACK_MAX];
    int n;
    int sel[SCR_COUNT];        // highlighted item per screen
    int col;                   // controls: highlighted cell
    bool capturing;            // controls: waiting for a key or pad press
} AppStack;

// The loop's state and what the window shows besides the screens.
typedef struct AppUi {
    double acc;                // simulation seconds due
    bool quit, screenshot;
    int exit_code;
    bool shot_done[APP_MAX_SHOTS];
    char toast[160];
    double toast_until;
    double last_s;             // the previous pass of the loop (its dt)
    double fps_t0;
    int fps_frames;
    bool legs_warned;          // a missing leg profile was reported once
    int mouse_x, mouse_y;      // last pointer position, logical px
    int mouse_gx, mouse_gy;    // and on the desktop (did it really move?)
    bool cursor_on;
} AppUi;

// The replay lab (app_viewer.c, app_replays.c).
typedef struct AppLab {
    Scrub scrub;
    Viewer view;
    ReplayList replays;        // the Replays screen's list, newest first
    int replays_page;
    SDL_Texture *ghost_layer;  // render_ghost's target
} AppLab;

// The app: its services (platform, devices, audio, render, settings and
// files), the fight, the title's attract arena and the screens.
typedef struct App {
    const AppOptions *opt;
    Platform pf;
    Devices dev;
    Audio au;
    RenderCtx rc;
    Settings set;
    AppFiles files;
    Fight fight;               // the arena played or watched (app/fight.h)
    Session attract;           // the title's attract arena
    AppStack stack;
    AppUi ui;
    AppTuning tune;            // live reloading and the F2 panel (app_tuning.c)
    AppLab lab;
    Hints hints;               // the newcomer prompts of the arena played (app_hints.c)
} App;

// The screen on top of the stack (the one shown and given the events).
static inline Screen app_top(const App *a) { return a->stack.n ? a->stack.id[a->stack.n - 1] : SCR_TITLE; }

// Shows a short message at the bottom of the screen for a moment.
static inline void app_toast(App *a, const char *msg) {
    snprintf(a->ui.toast, sizeof a->ui.toast, "%.150s", msg);
    a->ui.toast_until = platform_now_s() + 2.5;
}
