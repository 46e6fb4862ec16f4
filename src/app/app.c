// app.c -- the windowed program: title (with a live attract arena), play
// (boss rush or one arena), pause, results, and the replay/script viewer.
// Owns the fixed-timestep loop: real time decides how many ticks run,
// never what they compute; rendering never feeds back into the sim.
#include "app/app_local.h"
#ifdef __EMSCRIPTEN__
#include "platform/web.h"
#endif

#include <SDL.h>
#include <SDL_image.h>
#include <dirent.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audio/audio.h"
#include "core/fs.h"
#include "core/log.h"
#include "platform/devices.h"
#include "platform/platform.h"
#include "platform/settings.h"
#include "render/fx.h"
#include "render/render.h"
#include "harness/session.h"
#include "sim/world.h"

// ---------------------------------------------------------------- files

const char *app_base_dir(void) { return platform_data_dir(); }

// levels/*.lvl next to the binary, in name order (the boss rush).
static void find_levels(App *a) {
    char dir[1100];
    fs_join(app_base_dir(), "levels", dir, sizeof dir);
    a->level_count = 0;
    FsList l;
    if (!fs_list(dir, ".lvl", &l)) return;
    for (int i = 0; i < l.count && a->level_count < MAX_LEVELS; i++)
        if (fs_join(dir, l.names[i], a->levels[a->level_count], sizeof a->levels[0])) a->level_count++;
    fs_list_free(&l);
}

static void save_settings(App *a) {
    if (a->settings_path[0]) settings_save(&a->set, a->settings_path);
}

void app_toast(App *a, const char *msg) {
    snprintf(a->toast, sizeof a->toast, "%.150s", msg);
    a->toast_until = platform_now_s() + 2.5;
}

// ---------------------------------------------------------------- arenas

// How the app opens every session: the leg profiles from assets/legs,
// exactly as the headless modes load them (so replays agree).
static SessionSetup app_setup(const App *a) { return (SessionSetup){.legs_dir = a->legs_dir}; }

// The profile warning (built-in leg profiles used) is reported once.
static void warn_once(App *a, const Session *s) {
    if (!s->warning[0] || a->legs_warned) return;
    log_warn("%s", s->warning);
    a->legs_warned = true;
}

// Opens path as a bare arena into s. Prints the error (unless quiet) and
// returns false on failure.
static bool arena_load(App *a, Session *s, const char *path, bool quiet) {
    session_close(s);
    SessionSetup setup = app_setup(a);
    int rc = session_open_level(s, path, &setup);
    warn_once(a, s);
    if (rc == 0) return true;
    if (!quiet) fprintf(stderr, "%s\n", s->msg);
    session_close(s);
    return false;
}

// Replay file for the arena being played: FILE alone for one arena, else
// FILE-N.rpl (N = the arena's place in the rush, 1-based).
static void record_path(const App *a, char *out, size_t n) {
    const char *f = a->opt->record_path;
    if (a->opt->level_path) {
        snprintf(out, n, "%s", f);
        return;
    }
    size_t l = strlen(f);
    int stem = (int)(l > 4 && strcmp(f + l - 4, ".rpl") == 0 ? l - 4 : l);
    snprintf(out, n, "%.*s-%d.rpl", stem, f, a->level_idx + 1);
}

static void record_finish(App *a) {
    if (!session_recording(&a->play)) return;
    char path[1200], why[1300];
    record_path(a, path, sizeof path);
    if (session_save_recording(&a->play, why, sizeof why)) log_info("replay saved: %s", path);
    else log_warn("%s: replay not saved: %s", path, why);
}

static const char *current_level_path(const App *a) {
    if (a->opt->level_path) return a->opt->level_path;
    return a->level_idx < a->level_count ? a->levels[a->level_idx] : NULL;
}

