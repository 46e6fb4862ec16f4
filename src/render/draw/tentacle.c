// draw_tentacle.c -- the tentacle boss: Catmull-Rom curves through the nodes
// extruded into tapered, skin-textured triangle strips (SDL_RenderGeometry),
// then the body and its eye, which follows the player. Flat-colour fallbacks.
#include <math.h>

#include "render/render_local.h"
#include "sim/world.h"

#define SUB 4                                      // curve samples per link
#define MAX_SAMPLES ((TENTACLE_MAX_NODES + 2 * TENTACLE_MAX_GROW) * SUB + 1)

// Scratch for one strip (drawing is single-threaded; reused every call).
static SDL_FPoint g_pos[MAX_SAMPLES];
static float g_half[MAX_SAMPLES], g_len[MAX_SAMPLES];
static SDL_Vertex g_vert[MAX_SAMPLES * 2];
static int g_index[(MAX_SAMPLES - 1) * 6];

static const double DEATH_TICKS = 150.0;          // the death's rings and dimming after EV_BOSS_DOWN
static const double CORPSE_SHADE = 0.45;          // the dead body's brightness once dimmed

static SDL_FPoint cr_point(SDL_FPoint p0, SDL_FPoint p1, SDL_FPoint p2, SDL_FPoint p3, float t) {
    float t2 = t * t, t3 = t2 * t;
    SDL_FPoint r;
    r.x = 0.5f * (2 * p1.x + (-p0.x + p2.x) * t + (2 * p0.x - 5 * p1.x + 4 * p2.x - p3.x) * t2 +
                  (-p0.x + 3 * p1.x - 3 * p2.x + p3.x) * t3);
    r.y = 0.5f * (2 * p1.y + (-p0.y + p2.y) * t + (2 * p0.y - 5 * p1.y + 4 * p2.y - p3.y) * t2 +
                  (-p0.y + 3 * p1.y - 3 * p2.y + p3.y) * t3);
    return r;
}

// Samples tentacle a into g_pos/g_half/g_len; returns the sample count.
static int sample_arm(const RenderCtx *rc, const Tentacle *c, int a, float widen) {
    int n = c->arms[a].n, k = 0;
    for (int j = 0; j + 1 < n; j++) {
        SDL_FPoint p1 = render_to_screen(rc, tentacle_node_at(c, a, j));
        SDL_FPoint p2 = render_to_screen(rc, tentacle_node_at(c, a, j + 1));
        // Mirror the missing neighbours at the ends.
        SDL_FPoint p0 = j > 0 ? render_to_screen(rc, tentacle_node_at(c, a, j - 1))
                              : (SDL_FPoint){2 * p1.x - p2.x, 2 * p1.y - p2.y};
        SDL_FPoint p3 = j + 2 < n ? render_to_screen(rc, tentacle_node_at(c, a, j + 2))
                                  : (SDL_FPoint){2 * p2.x - p1.x, 2 * p2.y - p1.y};
        double w1 = tentacle_half_width(c, a, j), w2 = tentacle_half_width(c, a, j + 1);
        for (int s = 0; s < SUB; s++) {
            float t = (float)s / SUB;
            g_pos[k] = cr_point(p0, p1, p2, p3, t);
            g_half[k] = (float)(w1 + (w2 - w1) * t) + widen;
            k++;
        }
    }
    g_pos[k] = render_to_screen(rc, tentacle_node_at(c, a, n - 1));
    g_half[k] = (float)tentacle_half_width(c, a, n - 1) + widen;
    k++;
    g_len[0] = 0;
    for (int i = 1; i < k; i++) {
        float dx = g_pos[i].x - g_pos[i - 1].x, dy = g_pos[i].y - g_pos[i - 1].y;
        g_len[i] = g_len[i - 1] + sqrtf(dx * dx + dy * dy);
    }
    return k;
}

