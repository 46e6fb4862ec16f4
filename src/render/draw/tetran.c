// draw_tetran.c -- the Tetran: arm segments rotated about their start joint
// (sprites run outward from the pivot, so the chain has no gaps), the core,
// hit flash and the dead body where it fell; plain shapes when a PNG is missing.
#include <math.h>

#include "render/render_local.h"
#include "sim/world.h"

// Where the pivot sits in the segment/tip sprites (fractions of the sprite's
// width and height), and how much of the sprite one segment length covers:
// the rest overlaps the next segment's collar (tools/art_tetran.c).
#define PIVOT_X_OF_H 0.34
#define LENGTH_OF_W 0.6
#define HEIGHT_OF_RADIUS 2.3

static const SDL_Color BRONZE = {212, 116, 44, 255};
static const SDL_Color BRONZE_DARK = {110, 48, 20, 255};

// One segment starting at p (world px) at angle ang (rad), drawn length_px
// long and 2*radius thick; alpha 0..255.
static void draw_piece(RenderCtx *rc, SDL_Texture *tex, Vec2 p, double ang, double length_px, double radius,
                       Uint8 alpha) {
    SDL_FPoint s = render_to_screen(rc, p);
    // Off-screen pieces cost nothing (huge arenas, 64 x 64 arms).
    float reach = (float)(length_px / LENGTH_OF_W + radius * HEIGHT_OF_RADIUS);
    if (s.x < -reach || s.y < -reach || s.x > rc->view_w + reach || s.y > rc->view_h + reach) return;
    if (tex) {
        int tw, th;
        SDL_QueryTexture(tex, NULL, NULL, &tw, &th);
        float dw = (float)(length_px / LENGTH_OF_W), dh = (float)(radius * HEIGHT_OF_RADIUS);
        float pivot = (float)(PIVOT_X_OF_H * th) * dw / (float)tw;
        SDL_FRect d = {s.x - pivot, s.y - dh * 0.5f, dw, dh};
        SDL_FPoint centre = {pivot, dh * 0.5f};
        SDL_SetTextureAlphaMod(tex, alpha);
        SDL_RenderCopyExF(rc->r, tex, NULL, &d, ang * 180.0 / M_PI, &centre, SDL_FLIP_NONE);
        SDL_SetTextureAlphaMod(tex, 255);
        return;
    }
    // Fallback: a rotated quad, lit on its upper side.
    float c = (float)cos(ang), sn = (float)sin(ang);
    float L = (float)length_px * 1.15f, r = (float)radius;
    float back = (float)radius * 0.6f;
    SDL_FPoint corners[4] = {{-back, -r}, {L, -r * 0.8f}, {L, r * 0.8f}, {-back, r}};
    SDL_Vertex v[4];
    for (int k = 0; k < 4; k++) {
        v[k].position = (SDL_FPoint){s.x + corners[k].x * c - corners[k].y * sn,
                                     s.y + corners[k].x * sn + corners[k].y * c};
        v[k].color = k < 2 ? BRONZE : BRONZE_DARK;
        v[k].color.a = alpha;
        v[k].tex_coord = (SDL_FPoint){0, 0};
    }
    static const int idx[6] = {0, 1, 2, 0, 2, 3};
    SDL_RenderGeometry(rc->r, NULL, v, 4, idx, 6);
}

static void draw_core(RenderCtx *rc, const struct World *w, const Tetran *t, double scale, Uint8 alpha) {
    SDL_FPoint s = render_to_screen(rc, t->pos);
    float r = (float)(t->cfg.core_px * 1.12 * scale);
    // The eye throbs faster as the phases go by.
    float beat = 0.5f + 0.5f * sinf((float)w->tick * (0.06f + 0.05f * (float)t->phase));
    if (t->alive) render_glow_at(rc, s, r * (1.9f + 0.3f * beat), (SDL_Color){255, 70, 40, (Uint8)(90 + 60 * beat)});
    SDL_Texture *tex = render_tex(rc, "tetran/core.png");
    if (tex) {
        SDL_FRect d = {s.x - r, s.y - r, r * 2, r * 2};
        SDL_SetTextureAlphaMod(tex, alpha);
        if (!t->alive) SDL_SetTextureColorMod(tex, 120, 110, 110);     // dead: the eye gone dark
        SDL_RenderCopyF(rc->r, tex, NULL, &d);
        SDL_SetTextureColorMod(tex, 255, 255, 255);
        if (t->hit_flash > 0 && t->alive) {     // white flash: the same sprite added on top
            SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_ADD);
            SDL_RenderCopyF(rc->r, tex, NULL, &d);
            SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND);
        }
        SDL_SetTextureAlphaMod(tex, 255);
    } else {
        render_fill_circle(rc->r, s.x, s.y, r, (SDL_Color){40, 52, 78, alpha});
        render_fill_circle(rc->r, s.x, s.y, r * 0.88f, (SDL_Color){112, 132, 170, alpha});
        SDL_Color eye = t->hit_flash > 0 ? (SDL_Color){255, 255, 255, alpha} : (SDL_Color){210, 30, 30, alpha};
        render_fill_circle(rc->r, s.x, s.y, r * 0.48f, eye);
    }
}

