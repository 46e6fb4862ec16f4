// art_base.c -- the shared sprites: rock tiles for every shape (four
// variants each, edge-lit, textured by fixed-seed value noise; and one of
// each in tileset.png for Tiled), the
// player's and the enemies' bullets, and the HUD icons.
#include <math.h>
#include <string.h>

#include "art.h"

#define TS 32                  // tile cell size in px
#define VARIANTS 4


// Value noise with a period (so a strip cell tiles with itself).
static double vnoise(double x, double y, int period, int seed) {
    int x0 = (int)floor(x), y0 = (int)floor(y);
    double fx = art_smooth(x - x0), fy = art_smooth(y - y0);
    int xa = ((x0 % period) + period) % period, xb = (xa + 1) % period;
    int ya = ((y0 % period) + period) % period, yb = (ya + 1) % period;
    double a = art_hash01(xa, ya, seed), b = art_hash01(xb, ya, seed);
    double c = art_hash01(xa, yb, seed), d = art_hash01(xb, yb, seed);
    return (a + (b - a) * fx) * (1 - fy) + (c + (d - c) * fx) * fy;
}

static double fbm(double x, double y, int seed) {
    double v = 0, amp = 0.5;
    int period = 4;
    for (int o = 0; o < 4; o++) {
        v += amp * vnoise(x * period / (double)TS, y * period / (double)TS, period, seed + o * 17);
        amp *= 0.5;
        period *= 2;
    }
    return v;
}

static void put(SDL_Surface *s, int x, int y, double r, double g, double b, double a) {
    if (x < 0 || y < 0 || x >= s->w || y >= s->h) return;
    Uint32 *px = (Uint32 *)((Uint8 *)s->pixels + y * s->pitch) + x;
    Uint8 cr, cg, cb, ca;
    SDL_GetRGBA(*px, s->format, &cr, &cg, &cb, &ca);
    double sa = a < 0 ? 0 : (a > 1 ? 1 : a);
    double da = ca / 255.0, oa = sa + da * (1 - sa);
    double mix = oa > 0 ? sa / oa : 0;
#define CH(v) ((v) < 0 ? 0 : ((v) > 255 ? 255 : (v)))
    double nr = cr + (CH(r) - cr) * mix, ng = cg + (CH(g) - cg) * mix, nb = cb + (CH(b) - cb) * mix;
    *px = SDL_MapRGBA(s->format, (Uint8)(nr + 0.5), (Uint8)(ng + 0.5), (Uint8)(nb + 0.5), (Uint8)(oa * 255 + 0.5));
#undef CH
}

// Which part of a cell is solid, by shape: 0 solid, 1 BR, 2 BL, 3 TL, 4 TR.
// Returns signed distance in px to the diagonal (>0 inside solid).
static double diag_dist(int shape, double x, double y) {
    const double k = 0.70710678;
    switch (shape) {
    case 1: return (x + y - TS) * k;          // bottom-right solid
    case 2: return (y - x) * k;               // bottom-left
    case 3: return (TS - x - y) * k;          // top-left
    case 4: return (x - y) * k;               // top-right
    default: return 1e9;
    }
}

// Rock colour at (x, y) of variant v: violet slate with mottling, cracks
// and a faint panel bevel.
static void rock(int v, int x, int y, double *r, double *g, double *b) {
    double n = fbm(x + v * 64.0, y, 11 + v);
    double m = fbm(y * 1.7 + 9, x * 1.7 + v * 5.0, 91 + v);
    double base = 0.78 + 0.45 * (n - 0.5);
    *r = 60 * base;
    *g = 54 * base;
    *b = 96 * base;
    // Thin dark veins where the second noise crosses its middle.
    double vein = fabs(m - 0.5);
    if (vein < 0.025) {
        *r *= 0.62;
        *g *= 0.62;
        *b *= 0.66;
    }
    // Rare bright crystal specks.
    if (art_hash01(x + v * 97, y, 5) > 0.985) {
        *r += 40;
        *g += 60;
        *b += 70;
    }
    // Panel bevel: light top-left, dark bottom-right, 1 px.
    if (x == 0 || y == 0) {
        *r *= 1.12;
        *g *= 1.12;
        *b *= 1.12;
    }
    if (x == TS - 1 || y == TS - 1) {
        *r *= 0.8;
        *g *= 0.8;
        *b *= 0.82;
    }
}

