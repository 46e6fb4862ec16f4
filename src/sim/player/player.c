// player.c -- the body: snappy walking that follows ramps, variable jumps with
// coyote time and a jump buffer, sticking to walls and ceilings and climbing
// round inner and outer corners, and firing. The feel constants are in player.h.
#include "sim/player/player.h"

#include <math.h>
#include <string.h>

#include "core/dmath.h"

// A contact normal with y at or below this is a floor (within 45 degrees of
// straight up; the small slack keeps exact 45-degree ramps floors).
#define FLOOR_NY (-DM_SQRT1_2 + 1e-3)
// Penetration deeper than this (px) is resolved and counts as a contact.
#define CONTACT_EPS 1e-3
// A second surface this close (px at tile 32) to the body also touches it.
#define TOUCH_PX 0.25
// How far (px at tile 32) past r a climbing body still finds its surface.
#define STICK_MARGIN_PX 4.0
// Surfaces within this (px at tile 32) of the nearest distance count as tied.
#define TIE_PX 0.01
#define MAX_CONTACTS 4

typedef struct Contacts {
    int n;
    Vec2 normal[MAX_CONTACTS];
} Contacts;

static double scale_of(const Player *p) { return p->radius / PLAYER_RADIUS_PX; }
static bool is_floor(Vec2 n) { return n.y <= FLOOR_NY; }
// The tangent a body moves along on a surface: +90 degrees from the normal,
// so a floor's points right, a ceiling's left, a wall on the right's up.
static Vec2 tangent(Vec2 n) { return v2(-n.y, n.x); }

static double approach(double v, double target, double step) {
    if (v < target) return v + step < target ? v + step : target;
    return v - step > target ? v - step : target;
}

// Drops the part of v that goes into a surface with normal n.
static Vec2 clip(Vec2 v, Vec2 n) {
    double d = v2_dot(v, n);
    return d < 0.0 ? v2_sub(v, v2_scale(n, d)) : v;
}

static void contacts_add(Contacts *c, Vec2 n) {
    for (int i = 0; i < c->n; i++)
        if (v2_dot(c->normal[i], n) > 0.999) return;
    if (c->n < MAX_CONTACTS) c->normal[c->n++] = n;
}

// The held direction, 8-way, unit length (or zero).
static Vec2 held_dir(Input in) {
    int x = !!(in.buttons & BTN_RIGHT) - !!(in.buttons & BTN_LEFT);
    int y = !!(in.buttons & BTN_DOWN) - !!(in.buttons & BTN_UP);
    if (x && y) return v2(x * DM_SQRT1_2, y * DM_SQRT1_2);
    return v2(x, y);
}

// Pushes the circle out of solid: a few rounds of "nearest surface closer
// than r: move to r along its normal" (an inner corner needs two). The
// nearest point over the union of tiles has no seams, so no internal bumps.
static void push_out(const Tilemap *m, Vec2 *pos, double r, Contacts *c) {
    for (int i = 0; i < 4; i++) {
        Vec2 pt, n;
        double d = tilemap_nearest(m, *pos, r, &pt, &n);
        if (!(d < r - CONTACT_EPS)) break;
        *pos = v2_add(pt, v2_scale(n, r));
        contacts_add(c, n);
    }
}

// Moves by delta in sub-steps of at most r/2, pushing out after each; what is
// left of the motion slides along any surface it met.
static Vec2 move_body(const Tilemap *m, Vec2 pos, double r, Vec2 delta, Contacts *c) {
    double len = v2_len(delta);
    int steps = len > 0.0 ? (int)ceil(len / (0.5 * r)) : 1;
    if (steps < 1) steps = 1;
    if (steps > 64) steps = 64;
    Vec2 step = v2_scale(delta, 1.0 / steps);
    for (int i = 0; i < steps; i++) {
        pos = v2_add(pos, step);
        int before = c->n;
        push_out(m, &pos, r, c);
        for (int k = before; k < c->n; k++) step = clip(step, c->normal[k]);
    }
    return pos;
}

