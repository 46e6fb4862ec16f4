// art_tentacle.c -- the tentacle boss's sprites: the skin strip (tail at the
// top, tip at the bottom), the mottled body, and the eye and slit pupil drawn
// apart so the pupil can follow the player. Fixed seeds: reproducible.
#include <math.h>

#include "art.h"

#define SKIN_W 64
#define SKIN_H 512
#define BODY_S 192
#define EYE_S 96
#define PUPIL_S 48


static double vnoise(double x, double y, int seed) {
    int x0 = (int)floor(x), y0 = (int)floor(y);
    double fx = art_smooth(x - x0), fy = art_smooth(y - y0);
    double a = art_hash01(x0, y0, seed), b = art_hash01(x0 + 1, y0, seed);
    double c = art_hash01(x0, y0 + 1, seed), d = art_hash01(x0 + 1, y0 + 1, seed);
    return (a + (b - a) * fx) * (1 - fy) + (c + (d - c) * fx) * fy;
}

static double fbm(double x, double y, int seed) {
    double v = 0, amp = 0.5, f = 1;
    for (int o = 0; o < 4; o++, amp *= 0.5, f *= 2) v += amp * vnoise(x * f, y * f, seed + o * 31);
    return v;
}

static double clamp01(double v) { return v < 0 ? 0 : v > 1 ? 1 : v; }

// Writes one pixel (colour 0..1, alpha 0..1), replacing what was there.
static void set(SDL_Surface *s, int x, int y, double r, double g, double b, double a) {
    Uint32 *px = (Uint32 *)((Uint8 *)s->pixels + y * s->pitch) + x;
    *px = SDL_MapRGBA(s->format, (Uint8)(clamp01(r) * 255 + 0.5), (Uint8)(clamp01(g) * 255 + 0.5),
                      (Uint8)(clamp01(b) * 255 + 0.5), (Uint8)(clamp01(a) * 255 + 0.5));
}

static double mix(double a, double b, double t) { return a + (b - a) * t; }

// The skin: u across (0..1 left to right edge), v along (0 tail .. 1 tip).
// Cylinder shading across, ring creases along, a row of pale suckers on the
// underside that shrink toward the tip, mottled with noise.
static SDL_Surface *make_skin(void) {
    SDL_Surface *s = art_surface(SKIN_W, SKIN_H);
    if (!s) return NULL;
    SDL_LockSurface(s);
    for (int y = 0; y < SKIN_H; y++) {
        double v = (y + 0.5) / SKIN_H;
        // Rings get denser toward the tip (the geometry narrows there too).
        double ring_phase = 34.0 * (1.0 - pow(1.0 - v, 1.6));
        double ring = 0.5 + 0.5 * cos(ring_phase * 2 * M_PI);
        double crease = pow(ring, 10);                       // thin dark lines
        for (int x = 0; x < SKIN_W; x++) {
            double u = (x + 0.5) / SKIN_W;
            double c = 2 * u - 1;                            // -1..1 across
            double nz = sqrt(fmax(0.0, 1 - c * c));          // cylinder normal z
            double light = 0.35 + 0.65 * clamp01(nz * 0.8 + (-c) * 0.35);
            double n = fbm(u * 6, v * 40, 7);
            // Back: deep violet; underside (u > 0.6): warmer pink.
            double under = art_smooth(clamp01((u - 0.55) / 0.3));
            double r = mix(0.40, 0.78, under), g = mix(0.12, 0.34, under), b = mix(0.52, 0.50, under);
            r *= 0.8 + 0.4 * n;
            g *= 0.8 + 0.4 * n;
            b *= 0.85 + 0.3 * n;
            // Dark spots on the back.
            double spot = fbm(u * 9 + 3, v * 70, 19);
            if (spot > 0.62 && u < 0.55) {
                double k = clamp01((spot - 0.62) * 8);
                r = mix(r, 0.16, k);
                g = mix(g, 0.04, k);
                b = mix(b, 0.26, k);
            }
            double shade = light * (1 - 0.35 * crease);
            r *= shade;
            g *= shade;
            b *= shade;
            // Specular streak along the upper side.
            double spec = exp(-pow((u - 0.3) / 0.07, 2)) * (0.25 + 0.15 * ring);
            r += spec;
            g += spec * 0.8;
            b += spec;
            // Edge darkening for a crisp silhouette.
            double edge = art_smooth(clamp01((1 - fabs(c)) / 0.18));
            set(s, x, y, r * (0.45 + 0.55 * edge), g * (0.45 + 0.55 * edge), b * (0.45 + 0.55 * edge), 1);
        }
    }
    // Suckers: discs in texture space along u = 0.78, spacing shrinking with v.
    for (double v = 0.02; v < 0.97;) {
        double rad_v = 0.018 * (1 - 0.75 * v);                // radius in v units
        double rad_px = rad_v * SKIN_H;
        double cy = v * SKIN_H, cx = 0.78 * SKIN_W;
        double rx = 0.13 * SKIN_W * (1 - 0.3 * v), ry = rad_px;
        for (int y = (int)(cy - ry - 1); y <= (int)(cy + ry + 1); y++) {
            if (y < 0 || y >= SKIN_H) continue;
            for (int x = (int)(cx - rx - 1); x <= (int)(cx + rx + 1); x++) {
                if (x < 0 || x >= SKIN_W) continue;
                double dx = (x + 0.5 - cx) / rx, dy = (y + 0.5 - cy) / ry;
                double d = sqrt(dx * dx + dy * dy);
                if (d > 1) continue;
                double rim = art_smooth(clamp01((1 - d) / 0.25));
                double hole = d < 0.45 ? 1 - art_smooth(clamp01((d - 0.3) / 0.15)) : 0;
                double lit = 0.75 + 0.25 * (-dy);
                double r = mix(0.95, 0.45, hole) * lit, g = mix(0.70, 0.18, hole) * lit, b = mix(0.80, 0.35, hole) * lit;
                Uint32 *px = (Uint32 *)((Uint8 *)s->pixels + y * s->pitch) + x;
                Uint8 pr, pg, pb, pa;
                SDL_GetRGBA(*px, s->format, &pr, &pg, &pb, &pa);
                set(s, x, y, mix(pr / 255.0, r, rim), mix(pg / 255.0, g, rim), mix(pb / 255.0, b, rim), 1);
            }
        }
        v += rad_v * 2.6;
    }
    SDL_UnlockSurface(s);
    return s;
}

