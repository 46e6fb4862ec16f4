// art_tetran.c -- the Tetran's sprites: an armoured arm segment, a clawed
// tip and the core's eye. Segments run outward from their pivot at the left
// edge's middle, so rotated copies chain into an arm without gaps.
#include <math.h>

#include "art.h"

// The sprites are drawn by signed distance: a pixel's colour is a function
// of where it lies, anti-aliased over one pixel at the shape's edge.
typedef struct Rgba {
    double r, g, b, a;                      // 0..255
} Rgba;

static double clamp01(double x) { return x < 0.0 ? 0.0 : x > 1.0 ? 1.0 : x; }
static double mixd(double a, double b, double t) { return a + (b - a) * t; }
static Rgba mix(Rgba a, Rgba b, double t) {
    return (Rgba){mixd(a.r, b.r, t), mixd(a.g, b.g, t), mixd(a.b, b.b, t), mixd(a.a, b.a, t)};
}

// Blends c (with coverage cov 0..1) over the pixel at (x, y).
static void blend(SDL_Surface *s, int x, int y, Rgba c, double cov) {
    if (x < 0 || y < 0 || x >= s->w || y >= s->h || cov <= 0.0) return;
    Uint8 *p = (Uint8 *)s->pixels + y * s->pitch + x * 4;
    double sa = clamp01(c.a / 255.0 * cov), da = p[3] / 255.0;
    double oa = sa + da * (1.0 - sa);
    if (oa <= 0.0) return;
    double src[3] = {c.r, c.g, c.b};
    for (int k = 0; k < 3; k++) p[k] = (Uint8)lround((src[k] * sa + p[k] * da * (1.0 - sa)) / oa);
    p[3] = (Uint8)lround(oa * 255.0);
}

static const Rgba OUTLINE = {38, 18, 12, 255};
static const Rgba BRONZE_DARK = {120, 52, 22, 255};
static const Rgba BRONZE = {212, 116, 44, 255};
static const Rgba BRONZE_LIGHT = {255, 214, 140, 255};

// Half height of the segment body at x (px), tapering to the right.
static double seg_half(double x, double w, double h0, double h1) { return mixd(h0, h1, clamp01(x / w)); }

// An armoured arm segment: a tapered capsule, a darker joint collar at the
// pivot end, a ridge highlight and a rivet.
static SDL_Surface *draw_segment(int w, int h) {
    SDL_Surface *s = art_surface(w, h);
    if (!s) return NULL;
    SDL_LockSurface(s);
    double cy = h * 0.5, x0 = h * 0.34, x1 = w - h * 0.22;
    for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++) {
            double px = x + 0.5, py = y + 0.5;
            double half = seg_half(px, w, h * 0.46, h * 0.36);
            // Distance to a capsule with rounded ends at x0 and x1.
            double qx = px < x0 ? px - x0 : px > x1 ? px - x1 : 0.0;
            double dy = py - cy;
            double d = sqrt(qx * qx + dy * dy) - half;
            if (d > 1.0) continue;
            double cov = clamp01(0.5 - d);
            double v = dy / half;                       // -1 top .. 1 bottom
            double light = clamp01(0.62 - 0.55 * v - 0.25 * v * v);
            Rgba c = light < 0.5 ? mix(BRONZE_DARK, BRONZE, light * 2.0) : mix(BRONZE, BRONZE_LIGHT, (light - 0.5) * 1.6);
            // Plate seams across the segment.
            double seam = fabs(fmod(px - x0 + w * 0.5, w * 0.33) - w * 0.165);
            if (px > x0 + 2 && seam < 1.2) c = mix(c, BRONZE_DARK, 0.6);
            // Joint collar at the pivot end (under the previous segment's tail).
            if (px < x0 + h * 0.22) c = mix(c, (Rgba){90, 70, 80, 255}, 0.55);
            // Rivet.
            double rx = px - w * 0.55, ry = py - cy + half * 0.25;
            if (rx * rx + ry * ry < (h * 0.08) * (h * 0.08)) c = mix(BRONZE_LIGHT, (Rgba){255, 250, 220, 255}, 0.5);
            // Dark outline ring.
            if (d > -1.6) c = mix(c, OUTLINE, clamp01((d + 1.6) / 1.2));
            blend(s, x, y, c, cov);
        }
    }
    SDL_UnlockSurface(s);
    return s;
}

