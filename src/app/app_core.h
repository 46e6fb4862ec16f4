// app_core.h -- the app's services for every screen (app_core.c): the
// settings and best times saved, the render levels, the stack of screens,
// the menus' keys and pointer, the title's attract arena, what a tick shows
// (effects, sounds, rumble, --shot frames) and the way back to the title.
// It calls no screen: screens are reached through the stack's table.
#pragma once
#include "app/app_local.h"

// The stack (each keeps the menus' pointer and capture off and sets the
// render levels): s pushed over the top; the top popped (back); the top
// replaced by s; everything popped and s alone. enter / exit run for the
// screens pushed and popped.
void app_push(App *a, Screen s);
void app_pop(App *a);
void app_switch(App *a, Screen s);
void app_reset(App *a, Screen s);
// The menu of screen s as it is now, laid out; false for the screens that
// are no menu. Acts on item id of screen s (delta 0 OK or a click, -1 / +1
// left / right; for cells stack.col says which). Back on screen s.
bool app_screen_menu(App *a, Screen s, Menu *m);
void app_screen_apply(App *a, Screen s, int id, int delta);
void app_screen_back(App *a, Screen s);
// A menu move, OK or back on the top menu screen; an event there (keys,
// pad, pointer: hovering highlights, a click acts, the wheel steps).
void app_menu_act(App *a, MenuAction act);
void app_menu_event(App *a, const SDL_Event *e);
// A menu screen's real time: the title's attract arena runs behind it, or
// the paused arena stands still.
void app_menu_frame(App *a, double dt_s);
// Runs tick(a) for every whole tick App.ui.acc holds, MAX_CATCHUP at most
// (a longer backlog is dropped).
void app_run_ticks(App *a, void (*tick)(App *a));
// Saves the settings (when the file may be written) and applies them to
// the window, sound and renderer.
void app_settings_changed(App *a);
// Saves the best times (a toast when they cannot be).
void app_save_best(App *a);
// The session setup every arena opens with (the leg profiles as the
// headless modes load them, the difficulty, the assist, the rush's hearts);
// attract: the title's arena (none of the player's choices).
SessionSetup app_setup(const App *a, bool attract);
// The profile warning of a session (built-in leg profiles used), once.
void app_warn_once(App *a, const Session *s);
// The level file of the arena played (NULL when none).
const char *app_level_path(const App *a);
// The program ends with exit code 2 (a load error).
void app_fail_exit(App *a);
// What the app does with a tick just simulated in w: effects, sounds,
// rumble; the --shot frames of that tick.
void app_after_tick(App *a, const World *w);
void app_take_shots(App *a, const World *w);
// A tick the viewer just showed: effects, sounds when sound, --shot frames.
void app_watch_shown(App *a, bool sound);
// The world drawn behind a menu screen: the paused arena behind the pause
// side (pause, its options), else the title's attract arena (may be NULL).
const World *app_backdrop(const App *a);
// Leaves whatever is shown for the title (the fight ended, its recording
// kept), with the attract arena behind it.
void app_go_title(App *a);
// Opens the title's attract arena: levels/'s first, or --level's.
void app_attract_start(App *a);
// Opens path as a bare arena into s (the attract arena: attract). Prints
// the error (unless quiet) and returns false on failure.
bool app_arena_load(App *a, Session *s, const char *path, bool attract, bool quiet);
