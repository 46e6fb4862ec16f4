// app_tuning.c -- live tuning in the window: the file watch and F5, the F2
// panel's keys and drawing, the on-screen messages of files that do not
// load (see app_tuning.h).
#include "app/app_tuning.h"

#include <stdio.h>
#include <string.h>

#include "app/app_local.h"
#include "core/log.h"
#include "harness/legfile.h"
#include "harness/profiles.h"
#include "harness/tuning.h"

static const SDL_Color C_WHITE = {240, 240, 255, 255};
static const SDL_Color C_DIM = {150, 150, 185, 255};
static const SDL_Color C_GOLD = {255, 210, 120, 255};
static const SDL_Color C_SEL = {120, 230, 255, 255};
static const SDL_Color C_RED = {255, 110, 120, 255};

// The watch: files 0..3 are the legs (legs_name order), then the level.
#define WATCH_LEVEL LEGS_COUNT
#define ALL_LEG_BITS ((1u << LEGS_COUNT) - 1u)

static bool same_profiles(const LegProfile a[LEGS_COUNT], const LegProfile b[LEGS_COUNT]) {
    return legs_profiles_hash(a) == legs_profiles_hash(b);
}

static bool unsaved(const AppTuning *t) { return !same_profiles(t->prof, t->file); }

static void note(AppTuning *t, const char *msg) {
    snprintf(t->note, sizeof t->note, "%.390s", msg);
    t->note_until = platform_now_s() + APP_TUNING_NOTE_S;
}

// A message without the data folder in front of its paths (for the screen).
static const char *shown_path(const char *msg) {
    size_t n = strlen(platform_data_dir());
    return n && strncmp(msg, platform_data_dir(), n) == 0 ? msg + n : msg;
}

// A file that does not load: shown until fixed, printed once as it appears
// (what stays: the old values).
static void set_error(char *slot, size_t n, const char *msg, const char *what) {
    if (strcmp(slot, msg) == 0) return;
    snprintf(slot, n, "%s", msg);
    log_warn("%s (%s)", msg, what);
}

static void watch_files(App *a) {
    AppTuning *t = &a->tune;
    live_watch_clear(&t->watch);
    for (int i = 0; i < LEGS_COUNT; i++) {
        char name[64], path[1300];
        snprintf(name, sizeof name, "%s.leg", legs_name(i));
        fs_join(a->files.legs_dir, name, path, sizeof path);
        live_watch_add(&t->watch, path);
    }
    if (t->level_path[0]) live_watch_add(&t->watch, t->level_path);
}

void app_tuning_init(App *a) {
    AppTuning *t = &a->tune;
    memset(t, 0, sizeof *t);
    ParseError err;
    if (!profiles_load(a->files.legs_dir, t->file, &err)) profiles_builtin(t->file, &err);
    memcpy(t->prof, t->file, sizeof t->prof);
    t->leg = TUNING_ALL;
    watch_files(a);
}

// The sessions that take live changes: the arena played and the title's.
static Session *live_sessions(App *a, int i) {
    Session *s = i == 0 ? &a->fight.play : &a->attract;
    return session_world(s) && !session_script(s) ? s : NULL;
}

// What a change did to a running recording, appended to line (a toast).
// A recording saved up to the change gets its name in the replay folder.
static void recording_note(App *a, const LiveReport *rep, char *line, size_t n) {
    size_t l = strlen(line);
    switch (rep->recording) {
    case LIVE_REC_SAVED:
        log_info("replay saved up to tick %lld, then stopped: the arena changed", (long long)rep->recording_end);
        fight_keep_cut(&a->fight, rep->recording_end);
        snprintf(line + l, n - l, ". RECORDING SAVED UP TO TICK %lld, STOPPED", (long long)rep->recording_end);
        break;
    case LIVE_REC_DROPPED: snprintf(line + l, n - l, ". THIS FIGHT IS NOT RECORDED"); break;
    case LIVE_REC_FAILED:
        log_warn("%s", rep->msg);
        snprintf(line + l, n - l, ". RECORDING STOPPED, NOT SAVED");
        break;
    default: break;
    }
}

// Every live session takes prof; the play session's report is returned.
static LiveReport give_profiles(App *a, const LegProfile prof[LEGS_COUNT]) {
    LiveReport play = {.result = LIVE_SAME};
    for (int i = 0; i < 2; i++) {
        Session *s = live_sessions(a, i);
        if (!s) continue;
        LiveReport rep;
        live_set_profiles(s, prof, &rep);
        if (i == 0) play = rep;
    }
    return play;
}