// Builds and draws the strip for the sampled curve; only the quads that
// reach into the view (w x h px) are handed to the renderer (the software
// one sets up every triangle it is given, even one wholly outside).
static void draw_strip(SDL_Renderer *r, SDL_Texture *tex, int k, SDL_Color col, int w, int h) {
    float total = g_len[k - 1] > 0 ? g_len[k - 1] : 1;
    for (int i = 0; i < k; i++) {
        int i0 = i > 0 ? i - 1 : 0, i1 = i + 1 < k ? i + 1 : k - 1;
        float tx = g_pos[i1].x - g_pos[i0].x, ty = g_pos[i1].y - g_pos[i0].y;
        float tl = sqrtf(tx * tx + ty * ty);
        if (tl < 1e-4f) tx = 1, ty = 0, tl = 1;
        float nx = -ty / tl * g_half[i], ny = tx / tl * g_half[i];
        float v = g_len[i] / total;
        g_vert[2 * i] = (SDL_Vertex){{g_pos[i].x + nx, g_pos[i].y + ny}, col, {0.0f, v}};
        g_vert[2 * i + 1] = (SDL_Vertex){{g_pos[i].x - nx, g_pos[i].y - ny}, col, {1.0f, v}};
    }
    int m = 0;
    for (int i = 0; i + 1 < k; i++) {
        int a = 2 * i;
        float x0 = g_vert[a].position.x, x1 = x0, y0 = g_vert[a].position.y, y1 = y0;
        for (int j = a + 1; j < a + 4; j++) {
            x0 = fminf(x0, g_vert[j].position.x), x1 = fmaxf(x1, g_vert[j].position.x);
            y0 = fminf(y0, g_vert[j].position.y), y1 = fmaxf(y1, g_vert[j].position.y);
        }
        if (x1 < 0 || y1 < 0 || x0 > (float)w || y0 > (float)h) continue;
        g_index[m++] = a;
        g_index[m++] = a + 1;
        g_index[m++] = a + 2;
        g_index[m++] = a + 1;
        g_index[m++] = a + 3;
        g_index[m++] = a + 2;
    }
    if (m) SDL_RenderGeometry(r, tex, g_vert, 2 * k, g_index, m);
}

static Uint8 u8(double v) { return (Uint8)(v < 0 ? 0 : v > 255 ? 255 : v); }

static int arm_windup(const Tentacle *c, int a) { return c->arms[a].windup; }

static void draw_glow(RenderCtx *rc, SDL_FPoint at, float s, SDL_Color col) {
    if (!rc->glow) return;
    SDL_FRect dst = {at.x - s, at.y - s, 2 * s, 2 * s};
    SDL_SetTextureBlendMode(rc->glow, SDL_BLENDMODE_ADD);
    SDL_SetTextureColorMod(rc->glow, col.r, col.g, col.b);
    SDL_SetTextureAlphaMod(rc->glow, col.a);
    SDL_RenderCopyF(rc->r, rc->glow, NULL, &dst);
    SDL_SetTextureColorMod(rc->glow, 255, 255, 255);
    SDL_SetTextureAlphaMod(rc->glow, 255);
}

