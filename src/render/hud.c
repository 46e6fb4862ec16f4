// hud.c -- the heads-up display (player hp with the hearts just lost
// popping off, the boss bar with its phase ticks, markers at the screen's
// edge pointing to creatures off screen, the arena name) and the F1 debug
// overlay. Screen-space; reads the World, never writes it.
#include <math.h>
#include <stdio.h>

#include "render/fx.h"
#include "render/layout.h"
#include "render/render_local.h"
#include "sim/player/legs.h"
#include "sim/world.h"

static const SDL_Color DIM = {170, 170, 200, 255};

#define MARKS_MAX 8

// The bar's health: every boss's (a hazard, which cannot be killed, is not
// counted); and with exactly one boss, the hp its later phases begin at.
static void boss_hp(const World *w, int *hp, int *hp_max, int *marks, int *n_marks) {
    *hp = *hp_max = *n_marks = 0;
    int bosses = 0;
#define BOSS_HP_KIND(KIND, prefix, Type)                                \
    for (int i = 0; i < w->prefix##_count; i++) {                             \
        const Type *c = &w->prefix##s[i];                                     \
        if (!prefix##_is_boss(c)) continue;                                   \
        int h, h_max;                                                         \
        prefix##_health(c, &h, &h_max);                                       \
        *hp += h > 0 ? h : 0;                                                 \
        *hp_max += h_max;                                                     \
        if (bosses++ == 0) *n_marks = prefix##_phase_marks(c, marks, MARKS_MAX); \
    }
    CREATURES(BOSS_HP_KIND)
#undef BOSS_HP_KIND
    if (bosses != 1) *n_marks = 0;
}

static void fill(SDL_Renderer *r, int x, int y, int w, int h, SDL_Color c) {
    SDL_SetRenderDrawBlendMode(r, c.a < 255 ? SDL_BLENDMODE_BLEND : SDL_BLENDMODE_NONE);
    SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a);
    SDL_Rect q = {x, y, w, h};
    SDL_RenderFillRect(r, &q);
}

// The boss bar's box (its glow included), left of which the hearts stay.
#define BAR_W 520
#define BAR_Y 34
#define BAR_H 14
#define BAR_GLOW 6
#define HEART_SIZE 28
#define HEART_GAP 4
#define HEART_X0 20
#define HEART_Y0 18

// Hearts a row holds: as many as end 12 px left of the boss bar's box, so
// a long row (12 on easy) wraps under itself instead of under the bar.
static int hearts_per_row(const RenderCtx *rc) {
    int room = (rc->view_w - BAR_W) / 2 - BAR_GLOW - 12 - HEART_X0;
    int n = (room + HEART_GAP) / (HEART_SIZE + HEART_GAP);
    return n < 1 ? 1 : n;
}

// Where heart i sits (its top-left).
static void heart_at(const RenderCtx *rc, int i, int *x, int *y) {
    int per = hearts_per_row(rc);
    *x = HEART_X0 + (i % per) * (HEART_SIZE + HEART_GAP);
    *y = HEART_Y0 + (i / per) * (HEART_SIZE + HEART_GAP);
}

