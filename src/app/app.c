// app.c -- the windowed program: the loop and the events, handed to the
// screen on top of the stack (app_local.h's ScreenClass; the table below
// lists them), and the app's start and end. The title (with a live attract
// arena), practice, options, play (the boss rush, one arena), pause,
// results, and the replay/script viewer are screens of their own files.
// Owns the fixed-timestep loop: real time decides how many ticks run,
// never what they compute; rendering never feeds back into the sim.
#include "app/app_local.h"
#ifdef __EMSCRIPTEN__
#include "platform/web.h"
#endif

#include <SDL.h>
#include <SDL_image.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/app_core.h"
#include "app/app_draw.h"
#include "app/app_layout.h"
#include "app/app_play.h"
#include "app/app_replays.h"
#include "app/app_screens.h"
#include "app/app_tuning.h"
#include "app/app_viewer.h"
#include "core/fs.h"
#include "core/log.h"

// Every screen, by its Screen id.
static const ScreenClass *const SCREENS[SCR_COUNT] = {
    [SCR_TITLE] = &app_title_screen,
    [SCR_PRACTICE] = &app_practice_screen,
    [SCR_OPTIONS] = &app_options_screen,
    [SCR_CONTROLS] = &app_controls_screen,
    [SCR_PLAY] = &app_play_screen,
    [SCR_PAUSE] = &app_pause_screen,
    [SCR_RESULTS] = &app_results_screen,
    [SCR_WATCH] = &app_watch_screen,
    [SCR_REPLAYS] = &app_replays_screen,
};

// ---------------------------------------------------------------- files

// levels/*.lvl next to the binary, in name order (the boss rush), with the
// names the menus show (the file name when a level does not parse: playing
// it then reports why).
static void find_levels(App *a) {
    char dir[1100];
    fs_join(app_base_dir(), "levels", dir, sizeof dir);
    a->files.level_count = 0;
    FsList l;
    if (!fs_list(dir, ".lvl", &l)) return;
    for (int i = 0; i < l.count && a->files.level_count < MAX_LEVELS; i++) {
        int k = a->files.level_count;
        if (!fs_join(dir, l.names[i], a->files.levels[k], sizeof a->files.levels[0])) continue;
        Level lv;
        ParseError err;
        if (session_load_level(&lv, a->files.levels[k], &err)) {
            snprintf(a->files.level_names[k], sizeof a->files.level_names[0], "%s", lv.name);
            a->files.level_hash[k] = lv.hash;
            level_free(&lv);
        } else {
            snprintf(a->files.level_names[k], sizeof a->files.level_names[0], "%s", l.names[i]);
            a->files.level_hash[k] = 0;
        }
        a->files.level_count++;
    }
    fs_list_free(&l);
}

// ---------------------------------------------------------------- events

static void handle_event(App *a, const SDL_Event *e) {
    if (e->type == SDL_QUIT) {
        a->ui.quit = true;
        return;
    }
    if (e->type == SDL_DROPFILE) {        // a replay dropped on the window (or the browser's page)
        app_viewer_open_dropped(a, e->drop.file);
        SDL_free(e->drop.file);
        return;
    }
    if (devices_event(&a->dev, e)) return;
    // Alt-tabbing away mid-fight pauses it.
    if (e->type == SDL_WINDOWEVENT && e->window.event == SDL_WINDOWEVENT_FOCUS_LOST && app_top(a) == SCR_PLAY &&
        session_world(&a->fight.play)->state == GAME_PLAYING) {
        app_pause(a);
        return;
    }
    if (app_top(a) == SCR_CONTROLS && a->stack.capturing && app_controls_capture(a, e)) return;
    if (app_tuning_event(a, e)) return;
    if (e->type == SDL_KEYDOWN && !e->key.repeat) {
        SDL_Scancode k = e->key.keysym.scancode;
        if (k == SDL_SCANCODE_F11 || (k == SDL_SCANCODE_RETURN && (e->key.keysym.mod & KMOD_ALT))) {
            a->set.fullscreen = !a->pf.fullscreen;
            app_settings_changed(a);
            return;
        }
        if (k == SDL_SCANCODE_F1) {
            a->set.debug = !a->rc.debug;
            app_settings_changed(a);
            return;
        }
        if (k == SDL_SCANCODE_F12) {
            a->ui.screenshot = true;
            return;
        }
    }
    // The top screen's own events, else its menu's.
    const ScreenClass *c = a->stack.classes[app_top(a)];
    if (c->event) c->event(a, e);
    else app_menu_event(a, e);
}

