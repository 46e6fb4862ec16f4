// app_local.h -- the inside of the app: its state and screens, shared by
// app.c (flow, ticks, menus, events, setup) and app_draw.c (drawing the
// screens). Everyone else uses app.h.
#pragma once
#include <SDL.h>
#include <stdbool.h>
#include <stdint.h>

#include "app/app.h"
#include "audio/audio.h"
#include "platform/devices.h"
#include "platform/platform.h"
#include "platform/settings.h"
#include "render/render.h"
#include "harness/session.h"
#include "sim/world.h"

#define SIM_DT (1.0 / SIM_TICK_HZ)
#define MAX_CATCHUP 5          // ticks per frame at most; the rest is dropped
#define RESULTS_DELAY 100      // ticks between the end of a fight and the results
#define MAX_LEVELS 64
#define ATTRACT_TICKS (SIM_TICK_HZ * 45)

typedef enum Screen {
    SCR_TITLE = 0,
    SCR_PLAY,
    SCR_PAUSE,
    SCR_RESULTS,
    SCR_WATCH,                 // --replay / --script
} Screen;

typedef struct App {
    const AppOptions *opt;
    Platform pf;
    Devices dev;
    Audio au;
    RenderCtx rc;
    Settings set;
    char settings_path[1100];
    char assets[1100];
    char legs_dir[1200];       // assets/legs: every session's leg profiles
    char levels[MAX_LEVELS][1024];
    int level_count, level_idx;
    Session play, attract;     // the arena played or watched; the title's attract arena
    Screen screen;
    int sel;                   // highlighted menu item
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
    int64_t rush_ticks;        // fight time of the arenas won so far in this rush
} App;

enum { TITLE_PLAY = 0, TITLE_MUSIC, TITLE_SFX, TITLE_FULLSCREEN, TITLE_QUIT, TITLE_N };
enum { PAUSE_RESUME = 0, PAUSE_RETRY, PAUSE_QUIT, PAUSE_N };

// Shows a short message at the bottom of the screen for a moment.
void app_toast(App *a, const char *msg);
// The results menu's items for the current outcome; returns how many.
int app_results_items(const App *a, const char **items);
// Draws the current screen and presents it (app_draw.c).
void app_draw_frame(App *a);