static void draw_hearts(RenderCtx *rc, const World *w) {
    const Player *p = &w->player;
    SDL_Texture *full = render_tex(rc, "hud/heart.png");
    SDL_Texture *empty = render_tex(rc, "hud/heart_empty.png");
    int n = p->hp_max > 0 ? p->hp_max : 0;
    if (n > 20) n = 20;
    int size = HEART_SIZE;
    // The last heart beats while the player is one hit from death.
    float beat = p->hp == 1 ? 1.0f + 0.15f * SDL_sinf((float)rc->time_s * 10.0f) : 1.0f;
    for (int i = 0; i < n; i++) {
        bool on = i < p->hp;
        SDL_Texture *t = on ? full : empty;
        float s = (float)size * (on && i == p->hp - 1 ? beat : 1.0f);
        int hx, hy;
        heart_at(rc, i, &hx, &hy);
        SDL_FRect d = {(float)hx + (size - s) / 2, (float)hy + (size - s) / 2, s, s};
        if (t) SDL_RenderCopyF(rc->r, t, NULL, &d);
        else {
            SDL_Color c = on ? (SDL_Color){240, 60, 90, 255} : (SDL_Color){70, 50, 70, 255};
            render_fill_circle(rc->r, d.x + s / 2, d.y + s / 2, s / 2.4f, c);
        }
    }
    if (n > 0) {
        int per = hearts_per_row(rc), rows = (n + per - 1) / per, cols = n < per ? n : per;
        layout_add_logical(rc->font.log, rc->r, LAYOUT_HUD,
                           (SDL_Rect){HEART_X0, HEART_Y0, cols * (size + HEART_GAP) - HEART_GAP,
                                      rows * (size + HEART_GAP) - HEART_GAP},
                           "hearts");
    }
    // The hearts just lost pop off: a full heart swelling and fading,
    // burning white at first.
    const Fx *fx = rc->fx;
    if (!fx || fx->heart_pop <= 0 || !full) return;
    float k = fx->heart_pop;
    for (int i = fx->heart_lost; i < fx->heart_lost + fx->hearts_lost && i < n; i++) {
        float s = (float)size * (1.0f + 0.9f * (1.0f - k));
        int hx, hy;
        heart_at(rc, i, &hx, &hy);
        SDL_FRect d = {(float)hx + (size - s) / 2, (float)hy + (size - s) / 2, s, s};
        Uint8 white = (Uint8)(255 * (k > 0.6f ? 1.0f : k / 0.6f));
        SDL_SetTextureColorMod(full, 255, (Uint8)(60 + (255 - 60) * white / 255), white);
        SDL_SetTextureAlphaMod(full, (Uint8)(255 * k));
        SDL_RenderCopyF(rc->r, full, NULL, &d);
        SDL_SetTextureColorMod(full, 255, 255, 255);
        SDL_SetTextureAlphaMod(full, 255);
    }
}