// The surface seen from pos pulled k toward `hint`, looked at again along
// that surface's own normal, so *a is the point of it under pos (the first
// look's nearest point is nearest to the pulled point, not to pos).
static bool surface_toward(const Tilemap *m, Vec2 pos, Vec2 hint, double k, double reach, Vec2 *a, Vec2 *n) {
    for (int i = 0; i < 2; i++) {
        Vec2 q = v2_sub(pos, v2_scale(hint, k));
        if (tilemap_nearest(m, q, reach + k, a, n) > reach + k) return false;
        hint = *n;
    }
    return true;
}

// The surfaces touching a body at pos, within reach of its centre. The first
// is the nearest one; when two are (nearly) as near, the one toward `toward`
// (the normal of the surface the body was on) wins, so a wall met while
// walking cannot steal the floor. A second one is looked for away from the
// first (an inner corner). Normals point from the surface to pos. Returns
// 0..2 and the first surface point in *pt.
static int find_surfaces(const Tilemap *m, Vec2 pos, double r, double reach, Vec2 toward, Vec2 *pt,
                         Vec2 normals[2]) {
    double k = 0.5 * r, s = r / PLAYER_RADIUS_PX;
    Vec2 a, n, ab, nb;
    double d0 = tilemap_nearest(m, pos, reach, &a, &n);
    if (d0 > reach) return 0;
    if (surface_toward(m, pos, toward, k, reach, &ab, &nb) && v2_dist(pos, ab) <= d0 + TIE_PX * s) {
        a = ab;
        n = nb;
    }
    Vec2 off = v2_sub(pos, a);
    double dist = v2_len(off);
    Vec2 n1 = dist > 1e-9 && v2_dot(off, n) > 0.0 ? v2_scale(off, 1.0 / dist) : n;
    *pt = a;
    normals[0] = n1;
    int count = 1;
    Vec2 b, n2;
    if (surface_toward(m, pos, v2_scale(n1, -1.0), k, r, &b, &n2)) {
        Vec2 off2 = v2_sub(pos, b);
        double d2 = v2_len(off2);
        if (d2 > 1e-9 && d2 <= r + TOUCH_PX * s && v2_dot(off2, n2) > 0.0) {
            Vec2 u = v2_scale(off2, 1.0 / d2);
            if (v2_dot(u, n1) < 0.995) normals[count++] = u;
        }
    }
    return count;
}

// The point of the surface toward `hint` under pos, when within reach, and
// the unit normal from it to pos.
static bool surface_point(const Tilemap *m, Vec2 pos, double r, double reach, Vec2 hint, Vec2 *a, Vec2 *n) {
    Vec2 n0;
    if (!surface_toward(m, pos, hint, 0.5 * r, reach, a, &n0)) return false;
    Vec2 off = v2_sub(pos, *a);
    double d = v2_len(off);
    if (d > reach) return false;
    *n = d > 1e-9 && v2_dot(off, n0) > 0.0 ? v2_scale(off, 1.0 / d) : n0;
    return true;
}

// The floor under the body: the surface toward `hint` (the last floor
// normal), when it is within reach and floor-like.
static bool floor_under(const Tilemap *m, Vec2 pos, double r, double reach, Vec2 hint, Vec2 *a, Vec2 *n) {
    return surface_point(m, pos, r, reach, hint, a, n) && is_floor(*n);
}

// Moves the body to exactly r from the surface toward `hint` (when one is
// within reach), e.g. after the last sub-step slid it slightly off.
static void settle(const Tilemap *m, Vec2 *pos, double r, double reach, Vec2 hint) {
    Vec2 a, n;
    if (!surface_point(m, *pos, r, reach, hint, &a, &n)) return;
    *pos = v2_add(a, v2_scale(n, r));
    Contacts c = {0};
    push_out(m, pos, r, &c);
}