// The body: a bulbous mantle, lit from the top left, mottled, with a darker
// lower rim where the tentacles grow out.
static SDL_Surface *make_body(void) {
    SDL_Surface *s = art_surface(BODY_S, BODY_S);
    if (!s) return NULL;
    SDL_LockSurface(s);
    double c0 = BODY_S / 2.0, rad = BODY_S * 0.46;
    for (int y = 0; y < BODY_S; y++) {
        for (int x = 0; x < BODY_S; x++) {
            double dx = (x + 0.5 - c0) / rad, dy = (y + 0.5 - c0) / rad;
            // Slightly taller than wide, wobbling outline.
            double ang = atan2(dy, dx);
            double wob = 1 + 0.035 * sin(ang * 7) + 0.02 * sin(ang * 11 + 1);
            double ey = dy > 0 ? dy * 1.08 : dy * 0.95;
            double d = sqrt(dx * dx + ey * ey) / wob;
            if (d > 1) continue;
            double nz = sqrt(fmax(0.0, 1 - d * d));
            double light = clamp01(0.25 + 0.75 * (nz * 0.7 - dx * 0.25 - dy * 0.35));
            double n = fbm(dx * 3 + 5, dy * 3 + 5, 41);
            double r = 0.42, g = 0.12, b = 0.55;
            double blot = fbm(dx * 5, dy * 5, 77);
            if (blot > 0.58) {
                double k = clamp01((blot - 0.58) * 7);
                r = mix(r, 0.18, k);
                g = mix(g, 0.05, k);
                b = mix(b, 0.30, k);
            }
            double belly = art_smooth(clamp01((dy - 0.2) / 0.8));
            r = mix(r, 0.70, belly * 0.6);
            g = mix(g, 0.28, belly * 0.6);
            double shade = light * (0.8 + 0.4 * n);
            r *= shade;
            g *= shade;
            b *= shade;
            double spec = exp(-((dx + 0.35) * (dx + 0.35) + (dy + 0.45) * (dy + 0.45)) / 0.02) * 0.5;
            double edge = art_smooth(clamp01((1 - d) / 0.06));
            double rimlight = pow(d, 6) * 0.35 * clamp01(dx + 0.3);
            r = (r + spec + rimlight * 0.6) * (0.35 + 0.65 * edge);
            g = (g + spec + rimlight * 0.2) * (0.35 + 0.65 * edge);
            b = (b + spec + rimlight) * (0.35 + 0.65 * edge);
            set(s, x, y, r, g, b, clamp01((1 - d) * 40));
        }
    }
    SDL_UnlockSurface(s);
    return s;
}

