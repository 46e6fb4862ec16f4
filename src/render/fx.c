// fx.c -- particles, flashes and shake spawned from World events. Effects
// advance once per sim tick (so headless frames and live play look alike)
// and draw with the soft "glow" texture the renderer bakes at start-up.
#include "render/fx.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "render/render_local.h"
#include "sim/world.h"

bool fx_init(RenderCtx *rc) {
    rc->fx = calloc(1, sizeof *rc->fx);
    return rc->fx != NULL;
}

void fx_free(RenderCtx *rc) {
    free(rc->fx);
    rc->fx = NULL;
}

void fx_clear(RenderCtx *rc) {
    if (!rc->fx) return;
    rc->fx->count = 0;
    rc->fx->shake = 0;
    rc->fx->hurt_flash = 0;
    rc->fx->white_flash = 0;
}

static float vrand(RenderCtx *rc, float lo, float hi) { return (float)rng_range(&rc->vis, lo, hi); }

static Particle *spawn(RenderCtx *rc, FxKind kind, double x, double y) {
    Fx *fx = rc->fx;
    if (fx->count >= FX_MAX_PARTICLES) return NULL;
    Particle *p = &fx->p[fx->count++];
    memset(p, 0, sizeof *p);
    p->kind = (unsigned char)kind;
    p->x = (float)x;
    p->y = (float)y;
    return p;
}

// n particles flying out in random directions at speed lo..hi.
static void burst(RenderCtx *rc, FxKind kind, double x, double y, int n, float lo, float hi, float size,
                  int life, SDL_Color c) {
    for (int i = 0; i < n; i++) {
        Particle *p = spawn(rc, kind, x, y);
        if (!p) return;
        float a = vrand(rc, 0.0f, 6.2831853f);
        float v = vrand(rc, lo, hi);
        p->vx = cosf(a) * v;
        p->vy = sinf(a) * v;
        p->size = size * vrand(rc, 0.7f, 1.3f);
        p->life = p->life_max = life + (int)vrand(rc, 0.0f, (float)life * 0.5f);
        p->c = c;
    }
}

static void flash(RenderCtx *rc, double x, double y, float size, int life, SDL_Color c) {
    Particle *p = spawn(rc, FX_FLASH, x, y);
    if (!p) return;
    p->size = size;
    p->life = p->life_max = life;
    p->c = c;
}

static void who_colour(EventWho who, SDL_Color *c) {
    switch (who) {
#define WHO_COLOUR(KIND, prefix, Type, name) \
    case WHO_##KIND: *c = draw_##prefix##_colour(); break;
    CREATURES(WHO_COLOUR)
#undef WHO_COLOUR
    default: *c = (SDL_Color){255, 240, 180, 255}; break;
    }
}