// Mean of the floor-like normals (count of them in *nf), or of all of them.
static Vec2 mean_normal(const Vec2 *normals, int count, bool floors_only, int *nf) {
    Vec2 sum = v2(0, 0);
    int used = 0;
    for (int i = 0; i < count; i++) {
        if (floors_only && !is_floor(normals[i])) continue;
        sum = v2_add(sum, normals[i]);
        used++;
    }
    if (nf) *nf = used;
    Vec2 u = v2_norm(sum);
    return used && v2_len2(u) > 0.0 ? u : (count ? normals[0] : v2(0, -1));
}

static void become_air(Player *p) {
    p->state = PLAYER_AIR;
    p->normal = v2(0, -1);
}

static void land(Player *p, const PlayerCtx *ctx, Vec2 floor_n) {
    p->state = PLAYER_GROUND;
    p->normal = floor_n;
    p->jump_hold = 0;
    p->coyote = 0;
    events_push(ctx->events, EV_LAND, WHO_PLAYER, 0, p->pos.x, p->pos.y);
}

static void step_air(Player *p, const PlayerCtx *ctx, Input in, int dx, double s);

// A jump from the ground (or within coyote time): keeps the horizontal speed.
static void ground_jump(Player *p, const PlayerCtx *ctx, double s) {
    p->vel = v2(p->state == PLAYER_GROUND ? p->ground_speed : p->vel.x, -PLAYER_JUMP_SPEED * s);
    p->jump_hold = PLAYER_JUMP_HOLD_TICKS;
    p->jump_buffer = 0;
    p->coyote = 0;
    if (p->attach_cooldown < PLAYER_HOP_COOLDOWN_TICKS) p->attach_cooldown = PLAYER_HOP_COOLDOWN_TICKS;
    become_air(p);
    events_push(ctx->events, EV_JUMP, WHO_PLAYER, 0, p->pos.x, p->pos.y);
}

static void step_ground(Player *p, const PlayerCtx *ctx, Input in, int dx, double s) {
    const Tilemap *m = ctx->map;
    double r = p->radius;
    if (p->jump_buffer > 0) {
        ground_jump(p, ctx, s);
        step_air(p, ctx, in, dx, s);
        return;
    }
    double gs = p->ground_speed;
    double accel = dx == 0 ? PLAYER_GROUND_DECEL : gs * dx < 0.0 ? PLAYER_TURN_ACCEL : PLAYER_GROUND_ACCEL;
    // Rolling over a corner (the normal is neither flat nor a 45-degree face)
    // the body does not stop: it never ends up perched on an edge.
    double ax = fabs(p->normal.x);
    bool on_corner = ax > 0.01 && fabs(ax - DM_SQRT1_2) > 0.01;
    if (!(dx == 0 && on_corner)) gs = approach(gs, dx * PLAYER_WALK_SPEED * s, accel * s);

    // Along the floor with the horizontal speed gs (ramps take the same
    // time per column as flat ground).
    Vec2 t = tangent(p->normal);
    Vec2 delta = v2_scale(t, gs / t.x);
    Contacts c = {0};
    Vec2 pos = move_body(m, p->pos, r, delta, &c);
    for (int i = 0; i < c.n; i++)
        if (!is_floor(c.normal[i]) && v2_dot(delta, c.normal[i]) < 0.0) gs = 0.0;

    // Snap down to the floor (walking down a ramp or over a crest never
    // leaves the ground); no floor within reach: walked off a ledge. The
    // floor is looked for under the body, so a wall it is pressed against
    // (nearer than the floor) cannot hide it.
    double reach = r + fabs(delta.x) + fabs(delta.y) + 2.0 * s;
    Vec2 fa, fn;
    if (!floor_under(m, pos, r, reach, p->normal, &fa, &fn) && !floor_under(m, pos, r, reach, v2(0, -1), &fa, &fn)) {
        p->pos = pos;
        p->vel = delta;
        if (p->vel.y < 0.0) p->vel.y = 0.0;
        p->coyote = PLAYER_COYOTE_TICKS;
        become_air(p);
        return;
    }
    // Snap, and settle into an inner corner (floor and wall) by alternating
    // with the push out of the wall.
    for (int i = 0; i < 4; i++) {
        pos = v2_add(fa, v2_scale(fn, r));
        Contacts c2 = {0};
        push_out(m, &pos, r, &c2);
        if (c2.n == 0 || !floor_under(m, pos, r, r + STICK_MARGIN_PX * s, fn, &fa, &fn)) break;
    }
    Vec2 pt, normals[2];
    int nf = 0;
    int ns = find_surfaces(m, pos, r, r + TOUCH_PX * s, fn, &pt, normals);
    Vec2 mean = mean_normal(normals, ns, true, &nf);
    if (nf > 0) fn = mean;
    p->pos = pos;
    p->normal = fn;
    p->ground_speed = gs;
    t = tangent(fn);
    p->vel = v2_scale(t, gs / t.x);
}

