// draw/turret.c -- the bench turret: its sprite turned with the volleys
// (a ring of dots without the PNG).
#include <math.h>

#include "render/render_local.h"
#include "sim/world.h"

SDL_Color draw_turret_colour(void) { return (SDL_Color){200, 220, 255, 255}; }

// No bounds (nothing hits a turret): its flash, were there one, would cover the view.
double draw_turret_reach(const Turret *c) {
    (void)c;
    return 0.0;
}

void draw_turret(RenderCtx *rc, const struct World *w, const Turret *c) {
    (void)w;
    SDL_FPoint s = render_to_screen(rc, c->pos);
    if (s.x < -40 || s.y < -40 || s.x > rc->view_w + 40 || s.y > rc->view_h + 40) return;
    SDL_Texture *t = render_tex(rc, "turret/turret.png");
    if (t) {
        SDL_FRect d = {s.x - 20, s.y - 20, 40, 40};
        SDL_RenderCopyExF(rc->r, t, NULL, &d, c->angle_rad * 180.0 / M_PI, NULL, SDL_FLIP_NONE);
    } else {
        render_circle(rc->r, s.x, s.y, 16, draw_turret_colour());
    }
}
