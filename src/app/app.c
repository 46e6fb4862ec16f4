// app.c -- the windowed program: the loop, events, and the flow between
// the title (with a live attract arena), practice, options, play (the
// boss rush, one arena), pause, results, and the replay/script viewer.
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

#include "core/fs.h"
#include "core/log.h"
#include "render/fx.h"

// ---------------------------------------------------------------- files

const char *app_base_dir(void) { return platform_data_dir(); }

// levels/*.lvl next to the binary, in name order (the boss rush), with the
// names the menus show (the file name when a level does not parse: playing
// it then reports why).
static void find_levels(App *a) {
    char dir[1100];
    fs_join(app_base_dir(), "levels", dir, sizeof dir);
    a->level_count = 0;
    FsList l;
    if (!fs_list(dir, ".lvl", &l)) return;
    for (int i = 0; i < l.count && a->level_count < MAX_LEVELS; i++) {
        int k = a->level_count;
        if (!fs_join(dir, l.names[i], a->levels[k], sizeof a->levels[0])) continue;
        Level lv;
        ParseError err;
        if (session_load_level(&lv, a->levels[k], &err)) {
            snprintf(a->level_names[k], sizeof a->level_names[0], "%s", lv.name);
            a->level_hash[k] = lv.hash;
            level_free(&lv);
        } else {
            snprintf(a->level_names[k], sizeof a->level_names[0], "%s", l.names[i]);
            a->level_hash[k] = 0;
        }
        a->level_count++;
    }
    fs_list_free(&l);
}

void app_toast(App *a, const char *msg) {
    snprintf(a->toast, sizeof a->toast, "%.150s", msg);
    a->toast_until = platform_now_s() + 2.5;
}

static void save_best(App *a) {
    if (!a->best_path[0]) return;          // no preference folder (warned at start)
    if (!a->best_writable) {
        app_toast(a, "BEST.TXT COULD NOT BE READ: NEW BEST TIMES ARE NOT SAVED");
        return;
    }
    if (!best_save(&a->best, a->best_path)) {
        a->best_writable = false;          // warned once; not again every clear
        app_toast(a, "BEST TIMES COULD NOT BE SAVED");
    }
}

// Render levels for the screen: the title's attract arena never shakes or
// flashes behind the menu; everything else follows the settings.
static void apply_render_levels(App *a) {
    static const RenderLevel lv[LEVEL_COUNT] = {RENDER_FULL, RENDER_REDUCED, RENDER_OFF};
    bool title_side = !a->play.w && a->screen != SCR_WATCH;
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
    if (!a->settings_path[0]) return;
    if (!a->settings_writable) app_toast(a, "SETTINGS.TXT COULD NOT BE READ: CHANGES ARE NOT SAVED");
    else if (!settings_save(&a->set, a->settings_path)) app_toast(a, "SETTINGS COULD NOT BE SAVED");
}

// ---------------------------------------------------------------- pacing

// A fight begins behind its warning card (shorter for the same arena again).
static void pace_begin(App *a) {
    int arena = (int)a->mode * MAX_LEVELS + a->level_idx;
    pace_start(&a->pace, arena == a->paced_arena);
    a->paced_arena = arena;
    audio_play(&a->au, SFX_WARNING);
}

// Fire or jump closes the warning card; the press does not also fire or
// jump in the arena (held buttons are ignored until released).
static void card_input(App *a) {
    if (a->screen != SCR_PLAY || !pace_card(&a->pace)) return;
    Input in = devices_sample(&a->dev);
    if (!(in.buttons & (BTN_FIRE | BTN_JUMP))) return;
    pace_skip(&a->pace);
    devices_suppress_held(&a->dev);
}

// Real time -> fight time: the card, hit-stops and slow motion for the
// arena being played (its results too); everything else runs in real time.
static double paced_dt(App *a, double dt) {
    bool fight = a->play.w && (a->screen == SCR_PLAY || a->screen == SCR_RESULTS);
    return fight ? pace_step(&a->pace, dt) : dt;
}

