// app_draw.c -- draws the app's screens: the title over its attract arena,
// practice, options and controls over the same backdrop (or the paused
// arena), the arena with its intro, the pause and results overlays, and
// the replay viewer's status line. Reads App state, never changes the flow.
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "app/app_draw.h"

#include "app/app_core.h"
#include "app/app_hints.h"
#include "app/app_tuning.h"
#include "core/log.h"
#include "render/font.h"
#include "render/ghost.h"
#include "render/layout.h"

#define GHOST_ALPHA 190         // of the ghost layer, added as light (render/ghost.h)

static const SDL_Color C_WHITE = {240, 240, 255, 255};
static const SDL_Color C_DIM = {150, 150, 185, 255};
static const SDL_Color C_FAINT = {110, 110, 140, 255};
static const SDL_Color C_GOLD = {255, 210, 120, 255};
static const SDL_Color C_SEL = {120, 230, 255, 255};
static const SDL_Color C_RED = {255, 100, 110, 255};

static const int CX = RENDER_LOGICAL_W / 2;

static void dim(App *a, Uint8 alpha) {
    SDL_SetRenderDrawBlendMode(a->pf.r, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(a->pf.r, 6, 4, 16, alpha);
    SDL_RenderFillRect(a->pf.r, NULL);
}

static void panel(App *a, SDL_Rect box) {
    SDL_Renderer *r = a->pf.r;
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r, 14, 10, 34, 225);
    SDL_RenderFillRect(r, &box);
    SDL_SetRenderDrawColor(r, 120, 220, 255, 255);
    menu_outline(r, box);
    SDL_Rect inner = {box.x + 3, box.y + 3, box.w - 6, box.h - 6};
    SDL_SetRenderDrawColor(r, 60, 70, 130, 255);
    menu_outline(r, inner);
    layout_add_logical(a->rc.font.log, r, LAYOUT_PANEL, box, "panel");
}

// A panel around a menu's rows (pad px more on every side, extra below).
static void menu_panel(App *a, const Menu *m, int pad, int below) {
    panel(a, (SDL_Rect){m->cx - m->w / 2 - pad, m->y - pad, m->w + 2 * pad, m->n * m->row_h + 2 * pad + below});
}