// Starts (or restarts) the current arena. False = load error (exit 2).
static bool start_arena(App *a) {
    record_finish(a);
    const char *path = current_level_path(a);
    if (!path) {
        fprintf(stderr, "bossrush: no arenas found in %slevels\n", app_base_dir());
        return false;
    }
    if (!arena_load(a, &a->play, path, false)) return false;
    a->rc.arena_name = a->play.lv.name;
    a->rc.cam_valid = false;
    fx_clear(&a->rc);
    a->after_end = 0;
    a->acc = 0;
    a->screen = SCR_PLAY;
    devices_suppress_held(&a->dev);
    if (a->opt->record_path) {
        // The level path is written relative to the replay's folder, so the
        // replay plays from any working directory.
        char rpl[1200];
        record_path(a, rpl, sizeof rpl);
        if (!session_record(&a->play, rpl)) log_warn("cannot record: out of memory");
    }
    audio_music(&a->au, true);
    return true;
}

static void take_shots(App *a, const World *w) {
    for (int i = 0; i < a->opt->shot_count; i++) {
        if (a->shot_done[i] || a->opt->shots[i].tick != w->tick) continue;
        a->shot_done[i] = true;
        if (!render_shot(w, a->assets, a->opt->shots[i].path, a->rc.debug))
            log_warn("could not write %s", a->opt->shots[i].path);
    }
}

// A small scripted pilot for the title screen's attract arena: it strolls,
// hops and shoots in a fixed rhythm (the sim stays deterministic).
static Input attract_input(const World *w) {
    int64_t t = w->tick + 1;
    uint16_t b = 0;
    double boss_x = w->player.pos.x;   // the first creature of the first kind the arena has
    bool found = false;
#define ATTRACT_BOSS(KIND, prefix, Type, name) \
    if (!found && w->prefix##_count) {          \
        boss_x = prefix##_pos(&w->prefix##s[0]).x; \
        found = true;                           \
    }
    CREATURES(ATTRACT_BOSS)
#undef ATTRACT_BOSS
    bool toward = (t / 170) % 3 != 2;
    bool right = (boss_x > w->player.pos.x) == toward;
    if (t % 170 < 120) b |= right ? BTN_RIGHT : BTN_LEFT;
    if (t % 75 < 14) b |= BTN_JUMP;
    if (t % 16 < 8) b |= BTN_FIRE;
    if ((t / 240) % 2 == 1 && t % 240 > 150) b |= BTN_WIGGLE;
    if (t % 200 > 150) b |= BTN_UP;
    return (Input){b};
}

static void attract_start(App *a) {
    const char *path = a->opt->level_path ? a->opt->level_path : (a->level_count ? a->levels[0] : NULL);
    if (path) arena_load(a, &a->attract, path, true);
    a->rc.cam_valid = false;
    fx_clear(&a->rc);
}

// ---------------------------------------------------------------- ticks

// What the app does with a tick just simulated: effects, sounds, rumble.
static void after_tick(App *a, const World *w) {
    fx_tick(&a->rc, w);
    audio_events(&a->au, &w->events);
    for (int i = 0; i < w->events.count; i++) {
        EventType t = w->events.e[i].type;
        if (t == EV_PLAYER_HURT) devices_rumble(&a->dev, 0.5, 160);
        else if (t == EV_PLAYER_DEAD || t == EV_BOSS_DOWN) devices_rumble(&a->dev, 1.0, 450);
    }
}

static void play_tick(App *a) {
    World *w = a->play.w;
    Input in = a->screen == SCR_PLAY ? devices_sample(&a->dev) : (Input){0};
    session_step(&a->play, &in);
    after_tick(a, w);
    take_shots(a, w);
    if (w->state != GAME_PLAYING && a->screen == SCR_PLAY && ++a->after_end >= RESULTS_DELAY) {
        record_finish(a);
        a->screen = SCR_RESULTS;
        a->sel = 0;
        if (w->state == GAME_WON) {
            audio_play(&a->au, SFX_CLEAR);
            a->rush_ticks += w->state_tick + 1;
        }
    }
}

// One tick of --replay / --script; stops the program on a failure or at
// the end tick.
static void watch_tick(App *a) {
    bool ok = session_step(&a->play, NULL);
    after_tick(a, a->play.w);
    take_shots(a, a->play.w);
    if (!ok) {
        fprintf(stderr, "%s\n", a->play.msg);
        a->exit_code = 1;
        a->quit = true;
        return;
    }
    if (session_done(&a->play)) {
        if (session_finish(&a->play)) {
            fprintf(stderr, "%s\n", a->play.msg);
            a->exit_code = 1;
        }
        a->quit = true;
    }
}

