// app_screens.c -- the menu screens: what the title, practice, options,
// controls, pause and results menus hold, and what their items do. Each
// screen is a build function (its items, laid out) and an apply function
// (an item's OK or left/right), so a new item is one line in each; a new
// screen is one more pair (e.g. the title's replays, after PRACTICE).
#include <stdio.h>
#include <string.h>

#include "app/app_screens.h"

#include "app/app_core.h"
#include "app/app_draw.h"
#include "app/app_play.h"
#include "app/app_replays.h"
#include "core/log.h"

// Item ids, per screen.
enum { T_RUSH, T_SINGLE, T_PRACTICE, T_REPLAYS, T_DIFFICULTY, T_OPTIONS, T_QUIT };
enum { P_DIFFICULTY = -1, P_BACK = -2 };          // practice: arena i is id i
enum {
    O_MUSIC, O_SFX, O_FULLSCREEN, O_INTEGER, O_VSYNC, O_SHAKE, O_FLASHING, O_DIFFICULTY, O_ASSIST,
    O_GHOST, O_CONTROLS, O_BACK, O_HINTS
};
enum { C_RESET = -1, C_BACK = -2 };                // controls: button b is id b
enum { PA_RESUME, PA_RETRY, PA_OPTIONS, PA_TITLE };
enum { R_NEXT, R_RETRY, R_PRACTICE, R_TITLE };

// Difficulties in menu order, easiest first.
static const Difficulty DIFF_ORDER[DIFFICULTY_COUNT] = {DIFFICULTY_EASY, DIFFICULTY_NORMAL, DIFFICULTY_HARD};

static void set_value(MenuItem *it, const char *v) { snprintf(it->value, sizeof it->value, "%s", v); }

static void add_difficulty(App *a, Menu *m, int id) {
    MenuItem *it = menu_add(m, id, ITEM_CHOICE, "DIFFICULTY");
    set_value(it, difficulty_name(a->set.difficulty));
    snprintf(it->hint, sizeof it->hint, "%s",
             session_world(&a->fight.play) ? "FROM THE NEXT FIGHT ON (A RUSH KEEPS ITS OWN TO THE END)"
                                           : "CHANGES HEARTS, BOSS BULLETS AND BOSS HEALTH; SAVED");
}

static void step_difficulty(App *a, int delta) {
    int k = 0;
    while (k < DIFFICULTY_COUNT && DIFF_ORDER[k] != a->set.difficulty) k++;
    k = (k + (delta < 0 ? -1 : 1) + DIFFICULTY_COUNT) % DIFFICULTY_COUNT;
    a->set.difficulty = DIFF_ORDER[k];
    app_settings_changed(a);
    audio_play(&a->au, SFX_MENU_MOVE);
}

static void add_action(Menu *m, int id, const char *label, const char *hint) {
    MenuItem *it = menu_add(m, id, ITEM_ACTION, label);
    snprintf(it->hint, sizeof it->hint, "%s", hint ? hint : "");
}

// ---------------------------------------------------------------- title

static void build_title(App *a, Menu *m) {
    menu_init(m, MENU_CENTRED, RENDER_LOGICAL_W / 2, 288, 600, 40, 3);
    char hint[100];
    if (a->opt->level_path) {
        snprintf(hint, sizeof hint, "%.90s",
                 session_world(&a->attract) ? session_level(&a->attract)->name : a->opt->level_path);
        add_action(m, T_SINGLE, "PLAY ARENA", hint);
    } else {
        snprintf(hint, sizeof hint, "ALL %d ARENAS IN A ROW; HEARTS CARRY OVER (+%d%%)", a->files.level_count,
                 RUSH_REFILL_PERCENT);
        add_action(m, T_RUSH, "START BOSS RUSH", hint);
        add_action(m, T_PRACTICE, "PRACTICE", "ANY ONE ARENA, AS OFTEN AS YOU LIKE");
    }
    add_action(m, T_REPLAYS, "REPLAYS", "WATCH YOUR RUNS: PAUSE, STEP, SEEK, AND TAKE OVER FROM ANY MOMENT");
    add_difficulty(a, m, T_DIFFICULTY);
    add_action(m, T_OPTIONS, "OPTIONS", "SOUND, SCREEN, ACCESSIBILITY, CONTROLS");
#ifndef __EMSCRIPTEN__
    add_action(m, T_QUIT, "QUIT", NULL);   // a page is left by closing its tab (docs/web.md)
#endif
}

