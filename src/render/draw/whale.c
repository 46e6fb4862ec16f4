// draw_whale.c -- the whale shark: each body segment a rounded trapezoid
// (a closed Catmull-Rom curve through its four corners, rotated to its
// heading, narrowing to the tail), a triangular tail, pectoral fins, pale
// back ridges and the spots of a whale shark. Drawn tail first.
#include <math.h>

#include "render/render_local.h"
#include "sim/world.h"

enum { CURVE_STEPS = 7, OUTLINE_MAX = 4 * CURVE_STEPS + 1 };

typedef struct Look {
    Uint8 alpha;               // fades out while dying
    float flash;               // 0..1 toward white when hit
    float glow;                // 0..1 warm tint of the spots (later phases)
    float halo;                // 0..1 orange halo around the body (dive wind-up)
    float drift;               // px the parts drift apart after death
    float swell;               // 0..1 the spout's telegraph: the head swells and glows
    float roll;                // 0..1 rolled onto its back (dead): narrower mid-roll, pale belly up
} Look;

static SDL_Color shade(const Look *lk, int r, int g, int b, int a) {
    float f = lk->flash;
    float rr = r + (255 - r) * f, gg = g + (255 - g) * f, bb = b + (255 - b) * f;
    rr = rr > 255 ? 255 : rr;
    gg = gg > 255 ? 255 : gg;
    bb = bb < 0 ? 0 : bb > 255 ? 255 : bb;
    return (SDL_Color){(Uint8)rr, (Uint8)gg, (Uint8)bb, (Uint8)(a * lk->alpha / 255)};
}

// Closed Catmull-Rom through n corners, CURVE_STEPS samples per edge; tangent
// scale k (0.5 is the classic spline, smaller is tighter).
static int curve(const SDL_FPoint *p, int n, float k, SDL_FPoint *out) {
    int m = 0;
    for (int i = 0; i < n; i++) {
        SDL_FPoint p0 = p[(i + n - 1) % n], p1 = p[i], p2 = p[(i + 1) % n], p3 = p[(i + 2) % n];
        float m1x = k * (p2.x - p0.x), m1y = k * (p2.y - p0.y);
        float m2x = k * (p3.x - p1.x), m2y = k * (p3.y - p1.y);
        for (int s = 0; s < CURVE_STEPS; s++) {
            float t = (float)s / CURVE_STEPS, t2 = t * t, t3 = t2 * t;
            float h00 = 2 * t3 - 3 * t2 + 1, h10 = t3 - 2 * t2 + t, h01 = -2 * t3 + 3 * t2, h11 = t3 - t2;
            out[m++] = (SDL_FPoint){h00 * p1.x + h10 * m1x + h01 * p2.x + h11 * m2x,
                                    h00 * p1.y + h10 * m1y + h01 * p2.y + h11 * m2y};
        }
    }
    return m;
}

// A star-shaped polygon filled as a fan from c: centre colour ci, rim co.
static void fan(SDL_Renderer *r, SDL_FPoint c, const SDL_FPoint *p, int n, SDL_Color ci, SDL_Color co) {
    SDL_Vertex v[OUTLINE_MAX + 1];
    int idx[OUTLINE_MAX * 3];
    v[0] = (SDL_Vertex){c, ci, {0, 0}};
    for (int i = 0; i < n; i++) {
        v[i + 1] = (SDL_Vertex){p[i], co, {0, 0}};
        idx[i * 3] = 0;
        idx[i * 3 + 1] = 1 + i;
        idx[i * 3 + 2] = 1 + (i + 1) % n;
    }
    SDL_RenderGeometry(r, NULL, v, n + 1, idx, n * 3);
}

static void disc(SDL_Renderer *r, SDL_FPoint c, float rad, SDL_Color col) {
    enum { N = 10 };
    SDL_FPoint p[N];
    for (int i = 0; i < N; i++) {
        float a = (float)i * (6.2831853f / N);
        p[i] = (SDL_FPoint){c.x + rad * cosf(a), c.y + rad * sinf(a)};
    }
    fan(r, c, p, N, col, col);
}