// The arm's last segment: a claw tapering to a point with a glowing muzzle.
static SDL_Surface *draw_tip(int w, int h) {
    SDL_Surface *s = art_surface(w, h);
    if (!s) return NULL;
    SDL_LockSurface(s);
    double cy = h * 0.5, x0 = h * 0.34;
    for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++) {
            double px = x + 0.5, py = y + 0.5;
            double t = clamp01((px - x0) / (w - 1.0 - x0));
            double half = px < x0 ? h * 0.42 : h * 0.42 * (1.0 - t * t) + 0.5 * (1.0 - t);
            double qx = px < x0 ? px - x0 : 0.0;
            double dy = py - cy;
            double d = (px < x0 ? sqrt(qx * qx + dy * dy) : fabs(dy)) - half;
            if (px > w - 1.0) d = 2.0;
            if (d > 1.0) continue;
            double cov = clamp01(0.5 - d);
            double v = half > 0.0 ? dy / half : 0.0;
            double light = clamp01(0.62 - 0.55 * v - 0.25 * v * v);
            Rgba c = light < 0.5 ? mix(BRONZE_DARK, BRONZE, light * 2.0) : mix(BRONZE, BRONZE_LIGHT, (light - 0.5) * 1.6);
            if (px < x0 + h * 0.22) c = mix(c, (Rgba){90, 70, 80, 255}, 0.55);
            // Muzzle: a glowing red bead.
            double mx = px - w * 0.45, my = py - cy;
            double md = sqrt(mx * mx + my * my) / (h * 0.2);
            if (md < 1.0) c = mix((Rgba){255, 240, 200, 255}, (Rgba){230, 30, 20, 255}, md * md);
            if (d > -1.6) c = mix(c, OUTLINE, clamp01((d + 1.6) / 1.2));
            blend(s, x, y, c, cov);
        }
    }
    SDL_UnlockSurface(s);
    return s;
}

// The core: a steel shell with vents around a red eye (the weak spot).
static SDL_Surface *draw_core(int n) {
    SDL_Surface *s = art_surface(n, n);
    if (!s) return NULL;
    SDL_LockSurface(s);
    double c0 = n * 0.5, R = n * 0.5 - 1.5, eye = n * 0.24;
    const Rgba steel_dark = {40, 52, 78, 255}, steel = {112, 132, 170, 255}, steel_light = {220, 232, 250, 255};
    for (int y = 0; y < n; y++) {
        for (int x = 0; x < n; x++) {
            double dx = x + 0.5 - c0, dy = y + 0.5 - c0;
            double r = sqrt(dx * dx + dy * dy), d = r - R;
            if (d > 1.0) continue;
            double cov = clamp01(0.5 - d);
            Rgba c;
            if (r < eye) {
                // The eye: hot centre, red rim, a small highlight up-left.
                double t = r / eye;
                c = mix((Rgba){255, 236, 150, 255}, (Rgba){200, 20, 24, 255}, clamp01(t * 1.25));
                double hx = dx + eye * 0.35, hy = dy + eye * 0.35;
                if (hx * hx + hy * hy < eye * eye * 0.06) c = mix(c, (Rgba){255, 255, 255, 255}, 0.8);
                if (t > 0.86) c = mix(c, OUTLINE, (t - 0.86) / 0.14);
            } else {
                // Shell lit from the upper left, with a bevel ring and vents.
                double lx = -dx / r, ly = -dy / r;
                double rim = (r - eye) / (R - eye);            // 0 inner .. 1 outer
                double bevel = rim < 0.2 ? 0.7 - rim : 0.45 + 0.35 * (lx * 0.7 + ly * 0.7) * rim;
                c = bevel < 0.5 ? mix(steel_dark, steel, bevel * 2.0) : mix(steel, steel_light, (bevel - 0.5) * 2.0);
                double ang = atan2(dy, dx);
                double vent = fabs(fmod(ang + 4.0 * M_PI + M_PI / 8.0, M_PI / 4.0) - M_PI / 8.0);
                if (rim > 0.35 && rim < 0.8 && vent * r < 2.4) c = mix(c, (Rgba){20, 22, 36, 255}, 0.8);
                if (rim > 0.55 && rim < 0.62) c = mix(c, steel_dark, 0.5);
                if (d > -2.0) c = mix(c, OUTLINE, clamp01((d + 2.0) / 1.5));
            }
            blend(s, x, y, c, cov);
        }
    }
    SDL_UnlockSurface(s);
    return s;
}

bool art_tetran(const char *assets_dir) {
    bool ok = true;
    ok = art_save(draw_segment(64, 32), assets_dir, "tetran/segment.png") && ok;
    ok = art_save(draw_tip(64, 32), assets_dir, "tetran/tip.png") && ok;
    ok = art_save(draw_core(96), assets_dir, "tetran/core.png") && ok;
    return ok;
}
