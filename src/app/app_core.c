// app_core.c -- the app's services for every screen (app_core.h): settings
// and best times, render levels, the stack of screens, the menus' input,
// the title's attract arena, what a tick shows, the way back to the title.
// Owns no screen: the stack reaches them through App.stack.classes.
#include "app/app_core.h"

#include <SDL.h>
#include <stdio.h>
#include <string.h>

#include "app/app_tuning.h"
#include "core/log.h"
#include "render/fx.h"
#ifdef __EMSCRIPTEN__
#include "platform/web.h"
#endif

// ---------------------------------------------------------------- files

const char *app_base_dir(void) { return platform_data_dir(); }

void app_save_best(App *a) {
    if (!a->files.best_path[0]) return;          // no preference folder (warned at start)
    if (!a->files.best_writable) {
        app_toast(a, "BEST.TXT COULD NOT BE READ: NEW BEST TIMES ARE NOT SAVED");
        return;
    }
    if (!best_save(&a->files.best, a->files.best_path)) {
        a->files.best_writable = false;          // warned once; not again every clear
        app_toast(a, "BEST TIMES COULD NOT BE SAVED");
    }
}

// Render levels for the screen: the title's attract arena never shakes or
// flashes behind the menu; everything else follows the settings.
static void apply_render_levels(App *a) {
    static const RenderLevel lv[LEVEL_COUNT] = {RENDER_FULL, RENDER_REDUCED, RENDER_OFF};
    bool title_side = !session_world(&a->fight.play) && app_top(a) != SCR_WATCH;
    a->rc.shake = title_side ? RENDER_OFF : lv[a->set.shake];
    a->rc.flashing = title_side ? RENDER_OFF : lv[a->set.flashing];
}

void app_settings_changed(App *a) {
    if (a->pf.fullscreen != a->set.fullscreen) platform_set_fullscreen(&a->pf, a->set.fullscreen);
    a->set.fullscreen = a->pf.fullscreen;
    if (a->pf.vsync != a->set.vsync) platform_set_vsync(&a->pf, a->set.vsync);
    if (a->pf.integer_scale != a->set.integer_scale) platform_set_integer_scale(&a->pf, a->set.integer_scale);
    audio_set_volume(&a->au, a->set.music_volume, a->set.sfx_volume);
    a->rc.debug = a->set.debug || a->opt->debug;
    apply_render_levels(a);
    if (!a->files.settings_path[0]) return;
    if (!a->files.settings_writable) app_toast(a, "SETTINGS.TXT COULD NOT BE READ: CHANGES ARE NOT SAVED");
    else if (!settings_save(&a->set, a->files.settings_path)) app_toast(a, "SETTINGS COULD NOT BE SAVED");
}

// ---------------------------------------------------------------- arenas

// How the app opens every session: the leg profiles from assets/legs,
// exactly as the headless modes load them (so replays agree), the chosen
// difficulty and assist, and in the rush the hearts carried over.
SessionSetup app_setup(const App *a, bool attract) {
    SessionSetup s = {.legs_dir = a->files.legs_dir, .profiles = app_tuning_profiles(a)};
    if (attract) return s;
    // A rush keeps the difficulty it started with (its record is per difficulty).
    s.difficulty = a->fight.mode == MODE_RUSH ? a->fight.rush_difficulty : a->set.difficulty;
    s.assist_wiggle = a->set.assist_wiggle;
    if (a->fight.mode == MODE_RUSH) s.start_hp = rush_start_hp(&a->fight.rush);
    return s;
}

// The profile warning (built-in leg profiles used) is reported once.
void app_warn_once(App *a, const Session *s) {
    if (!session_warning(s)[0] || a->ui.legs_warned) return;
    log_warn("%s", session_warning(s));
    a->ui.legs_warned = true;
}

// Opens path as a bare arena into s (the title's attract arena). Prints the
// error (unless quiet) and returns false on failure.
bool app_arena_load(App *a, Session *s, const char *path, bool attract, bool quiet) {
    session_close(s);
    SessionSetup setup = app_setup(a, attract);
    int rc = session_open_level(s, path, &setup);
    app_warn_once(a, s);
    if (rc == 0) return true;
    if (!quiet) fprintf(stderr, "%s\n", session_message(s));
    session_close(s);
    return false;
}

const char *app_level_path(const App *a) {
    if (a->fight.mode == MODE_SINGLE) return a->opt->level_path;
    int i = a->fight.level_idx;
    return i >= 0 && i < a->files.level_count ? a->files.levels[i] : NULL;
}

void app_fail_exit(App *a) {
    a->ui.exit_code = 2;
    a->ui.quit = true;
}

void app_take_shots(App *a, const World *w) {
    for (int i = 0; i < a->opt->shot_count; i++) {
        if (a->ui.shot_done[i] || a->opt->shots[i].tick != w->tick) continue;
        a->ui.shot_done[i] = true;
        if (!render_shot(w, a->files.assets, a->opt->shots[i].path, a->rc.debug)) {
            log_warn("could not write %s", a->opt->shots[i].path);
            if (!a->ui.exit_code) a->ui.exit_code = 2;     // a requested output was not written
        }
    }
}