// Reads the leg files; true when something changed (and said so).
static bool legs_from_files(App *a) {
    AppTuning *t = &a->tune;
    LegProfile p[LEGS_COUNT];
    ParseError err;
    memset(&err, 0, sizeof err);
    if (!profiles_load(a->files.legs_dir, p, &err)) {
        char msg[1600];
        parse_error_format(&err, msg, sizeof msg);
        set_error(t->legs_error, sizeof t->legs_error, msg, "the legs in use stay");
        return false;
    }
    bool was_broken = t->legs_error[0] != '\0';
    if (was_broken) log_info("the leg profiles load again");
    t->legs_error[0] = '\0';
    bool dropped = unsaved(t) && !same_profiles(p, t->prof);
    bool changed = !same_profiles(p, t->file) || dropped;
    memcpy(t->file, p, sizeof t->file);
    memcpy(t->prof, p, sizeof t->prof);
    LiveReport rep = give_profiles(a, p);
    if (!changed && !was_broken) return false;
    char line[300];
    snprintf(line, sizeof line, "%s",
             !changed  ? "LEG PROFILES LOAD AGAIN"
             : dropped ? "LEG PROFILES RELOADED, UNSAVED PANEL CHANGES DROPPED"
                       : "LEG PROFILES RELOADED");
    recording_note(a, &rep, line, sizeof line);
    app_toast(a, line);
    return true;
}

// Does the tuned level load now? Sets or clears its message (and says
// when it loads again); true when it loads.
static bool level_loads(App *a) {
    AppTuning *t = &a->tune;
    Level lv;
    ParseError err;
    memset(&err, 0, sizeof err);
    bool ok = session_load_level(&lv, t->level_path, &err);
    level_free(&lv);
    if (!ok) {
        char msg[1600];
        parse_error_format(&err, msg, sizeof msg);
        set_error(t->level_error, sizeof t->level_error, msg, "not loaded");
    } else if (t->level_error[0]) {
        t->level_error[0] = '\0';
        log_info("the level loads again");
        app_toast(a, "THE LEVEL LOADS AGAIN");
    }
    return ok;
}

// Reads the arena's level file during a fight; true when something changed.
static bool level_from_file(App *a) {
    AppTuning *t = &a->tune;
    Session *s = &a->fight.play;
    // No fight running, or it is over (results): the next one reads the file.
    bool fighting = session_world(s) && !session_script(s) && (app_top(a) == SCR_PLAY || app_top(a) == SCR_PAUSE);
    if (!fighting) {
        // Only whether it loads (the fight after it reads it; a retry while
        // it is broken is refused).
        bool was_broken = t->level_error[0] != '\0';
        return t->level_path[0] && level_loads(a) && was_broken;
    }
    LiveReport rep;
    live_reload_level(s, &rep);
    if (rep.result == LIVE_FAILED) {
        set_error(t->level_error, sizeof t->level_error, rep.msg, "the arena on screen stays");
        return false;
    }
    bool was_broken = t->level_error[0] != '\0';
    if (was_broken) log_info("the level loads again");
    t->level_error[0] = '\0';
    if (rep.result == LIVE_SAME) {
        if (was_broken) app_toast(a, "THE LEVEL LOADS AGAIN (UNCHANGED)");
        return was_broken;
    }
    t->level_edited = t->rush_level_edited = true;
    a->fight.after_end = 0;                   // the rebuilt fight is on again
    if (rep.player != RELOAD_KEPT) a->rc.cam_valid = false;
    char line[300];
    snprintf(line, sizeof line, "%s",
             rep.player == RELOAD_KEPT         ? "LEVEL RELOADED, YOU STAY WHERE YOU ARE"
             : rep.player == RELOAD_SPAWN_TILE ? "LEVEL RELOADED WITH A NEW TILE SIZE: BACK TO THE SPAWN"
                                               : "LEVEL RELOADED: ROCK WHERE YOU WERE, BACK TO THE SPAWN");
    recording_note(a, &rep, line, sizeof line);
    app_toast(a, line);
    return true;
}

// F5: both at once, whatever the modification times say.
static void reload_now(App *a) {
    if (app_top(a) == SCR_WATCH) {
        app_toast(a, "A REPLAY RUNS AS RECORDED: NOTHING IS RELOADED");
        return;
    }
    bool legs = legs_from_files(a), level = level_from_file(a);
    if (!legs && !level && !a->tune.legs_error[0] && !a->tune.level_error[0])
        app_toast(a, "RELOADED: THE FILES HOLD WHAT IS IN USE");
}