// The wind-up (docs/tentacle.md): on this tentacle alone, growing for
// TENTACLE_WINDUP_TICKS: a hot charge climbs the tentacle from the body
// to the tip, the tip swells into a bright flare, and a sight line grows
// out of the tip along its last link; wound up, all of it pulses until
// the shot.
static void draw_windup(RenderCtx *rc, const Tentacle *c, int a) {
    const TentacleArm *arm = &c->arms[a];
    double f = arm->windup / (double)TENTACLE_WINDUP_TICKS;
    if (f > 1.0) f = 1.0;
    double pulse = f >= 1.0 ? 0.75 + 0.25 * sin(arm->windup * 0.9) : 1.0;
    // The charge: the strip from the root to fraction f of the way, widened.
    int k = sample_arm(rc, c, a, (float)(1.0 + 2.0 * f));
    int upto = (int)(k * f);
    if (upto >= 2) {
        SDL_SetRenderDrawBlendMode(rc->r, SDL_BLENDMODE_ADD);
        draw_strip(rc->r, NULL, upto, (SDL_Color){255, 80, 170, u8(150 * pulse)}, rc->view_w, rc->view_h);
        SDL_SetRenderDrawBlendMode(rc->r, SDL_BLENDMODE_BLEND);
    }
    Vec2 head = tentacle_node_at(c, a, arm->n - 1), prev = tentacle_node_at(c, a, arm->n - 2);
    SDL_FPoint h = render_to_screen(rc, head);
    draw_glow(rc, h, (float)((10 + 26 * f) * pulse), (SDL_Color){255, 70, 190, u8(255 * (0.4 + 0.6 * f))});
    draw_glow(rc, h, (float)((4 + 10 * f) * pulse), (SDL_Color){255, 230, 250, u8(255 * f)});
    render_circle(rc->r, h.x, h.y, (float)(6 + 14 * f), (SDL_Color){255, 120, 210, u8(200 * f * pulse)});
    // The sight line: where the shot will go once the tip is on target.
    Vec2 d = v2_sub(head, prev);
    double l = v2_len(d);
    if (l > 1e-6) {
        double len = (30 + 120 * f) / l;
        SDL_FPoint e = render_to_screen(rc, v2_add(head, v2_scale(d, len)));
        SDL_SetRenderDrawBlendMode(rc->r, SDL_BLENDMODE_BLEND);
        for (int i = 0; i < 2; i++) {
            SDL_SetRenderDrawColor(rc->r, 255, 110, 200, u8((i ? 90 : 200) * f * pulse));
            SDL_RenderDrawLineF(rc->r, h.x + i, h.y, e.x + i, e.y);
            SDL_RenderDrawLineF(rc->r, h.x, h.y + i, e.x, e.y + i);
        }
    }
}

// shade: 1 alive, down to CORPSE_SHADE as the dead body dims.
static void draw_arm(RenderCtx *rc, const Tentacle *c, int a, double shade) {
    SDL_Texture *skin = render_tex(rc, "tentacle/skin.png");
    bool hurt = c->hurt_ticks > 0 || c->arms[a].flinch > 0;
    // A dark outline strip first, a little wider, so the skin reads on any background.
    int k = sample_arm(rc, c, a, 1.6f);
    draw_strip(rc->r, NULL, k, (SDL_Color){26, 6, 34, 230}, rc->view_w, rc->view_h);
    k = sample_arm(rc, c, a, 0.0f);
    Uint8 v = u8(255 * shade);
    SDL_Color col = hurt ? (SDL_Color){255, 170, 190, 255} : (SDL_Color){v, v, v, 255};
    if (skin) {
        SDL_SetTextureBlendMode(skin, SDL_BLENDMODE_BLEND);
        draw_strip(rc->r, skin, k, col, rc->view_w, rc->view_h);
    } else {
        draw_strip(rc->r, NULL, k,
                   hurt ? (SDL_Color){220, 110, 170, 255}
                        : (SDL_Color){u8(120 * shade), u8(40 * shade), u8(150 * shade), 255},
                   rc->view_w, rc->view_h);
    }
    if (c->alive && arm_windup(c, a) > 0) draw_windup(rc, c, a);
}

static void draw_tex(RenderCtx *rc, SDL_Texture *t, SDL_FPoint at, float size, SDL_Color mod) {
    SDL_FRect dst = {at.x - size / 2, at.y - size / 2, size, size};
    SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND);
    SDL_SetTextureColorMod(t, mod.r, mod.g, mod.b);
    SDL_SetTextureAlphaMod(t, mod.a);
    SDL_RenderCopyF(rc->r, t, NULL, &dst);
    SDL_SetTextureColorMod(t, 255, 255, 255);
    SDL_SetTextureAlphaMod(t, 255);
}

