// player.c -- the body: snappy walking that follows ramps, variable jumps with
// coyote time and a jump buffer, grabbing walls and ceilings it touches and
// climbing round inner and outer corners, aim lock, dash, the wiggle gauge,
// firing and getting hit. The feel constants are in player.h; the body
// against the rock (pushing out, sub-steps, the surfaces it touches) is in
// player_surface.c.
#include "sim/player/player.h"

#include <math.h>
#include <string.h>

#include "core/dmath.h"
#include "sim/player/player_local.h"

// How far (px at tile 32) past r a climbing body still finds its surface.
#define STICK_MARGIN_PX 4.0

static double scale_of(const Player *p) { return p->radius / PLAYER_RADIUS_PX; }
// The tangent a body moves along on a surface: +90 degrees from the normal,
// so a floor's points right, a ceiling's left, a wall on the right's up.
static Vec2 tangent(Vec2 n) { return v2(-n.y, n.x); }

static double approach(double v, double target, double step) {
    if (v < target) return v + step < target ? v + step : target;
    return v - step > target ? v - step : target;
}

#define DIRECTION_BUTTONS (BTN_LEFT | BTN_RIGHT | BTN_UP | BTN_DOWN)

// One of the 8 directions (unit length) from its component signs, or zero.
static Vec2 dir8(int x, int y) {
    if (x && y) return v2(x * DM_SQRT1_2, y * DM_SQRT1_2);
    return v2(x, y);
}

// The held direction, 8-way, unit length (or zero).
static Vec2 held_dir(Input in) {
    return dir8(!!(in.buttons & BTN_RIGHT) - !!(in.buttons & BTN_LEFT),
                !!(in.buttons & BTN_DOWN) - !!(in.buttons & BTN_UP));
}

// An 8-way direction d without its part into a surface with normal n,
// snapped back to the nearest of the 8 directions (a component counts from
// sin 22.5 degrees of the length); zero when nothing is left.
static Vec2 off_surface(Vec2 d, Vec2 n) {
    double into = v2_dot(d, n);
    if (into >= -1e-9) return d;
    Vec2 t = v2_sub(d, v2_scale(n, into));
    double len = v2_len(t), k = 0.3827 * len;
    if (len < 0.2) return v2(0, 0);
    return dir8(t.x > k ? 1 : t.x < -k ? -1 : 0, t.y > k ? 1 : t.y < -k ? -1 : 0);
}