static void attract_tick(App *a) {
    World *w = a->attract.w;
    if (!w) return;
    if (w->tick > ATTRACT_TICKS || (w->state != GAME_PLAYING && w->tick - w->state_tick > 150)) {
        attract_start(a);
        w = a->attract.w;
        if (!w) return;
    }
    Input in = attract_input(w);
    session_step(&a->attract, &in);
    fx_tick(&a->rc, w);
}

// ---------------------------------------------------------------- menus


static void menu_move(App *a, int dir, int n) {
    a->sel = (a->sel + dir + n) % n;
    audio_play(&a->au, SFX_MENU_MOVE);
}

static void go_title(App *a) {
    record_finish(a);
    session_close(&a->play);
    a->screen = SCR_TITLE;
    a->sel = 0;
    a->rc.arena_name = NULL;
    audio_pause(&a->au, false);
    audio_music(&a->au, true);
    attract_start(a);
}

static void set_fullscreen(App *a, bool on) {
    platform_set_fullscreen(&a->pf, on);
    a->set.fullscreen = a->pf.fullscreen;
    save_settings(a);
}

static void adjust_volume(App *a, int *v, int delta) {
    *v += delta;
    if (*v < 0) *v = 0;
    if (*v > 100) *v = 100;
    audio_set_volume(&a->au, a->set.music_volume, a->set.sfx_volume);
    audio_play(&a->au, SFX_MENU_MOVE);
    save_settings(a);
}

static void title_action(App *a, MenuAction m) {
    if (m == MENU_UP) menu_move(a, -1, TITLE_N);
    else if (m == MENU_DOWN) menu_move(a, 1, TITLE_N);
    else if (m == MENU_BACK) a->quit = true;
    else if ((m == MENU_LEFT || m == MENU_RIGHT) && (a->sel == TITLE_MUSIC || a->sel == TITLE_SFX)) {
        adjust_volume(a, a->sel == TITLE_MUSIC ? &a->set.music_volume : &a->set.sfx_volume, m == MENU_LEFT ? -10 : 10);
    } else if (m == MENU_OK || ((m == MENU_LEFT || m == MENU_RIGHT) && a->sel == TITLE_FULLSCREEN)) {
        audio_play(&a->au, SFX_MENU_SELECT);
        switch (a->sel) {
        case TITLE_PLAY:
            session_close(&a->attract);
            a->level_idx = 0;
            a->rush_ticks = 0;
            if (!start_arena(a)) {
                a->exit_code = 2;
                a->quit = true;
            }
            break;
        case TITLE_FULLSCREEN: set_fullscreen(a, !a->pf.fullscreen); break;
        case TITLE_QUIT: a->quit = true; break;
        default: break;
        }
    }
}


static void pause_set(App *a, bool on) {
    a->screen = on ? SCR_PAUSE : SCR_PLAY;
    a->sel = 0;
    a->acc = 0;
    devices_suppress_held(&a->dev);
    audio_pause(&a->au, on);
}

static void pause_action(App *a, MenuAction m) {
    if (m == MENU_UP) menu_move(a, -1, PAUSE_N);
    else if (m == MENU_DOWN) menu_move(a, 1, PAUSE_N);
    else if (m == MENU_BACK) pause_set(a, false);
    else if (m == MENU_OK) {
        audio_play(&a->au, SFX_MENU_SELECT);
        if (a->sel == PAUSE_RESUME) pause_set(a, false);
        else if (a->sel == PAUSE_RETRY) {
            audio_pause(&a->au, false);
            if (!start_arena(a)) {
                a->exit_code = 2;
                a->quit = true;
            }
        } else go_title(a);
    }
}

// Results menu: won -> next arena (or again) / title; lost -> retry / title.
int app_results_items(const App *a, const char **items) {
    bool won = a->play.w && a->play.w->state == GAME_WON;
    bool more = !a->opt->level_path && a->level_idx + 1 < a->level_count;
    items[0] = won ? (more ? "NEXT ARENA" : "PLAY AGAIN") : "RETRY";
    items[1] = "QUIT TO TITLE";
    return 2;
}

