// app_layout.c -- bossrush --layout-check [DIR]: every screen (title,
// practice, options, controls, replays with each item highlighted, every
// arena's warning card, the newcomer prompts, the fight's HUD on easy, normal and
// hard in every arena, pause, YOU FELL and BOSS DOWN!, results won and
// lost, the rush's results, the replay viewer) drawn in a window of every
// size from 480x270 to 3840x2160, with the renderer's layout log on
// (render/layout.h). A frame passes when every text line, panel and HUD
// piece lies inside the picture, no text crosses a panel's edge, no two
// different lines and no two HUD pieces overlap, and the big message covers
// no boss. One line per failure,
// then "layout: N passed, M failed"; exit 1 on a failure. With DIR, each
// frame is also saved there as WxH-screen.png to look at.
#include <stdio.h>
#include <string.h>

#include "app/app_layout.h"

#include "app/app_core.h"
#include "app/app_draw.h"
#include "app/app_play.h"
#include "app/app_viewer.h"
#include "platform/png.h"
#include "render/layout.h"
#include "sim/world.h"

static const int SIZES[][2] = {{480, 270}, {640, 360}, {800, 600}, {960, 540}, {1280, 720}, {1920, 1080}, {3840, 2160}};

typedef struct Check {
    App *a;
    SDL_Surface *surface;      // the picture of the size being checked
    LayoutLog log;
    const char *dir;
    bool quiet;                // judge without printing (the self-test)
    int w, h;
    int pass, fail;
} Check;

static bool inside(SDL_Rect in, SDL_Rect out) {
    return in.x >= out.x && in.y >= out.y && in.x + in.w <= out.x + out.w && in.y + in.h <= out.y + out.h;
}

static bool meets(SDL_Rect a, SDL_Rect b) {
    SDL_Rect o;
    return SDL_IntersectRect(&a, &b, &o) == SDL_TRUE;
}

static void say(const Check *c, const char *screen, const char *what, const LayoutBox *b, const char *why) {
    if (c->quiet) return;
    printf("FAIL: %dx%d %s: %s '%s' at %d,%d %dx%d %s\n", c->w, c->h, screen, what, b->what, b->r.x, b->r.y, b->r.w,
           b->r.h, why);
}

// The rules over the frame just drawn; true when it keeps every one.
static bool judge(Check *c, const char *screen, const char *message) {
    static const char *const KIND[] = {"text", "panel", "HUD piece", "boss"};
    const LayoutLog *l = &c->log;
    SDL_Rect frame = layout_frame(c->a->pf.r);
    int bad = 0;
    if (l->dropped) {
        printf("FAIL: %dx%d %s: the layout log overflowed (%d boxes dropped)\n", c->w, c->h, screen, l->dropped);
        bad++;
    }
    for (int i = 0; i < l->n; i++) {
        const LayoutBox *b = &l->box[i];
        if (b->kind != LAYOUT_BOSS && !inside(b->r, frame)) {
            char why[96];
            snprintf(why, sizeof why, "is not inside the picture %d,%d %dx%d", frame.x, frame.y, frame.w, frame.h);
            say(c, screen, KIND[b->kind], b, why);
            bad++;
        }
        for (int j = 0; j < l->n; j++) {
            const LayoutBox *o = &l->box[j];
            if (b->kind == LAYOUT_TEXT && o->kind == LAYOUT_PANEL && meets(b->r, o->r) && !inside(b->r, o->r)) {
                char why[96];
                snprintf(why, sizeof why, "crosses the edge of the %s at %d,%d %dx%d", o->what, o->r.x, o->r.y, o->r.w,
                         o->r.h);
                say(c, screen, "text", b, why);
                bad++;
            }
            // Two different lines never overlap (the same line drawn again
            // is a shadow or a layer of the logo).
            if (j > i && b->kind == LAYOUT_TEXT && o->kind == LAYOUT_TEXT && strcmp(b->what, o->what) != 0 &&
                meets(b->r, o->r)) {
                char why[96];
                snprintf(why, sizeof why, "overlaps the text '%.24s' at %d,%d %dx%d", o->what, o->r.x, o->r.y, o->r.w,
                         o->r.h);
                say(c, screen, "text", b, why);
                bad++;
            }
            if (j > i && b->kind == LAYOUT_HUD && o->kind == LAYOUT_HUD && meets(b->r, o->r)) {
                char why[96];
                snprintf(why, sizeof why, "overlaps the %s at %d,%d %dx%d", o->what, o->r.x, o->r.y, o->r.w, o->r.h);
                say(c, screen, "HUD piece", b, why);
                bad++;
            }
            if (message && b->kind == LAYOUT_TEXT && !strcmp(b->what, message) && o->kind == LAYOUT_BOSS &&
                meets(b->r, o->r)) {
                char why[96];
                snprintf(why, sizeof why, "covers a boss at %d,%d %dx%d", o->r.x, o->r.y, o->r.w, o->r.h);
                say(c, screen, "message", b, why);
                bad++;
            }
        }
    }
    return bad == 0;
}

