// app_draw.c -- draws the app's screens: the title over its attract arena,
// the arena with its intro, pause and results overlays, and the replay
// viewer's status line. Reads App state, never changes the flow.
#include <math.h>
#include <stdio.h>

#include "app/app_local.h"
#include "core/log.h"
#include "render/font.h"

static const SDL_Color C_WHITE = {240, 240, 255, 255};
static const SDL_Color C_DIM = {150, 150, 185, 255};
static const SDL_Color C_GOLD = {255, 210, 120, 255};
static const SDL_Color C_SEL = {120, 230, 255, 255};

static void dim(App *a, Uint8 alpha) {
    SDL_SetRenderDrawBlendMode(a->pf.r, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(a->pf.r, 6, 4, 16, alpha);
    SDL_RenderFillRect(a->pf.r, NULL);
}

static void panel(App *a, int cx, int cy, int w, int h) {
    SDL_Renderer *r = a->pf.r;
    SDL_Rect box = {cx - w / 2, cy - h / 2, w, h};
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r, 14, 10, 34, 225);
    SDL_RenderFillRect(r, &box);
    SDL_SetRenderDrawColor(r, 120, 220, 255, 255);
    SDL_RenderDrawRect(r, &box);
    SDL_Rect inner = {box.x + 3, box.y + 3, box.w - 6, box.h - 6};
    SDL_SetRenderDrawColor(r, 60, 70, 130, 255);
    SDL_RenderDrawRect(r, &inner);
}

static void draw_menu(App *a, const char *const *items, int n, int cy) {
    for (int i = 0; i < n; i++) {
        bool on = i == a->sel;
        if (on) {
            // A soft bar behind the highlighted item, pulsing gently.
            int w = font_width(items[i], 3) + 48;
            Uint8 al = (Uint8)(70 + 30 * sin(a->rc.time_s * 5.0));
            SDL_Rect bar = {RENDER_LOGICAL_W / 2 - w / 2, cy + i * 44 - 8, w, 37};
            SDL_SetRenderDrawBlendMode(a->pf.r, SDL_BLENDMODE_BLEND);
            SDL_SetRenderDrawColor(a->pf.r, 60, 180, 255, al);
            SDL_RenderFillRect(a->pf.r, &bar);
            SDL_SetRenderDrawColor(a->pf.r, 120, 230, 255, 200);
            SDL_RenderDrawRect(a->pf.r, &bar);
        }
        render_text_centred(&a->rc, RENDER_LOGICAL_W / 2, cy + i * 44, 3, on ? C_WHITE : C_DIM, items[i]);
    }
}

// The big title: a dark extruded shadow, then the letters one dot-row at a
// time from ice blue to violet.
static void draw_logo(App *a, int cx, int y, int scale, const char *text) {
    Font *f = &a->rc.font;
    int x = cx - font_width(text, scale) / 2;
    for (int d = 6; d >= 1; d--)
        font_draw_flat(f, a->pf.r, x + d, y + d, scale, (SDL_Color){(Uint8)(40 + d * 8), 14, (Uint8)(70 + d * 10), 255}, text);
    for (int row = 0; row < FONT_GLYPH_H; row++) {
        double t = row / (double)(FONT_GLYPH_H - 1);
        SDL_Color c = {(Uint8)(200 + 40 * t), (Uint8)(245 - 150 * t), 255, 255};
        SDL_Rect clip = {0, y + row * scale, RENDER_LOGICAL_W, scale};
        SDL_RenderSetClipRect(a->pf.r, &clip);
        font_draw_flat(f, a->pf.r, x, y, scale, c, text);
    }
    SDL_RenderSetClipRect(a->pf.r, NULL);
    // A highlight line across the upper third of every letter.
    SDL_Rect clip = {0, y + scale / 2, RENDER_LOGICAL_W, scale / 4 > 1 ? scale / 4 : 1};
    SDL_RenderSetClipRect(a->pf.r, &clip);
    font_draw_flat(f, a->pf.r, x, y, scale, (SDL_Color){255, 255, 255, 255}, text);
    SDL_RenderSetClipRect(a->pf.r, NULL);
}

