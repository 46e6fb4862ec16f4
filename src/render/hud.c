// hud.c -- the heads-up display (player hp, boss bar, arena name) and the
// F1 debug overlay. Screen-space; reads the World, never writes it.
#include <math.h>
#include <stdio.h>

#include "render/fx.h"
#include "render/render_local.h"
#include "sim/player/legs.h"
#include "sim/world.h"

static const SDL_Color DIM = {170, 170, 200, 255};

static void boss_hp(const World *w, int *hp, int *hp_max) {
    *hp = *hp_max = 0;
#define BOSS_HP_KIND(KIND, prefix, Type, name)               \
    for (int i = 0; i < w->prefix##_count; i++) {            \
        int h, h_max;                                        \
        prefix##_health(&w->prefix##s[i], &h, &h_max);       \
        *hp += h > 0 ? h : 0;                                \
        *hp_max += h_max;                                    \
    }
    CREATURES(BOSS_HP_KIND)
#undef BOSS_HP_KIND
}

static void fill(SDL_Renderer *r, int x, int y, int w, int h, SDL_Color c) {
    SDL_SetRenderDrawBlendMode(r, c.a < 255 ? SDL_BLENDMODE_BLEND : SDL_BLENDMODE_NONE);
    SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a);
    SDL_Rect q = {x, y, w, h};
    SDL_RenderFillRect(r, &q);
}

static void draw_hearts(RenderCtx *rc, const World *w) {
    const Player *p = &w->player;
    SDL_Texture *full = render_tex(rc, "hud/heart.png");
    SDL_Texture *empty = render_tex(rc, "hud/heart_empty.png");
    int n = p->hp_max > 0 ? p->hp_max : 0;
    if (n > 20) n = 20;
    int size = 28, gap = 4, x0 = 20, y0 = 18;
    // The last heart beats while the player is one hit from death.
    float beat = p->hp == 1 ? 1.0f + 0.15f * SDL_sinf((float)rc->time_s * 10.0f) : 1.0f;
    for (int i = 0; i < n; i++) {
        bool on = i < p->hp;
        SDL_Texture *t = on ? full : empty;
        float s = (float)size * (on && i == p->hp - 1 ? beat : 1.0f);
        SDL_FRect d = {(float)(x0 + i * (size + gap)) + (size - s) / 2, (float)y0 + (size - s) / 2, s, s};
        if (t) SDL_RenderCopyF(rc->r, t, NULL, &d);
        else {
            SDL_Color c = on ? (SDL_Color){240, 60, 90, 255} : (SDL_Color){70, 50, 70, 255};
            render_fill_circle(rc->r, d.x + s / 2, d.y + s / 2, s / 2.4f, c);
        }
    }
}

static void draw_boss_bar(RenderCtx *rc, const World *w) {
    const char *name = render_boss_name(w);
    if (!name) return;
    int hp, hp_max;
    boss_hp(w, &hp, &hp_max);
    if (hp_max <= 0) return;
    int bw = 520, bh = 14, x = (rc->view_w - bw) / 2, y = 34;
    SDL_Texture *skull = render_tex(rc, "hud/boss.png");
    int name_w = font_width(name, 2);
    int nx = rc->view_w / 2 - name_w / 2;
    if (skull) {
        SDL_Rect d = {nx - 26, 12, 20, 20};
        SDL_RenderCopy(rc->r, skull, NULL, &d);
    }
    render_text(rc, nx, 16, 2, (SDL_Color){255, 215, 150, 255}, name);
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
    // Notches every 10% help judge progress.
    for (int i = 1; i < 10; i++) fill(rc->r, x + bw * i / 10, y, 1, bh, (SDL_Color){10, 8, 20, 140});
}

void render_hud(RenderCtx *rc, const World *w) {
    draw_hearts(rc, w);
    draw_boss_bar(rc, w);
    if (rc->arena_name) {
        int tw = font_width(rc->arena_name, 2);
        render_text(rc, rc->view_w - tw - 20, 20, 2, DIM, rc->arena_name);
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
