// draw/lob.c -- the lob a boss answers a parked player with (sim
// creatures/lob.h), drawn the same for every boss in its own colours:
// while it winds up, a pod swells where it will leave and a sight closes
// in on the marked spot; in flight the pod tumbles along its arc with a
// short trail, the sight still on the spot.
#include <math.h>

#include "render/render_local.h"
#include "sim/world.h"

static void draw_sight(RenderCtx *rc, const struct World *w, const Lob *l, double f, SDL_Color light) {
    SDL_FPoint m = render_to_screen(rc, l->mark);
    float r = (float)(22.0 + 40.0 * (1.0 - f));
    Uint8 a = (Uint8)lround(150.0 + 105.0 * f);
    bool blink = (w->tick / 4) % 2 == 0 || f < 0.7;
    SDL_Color c = {light.r, light.g, light.b, blink ? a : (Uint8)(a / 3)};
    render_glow_at(rc, m, r * 1.2f, (SDL_Color){light.r, light.g, light.b, (Uint8)lround(40.0 + 60.0 * f)});
    for (float k = 0.0f; k < 3.0f; k += 1.0f) render_circle(rc->r, m.x, m.y, r + k, c);
    SDL_SetRenderDrawBlendMode(rc->r, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(rc->r, c.r, c.g, c.b, c.a);
    for (int k = 0; k < 4; k++) {      // four ticks pointing in
        float dx = (float)((k == 0) - (k == 1)), dy = (float)((k == 2) - (k == 3));
        for (float o = -1.0f; o <= 1.0f; o += 1.0f)
            SDL_RenderDrawLineF(rc->r, m.x + dx * (r + 12.0f) + dy * o, m.y + dy * (r + 12.0f) + dx * o,
                                m.x + dx * (r - 6.0f) + dy * o, m.y + dy * (r - 6.0f) + dx * o);
    }
}

void draw_lob(RenderCtx *rc, const struct World *w, const Lob *l, const DrawLobLook *look) {
    SDL_Color light = look->light, dark = look->dark;
    if (l->windup > 0) {
        double f = 1.0 - (double)l->windup / look->windup_ticks;
        SDL_FPoint s = render_to_screen(rc, look->from);
        float pulse = 1.0f + 0.15f * sinf((float)w->tick * (0.3f + 0.5f * (float)f));
        float r = (float)(look->radius_px * (0.4 + 0.8 * f)) * pulse;
        render_glow_at(rc, s, (float)(look->swell_px * (1.4 + 1.6 * f)) * pulse,
             (SDL_Color){light.r, light.g, light.b, (Uint8)lround(60.0 + 150.0 * f)});
        render_fill_circle(rc->r, s.x, s.y, r + 2.0f, dark);
        render_fill_circle(rc->r, s.x, s.y, r, light);
        draw_sight(rc, w, l, f, light);
    } else if (l->flight > 0) {
        for (int k = 4; k >= 1; k--) {     // the trail: where it was a few ticks ago
            Vec2 p = v2_sub(l->pos, v2_scale(l->vel, 2.5 * k));
            SDL_FPoint s = render_to_screen(rc, p);
            render_fill_circle(rc->r, s.x, s.y, (float)(look->radius_px * (1.0 - 0.18 * k)),
                               (SDL_Color){light.r, light.g, light.b, (Uint8)(150 - 30 * k)});
        }
        SDL_FPoint s = render_to_screen(rc, l->pos);
        float r = (float)look->radius_px;
        render_glow_at(rc, s, r * 4.0f, (SDL_Color){light.r, light.g, light.b, 170});
        render_fill_circle(rc->r, s.x, s.y, r + 2.0f, dark);
        render_fill_circle(rc->r, s.x, s.y, r, light);
        // A seam that tumbles as it flies.
        float ang = (float)w->tick * 0.35f;
        SDL_SetRenderDrawColor(rc->r, dark.r, dark.g, dark.b, 255);
        SDL_RenderDrawLineF(rc->r, s.x - cosf(ang) * r, s.y - sinf(ang) * r, s.x + cosf(ang) * r, s.y + sinf(ang) * r);
        draw_sight(rc, w, l, 1.0, light);
    }
}
