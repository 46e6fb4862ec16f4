// draw_player.c -- the player: the spider legs (tapered two-segment limbs
// with knobbed joints and claws; the far pair behind the upright armoured
// body, cool and dim, the near pair in front of it, lit and outlined) and
// the body (assets/player/body.png, mirrored to face left; a drawn fallback).
// Feedback on top: the aim marker (with lock held also a sight line and the
// hitbox), the hurt blink and flash, the dash's glow (its afterimages are
// render/fx.c's); a dead player is not drawn (fx.c bursts it).
// With rc->debug: roots, [min, max] rings, the foothold arc and its hit, IK
// targets and planted feet. Reads the sim, never writes it.
#include <math.h>

#include "render/render_local.h"
#include "sim/world.h"

static const SDL_Color CHITIN_LIT = {178, 104, 58, 255};   // the knobs when player/joint.png is missing
static const SDL_Color CHITIN_DARK = {34, 20, 24, 255};
static const SDL_Color CLAW = {36, 22, 24, 255};

// A depth of legs: the near pair in front of the body, warm and lit, with a
// dark outline that lifts it off the body; the far pair behind it, cooler,
// dimmer and thinner (still clear of the dark background).
typedef struct LegLook {
    SDL_Color lit, dark;       // spine and rims
    float knob;                // joint knob brightness
    float width;               // x the bone widths
    bool outline;
} LegLook;

#define LEG_THICK 1.35f            // x the bone widths: the legs read at 1280x720

static const LegLook NEAR_LEGS = {{200, 120, 62, 255}, {38, 22, 22, 255}, 1.0f, 1.0f, true};
static const LegLook FAR_LEGS = {{150, 106, 118, 255}, {32, 20, 40, 255}, 0.66f, 0.85f, true};

static SDL_Color shade(SDL_Color c, float k, Uint8 a) {
    float r = c.r * k, g = c.g * k, b = c.b * k;
    return (SDL_Color){(Uint8)fminf(255, r), (Uint8)fminf(255, g), (Uint8)fminf(255, b), a};
}

static SDL_Vertex vert(SDL_FPoint p, SDL_Color c) { return (SDL_Vertex){p, c, {0, 0}}; }

// A tapered bone from a (half-width wa) to b (half-width wb): dark rims and a
// lit spine, so the limb reads round without a texture.
static void draw_bone(RenderCtx *rc, Vec2 a, Vec2 b, float wa, float wb, SDL_Color lit, SDL_Color dark) {
    SDL_FPoint pa = render_to_screen(rc, a), pb = render_to_screen(rc, b);
    float dx = pb.x - pa.x, dy = pb.y - pa.y, len = sqrtf(dx * dx + dy * dy);
    if (len < 1e-3f) return;
    float nx = -dy / len, ny = dx / len;
    SDL_Vertex v[6] = {
        vert((SDL_FPoint){pa.x + nx * wa, pa.y + ny * wa}, dark),
        vert((SDL_FPoint){pa.x - nx * wa * 0.2f, pa.y - ny * wa * 0.2f}, lit),
        vert((SDL_FPoint){pa.x - nx * wa, pa.y - ny * wa}, dark),
        vert((SDL_FPoint){pb.x + nx * wb, pb.y + ny * wb}, dark),
        vert((SDL_FPoint){pb.x - nx * wb * 0.2f, pb.y - ny * wb * 0.2f}, lit),
        vert((SDL_FPoint){pb.x - nx * wb, pb.y - ny * wb}, dark),
    };
    static const int idx[12] = {0, 1, 3, 1, 4, 3, 1, 2, 4, 2, 5, 4};
    SDL_RenderGeometry(rc->r, NULL, v, 6, idx, 12);
}