// ---------------------------------------------------------------- arenas

// How the app opens every session: the leg profiles from assets/legs,
// exactly as the headless modes load them (so replays agree), the chosen
// difficulty and assist, and in the rush the hearts carried over.
static SessionSetup app_setup(const App *a, bool attract) {
    SessionSetup s = {.legs_dir = a->legs_dir, .profiles = app_tuning_profiles(a)};
    if (attract) return s;
    // A rush keeps the difficulty it started with (its record is per difficulty).
    s.difficulty = a->mode == MODE_RUSH ? a->rush_difficulty : a->set.difficulty;
    s.assist_wiggle = a->set.assist_wiggle;
    if (a->mode == MODE_RUSH) s.start_hp = rush_start_hp(&a->rush);
    return s;
}

// The profile warning (built-in leg profiles used) is reported once.
static void warn_once(App *a, const Session *s) {
    if (!s->warning[0] || a->legs_warned) return;
    log_warn("%s", s->warning);
    a->legs_warned = true;
}

// Opens path as a bare arena into s. Prints the error (unless quiet) and
// returns false on failure.
static bool arena_load(App *a, Session *s, const char *path, bool attract, bool quiet) {
    session_close(s);
    SessionSetup setup = app_setup(a, attract);
    int rc = session_open_level(s, path, &setup);
    warn_once(a, s);
    if (rc == 0) return true;
    if (!quiet) fprintf(stderr, "%s\n", s->msg);
    session_close(s);
    return false;
}

// Replay file for the arena being played: FILE alone for one arena, else
// FILE-N.rpl (N = the arena's place in levels/, 1-based).
static void record_path(const App *a, char *out, size_t n) {
    const char *f = a->opt->record_path;
    if (a->mode == MODE_SINGLE) {
        snprintf(out, n, "%s", f);
        return;
    }
    size_t l = strlen(f);
    int stem = (int)(l > 4 && strcmp(f + l - 4, ".rpl") == 0 ? l - 4 : l);
    snprintf(out, n, "%.*s-%d.rpl", stem, f, a->level_idx + 1);
}

// The arena's recording ends: kept in the replay folder and, with
// --record, saved to its file too (app_replays.c).
static void record_finish(App *a) {
    char path[1200];
    if (a->opt->record_path && a->mode != MODE_TAKEOVER) record_path(a, path, sizeof path);
    app_keep_finish(a, a->opt->record_path && a->mode != MODE_TAKEOVER ? path : NULL);
}

static const char *current_level_path(const App *a) {
    if (a->mode == MODE_SINGLE) return a->opt->level_path;
    return a->level_idx >= 0 && a->level_idx < a->level_count ? a->levels[a->level_idx] : NULL;
}

static void fail_exit(App *a) {
    a->exit_code = 2;
    a->quit = true;
}

// Starts (or restarts) the current arena. A load error ends the program (2),
// but for the arena being tuned while its file is broken (app_tuning_refuses).
static void start_arena(App *a) {
    const char *path = current_level_path(a);
    if (path && app_tuning_refuses(a, path)) return;
    record_finish(a);
    session_close(&a->attract);
    if (!path) {
        fprintf(stderr, "bossrush: no arenas found in %slevels\n", app_base_dir());
        fail_exit(a);
        return;
    }
    if (!arena_load(a, &a->play, path, false, false)) {
        fail_exit(a);
        return;
    }
    a->rc.arena_name = a->play.lv.name;
    a->rc.cam_valid = false;
    fx_clear(&a->rc);
    pace_begin(a);
    a->after_end = 0;
    a->hits = 0;
    a->acc = 0;
    app_open(a, SCR_PLAY);
    devices_suppress_held(&a->dev);
    audio_pause(&a->au, false);
    // Always recorded (the replay folder); with --record also to its file,
    // whose level path is written relative to the replay's folder, so the
    // replay plays from any working directory.
    char rpl[1200];
    if (a->opt->record_path) record_path(a, rpl, sizeof rpl);
    app_keep_start(a, a->opt->record_path ? rpl : NULL);
    app_ghost_start(a);
    app_hints_begin(a);
    app_tuning_arena_started(a);
    audio_music(&a->au, true);
}

