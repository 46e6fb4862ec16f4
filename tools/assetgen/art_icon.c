// art_icon.c -- the desktop icon in the hicolor sizes (icons/NxN/bossrush.png,
// installed as share/icons/hicolor/NxN/apps/bossrush.png): Tetran's red core
// with six bronze arms curling in wiggle mode, on a night-blue rounded
// square. Drawn by distance in unit coordinates at every size (4 x 4
// samples a pixel), so each size is sharp, not a scaled copy.
#include <math.h>
#include <stdio.h>

#include "art.h"

#define ICON_ARMS 6
#define ICON_ARM_POINTS 24

typedef struct Rgb {
    double r, g, b;
} Rgb;

static double clamp01(double x) { return x < 0.0 ? 0.0 : x > 1.0 ? 1.0 : x; }

// Distance from (x, y) to the segment a-b.
static double seg_dist(double x, double y, double ax, double ay, double bx, double by, double *t) {
    double dx = bx - ax, dy = by - ay, l2 = dx * dx + dy * dy;
    double k = l2 > 0 ? clamp01(((x - ax) * dx + (y - ay) * dy) / l2) : 0;
    *t = k;
    double px = ax + dx * k - x, py = ay + dy * k - y;
    return sqrt(px * px + py * py);
}

// The colour and coverage of the icon at (u, v), each -1..1.
static double sample(double u, double v, Rgb *out) {
    // Rounded square (corner radius 0.32).
    double qx = fabs(u) - 0.62, qy = fabs(v) - 0.62;
    double ox = qx > 0 ? qx : 0, oy = qy > 0 ? qy : 0;
    double box = sqrt(ox * ox + oy * oy) + fmin(fmax(qx, qy), 0.0) - 0.32;
    if (box > 0) return 0;
    double shade = clamp01((v + 1) / 2);
    Rgb c = {34 - 22 * shade, 24 - 14 * shade, 72 - 40 * shade};
    if (box > -0.05) c = (Rgb){90, 70, 150}; // rim
    // Arms: spirals from the core, thinning and curling outward.
    for (int a = 0; a < ICON_ARMS; a++) {
        double base = a * 2 * M_PI / ICON_ARMS;
        double px = 0, py = 0;
        for (int i = 0; i <= ICON_ARM_POINTS; i++) {
            double t = (double)i / ICON_ARM_POINTS;
            double ang = base + 1.1 * t * t, r = 0.16 + 0.66 * t;
            double x = r * cos(ang), y = r * sin(ang), k;
            if (i > 0) {
                double d = seg_dist(u, v, px, py, x, y, &k);
                double tt = (i - 1 + k) / ICON_ARM_POINTS, half = 0.105 - 0.06 * tt;
                if (d < half + 0.03) c = (Rgb){50, 22, 14}; // outline
                if (d < half) {
                    double light = clamp01(0.75 - d / half * 0.6);
                    c = (Rgb){140 + 110 * light, 60 + 90 * light, 24 + 60 * light};
                }
            }
            px = x, py = y;
        }
    }
    // The core: a red eye with a highlight.
    double rc = sqrt(u * u + v * v);
    if (rc < 0.3) c = (Rgb){60, 10, 20};
    if (rc < 0.26) {
        double hx = u + 0.08, hy = v + 0.08, hl = clamp01(1 - sqrt(hx * hx + hy * hy) / 0.26);
        c = (Rgb){170 + 85 * hl, 30 + 70 * hl, 40 + 50 * hl};
    }
    if (rc < 0.09) c = (Rgb){40, 6, 12};
    *out = c;
    return 1;
}

static SDL_Surface *icon(int n) {
    SDL_Surface *s = art_surface(n, n);
    if (!s) return NULL;
    SDL_LockSurface(s);
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            double r = 0, g = 0, b = 0, cover = 0;
            for (int sy = 0; sy < 4; sy++)
                for (int sx = 0; sx < 4; sx++) {
                    Rgb c = {0, 0, 0};
                    double u = ((x + (sx + 0.5) / 4.0) / n) * 2 - 1, v = ((y + (sy + 0.5) / 4.0) / n) * 2 - 1;
                    double a = sample(u, v, &c);
                    r += c.r * a, g += c.g * a, b += c.b * a, cover += a;
                }
            if (cover <= 0) continue;
            Uint8 *p = (Uint8 *)s->pixels + y * s->pitch + x * 4;
            p[0] = (Uint8)lround(r / cover);
            p[1] = (Uint8)lround(g / cover);
            p[2] = (Uint8)lround(b / cover);
            p[3] = (Uint8)lround(cover / 16 * 255);
        }
    SDL_UnlockSurface(s);
    return s;
}

bool art_icons(const char *dir) {
    static const int sizes[] = {16, 24, 32, 48, 64, 128, 256};
    bool ok = true;
    for (int i = 0; i < (int)(sizeof sizes / sizeof sizes[0]); i++) {
        char name[64];
        snprintf(name, sizeof name, "icons/%dx%d/bossrush.png", sizes[i], sizes[i]);
        ok = art_save(icon(sizes[i]), dir, name) && ok;
    }
    return ok;
}
