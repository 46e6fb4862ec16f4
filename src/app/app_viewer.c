// app_viewer.c -- the replay viewer: a script or replay (from --replay /
// --script, or the Replays screen) shown through harness/scrub, with
// pause, single steps both ways, seeking, speeds from 1/8x to 16x, a
// timeline (the tick and time, the checksums verified so far, the first
// desync) the mouse can scrub, and take-over: from the shown tick the game
// goes on live, recorded as a replay of the file's ticks so far and yours
// after them. Keys (docs in the README):
//   Space, P / pad A      pause, play (at the end: from the start)
//   .  ,  / d-pad up, down one tick forward, back (pauses)
//   Left, Right / d-pad   5 s back, forward
//   Home, End             the start, the end
//   [ ] / shoulders       slower, faster (1/8x .. 16x)
//   T / pad Y             take over from the shown tick
//   F3                    the probe panel (app_probes.c: E, R write checks)
//   Esc / pad B, Start    back to the Replays screen, or quit (--replay)
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/app_viewer.h"

#include "app/app_core.h"
#include "app/app_inputs.h"
#include "app/app_probes.h"
#include "app/app_rerun.h"
#include "render/font.h"
#include "core/fs.h"
#include "core/log.h"
#include "render/fx.h"
#ifdef __EMSCRIPTEN__
#include "platform/web.h"
#endif

#define VIEW_SCAN_S 0.004      // real time per frame the checks may scan ahead
#define VIEW_SCAN_CHUNK 32     // ticks per scan-ahead call
#define VIEW_MAX_TICKS 64      // ticks shown per frame at most (16x at 60 frames a second is 16)
#define VIEW_SEEK_TICKS (5 * SIM_TICK_HZ)
#define SOUND_MAX_SPEED 3      // speeds above 1x play no sound

static const double SPEEDS[] = {0.125, 0.25, 0.5, 1, 2, 4, 8, 16};
static const char *const SPEED_NAMES[] = {"1/8X", "1/4X", "1/2X", "1X", "2X", "4X", "8X", "16X"};
#define SPEED_COUNT ((int)(sizeof SPEEDS / sizeof SPEEDS[0]))
#define SPEED_1X 3

// The panel at the bottom (the world is drawn above it: the camera keeps
// the player in the smaller view) and its timeline bar, logical px.
#define PANEL_Y 628
static const SDL_Rect BAR = {40, 658, 1200, 12};

static const SDL_Color C_TEXT = {235, 235, 250, 255};
static const SDL_Color C_DIM = {150, 150, 185, 255};
static const SDL_Color C_GOLD = {255, 210, 120, 255};
static const SDL_Color C_RED = {255, 90, 100, 255};
static const SDL_Color C_OK = {120, 230, 170, 255};
static const SDL_Color C_FAINT = {110, 110, 140, 255};

int app_viewer_open(App *a, const char *path, bool from_menu) {
    Viewer *v = &a->lab.view;
    SessionSetup setup = {.legs_dir = a->files.legs_dir};
    fight_end(&a->fight);
    int rc = session_open_script(&a->fight.play, path, &setup);
    if (session_warning(&a->fight.play)[0]) log_warn("%s", session_warning(&a->fight.play));
    if (rc == 0 && !scrub_init(&a->lab.scrub, &a->fight.play)) rc = 2;
    if (rc) {
        if (from_menu) {
            log_warn("%s", session_message(&a->fight.play));
            app_toast(a, rc == 1 ? "THIS REPLAY NO LONGER PLAYS: THE ARENA OR THE LEGS CHANGED" : "CANNOT OPEN IT");
        } else {
            fprintf(stderr, "%s\n", session_message(&a->fight.play));
        }
        fight_end(&a->fight);
        return rc;
    }
    memset(v, 0, sizeof *v);
    v->on = true;
    v->from_menu = from_menu;
    v->speed = SPEED_1X;
    snprintf(v->path, sizeof v->path, "%s", path);
    a->rc.arena_name = session_level(&a->fight.play)->name;
    a->rc.cam_valid = false;
    a->rc.view_h = PANEL_Y;
    fx_clear(&a->rc);
    // On the stack: in place when the file is re-run; from the Replays
    // screen over it (a take-over retried: the title and Replays again).
    if (app_top(a) != SCR_WATCH || !a->stack.n) {
        if (from_menu && app_top(a) != SCR_REPLAYS) {
            app_reset(a, SCR_TITLE);
            app_push(a, SCR_REPLAYS);
        }
        app_push(a, SCR_WATCH);
    }
    audio_pause(&a->au, false);
    audio_music(&a->au, true);
    scrub_step(&a->lab.scrub);                 // tick 0 on screen from the start
#ifdef __EMSCRIPTEN__
    web_viewer_shown(path);                // the page's "copy replay link"
#endif
    return 0;
}

