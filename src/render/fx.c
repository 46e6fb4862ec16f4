// fx.c -- particles, flashes and shake spawned from World events. Effects
// advance once per sim tick (so headless frames and live play look alike)
// and draw with the soft "glow" texture the renderer bakes at start-up.
// Also the feedback the sim has no state for: dash afterimages, the dead
// player's shell and legs flying off, each creature's white hit flash, the
// boss bar's phase glow and the hearts popping off the HUD.
#include "render/fx.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "render/render_local.h"
#include "sim/player/legs.h"
#include "sim/world.h"

// How long the feedback lasts, in ticks (docs/feedback.md).
#define GHOST_TICKS 14         // a dash afterimage fades out
#define DEBRIS_TICKS 110       // the dead player's shell and legs, the last 30 fading
#define DEBRIS_FADE_TICKS 30
#define BOSS_FLASH_TICKS 5     // a creature's white flash after a hit
#define BOSS_FLASH_EVERY 20    // at most one full flash per creature in this many ticks (3 a second)
#define BOSS_FLASH_SOFT 0.3f   // ... hits in between flash this strongly
#define PHASE_PULSE_TICKS 40   // the boss bar glows after a phase change
#define HEART_POP_TICKS 24     // a lost heart pops off the HUD

bool fx_init(RenderCtx *rc) {
    rc->fx = calloc(1, sizeof *rc->fx);
    return rc->fx != NULL;
}

void fx_free(RenderCtx *rc) {
    free(rc->fx);
    rc->fx = NULL;
}

void fx_clear(RenderCtx *rc) {
    if (!rc->fx) return;
    rc->fx->count = 0;
    rc->fx->shake = 0;
    rc->fx->hurt_flash = 0;
    rc->fx->white_flash = 0;
    memset(rc->fx->boss_flash, 0, sizeof rc->fx->boss_flash);
    memset(rc->fx->boss_flash_cd, 0, sizeof rc->fx->boss_flash_cd);
    rc->fx->phase_pulse = 0;
    rc->fx->heart_pop = 0;
    rc->fx->hearts_lost = 0;
}

static float vrand(RenderCtx *rc, float lo, float hi) { return (float)rng_range(&rc->vis, lo, hi); }

static Particle *spawn(RenderCtx *rc, FxKind kind, double x, double y) {
    Fx *fx = rc->fx;
    if (fx->count >= FX_MAX_PARTICLES) return NULL;
    Particle *p = &fx->p[fx->count++];
    memset(p, 0, sizeof *p);
    p->kind = (unsigned char)kind;
    p->x = (float)x;
    p->y = (float)y;
    return p;
}

// n particles flying out in random directions at speed lo..hi.
static void burst(RenderCtx *rc, FxKind kind, double x, double y, int n, float lo, float hi, float size,
                  int life, SDL_Color c) {
    for (int i = 0; i < n; i++) {
        Particle *p = spawn(rc, kind, x, y);
        if (!p) return;
        float a = vrand(rc, 0.0f, 6.2831853f);
        float v = vrand(rc, lo, hi);
        p->vx = cosf(a) * v;
        p->vy = sinf(a) * v;
        p->size = size * vrand(rc, 0.7f, 1.3f);
        p->life = p->life_max = life + (int)vrand(rc, 0.0f, (float)life * 0.5f);
        p->c = c;
    }
}

static void flash(RenderCtx *rc, double x, double y, float size, int life, SDL_Color c) {
    Particle *p = spawn(rc, FX_FLASH, x, y);
    if (!p) return;
    p->size = size;
    p->life = p->life_max = life;
    p->c = c;
}

static void who_colour(EventWho who, SDL_Color *c) {
    switch (who) {
#define WHO_COLOUR(KIND, prefix, Type) \
    case WHO_##KIND: *c = draw_##prefix##_colour(); break;
    CREATURES(WHO_COLOUR)
#undef WHO_COLOUR
    default: *c = (SDL_Color){255, 240, 180, 255}; break;
    }
}

// A full flash (v >= 1) at most every BOSS_FLASH_EVERY ticks, so steady
// fire never strobes the creature white faster than 3 times a second; a
// phase change (v > 1) always flashes.
static void set_flash(Fx *fx, int kind, int index, float v) {
    if (index < 0) return;
    int i = index < FX_FLASH_MAX ? index : FX_FLASH_MAX - 1;
    int *cd = &fx->boss_flash_cd[kind][i];
    if (v <= 1.0f && *cd > 0) v = BOSS_FLASH_SOFT;
    else *cd = BOSS_FLASH_EVERY;
    float *f = &fx->boss_flash[kind][i];
    if (*f < v) *f = v;
}

