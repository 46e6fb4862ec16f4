// gauge.c -- the wiggle gauge drawn at the player (where the eye already
// is), in the world view so --shot frames and the viewer show it: a short
// bar above the body whose look says its state at a glance (docs/feedback.md,
// "The wiggle gauge"). Reads the player, never writes him.
#include <math.h>

#include "render/render_local.h"
#include "sim/world.h"

// Bar size at the reference tile (scaled with the tile like the player),
// and how far above the body's centre its middle sits, in body radii.
#define GAUGE_W_PX 40.0
#define GAUGE_H_PX 6.0
#define GAUGE_ABOVE_RADII 2.5

static void rect(SDL_Renderer *r, float x, float y, float w, float h, SDL_Color c) {
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a);
    SDL_FRect q = {x, y, w, h};
    SDL_RenderFillRectF(r, &q);
}

static void frame(SDL_Renderer *r, float x, float y, float w, float h, float t, SDL_Color c) {
    rect(r, x - t, y - t, w + 2 * t, t, c);
    rect(r, x - t, y + h, w + 2 * t, t, c);
    rect(r, x - t, y, t, h, c);
    rect(r, x + w, y, t, h, c);
}

GaugeLook draw_gauge_look(const struct World *w) {
    const Player *p = &w->player;
    if (w->assist_wiggle || p->hp <= 0) return GAUGE_HIDDEN;
    if (p->wiggle_locked) return GAUGE_LOCKED;
    if (p->wiggle) return GAUGE_DRAINING;
    return p->wiggle_gauge >= PLAYER_WIGGLE_FULL ? GAUGE_FULL : GAUGE_REFILLING;
}

// Full: a calm, dim mint bar. Draining (wiggle held): bright amber, the
// bar shrinking, its frame lit. Locked out (ran empty): red, the frame
// blinking, a notch where it unlocks, the fill rising dark red behind it.
// Refilling: pale blue rising, a light running along it toward the end.
void draw_gauge(RenderCtx *rc, const struct World *w) {
    GaugeLook look = draw_gauge_look(w);
    if (look == GAUGE_HIDDEN) return;
    const Player *p = &w->player;
    double ts = w->map.tile > 0 ? w->map.tile / PLAYER_REF_TILE_PX : 1.0;
    float bw = (float)(GAUGE_W_PX * ts), bh = (float)(GAUGE_H_PX * ts), t = (float)fmax(1.0, 1.5 * ts);
    SDL_FPoint c = render_to_screen(rc, v2(p->pos.x, p->pos.y - p->radius * GAUGE_ABOVE_RADII));
    float x = c.x - bw / 2, y = c.y - bh / 2;
    if (x + bw < 0 || y + bh < 0 || x > rc->view_w || y > rc->view_h) return;
    float k = (float)p->wiggle_gauge / PLAYER_WIGGLE_FULL;
    k = k < 0 ? 0 : (k > 1 ? 1 : k);
    long tick = (long)w->tick;
    SDL_Renderer *r = rc->r;
    rect(r, x, y, bw, bh, (SDL_Color){10, 12, 24, 170});
    switch (look) {
    case GAUGE_FULL:
        rect(r, x, y, bw, bh, (SDL_Color){70, 215, 140, 150});
        frame(r, x, y, bw, bh, t, (SDL_Color){150, 240, 190, 110});
        break;
    case GAUGE_DRAINING: {
        float glow = 0.75f + 0.25f * sinf((float)tick * 0.6f);
        rect(r, x, y, bw * k, bh, (SDL_Color){255, (Uint8)(170 + 60 * glow), 60, 255});
        rect(r, x, y, bw * k, bh * 0.35f, (SDL_Color){255, 250, 210, 200});
        frame(r, x, y, bw, bh, t, (SDL_Color){255, 220, 120, (Uint8)(200 * glow)});
        render_glow(rc, x + bw * k, c.y, bh * 1.6f, (SDL_Color){255, 200, 90, 255}, 150);
        break;
    }
    case GAUGE_LOCKED: {
        bool on = (tick / 6) % 2 == 0;
        rect(r, x, y, bw * k, bh, (SDL_Color){150, 30, 40, 230});
        frame(r, x, y, bw, bh, t * 1.3f, on ? (SDL_Color){255, 60, 60, 255} : (SDL_Color){120, 30, 30, 200});
        float notch = x + bw * (float)PLAYER_WIGGLE_RESUME / PLAYER_WIGGLE_FULL;
        rect(r, notch - t / 2, y - bh * 0.5f, t, bh * 2.0f, (SDL_Color){255, 230, 230, 230});
        // A cross over the bar's left end: no wiggle now.
        float s = bh * 0.9f, cx = x - s - t * 2, cy = c.y;
        for (int i = -2; i <= 2; i++) {
            float o = (float)i * s / 5.0f;
            rect(r, cx + o - t / 2, cy + o - t / 2, t, t, (SDL_Color){255, 70, 70, 255});
            rect(r, cx + o - t / 2, cy - o - t / 2, t, t, (SDL_Color){255, 70, 70, 255});
        }
        break;
    }
    case GAUGE_REFILLING: {
        rect(r, x, y, bw * k, bh, (SDL_Color){120, 170, 255, 220});
        float run = (float)((tick * 2) % 40) / 40.0f;
        rect(r, x + bw * k * run, y, (float)fmax(2.0, bw * 0.08), bh, (SDL_Color){230, 245, 255, 200});
        frame(r, x, y, bw, bh, t, (SDL_Color){150, 190, 255, 160});
        break;
    }
    default: break;
    }
}