static void draw_knob(RenderCtx *rc, SDL_Texture *joint, Vec2 at, float radius, Uint8 alpha, float k) {
    SDL_FPoint s = render_to_screen(rc, at);
    if (joint) {
        SDL_FRect d = {s.x - radius, s.y - radius, radius * 2, radius * 2};
        Uint8 m = (Uint8)(255 * fminf(1.0f, k));
        SDL_SetTextureColorMod(joint, m, m, m);
        SDL_SetTextureAlphaMod(joint, alpha);
        SDL_RenderCopyF(rc->r, joint, NULL, &d);
        SDL_SetTextureColorMod(joint, 255, 255, 255);
        SDL_SetTextureAlphaMod(joint, 255);
    } else {
        render_fill_circle(rc->r, s.x, s.y, radius, shade(CHITIN_DARK, 1.0f, alpha));
        render_fill_circle(rc->r, s.x - radius * 0.2f, s.y - radius * 0.2f, radius * 0.6f, shade(CHITIN_LIT, k, alpha));
    }
}

// One leg: thigh and shin as tapered bones, a claw past the foot, knobs at
// the knee and the root; a growing leg is thinner and fainter.
static void draw_leg(RenderCtx *rc, const Legs *L, int i, SDL_Texture *joint, const LegLook *look) {
    const Leg *g = &L->leg[i];
    if (g->grow <= 0.0) return;
    double e = leg_extension(g->grow);
    float s = (float)(L->scale * (0.45 + 0.55 * e)) * look->width * LEG_THICK;
    Uint8 alpha = (Uint8)(255 * fmin(1.0, 0.35 + e));
    SDL_Color lit = shade(look->lit, 1.0f, alpha), dark = shade(look->dark, 1.0f, alpha);
    // The shin runs a little past the foot as a claw.
    Vec2 d = v2_sub(g->foot, g->knee);
    double len = v2_len(d);
    Vec2 tip = len > 1e-6 ? v2_add(g->foot, v2_scale(d, 2.5 * L->scale / len)) : g->foot;
    if (look->outline) {
        SDL_Color rim = shade(look->dark, 0.6f, alpha);
        float o = (float)L->scale * 0.9f;
        draw_bone(rc, g->root, g->knee, 2.6f * s + o, 1.9f * s + o, rim, rim);
        draw_bone(rc, g->knee, g->foot, 1.9f * s + o, 0.8f * s + o, rim, rim);
    }
    draw_bone(rc, g->root, g->knee, 2.6f * s, 1.9f * s, lit, dark);
    draw_bone(rc, g->knee, g->foot, 1.9f * s, 0.8f * s, lit, dark);
    draw_bone(rc, g->foot, tip, 0.8f * s, 0.15f * s, shade(CLAW, 1, alpha), shade(CLAW, 1, alpha));
    draw_knob(rc, joint, g->knee, 2.4f * s, alpha, look->knob);
    draw_knob(rc, joint, g->root, 3.2f * s, alpha, look->knob);
}

// The body's silhouette in colour c over it at strength glow (0..1):
// white when just hurt, cyan while dashing.
static void draw_body_glow(RenderCtx *rc, const Player *p, SDL_Color c, float glow) {
    SDL_Texture *tex = render_tex_white(rc, "player/body.png");
    SDL_FPoint s = render_to_screen(rc, p->pos);
    float r = (float)(LEGS_SHELL * p->radius);
    if (!tex) {
        render_fill_circle(rc->r, s.x, s.y, r, (SDL_Color){c.r, c.g, c.b, (Uint8)(200 * glow)});
        return;
    }
    float size = 64.0f * r / 22.0f;
    SDL_FRect d = {s.x - size * 0.5f, s.y - size * 0.5f, size, size};
    SDL_SetTextureColorMod(tex, c.r, c.g, c.b);
    SDL_SetTextureAlphaMod(tex, (Uint8)(255 * glow));
    SDL_RenderCopyExF(rc->r, tex, NULL, &d, 0.0, NULL, p->facing < 0 ? SDL_FLIP_HORIZONTAL : SDL_FLIP_NONE);
    SDL_SetTextureColorMod(tex, 255, 255, 255);
    SDL_SetTextureAlphaMod(tex, 255);
}