void app_viewer_open_dropped(App *a, const char *path) {
    const char *dot = strrchr(path, '.');
    if (!dot || (strcmp(dot, ".rpl") != 0 && strcmp(dot, ".script") != 0)) {
        log_warn("%s: dropped, but only replays (.rpl) and scripts (.script) open here", path);
        app_toast(a, "DROP A REPLAY (.RPL) TO WATCH IT");
        return;
    }
    log_info("watching %s (dropped)", path);
    Screen top = app_top(a);
    if (top == SCR_PLAY || top == SCR_PAUSE || top == SCR_RESULTS) app_go_title(a);
    app_viewer_close(a);                   // another file already in the viewer
    if (app_viewer_open(a, path, true) != 0) app_go_title(a);
}

void app_viewer_close(App *a) {
    if (!a->lab.view.on) return;
#ifdef __EMSCRIPTEN__
    web_viewer_shown(NULL);
#endif
    scrub_free(&a->lab.scrub);
    fight_end(&a->fight);
    a->lab.view.on = false;
    a->rc.arena_name = NULL;
    a->rc.view_h = RENDER_LOGICAL_H;
}

// Leaves the viewer: back to the Replays screen, or the program ends (exit
// 1 when a check failed).
static void leave(App *a, bool by_hand) {
    Viewer *v = &a->lab.view;
    bool failed = a->lab.scrub.fail_tick >= 0;
    audio_pause(&a->au, false);
    if (v->from_menu) {
        app_viewer_close(a);
        a->rc.cam_valid = false;
        fx_clear(&a->rc);
        app_pop(a);                        // back to the Replays screen
        return;
    }
    if (by_hand) fprintf(stderr, "bossrush: stopped at tick %" PRId64 "\n", a->lab.scrub.cur);
    if (failed) a->ui.exit_code = 1;
    a->ui.quit = true;
}

static void seek(App *a, int64_t t) {
    int64_t from = a->lab.scrub.cur;
    scrub_seek(&a->lab.scrub, t);
    if (a->lab.scrub.cur == from) return;
    // A jump: no stale sparks, the camera there at once; one tick on: as played.
    if (a->lab.scrub.cur != from + 1) {
        fx_clear(&a->rc);
        if (a->lab.scrub.cur < from || a->lab.scrub.cur - from > SIM_TICK_HZ) a->rc.cam_valid = false;
    }
    app_watch_shown(a, false);
}

static void take_over(App *a) {
    Viewer *v = &a->lab.view;
    char path[1200];
    if (a->files.replays_dir[0]) fs_join(a->files.replays_dir, "recording.rpl", path, sizeof path);
    else snprintf(path, sizeof path, "recording.rpl");
    int64_t at = a->lab.scrub.cur;
    if (!scrub_take_over(&a->lab.scrub, path)) {
        log_warn("%s", session_message(&a->fight.play));
        app_toast(a, "CANNOT TAKE OVER: OUT OF MEMORY");
        return;
    }
    v->on = false;
    a->rc.view_h = RENDER_LOGICAL_H;
    a->rc.cam_valid = false;
    fight_taken_over(&a->fight, v->path, at);
    a->ui.acc = 0;
    devices_suppress_held(&a->dev);
    audio_pause(&a->au, false);
    app_switch(a, SCR_PLAY);
    char msg[120], t[24];
    best_time_text(at + 1, t, sizeof t);
    snprintf(msg, sizeof msg, "YOUR TURN FROM %s (TICK %" PRId64 ")", t, at);
    app_toast(a, msg);
    audio_play(&a->au, SFX_MENU_SELECT);
}