// The creature of the event's kind nearest to where it happened gets a
// white flash of strength v (the events name the kind, not the creature).
static void boss_flash(Fx *fx, const World *w, const Event *e, float v) {
    int kind = 0;
    Vec2 at = v2(e->x, e->y);
#define FLASH_KIND(KIND, prefix, Type)                                \
    if (e->who == WHO_##KIND) {                                             \
        int best = -1;                                                      \
        double best_d = 0.0;                                                \
        for (int i = 0; i < w->prefix##_count; i++) {                       \
            double d = v2_len2(v2_sub(prefix##_pos(&w->prefix##s[i]), at)); \
            if (best < 0 || d < best_d) {                                   \
                best = i;                                                   \
                best_d = d;                                                 \
            }                                                               \
        }                                                                   \
        set_flash(fx, kind, best, v);                                       \
    }                                                                       \
    kind++;
    CREATURES(FLASH_KIND)
#undef FLASH_KIND
}

// A dash afterimage of the body where it is now.
static void ghost(RenderCtx *rc, const Player *p) {
    Particle *g = spawn(rc, FX_GHOST, p->pos.x, p->pos.y);
    if (!g) return;
    g->size = (float)p->radius;
    g->life = g->life_max = GHOST_TICKS;
    g->flip = p->facing < 0;
    g->c = (SDL_Color){70, 200, 255, 255};
}

// A flying piece of the dead player: from its place (x, y), away from the
// body's centre c, with a hop up, spinning.
static void fly_off(RenderCtx *rc, Particle *p, Vec2 c, float lo, float hi) {
    float dx = p->x - (float)c.x, dy = p->y - (float)c.y, d = sqrtf(dx * dx + dy * dy);
    float a = d > 1e-3f ? atan2f(dy, dx) : vrand(rc, 0.0f, 6.2831853f);
    a += vrand(rc, -0.5f, 0.5f);
    float v = vrand(rc, lo, hi);
    p->vx = cosf(a) * v;
    p->vy = sinf(a) * v - vrand(rc, 2.0f, 4.0f);
    p->spin = vrand(rc, -0.35f, 0.35f);
    p->gravity = 0.28f;
    p->life = p->life_max = DEBRIS_TICKS + (int)vrand(rc, 0.0f, 20.0f);
}

// The dead player bursts: the shell in four quarters, every leg as two
// bones from its last pose (a folded leg springs out from under the body
// first), and glowing goo.
static void player_burst(RenderCtx *rc, const World *w) {
    const Player *pl = &w->player;
    const Legs *L = &pl->legs;
    float r = (float)pl->radius;
    for (int q = 0; q < 4; q++) {
        float ox = (q % 2 ? 0.5f : -0.5f) * r, oy = (q / 2 ? 0.5f : -0.5f) * r;
        Particle *p = spawn(rc, FX_SHARD, pl->pos.x + ox, pl->pos.y + oy);
        if (!p) return;
        fly_off(rc, p, pl->pos, 2.5f, 5.0f);
        p->size = r;
        p->part = (unsigned char)q;
        p->flip = pl->facing < 0;
    }
    for (int i = 0; i < LEGS_COUNT; i++) {
        const Leg *g = &L->leg[i];
        const LegProfile *pr = &L->prof[i];
        double sc = L->scale > 0 ? L->scale : 1.0;
        Vec2 root = g->root, knee = g->knee, foot = g->foot;
        if (g->grow < 0.3) {
            // Folded away: the leg as it would stand out sideways.
            double side = leg_side(i) * (pl->facing < 0 ? -1.0 : 1.0);
            root = v2_add(pl->pos, v2(side * r * 0.55, r * 0.25));
            knee = v2_add(root, v2(side * pr->upper_px * sc * 0.75, -pr->upper_px * sc * 0.65));
            foot = v2_add(knee, v2(side * pr->lower_px * sc * 0.45, pr->lower_px * sc * 0.9));
        }
        bool near = i == LEG_FRONT_LEFT || i == LEG_BACK_LEFT;
        Vec2 ends[3] = {root, knee, foot};
        for (int b = 0; b < 2; b++) {
            Vec2 m = v2_scale(v2_add(ends[b], ends[b + 1]), 0.5), d = v2_sub(ends[b + 1], ends[b]);
            Particle *p = spawn(rc, FX_DEBRIS, m.x, m.y);
            if (!p) return;
            fly_off(rc, p, pl->pos, 1.5f, 4.5f);
            p->angle = atan2f((float)d.y, (float)d.x);
            p->len = (float)v2_len(d);
            p->size = (float)((b == 0 ? 2.6 : 1.9) * sc);
            p->c = near ? (SDL_Color){200, 120, 62, 255} : (SDL_Color){150, 106, 118, 255};
            p->c2 = near ? (SDL_Color){38, 22, 22, 255} : (SDL_Color){32, 20, 40, 255};
        }
    }
    burst(rc, FX_EMBER, pl->pos.x, pl->pos.y, 50, 1.0f, 6.5f, 4.5f, 40, (SDL_Color){255, 150, 60, 255});
    burst(rc, FX_SPARK, pl->pos.x, pl->pos.y, 30, 3.0f, 9.0f, 3.0f, 18, (SDL_Color){255, 235, 200, 255});
    Particle *ring = spawn(rc, FX_RING, pl->pos.x, pl->pos.y);
    if (ring) {
        ring->size = r;
        ring->grow = 6.0f;
        ring->life = ring->life_max = 24;
        ring->c = (SDL_Color){255, 200, 140, 255};
    }
}

// A player shot pinging off Tetran's arm (EV_BLOCKED from WHO_TETRAN, a =
// arm * TETRAN_MAX_SEGMENTS + segment): a white-hot flash on the arm, a
// tight ring and sparks glancing off the arm's side the shot came from (the
// player's), so a newcomer sees the arm stop the shot.
static void tetran_ping(RenderCtx *rc, const World *w, const Event *e, double ts) {
    int arm = e->a / TETRAN_MAX_SEGMENTS, seg = e->a % TETRAN_MAX_SEGMENTS;
    Vec2 at = v2(e->x, e->y), n = v2_norm(v2_sub(w->player.pos, at));
    for (int i = 0; i < w->tetran_count; i++) {
        const Tetran *t = &w->tetrans[i];
        if (!t->pts || arm >= t->cfg.arms || seg >= t->cfg.segments) continue;
        Vec2 d = v2_norm(v2_sub(tetran_joint(t, arm, seg + 1), tetran_joint(t, arm, seg)));
        Vec2 side = v2(-d.y, d.x);
        if (v2_dot(side, n) < 0.0) side = v2_scale(side, -1.0);
        if (v2_len2(side) > 0.0) n = side;
        break;
    }
    if (v2_len2(n) == 0.0) n = v2(0.0, 1.0);
    // The shot itself glances off: a bright streak along its path (from the
    // player) mirrored in the arm.
    Vec2 in = v2_norm(v2_sub(at, w->player.pos)), out = v2_sub(in, v2_scale(n, 2.0 * v2_dot(in, n)));
    Particle *shot = spawn(rc, FX_SPARK, e->x, e->y);
    if (shot && v2_len2(out) > 0.0) {
        shot->vx = (float)(out.x * 7.0);
        shot->vy = (float)(out.y * 7.0);
        shot->size = (float)(5.0 * ts);
        shot->life = shot->life_max = 12;
        shot->c = (SDL_Color){255, 250, 200, 255};
    }
    float base = atan2f((float)n.y, (float)n.x);
    for (int k = 0; k < 12; k++) {
        Particle *p = spawn(rc, FX_SPARK, e->x, e->y);
        if (!p) break;
        float a = base + vrand(rc, -1.0f, 1.0f), v = vrand(rc, 3.0f, 8.0f);
        p->vx = cosf(a) * v;
        p->vy = sinf(a) * v;
        p->size = (float)(3.4 * ts) * vrand(rc, 0.8f, 1.25f);
        p->life = p->life_max = 9 + (int)vrand(rc, 0.0f, 6.0f);
        p->c = k % 3 ? (SDL_Color){255, 236, 170, 255} : (SDL_Color){255, 255, 255, 255};
    }
    flash(rc, e->x, e->y, (float)(30 * ts), 6, (SDL_Color){255, 248, 220, 255});
    Particle *ring = spawn(rc, FX_RING, e->x, e->y);
    if (ring) {
        ring->size = (float)(5 * ts);
        ring->grow = (float)(2.2 * ts);
        ring->life = ring->life_max = 10;
        ring->c = (SDL_Color){255, 240, 200, 255};
    }
}

static void on_event(RenderCtx *rc, const World *w, const Event *e) {
    Fx *fx = rc->fx;
    SDL_Color c;
    double ts = w->map.tile > 0 ? w->map.tile / PLAYER_REF_TILE_PX : 1.0;   // scales like the player
    switch (e->type) {
    case EV_SHOT:
        flash(rc, e->x, e->y, (float)(14 * ts), 5, (SDL_Color){255, 250, 200, 255});
        burst(rc, FX_SPARK, e->x, e->y, 3, 1.0f, 2.5f, 3.0f, 6, (SDL_Color){255, 230, 120, 255});
        break;
    case EV_ENEMY_SHOT:
        who_colour(e->who, &c);
        flash(rc, e->x, e->y, (float)(12 * ts), 6, c);
        break;
    case EV_BULLET_WALL:
        c = e->a == OWNER_PLAYER ? (SDL_Color){255, 220, 120, 255} : (SDL_Color){255, 110, 160, 255};
        burst(rc, FX_SPARK, e->x, e->y, 7, 1.0f, 4.0f, 3.0f, 10, c);
        flash(rc, e->x, e->y, 10.0f, 4, c);
        break;
    case EV_HIT:
        who_colour(e->who, &c);
        flash(rc, e->x, e->y, (float)(22 * ts), 6, (SDL_Color){255, 255, 255, 255});
        burst(rc, FX_SPARK, e->x, e->y, 10, 1.5f, 5.0f, 3.5f, 12, c);
        if (fx->shake < 2.0f) fx->shake = 2.0f;
        boss_flash(fx, w, e, 1.0f);
        // A shot that reached Tetran's core: a ring round the core too, so
        // it reads apart from a shot stopped by an arm.
        for (int i = 0; i < w->tetran_count && e->who == WHO_TETRAN; i++) {
            const Tetran *t = &w->tetrans[i];
            if (v2_dist(t->pos, v2(e->x, e->y)) > t->cfg.core_px * 2.0 + 16.0) continue;
            Particle *p = spawn(rc, FX_RING, t->pos.x, t->pos.y);
            if (!p) break;
            p->size = (float)t->cfg.core_px;
            p->grow = (float)(2.5 * ts);
            p->life = p->life_max = 14;
            p->c = (SDL_Color){255, 120, 90, 255};
            break;
        }
        break;
    case EV_PHASE: {
        // A new phase: the boss flashes longer, a ring in its colour, the
        // bar glows.
        who_colour(e->who, &c);
        boss_flash(fx, w, e, 2.0f);
        fx->phase_pulse = 1.0f;
        if (fx->shake < 6.0f) fx->shake = 6.0f;
        for (int i = 0; i < 2; i++) {
            Particle *p = spawn(rc, FX_RING, e->x, e->y);
            if (!p) break;
            p->size = (float)((20 + 30 * i) * ts);
            p->grow = (float)((7.0 - 2.5 * i) * ts);
            p->life = p->life_max = 30 + 8 * i;
            p->c = c;
        }
        break;
    }
    case EV_DASH:
        // Speed lines off the back of the dash, the way it came from.
        for (int i = 0; i < 8; i++) {
            Particle *p = spawn(rc, FX_SPARK, e->x + vrand(rc, -6, 6), e->y + vrand(rc, -6, 6));
            if (!p) break;
            float v = vrand(rc, 2.0f, 5.0f);
            p->vx = (float)-w->player.dash_dir.x * v + vrand(rc, -0.6f, 0.6f);
            p->vy = (float)-w->player.dash_dir.y * v + vrand(rc, -0.6f, 0.6f);
            p->size = 2.0f;
            p->life = p->life_max = 10 + (int)vrand(rc, 0, 6);
            p->c = (SDL_Color){150, 235, 255, 255};
        }
        break;
    case EV_BLOCKED:
        if (e->who == WHO_TETRAN) tetran_ping(rc, w, e, ts);
        else burst(rc, FX_SPARK, e->x, e->y, 5, 2.0f, 4.5f, 2.5f, 8, (SDL_Color){200, 210, 230, 255});
        break;
    case EV_PLAYER_HURT: {
        fx->hurt_flash = 1.0f;
        if (fx->shake < 7.0f) fx->shake = 7.0f;
        burst(rc, FX_SPARK, w->player.pos.x, w->player.pos.y, 14, 1.5f, 4.5f, 3.5f, 14,
              (SDL_Color){255, 80, 80, 255});
        flash(rc, w->player.pos.x, w->player.pos.y, (float)(40 * ts), 8, (SDL_Color){255, 255, 255, 255});
        Particle *p = spawn(rc, FX_RING, w->player.pos.x, w->player.pos.y);
        if (p) {
            p->size = (float)w->player.radius;
            p->grow = (float)(4.0 * ts);
            p->life = p->life_max = 14;
            p->c = (SDL_Color){255, 90, 90, 255};
        }
        fx->heart_lost = w->player.hp;
        fx->hearts_lost = e->a > 0 ? e->a : 1;
        fx->heart_pop = 1.0f;
        break;
    }
    case EV_PLAYER_DEAD:
        fx->shake = 12.0f;
        player_burst(rc, w);
        flash(rc, w->player.pos.x, w->player.pos.y, (float)(60 * ts), 14, (SDL_Color){255, 200, 160, 255});
        break;
    case EV_JUMP:
    case EV_LAND: {
        double x = e->x, y = e->y;
        if (x == 0 && y == 0) {
            x = w->player.pos.x;
            y = w->player.pos.y + w->player.radius;
        }
        for (int i = 0; i < 6; i++) {
            Particle *p = spawn(rc, FX_DUST, x + vrand(rc, -6, 6), y);
            if (!p) break;
            p->vx = vrand(rc, -1.6f, 1.6f);
            p->vy = vrand(rc, -0.9f, -0.1f);
            p->size = (float)(4 * ts);
            p->grow = 0.25f;
            p->life = p->life_max = 20 + (int)vrand(rc, 0, 10);
            p->c = (SDL_Color){190, 180, 200, 150};
        }
        break;
    }
    case EV_STEP_LANDED:
        for (int i = 0; i < 3; i++) {
            Particle *p = spawn(rc, FX_DUST, e->x, e->y);
            if (!p) break;
            p->vx = vrand(rc, -0.6f, 0.6f);
            p->vy = vrand(rc, -0.6f, 0.6f);
            p->size = (float)(2.5 * ts);
            p->grow = 0.12f;
            p->life = p->life_max = 14 + (int)vrand(rc, 0, 6);
            p->c = (SDL_Color){200, 190, 210, 120};
        }
        break;
    case EV_BOSS_DOWN:
        who_colour(e->who, &c);
        fx->shake = 16.0f;
        fx->white_flash = 1.0f;
        burst(rc, FX_EMBER, e->x, e->y, 120, 1.0f, 9.0f, 7.0f, 60, c);
        burst(rc, FX_SPARK, e->x, e->y, 80, 3.0f, 14.0f, 4.0f, 30, (SDL_Color){255, 240, 200, 255});
        flash(rc, e->x, e->y, (float)(220 * ts), 30, (SDL_Color){255, 255, 230, 255});
        for (int i = 0; i < 3; i++) {
            Particle *p = spawn(rc, FX_RING, e->x, e->y);
            if (!p) break;
            p->size = (float)(10 + 20 * i);
            p->grow = 9.0f - 2.0f * (float)i;
            p->life = p->life_max = 40 + 10 * i;
            p->c = c;
        }
        break;
    default:
        break;
    }
}

void fx_tick(RenderCtx *rc, const World *w) {
    Fx *fx = rc->fx;
    if (!fx) return;
    // The feedback levels fade first, so a new hit shows at full strength.
    for (int k = 0; k < FX_KINDS; k++)
        for (int i = 0; i < FX_FLASH_MAX; i++) {
            float *f = &fx->boss_flash[k][i];
            *f = *f > 1.0f / BOSS_FLASH_TICKS ? *f - 1.0f / BOSS_FLASH_TICKS : 0.0f;
            if (fx->boss_flash_cd[k][i] > 0) fx->boss_flash_cd[k][i]--;
        }
    fx->phase_pulse = fx->phase_pulse > 1.0f / PHASE_PULSE_TICKS ? fx->phase_pulse - 1.0f / PHASE_PULSE_TICKS : 0.0f;
    fx->heart_pop = fx->heart_pop > 1.0f / HEART_POP_TICKS ? fx->heart_pop - 1.0f / HEART_POP_TICKS : 0.0f;
    for (int i = 0; i < w->events.count; i++) on_event(rc, w, &w->events.e[i]);
    if (w->player.dash_ticks > 0 && w->player.hp > 0) ghost(rc, &w->player);
    int n = 0;
    for (int i = 0; i < fx->count; i++) {
        Particle *p = &fx->p[i];
        if (--p->life <= 0) continue;
        float px = p->x, py = p->y;
        p->x += p->vx;
        p->y += p->vy;
        p->vy += p->gravity;
        p->angle += p->spin;
        // The dead player's pieces bounce off the rock and come to rest.
        if ((p->kind == FX_DEBRIS || p->kind == FX_SHARD) && tilemap_point_solid(&w->map, v2(p->x, p->y))) {
            bool floor = !tilemap_point_solid(&w->map, v2(p->x, py));
            p->x = floor ? p->x : px;
            p->y = py;
            if (floor) p->vy = -p->vy * 0.35f;
            else p->vx = -p->vx * 0.4f;
            p->vx *= 0.7f;
            p->spin *= 0.6f;
        }
        if (p->kind == FX_EMBER) p->vy += 0.12f;
        if (p->kind == FX_SPARK || p->kind == FX_EMBER) {
            p->vx *= 0.93f;
            p->vy *= 0.93f;
        } else if (p->kind == FX_DUST) {
            p->vx *= 0.9f;
            p->vy *= 0.9f;
        }
        p->size += p->grow;
        if (p->size < 0.5f) p->size = 0.5f;
        fx->p[n++] = *p;
    }
    fx->count = n;
    fx->shake *= 0.86f;
    if (fx->shake < 0.2f) fx->shake = 0;
    fx->hurt_flash *= 0.88f;
    fx->white_flash *= 0.9f;
}

static void draw_disc(RenderCtx *rc, float x, float y, float radius, SDL_Color c, Uint8 alpha, bool add) {
    SDL_FPoint s = render_to_screen(rc, v2(x, y));
    if (s.x + radius < 0 || s.y + radius < 0 || s.x - radius > rc->view_w || s.y - radius > rc->view_h) return;
    if (rc->glow) {
        SDL_SetTextureBlendMode(rc->glow, add ? SDL_BLENDMODE_ADD : SDL_BLENDMODE_BLEND);
        SDL_SetTextureColorMod(rc->glow, c.r, c.g, c.b);
        SDL_SetTextureAlphaMod(rc->glow, alpha);
        SDL_FRect d = {s.x - radius, s.y - radius, radius * 2, radius * 2};
        SDL_RenderCopyF(rc->r, rc->glow, NULL, &d);
    } else {
        SDL_SetRenderDrawBlendMode(rc->r, add ? SDL_BLENDMODE_ADD : SDL_BLENDMODE_BLEND);
        SDL_SetRenderDrawColor(rc->r, c.r, c.g, c.b, alpha);
        SDL_FRect d = {s.x - radius * 0.6f, s.y - radius * 0.6f, radius * 1.2f, radius * 1.2f};
        SDL_RenderFillRectF(rc->r, &d);
    }
}

static void draw_ring(RenderCtx *rc, float x, float y, float radius, SDL_Color c, Uint8 alpha) {
    SDL_FPoint s = render_to_screen(rc, v2(x, y));
    SDL_SetRenderDrawBlendMode(rc->r, SDL_BLENDMODE_ADD);
    SDL_SetRenderDrawColor(rc->r, c.r, c.g, c.b, alpha);
    SDL_FPoint pts[49];
    for (int k = 0; k < 3; k++) {
        float rr = radius + (float)k;
        for (int i = 0; i <= 48; i++) {
            float a = (float)i * 6.2831853f / 48.0f;
            pts[i] = (SDL_FPoint){s.x + cosf(a) * rr, s.y + sinf(a) * rr};
        }
        SDL_RenderDrawLinesF(rc->r, pts, 49);
    }
}

// The body sprite is 64 px with a body disc of radius 22 (tools/art_player.c).
#define BODY_SPRITE_PX 64.0f
#define BODY_SPRITE_R 22.0f

// A solid silhouette of the body in the dash colour, fading and shrinking.
static void draw_ghost(RenderCtx *rc, const Particle *p, float t) {
    SDL_FPoint s = render_to_screen(rc, v2(p->x, p->y));
    SDL_Texture *tex = render_tex_white(rc, "player/body.png");
    float size = BODY_SPRITE_PX * p->size / BODY_SPRITE_R * (0.75f + 0.25f * t);
    if (!tex) {
        draw_disc(rc, p->x, p->y, p->size * 1.6f, p->c, (Uint8)(170 * t), true);
        return;
    }
    SDL_FRect d = {s.x - size / 2, s.y - size / 2, size, size};
    SDL_SetTextureColorMod(tex, p->c.r, p->c.g, p->c.b);
    SDL_SetTextureAlphaMod(tex, (Uint8)(170 * t * t));
    SDL_RenderCopyExF(rc->r, tex, NULL, &d, 0.0, NULL, p->flip ? SDL_FLIP_HORIZONTAL : SDL_FLIP_NONE);
    SDL_SetTextureColorMod(tex, 255, 255, 255);
    SDL_SetTextureAlphaMod(tex, 255);
}

// Alpha of the dead player's pieces: solid, fading over their last ticks.
static Uint8 debris_alpha(const Particle *p) {
    return p->life >= DEBRIS_FADE_TICKS ? 255 : (Uint8)(255 * p->life / DEBRIS_FADE_TICKS);
}

// A leg bone: a tapered quad (dark rims, lit spine) as draw/player.c draws legs.
static void draw_debris(RenderCtx *rc, const Particle *p) {
    Uint8 a = debris_alpha(p);
    float cx = cosf(p->angle) * p->len / 2, cy = sinf(p->angle) * p->len / 2;
    SDL_FPoint m = render_to_screen(rc, v2(p->x, p->y));
    SDL_FPoint pa = {m.x - cx, m.y - cy}, pb = {m.x + cx, m.y + cy};
    float nx = -sinf(p->angle), ny = cosf(p->angle), wa = p->size, wb = p->size * 0.6f;
    SDL_Color lit = {p->c.r, p->c.g, p->c.b, a}, dark = {p->c2.r, p->c2.g, p->c2.b, a};
    SDL_Vertex v[6] = {
        {{pa.x + nx * wa, pa.y + ny * wa}, dark, {0, 0}}, {{pa.x, pa.y}, lit, {0, 0}},
        {{pa.x - nx * wa, pa.y - ny * wa}, dark, {0, 0}}, {{pb.x + nx * wb, pb.y + ny * wb}, dark, {0, 0}},
        {{pb.x, pb.y}, lit, {0, 0}},                      {{pb.x - nx * wb, pb.y - ny * wb}, dark, {0, 0}},
    };
    static const int idx[12] = {0, 1, 3, 1, 4, 3, 1, 2, 4, 2, 5, 4};
    SDL_RenderGeometry(rc->r, NULL, v, 6, idx, 12);
    render_fill_circle(rc->r, pa.x, pa.y, wa * 1.1f, dark);
}

// A quarter of the body sprite (part 0..3: top left, top right, bottom
// left, bottom right), spinning about its own centre.
static void draw_shard(RenderCtx *rc, const Particle *p) {
    Uint8 a = debris_alpha(p);
    SDL_FPoint s = render_to_screen(rc, v2(p->x, p->y));
    SDL_Texture *tex = render_tex(rc, "player/body.png");
    float half = BODY_SPRITE_PX * p->size / BODY_SPRITE_R / 2;
    if (!tex) {
        render_fill_circle(rc->r, s.x, s.y, p->size * 0.45f, (SDL_Color){200, 128, 50, a});
        return;
    }
    int tw = 0, th = 0;
    SDL_QueryTexture(tex, NULL, NULL, &tw, &th);
    int q = p->flip ? (p->part ^ 1) : p->part;
    SDL_Rect src = {(q % 2) * tw / 2, (q / 2) * th / 2, tw / 2, th / 2};
    SDL_FRect d = {s.x - half / 2, s.y - half / 2, half, half};
    SDL_SetTextureAlphaMod(tex, a);
    SDL_RenderCopyExF(rc->r, tex, &src, &d, p->angle * 57.29578f, NULL,
                      p->flip ? SDL_FLIP_HORIZONTAL : SDL_FLIP_NONE);
    SDL_SetTextureAlphaMod(tex, 255);
}

void fx_draw(RenderCtx *rc) {
    Fx *fx = rc->fx;
    if (!fx) return;
    for (int i = 0; i < fx->count; i++) {
        const Particle *p = &fx->p[i];
        float t = (float)p->life / (float)p->life_max;     // 1 new .. 0 dead
        switch (p->kind) {
        case FX_SPARK: {
            SDL_FPoint a = render_to_screen(rc, v2(p->x, p->y));
            SDL_FPoint b = render_to_screen(rc, v2(p->x - p->vx * 2.5f, p->y - p->vy * 2.5f));
            SDL_SetRenderDrawBlendMode(rc->r, SDL_BLENDMODE_ADD);
            SDL_SetRenderDrawColor(rc->r, p->c.r, p->c.g, p->c.b, (Uint8)(255 * t));
            SDL_RenderDrawLineF(rc->r, a.x, a.y, b.x, b.y);
            SDL_RenderDrawLineF(rc->r, a.x + 1, a.y, b.x + 1, b.y);
            draw_disc(rc, p->x, p->y, p->size * t + 1.0f, p->c, (Uint8)(200 * t), true);
            break;
        }
        case FX_DUST:
            draw_disc(rc, p->x, p->y, p->size, p->c, (Uint8)(p->c.a * t), false);
            break;
        case FX_FLASH:
            draw_disc(rc, p->x, p->y, p->size * (0.4f + 0.6f * t), p->c, (Uint8)(255 * t), true);
            break;
        case FX_EMBER:
            draw_disc(rc, p->x, p->y, p->size * (0.3f + 0.7f * t), p->c, (Uint8)(255 * t), true);
            break;
        case FX_RING:
            draw_ring(rc, p->x, p->y, p->size, p->c, (Uint8)(220 * t));
            break;
        case FX_GHOST: draw_ghost(rc, p, t); break;
        case FX_DEBRIS: draw_debris(rc, p); break;
        case FX_SHARD: draw_shard(rc, p); break;
        default:
            break;
        }
    }
}

// The strength of shake and flashes at each RenderLevel.
static const float SHAKE_LEVEL[3] = {1.0f, 0.4f, 0.0f};
static const float FLASH_LEVEL[3] = {1.0f, 0.35f, 0.0f};

float fx_shake_level(RenderLevel l) { return SHAKE_LEVEL[l <= RENDER_OFF ? l : RENDER_OFF]; }
float fx_flash_level(RenderLevel l) { return FLASH_LEVEL[l <= RENDER_OFF ? l : RENDER_OFF]; }

float fx_boss_flash(const RenderCtx *rc, int kind, int index) {
    if (!rc->fx || kind < 0 || kind >= FX_KINDS || index < 0) return 0.0f;
    float f = rc->fx->boss_flash[kind][index < FX_FLASH_MAX ? index : FX_FLASH_MAX - 1];
    return (f < 1.0f ? f : 1.0f) * fx_flash_level(rc->flashing);
}

void fx_draw_overlay(RenderCtx *rc) {
    Fx *fx = rc->fx;
    if (!fx) return;
    SDL_Rect all = {0, 0, rc->view_w, rc->view_h};
    float k = fx_flash_level(rc->flashing);
    if (fx->hurt_flash * k > 0.02f) {
        SDL_SetRenderDrawBlendMode(rc->r, SDL_BLENDMODE_BLEND);
        SDL_SetRenderDrawColor(rc->r, 220, 20, 30, (Uint8)(110 * fx->hurt_flash * k));
        SDL_RenderFillRect(rc->r, &all);
    }
    if (fx->white_flash * k > 0.02f) {
        SDL_SetRenderDrawBlendMode(rc->r, SDL_BLENDMODE_ADD);
        SDL_SetRenderDrawColor(rc->r, 255, 250, 235, (Uint8)(200 * fx->white_flash * k));
        SDL_RenderFillRect(rc->r, &all);
    }
}

void fx_shake_offset(RenderCtx *rc, double *dx, double *dy) {
    *dx = *dy = 0;
    if (!rc->fx || rc->fx->shake <= 0) return;
    double k = fx_shake_level(rc->shake) * rc->fx->shake;
    // Drawn even at 0 so the visual PRNG advances alike at every level.
    *dx = rng_range(&rc->vis, -1.0, 1.0) * k;
    *dy = rng_range(&rc->vis, -1.0, 1.0) * k;
}