static void on_event(RenderCtx *rc, const World *w, const Event *e) {
    Fx *fx = rc->fx;
    SDL_Color c;
    double ts = w->map.tile > 0 ? w->map.tile / PLAYER_REF_TILE_PX : 1.0;   // scales like the player
    switch (e->type) {
    case EV_SHOT:
        flash(rc, e->x, e->y, (float)(14 * ts), 5, (SDL_Color){255, 250, 200, 255});
        burst(rc, FX_SPARK, e->x, e->y, 3, 1.0f, 2.5f, 3.0f, 6, (SDL_Color){255, 230, 120, 255});
        break;
    case EV_ENEMY_SHOT:
        who_colour(e->who, &c);
        flash(rc, e->x, e->y, (float)(12 * ts), 6, c);
        break;
    case EV_BULLET_WALL:
        c = e->a == OWNER_PLAYER ? (SDL_Color){255, 220, 120, 255} : (SDL_Color){255, 110, 160, 255};
        burst(rc, FX_SPARK, e->x, e->y, 7, 1.0f, 4.0f, 3.0f, 10, c);
        flash(rc, e->x, e->y, 10.0f, 4, c);
        break;
    case EV_HIT:
        who_colour(e->who, &c);
        flash(rc, e->x, e->y, (float)(22 * ts), 6, (SDL_Color){255, 255, 255, 255});
        burst(rc, FX_SPARK, e->x, e->y, 10, 1.5f, 5.0f, 3.5f, 12, c);
        if (fx->shake < 2.0f) fx->shake = 2.0f;
        break;
    case EV_BLOCKED:
        burst(rc, FX_SPARK, e->x, e->y, 5, 2.0f, 4.5f, 2.5f, 8, (SDL_Color){200, 210, 230, 255});
        break;
    case EV_PLAYER_HURT:
        fx->hurt_flash = 1.0f;
        if (fx->shake < 7.0f) fx->shake = 7.0f;
        burst(rc, FX_SPARK, w->player.pos.x, w->player.pos.y, 14, 1.5f, 4.5f, 3.5f, 14,
              (SDL_Color){255, 80, 80, 255});
        break;
    case EV_PLAYER_DEAD:
        fx->shake = 12.0f;
        burst(rc, FX_EMBER, w->player.pos.x, w->player.pos.y, 40, 1.0f, 6.0f, 5.0f, 40,
              (SDL_Color){255, 120, 90, 255});
        flash(rc, w->player.pos.x, w->player.pos.y, (float)(60 * ts), 14, (SDL_Color){255, 200, 160, 255});
        break;
    case EV_JUMP:
    case EV_LAND: {
        double x = e->x, y = e->y;
        if (x == 0 && y == 0) {
            x = w->player.pos.x;
            y = w->player.pos.y + w->player.radius;
        }
        for (int i = 0; i < 6; i++) {
            Particle *p = spawn(rc, FX_DUST, x + vrand(rc, -6, 6), y);
            if (!p) break;
            p->vx = vrand(rc, -1.6f, 1.6f);
            p->vy = vrand(rc, -0.9f, -0.1f);
            p->size = (float)(4 * ts);
            p->grow = 0.25f;
            p->life = p->life_max = 20 + (int)vrand(rc, 0, 10);
            p->c = (SDL_Color){190, 180, 200, 150};
        }
        break;
    }
    case EV_STEP_LANDED:
        for (int i = 0; i < 3; i++) {
            Particle *p = spawn(rc, FX_DUST, e->x, e->y);
            if (!p) break;
            p->vx = vrand(rc, -0.6f, 0.6f);
            p->vy = vrand(rc, -0.6f, 0.6f);
            p->size = (float)(2.5 * ts);
            p->grow = 0.12f;
            p->life = p->life_max = 14 + (int)vrand(rc, 0, 6);
            p->c = (SDL_Color){200, 190, 210, 120};
        }
        break;
    case EV_BOSS_DOWN:
        who_colour(e->who, &c);
        fx->shake = 16.0f;
        fx->white_flash = 1.0f;
        burst(rc, FX_EMBER, e->x, e->y, 120, 1.0f, 9.0f, 7.0f, 60, c);
        burst(rc, FX_SPARK, e->x, e->y, 80, 3.0f, 14.0f, 4.0f, 30, (SDL_Color){255, 240, 200, 255});
        flash(rc, e->x, e->y, (float)(220 * ts), 30, (SDL_Color){255, 255, 230, 255});
        for (int i = 0; i < 3; i++) {
            Particle *p = spawn(rc, FX_RING, e->x, e->y);
            if (!p) break;
            p->size = (float)(10 + 20 * i);
            p->grow = 9.0f - 2.0f * (float)i;
            p->life = p->life_max = 40 + 10 * i;
            p->c = c;
        }
        break;
    default:
        break;
    }
}

void fx_tick(RenderCtx *rc, const World *w) {
    Fx *fx = rc->fx;
    if (!fx) return;
    for (int i = 0; i < w->events.count; i++) on_event(rc, w, &w->events.e[i]);
    int n = 0;
    for (int i = 0; i < fx->count; i++) {
        Particle *p = &fx->p[i];
        if (--p->life <= 0) continue;
        p->x += p->vx;
        p->y += p->vy;
        p->vy += p->gravity;
        if (p->kind == FX_EMBER) p->vy += 0.12f;
        if (p->kind == FX_SPARK || p->kind == FX_EMBER) {
            p->vx *= 0.93f;
            p->vy *= 0.93f;
        } else if (p->kind == FX_DUST) {
            p->vx *= 0.9f;
            p->vy *= 0.9f;
        }
        p->size += p->grow;
        if (p->size < 0.5f) p->size = 0.5f;
        fx->p[n++] = *p;
    }
    fx->count = n;
    fx->shake *= 0.86f;
    if (fx->shake < 0.2f) fx->shake = 0;
    fx->hurt_flash *= 0.88f;
    fx->white_flash *= 0.9f;
}

static void draw_disc(RenderCtx *rc, float x, float y, float radius, SDL_Color c, Uint8 alpha, bool add) {
    SDL_FPoint s = render_to_screen(rc, v2(x, y));
    if (s.x + radius < 0 || s.y + radius < 0 || s.x - radius > rc->view_w || s.y - radius > rc->view_h) return;
    if (rc->glow) {
        SDL_SetTextureBlendMode(rc->glow, add ? SDL_BLENDMODE_ADD : SDL_BLENDMODE_BLEND);
        SDL_SetTextureColorMod(rc->glow, c.r, c.g, c.b);
        SDL_SetTextureAlphaMod(rc->glow, alpha);
        SDL_FRect d = {s.x - radius, s.y - radius, radius * 2, radius * 2};
        SDL_RenderCopyF(rc->r, rc->glow, NULL, &d);
    } else {
        SDL_SetRenderDrawBlendMode(rc->r, add ? SDL_BLENDMODE_ADD : SDL_BLENDMODE_BLEND);
        SDL_SetRenderDrawColor(rc->r, c.r, c.g, c.b, alpha);
        SDL_FRect d = {s.x - radius * 0.6f, s.y - radius * 0.6f, radius * 1.2f, radius * 1.2f};
        SDL_RenderFillRectF(rc->r, &d);
    }
}