void app_viewer_retake(App *a) {
    char path[1024];
    int64_t at = a->fight.takeover_tick;
    snprintf(path, sizeof path, "%s", a->fight.takeover_from);
    fight_end(&a->fight);
    if (app_viewer_open(a, path, true)) {
        app_go_title(a);
        return;
    }
    seek(a, at);
    take_over(a);
}

// Tells the first failed check once: on stderr (as --headless would) and
// on the screen.
static void tell_failure(App *a) {
    Viewer *v = &a->lab.view;
    if (v->failure_told || a->lab.scrub.fail_tick < 0) return;
    v->failure_told = true;
    fprintf(stderr, "%s\n", a->lab.scrub.fail_msg);
    if (!v->from_menu) a->ui.exit_code = 1;
    char msg[120];
    snprintf(msg, sizeof msg, "CHECK FAILED AT TICK %" PRId64 " (MARKED RED ON THE TIMELINE)", a->lab.scrub.fail_tick);
    app_toast(a, msg);
}

// Only the buttons changed: the run goes on from the newest snapshot
// before the first changed tick (scrub_rerun: the same World, its checks'
// progress kept). False when the file changed more than that.
static bool rerun_from_snapshot(App *a, Viewer *v, Scrub *sc, const char *legs_dir) {
    Session fresh;
    SessionSetup setup = {.legs_dir = legs_dir};
    int64_t from = session_open_script(&fresh, v->path, &setup) == 0 ? scrub_rerun(sc, &fresh) : -2;
    session_close(&fresh);
    if (from < -1) return false;
    v->failure_told = false;
    a->rc.cam_valid = false;
    app_watch_shown(a, false);
    log_info("%s changed: re-ran it from tick %lld, showing tick %lld", v->path, (long long)from + 1,
             (long long)sc->cur);
    char msg[120];
    snprintf(msg, sizeof msg, "EDITED: RE-RAN FROM TICK %lld (A SNAPSHOT)", (long long)from + 1);
    app_toast(a, msg);
    return true;
}

// The watched file changed (app_rerun.h): when only its buttons changed,
// the run goes on from a snapshot (above); otherwise the whole file is
// simulated again up to the shown tick (scrub_seek from tick 0). Either
// way what is shown is exactly what --headless would do.
static void rerun(App *a) {
    Viewer *v = &a->lab.view;
    if (rerun_from_snapshot(a, v, &a->lab.scrub, a->files.legs_dir)) return;
    char path[1024];
    snprintf(path, sizeof path, "%s", v->path);
    int64_t cur = a->lab.scrub.cur;
    bool paused = v->paused, from_menu = v->from_menu;
    int speed = v->speed;
    app_viewer_close(a);
    if (app_viewer_open(a, path, from_menu) != 0) {
        if (!from_menu) {
            a->ui.exit_code = 2;
            a->ui.quit = true;
        }
        return;
    }
    v->paused = paused;
    v->touched = true;
    v->speed = speed;
    scrub_seek(&a->lab.scrub, cur);
    a->rc.cam_valid = false;
    app_watch_shown(a, false);
    log_info("%s changed: re-ran it, showing tick %lld", path, (long long)a->lab.scrub.cur);
    app_toast(a, "EDITED: RE-RAN FROM TICK 0");
}