static void draw_title(App *a) {
    if (a->attract.w) {
        a->rc.hud = false;
        render_world(&a->rc, a->attract.w);
        a->rc.hud = true;
    } else {
        SDL_SetRenderDrawColor(a->pf.r, 12, 10, 30, 255);
        SDL_RenderClear(a->pf.r);
    }
    dim(a, 140);
    const int cx = RENDER_LOGICAL_W / 2;
    float bob = 4.0f * sinf((float)a->rc.time_s * 1.6f);
    // A glow under the title, then the title in two layers for depth.
    if (a->rc.glow) {
        SDL_SetTextureBlendMode(a->rc.glow, SDL_BLENDMODE_ADD);
        SDL_SetTextureColorMod(a->rc.glow, 60, 120, 200);
        SDL_SetTextureAlphaMod(a->rc.glow, 120);
        SDL_Rect g = {cx - 420, 40, 840, 260};
        SDL_RenderCopy(a->pf.r, a->rc.glow, NULL, &g);
    }
    draw_logo(a, cx, 100 + (int)bob, 14, "BOSSRUSH");
    render_text_centred(&a->rc, cx, 220, 2, C_GOLD, "THREE PROCEDURAL BOSSES.  ONE SPIDER-LEGGED CLIMBER.");
    if (fmod(a->rc.time_s, 1.2) < 0.8) render_text_centred(&a->rc, cx, 290, 3, C_SEL, "PRESS JUMP");
    char music[48], sfx[48], full[48];
    snprintf(music, sizeof music, "MUSIC  < %3d >", a->set.music_volume);
    snprintf(sfx, sizeof sfx, "SOUND  < %3d >", a->set.sfx_volume);
    snprintf(full, sizeof full, "FULLSCREEN  %s", a->pf.fullscreen ? "ON" : "OFF");
    const char *play = a->opt->level_path ? "PLAY ARENA" : "START BOSS RUSH";
    const char *items[TITLE_N] = {play, music, sfx, full, "QUIT"};
    panel(a, cx, 462, 500, 270);
    draw_menu(a, items, TITLE_N, 370);
    SDL_SetRenderDrawBlendMode(a->pf.r, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(a->pf.r, 6, 4, 16, 190);
    SDL_Rect band = {0, 640, RENDER_LOGICAL_W, 80};
    SDL_RenderFillRect(a->pf.r, &band);
    render_text_centred(&a->rc, cx, 652, 2, C_DIM,
                        "MOVE ARROWS/WASD   JUMP Z/SPACE   FIRE X/J   WIGGLE Q   PAUSE ESC");
    render_text_centred(&a->rc, cx, 680, 2, (SDL_Color){110, 110, 140, 255},
                        "F1 DEBUG   F11 FULLSCREEN   F12 SCREENSHOT   GAMEPAD WORKS TOO");
}

static void draw_play(App *a) {
    render_world(&a->rc, a->play.w);
    const World *w = a->play.w;
    const int cx = RENDER_LOGICAL_W / 2;
    if (a->screen == SCR_PLAY && w->tick < 120 && w->state == GAME_PLAYING) {
        Uint8 al = (Uint8)(w->tick < 90 ? 255 : 255 - (w->tick - 90) * 8);
        char line[200];
        if (!a->opt->level_path && a->level_count > 1)
            snprintf(line, sizeof line, "ARENA %d / %d", a->level_idx + 1, a->level_count);
        else snprintf(line, sizeof line, "ARENA");
        render_text_centred(&a->rc, cx, 250, 3, (SDL_Color){C_DIM.r, C_DIM.g, C_DIM.b, al}, line);
        render_text_centred(&a->rc, cx, 290, 6, (SDL_Color){C_WHITE.r, C_WHITE.g, C_WHITE.b, al}, a->play.lv.name);
    }
    if (a->screen == SCR_PLAY && w->state != GAME_PLAYING) {
        const char *msg = w->state == GAME_WON ? "BOSS DOWN!" : "YOU FELL";
        SDL_Color c = w->state == GAME_WON ? C_GOLD : (SDL_Color){255, 90, 100, 255};
        render_text_centred(&a->rc, cx, 300, 8, c, msg);
    }
    if (a->screen == SCR_PAUSE) {
        dim(a, 140);
        panel(a, cx, 360, 520, 300);
        render_text_centred(&a->rc, cx, 240, 6, C_WHITE, "PAUSED");
        const char *items[PAUSE_N] = {"RESUME", "RETRY", "QUIT TO TITLE"};
        draw_menu(a, items, PAUSE_N, 330);
        render_text_centred(&a->rc, cx, 478, 2, C_DIM, "Z JUMP  X FIRE  Q WIGGLE  ARROWS AIM");
    }
    if (a->screen == SCR_RESULTS) {
        bool won = w->state == GAME_WON;
        bool last = won && !a->opt->level_path && a->level_idx + 1 >= a->level_count;
        dim(a, 110);
        panel(a, cx, 360, 640, 320);
        const char *head = won ? (last ? "BOSS RUSH CLEAR!" : "ARENA CLEAR") : "DEFEATED";
        render_text_centred(&a->rc, cx, 225, 6, won ? C_GOLD : (SDL_Color){255, 100, 110, 255}, head);
        char info[400];
        snprintf(info, sizeof info, "%s   TIME %lld.%02lld S   HP %d/%d", a->play.lv.name,
                 (long long)(w->state_tick / SIM_TICK_HZ),
                 (long long)(w->state_tick % SIM_TICK_HZ * 100 / SIM_TICK_HZ),
                 w->player.hp > 0 ? w->player.hp : 0, w->player.hp_max);
        render_text_centred(&a->rc, cx, 295, 2, C_DIM, info);
        if (last && a->level_count > 1) {
            snprintf(info, sizeof info, "ALL %d BOSSES DOWN IN %lld.%02lld S", a->level_count,
                     (long long)(a->rush_ticks / SIM_TICK_HZ),
                     (long long)(a->rush_ticks % SIM_TICK_HZ * 100 / SIM_TICK_HZ));
            render_text_centred(&a->rc, cx, 320, 2, C_GOLD, info);
        }
        const char *items[2];
        int n = app_results_items(a, items);
        draw_menu(a, items, n, 360);
    }
}

static void draw_watch(App *a) {
    render_world(&a->rc, a->play.w);
    char line[200];
    snprintf(line, sizeof line, "%s  TICK %lld / %lld   ESC STOPS", a->opt->replay_path ? "REPLAY" : "SCRIPT",
             (long long)a->play.w->tick, (long long)script_end_tick(a->play.script));
    SDL_SetRenderDrawBlendMode(a->pf.r, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(a->pf.r, 6, 4, 16, 170);
    SDL_Rect box = {12, RENDER_LOGICAL_H - 42, font_width(line, 2) + 16, 30};
    SDL_RenderFillRect(a->pf.r, &box);
    render_text(&a->rc, 20, RENDER_LOGICAL_H - 34, 2, C_GOLD, line);
}

void app_draw_frame(App *a) {
    SDL_SetRenderDrawColor(a->pf.r, 0, 0, 0, 255);
    SDL_RenderClear(a->pf.r);
    if (a->screen == SCR_TITLE) draw_title(a);
    else if (a->screen == SCR_WATCH) draw_watch(a);
    else draw_play(a);
    if (a->toast[0] && platform_now_s() < a->toast_until)
        render_text(&a->rc, 20, RENDER_LOGICAL_H - 60, 2, C_WHITE, a->toast);
    if (a->screenshot) {
        // Read back before present: the back buffer is undefined after it.
        a->screenshot = false;
        char path[1200];
        if (platform_screenshot(&a->pf, path, sizeof path)) {
            char msg[1300];
            snprintf(msg, sizeof msg, "SCREENSHOT SAVED");
            log_info("screenshot: %s", path);
            app_toast(a, msg);
        }
    }
    SDL_RenderPresent(a->pf.r);
}