static void results_action(App *a, MenuAction m) {
    const char *items[2];
    int n = app_results_items(a, items);
    if (m == MENU_UP) menu_move(a, -1, n);
    else if (m == MENU_DOWN) menu_move(a, 1, n);
    else if (m == MENU_BACK) go_title(a);
    else if (m == MENU_OK) {
        audio_play(&a->au, SFX_MENU_SELECT);
        if (a->sel == 1) {
            go_title(a);
            return;
        }
        bool won = a->play.w->state == GAME_WON;
        if (won && !a->opt->level_path) {
            a->level_idx = a->level_idx + 1 < a->level_count ? a->level_idx + 1 : 0;
            if (a->level_idx == 0) a->rush_ticks = 0;
        }
        if (!start_arena(a)) {
            a->exit_code = 2;
            a->quit = true;
        }
    }
}

// ---------------------------------------------------------------- events

static bool is_pause_event(const SDL_Event *e) {
    return (e->type == SDL_KEYDOWN && !e->key.repeat && e->key.keysym.scancode == SDL_SCANCODE_ESCAPE) ||
           (e->type == SDL_CONTROLLERBUTTONDOWN && e->cbutton.button == SDL_CONTROLLER_BUTTON_START);
}

static void handle_event(App *a, const SDL_Event *e) {
    if (e->type == SDL_QUIT) {
        a->quit = true;
        return;
    }
    if (devices_event(&a->dev, e)) return;
    // Alt-tabbing away mid-fight pauses it.
    if (e->type == SDL_WINDOWEVENT && e->window.event == SDL_WINDOWEVENT_FOCUS_LOST && a->screen == SCR_PLAY &&
        a->play.w->state == GAME_PLAYING) {
        pause_set(a, true);
        return;
    }
    if (e->type == SDL_KEYDOWN && !e->key.repeat) {
        SDL_Scancode k = e->key.keysym.scancode;
        if (k == SDL_SCANCODE_F11 || (k == SDL_SCANCODE_RETURN && (e->key.keysym.mod & KMOD_ALT))) {
            set_fullscreen(a, !a->pf.fullscreen);
            return;
        }
        if (k == SDL_SCANCODE_F1) {
            a->rc.debug = !a->rc.debug;
            a->set.debug = a->rc.debug;
            save_settings(a);
            return;
        }
        if (k == SDL_SCANCODE_F12) {
            a->screenshot = true;
            return;
        }
    }
    switch (a->screen) {
    case SCR_PLAY:
        if (is_pause_event(e) && a->play.w->state == GAME_PLAYING) pause_set(a, true);
        break;
    case SCR_WATCH:
        if (is_pause_event(e)) {
            fprintf(stderr, "bossrush: stopped at tick %" PRId64 "\n", a->play.w->tick);
            a->quit = true;
        }
        break;
    case SCR_TITLE: title_action(a, devices_menu_action(e)); break;
    case SCR_PAUSE: pause_action(a, devices_menu_action(e)); break;
    case SCR_RESULTS: results_action(a, devices_menu_action(e)); break;
    }
}

// ---------------------------------------------------------------- setup

static int open_watch(App *a) {
    const char *path = a->opt->replay_path ? a->opt->replay_path : a->opt->script_path;
    SessionSetup setup = app_setup(a);
    int rc = session_open_script(&a->play, path, &setup);
    warn_once(a, &a->play);
    if (rc) {
        fprintf(stderr, "%s\n", a->play.msg);
        return rc;
    }
    a->rc.arena_name = a->play.lv.name;
    a->screen = SCR_WATCH;
    audio_music(&a->au, true);
    return 0;
}

static void app_free(App *a) {
    record_finish(a);
    session_close(&a->play);
    session_close(&a->attract);
    audio_shutdown(&a->au);
    render_shutdown(&a->rc);
    devices_free(&a->dev);
    platform_close(&a->pf);
}