void app_viewer_frame(App *a, double dt_s) {
    Viewer *v = &a->lab.view;
    if (app_viewer_watch_file(a)) rerun(a);
    Scrub *sc = &a->lab.scrub;
    if (!v->on) return;
    if (!v->paused) {
        v->acc += dt_s * SPEEDS[v->speed];
        int n = 0;
        for (; v->acc >= SIM_DT && n < VIEW_MAX_TICKS && sc->cur < sc->end; v->acc -= SIM_DT, n++) {
            scrub_step(sc);
            app_watch_shown(a, v->speed <= SOUND_MAX_SPEED);
        }
        if (n == VIEW_MAX_TICKS) v->acc = 0;
        if (sc->cur >= sc->end) {
            v->paused = true;
            v->acc = 0;
            tell_failure(a);
            // From the command line, untouched: it ends by itself, as it always did.
            if (!v->touched && !v->from_menu) {
                leave(a, false);
                return;
            }
        }
    }
    double t0 = platform_now_s();
    while (!scrub_verified(sc) && platform_now_s() - t0 < VIEW_SCAN_S) scrub_scan_ahead(sc, VIEW_SCAN_CHUNK);
    tell_failure(a);
}

// The tick under logical x on the timeline.
static int64_t bar_tick(const App *a, int x) {
    double f = (double)(x - BAR.x) / BAR.w;
    if (f < 0) f = 0;
    if (f > 1) f = 1;
    return (int64_t)(f * (double)a->lab.scrub.end + 0.5);
}

static void pause_toggle(App *a) {
    Viewer *v = &a->lab.view;
    if (v->paused && a->lab.scrub.cur >= a->lab.scrub.end) seek(a, 0);
    v->paused = !v->paused;
    v->acc = 0;
    audio_pause(&a->au, v->paused);
}

static void step(App *a, int dir) {
    a->lab.view.paused = true;
    audio_pause(&a->au, true);
    if (dir > 0) {
        scrub_step(&a->lab.scrub);
        app_watch_shown(a, false);
    } else {
        seek(a, a->lab.scrub.cur - 1);
    }
}

static void speed(App *a, int d) {
    Viewer *v = &a->lab.view;
    v->speed += d;
    if (v->speed < 0) v->speed = 0;
    if (v->speed >= SPEED_COUNT) v->speed = SPEED_COUNT - 1;
}

void app_viewer_event(App *a, const SDL_Event *e) {
    Viewer *v = &a->lab.view;
    if (!v->on) return;
    if (app_probes_event(a, e)) return;
    Scrub *sc = &a->lab.scrub;
    if (e->type == SDL_KEYDOWN) {
        v->touched = true;
        bool again = e->key.repeat;
        switch (e->key.keysym.scancode) {
        case SDL_SCANCODE_ESCAPE:
            if (!again) leave(a, true);
            break;
        case SDL_SCANCODE_SPACE:
        case SDL_SCANCODE_P:
            if (!again) pause_toggle(a);
            break;
        case SDL_SCANCODE_PERIOD: step(a, 1); break;
        case SDL_SCANCODE_COMMA: step(a, -1); break;
        case SDL_SCANCODE_LEFT: seek(a, sc->cur - VIEW_SEEK_TICKS); break;
        case SDL_SCANCODE_RIGHT: seek(a, sc->cur + VIEW_SEEK_TICKS); break;
        case SDL_SCANCODE_HOME: seek(a, 0); break;
        case SDL_SCANCODE_END: seek(a, sc->end); break;
        case SDL_SCANCODE_LEFTBRACKET: speed(a, -1); break;
        case SDL_SCANCODE_RIGHTBRACKET: speed(a, 1); break;
        case SDL_SCANCODE_T:
            if (!again) take_over(a);
            break;
        default: break;
        }
    } else if (e->type == SDL_CONTROLLERBUTTONDOWN) {
        v->touched = true;
        switch (e->cbutton.button) {
        case SDL_CONTROLLER_BUTTON_B:
        case SDL_CONTROLLER_BUTTON_START: leave(a, true); break;
        case SDL_CONTROLLER_BUTTON_A: pause_toggle(a); break;
        case SDL_CONTROLLER_BUTTON_Y: take_over(a); break;
        case SDL_CONTROLLER_BUTTON_DPAD_UP: step(a, 1); break;
        case SDL_CONTROLLER_BUTTON_DPAD_DOWN: step(a, -1); break;
        case SDL_CONTROLLER_BUTTON_DPAD_LEFT: seek(a, sc->cur - VIEW_SEEK_TICKS); break;
        case SDL_CONTROLLER_BUTTON_DPAD_RIGHT: seek(a, sc->cur + VIEW_SEEK_TICKS); break;
        case SDL_CONTROLLER_BUTTON_LEFTSHOULDER: speed(a, -1); break;
        case SDL_CONTROLLER_BUTTON_RIGHTSHOULDER: speed(a, 1); break;
        default: break;
        }
    } else if (e->type == SDL_MOUSEBUTTONDOWN && e->button.button == SDL_BUTTON_LEFT) {
        int x = e->button.x, y = e->button.y;
        if (y >= BAR.y - 10 && y <= BAR.y + BAR.h + 10 && x >= BAR.x - 10 && x <= BAR.x + BAR.w + 10) {
            v->touched = true;
            v->dragging = true;
            seek(a, bar_tick(a, x));
        }
    } else if (e->type == SDL_MOUSEMOTION && v->dragging) {
        seek(a, bar_tick(a, e->motion.x));
    } else if (e->type == SDL_MOUSEBUTTONUP && e->button.button == SDL_BUTTON_LEFT) {
        v->dragging = false;
    }
}