// A small scripted pilot for the title screen's attract arena: it strolls,
// hops and shoots in a fixed rhythm (the sim stays deterministic).
static Input attract_input(const World *w) {
    int64_t t = w->tick + 1;
    uint16_t b = 0;
    double boss_x = w->player.pos.x;   // the first creature of the first kind the arena has
    bool found = false;
#define ATTRACT_BOSS(KIND, prefix, Type) \
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

void app_attract_start(App *a) {
    const char *path = a->opt->level_path ? a->opt->level_path : (a->files.level_count ? a->files.levels[0] : NULL);
    if (path) app_arena_load(a, &a->attract, path, true, true);
    a->rc.cam_valid = false;
    fx_clear(&a->rc);
}

// ---------------------------------------------------------------- ticks

// What the app does with a tick just simulated: effects, sounds, rumble.
void app_after_tick(App *a, const World *w) {
    fx_tick(&a->rc, w);
    audio_events(&a->au, &w->events);
    for (int i = 0; i < w->events.count; i++) {
        EventType t = w->events.e[i].type;
        if (t == EV_PLAYER_HURT) devices_rumble(&a->dev, 0.5, 160);
        else if (t == EV_PLAYER_DEAD || t == EV_BOSS_DOWN) devices_rumble(&a->dev, 1.0, 450);
    }
}

void app_watch_shown(App *a, bool sound) {
    const World *w = session_world(&a->fight.play);
    if (sound) app_after_tick(a, w);
    else fx_tick(&a->rc, w);
    app_take_shots(a, w);
}

static void attract_tick(App *a) {
    const World *w = session_world(&a->attract);
    if (!w) return;
    if (w->tick > ATTRACT_TICKS || (w->state != GAME_PLAYING && w->tick - w->state_tick > 150)) {
        app_attract_start(a);
        w = session_world(&a->attract);
        if (!w) return;
    }
    Input in = attract_input(w);
    session_step(&a->attract, &in);
    fx_tick(&a->rc, w);
}

// ---------------------------------------------------------------- screens

const World *app_backdrop(const App *a) {
    return session_world(&a->fight.play) ? session_world(&a->fight.play) : session_world(&a->attract);
}

static const ScreenClass *class_of(const App *a, Screen s) {
    return s >= 0 && s < SCR_COUNT && a->stack.classes ? a->stack.classes[s] : NULL;
}

// What every move of the stack does besides: no capture left waiting, the
// render levels of the screen now shown; in the browser, the page's
// body[data-screen] (docs/web.md).
static void shown(App *a) {
    a->stack.capturing = false;
    apply_render_levels(a);
#ifdef __EMSCRIPTEN__
    static const char *const NAMES[SCR_COUNT] = {"title", "practice", "options", "controls", "play",
                                                 "pause", "results", "watch", "replays"};
    web_screen_shown(NAMES[app_top(a)]);
#endif
}

static void enter(App *a, Screen s) {
    const ScreenClass *c = class_of(a, s);
    if (c && c->enter) c->enter(a);
}

static void leave(App *a) {
    const ScreenClass *c = class_of(a, app_top(a));
    if (a->stack.n && c && c->exit) c->exit(a);
}

void app_push(App *a, Screen s) {
    if (a->stack.n == APP_STACK_MAX) {                 // never deeper than the flows go; keep the top right
        log_warn("too many screens open");
        a->stack.n--;
    }
    a->stack.id[a->stack.n++] = s;
    enter(a, s);
    shown(a);
}

void app_pop(App *a) {
    if (a->stack.n > 1) {
        leave(a);
        a->stack.n--;
    }
    shown(a);
}

void app_switch(App *a, Screen s) {
    leave(a);
    if (a->stack.n) a->stack.n--;
    app_push(a, s);
}

void app_reset(App *a, Screen s) {
    while (a->stack.n) {
        leave(a);
        a->stack.n--;
    }
    app_push(a, s);
}

void app_go_title(App *a) {
    fight_end(&a->fight);
    a->rc.arena_name = NULL;
    a->fight.paced_arena = -1;
    app_reset(a, SCR_TITLE);      // the viewer, when open, closes as it is popped
    audio_pause(&a->au, false);
    audio_music(&a->au, true);
    app_attract_start(a);
}

bool app_screen_menu(App *a, Screen s, Menu *m) {
    const ScreenClass *c = class_of(a, s);
    if (!c || !c->build) return false;
    c->build(a, m);
    if (a->stack.sel[s] >= m->n) a->stack.sel[s] = m->n - 1;
    if (a->stack.sel[s] < 0) a->stack.sel[s] = 0;
    m->sel = a->stack.sel[s];
    m->col = a->stack.col;
    return true;
}

void app_screen_apply(App *a, Screen s, int id, int delta) {
    const ScreenClass *c = class_of(a, s);
    if (c && c->apply) c->apply(a, id, delta);
}

void app_screen_back(App *a, Screen s) {
    audio_play(&a->au, SFX_MENU_MOVE);
    const ScreenClass *c = class_of(a, s);
    if (c && c->back) c->back(a);
}

// A menu move, OK or back on the current menu screen.
void app_menu_act(App *a, MenuAction act) {
    Screen s = app_top(a);
    Menu m;
    if (act == MENU_NONE || !app_screen_menu(a, s, &m) || m.n == 0) return;
    int *sel = &a->stack.sel[s];
    if (*sel >= m.n) *sel = m.n - 1;
    const MenuItem *it = &m.item[*sel];
    switch (act) {
    case MENU_UP:
    case MENU_DOWN:
        *sel = (*sel + (act == MENU_UP ? -1 : 1) + m.n) % m.n;
        audio_play(&a->au, SFX_MENU_MOVE);
        break;
    case MENU_LEFT:
    case MENU_RIGHT:
        if (it->kind == ITEM_CELLS) {
            a->stack.col = (a->stack.col + (act == MENU_LEFT ? -1 : 1) + MENU_CELLS) % MENU_CELLS;
            audio_play(&a->au, SFX_MENU_MOVE);
        } else if (it->kind == ITEM_CHOICE || it->kind == ITEM_SLIDER) {
            app_screen_apply(a, s, it->id, act == MENU_LEFT ? -1 : 1);
        }
        break;
    case MENU_OK: app_screen_apply(a, s, it->id, 0); break;
    case MENU_BACK: app_screen_back(a, s); break;
    default: break;
    }
}

// The pointer on a menu screen: hovering highlights, a left click acts
// (on an arrow: steps the value), the wheel steps a value, a right click
// goes back.
static void mouse_act(App *a, const SDL_Event *e) {
    Screen s = app_top(a);
    Menu m;
    if (!app_screen_menu(a, s, &m)) return;
    if (e->type == SDL_MOUSEMOTION) {
        a->ui.mouse_x = e->motion.x;
        a->ui.mouse_y = e->motion.y;
    } else if (e->type == SDL_MOUSEBUTTONDOWN) {
        a->ui.mouse_x = e->button.x;
        a->ui.mouse_y = e->button.y;
    }
    int item = -1, cell = -1;
    MenuHit h = menu_hit(&m, &a->rc, a->ui.mouse_x, a->ui.mouse_y, &item, &cell);
    if (e->type == SDL_MOUSEMOTION) {
        // Only a pointer that really moved highlights: a window resized or
        // moved under a resting pointer sends motion too.
        int gx, gy;
        SDL_GetGlobalMouseState(&gx, &gy);
        bool moved = gx != a->ui.mouse_gx || gy != a->ui.mouse_gy;
        a->ui.mouse_gx = gx;
        a->ui.mouse_gy = gy;
        if (h == HIT_NONE || !moved) return;
        if (item != a->stack.sel[s] || (h == HIT_CELL && cell != a->stack.col)) audio_play(&a->au, SFX_MENU_MOVE);
        a->stack.sel[s] = item;
        if (h == HIT_CELL) a->stack.col = cell;
        return;
    }
    if (e->type == SDL_MOUSEBUTTONDOWN && e->button.button == SDL_BUTTON_RIGHT) {
        app_screen_back(a, s);
        return;
    }
    if (e->type == SDL_MOUSEWHEEL) {
        int i = h != HIT_NONE ? item : a->stack.sel[s];
        int dy = e->wheel.direction == SDL_MOUSEWHEEL_FLIPPED ? -e->wheel.y : e->wheel.y;
        if (i < 0 || i >= m.n || dy == 0) return;
        if (m.item[i].kind != ITEM_CHOICE && m.item[i].kind != ITEM_SLIDER) return;
        a->stack.sel[s] = i;
        app_screen_apply(a, s, m.item[i].id, dy > 0 ? 1 : -1);
        return;
    }
    if (e->type != SDL_MOUSEBUTTONDOWN || e->button.button != SDL_BUTTON_LEFT || h == HIT_NONE) return;
    a->stack.sel[s] = item;
    if (h == HIT_CELL) a->stack.col = cell;
    app_screen_apply(a, s, m.item[item].id, h == HIT_LESS ? -1 : (h == HIT_MORE ? 1 : 0));
}

static bool is_mouse_event(const SDL_Event *e) {
    return e->type == SDL_MOUSEMOTION || e->type == SDL_MOUSEBUTTONDOWN || e->type == SDL_MOUSEWHEEL;
}

void app_menu_event(App *a, const SDL_Event *e) {
    if (is_mouse_event(e)) mouse_act(a, e);
    else app_menu_act(a, devices_menu_action(&a->dev, e));
}

void app_run_ticks(App *a, void (*tick)(App *a)) {
    int n = 0;
    for (; a->ui.acc >= SIM_DT && n < MAX_CATCHUP && !a->ui.quit; a->ui.acc -= SIM_DT, n++) tick(a);
    if (n == MAX_CATCHUP && a->ui.acc >= SIM_DT) a->ui.acc = 0;   // too slow: drop the backlog
}

void app_menu_frame(App *a, double dt_s) {
    a->ui.acc += dt_s;
    // The arena stands still behind the pause menu and its options.
    if (session_world(&a->fight.play)) a->ui.acc = 0;
    else app_run_ticks(a, attract_tick);
}
