// art_whale.c -- the whale's and the starfield's sprites: a soft, pale
// whale-shark spot and a four-pointed sparkle for the brightest stars.
// Both are white (tinted at draw time) and drawn by distance, anti-aliased.
#include <math.h>

#include "art.h"

static double clamp01(double x) { return x < 0.0 ? 0.0 : x > 1.0 ? 1.0 : x; }

static void put(SDL_Surface *s, int x, int y, double a) {
    Uint8 *p = (Uint8 *)s->pixels + y * s->pitch + x * 4;
    p[0] = p[1] = p[2] = 255;
    p[3] = (Uint8)lround(clamp01(a) * 255.0);
}

// A round spot with a crisp, anti-aliased rim and a slightly brighter
// core, so spots read as the pale dots of a whale shark at any scale.
static SDL_Surface *spot(int n) {
    SDL_Surface *s = art_surface(n, n);
    if (!s) return NULL;
    double c = n / 2.0, r = n / 2.0 - 1.0;
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            double d = hypot(x + 0.5 - c, y + 0.5 - c);
            double edge = clamp01(r - d + 0.5);             // one-pixel anti-aliasing
            put(s, x, y, edge * (0.82 + 0.18 * clamp01(1.0 - d / r)));
        }
    return s;
}

// A star: a bright core, a soft halo and two thin diffraction spikes.
static SDL_Surface *sparkle(int n) {
    SDL_Surface *s = art_surface(n, n);
    if (!s) return NULL;
    double c = n / 2.0, r = n / 2.0;
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            double dx = fabs(x + 0.5 - c) / r, dy = fabs(y + 0.5 - c) / r;
            double d = sqrt(dx * dx + dy * dy);
            double core = exp(-d * d * 60.0);
            double halo = 0.35 * exp(-d * d * 9.0);
            double spike = exp(-dy * dy * 900.0) * clamp01(1.0 - dx) + exp(-dx * dx * 900.0) * clamp01(1.0 - dy);
            put(s, x, y, core + halo + 0.7 * spike * spike);
        }
    return s;
}

bool art_whale(const char *assets_dir) {
    bool ok = art_save(spot(10), assets_dir, "whale/spot.png");
    ok = art_save(sparkle(33), assets_dir, "whale/sparkle.png") && ok;
    return ok;
}