static void step_air(Player *p, const PlayerCtx *ctx, Input in, int dx, double s) {
    const Tilemap *m = ctx->map;
    double r = p->radius;
    bool can_coyote = p->coyote > 0;
    if (p->coyote > 0) p->coyote--;
    if (can_coyote && p->jump_buffer > 0) ground_jump(p, ctx, s);

    double top = PLAYER_WALK_SPEED * s;
    double accel = dx == 0 || p->vel.x * dx > top ? PLAYER_AIR_DECEL : PLAYER_AIR_ACCEL;
    p->vel.x = approach(p->vel.x, dx * top, accel * s);

    double g = PLAYER_GRAVITY;
    if (p->jump_hold > 0) {
        if ((in.buttons & BTN_JUMP) && p->vel.y < 0.0) {
            g = PLAYER_GRAVITY_HOLD;
            p->jump_hold--;
        } else {
            if (p->vel.y < -PLAYER_JUMP_CUT_SPEED * s) p->vel.y = -PLAYER_JUMP_CUT_SPEED * s;
            p->jump_hold = 0;
        }
    }
    p->vel.y += g * s;
    if (p->vel.y > PLAYER_MAX_FALL * s) p->vel.y = PLAYER_MAX_FALL * s;

    Contacts c = {0};
    p->pos = move_body(m, p->pos, r, p->vel, &c);
    bool wall = false;
    for (int i = 0; i < c.n; i++) {
        p->vel = clip(p->vel, c.normal[i]);
        if (!is_floor(c.normal[i])) wall = true;
    }
    if (c.n == 0) return;

    Vec2 pt, normals[2];
    int nf = 0;
    int ns = find_surfaces(m, p->pos, r, r + TOUCH_PX * s, c.normal[c.n - 1], &pt, normals);
    Vec2 fn = mean_normal(c.normal, c.n, true, &nf);
    if (nf == 0) fn = mean_normal(normals, ns, true, &nf);
    if (nf > 0) {
        settle(m, &p->pos, r, r + STICK_MARGIN_PX * s, fn);
        p->ground_speed = p->vel.x;
        land(p, ctx, fn);
        Vec2 t = tangent(fn);
        p->vel = v2_scale(t, p->ground_speed / t.x);
        return;
    }
    if (wall && p->attach_cooldown == 0 && p->hp > 0) {
        p->state = PLAYER_WALL;
        settle(m, &p->pos, r, r + STICK_MARGIN_PX * s, c.normal[c.n - 1]);
        ns = find_surfaces(m, p->pos, r, r + TOUCH_PX * s, c.normal[c.n - 1], &pt, normals);
        p->normal = ns > 0 ? mean_normal(normals, ns, false, NULL) : c.normal[c.n - 1];
        p->vel = v2(0, 0);
        p->jump_hold = 0;
        events_push(ctx->events, EV_ATTACH, WHO_PLAYER, 0, p->pos.x, p->pos.y);
    }
}