void app_tuning_frame(App *a, double now_s) {
    AppTuning *t = &a->tune;
    if (app_top(a) == SCR_WATCH) return;
    if (now_s >= t->next_poll_s) {
        t->next_poll_s = now_s + APP_TUNING_POLL_S;
        uint32_t changed = live_watch_poll(&t->watch);
        if (changed & ALL_LEG_BITS) legs_from_files(a);
        if (changed >> WATCH_LEVEL) level_from_file(a);
    }
    // The panel's unsaved changes: taken by every arena, also those that
    // start meanwhile (from the files).
    if (!unsaved(t)) return;
    LiveReport rep = give_profiles(a, t->prof);
    if (rep.recording == LIVE_REC_NONE) return;
    char line[300] = "UNSAVED LEG CHANGES";
    recording_note(a, &rep, line, sizeof line);
    app_toast(a, line);
}

void app_tuning_arena_started(App *a) {
    AppTuning *t = &a->tune;
    t->level_edited = false;
    if (a->fight.mode != MODE_RUSH || (a->fight.rush.arena == 0 && a->fight.rush.attempts == 1)) t->rush_level_edited = false;
    t->level_error[0] = '\0';                  // it loaded
    const char *path = live_level_path(&a->fight.play);
    if (strcmp(path, t->level_path) != 0) {
        // Another arena: watch its file; the leg files keep their baseline
        // (a change not seen yet is still seen at the next look).
        FsStat legs[LEGS_COUNT];
        memcpy(legs, t->watch.st, sizeof legs);
        snprintf(t->level_path, sizeof t->level_path, "%s", path);
        watch_files(a);
        memcpy(t->watch.st, legs, sizeof legs);
    }
    if (t->legs_error[0] && session_recording(&a->fight.play)) {
        char why[200];
        session_save_recording(&a->fight.play, why, sizeof why);   // no tick yet: dropped
        app_toast(a, "THIS FIGHT IS NOT RECORDED: A LEG FILE DOES NOT LOAD");
    }
}

const LegProfile *app_tuning_profiles(const App *a) {
    bool watch = a->opt->replay_path || a->opt->script_path;
    return a->tune.legs_error[0] && !watch ? a->tune.file : NULL;
}

bool app_tuning_refuses(App *a, const char *path) {
    if (strcmp(path, a->tune.level_path) != 0 || level_loads(a)) return false;
    app_toast(a, "THE ARENA'S FILE DOES NOT LOAD: FIX IT FIRST");
    return true;
}

// ---------------------------------------------------------------- the panel

static void edit(App *a, int delta, bool big, bool revert) {
    AppTuning *t = &a->tune;
    if (app_top(a) == SCR_WATCH) {
        note(t, "A REPLAY RUNS AS RECORDED: THE PANEL ONLY SHOWS ITS PROFILES");
        return;
    }
    ParseError why;
    memset(&why, 0, sizeof why);
    bool ok = revert ? tuning_revert(t->prof, t->file, t->leg, t->row, &why)
                     : tuning_step(t->prof, t->file, t->leg, t->row, delta, big, &why);
    if (!ok) {
        char line[700];
        snprintf(line, sizeof line, "NOT TAKEN: %.60s: %.300s", why.file, why.msg);
        note(t, line);
        return;
    }
    t->note_until = 0;
}

static void save(App *a) {
    AppTuning *t = &a->tune;
    if (!unsaved(t)) {
        note(t, "NOTHING TO SAVE: THE FILES HOLD THESE VALUES");
        return;
    }
    char done[300] = "";
    for (int i = 0; i < LEGS_COUNT; i++) {
        bool differs = false;
        for (int k = 0; k < LEG_KEY_COUNT; k++) differs = differs || !legfile_same(&t->prof[i], &t->file[i], (LegKey)k);
        if (!differs) continue;
        ParseError err;
        memset(&err, 0, sizeof err);
        if (!legfile_save(a->files.legs_dir, i, &t->prof[i], &err)) {
            char msg[1600], line[700];
            parse_error_format(&err, msg, sizeof msg);
            log_warn("%s: not saved", msg);
            snprintf(line, sizeof line, "NOT SAVED: %.600s", shown_path(msg));
            note(t, line);
            return;
        }
        t->file[i] = t->prof[i];
        size_t l = strlen(done);
        snprintf(done + l, sizeof done - l, "%s%s.leg", l ? " " : "", legs_name(i));
    }
    log_info("saved %s in %s", done, a->files.legs_dir);
    char line[400];
    snprintf(line, sizeof line, "SAVED %s", done);
    note(t, line);
}