// The eye: a wet yellow-green sclera with veins and a dark rim socket.
static SDL_Surface *make_eye(void) {
    SDL_Surface *s = art_surface(EYE_S, EYE_S);
    if (!s) return NULL;
    SDL_LockSurface(s);
    double c0 = EYE_S / 2.0, rad = EYE_S * 0.47;
    for (int y = 0; y < EYE_S; y++) {
        for (int x = 0; x < EYE_S; x++) {
            double dx = (x + 0.5 - c0) / rad, dy = (y + 0.5 - c0) / rad;
            double d = sqrt(dx * dx + dy * dy);
            if (d > 1) continue;
            double r, g, b;
            if (d > 0.86) {                                   // socket rim
                double k = (d - 0.86) / 0.14;
                r = mix(0.25, 0.10, k), g = mix(0.05, 0.02, k), b = mix(0.30, 0.12, k);
            } else {
                double nz = sqrt(fmax(0.0, 1 - d * d));
                double vein = fbm(atan2(dy, dx) * 3 + 10, d * 4, 5);
                double veins = d > 0.45 && fabs(vein - 0.5) < 0.025 ? 1 : 0;
                r = 0.95 * (0.6 + 0.4 * nz), g = 0.92 * (0.6 + 0.4 * nz), b = 0.70 * (0.6 + 0.4 * nz);
                r = mix(r, 0.85, veins), g = mix(g, 0.15, veins), b = mix(b, 0.15, veins);
                double shadow = clamp01((dy + 0.2) * 0.5) * 0.25;      // lid shadow at the top
                if (dy < -0.4) shadow += (-0.4 - dy) * 0.8;
                r *= 1 - shadow, g *= 1 - shadow, b *= 1 - shadow;
            }
            set(s, x, y, r, g, b, clamp01((1 - d) * 30));
        }
    }
    SDL_UnlockSurface(s);
    return s;
}

// The iris and vertical slit pupil, with a glint.
static SDL_Surface *make_pupil(void) {
    SDL_Surface *s = art_surface(PUPIL_S, PUPIL_S);
    if (!s) return NULL;
    SDL_LockSurface(s);
    double c0 = PUPIL_S / 2.0, rad = PUPIL_S * 0.48;
    for (int y = 0; y < PUPIL_S; y++) {
        for (int x = 0; x < PUPIL_S; x++) {
            double dx = (x + 0.5 - c0) / rad, dy = (y + 0.5 - c0) / rad;
            double d = sqrt(dx * dx + dy * dy);
            if (d > 1) continue;
            double streak = 0.8 + 0.2 * sin(atan2(dy, dx) * 18);
            double r = mix(1.0, 0.85, d) * streak, g = mix(0.55, 0.20, d) * streak, b = 0.05;
            if (d > 0.88) r *= 0.4, g *= 0.4;
            double slit = fabs(dx) / (0.22 * sqrt(fmax(0.0, 1 - dy * dy * 0.9)) + 1e-6);
            if (slit < 1) r = g = b = 0.03;
            double glint = exp(-((dx + 0.35) * (dx + 0.35) + (dy + 0.4) * (dy + 0.4)) / 0.01);
            r += glint, g += glint, b += glint;
            set(s, x, y, r, g, b, clamp01((1 - d) * 25));
        }
    }
    SDL_UnlockSurface(s);
    return s;
}

bool art_tentacle(const char *assets_dir) {
    bool ok = art_save(make_skin(), assets_dir, "tentacle/skin.png");
    ok = art_save(make_body(), assets_dir, "tentacle/body.png") && ok;
    ok = art_save(make_eye(), assets_dir, "tentacle/eye.png") && ok;
    ok = art_save(make_pupil(), assets_dir, "tentacle/pupil.png") && ok;
    return ok;
}