static void draw_boss_bar(RenderCtx *rc, const World *w) {
    const char *name = render_boss_name(w);
    if (!name) return;
    int hp, hp_max, marks[MARKS_MAX], n_marks;
    boss_hp(w, &hp, &hp_max, marks, &n_marks);
    if (hp_max <= 0) return;
    int bw = BAR_W, bh = BAR_H, x = (rc->view_w - bw) / 2, y = BAR_Y;
    // Under the name as shown (its dots rounded up make it taller).
    int name_h = font_shown_height(rc->r, name, 2);
    if (16 + name_h + 2 > y) y = 16 + name_h + 2;
    SDL_Texture *skull = render_tex(rc, "hud/boss.png");
    int name_w = render_text_width(rc, name, 2);
    int nx = rc->view_w / 2 - name_w / 2;
    if (skull) {
        SDL_Rect d = {nx - 26, 12, 20, 20};
        SDL_RenderCopy(rc->r, skull, NULL, &d);
    }
    render_text(rc, nx, 16, 2, (SDL_Color){255, 215, 150, 255}, name);
    int top = 12 < y - BAR_GLOW ? 12 : y - BAR_GLOW;
    layout_add_logical(rc->font.log, rc->r, LAYOUT_HUD,
                       (SDL_Rect){x - BAR_GLOW, top, bw + 2 * BAR_GLOW, y + bh + 11 - top}, "boss bar");
    // A phase change makes the frame glow for a moment.
    float pulse = rc->fx ? rc->fx->phase_pulse : 0.0f;
    if (pulse > 0) {
        Uint8 g = (Uint8)(255 * pulse);
        fill(rc->r, x - 6, y - 6, bw + 12, bh + 12, (SDL_Color){255, 215, 150, (Uint8)(g * 3 / 4)});
    }
    fill(rc->r, x - 3, y - 3, bw + 6, bh + 6, (SDL_Color){10, 8, 20, 200});
    fill(rc->r, x, y, bw, bh, (SDL_Color){60, 20, 30, 255});
    // Recent damage shows as a pale segment that drains after a beat, so
    // every hit reads on the bar.
    double dt = rc->time_s - rc->hud_last_s;
    rc->hud_last_s = rc->time_s;
    if (rc->hud_lag_hp < hp || rc->hud_lag_hp > hp_max || dt < 0 || dt > 1.0) rc->hud_lag_hp = hp;
    else rc->hud_lag_hp += (hp - rc->hud_lag_hp) * (1.0 - exp(-dt * 3.0));
    int lw = (int)(bw * rc->hud_lag_hp / hp_max);
    int fw = (int)((long long)bw * hp / hp_max);
    if (lw > fw) fill(rc->r, x + fw, y, lw - fw, bh, (SDL_Color){255, 230, 200, 255});
    if (fw > 0) {
        fill(rc->r, x, y, fw, bh, (SDL_Color){220, 50, 70, 255});
        fill(rc->r, x, y, fw, 4, (SDL_Color){255, 130, 130, 255});
    }
    // Faint notches every 10 % help judge progress; each phase change is a
    // tall tick through the bar, gold ahead, dim once passed.
    for (int i = 1; i < 10; i++) fill(rc->r, x + bw * i / 10, y, 1, bh, (SDL_Color){10, 8, 20, 90});
    for (int i = 0; i < n_marks; i++) {
        int mx = x + (int)((long long)bw * marks[i] / hp_max);
        bool passed = hp <= marks[i];
        SDL_Color c = passed ? (SDL_Color){130, 100, 90, 255} : (SDL_Color){255, 215, 120, 255};
        fill(rc->r, mx - 2, y - 3, 5, bh + 6, (SDL_Color){10, 8, 20, 255});
        fill(rc->r, mx - 1, y - 2, 3, bh + 4, c);
        // A small wedge under the bar pointing up at the tick.
        SDL_Color dark = {10, 8, 20, 255};
        float fx0 = (float)mx + 0.5f, fy = (float)(y + bh + 3);
        SDL_Vertex vo[3] = {{{fx0, fy - 1}, dark, {0, 0}},
                            {{fx0 - 7, fy + 8}, dark, {0, 0}},
                            {{fx0 + 7, fy + 8}, dark, {0, 0}}};
        SDL_Vertex vi[3] = {{{fx0, fy + 1}, c, {0, 0}},
                            {{fx0 - 4.5f, fy + 6.5f}, c, {0, 0}},
                            {{fx0 + 4.5f, fy + 6.5f}, c, {0, 0}}};
        SDL_RenderGeometry(rc->r, NULL, vo, 3, NULL, 0);
        SDL_RenderGeometry(rc->r, NULL, vi, 3, NULL, 0);
    }
}

// Markers at the screen's edge for creatures off screen (the whale often
// is): an arrow in the creature's colour pointing to it, larger and
// brighter the nearer it is, with a boss's health as a small bar under it.
#define MARKER_INSET 30        // px from the view's edges (the HUD's top band more)
#define MARKER_TOP 78
#define MARKER_NEAR_PX 900.0   // at this distance past the edge or nearer: full size