// The climbing direction: the held direction projected on the tangent of
// each touching surface; the strongest that does not run into the other
// surface of an inner corner wins. Zero when nothing useful is held.
static Vec2 climb_dir(Vec2 d, const Vec2 *normals, int ns, int *along) {
    double best = PLAYER_CLIMB_MIN_PROJ;
    Vec2 dir = v2(0, 0);
    for (int i = 0; i < ns; i++) {
        Vec2 t = tangent(normals[i]);
        double proj = v2_dot(d, t);
        if (fabs(proj) < best) continue;
        Vec2 cand = v2_scale(t, proj > 0.0 ? 1.0 : -1.0);
        bool blocked = false;
        for (int j = 0; j < ns; j++)
            if (j != i && v2_dot(cand, normals[j]) < -0.1) blocked = true;
        if (blocked) continue;
        best = fabs(proj);
        dir = cand;
        *along = i;
    }
    return dir;
}

static void leap(Player *p, const PlayerCtx *ctx, Vec2 n, double s) {
    double up = 1.0 - (n.y > 0.0 ? n.y : 0.0);
    p->vel = v2_scale(n, PLAYER_LEAP_SPEED * s);
    p->vel.y -= PLAYER_LEAP_UP * s * up;
    p->jump_hold = PLAYER_JUMP_HOLD_TICKS;
    p->jump_buffer = 0;
    p->coyote = 0;
    p->attach_cooldown = PLAYER_ATTACH_COOLDOWN_TICKS;
    become_air(p);
    events_push(ctx->events, EV_JUMP, WHO_PLAYER, 1, p->pos.x, p->pos.y);
}

static void step_wall(Player *p, const PlayerCtx *ctx, Input in, int dx, double s) {
    const Tilemap *m = ctx->map;
    double r = p->radius;
    double reach = r + STICK_MARGIN_PX * s;
    Vec2 pt, normals[2];
    int ns = find_surfaces(m, p->pos, r, reach, p->normal, &pt, normals);
    if (ns == 0) {
        become_air(p);
        step_air(p, ctx, in, dx, s);
        return;
    }
    if (p->jump_buffer > 0) {
        leap(p, ctx, mean_normal(normals, ns, false, NULL), s);
        step_air(p, ctx, in, dx, s);
        return;
    }
    int along = 0;
    Vec2 dir = climb_dir(held_dir(in), normals, ns, &along);
    Vec2 from = p->pos;
    Contacts c = {0};
    Vec2 pos = move_body(m, from, r, v2_scale(dir, PLAYER_CLIMB_SPEED * s), &c);

    // Re-stick at distance r: past an outer corner the nearest point is the
    // corner itself, so the body arcs round it with the normal turning.
    ns = find_surfaces(m, pos, r, reach, normals[along], &pt, normals);
    if (ns == 0) {
        p->pos = pos;
        p->vel = v2_sub(pos, from);
        become_air(p);
        return;
    }
    pos = v2_add(pt, v2_scale(normals[0], r));
    Contacts c2 = {0};
    push_out(m, &pos, r, &c2);
    Vec2 keep = normals[0];
    ns = find_surfaces(m, pos, r, r + TOUCH_PX * s, keep, &pt, normals);
    if (ns == 0) {
        normals[0] = keep;
        ns = 1;
    }
    p->vel = v2_sub(pos, from);
    p->pos = pos;
    int nf = 0;
    Vec2 fn = mean_normal(normals, ns, true, &nf);
    if (nf > 0) {
        // Reached a floor: stand on it and walk on, keeping the climb's
        // sideways motion.
        settle(m, &p->pos, r, r + TOUCH_PX * s, fn);
        // Topping out keeps at least the climb speed, so the body rolls on
        // over the edge instead of stopping on it.
        double vx = p->vel.x, climb = PLAYER_CLIMB_SPEED * s;
        p->ground_speed = vx > 0.0 ? fmax(vx, climb) : vx < 0.0 ? fmin(vx, -climb) : 0.0;
        land(p, ctx, fn);
        return;
    }
    p->normal = mean_normal(normals, ns, false, NULL);
}