static void draw_body(RenderCtx *rc, const Tentacle *c, double shade) {
    SDL_FPoint at = render_to_screen(rc, c->pos);
    if (!c->alive && c->dead_ticks < 60) {            // shudders as it dies
        at.x += (float)(3 * sin(c->dead_ticks * 1.9));
        at.y += (float)(2 * sin(c->dead_ticks * 2.7));
    }
    float r = (float)c->radius;
    bool hurt = c->hurt_ticks > 0;
    Uint8 v = u8(255 * shade);
    SDL_Color mod = hurt ? (SDL_Color){255, 150, 150, 255} : (SDL_Color){v, v, v, 255};
    if (c->alive && !hurt && c->phase > 0) {
        // Angrier with each phase: the mantle flushes red, pulsing in phase 2.
        double k = c->phase == 1 ? 0.18 : 0.25 + 0.2 * sin(c->age * 0.15);
        mod.g = u8(255 * (1 - k));
        mod.b = u8(255 * (1 - 0.6 * k));
    }
    SDL_Texture *body = render_tex(rc, "tentacle/body.png");
    if (body) {
        draw_tex(rc, body, at, r * 2.35f, mod);
    } else {
        render_fill_circle(rc->r, at.x, at.y, r + 2, (SDL_Color){26, 6, 34, 255});
        SDL_Color fill = {u8((hurt ? 200 : 110) * shade), u8(36 * shade), u8(140 * shade), 255};
        render_fill_circle(rc->r, at.x, at.y, r, fill);
    }
    // The eye looks at the player (c->look eases in the sim); the pupil
    // narrows to the look direction and slides toward it.
    SDL_FPoint eye = {at.x, at.y - r * 0.12f};
    float es = r * 1.05f;
    SDL_FPoint pu = {eye.x + (float)c->look.x * r * 0.2f, eye.y + (float)c->look.y * r * 0.2f};
    SDL_Texture *et = render_tex(rc, "tentacle/eye.png"), *pt = render_tex(rc, "tentacle/pupil.png");
    SDL_Color emod = {v, v, v, 255};
    if (et) draw_tex(rc, et, eye, es, emod);
    else render_fill_circle(rc->r, eye.x, eye.y, es * 0.45f, (SDL_Color){240, 230, 170, emod.a});
    if (c->alive || c->dead_ticks < 20) {
        if (pt) draw_tex(rc, pt, pu, es * 0.5f, emod);
        else render_fill_circle(rc->r, pu.x, pu.y, es * 0.2f, (SDL_Color){20, 10, 10, emod.a});
    }
    // Blink: a lid (body colour) sweeps down over the round eye briefly every
    // few seconds, drawn as chords of the eye's circle.
    int64_t phase = c->age % 263;
    if (c->alive && phase < 10) {
        float lid = (float)(phase < 5 ? phase / 5.0 : (10 - phase) / 5.0);
        float rad = es * 0.45f, depth = 2 * rad * lid;
        SDL_SetRenderDrawBlendMode(rc->r, SDL_BLENDMODE_BLEND);
        SDL_SetRenderDrawColor(rc->r, 70, 20, 92, 255);
        for (float dy = 0; dy <= depth; dy += 1.0f) {
            float y = -rad + dy, half = sqrtf(fmaxf(0.0f, rad * rad - y * y));
            SDL_RenderDrawLineF(rc->r, eye.x - half, eye.y + y, eye.x + half, eye.y + y);
        }
        SDL_SetRenderDrawColor(rc->r, 30, 6, 40, 255);
        float y = -rad + depth, half = sqrtf(fmaxf(0.0f, rad * rad - y * y));
        SDL_RenderDrawLineF(rc->r, eye.x - half, eye.y + y, eye.x + half, eye.y + y);
    }
}

// Death: expanding pink rings and a flash, driven by dead_ticks (no PRNG).
static void draw_death(RenderCtx *rc, const Tentacle *c) {
    if (c->alive || c->dead_ticks > DEATH_TICKS) return;
    SDL_FPoint at = render_to_screen(rc, c->pos);
    double t = c->dead_ticks / DEATH_TICKS;
    for (int i = 0; i < 3; i++) {
        double ti = t * 1.6 - i * 0.25;
        if (ti <= 0 || ti >= 1) continue;
        float rad = (float)(c->radius * (0.6 + 3.5 * ti));
        render_circle(rc->r, at.x, at.y, rad, (SDL_Color){255, 120, 220, u8(255 * (1 - ti))});
        render_circle(rc->r, at.x, at.y, rad + 2, (SDL_Color){255, 200, 240, u8(160 * (1 - ti))});
    }
    if (rc->glow && t < 0.5) {
        float s = (float)(c->radius * (1.5 + 4 * t));
        SDL_FRect dst = {at.x - s, at.y - s, 2 * s, 2 * s};
        SDL_SetTextureBlendMode(rc->glow, SDL_BLENDMODE_ADD);
        SDL_SetTextureColorMod(rc->glow, 255, 140, 230);
        SDL_SetTextureAlphaMod(rc->glow, u8(255 * (1 - 2 * t)));
        SDL_RenderCopyF(rc->r, rc->glow, NULL, &dst);
        SDL_SetTextureColorMod(rc->glow, 255, 255, 255);
        SDL_SetTextureAlphaMod(rc->glow, 255);
    }
}