static SDL_Surface *tile_strip(int shape) {
    SDL_Surface *s = art_surface(TS * VARIANTS, TS);
    if (!s) return NULL;
    for (int v = 0; v < VARIANTS; v++)
        for (int y = 0; y < TS; y++)
            for (int x = 0; x < TS; x++) {
                // 4x4 supersampled coverage for a smooth diagonal.
                double cover = 0, dmin = 1e9;
                for (int sy = 0; sy < 4; sy++)
                    for (int sx = 0; sx < 4; sx++) {
                        double d = diag_dist(shape, x + (sx + 0.5) / 4, y + (sy + 0.5) / 4);
                        if (d > 0) cover += 1.0 / 16;
                        if (d > 0 && d < dmin) dmin = d;
                    }
                if (cover <= 0) continue;
                double r, g, b;
                rock(v, x, y, &r, &g, &b);
                if (shape != 0) {
                    // The diagonal face: a lit lip on floors (the face looks
                    // up), a dark shadowed edge on ceilings.
                    double d = diag_dist(shape, x + 0.5, y + 0.5);
                    bool floor = shape == 1 || shape == 2;
                    if (d < 2.8) {
                        double t = d < 0 ? 1 : 1 - d / 2.8;
                        if (floor) {
                            r += (150 - r) * (0.35 + 0.65 * t);
                            g += (230 - g) * (0.35 + 0.65 * t);
                            b += (255 - b) * (0.35 + 0.65 * t);
                        } else {
                            r *= 0.45;
                            g *= 0.45;
                            b *= 0.55;
                        }
                    } else if (floor && d < 6) {
                        double t = 1 - (d - 2.8) / 3.2;
                        r += 30 * t;
                        g += 40 * t;
                        b += 50 * t;
                    }
                }
                put(s, v * TS + x, y, r, g, b, cover);
            }
    return s;
}

static void disc(SDL_Surface *s, double cx, double cy, double rad, double r, double g, double b, double a,
                 double soft) {
    for (int y = (int)(cy - rad - soft - 1); y <= (int)(cy + rad + soft + 1); y++)
        for (int x = (int)(cx - rad - soft - 1); x <= (int)(cx + rad + soft + 1); x++) {
            double d = hypot(x + 0.5 - cx, y + 0.5 - cy);
            double t = d <= rad ? 1 : (soft > 0 ? 1 - (d - rad) / soft : 0);
            if (t > 0) put(s, x, y, r, g, b, a * t);
        }
}

// Player bolt: 32x16, pointing right, a hot white core in a gold sheath.
static SDL_Surface *bullet_player(void) {
    SDL_Surface *s = art_surface(32, 16);
    if (!s) return NULL;
    for (int y = 0; y < 16; y++)
        for (int x = 0; x < 32; x++) {
            double u = (x + 0.5) / 32.0, v = (y + 0.5 - 8) / 8.0;
            // Width tapers toward the tail (left), rounded at the nose.
            double half = u < 0.8 ? 0.15 + 0.55 * u / 0.8 : 0.7 * sqrt(1 - (u - 0.8) / 0.2 * (u - 0.8) / 0.2);
            double d = fabs(v) / (half > 0.01 ? half : 0.01);
            if (d > 1.3) continue;
            double a = d <= 1 ? 1 : 1 - (d - 1) / 0.3;
            double core = d < 0.45 ? 1 : (d < 0.8 ? 1 - (d - 0.45) / 0.35 : 0);
            double tail = u < 0.4 ? u / 0.4 : 1;
            put(s, x, y, 255, 190 + 65 * core, 70 + 185 * core, a * (0.35 + 0.65 * tail));
        }
    return s;
}