// The shell's outline: a dark ring and a pale rim outside it, so the body
// reads on the dark sky, the purple rock and the bright effects alike.
static void draw_outline(RenderCtx *rc, SDL_FPoint c, float r, Uint8 alpha) {
    render_fill_circle(rc->r, c.x, c.y, r + 2.6f, (SDL_Color){225, 236, 255, (Uint8)(alpha * 0.85f)});
    render_fill_circle(rc->r, c.x, c.y, r + 1.5f, (SDL_Color){12, 8, 20, alpha});
}

// The body is drawn as the shell (LEGS_SHELL x the collision radius, the
// circle the legs stay out of), centred on the collision circle.
static void draw_body(RenderCtx *rc, const Player *p, Uint8 alpha) {
    SDL_FPoint c = render_to_screen(rc, p->pos);
    float r = (float)(LEGS_SHELL * p->radius);
    SDL_Texture *tex = render_tex(rc, "player/body.png");
    if (alpha == 255) draw_outline(rc, c, r * 22.5f / 22.0f, alpha);   // (not in the hurt blink's off phase)
    if (tex) {
        // The sprite is 64 px with a body disc of radius 22 (tools/art_player.c).
        float size = 64.0f * r / 22.0f;
        SDL_FRect d = {c.x - size * 0.5f, c.y - size * 0.5f, size, size};
        SDL_SetTextureAlphaMod(tex, alpha);
        SDL_RenderCopyExF(rc->r, tex, NULL, &d, 0.0, NULL, p->facing < 0 ? SDL_FLIP_HORIZONTAL : SDL_FLIP_NONE);
        SDL_SetTextureAlphaMod(tex, 255);
        return;
    }
    // Fallback: amber shell, dark belly, cyan visor on the facing side.
    render_fill_circle(rc->r, c.x, c.y, r + 1.2f, (SDL_Color){24, 16, 18, alpha});
    render_fill_circle(rc->r, c.x, c.y, r, (SDL_Color){200, 128, 50, alpha});
    render_fill_circle(rc->r, c.x - r * 0.25f, c.y - r * 0.3f, r * 0.45f, (SDL_Color){238, 170, 80, alpha});
    render_fill_circle(rc->r, c.x + p->facing * r * 0.55f, c.y - r * 0.14f, r * 0.28f, (SDL_Color){40, 210, 235, alpha});
}