static void draw_ring(RenderCtx *rc, float x, float y, float radius, SDL_Color c, Uint8 alpha) {
    SDL_FPoint s = render_to_screen(rc, v2(x, y));
    SDL_SetRenderDrawBlendMode(rc->r, SDL_BLENDMODE_ADD);
    SDL_SetRenderDrawColor(rc->r, c.r, c.g, c.b, alpha);
    SDL_FPoint pts[49];
    for (int k = 0; k < 3; k++) {
        float rr = radius + (float)k;
        for (int i = 0; i <= 48; i++) {
            float a = (float)i * 6.2831853f / 48.0f;
            pts[i] = (SDL_FPoint){s.x + cosf(a) * rr, s.y + sinf(a) * rr};
        }
        SDL_RenderDrawLinesF(rc->r, pts, 49);
    }
}

void fx_draw(RenderCtx *rc) {
    Fx *fx = rc->fx;
    if (!fx) return;
    for (int i = 0; i < fx->count; i++) {
        const Particle *p = &fx->p[i];
        float t = (float)p->life / (float)p->life_max;     // 1 new .. 0 dead
        switch (p->kind) {
        case FX_SPARK: {
            SDL_FPoint a = render_to_screen(rc, v2(p->x, p->y));
            SDL_FPoint b = render_to_screen(rc, v2(p->x - p->vx * 2.5f, p->y - p->vy * 2.5f));
            SDL_SetRenderDrawBlendMode(rc->r, SDL_BLENDMODE_ADD);
            SDL_SetRenderDrawColor(rc->r, p->c.r, p->c.g, p->c.b, (Uint8)(255 * t));
            SDL_RenderDrawLineF(rc->r, a.x, a.y, b.x, b.y);
            SDL_RenderDrawLineF(rc->r, a.x + 1, a.y, b.x + 1, b.y);
            draw_disc(rc, p->x, p->y, p->size * t + 1.0f, p->c, (Uint8)(200 * t), true);
            break;
        }
        case FX_DUST:
            draw_disc(rc, p->x, p->y, p->size, p->c, (Uint8)(p->c.a * t), false);
            break;
        case FX_FLASH:
            draw_disc(rc, p->x, p->y, p->size * (0.4f + 0.6f * t), p->c, (Uint8)(255 * t), true);
            break;
        case FX_EMBER:
            draw_disc(rc, p->x, p->y, p->size * (0.3f + 0.7f * t), p->c, (Uint8)(255 * t), true);
            break;
        case FX_RING:
            draw_ring(rc, p->x, p->y, p->size, p->c, (Uint8)(220 * t));
            break;
        default:
            break;
        }
    }
}

// The strength of shake and full-screen flashes at each RenderLevel.
static const float SHAKE_LEVEL[3] = {1.0f, 0.4f, 0.0f};
static const float FLASH_LEVEL[3] = {1.0f, 0.35f, 0.0f};

void fx_draw_overlay(RenderCtx *rc) {
    Fx *fx = rc->fx;
    if (!fx) return;
    SDL_Rect all = {0, 0, rc->view_w, rc->view_h};
    float k = FLASH_LEVEL[rc->flashing <= RENDER_OFF ? rc->flashing : RENDER_OFF];
    if (fx->hurt_flash * k > 0.02f) {
        SDL_SetRenderDrawBlendMode(rc->r, SDL_BLENDMODE_BLEND);
        SDL_SetRenderDrawColor(rc->r, 220, 20, 30, (Uint8)(110 * fx->hurt_flash * k));
        SDL_RenderFillRect(rc->r, &all);
    }
    if (fx->white_flash * k > 0.02f) {
        SDL_SetRenderDrawBlendMode(rc->r, SDL_BLENDMODE_ADD);
        SDL_SetRenderDrawColor(rc->r, 255, 250, 235, (Uint8)(200 * fx->white_flash * k));
        SDL_RenderFillRect(rc->r, &all);
    }
}

void fx_shake_offset(RenderCtx *rc, double *dx, double *dy) {
    *dx = *dy = 0;
    if (!rc->fx || rc->fx->shake <= 0) return;
    double k = SHAKE_LEVEL[rc->shake <= RENDER_OFF ? rc->shake : RENDER_OFF] * rc->fx->shake;
    // Drawn even at 0 so the visual PRNG advances alike at every level.
    *dx = rng_range(&rc->vis, -1.0, 1.0) * k;
    *dy = rng_range(&rc->vis, -1.0, 1.0) * k;
}