// Draws the current screen with the log on, judges it, saves it with DIR.
static void frame(Check *c, const char *screen, const char *message) {
    App *a = c->a;
    memset(&c->log, 0, sizeof c->log);
    a->rc.font.log = &c->log;
    app_draw_frame(a);
    a->rc.font.log = NULL;
    if (judge(c, screen, message)) c->pass++;
    else c->fail++;
    if (!c->dir) return;
    char path[1400], why[300];
    snprintf(path, sizeof path, "%s/%dx%d-%s.png", c->dir, c->w, c->h, screen);
    if (!png_save(c->surface, path, why, sizeof why)) fprintf(stderr, "bossrush: --layout-check: %s\n", why);
}

// A fight in arena `level` at difficulty d, past its warning card, some
// ticks in (the bosses moving, the HUD full).
static bool fight(Check *c, int level, Difficulty d) {
    App *a = c->a;
    a->set.difficulty = d;
    app_start(a, MODE_PRACTICE, level);
    if (!session_world(&a->fight.play)) return false;
    if (pace_card(&a->fight.pace)) {
        // The warning card, fully open.
        for (int i = 0; i < 60; i++) pace_step(&a->fight.pace, 1.0 / 60.0);
        char name[64];
        snprintf(name, sizeof name, "warning-%d", level + 1);
        frame(c, name, NULL);
    }
    pace_clear(&a->fight.pace);
    for (int t = 0; t < 90; t++) session_step(&a->fight.play, NULL);
    render_camera_update(&a->rc, session_world(&a->fight.play), 1.0);
    return true;
}

static void results(Check *c, const char *screen, bool won, PlayMode mode) {
    App *a = c->a;
    a->fight.mode = mode;
    a->fight.rush = (Rush){.arenas = a->files.level_count, .arena = 1, .ticks = 123456, .hits = 88};
    a->fight.res = (Results){.won = won, .ticks = 98765, .hits = 77, .hp_left = 3, .hp_max = 12, .best = 99999,
                       .new_best = won, .next_hp = 12, .rush_best = 654321};
    app_switch(a, SCR_RESULTS);
    frame(c, screen, NULL);
}

// The check checked: the title with a line too wide for any window drawn
// over it must fail (a check that passes everything proves nothing).
static void self_test(Check *c) {
    char wide[200];
    memset(wide, 'W', sizeof wide - 1);
    wide[sizeof wide - 1] = '\0';
    c->quiet = true;
    app_go_title(c->a);
    memset(&c->log, 0, sizeof c->log);
    c->a->rc.font.log = &c->log;
    app_draw_frame(c->a);
    render_text_centred(&c->a->rc, RENDER_LOGICAL_W / 2, 360, 2, (SDL_Color){255, 255, 255, 255}, wide);
    c->a->rc.font.log = NULL;
    bool caught = !judge(c, "self-test", NULL);
    c->quiet = false;
    if (caught) {
        c->pass++;
        return;
    }
    printf("FAIL: %dx%d self-test: a line of %zu characters was not caught\n", c->w, c->h, strlen(wide));
    c->fail++;
}

