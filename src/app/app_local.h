// app_local.h -- the inside of the app: its state, screens and flow, shared
// by app.c (the loop, events, arenas, results), app_screens.c (the menu
// screens: what their items are and do), app_menu.c (menu layout) and
// app_draw.c (drawing). Everyone else uses app.h.
#pragma once
#include <SDL.h>
#include <stdbool.h>
#include <stdint.h>

#include "app/app.h"
#include "app/app_menu.h"
#include "app/app_tuning.h"
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
#define RESULTS_DELAY 100      // ticks between the end of a fight and the results
#define MAX_LEVELS 64
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

typedef enum PlayMode {
    MODE_RUSH = 0,             // levels/*.lvl in name order, hearts carried over (sim/rush.h)
    MODE_PRACTICE,             // one arena picked on the practice screen
    MODE_SINGLE,               // --level FILE
    MODE_TAKEOVER,             // a replay taken over in the viewer (no best times; retry takes over again)
} PlayMode;

// What the results screen shows, fixed when it opens.
typedef struct Results {
    bool won;
    int64_t ticks;             // this attempt's fight time
    int hits;                  // hits taken in it
    int hp_left, hp_max;
    int64_t best;              // the arena's record before this run (0: none)
    bool new_best;
    bool rush_done;            // the last arena of a rush was won
    int next_hp;               // rush, won, more to come: hearts for the next arena
    int64_t rush_best;         // rush_done: the rush's record before (0: none)
    bool rush_new_best;
} Results;

// The viewer's state (app_viewer.c); the World and its seeking are App.play
// and App.scrub.
typedef struct Viewer {
    bool on;                   // App.scrub is open on App.play
    bool paused;
    bool touched;              // a key or click: the viewer stays open at the end
    bool from_menu;            // opened from the Replays screen (Esc goes back there)
    bool dragging;             // the mouse scrubs the timeline
    bool failure_told;         // the first failed check was reported
    int speed;                 // index into the speeds, 1/8x .. 16x
    double acc;                // seconds of replay due
    char path[1024];
} Viewer;

typedef struct App {
    const AppOptions *opt;
    Platform pf;
    Devices dev;
    Audio au;
    RenderCtx rc;
    Settings set;
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
    int level_count, level_idx;
    PlayMode mode;
    Rush rush;
    Difficulty rush_difficulty;  // fixed when a rush begins; the settings' may change meanwhile
    int hits;                  // hits taken in the current attempt
    Results res;
    Session play, attract;     // the arena played or watched; the title's attract arena
    Screen screen;
    Screen options_back;       // where the options screen returns to (title or pause)
    int sel[SCR_COUNT];        // highlighted item per screen
    int col;                   // controls: highlighted cell
    bool capturing;            // controls: waiting for a key or pad press
    int after_end;             // ticks stepped since the fight ended
    bool shot_done[APP_MAX_SHOTS];
    double acc;
    bool quit, screenshot;
    int exit_code;
    char toast[160];
    double toast_until;
    double fps_t0;
    int fps_frames;
    bool legs_warned;          // a missing leg profile was reported once
    int mouse_x, mouse_y;      // last pointer position, logical px
    int mouse_gx, mouse_gy;    // and on the desktop (did it really move?)
    bool cursor_on;
    AppTuning tune;            // live reloading and the F2 panel (app_tuning.c)
    // The fight's presentation timing (warning card, hit-stop, slow
    // motion; app/pace.h) and the arena its card was last shown for
    // (mode * MAX_LEVELS + level; -1 none): the same again is a retry.
    Pace pace;
    int paced_arena;
    // The replay lab (app_viewer.c, app_replays.c).
    Scrub scrub;
    Viewer view;
    char replays_dir[1100];    // <pref>/replays; "" when there is no preference folder
    ReplayList replays;        // the Replays screen's list, newest first
    int replays_page;
    char takeover_from[1024];  // MODE_TAKEOVER: the replay and tick taken over (retry does it again)
    int64_t takeover_tick;
    Session ghost;             // the best run raced, stepped beside App.play
    SDL_Texture *ghost_layer;  // render_ghost's target
    Hints hints;               // the newcomer prompts of the arena played (app_hints.c)
} App;