static void marker(RenderCtx *rc, Vec2 at, SDL_Color c, int hp, int hp_max) {
    SDL_FPoint s = render_to_screen(rc, at);
    if (s.x >= 0 && s.y >= 0 && s.x < rc->view_w && s.y < rc->view_h) return;
    float cx = rc->view_w / 2.0f, cy = rc->view_h / 2.0f, dx = s.x - cx, dy = s.y - cy;
    float len = sqrtf(dx * dx + dy * dy);
    if (len < 1e-3f) return;
    float ux = dx / len, uy = dy / len;
    // Where the ray from the view's centre leaves the inset box.
    float left = MARKER_INSET, right = (float)rc->view_w - MARKER_INSET;
    float top = MARKER_TOP, bottom = (float)rc->view_h - MARKER_INSET;
    float tx = ux > 0 ? (right - cx) / ux : (ux < 0 ? (left - cx) / ux : 1e9f);
    float ty = uy > 0 ? (bottom - cy) / uy : (uy < 0 ? (top - cy) / uy : 1e9f);
    float t = fminf(tx, ty);
    float mx = cx + ux * t, my = cy + uy * t;
    // Nearness: 1 at the edge .. 0 at MARKER_NEAR_PX beyond it.
    float past = len - t;
    float near = 1.0f - fminf(1.0f, past / (float)MARKER_NEAR_PX);
    float size = 13.0f + 9.0f * near;
    float beat = 0.5f + 0.5f * sinf((float)rc->time_s * (4.0f + 6.0f * near));
    float nx = -uy, ny = ux;
    SDL_FPoint tip = {mx + ux * size, my + uy * size};
    SDL_FPoint l = {mx - ux * size * 0.6f + nx * size * 0.8f, my - uy * size * 0.6f + ny * size * 0.8f};
    SDL_FPoint r = {mx - ux * size * 0.6f - nx * size * 0.8f, my - uy * size * 0.6f - ny * size * 0.8f};
    // The creature's colour lifted toward white so even a dark one shows,
    // on a dark rim.
    SDL_Color dark = {10, 8, 24, 230};
    SDL_Color lit = {(Uint8)(c.r / 2 + 128), (Uint8)(c.g / 2 + 128), (Uint8)(c.b / 2 + 128),
                     255};
    float o = 3.0f;
    if (rc->glow) {
        float g = size * (2.2f + 0.6f * beat);
        SDL_SetTextureBlendMode(rc->glow, SDL_BLENDMODE_ADD);
        SDL_SetTextureColorMod(rc->glow, c.r, c.g, c.b);
        SDL_SetTextureAlphaMod(rc->glow, (Uint8)(90 + 110 * near * beat));
        SDL_FRect gd = {mx - g, my - g, 2 * g, 2 * g};
        SDL_RenderCopyF(rc->r, rc->glow, NULL, &gd);
    }
    SDL_Vertex vo[3] = {{{tip.x + ux * o * 1.6f, tip.y + uy * o * 1.6f}, dark, {0, 0}},
                        {{l.x + (nx - ux) * o, l.y + (ny - uy) * o}, dark, {0, 0}},
                        {{r.x - (nx + ux) * o, r.y - (ny + uy) * o}, dark, {0, 0}}};
    SDL_Vertex vi[3] = {{tip, lit, {0, 0}}, {l, lit, {0, 0}}, {r, lit, {0, 0}}};
    SDL_SetRenderDrawBlendMode(rc->r, SDL_BLENDMODE_BLEND);
    SDL_RenderGeometry(rc->r, NULL, vo, 3, NULL, 0);
    SDL_RenderGeometry(rc->r, NULL, vi, 3, NULL, 0);
    if (hp_max <= 0) return;
    // The health bar sits on the side of the arrow toward the view's centre.
    int bw = 36, bh = 5;
    int bx = (int)(mx - ux * (size + 14.0f)) - bw / 2, by = (int)(my - uy * (size + 14.0f)) - bh / 2;
    fill(rc->r, bx - 2, by - 2, bw + 4, bh + 4, dark);
    fill(rc->r, bx, by, bw, bh, (SDL_Color){60, 20, 30, 255});
    fill(rc->r, bx, by, (int)((long long)bw * (hp > 0 ? hp : 0) / hp_max), bh, (SDL_Color){220, 50, 70, 255});
}