int app_main(const AppOptions *opt) {
    App *a = calloc(1, sizeof *a);
    if (!a) {
        fprintf(stderr, "bossrush: out of memory\n");
        return 2;
    }
    a->opt = opt;
    snprintf(a->assets, sizeof a->assets, "%sassets", app_base_dir());
    fs_join(a->assets, "legs", a->legs_dir, sizeof a->legs_dir);
    find_levels(a);
    bool watch = opt->replay_path || opt->script_path;
    if (!watch && !opt->level_path && a->level_count == 0) {
        fprintf(stderr, "bossrush: no arenas (*.lvl) in %slevels\n", app_base_dir());
        free(a);
        return 2;
    }
    snprintf(a->settings_path, sizeof a->settings_path, "%ssettings.txt", platform_pref_dir());
    settings_load(&a->set, a->settings_path);
    if (!platform_open(&a->pf, "bossrush", a->set.fullscreen, RENDER_LOGICAL_W, RENDER_LOGICAL_H)) {
        free(a);
        return 2;
    }
    devices_init(&a->dev);
    char icon_path[1300];
    snprintf(icon_path, sizeof icon_path, "%s/hud/heart.png", a->assets);
    SDL_Surface *icon = IMG_Load(icon_path);
    if (icon) {
        SDL_SetWindowIcon(a->pf.win, icon);
        SDL_FreeSurface(icon);
    }
    if (!render_init(&a->rc, a->pf.r, a->assets)) {
        fprintf(stderr, "bossrush: out of memory\n");
        platform_close(&a->pf);
        free(a);
        return 2;
    }
    a->rc.debug = a->set.debug || opt->debug;
    audio_init(&a->au, a->assets, a->pf.audio_ok);
    audio_set_volume(&a->au, a->set.music_volume, a->set.sfx_volume);

    int rc = 0;
    if (watch) rc = open_watch(a);
    else if (opt->level_path && !arena_load(a, &a->attract, opt->level_path, false)) rc = 2;
    else go_title(a);
    if (rc) {
        app_free(a);
        free(a);
        return rc;
    }

    double last = platform_now_s();
    a->fps_t0 = last;
    while (!a->quit) {
        SDL_Event e;
        while (SDL_PollEvent(&e) && !a->quit) handle_event(a, &e);
        if (a->quit) break;
        MenuAction stick = devices_stick_menu(&a->dev);
        if (stick != MENU_NONE) {
            if (a->screen == SCR_TITLE) title_action(a, stick);
            else if (a->screen == SCR_PAUSE) pause_action(a, stick);
            else if (a->screen == SCR_RESULTS) results_action(a, stick);
            if (a->quit) break;
        }
        double now = platform_now_s(), dt = now - last;
        last = now;
        if (dt > 0.25) dt = 0.25;          // after a stall, don't sprint
        a->rc.time_s += dt;
        a->acc += dt;
        int n = 0;
        if (a->screen == SCR_PAUSE) a->acc = 0;
        for (; a->acc >= SIM_DT && n < MAX_CATCHUP && !a->quit; a->acc -= SIM_DT, n++) {
            if (a->screen == SCR_TITLE) attract_tick(a);
            else if (a->screen == SCR_WATCH) watch_tick(a);
            else if (a->screen == SCR_PLAY || a->screen == SCR_RESULTS) play_tick(a);
        }
        if (n == MAX_CATCHUP && a->acc >= SIM_DT) a->acc = 0;   // too slow: drop the backlog
        if (a->quit) break;
        const World *w = a->screen == SCR_TITLE ? a->attract.w : a->play.w;
        if (w) render_camera_update(&a->rc, w, dt);
        app_draw_frame(a);
        a->fps_frames++;
        if (now - a->fps_t0 >= 0.5) {
            a->rc.fps = a->fps_frames / (now - a->fps_t0);
            a->fps_frames = 0;
            a->fps_t0 = now;
        }
        // Without vsync (dummy or software drivers), don't spin a core.
        if (platform_now_s() - now < 0.002) SDL_Delay(1);
#ifdef __EMSCRIPTEN__
        web_frame_done();              // the browser's frame (platform/web.h)
#endif
    }
    rc = a->exit_code;
    app_free(a);
    free(a);
    return rc;
}