// A pale spot: the anti-aliased sprite when there is one, else a disc.
static void spot(RenderCtx *rc, SDL_Texture *tex, SDL_FPoint c, float rad, SDL_Color col) {
    if (!tex) {
        disc(rc->r, c, rad, col);
        return;
    }
    SDL_SetTextureColorMod(tex, col.r, col.g, col.b);
    SDL_SetTextureAlphaMod(tex, col.a);
    SDL_FRect d = {c.x - rad, c.y - rad, rad * 2, rad * 2};
    SDL_RenderCopyF(rc->r, tex, NULL, &d);
}

static void outline(SDL_Renderer *r, const SDL_FPoint *p, int n, SDL_Color c) {
    SDL_FPoint q[OUTLINE_MAX + 1];
    for (int i = 0; i < n; i++) q[i] = p[i];
    q[n] = p[0];
    SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a);
    SDL_RenderDrawLinesF(r, q, n + 1);
}

// Deterministic jitter for the spot pattern (looks only).
static float jitter(int a, int b) {
    unsigned h = (unsigned)a * 374761393u + (unsigned)b * 668265263u;
    h = (h ^ (h >> 13)) * 1274126177u;
    return (float)((h >> 8) & 1023) / 1023.0f - 0.5f;
}

// One segment's frame in screen px: front/back centres, unit axis u (back to
// front) and normal n.
typedef struct Frame {
    SDL_FPoint f, b, u, n;
    float wf, wb;              // full widths at front and back
    Vec2 shift;                // world px the part is drawn away from its place (dying)
} Frame;

static SDL_FPoint at(const Frame *fr, float along, float across) {
    // along: 0 front .. 1 back; across: -1 .. 1 of the local half width
    float hw = 0.5f * (fr->wf + (fr->wb - fr->wf) * along);
    float x = fr->f.x + (fr->b.x - fr->f.x) * along + fr->n.x * hw * across;
    float y = fr->f.y + (fr->b.y - fr->f.y) * along + fr->n.y * hw * across;
    return (SDL_FPoint){x, y};
}

static Frame frame_of(RenderCtx *rc, const Whale *c, int i, const Look *lk) {
    Vec2 front = i == 0 ? c->pos : c->seg[i - 1], back = c->seg[i];
    Vec2 u = v2_norm(v2_sub(front, back));
    if (u.x == 0 && u.y == 0) u = v2(1, 0);
    Vec2 n = v2_perp(u);
    Frame fr;
    fr.shift = v2(0, 0);
    if (lk->drift > 0) {                       // dying: parts drift apart, alternately
        double side = (i & 1) ? 1.0 : -1.0;
        fr.shift = v2_add(v2_scale(n, side * lk->drift), v2_scale(u, -0.4 * lk->drift * (i - 3)));
        front = v2_add(front, fr.shift);
        back = v2_add(back, fr.shift);
    }
    fr.f = render_to_screen(rc, front);
    fr.b = render_to_screen(rc, back);
    fr.u = (SDL_FPoint){(float)u.x, (float)u.y};
    fr.n = (SDL_FPoint){(float)n.x, (float)n.y};
    fr.wf = (float)c->width[i];
    fr.wb = (float)c->width[i + 1];
    return fr;
}