// The newcomer prompts (app_hints.c): an arena begins; after each tick of
// play (learned prompts saved in the settings); drawn over the fight.
void app_hints_begin(App *a);
void app_hints_tick(App *a);
void app_hints_draw(App *a);
// Shows a short message at the bottom of the screen for a moment.
void app_toast(App *a, const char *msg);
// The menu of a menu screen (title, practice, options, controls, pause,
// results) as it is now, laid out; false for the other screens.
bool app_screen_menu(App *a, Screen s, Menu *m);
// Acts on item `id` of screen s: delta 0 is OK (or a click), -1 / +1 are
// left / right (arrows, wheel). For cells, a->col says which.
void app_screen_apply(App *a, Screen s, int id, int delta);
// Back (Esc, B, right click) on screen s.
void app_screen_back(App *a, Screen s);
// The controls screen waiting for a press: takes the event (true) and
// binds, clears or cancels.
bool app_controls_capture(App *a, const SDL_Event *e);
// Flow, for the screens (app.c): open a screen; start playing (the rush
// from its first arena, practice arena `level`, or the --level arena);
// retry the arena; go on after the results (the next arena of the rush, a
// new rush after the last, the same arena again); leave for the title.
void app_open(App *a, Screen s);
void app_start(App *a, PlayMode mode, int level);
void app_retry(App *a);
void app_next(App *a);
void app_go_title(App *a);
// Back to the fight from the pause menu.
void app_resume(App *a);
// The world drawn behind a menu screen: the paused arena behind the pause
// side (pause, its options), else the title's attract arena (may be NULL).
const World *app_backdrop(const App *a);
// Saves the settings (when the file may be written) and applies them to
// the window, sound and renderer.
void app_settings_changed(App *a);
// Draws the current screen and presents it (app_draw.c).
void app_draw_frame(App *a);
// A tick the viewer just showed: effects, sounds when sound, --shot frames (app.c).
void app_watch_shown(App *a, bool sound);

// The viewer (app_viewer.c): opens path (a script or replay) on App.play
// and shows it; 0, or the exit code of what failed (printed to stderr
// when not from_menu, else a toast).
int app_viewer_open(App *a, const char *path, bool from_menu);
void app_viewer_close(App *a);
// A file dropped on the window (SDL_DROPFILE; the browser's page hands its
// dropped files and replay links over the same way): a .rpl or .script
// opens in the viewer (ending an arena being played), back to the Replays
// screen; anything else is refused with a toast.
void app_viewer_open_dropped(App *a, const char *path);
// Real time passing (seconds), the viewer's events and its drawing.
void app_viewer_frame(App *a, double dt_s);
void app_viewer_event(App *a, const SDL_Event *e);
void app_viewer_draw(App *a);
// --layout-check (app_layout.c): every screen at every size, its boxes
// checked; 0 when all pass, else 1. dir: where to save the frames, or NULL.
int app_layout_check(App *a, const char *dir);
// MODE_TAKEOVER's retry: the same replay taken over at the same tick again.
void app_viewer_retake(App *a);

// The replay folder (app_replays.c): its place; a new arena's recording
// begins; the arena ends (saved there as won, lost or quit, the folder
// pruned; also to --record's file); the ghost of the arena's best run
// starts, steps with the arena, is drawn, stops.
void app_replays_init(App *a);
void app_keep_start(App *a, const char *record_path);
void app_keep_finish(App *a, const char *record_path);
// A recording live tuning cut short (saved up to last_tick, app_tuning.c):
// without --record it was saved under the folder's working name, so it
// gets its kept name (result `quit`) and the folder is pruned.
void app_keep_cut(App *a, int64_t last_tick);
void app_ghost_start(App *a);
void app_ghost_tick(App *a);
void app_ghost_draw(App *a);
void app_ghost_stop(App *a);
// The Replays screen: its menu and an item's action (app_screens.c's
// table); the list read again from the folder (when the screen opens).
void app_replays_build(App *a, Menu *m);
void app_replays_apply(App *a, int id, int delta);
void app_replays_reload(App *a);