// Enemy orb: 16x16, a magenta shell with a white-hot centre and a dark
// ring, so it never reads as the player's bolt.
static SDL_Surface *bullet_enemy(void) {
    SDL_Surface *s = art_surface(16, 16);
    if (!s) return NULL;
    disc(s, 8, 8, 6.2, 120, 10, 60, 1, 1.2);
    disc(s, 8, 8, 5.0, 255, 50, 130, 1, 1.0);
    disc(s, 8, 8, 3.0, 255, 170, 210, 1, 1.0);
    disc(s, 7, 7, 1.5, 255, 255, 255, 1, 0.8);
    return s;
}

static SDL_Surface *pixel_icon(const char *const rows[16], const SDL_Color *pal, const char *keys) {
    SDL_Surface *s = art_surface(16, 16);
    if (!s) return NULL;
    for (int y = 0; y < 16; y++)
        for (int x = 0; x < 16; x++) {
            const char *k = strchr(keys, rows[y][x]);
            if (!k || rows[y][x] == '.') continue;
            SDL_Color c = pal[k - keys];
            put(s, x, y, c.r, c.g, c.b, 1);
        }
    return s;
}

static const char *const HEART[16] = {
    "................", "................", "..oooo....oooo..", ".orrrro..orrrro.",
    "orrwwrrooorrrrro", "orrwrrrrrrrrrrro", "orrrrrrrrrrrrrro", "orrrrrrrrrrrrddo",
    ".orrrrrrrrrrddo.", "..orrrrrrrrddo..", "...orrrrrrddo...", "....orrrrddo....",
    ".....orrddo.....", "......oddo......", ".......oo.......", "................",
};

static const char *const SKULL[16] = {
    "................", "....oooooooo....", "...owwwwwwwwo...", "..owwwwwwwwwwo..",
    ".owwwwwwwwwwwwo.", ".owwwwwwwwwwwwo.", ".owoooowwoooowo.", ".owoooowwoooowo.",
    ".owoooowwoooowo.", ".owwwwwoowwwwwo.", "..owwwwoowwwwo..", "...owwwwwwwwo...",
    "...owowowowowo..", "...oooooooooo...", "................", "................",
};

bool art_base(const char *dir) {
    static const char *const names[] = {"tiles/solid.png", "tiles/slope_br.png", "tiles/slope_bl.png",
                                        "tiles/slope_tl.png", "tiles/slope_tr.png"};
    bool ok = true;
    // tiles/tileset.png: the first variant of each shape in a row, in the
    // order of the Tiled tileset's ids (levels/tiled/bossrush.tsj, sim/tmj.c).
    SDL_Surface *set = art_surface(TS * 5, TS);
    for (int shape = 0; shape < 5; shape++) {
        SDL_Surface *strip = tile_strip(shape);
        SDL_Rect from = {0, 0, TS, TS}, to = {TS * shape, 0, TS, TS};
        if (strip && set) {
            SDL_SetSurfaceBlendMode(strip, SDL_BLENDMODE_NONE);
            SDL_BlitSurface(strip, &from, set, &to);
        }
        ok = art_save(strip, dir, names[shape]) && ok;
    }
    ok = art_save(set, dir, "tiles/tileset.png") && ok;
    ok = art_save(bullet_player(), dir, "bullets/player.png") && ok;
    ok = art_save(bullet_enemy(), dir, "bullets/enemy.png") && ok;
    const SDL_Color heart[] = {{40, 8, 24, 255}, {235, 50, 85, 255}, {255, 220, 230, 255}, {160, 20, 55, 255}};
    const SDL_Color empty[] = {{40, 8, 24, 255}, {70, 55, 80, 255}, {110, 95, 120, 255}, {55, 42, 64, 255}};
    const SDL_Color skull[] = {{30, 10, 20, 255}, {255, 225, 190, 255}};
    ok = art_save(pixel_icon(HEART, heart, "orwd"), dir, "hud/heart.png") && ok;
    ok = art_save(pixel_icon(HEART, empty, "orwd"), dir, "hud/heart_empty.png") && ok;
    ok = art_save(pixel_icon(SKULL, skull, "ow"), dir, "hud/boss.png") && ok;
    return ok;
}