static void apply_title(App *a, int id, int delta) {
    if (id == T_DIFFICULTY) {
        step_difficulty(a, delta ? delta : 1);
        return;
    }
    if (delta) return;
    audio_play(&a->au, SFX_MENU_SELECT);
    switch (id) {
    case T_RUSH: app_start(a, MODE_RUSH, 0); break;
    case T_SINGLE: app_start(a, MODE_SINGLE, 0); break;
    case T_PRACTICE: app_push(a, SCR_PRACTICE); break;
    case T_REPLAYS:
        app_replays_reload(a);
        app_push(a, SCR_REPLAYS);
        break;
    case T_OPTIONS: app_push(a, SCR_OPTIONS); break;
    default: a->ui.quit = true; break;
    }
}

// ---------------------------------------------------------------- practice

static void build_practice(App *a, Menu *m) {
    // Rows shrink (and their text, below 36 px) when many arenas must fit.
    int n = a->files.level_count + 2 < MENU_MAX_ITEMS ? a->files.level_count + 2 : MENU_MAX_ITEMS;
    int row = n <= 9 ? 46 : (500 / n < 24 ? 24 : 500 / n);
    int top = 190 - (n * row > 410 ? (n * row - 410) / 2 : 0);
    menu_init(m, MENU_WIDE, RENDER_LOGICAL_W / 2, top < 130 ? 130 : top, 820, row, row >= 36 ? 3 : 2);
    add_difficulty(a, m, P_DIFFICULTY);
    for (int i = 0; i < a->files.level_count && m->n < MENU_MAX_ITEMS - 1; i++) {
        MenuItem *it = menu_add(m, i, ITEM_ACTION, a->files.level_names[i]);
        char key[BEST_KEY_MAX];
        int64_t t = best_get_arena(&a->files.best, a->files.levels[i], a->files.level_hash[i], a->set.difficulty, key, sizeof key);
        if (t) {
            char tt[24];
            best_time_text(t, tt, sizeof tt);
            snprintf(it->note, sizeof it->note, "BEST %s", tt);
        } else {
            snprintf(it->note, sizeof it->note, "NOT CLEARED YET");
            it->note_faint = true;
        }
        const char *base = strrchr(a->files.levels[i], '/');
        snprintf(it->hint, sizeof it->hint, "LEVELS/%.90s", base ? base + 1 : a->files.levels[i]);
    }
    add_action(m, P_BACK, "BACK", NULL);
}

static void apply_practice(App *a, int id, int delta) {
    if (id == P_DIFFICULTY) step_difficulty(a, delta ? delta : 1);
    else if (delta) return;
    else if (id == P_BACK) app_screen_back(a, SCR_PRACTICE);
    else {
        audio_play(&a->au, SFX_MENU_SELECT);
        app_start(a, MODE_PRACTICE, id);
    }
}

// ---------------------------------------------------------------- options

static const char *level_text(SettingLevel l) { return l == LEVEL_FULL ? "FULL" : l == LEVEL_REDUCED ? "REDUCED" : "OFF"; }

static void add_flag(Menu *m, int id, const char *label, bool on, const char *hint) {
    MenuItem *it = menu_add(m, id, ITEM_CHOICE, label);
    set_value(it, on ? "on" : "off");
    snprintf(it->hint, sizeof it->hint, "%s", hint);
}

static void add_slider(Menu *m, int id, const char *label, int level) {
    MenuItem *it = menu_add(m, id, ITEM_SLIDER, label);
    it->level = level;
    snprintf(it->value, sizeof it->value, "%d", level);
    snprintf(it->hint, sizeof it->hint, "LEFT / RIGHT, THE WHEEL OR THE ARROWS");
}

