// art_player.c -- the player's sprites: an armoured round climber (amber
// carapace in plates, dark belly, cyan visor, stubby feet), facing right, plus the leg joint knob. 4x4 supersampled.
#include <math.h>

#include "art.h"

#define BODY_SIZE 64           // sprite px; the body disc has radius BODY_R
#define BODY_R 22.0
#define SS 4                   // supersamples per axis

typedef struct Rgba {
    double r, g, b, a;
} Rgba;

static double clamp01(double v) { return v < 0 ? 0 : (v > 1 ? 1 : v); }

// "src over dst" in straight alpha.
static Rgba over(Rgba dst, Rgba src) {
    double oa = src.a + dst.a * (1 - src.a);
    if (oa <= 0) return (Rgba){0, 0, 0, 0};
    double k = src.a / oa;
    return (Rgba){dst.r + (src.r - dst.r) * k, dst.g + (src.g - dst.g) * k, dst.b + (src.b - dst.b) * k, oa};
}

static double lambert(double nx, double ny) {
    double nz2 = 1 - nx * nx - ny * ny;
    double nz = nz2 > 0 ? sqrt(nz2) : 0;
    // Light from the upper left, toward the viewer.
    double l = -0.45 * nx - 0.6 * ny + 0.66 * nz;
    return clamp01(l);
}

// One sample of the body sprite (x, y in sprite px, centre at 32, 32).
static Rgba body_sample(double x, double y) {
    const double cx = BODY_SIZE / 2.0, cy = BODY_SIZE / 2.0;
    Rgba c = {0, 0, 0, 0};
    // Stubby feet under the body (drawn first, the body covers their tops).
    for (int f = -1; f <= 1; f += 2) {
        double fx = (x - (cx + f * 8.5)) / 6.0, fy = (y - (cy + BODY_R - 1.0)) / 4.0;
        if (fx * fx + fy * fy <= 1.0) {
            double sh = 0.55 + 0.45 * clamp01(-fy);
            c = over(c, (Rgba){70 * sh, 52 * sh, 44 * sh, 1});
        }
    }
    double dx = x - cx, dy = y - cy;
    double d = sqrt(dx * dx + dy * dy);
    if (d > BODY_R + 1.5) return c;
    if (d > BODY_R) return over(c, (Rgba){24, 16, 18, 1});   // outline
    double nx = dx / BODY_R, ny = dy / BODY_R;
    double lit = lambert(nx, ny);
    Rgba b;
    // Carapace plates: seams bowed like bands around a ball.
    double band = ny + 0.22 * nx * nx;
    if (band > 0.5) {
        // Belly: dark leathery underside with a faint grain.
        double g = 0.9 + 0.1 * sin(x * 1.7) * sin(y * 1.3);
        b = (Rgba){(58 + 60 * lit) * g, (46 + 40 * lit) * g, (44 + 32 * lit) * g, 1};
    } else {
        double sh = 0.35 + 0.75 * lit;
        b = (Rgba){232 * sh, 148 * sh, 54 * sh, 1};
        // Specular glint on the top-left of each plate.
        double spec = pow(clamp01(-0.5 * nx - 0.7 * ny + 0.5 * sqrt(fmax(0, 1 - nx * nx - ny * ny))), 18);
        b.r += 120 * spec;
        b.g += 110 * spec;
        b.b += 90 * spec;
    }
    const double seams[3] = {-0.46, -0.02, 0.5};
    for (int k = 0; k < 3; k++) {
        double s = fabs(band - seams[k]);
        if (s < 0.045) b = (Rgba){b.r * 0.35, b.g * 0.3, b.b * 0.3, 1};
        else if (s < 0.09 && band > seams[k]) b = (Rgba){b.r * 1.12, b.g * 1.1, b.b * 1.05, 1};
    }
    // The visor on the facing side: a cyan slit with a glint.
    double ex = (x - (cx + 12.0)) / 7.0, ey = (y - (cy - 3.0)) / 4.2;
    double e = ex * ex + ey * ey;
    if (e <= 1.0) {
        double glow = 1.0 - 0.55 * e;
        b = (Rgba){40 * glow, 210 * glow, 235 * glow, 1};
        double gx = (x - (cx + 14.0)) / 2.0, gy = (y - (cy - 5.0)) / 1.5;
        if (gx * gx + gy * gy <= 1.0) b = (Rgba){235, 255, 255, 1};
    } else if (e <= 1.45) {
        b = (Rgba){30, 22, 24, 1};
    }
    b.r = fmin(255, b.r);
    b.g = fmin(255, b.g);
    b.b = fmin(255, b.b);
    return over(c, b);
}

// The knob drawn at the leg's root and knee: a chitin ball with a rim.
static Rgba joint_sample(double x, double y) {
    double dx = x - 8.0, dy = y - 8.0, d = sqrt(dx * dx + dy * dy);
    if (d > 7.0) return (Rgba){0, 0, 0, 0};
    if (d > 6.0) return (Rgba){22, 16, 18, 1};
    double lit = lambert(dx / 6.0, dy / 6.0);
    return (Rgba){70 + 150 * lit, 50 + 95 * lit, 40 + 40 * lit, 1};
}

static SDL_Surface *render_sprite(int w, int h, Rgba (*sample)(double, double)) {
    SDL_Surface *s = art_surface(w, h);
    if (!s) return NULL;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            double r = 0, g = 0, b = 0, a = 0;
            for (int sy = 0; sy < SS; sy++)
                for (int sx = 0; sx < SS; sx++) {
                    Rgba c = sample(x + (sx + 0.5) / SS, y + (sy + 0.5) / SS);
                    // Premultiplied accumulation, so edges blend right.
                    r += c.r * c.a;
                    g += c.g * c.a;
                    b += c.b * c.a;
                    a += c.a;
                }
            Uint32 *px = (Uint32 *)((Uint8 *)s->pixels + y * s->pitch) + x;
            if (a <= 0) {
                *px = SDL_MapRGBA(s->format, 0, 0, 0, 0);
                continue;
            }
            *px = SDL_MapRGBA(s->format, (Uint8)fmin(255, r / a + 0.5), (Uint8)fmin(255, g / a + 0.5),
                              (Uint8)fmin(255, b / a + 0.5), (Uint8)(255 * a / (SS * SS) + 0.5));
        }
    return s;
}

bool art_player(const char *assets_dir) {
    bool ok = art_save(render_sprite(BODY_SIZE, BODY_SIZE, body_sample), assets_dir, "player/body.png");
    ok = art_save(render_sprite(16, 16, joint_sample), assets_dir, "player/joint.png") && ok;
    return ok;
}
