// art_turret.c -- the bench turret's sprite: a dark steel ring with six
// muzzles round a pale core, white-rimmed so it reads on any background.
#include <math.h>

#include "art.h"

static double clamp01(double x) { return x < 0.0 ? 0.0 : x > 1.0 ? 1.0 : x; }

static SDL_Surface *turret(int n) {
    SDL_Surface *s = art_surface(n, n);
    if (!s) return NULL;
    double c = n / 2.0;
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            double dx = x + 0.5 - c, dy = y + 0.5 - c, d = hypot(dx, dy) / c;
            double ang = atan2(dy, dx);
            // Six muzzles stick out of the ring; the core glows.
            double muzzle = clamp01((cos(6.0 * ang) - 0.82) * 12.0) * (d < 0.98);
            double ring = clamp01((0.78 - d) * c) * clamp01((d - 0.34) * c);
            double core = clamp01((0.36 - d) * c);
            double a = fmax(fmax(ring, muzzle), core);
            double shade = core > 0.5 ? 0.9 - 0.4 * d : 0.35 + 0.25 * clamp01(1.0 - fabs(d - 0.6) * 4.0);
            double rim = clamp01(1.0 - fabs(d - 0.78) * c * 0.7);
            double v = fmin(1.0, shade + 0.5 * rim);
            Uint8 *p = (Uint8 *)s->pixels + y * s->pitch + x * 4;
            p[0] = (Uint8)lround(v * 210.0);
            p[1] = (Uint8)lround(v * 225.0);
            p[2] = (Uint8)lround(v * 255.0);
            p[3] = (Uint8)lround(clamp01(a) * 255.0);
        }
    return s;
}

bool art_turret(const char *assets_dir) { return art_save(turret(40), assets_dir, "turret/turret.png"); }