// The seed (docs/tetran.md, "The seed"): the lob's look (draw/lob.c) in
// seed green, swelling on the core.
static const SDL_Color SEED = {170, 255, 70, 255};
static const SDL_Color SEED_DARK = {40, 90, 20, 255};

static void draw_seed(RenderCtx *rc, const struct World *w, const Tetran *t) {
    if (!t->alive) return;
    DrawLobLook look = {t->pos, TETRAN_SEED_WINDUP_TICKS, TETRAN_SEED_RADIUS_PX, t->cfg.core_px, SEED, SEED_DARK};
    draw_lob(rc, w, &t->seed, &look);
}

SDL_Color draw_tetran_colour(void) { return (SDL_Color){255, 150, 70, 255}; }

// The bounds hold every joint with the thickest radius r: a piece's sprite
// runs length / LENGTH_OF_W from its pivot (past the next joint by less than
// that minus the length; its pivot, behind its joint, is nearer) and half
// its height, r * HEIGHT_OF_RADIUS / 2, aside (the plain quad reaches less);
// the core's sprite is 1.12 of the core.
double draw_tetran_reach(const Tetran *t) {
    double len = t->cfg.length_px;
    double piece = len / LENGTH_OF_W - len + tetran_arm_radius(t, 0) * HEIGHT_OF_RADIUS / 2.0;
    return fmax(piece, t->cfg.core_px * 0.12) + 2.0;
}

void draw_tetran(RenderCtx *rc, const struct World *w, const Tetran *t) {
    if (!t->pts) return;
    int ns = t->cfg.segments, na = t->cfg.arms;
    double len = t->cfg.length_px;
    SDL_Texture *seg = render_tex(rc, "tetran/segment.png");
    SDL_Texture *tip = render_tex(rc, "tetran/tip.png");
    // Dead, the arms lie where the simulation let them fall (limp chains on
    // the rock), their bronze going dull over the first second.
    double k = t->alive ? 0.0 : (double)t->dead_ticks;
    double dull = t->alive ? 0.0 : (k < 60.0 ? k / 60.0 : 1.0);
    Uint8 tint = (Uint8)lround(255.0 - 120.0 * dull);
    if (seg) SDL_SetTextureColorMod(seg, tint, tint, tint);
    if (tip) SDL_SetTextureColorMod(tip, tint, tint, tint);
    // Layered by joint so outer segments lie over inner ones (the write-up's z = -i).
    for (int i = 0; i < ns; i++) {
        SDL_Texture *tex = i == ns - 1 ? tip : seg;
        double r = tetran_arm_radius(t, i);
        for (int a = 0; a < na; a++) draw_piece(rc, tex, tetran_joint(t, a, i), tetran_angle(t, a, i), len, r, 255);
    }
    if (seg) SDL_SetTextureColorMod(seg, 255, 255, 255);
    if (tip) SDL_SetTextureColorMod(tip, 255, 255, 255);
    // Tip muzzles glow brighter while the arms are in wiggle mode.
    if (t->alive && t->wiggle) {
        for (int a = 0; a < na; a++) {
            Vec2 tp = tetran_joint(t, a, ns);
            render_glow_at(rc, render_to_screen(rc, tp), (float)(tetran_arm_radius(t, ns - 1) * 2.5),
                      (SDL_Color){255, 90, 60, 120});
        }
    }
    if (t->alive) {
        draw_core(rc, w, t, 1.0, 255);
        draw_seed(rc, w, t);
    } else {
        // The core flickers as it falls, then lies dark; a last glow fades.
        bool on = k > TETRAN_DEATH_TICKS || (t->dead_ticks / 4) % 2 == 0;
        draw_core(rc, w, t, 0.85, on ? 255 : 110);
        double fade = k < TETRAN_DEATH_TICKS ? 1.0 - k / TETRAN_DEATH_TICKS : 0.0;
        if (fade > 0.0)
            render_glow_at(rc, render_to_screen(rc, t->pos), (float)(t->cfg.core_px * (1.0 + k * 0.03)),
                      (SDL_Color){255, 200, 120, (Uint8)lround(255.0 * fade)});
    }
    if (rc->debug) {
        for (int a = 0; a < na && t->alive; a++)
            for (int i = 0; i < ns; i++) {
                SDL_FPoint s = render_to_screen(rc, tetran_joint(t, a, i + 1));
                render_circle(rc->r, s.x, s.y, (float)tetran_arm_radius(t, i), (SDL_Color){0, 255, 120, 255});
            }
        SDL_FPoint s = render_to_screen(rc, t->pos);
        render_circle(rc->r, s.x, s.y, (float)t->cfg.core_px, (SDL_Color){255, 60, 60, 255});
    }
}