void app_start(App *a, PlayMode mode, int level) {
    a->mode = mode;
    a->level_idx = mode == MODE_PRACTICE ? level : 0;
    if (mode == MODE_RUSH) {
        rush_begin(&a->rush, a->level_count);
        a->rush_difficulty = a->set.difficulty;
    }
    start_arena(a);
}

// An attempt left before its end (retry or quit from the pause menu)
// still counts in the rush: its time and hits.
static void abandon_attempt(App *a) {
    const World *w = a->play.w;
    if (a->mode != MODE_RUSH || !w || w->state != GAME_PLAYING) return;
    rush_attempt_end(&a->rush, false, w->tick + 1, a->hits, 0, w->player.hp_max);
}

void app_retry(App *a) {
    abandon_attempt(a);
    if (a->mode == MODE_TAKEOVER) app_viewer_retake(a);
    else start_arena(a);
}

void app_next(App *a) {
    if (a->mode == MODE_RUSH) {
        if (a->rush.complete) {
            rush_begin(&a->rush, a->level_count);
            a->rush_difficulty = a->set.difficulty;
        }
        a->level_idx = a->rush.arena;
    }
    start_arena(a);
}

static void take_shots(App *a, const World *w) {
    for (int i = 0; i < a->opt->shot_count; i++) {
        if (a->shot_done[i] || a->opt->shots[i].tick != w->tick) continue;
        a->shot_done[i] = true;
        if (!render_shot(w, a->assets, a->opt->shots[i].path, a->rc.debug)) {
            log_warn("could not write %s", a->opt->shots[i].path);
            if (!a->exit_code) a->exit_code = 2;     // a requested output was not written
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
    if (path) arena_load(a, &a->attract, path, true, true);
    a->rc.cam_valid = false;
    fx_clear(&a->rc);
}

// ---------------------------------------------------------------- results

// Fixes what the results screen shows: the time, the hits, the records
// (stored and saved when beaten), and in the rush its next step.
static void open_results(App *a) {
    const World *w = a->play.w;
    Results *r = &a->res;
    memset(r, 0, sizeof *r);
    r->won = w->state == GAME_WON;
    r->ticks = w->state_tick + 1;
    r->hits = a->hits;
    r->hp_left = w->player.hp > 0 ? w->player.hp : 0;
    r->hp_max = w->player.hp_max;
    bool saved = false;
    if (r->won && a->mode != MODE_TAKEOVER) {      // a take-over sets no record
        char key[BEST_KEY_MAX];
        r->best = best_get_arena(&a->best, current_level_path(a), a->play.lv.hash, w->difficulty, key, sizeof key);
        // A level reloaded mid-fight (live tuning) sets no record.
        r->new_best = !a->tune.level_edited && best_offer(&a->best, key, r->ticks);
        saved = r->new_best;
    }
    if (a->mode == MODE_RUSH) {
        rush_attempt_end(&a->rush, r->won, r->ticks, r->hits, r->hp_left, r->hp_max);
        r->rush_done = a->rush.complete;
        if (r->won && !r->rush_done) r->next_hp = rush_start_hp(&a->rush);
        if (r->rush_done) {
            char key[BEST_KEY_MAX];
            best_key_rush(key, sizeof key, a->rush_difficulty);
            r->rush_best = best_get(&a->best, key);
            r->rush_new_best = !a->tune.rush_level_edited && best_offer(&a->best, key, a->rush.ticks);
            saved = saved || r->rush_new_best;
        }
    }
    if (saved) save_best(a);
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
    app_ghost_tick(a);
    after_tick(a, w);
    pace_events(&a->pace, &w->events);
    take_shots(a, w);
    app_hints_tick(a);
    for (int i = 0; i < w->events.count; i++) a->hits += w->events.e[i].type == EV_PLAYER_HURT;
    if (w->state != GAME_PLAYING && a->screen == SCR_PLAY && ++a->after_end >= RESULTS_DELAY) {
        record_finish(a);
        open_results(a);
        a->sel[SCR_RESULTS] = 0;
        app_open(a, SCR_RESULTS);
        if (w->state == GAME_WON) audio_play(&a->au, SFX_CLEAR);
    }
}

void app_watch_shown(App *a, bool sound) {
    const World *w = a->play.w;
    if (sound) after_tick(a, w);
    else fx_tick(&a->rc, w);
    take_shots(a, w);
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

// ---------------------------------------------------------------- screens

const World *app_backdrop(const App *a) { return a->play.w ? a->play.w : a->attract.w; }

void app_open(App *a, Screen s) {
    if (s == SCR_OPTIONS && (a->screen == SCR_TITLE || a->screen == SCR_PAUSE)) a->options_back = a->screen;
    a->screen = s;
    a->capturing = false;
    apply_render_levels(a);
#ifdef __EMSCRIPTEN__
    static const char *const NAMES[SCR_COUNT] = {"title", "practice", "options", "controls", "play",
                                                 "pause", "results", "watch", "replays"};
    web_screen_shown(NAMES[s]);        // the page's body[data-screen] (docs/web.md)
#endif
}

void app_go_title(App *a) {
    record_finish(a);
    app_ghost_stop(a);
    app_viewer_close(a);
    session_close(&a->play);
    a->rc.arena_name = NULL;
    a->paced_arena = -1;
    app_open(a, SCR_TITLE);
    audio_pause(&a->au, false);
    audio_music(&a->au, true);
    attract_start(a);
}

static void pause_set(App *a, bool on) {
    a->sel[SCR_PAUSE] = 0;
    app_open(a, on ? SCR_PAUSE : SCR_PLAY);
    a->acc = 0;
    devices_suppress_held(&a->dev);
    audio_pause(&a->au, on);
}

// A menu move, OK or back on the current menu screen.
static void menu_act(App *a, MenuAction act) {
    Screen s = a->screen;
    Menu m;
    if (act == MENU_NONE || !app_screen_menu(a, s, &m) || m.n == 0) return;
    int *sel = &a->sel[s];
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
            a->col = (a->col + (act == MENU_LEFT ? -1 : 1) + MENU_CELLS) % MENU_CELLS;
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
    Screen s = a->screen;
    Menu m;
    if (!app_screen_menu(a, s, &m)) return;
    if (e->type == SDL_MOUSEMOTION) {
        a->mouse_x = e->motion.x;
        a->mouse_y = e->motion.y;
    } else if (e->type == SDL_MOUSEBUTTONDOWN) {
        a->mouse_x = e->button.x;
        a->mouse_y = e->button.y;
    }
    int item = -1, cell = -1;
    MenuHit h = menu_hit(&m, &a->rc, a->mouse_x, a->mouse_y, &item, &cell);
    if (e->type == SDL_MOUSEMOTION) {
        // Only a pointer that really moved highlights: a window resized or
        // moved under a resting pointer sends motion too.
        int gx, gy;
        SDL_GetGlobalMouseState(&gx, &gy);
        bool moved = gx != a->mouse_gx || gy != a->mouse_gy;
        a->mouse_gx = gx;
        a->mouse_gy = gy;
        if (h == HIT_NONE || !moved) return;
        if (item != a->sel[s] || (h == HIT_CELL && cell != a->col)) audio_play(&a->au, SFX_MENU_MOVE);
        a->sel[s] = item;
        if (h == HIT_CELL) a->col = cell;
        return;
    }
    if (e->type == SDL_MOUSEBUTTONDOWN && e->button.button == SDL_BUTTON_RIGHT) {
        app_screen_back(a, s);
        return;
    }
    if (e->type == SDL_MOUSEWHEEL) {
        int i = h != HIT_NONE ? item : a->sel[s];
        int dy = e->wheel.direction == SDL_MOUSEWHEEL_FLIPPED ? -e->wheel.y : e->wheel.y;
        if (i < 0 || i >= m.n || dy == 0) return;
        if (m.item[i].kind != ITEM_CHOICE && m.item[i].kind != ITEM_SLIDER) return;
        a->sel[s] = i;
        app_screen_apply(a, s, m.item[i].id, dy > 0 ? 1 : -1);
        return;
    }
    if (e->type != SDL_MOUSEBUTTONDOWN || e->button.button != SDL_BUTTON_LEFT || h == HIT_NONE) return;
    a->sel[s] = item;
    if (h == HIT_CELL) a->col = cell;
    app_screen_apply(a, s, m.item[item].id, h == HIT_LESS ? -1 : (h == HIT_MORE ? 1 : 0));
}

// ---------------------------------------------------------------- events

static bool is_pause_event(const SDL_Event *e) {
    return (e->type == SDL_KEYDOWN && !e->key.repeat && e->key.keysym.scancode == SDL_SCANCODE_ESCAPE) ||
           (e->type == SDL_CONTROLLERBUTTONDOWN && e->cbutton.button == SDL_CONTROLLER_BUTTON_START);
}

static bool is_mouse_event(const SDL_Event *e) {
    return e->type == SDL_MOUSEMOTION || e->type == SDL_MOUSEBUTTONDOWN || e->type == SDL_MOUSEWHEEL;
}

static void handle_event(App *a, const SDL_Event *e) {
    if (e->type == SDL_QUIT) {
        a->quit = true;
        return;
    }
    if (e->type == SDL_DROPFILE) {        // a replay dropped on the window (or the browser's page)
        app_viewer_open_dropped(a, e->drop.file);
        SDL_free(e->drop.file);
        return;
    }
    if (devices_event(&a->dev, e)) return;
    // Alt-tabbing away mid-fight pauses it.
    if (e->type == SDL_WINDOWEVENT && e->window.event == SDL_WINDOWEVENT_FOCUS_LOST && a->screen == SCR_PLAY &&
        a->play.w->state == GAME_PLAYING) {
        pause_set(a, true);
        return;
    }
    if (a->screen == SCR_CONTROLS && a->capturing && app_controls_capture(a, e)) return;
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
            a->screenshot = true;
            return;
        }
    }
    switch (a->screen) {
    case SCR_PLAY:
        if (is_pause_event(e) && a->play.w->state == GAME_PLAYING) pause_set(a, true);
        break;
    case SCR_WATCH: app_viewer_event(a, e); break;
    default:
        if (is_mouse_event(e)) mouse_act(a, e);
        else menu_act(a, devices_menu_action(&a->dev, e));
        break;
    }
}

void app_resume(App *a) { pause_set(a, false); }

// ---------------------------------------------------------------- setup

static void app_free(App *a) {
    record_finish(a);
    app_ghost_stop(a);
    app_viewer_close(a);
    replays_list_free(&a->replays);
    session_close(&a->play);
    session_close(&a->attract);
    if (a->ghost_layer) SDL_DestroyTexture(a->ghost_layer);
    audio_shutdown(&a->au);
    render_shutdown(&a->rc);
    devices_free(&a->dev);
    platform_close(&a->pf);
}

// The pointer shows on menu screens and hides during play.
static void update_cursor(App *a) {
    bool want = a->screen != SCR_PLAY;   // the viewer's timeline takes the mouse
    if (want == a->cursor_on) return;
    SDL_ShowCursor(want ? SDL_ENABLE : SDL_DISABLE);
    a->cursor_on = want;
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
    app_tuning_init(a);
    find_levels(a);
    bool watch = opt->replay_path || opt->script_path;
    if (!watch && !opt->level_path && a->level_count == 0) {
        fprintf(stderr, "bossrush: no arenas (*.lvl) in %slevels\n", app_base_dir());
        free(a);
        return 2;
    }
    const char *pref = platform_pref_dir();
    settings_default(&a->set);
    best_clear(&a->best);
    if (pref[0]) {
        // Temp files of a save that was killed before its rename go first.
        fs_clean_temps(pref);
        snprintf(a->settings_path, sizeof a->settings_path, "%ssettings.txt", pref);
        a->settings_writable = settings_load(&a->set, a->settings_path);
        snprintf(a->best_path, sizeof a->best_path, "%sbest.txt", pref);
        a->best_writable = best_load(&a->best, a->best_path);
    }
    app_replays_init(a);
    if (a->replays_dir[0]) fs_clean_temps(a->replays_dir);
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
    a->cursor_on = SDL_ShowCursor(SDL_QUERY) == SDL_ENABLE;
    // Where the pointer rests as the window opens: the motion event that
    // comes with the window is no move (it must not pick a menu item).
    SDL_GetGlobalMouseState(&a->mouse_gx, &a->mouse_gy);
    a->mode = opt->level_path ? MODE_SINGLE : MODE_RUSH;
    a->paced_arena = -1;

    int rc = 0;
    if (watch) rc = app_viewer_open(a, opt->replay_path ? opt->replay_path : opt->script_path, false);
    else if (opt->level_path && !arena_load(a, &a->attract, opt->level_path, true, false)) rc = 2;
    else app_go_title(a);
    if (!rc && opt->layout_check) {
        a->quit = true;
        a->exit_code = app_layout_check(a, opt->layout_dir);
    }
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
        if (stick != MENU_NONE && a->screen != SCR_PLAY && a->screen != SCR_WATCH && !a->capturing)
            menu_act(a, stick);
        if (a->quit) break;
        double now = platform_now_s(), dt = now - last;
        app_tuning_frame(a, now);
        last = now;
        if (dt > 0.25) dt = 0.25;          // after a stall, don't sprint
        a->rc.time_s += dt;
        card_input(a);
        a->acc += paced_dt(a, dt);
        int n = 0;
        // The arena stands still behind the pause menu and its options.
        bool frozen = a->play.w && a->screen != SCR_PLAY && a->screen != SCR_RESULTS && a->screen != SCR_WATCH;
        if (frozen) a->acc = 0;
        if (a->screen == SCR_WATCH) {
            app_viewer_frame(a, dt);       // its own clock: speed, seeking
            a->acc = 0;
        }
        for (; a->acc >= SIM_DT && n < MAX_CATCHUP && !a->quit; a->acc -= SIM_DT, n++) {
            if (a->screen == SCR_PLAY || a->screen == SCR_RESULTS) play_tick(a);
            else if (!a->play.w) attract_tick(a);
        }
        if (n == MAX_CATCHUP && a->acc >= SIM_DT) a->acc = 0;   // too slow: drop the backlog
        if (a->quit) break;
        platform_update_scale(&a->pf);
        update_cursor(a);
        const World *w = app_backdrop(a);
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
    for (int i = 0; i < opt->shot_count; i++)
        if (!a->shot_done[i]) {
            log_warn("--shot %" PRId64 ":%s not written: the window closed before that tick", opt->shots[i].tick,
                     opt->shots[i].path);
            if (!rc) rc = 2;
        }
    app_free(a);
    free(a);
#ifdef __EMSCRIPTEN__
    web_program_ended(rc);             // the page offers "play again"
#endif
    return rc;
}
