// app_play.c -- the fight's flow in the window (app_play.h): the arena
// started (app/fight.h) behind its warning card, its ticks with the
// player's input, pause and resume, the results; the play screen. Real
// time decides how many ticks run, never what they compute.
#include "app/app_play.h"

#include <SDL.h>
#include <stdio.h>

#include "app/app_core.h"
#include "app/app_draw.h"
#include "app/app_hints.h"
#include "app/app_tuning.h"
#include "app/app_viewer.h"
#include "render/fx.h"

// ---------------------------------------------------------------- pacing

// Fire or jump closes the warning card; the press does not also fire or
// jump in the arena (held buttons are ignored until released).
static void card_input(App *a) {
    if (app_top(a) != SCR_PLAY || !pace_card(&a->fight.pace)) return;
    Input in = devices_sample(&a->dev);
    if (!(in.buttons & (BTN_FIRE | BTN_JUMP))) return;
    pace_skip(&a->fight.pace);
    devices_suppress_held(&a->dev);
}

// ---------------------------------------------------------------- arenas

// Starts (or restarts) the current arena. A load error ends the program (2),
// but for the arena being tuned while its file is broken (app_tuning_refuses).
static void start_arena(App *a) {
    const char *path = app_level_path(a);
    if (path && app_tuning_refuses(a, path)) return;
    session_close(&a->attract);
    if (!path) {
        fight_end(&a->fight);
        fprintf(stderr, "bossrush: no arenas found in %slevels\n", app_base_dir());
        app_fail_exit(a);
        return;
    }
    SessionSetup setup = app_setup(a, false);
    bool ok = fight_start(&a->fight, path, &setup, a->set.ghost);
    app_warn_once(a, &a->fight.play);
    if (!ok) {
        fprintf(stderr, "%s\n", session_message(&a->fight.play));
        fight_end(&a->fight);
        app_fail_exit(a);
        return;
    }
    if (a->fight.note[0]) app_toast(a, a->fight.note);
    a->rc.arena_name = session_level(&a->fight.play)->name;
    a->rc.cam_valid = false;
    fx_clear(&a->rc);
    audio_play(&a->au, SFX_WARNING);
    a->ui.acc = 0;
    app_reset(a, SCR_PLAY);
    devices_suppress_held(&a->dev);
    audio_pause(&a->au, false);
    app_hints_begin(a);
    app_tuning_arena_started(a);
    audio_music(&a->au, true);
}

void app_start(App *a, PlayMode mode, int level) {
    a->fight.mode = mode;
    a->fight.level_idx = mode == MODE_PRACTICE ? level : 0;
    if (mode == MODE_RUSH) fight_rush_begin(&a->fight, a->files.level_count, a->set.difficulty);
    start_arena(a);
}

void app_retry(App *a) {
    fight_abandon(&a->fight);   // an attempt left before its end still counts in the rush
    if (a->fight.mode == MODE_TAKEOVER) app_viewer_retake(a);
    else start_arena(a);
}

void app_next(App *a) {
    if (a->fight.mode == MODE_RUSH) {
        if (a->fight.rush.complete) fight_rush_begin(&a->fight, a->files.level_count, a->set.difficulty);
        a->fight.level_idx = a->fight.rush.arena;
    }
    start_arena(a);
}

// ---------------------------------------------------------------- ticks

// Fixes what the results screen shows (app/fight.h); a record beaten is saved.
static void open_results(App *a) {
    if (fight_results(&a->fight, app_level_path(a), a->tune.level_edited, a->tune.rush_level_edited)) app_save_best(a);
}

static void play_tick(App *a) {
    const World *w = session_world(&a->fight.play);
    Input in = app_top(a) == SCR_PLAY ? devices_sample(&a->dev) : (Input){0};
    bool results = fight_tick(&a->fight, &in, app_top(a) == SCR_PLAY);
    app_after_tick(a, w);
    app_take_shots(a, w);
    app_hints_tick(a);
    if (results) {
        open_results(a);
        a->stack.sel[SCR_RESULTS] = 0;
        app_switch(a, SCR_RESULTS);
        if (w->state == GAME_WON) audio_play(&a->au, SFX_CLEAR);
    }
}

// Real time -> fight time: the card, hit-stops and slow motion.
static void fight_frame(App *a, double dt_s) {
    a->ui.acc += pace_step(&a->fight.pace, dt_s);
    app_run_ticks(a, play_tick);
}

static void play_frame(App *a, double dt_s) {
    card_input(a);
    fight_frame(a, dt_s);
}

void app_results_frame(App *a, double dt_s) { fight_frame(a, dt_s); }

// ---------------------------------------------------------------- pause

static void pause_set(App *a, bool on) {
    a->stack.sel[SCR_PAUSE] = 0;
    if (on) app_push(a, SCR_PAUSE);
    else app_pop(a);
    a->ui.acc = 0;
    devices_suppress_held(&a->dev);
    audio_pause(&a->au, on);
}

void app_pause(App *a) { pause_set(a, true); }

void app_resume(App *a) { pause_set(a, false); }

static bool is_pause_event(const SDL_Event *e) {
    return (e->type == SDL_KEYDOWN && !e->key.repeat && e->key.keysym.scancode == SDL_SCANCODE_ESCAPE) ||
           (e->type == SDL_CONTROLLERBUTTONDOWN && e->cbutton.button == SDL_CONTROLLER_BUTTON_START);
}

static void play_event(App *a, const SDL_Event *e) {
    if (is_pause_event(e) && session_world(&a->fight.play)->state == GAME_PLAYING) pause_set(a, true);
}

const ScreenClass app_play_screen = {.event = play_event, .frame = play_frame, .draw = app_draw_play};