static void draw_segment(RenderCtx *rc, const Whale *c, int i, const Look *lk, float sz) {
    SDL_Renderer *r = rc->r;
    Frame fr = frame_of(rc, c, i, lk);
    // The outline the simulation measures (whale_part_outline: neighbours
    // meet along their joint's mitre, so a bend never opens a gap or folds
    // a part over the next; the head reaches forward into a blunt snout).
    Vec2 o[4];
    whale_part_outline(c, i, o);
    SDL_FPoint corner[4];
    for (int k = 0; k < 4; k++) corner[k] = render_to_screen(rc, v2_add(o[k], fr.shift));
    SDL_FPoint F = {(corner[0].x + corner[3].x) * 0.5f, (corner[0].y + corner[3].y) * 0.5f};
    SDL_FPoint B = {(corner[1].x + corner[2].x) * 0.5f, (corner[1].y + corner[2].y) * 0.5f};
    if (lk->roll > 0) {                        // rolling over: seen edge-on halfway, flat again belly up
        float q = 0.45f + 0.55f * fabsf(cosf(lk->roll * 3.14159265f));
        fr.wf *= q;
        fr.wb *= q;
        for (int k = 0; k < 4; k++) {
            SDL_FPoint m = k == 0 || k == 3 ? F : B;
            corner[k] = (SDL_FPoint){m.x + (corner[k].x - m.x) * q, m.y + (corner[k].y - m.y) * q};
        }
    }
    SDL_FPoint pts[OUTLINE_MAX];
    int n = curve(corner, 4, i == 0 ? 0.42f : 0.3f, pts);
    SDL_FPoint mid = {(F.x + B.x) * 0.5f, (F.y + B.y) * 0.5f};
    float depth = (float)i / WHALE_SEGMENTS;    // a shade darker toward the tail
    SDL_Color rim = shade(lk, (int)(22 - 6 * depth), (int)(44 - 10 * depth), (int)(78 - 14 * depth), 255);
    SDL_Color core = shade(lk, (int)(66 - 14 * depth), (int)(104 - 20 * depth), (int)(150 - 22 * depth), 255);
    float belly = lk->roll < 0.5f ? 0.0f : (lk->roll - 0.5f) * 2.0f;   // 0 back up .. 1 belly up
    if (belly > 0) {
        rim = shade(lk, (int)(22 + 120 * belly), (int)(44 + 110 * belly), (int)(78 + 90 * belly), 255);
        core = shade(lk, (int)(66 + 150 * belly), (int)(104 + 120 * belly), (int)(150 + 80 * belly), 255);
    }
    fan(r, mid, pts, n, core, rim);
    outline(r, pts, n, shade(lk, 110, 170, 215, 80));
    if (lk->roll >= 0.5f) {                    // belly up: pale grooves along it, no spots
        SDL_Color groove = shade(lk, 150, 160, 175, (int)(140 * belly));
        SDL_SetRenderDrawColor(r, groove.r, groove.g, groove.b, groove.a);
        for (int k = -2; k <= 2; k++) {
            SDL_FPoint a = at(&fr, 0.05f, k * 0.2f * 0.55f), b = at(&fr, 0.95f, k * 0.2f * 0.55f);
            SDL_RenderDrawLineF(r, a.x, a.y, b.x, b.y);
        }
        return;
    }

    // Pale ridges along the back (centre and flanks).
    SDL_SetRenderDrawColor(r, 0, 0, 0, 0);
    SDL_Color ridge = shade(lk, 120, 160, 195, 110);
    SDL_SetRenderDrawColor(r, ridge.r, ridge.g, ridge.b, ridge.a);
    for (int k = -1; k <= 1; k++) {
        float across = k * 0.45f;
        SDL_FPoint a = at(&fr, -0.05f, across), b = at(&fr, 1.05f, across);
        if (k == 0 || i > 0) SDL_RenderDrawLineF(r, a.x, a.y, b.x, b.y);
    }
    // Spots: a loose grid, denser and smaller on the head; pale bars between
    // rows on the body, like a whale shark's chequerboard.
    // Spots warm from pale blue-white to amber as the boss loses phases.
    SDL_Color pale = shade(lk, 228 + (int)(27 * lk->glow), 238 - (int)(40 * lk->glow), 246 - (int)(150 * lk->glow), 235);
    SDL_Texture *tex = render_tex(rc, "whale/spot.png");
    if (tex) {
        SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND);
        SDL_SetTextureScaleMode(tex, SDL_ScaleModeLinear);
    }
    int rows = i == 0 ? 3 : 2, cols = i == 0 ? 7 : i < 4 ? 5 : i < 6 ? 4 : 3;
    float rad = (i == 0 ? 2.2f : 3.1f - 0.2f * i) * sz;
    for (int a = 0; a < rows; a++) {
        float along = (a + 0.5f) / rows + 0.08f * jitter(i, a);
        for (int b = 0; b < cols; b++) {
            float across = -0.8f + 1.6f * (b + ((a + i) & 1 ? 0.75f : 0.25f)) / cols;
            if (across > 0.85f) continue;
            float ja = along + 0.1f * jitter(i * 31 + a, b), jc = across + 0.08f * jitter(b, i * 17 + a);
            spot(rc, tex, at(&fr, ja, jc), rad * (0.8f + 0.4f * (jitter(a, b + i) + 0.5f)), pale);
        }
        if (i > 0 && a == 0) {
            SDL_Color bar = shade(lk, 190, 215, 235, 120);
            SDL_SetRenderDrawColor(r, bar.r, bar.g, bar.b, bar.a);
            SDL_FPoint p = at(&fr, 0.5f, -0.75f), q = at(&fr, 0.5f, 0.75f);
            SDL_RenderDrawLineF(r, p.x, p.y, q.x, q.y);
        }
    }
    if (i == 0) {                                // eyes at the snout's corners
        SDL_Color eye = shade(lk, 10, 14, 24, 255);
        disc(r, at(&fr, 0.12f, -0.78f), 2.4f * sz, eye);
        disc(r, at(&fr, 0.12f, 0.78f), 2.4f * sz, eye);
    }
}