// `lit`: 1 as the overlay draws every leg; brighter for the leg the tuning
// panel has selected, fainter for the others.
static void debug_leg(RenderCtx *rc, const Legs *L, int i, Vec2 vel, double lit) {
    const Leg *g = &L->leg[i];
    const LegProfile *p = &L->prof[i];
    SDL_Renderer *r = rc->r;
    SDL_FPoint root = render_to_screen(rc, g->root);
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    // The ring: a planted foot outside it steps.
    Uint8 ring_in = (Uint8)fmin(255, 70 * lit), ring_out = (Uint8)fmin(255, 110 * lit);
    render_circle(r, root.x, root.y, (float)(p->min_px * L->scale), (SDL_Color){255, 90, 90, ring_in});
    render_circle(r, root.x, root.y, (float)(p->max_px * L->scale), (SDL_Color){255, 90, 90, ring_out});
    // The foothold arc, at the radius it is cast with now (leading the
    // motion): LEGS_ARC_SPAN_DEG from the surface normal toward the leg's side.
    if (L->attached) {
        int side = leg_side(i);
        Vec2 t = v2_scale(L->t, side);
        double extra = g->mode == LEG_STEPPING ? LEGS_JITTER_REACH_PX * g->jitter : 0.0;
        double rad = leg_cast_radius(p, v2_scale(vel, 1.0 / L->scale), L->t, side, extra) * L->scale;
        double step = p->cast_step_deg * M_PI / 180.0, span = LEGS_ARC_SPAN_DEG * M_PI / 180.0;
        int n = (int)ceil(LEGS_ARC_SPAN_DEG / p->cast_step_deg - 1e-9);
        Vec2 a = v2_add(g->root, v2_scale(L->n, rad));
        SDL_SetRenderDrawColor(r, 255, 230, 80, (Uint8)fmin(255, 90 * lit));
        for (int k = 1; k <= n; k++) {
            double th = fmin(k * step, span);
            Vec2 b = v2_add(g->root, v2_scale(v2_add(v2_scale(L->n, cos(th)), v2_scale(t, sin(th))), rad));
            SDL_FPoint sa = render_to_screen(rc, a), sb = render_to_screen(rc, b);
            SDL_RenderDrawLineF(r, sa.x, sa.y, sb.x, sb.y);
            a = b;
        }
        if (g->cast_hit) {
            SDL_FPoint h = render_to_screen(rc, g->cast_point);
            render_fill_circle(r, h.x, h.y, 2.5f, (SDL_Color){255, 230, 80, 255});
        }
    }
    // Root (cross), IK target (magenta x), planted foot (green square).
    SDL_SetRenderDrawColor(r, 120, 200, 255, 255);
    SDL_RenderDrawLineF(r, root.x - 3, root.y, root.x + 3, root.y);
    SDL_RenderDrawLineF(r, root.x, root.y - 3, root.x, root.y + 3);
    SDL_FPoint tg = render_to_screen(rc, g->target);
    SDL_SetRenderDrawColor(r, 255, 80, 255, 255);
    SDL_RenderDrawLineF(r, tg.x - 3, tg.y - 3, tg.x + 3, tg.y + 3);
    SDL_RenderDrawLineF(r, tg.x - 3, tg.y + 3, tg.x + 3, tg.y - 3);
    if (g->mode == LEG_PLANTED) {
        SDL_FPoint f = render_to_screen(rc, g->foot);
        SDL_SetRenderDrawColor(r, 80, 255, 120, 255);
        SDL_FRect q = {f.x - 2.5f, f.y - 2.5f, 5, 5};
        SDL_RenderFillRectF(r, &q);
    }
}

// The aim marker: a chevron just outside the body pointing where shots go.
// With lock held it is brighter and a dotted sight line runs on from it.
static void draw_aim(RenderCtx *rc, const Player *p, bool lock) {
    Vec2 a = p->aim;
    if (a.x == 0.0 && a.y == 0.0) return;
    float r = (float)p->radius, k = r / 12.0f;
    SDL_FPoint c = render_to_screen(rc, p->pos);
    float ax = (float)a.x, ay = (float)a.y, nx = -ay, ny = ax;
    float tip = r + 11.0f * k, base = r + 4.0f * k, half = 4.5f * k;
    if (lock) {
        // Sight: dots every 14 px, fading out to 120 px.
        for (int i = 0; i < 8; i++) {
            float d = tip + 10.0f * k + 14.0f * k * (float)i;
            Uint8 al = (Uint8)(200 - 22 * i);
            render_fill_circle(rc->r, c.x + ax * d, c.y + ay * d, 1.6f * k, (SDL_Color){140, 240, 255, al});
        }
        tip += 3.0f * k;
        half += 1.5f * k;
    }
    SDL_FPoint t = {c.x + ax * tip, c.y + ay * tip};
    SDL_FPoint l = {c.x + ax * base + nx * half, c.y + ay * base + ny * half};
    SDL_FPoint rr = {c.x + ax * base - nx * half, c.y + ay * base - ny * half};
    SDL_FPoint m = {c.x + ax * (base + 2.5f * k), c.y + ay * (base + 2.5f * k)};
    // A dark outline first (1.5 px larger), so it reads on bright rock too.
    float o = 1.6f;
    SDL_Color dark = {10, 8, 24, 230};
    SDL_Color lit = lock ? (SDL_Color){200, 250, 255, 255} : (SDL_Color){130, 225, 255, 215};
    SDL_Vertex vo[4] = {{{t.x + ax * o, t.y + ay * o}, dark, {0, 0}},
                        {{l.x + (nx - ax) * o, l.y + (ny - ay) * o}, dark, {0, 0}},
                        {{m.x - ax * o, m.y - ay * o}, dark, {0, 0}},
                        {{rr.x - (nx + ax) * o, rr.y - (ny + ay) * o}, dark, {0, 0}}};
    SDL_Vertex vi[4] = {{t, lit, {0, 0}}, {l, lit, {0, 0}}, {m, lit, {0, 0}}, {rr, lit, {0, 0}}};
    static const int idx[6] = {0, 1, 2, 0, 2, 3};
    SDL_RenderGeometry(rc->r, NULL, vo, 4, idx, 6);
    SDL_RenderGeometry(rc->r, NULL, vi, 4, idx, 6);
}