// ---------------------------------------------------------------- setup

static void app_free(App *a) {
    app_viewer_close(a);
    fight_end(&a->fight);
    replays_list_free(&a->lab.replays);
    session_close(&a->attract);
    if (a->lab.ghost_layer) SDL_DestroyTexture(a->lab.ghost_layer);
    audio_shutdown(&a->au);
    render_shutdown(&a->rc);
    devices_free(&a->dev);
    platform_close(&a->pf);
}

// The pointer shows on menu screens and hides during play.
static void update_cursor(App *a) {
    bool want = app_top(a) != SCR_PLAY;   // the viewer's timeline takes the mouse
    if (want == a->ui.cursor_on) return;
    SDL_ShowCursor(want ? SDL_ENABLE : SDL_DISABLE);
    a->ui.cursor_on = want;
}

// One pass of the app's loop: the events, the ticks due (real time decides
// how many), the frame drawn. false once the app quits; nothing of the pass
// runs after that.
static bool app_frame(App *a) {
    if (a->ui.quit) return false;      // --layout-check quits before the first pass
    SDL_Event e;
    while (SDL_PollEvent(&e) && !a->ui.quit) handle_event(a, &e);
    if (a->ui.quit) return false;
    MenuAction stick = devices_stick_menu(&a->dev);
    if (stick != MENU_NONE && SCREENS[app_top(a)]->build && !a->stack.capturing) app_menu_act(a, stick);
    if (a->ui.quit) return false;
    double now = platform_now_s(), dt = now - a->ui.last_s;
    app_tuning_frame(a, now);
    a->ui.last_s = now;
    if (dt > 0.25) dt = 0.25;          // after a stall, don't sprint
    a->rc.time_s += dt;
    SCREENS[app_top(a)]->frame(a, dt);   // the ticks due: the fight's, the attract arena's, the viewer's
    if (a->ui.quit) return false;
    platform_update_scale(&a->pf);
    update_cursor(a);
    const World *w = app_backdrop(a);
    if (w) render_camera_update(&a->rc, w, dt);
    app_draw_frame(a);
    a->ui.fps_frames++;
    if (now - a->ui.fps_t0 >= 0.5) {
        a->rc.fps = a->ui.fps_frames / (now - a->ui.fps_t0);
        a->ui.fps_frames = 0;
        a->ui.fps_t0 = now;
    }
#ifndef __EMSCRIPTEN__
    // Without vsync (dummy or software drivers), don't spin a core (the
    // browser calls the frame at its own pace).
    if (platform_now_s() - now < 0.002) SDL_Delay(1);
#endif
    return true;
}

// The end of the app once its loop has ended: the exit code (2 for a --shot
// not written) and the teardown.
static int app_end(App *a) {
    const AppOptions *opt = a->opt;
    int rc = a->ui.exit_code;
    for (int i = 0; i < opt->shot_count; i++)
        if (!a->ui.shot_done[i]) {
            log_warn("--shot %" PRId64 ":%s not written: the window closed before that tick", opt->shots[i].tick,
                     opt->shots[i].path);
            if (!rc) rc = 2;
        }
    app_free(a);
    free(a);
    return rc;
}

#ifdef __EMSCRIPTEN__
// The browser's frame (platform/web.h's main loop): one pass of the loop,
// and once the app quits, its end (the page offers "play again").
static void browser_frame(void *arg) {
    App *a = arg;
    if (app_frame(a)) web_frame_done();
    else web_program_ended(app_end(a));
}
#endif