// The highlighted item's hint, centred at y on a dark strip.
static void hint(App *a, const Menu *m, int y) {
    if (m->sel < 0 || m->sel >= m->n || !m->item[m->sel].hint[0]) return;
    const char *h = m->item[m->sel].hint;
    int w = render_text_width(&a->rc, h, 2) + 28;
    SDL_SetRenderDrawBlendMode(a->pf.r, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(a->pf.r, 6, 4, 16, 170);
    SDL_Rect box = {CX - w / 2, y - 8, w, FONT_GLYPH_H * 2 + 16};
    SDL_RenderFillRect(a->pf.r, &box);
    layout_add_logical(a->rc.font.log, a->pf.r, LAYOUT_PANEL, box, "hint strip");
    render_text_centred(&a->rc, CX, y, 2, C_DIM, h);
}

// The big title: a dark extruded shadow, then the letters one dot row at a
// time from ice blue to violet, the top row lit.
static void draw_logo(App *a, int y, int scale, const char *text) {
    Font *f = &a->rc.font;
    SDL_Color rows[FONT_GLYPH_H];
    for (int d = 6; d >= 1; d--) {
        for (int row = 0; row < FONT_GLYPH_H; row++) rows[row] = (SDL_Color){(Uint8)(40 + d * 8), 14, (Uint8)(70 + d * 10), 255};
        font_draw_rows(f, a->pf.r, CX + d, y + d, scale, rows, text);
    }
    for (int row = 0; row < FONT_GLYPH_H; row++) {
        double t = row / (double)(FONT_GLYPH_H - 1);
        rows[row] = (SDL_Color){(Uint8)(200 + 40 * t), (Uint8)(245 - 150 * t), 255, 255};
    }
    rows[0] = (SDL_Color){235, 252, 255, 255};
    font_draw_rows(f, a->pf.r, CX, y, scale, rows, text);
}

// The world behind the menus, without its HUD, dimmed.
static void backdrop(App *a, Uint8 alpha) {
    const World *w = app_backdrop(a);
    if (w) {
        bool hud = a->rc.hud;
        a->rc.hud = false;
        render_world(&a->rc, w);
        a->rc.hud = hud;
    } else {
        SDL_SetRenderDrawColor(a->pf.r, 12, 10, 30, 255);
        SDL_RenderClear(a->pf.r);
    }
    dim(a, alpha);
}

// "Z/SPACE": the keys of one button, for the help lines.
static void keys_of(const App *a, int btn, char *buf, size_t n) {
    const uint16_t *k = a->set.bind.code[BIND_KEYS][btn];
    if (k[0] && k[1]) snprintf(buf, n, "%s/%s", bindings_label(BIND_KEYS, k[0]), bindings_label(BIND_KEYS, k[1]));
    else snprintf(buf, n, "%s", bindings_label(BIND_KEYS, k[0] ? k[0] : k[1]));
}

// Two help lines with the keys as they are bound now.
static void help_band(App *a) {
    SDL_SetRenderDrawBlendMode(a->pf.r, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(a->pf.r, 6, 4, 16, 190);
    SDL_Rect band = {0, 640, RENDER_LOGICAL_W, 80};
    SDL_RenderFillRect(a->pf.r, &band);
    layout_add_logical(a->rc.font.log, a->pf.r, LAYOUT_PANEL, band, "help band");
    char k[5][32], line[400], dirs[4][32];
    static const int btn[5] = {4, 5, 6, 7, 8};   // jump fire wiggle lock dash
    for (int i = 0; i < 5; i++) keys_of(a, btn[i], k[i], sizeof k[i]);
    snprintf(line, sizeof line, "JUMP %s   FIRE %s   WIGGLE %s   LOCK %s   DASH %s", k[0], k[1], k[2], k[3], k[4]);
    font_fit(a->pf.r, line, 2, RENDER_LOGICAL_W - 32);
    render_text_centred(&a->rc, CX, 652, 2, C_DIM, line);
    Bindings def;
    bindings_default(&def);
    if (!memcmp(def.code[BIND_KEYS], a->set.bind.code[BIND_KEYS], sizeof def.code[BIND_KEYS][0] * 4)) {
        snprintf(line, sizeof line, "MOVE ARROWS/WASD   PAUSE ESC   F11 FULLSCREEN   F12 SCREENSHOT   GAMEPAD WORKS TOO");
    } else {
        for (int i = 0; i < 4; i++) keys_of(a, i, dirs[i], sizeof dirs[i]);
        snprintf(line, sizeof line, "MOVE %s %s %s %s   PAUSE ESC   F11 FULLSCREEN   F12 SCREENSHOT", dirs[2], dirs[0],
                 dirs[3], dirs[1]);
    }
    font_fit(a->pf.r, line, 2, RENDER_LOGICAL_W - 32);
    render_text_centred(&a->rc, CX, 680, 2, C_FAINT, line);
}

void app_draw_title(App *a) {
    backdrop(a, 140);
    float bob = 4.0f * sinf((float)a->rc.time_s * 1.6f);
    // A glow under the title, then the title in two layers for depth.
    if (a->rc.glow) {
        SDL_SetTextureBlendMode(a->rc.glow, SDL_BLENDMODE_ADD);
        SDL_SetTextureColorMod(a->rc.glow, 60, 120, 200);
        SDL_SetTextureAlphaMod(a->rc.glow, 120);
        SDL_Rect g = {CX - 420, 30, 840, 260};
        SDL_RenderCopy(a->pf.r, a->rc.glow, NULL, &g);
    }
    draw_logo(a, 86 + (int)bob, 14, "BOSSRUSH");
    render_text_centred(&a->rc, CX, 206, 2, C_GOLD, "FOUR ARENAS OF PROCEDURAL BOSSES.  ONE SPIDER-LEGGED CLIMBER.");
    Menu m;
    app_screen_menu(a, SCR_TITLE, &m);
    menu_panel(a, &m, 18, 0);
    menu_draw(&m, &a->rc, a->rc.time_s);
    hint(a, &m, m.y + m.n * m.row_h + 40);
    help_band(a);
}

// A menu screen's heading: a big word and a smaller line under it.
static void heading(App *a, const char *title, const char *sub) {
    render_text_centred(&a->rc, CX, 40, 6, C_WHITE, title);
    if (sub) render_text_centred(&a->rc, CX, 96, 2, C_DIM, sub);
}

// A menu screen of one list: backdrop, heading, the panel, the menu and the
// hint hint_gap px under it.
static void menu_screen(App *a, Screen scr, const char *title, const char *sub, int hint_gap) {
    backdrop(a, 170);
    heading(a, title, sub);
    Menu m;
    app_screen_menu(a, scr, &m);
    menu_panel(a, &m, 14, 0);
    menu_draw(&m, &a->rc, a->rc.time_s);
    hint(a, &m, m.y + m.n * m.row_h + hint_gap);
}

void app_draw_practice(App *a) {
    menu_screen(a, SCR_PRACTICE, "PRACTICE", "ONE ARENA AT A TIME. BEST TIMES ARE KEPT PER DIFFICULTY", 32);
}

void app_draw_replays(App *a) {
    menu_screen(a, SCR_REPLAYS, "REPLAYS", "EVERY ARENA YOU PLAYED, NEWEST FIRST. LEFT / RIGHT ON PAGE TURNS THE PAGE", 32);
}

void app_draw_options(App *a) {
    menu_screen(a, SCR_OPTIONS, "OPTIONS", "SAVED AS YOU CHANGE THEM", 30);
}

void app_draw_controls(App *a) {
    backdrop(a, 190);
    heading(a, "CONTROLS", "TWO KEYS AND TWO PAD BUTTONS EACH. PICKING ONE IN USE SWAPS THEM");
    Menu m;
    app_screen_menu(a, SCR_CONTROLS, &m);
    menu_panel(a, &m, 14, 0);
    int x0 = m.cx - m.w / 2 + m.cell_x;
    // Clear of the panel's top edge (m.y - 14) even with the text's dots
    // rounded up (a third taller at most).
    render_text_centred(&a->rc, x0 + m.cell_w, m.y - 40, 2, C_GOLD, "KEYBOARD");
    render_text_centred(&a->rc, x0 + 3 * m.cell_w, m.y - 40, 2, C_GOLD,
                        a->dev.pads ? "GAMEPAD" : "GAMEPAD (NONE CONNECTED)");
    menu_draw(&m, &a->rc, a->rc.time_s);
    int y = m.y + m.n * m.row_h + 26;
    if (a->stack.capturing) {
        char line[160];
        const char *name = input_button_name(a->stack.sel[SCR_CONTROLS]);
        bool pad = a->stack.col >= 2;
        snprintf(line, sizeof line, "PRESS A %s FOR %s", pad ? "PAD BUTTON" : "KEY", name);
        SDL_Rect box = {CX - 420, y - 10, 840, 70};
        panel(a, box);
        Uint8 al = (Uint8)(190 + 60 * sin(a->rc.time_s * 6.0));
        render_text_centred(&a->rc, CX, y, 3, (SDL_Color){C_SEL.r, C_SEL.g, C_SEL.b, al}, line);
        render_text_centred(&a->rc, CX, y + 32, 2, C_DIM,
                            pad ? "START OR ESC CANCELS   BACKSPACE CLEARS THE SLOT"
                                : "ESC CANCELS   BACKSPACE OR DELETE CLEARS THE SLOT");
        return;
    }
    hint(a, &m, y);
    char always[] = "ALWAYS: LEFT STICK MOVES  ESC / START PAUSE  ARROWS, ENTER AND ESC WORK IN MENUS";
    font_fit(a->pf.r, always, 2, RENDER_LOGICAL_W - 32);
    render_text_centred(&a->rc, CX, y + 26, 2, C_FAINT, always);
}

// Gold that breathes towards white: the colour of a new record.
// The results' record line: "NEW BEST<what>!" (with the record it beat,
// when there was one), else "BEST<what> <record>".
static void record_line(char *line, size_t n, const char *what, bool new_best, int64_t best) {
    char b[32];
    best_time_text(best, b, sizeof b);
    if (new_best && best) snprintf(line, n, "NEW BEST%s!  (WAS %s)", what, b);
    else if (new_best) snprintf(line, n, "NEW BEST%s!", what);
    else snprintf(line, n, "BEST%s %s", what, b);
}

static SDL_Color record_colour(const App *a) {
    double k = 0.5 + 0.5 * sin(a->rc.time_s * 6.0);
    return (SDL_Color){255, (Uint8)(210 + 45 * k), (Uint8)(120 + 135 * k), 255};
}

static void draw_results(App *a) {
    const Results *r = &a->fight.res;
    Menu m;
    app_screen_menu(a, SCR_RESULTS, &m);
    dim(a, 110);
    // Wide enough for the longest line (the rush's next-arena line, 588 px)
    // with its dots rounded up by a third.
    SDL_Rect box = {CX - 430, 120, 860, m.y + m.n * m.row_h + 18 - 120};
    panel(a, box);
    const char *head = r->rush_done ? "BOSS RUSH CLEAR!" : (r->won ? "ARENA CLEAR" : "DEFEATED");
    render_text_centred(&a->rc, CX, 146, 6, r->won ? C_GOLD : C_RED, head);
    char line[300], t[32], b[32];
    snprintf(line, sizeof line, "%.128s  -  %s", session_level(&a->fight.play)->name,
             difficulty_name(session_world(&a->fight.play)->difficulty));
    render_text_centred(&a->rc, CX, 214, 2, C_DIM, line);
    best_time_text(r->ticks, t, sizeof t);
    if (r->won && a->fight.mode == MODE_TAKEOVER) {
        snprintf(line, sizeof line, "TIME %s", t);
        render_text_centred(&a->rc, CX, 246, 4, C_WHITE, line);
        best_time_text(a->fight.takeover_tick + 1, b, sizeof b);
        snprintf(line, sizeof line, "TAKEN OVER AT %s: NOT A RECORD", b);
        render_text_centred(&a->rc, CX, 290, 2, C_DIM, line);
    } else if (r->won) {
        snprintf(line, sizeof line, "TIME %s", t);
        render_text_centred(&a->rc, CX, 246, 4, C_WHITE, line);
        record_line(line, sizeof line, "", r->new_best, r->best);
        render_text_centred(&a->rc, CX, 290, 3, r->new_best ? record_colour(a) : C_DIM, line);
    } else {
        snprintf(line, sizeof line, "FELL AFTER %s", t);
        render_text_centred(&a->rc, CX, 258, 3, C_WHITE, line);
    }
    snprintf(line, sizeof line, "HITS TAKEN %d     HEARTS LEFT %d / %d", r->hits, r->hp_left, r->hp_max);
    render_text_centred(&a->rc, CX, 334, 2, C_WHITE, line);
    if (a->fight.mode == MODE_RUSH) {
        best_time_text(a->fight.rush.ticks, t, sizeof t);
        if (r->rush_done) {
            snprintf(line, sizeof line, "WHOLE RUSH %s   HITS %d", t, a->fight.rush.hits);
            render_text_centred(&a->rc, CX, 364, 3, C_GOLD, line);
            record_line(line, sizeof line, " RUSH", r->rush_new_best, r->rush_best);
            render_text_centred(&a->rc, CX, 398, 2, r->rush_new_best ? record_colour(a) : C_DIM, line);
        } else if (r->won) {
            snprintf(line, sizeof line, "RUSH %s   ARENA %d / %d DONE", t, a->fight.rush.arena, a->fight.rush.arenas);
            render_text_centred(&a->rc, CX, 364, 2, C_DIM, line);
            if (r->next_hp > r->hp_left)
                snprintf(line, sizeof line, "THE NEXT ARENA STARTS WITH %d HEARTS (%d LEFT + %d)", r->next_hp,
                         r->hp_left, r->next_hp - r->hp_left);
            else
                snprintf(line, sizeof line, "THE NEXT ARENA STARTS WITH %d HEARTS (FULL)", r->next_hp);
            render_text_centred(&a->rc, CX, 394, 2, C_SEL, line);
        } else {
            snprintf(line, sizeof line, "RUSH %s   ARENA %d / %d", t, a->fight.rush.arena + 1, a->fight.rush.arenas);
            render_text_centred(&a->rc, CX, 364, 2, C_DIM, line);
        }
    }
    menu_draw(&m, &a->rc, a->rc.time_s);
    hint(a, &m, box.y + box.h + 16);
}

// One band of hazard stripes (red and near-black, leaning right) across
// the screen at y, h px high, scrolled by `shift` px.
static void hazard_stripes(App *a, int y, int h, float shift, Uint8 alpha) {
    SDL_Renderer *r = a->pf.r;
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r, 20, 4, 8, alpha);
    SDL_Rect band = {0, y, RENDER_LOGICAL_W, h};
    SDL_RenderFillRect(r, &band);
    const float w = 22.0f, gap = 44.0f;
    SDL_Color c = {230, 40, 40, alpha};
    float x0 = fmodf(shift, gap) - gap - (float)h;
    for (float x = x0; x < RENDER_LOGICAL_W + gap; x += gap) {
        SDL_Vertex v[4] = {{{x + (float)h, (float)y}, c, {0, 0}},
                           {{x + (float)h + w, (float)y}, c, {0, 0}},
                           {{x + w, (float)(y + h)}, c, {0, 0}},
                           {{x, (float)(y + h)}, c, {0, 0}}};
        static const int idx[6] = {0, 1, 2, 0, 2, 3};
        SDL_RenderGeometry(r, NULL, v, 4, idx, 6);
    }
}

// The warning card before a fight (Gradius / R-Type): a dark red band with
// hazard stripes opens over the waiting arena, WARNING pulses (no hard
// flash) over the boss's name and the arena's, then it closes and the
// fight begins. Fire or jump skips to the closing (app.c, app/pace.h).
static void draw_card(App *a) {
    const Pace *p = &a->fight.pace;
    double t = p->card_s, left = p->card_len - p->card_s;
    // Open over 0.2 s, close over PACE_CARD_OUT_S.
    double open = t < 0.2 ? t / 0.2 : (left < PACE_CARD_OUT_S ? left / PACE_CARD_OUT_S : 1.0);
    open = open < 0 ? 0 : open;
    double ease = 1.0 - (1.0 - open) * (1.0 - open);
    dim(a, (Uint8)(165 * ease));
    int half = (int)(125 * ease), cy = 330;
    if (half < 2) return;
    SDL_SetRenderDrawBlendMode(a->pf.r, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(a->pf.r, 46, 4, 14, 225);
    SDL_Rect band = {0, cy - half, RENDER_LOGICAL_W, 2 * half};
    SDL_RenderFillRect(a->pf.r, &band);
    float shift = (float)(a->rc.time_s * 60.0);
    Uint8 sa = (Uint8)(255 * ease);
    hazard_stripes(a, cy - half - 14, 14, shift, sa);
    hazard_stripes(a, cy + half, 14, -shift, sa);
    if (open < 0.6) return;
    Uint8 ta = (Uint8)(255 * (open - 0.6) / 0.4);
    // WARNING breathes between 70 % and full (2.5 times a second), on a
    // dark shadow.
    double beat = 0.7 + 0.3 * (0.5 + 0.5 * cos(t * 2.0 * M_PI * 2.5));
    render_text_centred(&a->rc, CX + 5, cy - 103, 10, (SDL_Color){12, 0, 4, ta}, "WARNING");
    render_text_centred(&a->rc, CX, cy - 108, 10,
                        (SDL_Color){255, (Uint8)(60 + 50 * beat), (Uint8)(60 + 30 * beat), (Uint8)(ta * beat)},
                        "WARNING");
    const char *boss = render_boss_name(session_world(&a->fight.play));
    render_text_centred(&a->rc, CX, cy - 14, 6, (SDL_Color){C_GOLD.r, C_GOLD.g, C_GOLD.b, ta},
                        boss ? boss : session_level(&a->fight.play)->name);
    char line[200];
    if (a->fight.mode == MODE_RUSH && a->files.level_count > 1)
        snprintf(line, sizeof line, "ARENA %d / %d  -  %.128s", a->fight.level_idx + 1, a->files.level_count,
                 session_level(&a->fight.play)->name);
    else
        snprintf(line, sizeof line, "%s  -  %.128s", a->fight.mode == MODE_PRACTICE ? "PRACTICE" : "ARENA",
                 session_level(&a->fight.play)->name);
    render_text_centred(&a->rc, CX, cy + 52, 2, (SDL_Color){C_WHITE.r, C_WHITE.g, C_WHITE.b, ta}, line);
    if (t > 0.6) render_text_centred(&a->rc, CX, cy + 84, 2, (SDL_Color){C_DIM.r, C_DIM.g, C_DIM.b, ta},
                                     "FIRE OR JUMP TO SKIP");
}

static int overlap(SDL_Rect a, SDL_Rect b) {
    SDL_Rect o;
    return SDL_IntersectRect(&a, &b, &o) ? o.w * o.h : 0;
}

// Where a big message (YOU FELL, BOSS DOWN!) goes: the middle, else above
// or below it, whichever covers no boss (else the least of them), so the
// message never hides the creature it is about.
static int message_y(App *a, const World *w, const char *msg, int scale) {
    SDL_Rect boss[8];
    int nb = render_boss_boxes(&a->rc, w, boss, 8);
    int tw = render_text_width(&a->rc, msg, scale), th = FONT_GLYPH_H * scale * 4 / 3;
    // The middle; under the bosses; over them (below the HUD's band); then
    // two fixed places.
    int top = RENDER_LOGICAL_H, bottom = 0;
    for (int i = 0; i < nb; i++) {
        if (boss[i].y < top) top = boss[i].y;
        if (boss[i].y + boss[i].h > bottom) bottom = boss[i].y + boss[i].h;
    }
    int ys[5] = {300, bottom + 20, top - th - 20, 150, 470}, n = 0;
    for (int k = 0; k < 5; k++)
        if (ys[k] >= 96 && ys[k] + th <= RENDER_LOGICAL_H - 24) ys[n++] = ys[k];
    if (n == 0) ys[n++] = 300;
    int best = ys[0], best_cover = -1;
    for (int k = 0; k < n; k++) {
        SDL_Rect r = {CX - tw / 2 - 12, ys[k] - 12, tw + 24, th + 24};
        int cover = 0;
        for (int i = 0; i < nb; i++) cover += overlap(r, boss[i]);
        if (best_cover < 0 || cover < best_cover) {
            best = ys[k];
            best_cover = cover;
        }
        if (cover == 0) break;
    }
    return best;
}

// The ghost of the arena's best run (app/fight.h), see-through, but under
// the results.
static void draw_ghost(App *a) {
    if (session_world(&a->fight.ghost) && app_top(a) != SCR_RESULTS)
        render_ghost(&a->rc, &a->lab.ghost_layer, session_world(&a->fight.ghost), GHOST_ALPHA);
}

void app_draw_play(App *a) {
    render_world(&a->rc, session_world(&a->fight.play));
    draw_ghost(a);
    const World *w = session_world(&a->fight.play);
    if (app_top(a) == SCR_PLAY && pace_card(&a->fight.pace)) draw_card(a);
    else app_hints_draw(a);
    if (app_top(a) == SCR_PLAY && w->state != GAME_PLAYING) {
        const char *msg = w->state == GAME_WON ? "BOSS DOWN!" : "YOU FELL";
        render_text_centred(&a->rc, CX, message_y(a, w, msg, 8), 8, w->state == GAME_WON ? C_GOLD : C_RED, msg);
    }
    if (app_top(a) == SCR_PAUSE) {
        dim(a, 140);
        Menu m;
        app_screen_menu(a, SCR_PAUSE, &m);
        int bottom = m.y + m.n * m.row_h;
        panel(a, (SDL_Rect){CX - 290, 200, 580, bottom + 50 - 200});
        render_text_centred(&a->rc, CX, 228, 6, C_WHITE, "PAUSED");
        menu_draw(&m, &a->rc, a->rc.time_s);
        // Where you are: the mode, the fight's clock and the hits so far.
        char line[200], t[32];
        best_time_text(w->tick + 1, t, sizeof t);
        if (a->fight.mode == MODE_RUSH)
            snprintf(line, sizeof line, "BOSS RUSH  ARENA %d / %d   %s   HITS %d", a->fight.level_idx + 1, a->files.level_count, t,
                     a->fight.hits);
        else snprintf(line, sizeof line, "%s   %s   %s   HITS %d", a->fight.mode == MODE_PRACTICE ? "PRACTICE" : "ARENA",
                      difficulty_name(w->difficulty), t, a->fight.hits);
        render_text_centred(&a->rc, CX, bottom + 16, 2, C_DIM, line);
        hint(a, &m, bottom + 70);
    }
    if (app_top(a) == SCR_RESULTS) draw_results(a);
}

void app_draw_frame(App *a) {
    SDL_SetRenderDrawColor(a->pf.r, 0, 0, 0, 255);
    SDL_RenderClear(a->pf.r);
    a->stack.classes[app_top(a)]->draw(a);
    app_tuning_draw(a);
    if (a->ui.toast[0] && platform_now_s() < a->ui.toast_until) {
        int w = render_text_width(&a->rc, a->ui.toast, 2) + 24;
        SDL_SetRenderDrawBlendMode(a->pf.r, SDL_BLENDMODE_BLEND);
        SDL_SetRenderDrawColor(a->pf.r, 6, 4, 16, 200);
        SDL_Rect box = {CX - w / 2, RENDER_LOGICAL_H - 40, w, 30};
        SDL_RenderFillRect(a->pf.r, &box);
        render_text_centred(&a->rc, CX, RENDER_LOGICAL_H - 32, 2, C_WHITE, a->ui.toast);
    }
    if (a->ui.screenshot) {
        // Read back before present: the back buffer is undefined after it.
        a->ui.screenshot = false;
        char path[1200];
        if (platform_screenshot(&a->pf, path, sizeof path)) {
            log_info("screenshot: %s", path);
            app_toast(a, "SCREENSHOT SAVED");
        }
    }
    SDL_RenderPresent(a->pf.r);
}