// Lock held: the hitbox (what enemy shots must touch: the body's circle)
// as a bright ring with a dark rim and a white centre dot, Touhou's focus.
static void draw_hitbox(RenderCtx *rc, const Player *p) {
    SDL_FPoint c = render_to_screen(rc, p->pos);
    float r = (float)p->radius;
    render_circle(rc->r, c.x, c.y, r + 1.0f, (SDL_Color){10, 8, 24, 220});
    render_circle(rc->r, c.x, c.y, r - 1.0f, (SDL_Color){10, 8, 24, 220});
    render_circle(rc->r, c.x, c.y, r, (SDL_Color){255, 255, 255, 255});
    render_fill_circle(rc->r, c.x, c.y, 3.2f, (SDL_Color){10, 8, 24, 230});
    render_fill_circle(rc->r, c.x, c.y, 2.0f, (SDL_Color){255, 255, 255, 255});
}

// Hurt mercy (not a dash's invulnerability: while dashing, dash_ticks > 0,
// and the dash's last PLAYER_DASH_INVULN_TICKS - PLAYER_DASH_TICKS = 3
// ticks after it are below the blink's first off phase, invuln 4..7): the
// body blinks out every other 4 ticks, and burns white the first ticks.
#define HURT_GLOW_TICKS 8
void draw_player(RenderCtx *rc, const struct World *w) {
    const Player *p = &w->player;
    const Legs *L = &p->legs;
    if (p->hp <= 0) return;    // burst (render/fx.c)
    bool dashing = p->dash_ticks > 0;
    bool blink_off = !dashing && p->invuln > 0 && (p->invuln / 4) % 2 == 1;
    Uint8 alpha = blink_off ? 70 : 255;
    SDL_SetRenderDrawBlendMode(rc->r, SDL_BLENDMODE_BLEND);
    SDL_Texture *joint = render_tex(rc, "player/joint.png");
    // The far (right) pair behind the body and darker, the near (left)
    // pair in front of it, lit: four legs, two depths.
    draw_leg(rc, L, LEG_BACK_RIGHT, joint, &FAR_LEGS);
    draw_leg(rc, L, LEG_FRONT_RIGHT, joint, &FAR_LEGS);
    draw_body(rc, p, alpha);
    int since_hurt = PLAYER_INVULN_TICKS - p->invuln;
    if (!dashing && p->invuln > PLAYER_DASH_INVULN_TICKS && since_hurt < HURT_GLOW_TICKS)
        draw_body_glow(rc, p, (SDL_Color){255, 255, 255, 255}, 1.0f - (float)since_hurt / HURT_GLOW_TICKS);
    else if (dashing)
        draw_body_glow(rc, p, (SDL_Color){120, 230, 255, 255}, 0.25f + 0.04f * (float)p->dash_ticks);
    draw_leg(rc, L, LEG_BACK_LEFT, joint, &NEAR_LEGS);
    draw_leg(rc, L, LEG_FRONT_LEFT, joint, &NEAR_LEGS);
    bool lock = (w->input.buttons & BTN_LOCK) != 0;
    draw_aim(rc, p, lock);
    if (lock) draw_hitbox(rc, p);
    for (int i = 0; i < LEGS_COUNT; i++) {
        bool sel = rc->debug_legs && rc->debug_leg == i, dim = rc->debug_legs && rc->debug_leg >= 0 && !sel;
        if (rc->debug || rc->debug_legs) debug_leg(rc, L, i, p->vel, sel ? 2.3 : dim ? 0.6 : 1.0);
    }
}