static void build_options(App *a, Menu *m) {
    const Settings *s = &a->set;
    menu_init(m, MENU_WIDE, RENDER_LOGICAL_W / 2, 142, 840, 40, 3);
    add_slider(m, O_MUSIC, "MUSIC VOLUME", s->music_volume);
    add_slider(m, O_SFX, "SOUND VOLUME", s->sfx_volume);
    add_flag(m, O_FULLSCREEN, "FULLSCREEN", a->pf.fullscreen, "F11 OR ALT+ENTER TOO");
    add_flag(m, O_INTEGER, "INTEGER SCALING", s->integer_scale,
             "WHOLE SCALE FACTORS (1X, 2X ...) IN WINDOWS OF 1280X720 AND LARGER");
    add_flag(m, O_VSYNC, "VSYNC", a->pf.vsync, "WAIT FOR THE DISPLAY'S REFRESH: NO TEARING");
    MenuItem *it = menu_add(m, O_SHAKE, ITEM_CHOICE, "SCREEN SHAKE");
    set_value(it, level_text(s->shake));
    snprintf(it->hint, sizeof it->hint, "THE CAMERA SHAKING WHEN YOU ARE HIT OR A BOSS FALLS");
    it = menu_add(m, O_FLASHING, ITEM_CHOICE, "FLASHING");
    set_value(it, level_text(s->flashing));
    snprintf(it->hint, sizeof it->hint, "THE FULL-SCREEN RED FLASH WHEN HIT, THE WHITE ONE WHEN A BOSS FALLS");
    add_difficulty(a, m, O_DIFFICULTY);
    add_flag(m, O_ASSIST, "UNLIMITED WIGGLE", s->assist_wiggle, "ASSIST: WIGGLE MODE WITHOUT THE GAUGE'S COST");
    add_flag(m, O_GHOST, "GHOST", s->ghost, "RACE YOUR BEST WON RUN OF THE ARENA: IT PLAYS ALONG, SEE-THROUGH");
    add_flag(m, O_HINTS, "HINTS", s->hints, "PROMPTS WHERE A NEWCOMER GETS STUCK; SWITCHED ON, EVERY ONE SHOWS AGAIN");
    add_action(m, O_CONTROLS, "CONTROLS", "REBIND EVERY BUTTON, KEYBOARD AND GAMEPAD");
    add_action(m, O_BACK, "BACK", NULL);
}

static int clamp100(int v) { return v < 0 ? 0 : (v > 100 ? 100 : v); }

static SettingLevel step_level(SettingLevel l, int delta) {
    return (SettingLevel)(((int)l + (delta < 0 ? -1 : 1) + LEVEL_COUNT) % LEVEL_COUNT);
}

static void apply_options(App *a, int id, int delta) {
    Settings *s = &a->set;
    int d = delta ? delta : 1;      // OK steps a choice forward
    switch (id) {
    case O_MUSIC: s->music_volume = clamp100(s->music_volume + 10 * delta); break;
    case O_SFX: s->sfx_volume = clamp100(s->sfx_volume + 10 * delta); break;
    case O_FULLSCREEN: s->fullscreen = !a->pf.fullscreen; break;
    case O_INTEGER: s->integer_scale = !s->integer_scale; break;
    case O_VSYNC: s->vsync = !a->pf.vsync; break;
    case O_SHAKE: s->shake = step_level(s->shake, d); break;
    case O_FLASHING: s->flashing = step_level(s->flashing, d); break;
    case O_DIFFICULTY: step_difficulty(a, d); return;
    case O_ASSIST: s->assist_wiggle = !s->assist_wiggle; break;
    case O_GHOST: s->ghost = !s->ghost; break;
    case O_HINTS:
        s->hints = !s->hints;
        if (s->hints) s->hints_seen = 0;      // on again: every prompt is new again
        break;
    case O_CONTROLS:
        if (delta) return;
        audio_play(&a->au, SFX_MENU_SELECT);
        app_push(a, SCR_CONTROLS);
        return;
    default:
        if (!delta) app_screen_back(a, SCR_OPTIONS);
        return;
    }
    if ((id == O_MUSIC || id == O_SFX) && !delta) return;   // OK on a slider: nothing to do
    app_settings_changed(a);
    audio_play(&a->au, SFX_MENU_MOVE);      // after: heard at the new sound volume
}

// ---------------------------------------------------------------- controls