int app_main(const AppOptions *opt) {
    App *a = calloc(1, sizeof *a);
    if (!a) {
        fprintf(stderr, "bossrush: out of memory\n");
        return 2;
    }
    a->opt = opt;
    a->stack.classes = SCREENS;
    snprintf(a->files.assets, sizeof a->files.assets, "%sassets", app_base_dir());
    fs_join(a->files.assets, "legs", a->files.legs_dir, sizeof a->files.legs_dir);
    app_tuning_init(a);
    find_levels(a);
    bool watch = opt->replay_path || opt->script_path;
    if (!watch && !opt->level_path && a->files.level_count == 0) {
        fprintf(stderr, "bossrush: no arenas (*.lvl) in %slevels\n", app_base_dir());
        free(a);
        return 2;
    }
    const char *pref = platform_pref_dir();
    settings_default(&a->set);
    best_clear(&a->files.best);
    if (pref[0]) {
        // Temp files of a save that was killed before its rename go first.
        fs_clean_temps(pref);
        snprintf(a->files.settings_path, sizeof a->files.settings_path, "%ssettings.txt", pref);
        a->files.settings_writable = settings_load(&a->set, a->files.settings_path);
        snprintf(a->files.best_path, sizeof a->files.best_path, "%sbest.txt", pref);
        a->files.best_writable = best_load(&a->files.best, a->files.best_path);
    }
    app_replays_init(a);
    if (a->files.replays_dir[0]) fs_clean_temps(a->files.replays_dir);
    bool fullscreen = opt->window >= 0 ? opt->window == 1 : a->set.fullscreen;
    if (!platform_open(&a->pf, "bossrush", fullscreen, a->set.vsync, RENDER_LOGICAL_W, RENDER_LOGICAL_H)) {
        free(a);
        return 2;
    }
    // The flag's window from here on (Options and F11 change it as usual;
    // the settings file is written only when a setting is changed).
    a->set.fullscreen = a->pf.fullscreen;
    platform_set_integer_scale(&a->pf, a->set.integer_scale);
    devices_init(&a->dev, &a->set.bind);
    char icon_path[1300];
    snprintf(icon_path, sizeof icon_path, "%s/hud/heart.png", a->files.assets);
    SDL_Surface *icon = IMG_Load(icon_path);
    if (icon) {
        SDL_SetWindowIcon(a->pf.win, icon);
        SDL_FreeSurface(icon);
    }
    if (!render_init(&a->rc, a->pf.r, a->files.assets)) {
        fprintf(stderr, "bossrush: out of memory\n");
        platform_close(&a->pf);
        free(a);
        return 2;
    }
    a->rc.debug = a->set.debug || opt->debug;
    audio_init(&a->au, a->files.assets, a->pf.audio_ok);
    audio_set_volume(&a->au, a->set.music_volume, a->set.sfx_volume);
    a->ui.cursor_on = SDL_ShowCursor(SDL_QUERY) == SDL_ENABLE;
    // Where the pointer rests as the window opens: the motion event that
    // comes with the window is no move (it must not pick a menu item).
    SDL_GetGlobalMouseState(&a->ui.mouse_gx, &a->ui.mouse_gy);
    FightEnv env = {.replays_dir = a->files.replays_dir, .record_path = opt->record_path, .legs_dir = a->files.legs_dir,
                    .best = &a->files.best, .now_s = platform_now_s};
    fight_init(&a->fight, &env);
    a->fight.mode = opt->level_path ? MODE_SINGLE : MODE_RUSH;

    int rc = 0;
    if (watch) rc = app_viewer_open(a, opt->replay_path ? opt->replay_path : opt->script_path, false);
    else if (opt->level_path && !app_arena_load(a, &a->attract, opt->level_path, true, false)) rc = 2;
    else app_go_title(a);
    if (!rc && opt->layout_check) {
        a->ui.quit = true;
        a->ui.exit_code = app_layout_check(a, opt->layout_dir);
    }
    if (rc) {
        app_free(a);
        free(a);
        return rc;
    }

    a->ui.last_s = platform_now_s();
    a->ui.fps_t0 = a->ui.last_s;
#ifdef __EMSCRIPTEN__
    web_main_loop(browser_frame, a);  // never returns: the browser calls browser_frame once a frame
    return 0;
#else
    while (app_frame(a)) {}
    return app_end(a);
#endif
}