// Every screen at the window's present size.
static void screens(Check *c) {
    App *a = c->a;
    self_test(c);
    app_go_title(a);
    // Each menu with each of its items highlighted (each has its own hint).
    static const Screen menus[] = {SCR_TITLE, SCR_PRACTICE, SCR_OPTIONS, SCR_CONTROLS, SCR_REPLAYS};
    static const char *const names[] = {"title", "practice", "options", "controls", "replays"};
    char name[64];
    for (int i = 0; i < 5; i++) {
        app_reset(a, SCR_TITLE);
        if (menus[i] != SCR_TITLE) app_push(a, menus[i]);
        Menu m;
        int n = app_screen_menu(a, menus[i], &m) ? m.n : 1, keep = a->stack.sel[menus[i]];
        for (int k = 0; k < n; k++) {
            a->stack.sel[menus[i]] = k;
            snprintf(name, sizeof name, k == keep ? "%s" : "%s-item%d", names[i], k + 1);
            frame(c, name, NULL);
        }
        a->stack.sel[menus[i]] = keep;
    }
    static const Difficulty diffs[] = {DIFFICULTY_EASY, DIFFICULTY_NORMAL, DIFFICULTY_HARD};
    // Every difficulty in the first arena (its hearts: 12 on easy), the
    // other arenas on normal (their boss bars and names).
    for (int lv = 0; lv < a->files.level_count; lv++)
        for (int d = 0; d < 3; d++) {
            if ((lv > 0 && d != 1) || !fight(c, lv, diffs[d])) continue;
            snprintf(name, sizeof name, "play-%d-%s", lv + 1, difficulty_name(diffs[d]));
            frame(c, name, NULL);
            if (lv > 0 || d != 1) continue;
            // Each newcomer prompt, shown at the player.
            for (int h = 0; h < HINT_COUNT; h++) {
                a->hints.shown = h;
                a->hints.shown_ticks = 30;
                snprintf(name, sizeof name, "prompt-%d", h + 1);
                frame(c, name, NULL);
            }
            a->hints.shown = HINT_NONE;
            app_push(a, SCR_PAUSE);
            frame(c, "pause", NULL);
            app_pop(a);
            GameState was = session_world(&a->fight.play)->state;
            session_world_mut(&a->fight.play)->state = GAME_LOST;
            frame(c, "you-fell", "YOU FELL");
            session_world_mut(&a->fight.play)->state = GAME_WON;
            frame(c, "boss-down", "BOSS DOWN!");
            session_world_mut(&a->fight.play)->state = was;
            results(c, "results-won", true, MODE_PRACTICE);
            results(c, "results-lost", false, MODE_PRACTICE);
            results(c, "results-rush", true, MODE_RUSH);
        }
    app_go_title(a);
    if (app_viewer_open(a, "tests/replays/tetran.rpl", true) == 0) {
        for (int i = 0; i < 30; i++) app_viewer_frame(a, 1.0 / 60.0);
        frame(c, "viewer", NULL);
        app_viewer_close(a);
    }
}

int app_layout_check(App *a, const char *dir) {
    Check c = {.a = a, .dir = dir};
    // Nothing the check changes is saved.
    a->files.settings_writable = false;
    a->files.best_writable = false;
    a->files.replays_dir[0] = '\0';
    Difficulty keep = a->set.difficulty;
    // Each size is a software renderer drawing into a surface of that size
    // with the game's logical size (what a window or the browser's canvas
    // of that size shows), the app's renderer and textures swapped for it.
    SDL_Renderer *window_r = a->pf.r;
    RenderCtx window_rc = a->rc;
    SDL_Texture *ghost_layer = a->lab.ghost_layer;
    for (size_t k = 0; k < sizeof SIZES / sizeof SIZES[0]; k++) {
        c.w = SIZES[k][0];
        c.h = SIZES[k][1];
        c.surface = SDL_CreateRGBSurfaceWithFormat(0, c.w, c.h, 32, SDL_PIXELFORMAT_ARGB8888);
        SDL_Renderer *r = c.surface ? SDL_CreateSoftwareRenderer(c.surface) : NULL;
        if (!r || SDL_RenderSetLogicalSize(r, RENDER_LOGICAL_W, RENDER_LOGICAL_H) != 0 ||
            !render_init(&a->rc, r, a->files.assets)) {
            printf("FAIL: %dx%d: no software renderer (%s)\n", c.w, c.h, SDL_GetError());
            c.fail++;
            if (r) SDL_DestroyRenderer(r);
            SDL_FreeSurface(c.surface);
            a->rc = window_rc;
            continue;
        }
        a->rc.shake = window_rc.shake;
        a->rc.flashing = window_rc.flashing;
        a->rc.time_s = window_rc.time_s;
        a->pf.r = r;
        a->lab.ghost_layer = NULL;
        screens(&c);
        if (a->lab.ghost_layer) SDL_DestroyTexture(a->lab.ghost_layer);
        render_shutdown(&a->rc);
        SDL_DestroyRenderer(r);
        SDL_FreeSurface(c.surface);
    }
    a->pf.r = window_r;
    a->rc = window_rc;
    a->lab.ghost_layer = ghost_layer;
    a->set.difficulty = keep;
    printf("layout: %d passed, %d failed\n", c.pass, c.fail);
    return c.fail ? 1 : 0;
}