// Where the body "faces" when no direction is held: its horizontal facing;
// attached to a wall or an overhang, away from it (never into the rock);
// on a ceiling (|normal.x| < 0.3) the last horizontal facing.
static Vec2 facing_dir(const Player *p) {
    if (p->state == PLAYER_WALL && fabs(p->normal.x) >= 0.3) return v2(p->normal.x > 0.0 ? 1 : -1, 0);
    return v2(p->facing, 0);
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

static void step_air(Player *p, const PlayerCtx *ctx, Input in, int dx, bool steer, double s);

// A jump from the ground (or within coyote time): keeps the horizontal speed.
static void ground_jump(Player *p, const PlayerCtx *ctx, double s) {
    p->vel = v2(p->state == PLAYER_GROUND ? p->ground_speed : p->vel.x, -PLAYER_JUMP_SPEED * s);
    p->jump_hold = PLAYER_JUMP_HOLD_TICKS;
    p->jump_buffer = 0;
    p->coyote = 0;
    become_air(p);
    events_push(ctx->events, EV_JUMP, WHO_PLAYER, 0, p->pos.x, p->pos.y);
}

// lock: the body stands still (it stops at once and ignores dx).
static void step_ground(Player *p, const PlayerCtx *ctx, Input in, int dx, bool lock, double s) {
    const Tilemap *m = ctx->map;
    double r = p->radius;
    if (p->jump_buffer > 0) {
        ground_jump(p, ctx, s);
        step_air(p, ctx, in, dx, !lock, s);
        return;
    }
    double gs = lock ? 0.0 : p->ground_speed;
    double accel = dx == 0 ? PLAYER_GROUND_DECEL : gs * dx < 0.0 ? PLAYER_TURN_ACCEL : PLAYER_GROUND_ACCEL;
    // Rolling over a corner (the normal is neither flat nor a 45-degree face)
    // the body does not stop: it never ends up perched on an edge.
    double ax = fabs(p->normal.x);
    bool on_corner = ax > 0.01 && fabs(ax - DM_SQRT1_2) > 0.01;
    if (!lock && !(dx == 0 && on_corner)) gs = approach(gs, dx * PLAYER_WALK_SPEED * s, accel * s);

    // Along the floor with the horizontal speed gs (ramps take the same
    // time per column as flat ground).
    Vec2 t = tangent(p->normal);
    Vec2 delta = v2_scale(t, gs / t.x);
    Contacts c = {0};
    Vec2 pos = player_move_body(m, p->pos, r, delta, &c);
    for (int i = 0; i < c.n; i++)
        if (!is_floor(c.normal[i]) && v2_dot(delta, c.normal[i]) < 0.0) gs = 0.0;

    // Snap down to the floor (walking down a ramp or over a crest never
    // leaves the ground); no floor within reach: walked off a ledge. The
    // floor is looked for under the body, so a wall it is pressed against
    // (nearer than the floor) cannot hide it.
    double reach = r + fabs(delta.x) + fabs(delta.y) + 2.0 * s;
    Vec2 fa, fn;
    if (!player_floor_under(m, pos, r, reach, p->normal, &fa, &fn) &&
        !player_floor_under(m, pos, r, reach, v2(0, -1), &fa, &fn)) {
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
        player_push_out(m, &pos, r, &c2);
        if (c2.n == 0 || !player_floor_under(m, pos, r, r + STICK_MARGIN_PX * s, fn, &fa, &fn)) break;
    }
    Vec2 pt, normals[2];
    int nf = 0;
    int ns = player_find_surfaces(m, pos, r, r + TOUCH_PX * s, fn, &pt, normals);
    Vec2 mean = mean_normal(normals, ns, true, &nf);
    if (nf > 0) fn = mean;
    p->pos = pos;
    p->normal = fn;
    p->ground_speed = gs;
    t = tangent(fn);
    p->vel = v2_scale(t, gs / t.x);
}

// During the attach cooldown: is the surface with normal n under the body
// one of those the last leap left (its normal close, its point on that
// surface's line)?
static bool left_by_leap(const Player *p, Vec2 n, double s) {
    if (p->attach_cooldown <= 0) return false;
    Vec2 at = v2_sub(p->pos, v2_scale(n, p->radius));
    for (int i = 0; i < p->leap_ns; i++) {
        Vec2 ln = p->leap_n[i], from = v2_sub(p->leap_pos, v2_scale(ln, p->radius));
        if (v2_dot(n, ln) > PLAYER_SAME_SURFACE_DOT && fabs(v2_dot(v2_sub(at, from), ln)) <= PLAYER_SAME_SURFACE_PX * s)
            return true;
    }
    return false;
}

// A wall face (|normal.y| <= 0.5) is not grabbed while the jump is still
// being held up (jump_hold): the body slides up along it and grabs when the
// hold ends, so a jump beside a wall keeps its height and a jump held
// toward a low step clears it instead of sticking to its face.
static bool can_grab(const Player *p, Vec2 n, bool jump_held, double s) {
    if (fabs(n.y) <= 0.5 && jump_held && p->jump_hold > 0 && p->vel.y < 0.0) return false;
    return !left_by_leap(p, n, s);
}

// Sticks to the climbable surface with normal n (the hint for which one).
static void attach(Player *p, const PlayerCtx *ctx, Vec2 n, double s) {
    const Tilemap *m = ctx->map;
    double r = p->radius;
    Vec2 pt, normals[2];
    p->state = PLAYER_WALL;
    player_settle(m, &p->pos, r, r + STICK_MARGIN_PX * s, n);
    int ns = player_find_surfaces(m, p->pos, r, r + TOUCH_PX * s, n, &pt, normals);
    p->normal = ns > 0 ? mean_normal(normals, ns, false, NULL) : n;
    p->vel = v2(0, 0);
    p->jump_hold = 0;
    events_push(ctx->events, EV_ATTACH, WHO_PLAYER, 0, p->pos.x, p->pos.y);
}

// steer: air control and drag (off while locked: the momentum is kept).
// Knocked back, no direction reaches dx, so drag alone slows the hop.
static void step_air(Player *p, const PlayerCtx *ctx, Input in, int dx, bool steer, double s) {
    const Tilemap *m = ctx->map;
    double r = p->radius;
    bool can_coyote = p->coyote > 0;
    if (p->coyote > 0) p->coyote--;
    if (can_coyote && p->jump_buffer > 0) ground_jump(p, ctx, s);

    if (steer) {
        double top = PLAYER_WALK_SPEED * s;
        double accel = dx == 0 || p->vel.x * dx > top ? PLAYER_AIR_DECEL : PLAYER_AIR_ACCEL;
        p->vel.x = approach(p->vel.x, dx * top, accel * s);
    }

    bool jump_held = (in.buttons & BTN_JUMP) != 0;
    double g = PLAYER_GRAVITY;
    if (p->jump_hold > 0) {
        if (jump_held && p->vel.y < 0.0) {
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
    p->pos = player_move_body(m, p->pos, r, p->vel, &c);
    Vec2 pt, normals[2];
    if (c.n > 0) {
        for (int i = 0; i < c.n; i++) p->vel = clip(p->vel, c.normal[i]);
        int nf = 0;
        int ns = player_find_surfaces(m, p->pos, r, r + TOUCH_PX * s, c.normal[c.n - 1], &pt, normals);
        Vec2 fn = mean_normal(c.normal, c.n, true, &nf);
        if (nf == 0) fn = mean_normal(normals, ns, true, &nf);
        if (nf > 0) {
            player_settle(m, &p->pos, r, r + STICK_MARGIN_PX * s, fn);
            p->ground_speed = p->vel.x;
            land(p, ctx, fn);
            Vec2 t = tangent(fn);
            p->vel = v2_scale(t, p->ground_speed / t.x);
            return;
        }
    }
    if (p->hp <= 0) return;
    // Grab what it met (the last contact first), else what it touches and
    // is not moving away from: walls, overhangs and ceilings (a touched
    // normal with y below -0.5 is a corner's top, not a face to grab).
    for (int i = c.n - 1; i >= 0; i--) {
        if (can_grab(p, c.normal[i], jump_held, s)) {
            attach(p, ctx, c.normal[i], s);
            return;
        }
    }
    if (c.n > 0) return;
    Vec2 hint = v2_len2(p->vel) > 0.0 ? v2_scale(v2_norm(p->vel), -1.0) : v2(0, -1);
    int ns = player_find_surfaces(m, p->pos, r, r + TOUCH_PX * s, hint, &pt, normals);
    for (int i = 0; i < ns; i++) {
        Vec2 n = normals[i];
        if (n.y < -0.5 || v2_dot(p->vel, n) > 1e-9) continue;
        if (can_grab(p, n, jump_held, s)) {
            attach(p, ctx, n, s);
            return;
        }
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

// Leaves the surfaces under the body (1 or 2 normals) along their mean,
// and remembers them: they cannot be grabbed for the attach cooldown.
static void leap(Player *p, const PlayerCtx *ctx, const Vec2 *normals, int ns, double s) {
    Vec2 n = mean_normal(normals, ns, false, NULL);
    double up = 1.0 - (n.y > 0.0 ? n.y : 0.0);
    p->vel = v2_scale(n, PLAYER_LEAP_SPEED * s);
    p->vel.y -= PLAYER_LEAP_UP * s * up;
    p->jump_hold = PLAYER_JUMP_HOLD_TICKS;
    p->jump_buffer = 0;
    p->coyote = 0;
    p->attach_cooldown = PLAYER_ATTACH_COOLDOWN_TICKS;
    p->leap_ns = ns < 2 ? ns : 2;
    for (int i = 0; i < p->leap_ns; i++) p->leap_n[i] = normals[i];
    p->leap_pos = p->pos;
    become_air(p);
    events_push(ctx->events, EV_JUMP, WHO_PLAYER, 1, p->pos.x, p->pos.y);
}

static void step_wall(Player *p, const PlayerCtx *ctx, Input in, int dx, bool steer, double s) {
    const Tilemap *m = ctx->map;
    double r = p->radius;
    double reach = r + STICK_MARGIN_PX * s;
    Vec2 pt, normals[2];
    int ns = player_find_surfaces(m, p->pos, r, reach, p->normal, &pt, normals);
    if (ns == 0) {
        become_air(p);
        step_air(p, ctx, in, dx, steer, s);
        return;
    }
    if (p->jump_buffer > 0) {
        leap(p, ctx, normals, ns, s);
        step_air(p, ctx, in, dx, steer, s);
        return;
    }
    int along = 0;
    Vec2 dir = climb_dir(held_dir(in), normals, ns, &along);
    Vec2 from = p->pos;
    Contacts c = {0};
    Vec2 pos = player_move_body(m, from, r, v2_scale(dir, PLAYER_CLIMB_SPEED * s), &c);

    // Re-stick at distance r: past an outer corner the nearest point is the
    // corner itself, so the body arcs round it with the normal turning.
    ns = player_find_surfaces(m, pos, r, reach, normals[along], &pt, normals);
    if (ns == 0) {
        p->pos = pos;
        p->vel = v2_sub(pos, from);
        become_air(p);
        return;
    }
    pos = v2_add(pt, v2_scale(normals[0], r));
    Contacts c2 = {0};
    player_push_out(m, &pos, r, &c2);
    Vec2 keep = normals[0];
    ns = player_find_surfaces(m, pos, r, r + TOUCH_PX * s, keep, &pt, normals);
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
        player_settle(m, &p->pos, r, r + TOUCH_PX * s, fn);
        // Topping out keeps at least the climb speed, so the body rolls on
        // over the edge instead of stopping on it.
        double vx = p->vel.x, climb = PLAYER_CLIMB_SPEED * s;
        p->ground_speed = vx > 0.0 ? dm_fmax(vx, climb) : vx < 0.0 ? dm_fmin(vx, -climb) : 0.0;
        land(p, ctx, fn);
        return;
    }
    p->normal = mean_normal(normals, ns, false, NULL);
}

static void fire(Player *p, const PlayerCtx *ctx, Input in, double s) {
    if (!(in.buttons & BTN_FIRE) || p->fire_cooldown > 0) return;
    Vec2 d = p->aim;
    Vec2 at = v2_add(p->pos, v2_scale(d, p->radius + PLAYER_BULLET_RADIUS * s));
    bullets_spawn(ctx->bullets, OWNER_PLAYER, WHO_PLAYER, at, v2_scale(d, PLAYER_BULLET_SPEED * s),
                  PLAYER_BULLET_RADIUS * s, PLAYER_BULLET_DAMAGE, PLAYER_BULLET_TTL);
    p->shots++;
    p->fire_cooldown = PLAYER_FIRE_COOLDOWN_TICKS;
    events_push(ctx->events, EV_SHOT, WHO_PLAYER, 0, at.x, at.y);
}

// The aim after this tick's move: the held direction (on a wall without
// its part into the rock), else the facing; while locked, the last aim
// stays when nothing (useful) is held.
static void update_aim(Player *p, Input in, bool lock) {
    Vec2 d = held_dir(in);
    if (p->state == PLAYER_WALL) d = off_surface(d, p->normal);
    if (d.x != 0.0 || d.y != 0.0) p->aim = d;
    else if (!lock) p->aim = facing_dir(p);
    if (p->state == PLAYER_WALL && v2_dot(p->aim, p->normal) < -1e-9) p->aim = facing_dir(p);
}

// The wiggle gauge: held wiggle drains it while it lasts; released (or
// locked out) it refills; emptied, it locks out until PLAYER_WIGGLE_RESUME.
static void step_wiggle(Player *p, const PlayerCtx *ctx, bool held) {
    if (ctx->assist_wiggle) {
        p->wiggle = held;
        p->wiggle_gauge = PLAYER_WIGGLE_FULL;
        p->wiggle_locked = false;
        return;
    }
    if (p->wiggle_locked && p->wiggle_gauge >= PLAYER_WIGGLE_RESUME) {
        p->wiggle_locked = false;
        events_push(ctx->events, EV_WIGGLE_READY, WHO_PLAYER, 0, p->pos.x, p->pos.y);
    }
    p->wiggle = held && !p->wiggle_locked;
    if (p->wiggle) {
        p->wiggle_gauge -= PLAYER_WIGGLE_DRAIN;
        if (p->wiggle_gauge <= 0) {
            p->wiggle_gauge = 0;
            p->wiggle_locked = true;
            events_push(ctx->events, EV_WIGGLE_EMPTY, WHO_PLAYER, 0, p->pos.x, p->pos.y);
        }
    } else if ((p->wiggle_gauge += PLAYER_WIGGLE_REFILL) > PLAYER_WIGGLE_FULL) {
        p->wiggle_gauge = PLAYER_WIGGLE_FULL;
    }
}

// A dash press starts one when the cooldown allows and, in the air, the
// charge is there: the held direction (on the ground or a wall without its
// part into the surface), else the facing. It leaves the ground or wall.
static void start_dash(Player *p, const PlayerCtx *ctx, Input in, double s) {
    if (p->dash_ticks > 0 || p->dash_cooldown > 0 || (p->state == PLAYER_AIR && !p->dash_ready)) return;
    Vec2 d = held_dir(in);
    if (p->state != PLAYER_AIR) d = off_surface(d, p->normal);
    if (d.x == 0.0 && d.y == 0.0) d = facing_dir(p);
    p->dash_ticks = PLAYER_DASH_TICKS;
    p->dash_dir = d;
    p->dash_from = p->pos;
    p->dash_ready = false;
    if (p->invuln < PLAYER_DASH_INVULN_TICKS) p->invuln = PLAYER_DASH_INVULN_TICKS;
    p->vel = v2_scale(d, PLAYER_DASH_SPEED * s);
    p->coyote = 0;
    p->jump_hold = 0;
    become_air(p);
    events_push(ctx->events, EV_DASH, WHO_PLAYER, 0, p->pos.x, p->pos.y);
}

// One tick of a dash: straight on at the dash speed with collisions (what
// it meets takes away the part of the motion into it, so it slides along).
static void step_dash(Player *p, const PlayerCtx *ctx) {
    Contacts c = {0};
    p->pos = player_move_body(ctx->map, p->pos, p->radius, p->vel, &c);
    for (int i = 0; i < c.n; i++) p->vel = clip(p->vel, c.normal[i]);
}

// The dash is over (the tick after its last move): it leaves at
// PLAYER_DASH_END_SPEED along what is left of its motion, in the air, and
// the cooldown starts.
static void end_dash(Player *p) {
    p->vel = v2_scale(p->vel, PLAYER_DASH_END_SPEED / PLAYER_DASH_SPEED);
    p->dash_cooldown = PLAYER_DASH_COOLDOWN_TICKS;
}

void player_init(Player *p, int col, int row, int tile) {
    memset(p, 0, sizeof *p);
    p->radius = PLAYER_RADIUS_PX * tile / PLAYER_REF_TILE_PX;
    p->pos = v2((col + 0.5) * tile, (row + 1) * tile - p->radius);
    p->normal = v2(0, -1);
    p->facing = 1;
    p->aim = v2(1, 0);
    p->hp = p->hp_max = PLAYER_HP;
    p->dash_ready = true;
    p->dash_dir = v2(1, 0);
    p->dash_from = p->pos;
    p->wiggle_gauge = PLAYER_WIGGLE_FULL;
    // Standing: the first tick finds the floor (no landing event at the
    // start) or, over nothing, walks off into the air.
    p->state = PLAYER_GROUND;
    legs_init(&p->legs);
}

void player_step(Player *p, const PlayerCtx *ctx, Input in, Input prev) {
    double s = scale_of(p);
    if (p->hp <= 0) in.buttons = 0;    // the dead do not steer (the body still falls)
    if (p->invuln > 0) p->invuln--;
    if (p->fire_cooldown > 0) p->fire_cooldown--;
    if (p->attach_cooldown > 0) p->attach_cooldown--;
    if (p->jump_buffer > 0) p->jump_buffer--;
    if (p->dash_cooldown > 0 && p->dash_ticks == 0) p->dash_cooldown--;
    if (p->dash_ticks > 0 && --p->dash_ticks == 0) end_dash(p);
    step_wiggle(p, ctx, (in.buttons & BTN_WIGGLE) != 0);

    // What moves the body: locked, the directions only aim; knocked back,
    // nothing does (no directions, jumps or dashes).
    bool lock = (in.buttons & BTN_LOCK) != 0, knocked = p->knock > 0;
    Input move = in;
    if (lock || knocked) move.buttons &= (uint16_t)~DIRECTION_BUTTONS;
    if (knocked) {
        move.buttons &= (uint16_t)~(BTN_JUMP | BTN_DASH);
        p->knock--;
    }
    if ((move.buttons & BTN_JUMP) && !(prev.buttons & BTN_JUMP)) p->jump_buffer = PLAYER_JUMP_BUFFER_TICKS;
    int dx = !!(in.buttons & BTN_RIGHT) - !!(in.buttons & BTN_LEFT);
    if (dx) p->facing = dx;
    int move_dx = !!(move.buttons & BTN_RIGHT) - !!(move.buttons & BTN_LEFT);

    if ((move.buttons & BTN_DASH) && !(prev.buttons & BTN_DASH)) start_dash(p, ctx, in, s);
    if (p->dash_ticks > 0) {
        step_dash(p, ctx);
    } else {
        switch (p->state) {
        case PLAYER_GROUND: step_ground(p, ctx, move, move_dx, lock, s); break;
        case PLAYER_WALL: step_wall(p, ctx, move, move_dx, !lock, s); break;
        default: step_air(p, ctx, move, move_dx, !lock, s); break;
        }
    }
    if (p->state != PLAYER_AIR) p->dash_ready = true;
    update_aim(p, in, lock);
    fire(p, ctx, in, s);
    LegsBody body = {p->pos, p->vel, p->normal, p->state == PLAYER_WALL, p->radius, p->facing};
    legs_step(&p->legs, ctx->map, &body, ctx->events);
}

void player_hurt(Player *p, Events *ev, int damage, Vec2 from, EventWho who) {
    if (p->invuln > 0 || p->hp <= 0) return;
    p->hp -= damage;
    if (p->hp < 0) p->hp = 0;
    p->hits++;
    p->invuln = PLAYER_INVULN_TICKS;
    events_push(ev, EV_PLAYER_HURT, who, damage, from.x, from.y);
    if (p->hp == 0) events_push(ev, EV_PLAYER_DEAD, who, damage, from.x, from.y);
    // Knock-back: a short hop away from the hit, sideways as much as the
    // hit came from the side (from straight above: a hop in place). On a
    // wall the legs hold on.
    if (p->state == PLAYER_WALL) return;
    double s = scale_of(p);
    Vec2 away = v2_norm(v2_sub(p->pos, from));
    if (v2_len2(away) == 0.0) away = v2(-p->facing, 0);
    p->vel = v2(away.x * PLAYER_KNOCK_SPEED * s, -PLAYER_KNOCK_UP * s);
    p->knock = PLAYER_KNOCK_TICKS;
    p->coyote = 0;
    p->jump_hold = 0;
    become_air(p);
}

FIELDS_HASH_FN(void player_hash_body, Player, PLAYER_BODY_FIELDS)

FIELDS_HASH_FN(void player_hash, Player, PLAYER_FIELDS)