static void set_open(App *a, bool open) {
    a->tune.open = open;
    a->rc.debug_legs = open;
    a->rc.debug_leg = a->tune.leg;
}

bool app_tuning_event(App *a, const SDL_Event *e) {
    AppTuning *t = &a->tune;
    if (e->type != SDL_KEYDOWN) return false;
    SDL_Scancode k = e->key.keysym.scancode;
    bool shift = (e->key.keysym.mod & KMOD_SHIFT) != 0, repeat = e->key.repeat != 0;
    if (k == SDL_SCANCODE_F2 && !repeat) {
        set_open(a, !t->open);
        return true;
    }
    if (k == SDL_SCANCODE_F5 && !repeat) {
        reload_now(a);
        return true;
    }
    if (!t->open) return false;
    int rows = tuning_row_count();
    switch (k) {
    case SDL_SCANCODE_PAGEUP: t->row = (t->row + rows - 1) % rows; break;
    case SDL_SCANCODE_PAGEDOWN: t->row = (t->row + 1) % rows; break;
    case SDL_SCANCODE_MINUS:
    case SDL_SCANCODE_KP_MINUS: edit(a, -1, shift, false); break;
    case SDL_SCANCODE_EQUALS:
    case SDL_SCANCODE_KP_PLUS: edit(a, 1, shift, false); break;
    case SDL_SCANCODE_BACKSPACE: edit(a, 0, false, true); break;
    case SDL_SCANCODE_TAB: {
        // front-left, back-left, front-right, back-right, all, and round.
        int at = t->leg == TUNING_ALL ? LEGS_COUNT : t->leg;
        at = (at + (shift ? LEGS_COUNT : 1)) % (LEGS_COUNT + 1);
        t->leg = at == LEGS_COUNT ? TUNING_ALL : at;
        break;
    }
    case SDL_SCANCODE_0: t->leg = TUNING_ALL; break;
    case SDL_SCANCODE_1:
    case SDL_SCANCODE_2:
    case SDL_SCANCODE_3:
    case SDL_SCANCODE_4: t->leg = (int)(k - SDL_SCANCODE_1); break;
    case SDL_SCANCODE_F6:
        if (!repeat) save(a);
        break;
    default: return false;
    }
    a->rc.debug_leg = t->leg;
    return true;
}

// ---------------------------------------------------------------- drawing