static void draw_markers(RenderCtx *rc, const World *w) {
#define MARKER_KIND(KIND, prefix, Type)                                        \
    for (int i = 0; i < w->prefix##_count; i++) {                                    \
        const Type *c = &w->prefix##s[i];                                            \
        if (!prefix##_alive(c)) continue;                                            \
        int h = 0, h_max = 0;                                                        \
        if (prefix##_is_boss(c)) prefix##_health(c, &h, &h_max);                     \
        marker(rc, prefix##_pos(c), draw_##prefix##_colour(), h, h_max);             \
    }
    CREATURES(MARKER_KIND)
#undef MARKER_KIND
}

int render_boss_boxes(const RenderCtx *rc, const World *w, SDL_Rect *out, int max) {
    int n = 0;
#define BOSS_BOX_KIND(KIND, prefix, Type)                                      \
    for (int i = 0; i < w->prefix##_count && n < max; i++) {                         \
        const Type *c = &w->prefix##s[i];                                            \
        Box b;                                                                       \
        if (!prefix##_is_boss(c) || !prefix##_alive(c) || !prefix##_bounds(c, &b)) continue; \
        out[n++] = (SDL_Rect){(int)floor(b.x0 - rc->cam_x), (int)floor(b.y0 - rc->cam_y), \
                              (int)ceil(b.x1 - b.x0), (int)ceil(b.y1 - b.y0)};       \
    }
    CREATURES(BOSS_BOX_KIND)
#undef BOSS_BOX_KIND
    return n;
}

void render_hud(RenderCtx *rc, const World *w) {
    draw_markers(rc, w);
    draw_hearts(rc, w);
    draw_boss_bar(rc, w);
    if (rc->arena_name) {
        int tw = render_text_width(rc, rc->arena_name, 2);
        render_text(rc, rc->view_w - tw - 20, 20, 2, DIM, rc->arena_name);
        layout_add_logical(rc->font.log, rc->r, LAYOUT_HUD, (SDL_Rect){rc->view_w - tw - 20, 20, tw, 16},
                           "arena name");
    }
    if (rc->font.log) {
        SDL_Rect boss[8];
        int n = render_boss_boxes(rc, w, boss, 8);
        for (int i = 0; i < n; i++) layout_add_logical(rc->font.log, rc->r, LAYOUT_BOSS, boss[i], "boss");
    }
}

static const char *state_name(PlayerState s) {
    return s == PLAYER_GROUND ? "ground" : s == PLAYER_AIR ? "air" : "wall";
}

void render_debug(RenderCtx *rc, const World *w) {
    const Player *p = &w->player;
    // Collision circles: player body, every bullet.
    SDL_FPoint ps = render_to_screen(rc, p->pos);
    render_circle(rc->r, ps.x, ps.y, (float)p->radius, (SDL_Color){80, 255, 120, 255});
    SDL_SetRenderDrawColor(rc->r, 80, 255, 120, 255);
    SDL_RenderDrawLineF(rc->r, ps.x, ps.y, ps.x + (float)(p->normal.x * p->radius * 1.8),
                        ps.y + (float)(p->normal.y * p->radius * 1.8));
    for (int i = 0; i < w->bullets.cap; i++) {
        const Bullet *b = &w->bullets.b[i];
        if (!b->alive) continue;
        SDL_FPoint s = render_to_screen(rc, b->pos);
        if (s.x < -20 || s.y < -20 || s.x > rc->view_w + 20 || s.y > rc->view_h + 20) continue;
        render_circle(rc->r, s.x, s.y, (float)b->radius,
                      b->owner == OWNER_PLAYER ? (SDL_Color){255, 255, 0, 255} : (SDL_Color){255, 0, 255, 255});
    }
    LegsProbes lp;
    legs_probes(&p->legs, &lp);
    int particles = rc->fx ? ((struct Fx *)rc->fx)->count : 0;
    char buf[768];
    snprintf(buf, sizeof buf,
             "tick %lld  fps %.0f  state %s\n"
             "player %.1f %.1f  v %.2f %.2f  hp %d/%d\n"
             "player.state %s  coyote %d  buffer %d  attach_cd %d\n"
             "legs %.0f  planted %.0f  stepping %.0f  groups %.0f  slip %.2f\n"
             "bullets %d  dropped %lld  events %d  particles %d\n"
             "bosses alive %d  stars %u displaced %u",
             (long long)w->tick, rc->fps, w->state == GAME_PLAYING ? "playing" : w->state == GAME_WON ? "won" : "lost",
             p->pos.x, p->pos.y, p->vel.x, p->vel.y, p->hp, p->hp_max, state_name(p->state), p->coyote,
             p->jump_buffer, p->attach_cooldown, lp.legs, lp.planted, lp.stepping, lp.groups_stepping,
             lp.foot_slip, w->bullets.count, (long long)w->bullets.dropped, w->events.count, particles,
             world_bosses_alive(w), (unsigned)w->stars.count, (unsigned)w->stars.displaced);
    fill(rc->r, 14, 56, 560, 6 * 20 + 10, (SDL_Color){0, 0, 0, 150});
    render_text(rc, 20, 62, 2, (SDL_Color){140, 255, 160, 255}, buf);
}