static void draw_tail(RenderCtx *rc, const Whale *c, const Look *lk) {
    int i = WHALE_SEGMENTS - 1;
    Frame fr = frame_of(rc, c, i, lk);
    Vec2 o[4];
    whale_part_outline(c, i, o);               // apex, tips: the outline the simulation measures
    SDL_FPoint apex = render_to_screen(rc, v2_add(o[0], fr.shift));
    SDL_FPoint tip1 = render_to_screen(rc, v2_add(o[1], fr.shift));
    SDL_FPoint tip2 = render_to_screen(rc, v2_add(o[2], fr.shift));
    SDL_FPoint tri[3] = {apex, tip1, tip2};
    SDL_Color rim = shade(lk, 20, 38, 66, 255), core = shade(lk, 58, 92, 136, 255);
    SDL_Vertex v[3] = {{apex, core, {0, 0}}, {tip1, rim, {0, 0}}, {tip2, rim, {0, 0}}};
    SDL_RenderGeometry(rc->r, NULL, v, 3, NULL, 0);
    outline(rc->r, tri, 3, shade(lk, 110, 170, 215, 150));
}

static void draw_fins(RenderCtx *rc, const Whale *c, const Look *lk, float sz) {
    Frame fr = frame_of(rc, c, 1, lk);
    SDL_Color rim = shade(lk, 24, 44, 76, 255), core = shade(lk, 52, 84, 124, 255);
    for (int side = -1; side <= 1; side += 2) {
        SDL_FPoint root_f = at(&fr, 0.05f, side * 0.85f), root_b = at(&fr, 0.95f, side * 0.85f);
        float reach = 0.5f * fr.wf + 30.0f * sz;
        SDL_FPoint tip = {fr.f.x + fr.n.x * side * reach - fr.u.x * 40.0f * sz,
                          fr.f.y + fr.n.y * side * reach - fr.u.y * 40.0f * sz};
        SDL_Vertex v[3] = {{root_f, core, {0, 0}}, {tip, rim, {0, 0}}, {root_b, core, {0, 0}}};
        SDL_RenderGeometry(rc->r, NULL, v, 3, NULL, 0);
    }
}