static void box(App *a, SDL_Rect r, SDL_Color edge) {
    SDL_SetRenderDrawBlendMode(a->pf.r, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(a->pf.r, 10, 8, 26, 215);
    SDL_RenderFillRect(a->pf.r, &r);
    SDL_SetRenderDrawColor(a->pf.r, edge.r, edge.g, edge.b, 255);
    SDL_RenderDrawRect(a->pf.r, &r);
}

// Splits text into lines of at most cols characters, at a blank or a slash
// when there is one; returns the line count (at most max).
static int wrap(const char *text, int cols, char lines[][200], int max) {
    int n = 0;
    size_t len = strlen(text), at = 0;
    if (cols > 199) cols = 199;
    while (at < len && n < max) {
        size_t take = len - at <= (size_t)cols ? len - at : (size_t)cols;
        if (at + take < len) {
            size_t cut = take;
            while (cut > (size_t)cols / 2 && text[at + cut] != ' ' && text[at + cut - 1] != '/') cut--;
            if (cut > (size_t)cols / 2) take = cut;
        }
        snprintf(lines[n++], 200, "%.*s", (int)take, text + at);
        at += take;
        while (at < len && text[at] == ' ') at++;
    }
    return n;
}

static const char *const LEG_HEAD[LEGS_COUNT] = {"F-LEFT", "B-LEFT", "F-RIGHT", "B-RIGHT"};

// Curve names shortened to fit a column (8 characters).
static void cell_text(const LegProfile *p, int row, char *buf, size_t n) {
    tuning_value_text(p, row, buf, n);
    if (!strcmp(buf, "smoothstep")) snprintf(buf, n, "smooth");
    else if (!strcmp(buf, "smootherstep")) snprintf(buf, n, "smoother");
    else if (!strncmp(buf, "points ", 7)) {
        char count[8];
        snprintf(count, sizeof count, "%.4s", buf + 7);
        snprintf(buf, n, "pts %s", count);
    }
}

// Logical px: the panel on the left, under the F1 overlay's text, clear of
// the middle of the view where the camera keeps the player.
#define PANEL_X 14
#define PANEL_W 600
#define LABEL_W 164
#define COL_W 104                  // 8 characters and a gap
#define ROW_H 19

static void draw_panel(App *a) {
    AppTuning *t = &a->tune;
    RenderCtx *rc = &a->rc;
    int rows = tuning_row_count();
    int y0 = 196, h = 58 + rows * ROW_H + 84;
    box(a, (SDL_Rect){PANEL_X, y0, PANEL_W, h}, C_SEL);
    int x = PANEL_X + 12, y = y0 + 10;
    render_text(rc, x, y, 2, C_GOLD, "LEG TUNING  (F2 CLOSES)");
    if (unsaved(t)) render_text(rc, PANEL_X + PANEL_W - 12 - font_width("UNSAVED", 2), y, 2, C_RED, "UNSAVED");
    y += 26;
    for (int i = 0; i < LEGS_COUNT; i++) {
        bool sel = t->leg == TUNING_ALL || t->leg == i;
        render_text(rc, x + LABEL_W + i * COL_W, y, 2, sel ? C_SEL : C_DIM, LEG_HEAD[i]);
    }
    y += 22;
    for (int r = 0; r < rows; r++, y += ROW_H) {
        bool row_sel = r == t->row;
        if (row_sel) {
            SDL_SetRenderDrawColor(a->pf.r, 60, 90, 160, 120);
            SDL_Rect bar = {PANEL_X + 4, y - 3, PANEL_W - 8, ROW_H};
            SDL_RenderFillRect(a->pf.r, &bar);
        }
        render_text(rc, x, y, 2, row_sel ? C_WHITE : C_DIM, tuning_row(r)->label);
        for (int i = 0; i < LEGS_COUNT; i++) {
            char v[64];
            cell_text(&t->prof[i], r, v, sizeof v);
            bool changed = tuning_row_differs(&t->prof[i], &t->file[i], r);
            bool sel = row_sel && (t->leg == TUNING_ALL || t->leg == i);
            SDL_Color c = sel ? C_SEL : changed ? C_GOLD : C_WHITE;
            if (changed && strlen(v) < 8) strcat(v, "*");
            render_text(rc, x + LABEL_W + i * COL_W, y, 2, c, v);
        }
    }
    y += 6;
    if (t->note_until > platform_now_s()) {
        char lines[3][200];
        int n = wrap(t->note, (PANEL_W - 24) / 12, lines, 3);
        for (int i = 0; i < n; i++) render_text(rc, x, y + i * 18, 2, C_GOLD, lines[i]);
        return;
    }
    render_text(rc, x, y, 2, C_DIM, "PGUP/PGDN KEY   - / + STEP (SHIFT: X10)");
    render_text(rc, x, y + 18, 2, C_DIM, "TAB OR 1-4 LEG, 0 ALL   BACKSPACE: AS FILED");
    render_text(rc, x, y + 36, 2, C_DIM, "F6 SAVES INTO ASSETS/LEGS   F5 RELOADS FILES");
    render_text(rc, x, y + 54, 2, C_GOLD, "GOLD *: CHANGED, NOT SAVED YET");
}

// A file that does not load: red, at the bottom, until it is fixed.
static int draw_error(App *a, const char *head, const char *msg, int bottom) {
    bool open = a->tune.open;
    int x = open ? PANEL_X + PANEL_W + 10 : 40, w = open ? RENDER_LOGICAL_W - x - 14 : RENDER_LOGICAL_W - 80;
    char text[1800], lines[6][200];
    snprintf(text, sizeof text, "%s %s", head, shown_path(msg));
    int n = wrap(text, (w - 24) / 12, lines, 6);
    int h = 16 + n * 20;
    int y = bottom - h;
    box(a, (SDL_Rect){x, y, w, h}, C_RED);
    for (int i = 0; i < n; i++) render_text(&a->rc, x + 12, y + 9 + i * 20, 2, i ? C_WHITE : C_RED, lines[i]);
    return y - 8;
}

void app_tuning_draw(App *a) {
    AppTuning *t = &a->tune;
    if (t->open) draw_panel(a);
    int bottom = RENDER_LOGICAL_H - 48;   // above the toast
    if (t->legs_error[0]) bottom = draw_error(a, "LEG PROFILES DO NOT LOAD (THE OLD VALUES STAY):", t->legs_error, bottom);
    if (t->level_error[0]) draw_error(a, "THE LEVEL DOES NOT LOAD (THE ARENA ON SCREEN STAYS):", t->level_error, bottom);
}