static void build_controls(App *a, Menu *m) {
    menu_init(m, MENU_WIDE, RENDER_LOGICAL_W / 2, 172, 1040, 38, 3);
    m->cell_x = 296;
    m->cell_w = 184;
    for (int b = 0; b < BTN_COUNT; b++) {
        MenuItem *it = menu_add(m, b, ITEM_CELLS, input_button_name(b));
        for (int c = 0; c < MENU_CELLS; c++) {
            BindDevice d = c < 2 ? BIND_KEYS : BIND_PAD;
            snprintf(it->cell[c], sizeof it->cell[c], "%s", bindings_label(d, a->set.bind.code[d][b][c % 2]));
        }
        it->warn = bindings_unbound(&a->set.bind, BIND_KEYS, b);
        snprintf(it->hint, sizeof it->hint, "%s", it->warn ? "NO KEY FOR THIS BUTTON: PICK ONE"
                                                           : "ENTER OR CLICK: REBIND   LEFT / RIGHT: ANOTHER SLOT");
    }
    add_action(m, C_RESET, "RESET TO DEFAULTS", "EVERY KEY AND PAD BUTTON AS SHIPPED");
    add_action(m, C_BACK, "BACK", NULL);
}

static void apply_controls(App *a, int id, int delta) {
    if (delta) return;
    if (id == C_BACK) {
        app_screen_back(a, SCR_CONTROLS);
        return;
    }
    audio_play(&a->au, SFX_MENU_SELECT);
    if (id == C_RESET) {
        bindings_default(&a->set.bind);
        app_settings_changed(a);
        app_toast(a, "CONTROLS RESET TO DEFAULTS");
        return;
    }
    a->stack.capturing = true;
}

bool app_controls_capture(App *a, const SDL_Event *e) {
    int btn = a->stack.sel[SCR_CONTROLS], slot = a->stack.col % 2;
    BindDevice dev = a->stack.col < 2 ? BIND_KEYS : BIND_PAD;
    if (btn < 0 || btn >= BTN_COUNT) {
        a->stack.capturing = false;
        return false;
    }
    if (e->type == SDL_MOUSEBUTTONDOWN) {
        if (e->button.button == SDL_BUTTON_RIGHT) a->stack.capturing = false;
        return true;
    }
    int code;
    char msg[160];
    const char *name = input_button_name(btn), *other;
    int old = a->set.bind.code[dev][btn][slot];
    switch (devices_capture(e, dev, &code)) {
    case CAPTURE_NONE:
        return e->type == SDL_KEYDOWN || e->type == SDL_CONTROLLERBUTTONDOWN;
    case CAPTURE_CANCEL:
        a->stack.capturing = false;
        return true;
    case CAPTURE_RESERVED:
        app_toast(a, dev == BIND_KEYS ? "THAT KEY IS RESERVED (ESC, BACKSPACE, DELETE, F1-F12)"
                                      : "THAT BUTTON IS RESERVED (START, GUIDE)");
        return true;
    case CAPTURE_CLEAR:
        bindings_clear(&a->set.bind, dev, btn, slot);
        snprintf(msg, sizeof msg, "%s: SLOT CLEARED", name);
        break;
    case CAPTURE_CODE: {
        int from = bindings_set(&a->set.bind, dev, btn, slot, code);
        if (from >= 0 && from != btn) {
            other = input_button_name(from);
            if (old)
                snprintf(msg, sizeof msg, "%s TAKEN FROM %s, WHICH GETS %s", bindings_label(dev, code), other,
                         bindings_label(dev, old));
            else if (bindings_unbound(&a->set.bind, dev, from))
                snprintf(msg, sizeof msg, "%s TAKEN FROM %s: %s HAS NO %s NOW", bindings_label(dev, code), other,
                         other, dev == BIND_KEYS ? "KEY" : "PAD BUTTON");
            else
                snprintf(msg, sizeof msg, "%s TAKEN FROM %s", bindings_label(dev, code), other);
        } else {
            snprintf(msg, sizeof msg, "%s: %s", name, bindings_label(dev, code));
        }
        break;
    }
    }
    a->stack.capturing = false;
    audio_play(&a->au, SFX_MENU_SELECT);
    app_toast(a, msg);
    app_settings_changed(a);
    return true;
}

// ---------------------------------------------------------------- pause