// ---------------------------------------------------------------- drawing

static void fill(SDL_Renderer *r, SDL_Rect box, SDL_Color c) {
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a);
    SDL_RenderFillRect(r, &box);
}

static int bar_x(const App *a, int64_t t) {
    int64_t end = a->lab.scrub.end > 0 ? a->lab.scrub.end : 1;
    if (t < 0) t = 0;
    return BAR.x + (int)((double)t * BAR.w / (double)end);
}

// Every expectation of the file on the timeline (issue 26): an expect as a
// notch, an always or sometime as a strip over its ticks, above the bar;
// green where it was checked and held, red for the one that failed (the
// run stops there), grey not checked yet. Paused, the line under the play
// head says which check it is and how it stands.
static void draw_check_marks(App *a) {
    const Scrub *sc = &a->lab.scrub;
    const Script *script = session_script(&a->fight.play);
    if (!script) return;
    SDL_Renderer *r = a->pf.r;
    int n = script_check_count(script);
    char prefix[1200];
    const ScriptCheckInfo *shown = NULL;
    ScriptCheckInfo ci, pick;
    const char *state = "";
    for (int pass = 0; pass < 2; pass++) {               // the strips first, the notches over them
        for (int i = 0; i < n; i++) {
            script_check_info(script, i, &ci);
            if ((ci.kind == 0) != (pass == 1)) continue;
            snprintf(prefix, sizeof prefix, "%s:%d:%d:", script_path(script), ci.line, ci.col);
            bool failed = sc->fail_tick >= 0 && !strncmp(sc->fail_msg, prefix, strlen(prefix));
            int64_t ok_to = sc->fail_tick >= 0 && sc->fail_tick - 1 < sc->head ? sc->fail_tick - 1 : sc->head;
            int x0 = bar_x(a, ci.a), x1 = bar_x(a, ci.b) + 1;
            if (x1 < x0 + 3) x1 = x0 + 3;
            int y = ci.kind == 0 ? BAR.y - 10 : BAR.y - 7, h = ci.kind == 0 ? 8 : 4;
            if (ci.kind == 0) x0 -= 1, x1 = x0 + 3;
            fill(r, (SDL_Rect){x0, y, x1 - x0, h}, (SDL_Color){90, 90, 120, 255});        // not checked yet
            if (failed) {
                fill(r, (SDL_Rect){x0, y, x1 - x0, h}, C_RED);
            } else if (ok_to >= ci.a) {
                int xe = ok_to >= ci.b ? x1 : bar_x(a, ok_to) + 1;
                fill(r, (SDL_Rect){x0, y, xe - x0, h}, C_OK);
            }
            if (sc->cur >= ci.a && sc->cur <= ci.b && (!shown || failed)) {
                pick = ci;
                shown = &pick;
                state = failed ? "FAILED" : ok_to >= ci.b ? "HELD" : ok_to >= ci.a ? "HOLDING" : "NOT CHECKED YET";
            }
        }
    }
    bool fail_shown = sc->fail_tick >= 0 && llabs(sc->cur - sc->fail_tick) <= SIM_TICK_HZ;   // its own strip
    if (shown && a->lab.view.paused && !fail_shown) {
        static const char *const kinds[] = {"EXPECT", "ALWAYS", "SOMETIME"};
        char line[200];
        if (shown->kind == 0)
            snprintf(line, sizeof line, "LINE %d  AT %" PRId64 " %s %s  %s", shown->line, shown->a, kinds[0],
                     shown->text, state);
        else
            snprintf(line, sizeof line, "LINE %d  %s %" PRId64 "..%" PRId64 " %s  %s", shown->line,
                     kinds[shown->kind], shown->a, shown->b, shown->text, state);
        // Right-aligned above the panel (the input display is at its left).
        int tw = render_text_width(&a->rc, line, 2), x = BAR.x + BAR.w - tw;
        fill(r, (SDL_Rect){x - 12, PANEL_Y - 34, tw + 24, 28}, (SDL_Color){10, 8, 30, 220});
        render_text(&a->rc, x, PANEL_Y - 27, 2, !strcmp(state, "FAILED") ? C_RED : C_OK, line);
    }
}