// The charge's telegraph: a dashed line of chevrons from the head through
// the point it aims at (the player), marching toward it, brighter as the
// rush nears.
static void draw_aim(RenderCtx *rc, const Whale *c) {
    Vec2 d = v2_sub(c->aim, c->pos);
    double len = v2_len(d);
    if (len < 1.0) return;
    Vec2 u = v2_scale(d, 1.0 / len), n = v2_perp(u);
    float k = 1.0f - (float)c->dive_timer / WHALE_WINDUP_TICKS;   // 0 .. 1 over the wind-up
    SDL_Color col = {255, (Uint8)(150 - 60 * k), 60, (Uint8)(120 + 120 * k)};
    SDL_SetRenderDrawColor(rc->r, col.r, col.g, col.b, col.a);
    double reach = len + 120.0, step = 28.0, off = fmod((double)c->age * 3.0, step);
    for (double t = 40.0 + off; t < reach; t += step) {
        Vec2 p = v2_add(c->pos, v2_scale(u, t));
        Vec2 a = v2_sub(v2_add(p, v2_scale(n, 7.0)), v2_scale(u, 7.0));
        Vec2 b = v2_sub(v2_sub(p, v2_scale(n, 7.0)), v2_scale(u, 7.0));
        SDL_FPoint sp = render_to_screen(rc, p), sa = render_to_screen(rc, a), sb = render_to_screen(rc, b);
        for (int w = 0; w < 3; w++) {              // 2 px thick
            float dx = w == 1 ? 1.0f : 0.0f, dy = w == 2 ? 1.0f : 0.0f;
            SDL_RenderDrawLineF(rc->r, sa.x + dx, sa.y + dy, sp.x + dx, sp.y + dy);
            SDL_RenderDrawLineF(rc->r, sb.x + dx, sb.y + dy, sp.x + dx, sp.y + dy);
        }
    }
    SDL_FPoint t = render_to_screen(rc, c->aim);   // a ring on the target
    render_circle(rc->r, t.x, t.y, 18.0f + 6.0f * (1.0f - k), col);
    render_circle(rc->r, t.x, t.y, 19.0f + 6.0f * (1.0f - k), col);
}

SDL_Color draw_whale_colour(void) { return (SDL_Color){90, 220, 255, 255}; }

// The bounds' circles hold half of each part's width: the body is drawn its
// whole width across, the pectoral fins reach half the head's width and
// 30 * sz aside and 40 * sz back, the tail fin half the last width and 6 px;
// a charge's wind-up draws its aim line out to the player and beyond.
double draw_whale_reach(const Whale *c) {
    double wide = 0.0;
    for (int i = 0; i <= WHALE_SEGMENTS; i++) wide = fmax(wide, c->width[i]);
    double reach = wide + 70.0 * (c->width[1] / 60.0) + 8.0;
    // A charge winding up draws its line from the head past the player
    // (draw_aim: 120 px beyond the aim, chevrons 7 px wide, the ring 25 px).
    if (c->alive && c->dive == WHALE_WINDUP) reach = fmax(reach, v2_dist(c->aim, c->pos) + 120.0 + 10.0 + 26.0);
    return reach;
}