static void build_pause(App *a, Menu *m) {
    menu_init(m, MENU_CENTRED, RENDER_LOGICAL_W / 2, 300, 520, 44, 3);
    bool rush = a->fight.mode == MODE_RUSH;
    add_action(m, PA_RESUME, "RESUME", NULL);
    add_action(m, PA_RETRY, "RETRY", rush ? "THIS ARENA AGAIN, WITH THE HEARTS YOU ENTERED IT WITH"
                                     : a->fight.mode == MODE_TAKEOVER ? "TAKE OVER THE REPLAY AT THE SAME TICK AGAIN" : NULL);
    add_action(m, PA_OPTIONS, "OPTIONS", NULL);
    add_action(m, PA_TITLE, "QUIT TO TITLE", rush ? "ENDS THE BOSS RUSH" : NULL);
}

static void apply_pause(App *a, int id, int delta) {
    if (delta) return;
    audio_play(&a->au, SFX_MENU_SELECT);
    switch (id) {
    case PA_RESUME: app_resume(a); break;
    case PA_RETRY: app_retry(a); break;
    case PA_OPTIONS: app_push(a, SCR_OPTIONS); break;
    default: app_go_title(a); break;
    }
}

// ---------------------------------------------------------------- results

static void build_results(App *a, Menu *m) {
    // Under the results' lines: two more in the rush.
    menu_init(m, MENU_CENTRED, RENDER_LOGICAL_W / 2, a->fight.mode == MODE_RUSH ? 440 : 380, 600, 44, 3);
    const Results *r = &a->fight.res;
    if (a->fight.mode == MODE_RUSH) {
        if (r->rush_done) add_action(m, R_NEXT, "NEW RUSH", "FROM THE FIRST ARENA, HEARTS FULL");
        else if (r->won) add_action(m, R_NEXT, "NEXT ARENA", NULL);
        else add_action(m, R_RETRY, "RETRY ARENA", "THE RUSH GOES ON: SAME ARENA, SAME HEARTS, THE CLOCK KEEPS RUNNING");
    } else {
        add_action(m, R_RETRY, r->won ? "PLAY AGAIN" : "RETRY", NULL);
        if (a->fight.mode == MODE_PRACTICE) add_action(m, R_PRACTICE, "CHOOSE ANOTHER ARENA", NULL);
    }
    add_action(m, R_TITLE, "QUIT TO TITLE", NULL);
}

static void apply_results(App *a, int id, int delta) {
    if (delta) return;
    audio_play(&a->au, SFX_MENU_SELECT);
    switch (id) {
    case R_NEXT: app_next(a); break;
    case R_RETRY: app_retry(a); break;
    case R_PRACTICE:
        app_go_title(a);
        app_push(a, SCR_PRACTICE);
        break;
    default: app_go_title(a); break;
    }
}

// ---------------------------------------------------------------- the screens

// Back on the title highlights QUIT first; a second back quits.
// The browser's title has no QUIT: back goes to the top.
static void back_title(App *a) {
    Menu m;
    build_title(a, &m);
#ifdef __EMSCRIPTEN__
    a->stack.sel[SCR_TITLE] = 0;
#else
    if (a->stack.sel[SCR_TITLE] == m.n - 1) a->ui.quit = true;
    else a->stack.sel[SCR_TITLE] = m.n - 1;
#endif
}

const ScreenClass app_title_screen = {
    .frame = app_menu_frame, .draw = app_draw_title, .build = build_title, .apply = apply_title, .back = back_title};
const ScreenClass app_practice_screen = {
    .frame = app_menu_frame, .draw = app_draw_practice, .build = build_practice, .apply = apply_practice,
    .back = app_pop};
const ScreenClass app_options_screen = {
    .frame = app_menu_frame, .draw = app_draw_options, .build = build_options, .apply = apply_options,
    .back = app_pop};
const ScreenClass app_controls_screen = {
    .frame = app_menu_frame, .draw = app_draw_controls, .build = build_controls, .apply = apply_controls,
    .back = app_pop};
// Over the fight: it stands still behind them.
const ScreenClass app_pause_screen = {
    .frame = app_menu_frame, .draw = app_draw_play, .build = build_pause, .apply = apply_pause, .back = app_resume};
// Over the fight: it goes on behind them.
const ScreenClass app_results_screen = {
    .frame = app_results_frame, .draw = app_draw_play, .build = build_results, .apply = apply_results,
    .back = app_go_title};