void app_viewer_draw(App *a) {
    if (!a->lab.view.on) return;
    const Viewer *v = &a->lab.view;
    const Scrub *sc = &a->lab.scrub;
    SDL_Renderer *r = a->pf.r;
    render_world(&a->rc, session_world(&a->fight.play));
    fill(r, (SDL_Rect){0, PANEL_Y, RENDER_LOGICAL_W, RENDER_LOGICAL_H - PANEL_Y}, (SDL_Color){6, 4, 16, 240});
    fill(r, (SDL_Rect){0, PANEL_Y, RENDER_LOGICAL_W, 1}, (SDL_Color){60, 70, 130, 255});
    // Top line: what is shown; how fast, playing or paused.
    char line[300], t[24], te[24];
    const char *base = strrchr(v->path, '/');
    snprintf(line, sizeof line, "%s  %.70s", a->opt->script_path && !v->from_menu ? "SCRIPT" : "REPLAY",
             base ? base + 1 : v->path);
    render_text(&a->rc, BAR.x, 636, 2, C_DIM, line);
    snprintf(line, sizeof line, "%s  %s", sc->cur >= sc->end && v->paused ? "END" : v->paused ? "PAUSED" : "PLAYING",
             SPEED_NAMES[v->speed]);
    render_text(&a->rc, BAR.x + BAR.w - render_text_width(&a->rc, line, 2), 636, 2, v->paused ? C_GOLD : C_OK, line);
    // The bar: checked part, shown part, the first failure, the play head.
    fill(r, BAR, (SDL_Color){40, 36, 70, 255});
    int xh = bar_x(a, sc->head), xc = bar_x(a, sc->cur);
    fill(r, (SDL_Rect){BAR.x, BAR.y, xh - BAR.x, BAR.h}, (SDL_Color){60, 110, 120, 255});
    fill(r, (SDL_Rect){BAR.x, BAR.y + 3, xc - BAR.x, BAR.h - 6}, (SDL_Color){120, 230, 255, 255});
    if (sc->fail_tick >= 0) {
        int xf = bar_x(a, sc->fail_tick);
        fill(r, (SDL_Rect){xf, BAR.y, BAR.x + BAR.w - xf, BAR.h}, (SDL_Color){150, 40, 60, 170});
        fill(r, (SDL_Rect){xf - 2, BAR.y - 6, 4, BAR.h + 12}, C_RED);
    }
    draw_check_marks(a);
    int64_t mark = app_probes_mark();      // a range being marked in the probe panel (R)
    if (mark >= 0) {
        int xm = bar_x(a, mark), x0 = xm < xc ? xm : xc, x1 = xm < xc ? xc : xm;
        fill(r, (SDL_Rect){x0, BAR.y + BAR.h + 2, x1 - x0 + 1, 4}, C_GOLD);
        fill(r, (SDL_Rect){xm - 1, BAR.y - 4, 3, BAR.h + 12}, C_GOLD);
    }
    fill(r, (SDL_Rect){xc - 3, BAR.y - 5, 6, BAR.h + 10}, C_TEXT);
    // Second line: tick and time; the checks.
    best_time_text(sc->cur + 1, t, sizeof t);
    best_time_text(sc->end + 1, te, sizeof te);
    snprintf(line, sizeof line, "TICK %" PRId64 " / %" PRId64 "   %s / %s", sc->cur, sc->end, t, te);
    render_text(&a->rc, BAR.x, 678, 2, C_TEXT, line);
    if (sc->fail_tick >= 0) {
        snprintf(line, sizeof line, "CHECKSUMS %d OK   FIRST %s AT TICK %" PRId64, sc->sums_ok,
                 strstr(sc->fail_msg, "desync") ? "DESYNC" : "FAILED CHECK", sc->fail_tick);
    } else if (sc->sums_total) {
        snprintf(line, sizeof line, "CHECKSUMS %d / %d OK%s", sc->sums_ok, sc->sums_total,
                 scrub_verified(sc) ? "" : "  (CHECKING AHEAD)");
    } else {
        snprintf(line, sizeof line, "NO CHECKSUMS");
    }
    render_text(&a->rc, BAR.x + BAR.w - render_text_width(&a->rc, line, 2), 678, 2,
                sc->fail_tick >= 0 ? C_RED : C_OK, line);
    char keys[] = "SPACE PAUSE  , . STEP  LEFT/RIGHT 5 S  HOME/END  [ ] SPEED  T TAKE OVER  F1 OVERLAY  ESC BACK";
    font_fit(a->pf.r, keys, 2, RENDER_LOGICAL_W - 32);   // a small window drops items before ESC BACK
    // In the picture and under the tick line as shown; a window too small
    // for both (480x270) shows no key line.
    int kh = font_shown_height(a->pf.r, keys, 2), ky = RENDER_LOGICAL_H - 2 - kh;
    if (ky > 700) ky = 700;
    if (ky >= 678 + kh + 1) render_text_centred(&a->rc, RENDER_LOGICAL_W / 2, ky, 2, C_FAINT, keys);
    app_viewer_draw_inputs(a);
    app_probes_draw(a);
    app_viewer_watch_draw(a);
    // What failed, while the shown tick is near it.
    if (sc->fail_tick >= 0 && v->paused && llabs(sc->cur - sc->fail_tick) <= SIM_TICK_HZ) {
        const char *m = strstr(sc->fail_msg, "tick ");
        snprintf(line, sizeof line, "%.120s", m ? m : sc->fail_msg);
        int w = render_text_width(&a->rc, line, 2) + 24;
        fill(r, (SDL_Rect){RENDER_LOGICAL_W / 2 - w / 2, PANEL_Y - 34, w, 28}, (SDL_Color){40, 8, 16, 220});
        render_text_centred(&a->rc, RENDER_LOGICAL_W / 2, PANEL_Y - 27, 2, C_RED, line);
    }
}

// The viewer's own clock (speed, seeking): no fight time runs.
static void watch_frame(App *a, double dt_s) {
    app_viewer_frame(a, dt_s);
    a->ui.acc = 0;
}

const ScreenClass app_watch_screen = {
    .exit = app_viewer_close, .event = app_viewer_event, .frame = watch_frame, .draw = app_viewer_draw};