void draw_whale(RenderCtx *rc, const struct World *w, const Whale *c) {
    Look lk = {255, 0, 0, 0, 0, 0, 0};
    if (!c->alive) {                               // dead: it rolls over and sinks (the simulation's roll)
        lk.alpha = (Uint8)(c->dead_ticks < 300 ? 255 - c->dead_ticks / 4 : 180);
        lk.roll = (float)c->roll;
        lk.flash = c->dead_ticks < 8 ? 1.0f - c->dead_ticks / 8.0f : 0.0f;
    } else {
        lk.flash = c->hurt_ticks > 0 ? 0.6f * c->hurt_ticks / 6.0f : 0.0f;
        lk.glow = 0.5f * c->phase;
        if (c->dive == WHALE_WINDUP) lk.halo = 0.6f + 0.4f * sinf((float)c->age * 0.5f);
        else if (c->dive == WHALE_DIVING) lk.halo = 0.35f;
        else if (c->dive == WHALE_SWELL) lk.swell = fminf(1.0f, (float)c->dive_timer / WHALE_SPOUT_WINDUP_TICKS);
    }
    SDL_SetRenderDrawBlendMode(rc->r, SDL_BLENDMODE_BLEND);
    if (lk.halo > 0 && rc->glow) {                 // the dive's telegraph
        SDL_SetTextureBlendMode(rc->glow, SDL_BLENDMODE_ADD);
        SDL_SetTextureColorMod(rc->glow, 255, 120, 40);
        SDL_SetTextureAlphaMod(rc->glow, (Uint8)(110 * lk.halo));
        for (int i = -1; i < WHALE_SEGMENTS; i++) {
            Vec2 p = i < 0 ? c->pos : c->seg[i];
            SDL_FPoint s = render_to_screen(rc, p);
            float r = (float)c->width[i + 1] * 1.1f + 6.0f;
            SDL_FRect d = {s.x - r, s.y - r, r * 2, r * 2};
            SDL_RenderCopyF(rc->r, rc->glow, NULL, &d);
        }
        SDL_SetTextureColorMod(rc->glow, 255, 255, 255);
        SDL_SetTextureAlphaMod(rc->glow, 255);
    }
    if (c->alive && c->dive == WHALE_WINDUP) draw_aim(rc, c);
    if (lk.swell > 0 && rc->glow) {                // the spout's telegraph: a pale glow swelling at the head
        SDL_SetTextureBlendMode(rc->glow, SDL_BLENDMODE_ADD);
        SDL_SetTextureColorMod(rc->glow, 120, 230, 255);
        SDL_SetTextureAlphaMod(rc->glow, (Uint8)(60 + 150 * lk.swell));
        SDL_FPoint s = render_to_screen(rc, c->pos);
        float r = (float)c->width[1] * (0.6f + 0.9f * lk.swell) + 4.0f * sinf((float)c->age * 0.9f);
        SDL_FRect d = {s.x - r, s.y - r, r * 2, r * 2};
        SDL_RenderCopyF(rc->r, rc->glow, NULL, &d);
        SDL_SetTextureColorMod(rc->glow, 255, 255, 255);
        SDL_SetTextureAlphaMod(rc->glow, 255);
    }
    float sz = (float)(c->width[1] / 60.0);
    if (lk.roll < 0.5f) draw_fins(rc, c, &lk, sz);
    draw_tail(rc, c, &lk);
    for (int i = WHALE_SEGMENTS - 2; i >= 0; i--) draw_segment(rc, c, i, &lk, sz);
    if (c->alive) {                                // the blow at a parked player: a ball of water
        DrawLobLook blow = {c->pos, WHALE_BLOW_WINDUP_TICKS, WHALE_BLOW_RADIUS_PX, 0.5 * c->width[1],
                            {150, 225, 255, 255}, {20, 60, 120, 255}};
        draw_lob(rc, w, &c->lob, &blow);
    }
    if (rc->debug) {
        SDL_Color ring = {120, 220, 255, 90};
        StarPusher p[WHALE_PUSHERS];
        int n = whale_pushers(c, p, WHALE_PUSHERS);
        for (int k = 0; k < n && k < 1; k++) {
            SDL_FPoint s = render_to_screen(rc, v2(p[k].x, p[k].y));
            render_circle(rc->r, s.x, s.y, (float)p[k].r, ring);
        }
        SDL_FPoint h = render_to_screen(rc, c->pos);
        render_circle(rc->r, h.x, h.y, (float)c->margin_px, (SDL_Color){255, 200, 80, 160});
    }
    SDL_SetRenderDrawBlendMode(rc->r, SDL_BLENDMODE_NONE);
}
