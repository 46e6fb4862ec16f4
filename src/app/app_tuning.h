// app_tuning.h -- live tuning in the window (docs/legs.md, "Live tuning"):
// the leg profiles (assets/legs/*.leg) and the arena's level file are
// watched twice a second and reloaded when they change, or at once with
// F5, without a restart; a file that does not load keeps the old values
// and stays on screen with its file:line:col until it is fixed. F2 opens
// the tuning panel: every profile value of the four legs, stepped with the
// keyboard (one leg or all), the legs' rings and arcs drawn meanwhile, F6
// saves them back into the files. The model is harness/tuning.h, the
// reloading harness/live.h; this file is the keys, the timing and drawing.
#pragma once
#include <SDL.h>
#include <stdbool.h>

#include "harness/live.h"
#include "sim/player/legs.h"

#define APP_TUNING_POLL_S 0.5      // seconds between two looks at the files' modification times
#define APP_TUNING_NOTE_S 4.0      // how long the panel shows its last answer (saved, refused)

typedef struct AppTuning {
    bool open;                     // the F2 panel is shown
    int row;                       // its selected row (harness/tuning.h)
    int leg;                       // its selected leg, 0..3, or TUNING_ALL
    LegProfile prof[LEGS_COUNT];   // the profiles in use, the panel's changes included
    LegProfile file[LEGS_COUNT];   // as the files hold them (the panel marks and saves the difference)
    LiveWatch watch;               // the four .leg files, then the arena's level file
    char level_path[1024];         // the level watched ("" for none)
    double next_poll_s;
    char legs_error[1600];         // the leg files do not load: why (shown until fixed; "" none)
    char level_error[1600];        // the arena's file does not load
    char note[400];                // the panel's last answer
    double note_until;
    bool level_edited;             // the fight now being played had its level reloaded: no best time
    bool rush_level_edited;        // ... some fight of this rush did: no best rush time
} AppTuning;

struct App;

// Reads the leg files (the built-in profiles when they do not load) and
// starts watching them. Call once the app knows its legs folder.
void app_tuning_init(struct App *a);
// F2, F5, and the panel's keys while it is open (true: the event is used).
bool app_tuning_event(struct App *a, const SDL_Event *e);
// Once a frame: looks at the files every APP_TUNING_POLL_S and reloads
// what changed; hands the panel's unsaved changes to the running arenas.
void app_tuning_frame(struct App *a, double now_s);
// A fight (re)starts: its level file is watched from now on. While a leg
// file does not load, the fight is not recorded (its profiles are not the
// files').
void app_tuning_arena_started(struct App *a);
// The profiles a new session takes instead of reading the leg files: the
// last ones that loaded while a leg file is broken, else NULL (read the
// files). Always NULL for --replay and --script.
const LegProfile *app_tuning_profiles(const struct App *a);
// Before a fight (re)starts on path: true (and the message on screen) when
// path is the level being tuned and it does not load now -- the fight on
// screen goes on instead of the program ending.
bool app_tuning_refuses(struct App *a, const char *path);
// The panel and the messages of files that do not load, over the frame.
void app_tuning_draw(struct App *a);