static void fire(Player *p, const PlayerCtx *ctx, Input in, double s) {
    if (!(in.buttons & BTN_FIRE) || p->fire_cooldown > 0) return;
    Vec2 d = held_dir(in);
    if (d.x == 0.0 && d.y == 0.0) d = v2(p->facing, 0);
    Vec2 at = v2_add(p->pos, v2_scale(d, p->radius + PLAYER_BULLET_RADIUS * s));
    bullets_spawn(ctx->bullets, OWNER_PLAYER, WHO_PLAYER, at, v2_scale(d, PLAYER_BULLET_SPEED * s),
                  PLAYER_BULLET_RADIUS * s, PLAYER_BULLET_DAMAGE, PLAYER_BULLET_TTL);
    p->shots++;
    p->fire_cooldown = PLAYER_FIRE_COOLDOWN_TICKS;
    events_push(ctx->events, EV_SHOT, WHO_PLAYER, 0, at.x, at.y);
}

void player_init(Player *p, int col, int row, int tile) {
    memset(p, 0, sizeof *p);
    p->radius = PLAYER_RADIUS_PX * tile / PLAYER_REF_TILE_PX;
    p->pos = v2((col + 0.5) * tile, (row + 1) * tile - p->radius);
    p->normal = v2(0, -1);
    p->facing = 1;
    p->hp = p->hp_max = 10;
    // Standing: the first tick finds the floor (no landing event at the
    // start) or, over nothing, walks off into the air.
    p->state = PLAYER_GROUND;
    legs_init(&p->legs);
}

void player_step(Player *p, const PlayerCtx *ctx, Input in, Input prev) {
    double s = scale_of(p);
    if (p->hp <= 0) in.buttons = 0;    // the dead do not steer (the body still falls)
    bool pressed = (in.buttons & BTN_JUMP) && !(prev.buttons & BTN_JUMP);
    if (p->invuln > 0) p->invuln--;
    if (p->fire_cooldown > 0) p->fire_cooldown--;
    if (p->attach_cooldown > 0) p->attach_cooldown--;
    if (p->jump_buffer > 0) p->jump_buffer--;
    if (pressed) p->jump_buffer = PLAYER_JUMP_BUFFER_TICKS;
    int dx = !!(in.buttons & BTN_RIGHT) - !!(in.buttons & BTN_LEFT);
    if (dx) p->facing = dx;

    switch (p->state) {
    case PLAYER_GROUND: step_ground(p, ctx, in, dx, s); break;
    case PLAYER_WALL: step_wall(p, ctx, in, dx, s); break;
    default: step_air(p, ctx, in, dx, s); break;
    }
    fire(p, ctx, in, s);
    LegsBody body = {p->pos, p->vel, p->normal, p->state == PLAYER_WALL, p->radius, p->facing};
    legs_step(&p->legs, ctx->map, &body, ctx->events);
}

void player_hurt(Player *p, Events *ev, int damage) {
    if (p->invuln > 0 || p->hp <= 0) return;
    p->hp -= damage;
    if (p->hp < 0) p->hp = 0;
    p->invuln = PLAYER_INVULN_TICKS;
    events_push(ev, EV_PLAYER_HURT, WHO_PLAYER, damage, p->pos.x, p->pos.y);
}

void player_hash(const Player *p, Hash *h) {
    hash_f64(h, p->pos.x);
    hash_f64(h, p->pos.y);
    hash_f64(h, p->vel.x);
    hash_f64(h, p->vel.y);
    hash_f64(h, p->radius);
    hash_i64(h, p->state);
    hash_f64(h, p->normal.x);
    hash_f64(h, p->normal.y);
    hash_f64(h, p->ground_speed);
    hash_i64(h, p->facing);
    hash_i64(h, p->hp);
    hash_i64(h, p->hp_max);
    hash_i64(h, p->coyote);
    hash_i64(h, p->jump_buffer);
    hash_i64(h, p->jump_hold);
    hash_i64(h, p->attach_cooldown);
    hash_i64(h, p->fire_cooldown);
    hash_i64(h, p->invuln);
    hash_i64(h, p->shots);
    legs_hash(&p->legs, h);
}