static void draw_debug(RenderCtx *rc, const Tentacle *c) {
    SDL_SetRenderDrawBlendMode(rc->r, SDL_BLENDMODE_BLEND);
    for (int a = 0; a < c->arm_count; a++) {
        for (int j = 0; j < c->arms[a].n; j++) {
            const TentacleNode *nd = tentacle_node(c, a, j);
            SDL_FPoint p = render_to_screen(rc, tentacle_node_at(c, a, j)), t = render_to_screen(rc, nd->target);
            SDL_SetRenderDrawColor(rc->r, 0, 255, 160, 200);
            if (j > 0) {
                SDL_FPoint q = render_to_screen(rc, tentacle_node_at(c, a, j - 1));
                SDL_RenderDrawLineF(rc->r, q.x, q.y, p.x, p.y);
            }
            SDL_SetRenderDrawColor(rc->r, 255, 255, 0, 160);
            SDL_RenderDrawPointF(rc->r, t.x, t.y);
        }
    }
    SDL_FPoint b = render_to_screen(rc, c->pos);
    render_circle(rc->r, b.x, b.y, (float)c->radius, (SDL_Color){0, 255, 160, 200});
}

SDL_Color draw_tentacle_colour(void) { return (SDL_Color){200, 110, 255, 255}; }

// The bounds hold every node with the thickest half width: the outline
// strip is 1.6 px wider, the curve between two nodes bulges past them by
// less than the longest link, and the body's sprite is 2.35 radii across.
double draw_tentacle_reach(const Tentacle *c) {
    double link = 0.0;
    for (int a = 0; a < c->arm_count; a++)
        for (int j = 0; j + 1 < c->arms[a].n; j++)
            link = fmax(link, v2_len(v2_sub(tentacle_node_at(c, a, j + 1), tentacle_node_at(c, a, j))));
    double reach = fmax(1.6 + link, 0.175 * c->radius) + 2.0;
    // A wind-up's flare (36 px) and sight line (150 px) reach past the tip.
    for (int a = 0; a < c->arm_count; a++)
        if (c->alive && c->arms[a].windup > 0) return fmax(reach, 154.0);
    return reach;
}

void draw_tentacle(RenderCtx *rc, const World *w, const Tentacle *c) {
    // The dead stay, a body hanging its tentacles (the sim drops it onto the
    // rock): drawn dimmer over the death's length, then at CORPSE_SHADE.
    double shade = 1.0;
    if (!c->alive) shade = 1.0 - (1.0 - CORPSE_SHADE) * fmin(1.0, c->dead_ticks / DEATH_TICKS);
    for (int a = 0; a < c->arm_count; a++) draw_arm(rc, c, a, shade);
    draw_body(rc, c, shade);
    draw_death(rc, c);
    if (c->alive && c->arm_count > 0) {
        // The spore at a parked player, swelling on the tip nearest the
        // marked spot (as the simulation picks it).
        int a = tentacle_nearest_tip(c, c->lob.mark);
        DrawLobLook spore = {tentacle_node_at(c, a, c->arms[a].n - 1), TENTACLE_SPORE_WINDUP_TICKS,
                             TENTACLE_SPORE_RADIUS_PX, 18.0, {255, 222, 90, 255}, {110, 64, 10, 255}};
        draw_lob(rc, w, &c->lob, &spore);
    }
    if (rc->debug) draw_debug(rc, c);
}
