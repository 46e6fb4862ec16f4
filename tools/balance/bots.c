// bots.c -- the balance bots (docs/controls.md, "Balance"): simple, patient
// players that fight an arena headless on the real simulation and report how
// long it took; they can also write what they pressed as a script (with
// the end they saw as expectations: `make test-bots` plays it). They see
// the World as a player sees the screen, but only their own body, the boss
// and (with --dodge) the enemy bullets; they never look ahead in time.
//
//   build/bots [--bot NAME] [--difficulty D] [--seed N] [--hearts N]
//              [--ticks N] [--dodge] [--verbose] [--script OUT [--script-level PATH]] LEVEL
//   build/bots --rush [--difficulty D] [--dodge] [--attempts N] LEVEL...
//
// Prints `key value` lines (the rush: one line per attempt, then totals).
// Exit 0, or 2 on a bad command line or level.
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fs.h"
#include "core/textbuf.h"
#include "harness/session.h"
#include "sim/rush.h"
#include "sim/world.h"

// How long a fight may last before the bot gives up: 10 minutes.
#define BOT_MAX_TICKS (10 * 60 * SIM_TICK_HZ)
// Dodging: an enemy bullet that will pass within the body's radius plus
// its own plus this margin in the next BOT_DODGE_TICKS ticks (straight-line
// prediction, the body where it is now) sets off a dash.
#define BOT_DODGE_MARGIN_PX 6.0
#define BOT_DODGE_TICKS 20
// A boss's lob at a parked player (creatures/lob.h) bursts on its mark:
// while one winds up or flies, ending a move within this of its mark costs
// as a bullet would (the sight the player sees, read).
#define BOT_LOB_KEEP_PX 64.0
// A spot is reached within this many px (then the bot stands, locked).
#define BOT_SPOT_PX 6.0
// The whale bot hops over the step at the end of its stretch of floor when
// the whale is more than BOT_BEYOND_TILES beyond it: from BOT_HOP_TILES
// before the end, a held jump, then at its top an air dash up and on.
#define BOT_BEYOND_TILES 4.0
#define BOT_HOP_TILES 2.5

typedef enum BotKind {
    BOT_AUTO = 0,              // chosen by the arena's boss
    BOT_BELOW,                 // Tetran: stand under the core, fire up, wiggle in full bursts
    BOT_CHEESE,                // hold up + fire + wiggle where you start (the cheese)
    BOT_TENTACLE,              // the tentacle boss: fire at the body along one of the 8 aims
    BOT_WHALE,                 // the whale: fire at it whenever one of the 8 aims lines up
    BOT_SHELTER,               // the finale: as below, but standing in the whale's shadow from Tetran's fire
} BotKind;

static const char *const bot_names[] = {"auto", "below", "cheese", "tentacle", "whale", "shelter"};

typedef struct Bot {
    BotKind kind;
    bool dodge;
    bool bursting;             // holding wiggle for a full burst
    int step, step_dir;        // a dodging step: ticks left to walk, and which way
    int jump;                  // a dodging jump: ticks left to hold it
    int hop, hop_dir;          // the whale bot's hop over a step: ticks into it (0: none), and which way
} Bot;

typedef struct Fight {
    const char *result;        // "won", "lost", "timeout"
    int64_t ticks;             // the fight's length
    int hits, hp_left, hp_max;
    int boss_hp, boss_hp_max;
    int shots;
    int shot_hits, touch_hits; // hits by bullets, by touching a creature
    int64_t quarter[3];        // ticks at which the boss fell to 75, 50, 25 % (-1 never)
} Fight;

// The arena's boss: where to shoot and how much health it has. Tetran
// first, then the tentacle boss, then a whale that is a boss.
static bool boss_of(const World *w, Vec2 *at, int *hp, int *hp_max) {
    if (w->tetran_count) {
        *at = tetran_pos(&w->tetrans[0]);
        tetran_health(&w->tetrans[0], hp, hp_max);
        return true;
    }
    if (w->tentacle_count) {
        *at = tentacle_pos(&w->tentacles[0]);
        tentacle_health(&w->tentacles[0], hp, hp_max);
        return true;
    }
    for (int i = 0; i < w->whale_count; i++) {
        if (!whale_is_boss(&w->whales[i])) continue;
        *at = whale_pos(&w->whales[i]);
        whale_health(&w->whales[i], hp, hp_max);
        return true;
    }
    return false;
}

static BotKind auto_kind(const World *w) {
    if (w->tetran_count) return BOT_BELOW;
    if (w->tentacle_count) return BOT_TENTACLE;
    return BOT_WHALE;
}

// The stretch of floor the body stands on: from its tile, left and right
// along its row while the tile beside is open and the one under that solid
// (the centres of the end tiles, px).
static void floor_span(const World *w, double *lo, double *hi) {
    const Tilemap *m = &w->map;
    double t = m->tile;
    int col = (int)(w->player.pos.x / t), row = (int)(w->player.pos.y / t);
    int l = col, r = col;
    while (l > 0 && !tilemap_point_solid(m, v2((l - 0.5) * t, (row + 0.5) * t)) &&
           tilemap_point_solid(m, v2((l - 0.5) * t, (row + 1.5) * t)))
        l--;
    while (r + 1 < m->w && !tilemap_point_solid(m, v2((r + 1.5) * t, (row + 0.5) * t)) &&
           tilemap_point_solid(m, v2((r + 1.5) * t, (row + 1.5) * t)))
        r++;
    *lo = (l + 0.5) * t;
    *hi = (r + 0.5) * t;
}

// Walks toward x on the ground (true once there).
static bool walk_to(const Player *p, double x, uint16_t *b) {
    if (fabs(p->pos.x - x) <= BOT_SPOT_PX) return true;
    *b |= p->pos.x < x ? BTN_RIGHT : BTN_LEFT;
    return false;
}

// Wiggle in full bursts: from a full gauge until it runs out.
static void wiggle_bursts(Bot *bot, const Player *p, uint16_t *b) {
    if (!bot->bursting && p->wiggle_gauge >= PLAYER_WIGGLE_FULL) bot->bursting = true;
    if (bot->bursting && (p->wiggle_gauge <= 0 || p->wiggle_locked)) bot->bursting = false;
    if (bot->bursting) *b |= BTN_WIGGLE;
}

// The ground's height under x near the body (the body's centre height
// there), for predicting a walk or dash along the floor: the first solid
// point below, searched from a tile above the body to two tiles below.
static double ground_y(const World *w, double x) {
    const Player *p = &w->player;
    double tile = w->map.tile, top = p->pos.y - tile;
    for (double y = top; y < p->pos.y + 2.0 * tile; y += 1.0)
        if (tilemap_point_solid(&w->map, v2(x, y))) return y - p->radius;
    return p->pos.y;
}

// A move the dodger can make on the ground: stand, jump in place (still
// locked and firing; jump held for `jump` ticks), walk `dir` for `walk`
// ticks then stand (a step), or dash `dir`.
typedef struct Move {
    int dir;                   // -1, 0, +1
    int walk;                  // ticks of walking
    bool dash;
    int jump;                  // ticks jump is held (0: no jump)
} Move;

static const Move MOVES[] = {
    {0, 0, false, 0},   {0, 0, false, 1},
    {1, 8, false, 0},   {-1, 8, false, 0},  {1, 16, false, 0},  {-1, 16, false, 0},
    {1, 0, true, 0},    {-1, 0, true, 0},
};
#define MOVE_COUNT ((int)(sizeof MOVES / sizeof MOVES[0]))

// Where the body will be k ticks from now (1..BOT_DODGE_TICKS) after a
// move (the feel constants of player.h), and whether it is invulnerable
// then.
static Vec2 predict(const World *w, const Move *m, int k, bool *safe) {
    const Player *p = &w->player;
    double dx = 0.0;
    if (m->walk) {
        int t = k < m->walk ? k : m->walk;
        dx = fmax(PLAYER_WALK_SPEED * t - 3.0, 0.0);
    } else if (m->dash) {
        int fast = k < PLAYER_DASH_TICKS ? k : PLAYER_DASH_TICKS;
        dx = PLAYER_DASH_SPEED * fast + PLAYER_DASH_END_SPEED * fmin(k - fast, 3);
    }
    *safe = p->invuln > k || (m->dash && k <= PLAYER_DASH_INVULN_TICKS);
    if (p->state == PLAYER_WALL) {   // a step climbs up (-1) or down the wall
        int t = k < m->walk ? k : m->walk;
        return v2(p->pos.x, p->pos.y + m->dir * PLAYER_CLIMB_SPEED * t);
    }
    double x = p->pos.x + m->dir * dx;
    if (m->jump) {             // the jump's rise and fall (landing where it left)
        double y = 0.0, vy = -PLAYER_JUMP_SPEED;
        for (int t = 1; t <= k; t++) {
            if (t > m->jump && vy < -PLAYER_JUMP_CUT_SPEED) vy = -PLAYER_JUMP_CUT_SPEED;
            vy += t <= m->jump && t <= PLAYER_JUMP_HOLD_TICKS && vy < 0.0 ? PLAYER_GRAVITY_HOLD : PLAYER_GRAVITY;
            y = fmin(y + vy, 0.0);
        }
        return v2(p->pos.x, p->pos.y + y);
    }
    return v2(x, m->dir ? ground_y(w, x) : p->pos.y);
}

// Would a body at `at` of radius r touch a creature k ticks from now? The
// creatures as they are now, a whale moved on along its velocity.
static bool touches(const World *w, Vec2 at, double r, int k) {
    for (int i = 0; i < w->tetran_count; i++)
        if (tetran_touches(&w->tetrans[i], at, r)) return true;
    for (int i = 0; i < w->tentacle_count; i++)
        if (tentacle_touches(&w->tentacles[i], at, r)) return true;
    for (int i = 0; i < w->whale_count; i++)
        if (whale_touches(&w->whales[i], v2_sub(at, v2_scale(w->whales[i].vel, k)), r)) return true;
    return false;
}

// Is `at` within BOT_LOB_KEEP_PX of the mark of a lob winding up or in flight?
static bool lob_near(const Lob *l, Vec2 at) {
    return (l->windup > 0 || l->flight > 0) && v2_len2(v2_sub(at, l->mark)) < BOT_LOB_KEEP_PX * BOT_LOB_KEEP_PX;
}

static bool marked(const World *w, Vec2 at) {
    for (int i = 0; i < w->tetran_count; i++)
        if (lob_near(&w->tetrans[i].seed, at)) return true;
    for (int i = 0; i < w->tentacle_count; i++)
        if (lob_near(&w->tentacles[i].lob, at)) return true;
    for (int i = 0; i < w->whale_count; i++)
        if (lob_near(&w->whales[i].lob, at)) return true;
    return false;
}

// How bad a move is: every enemy bullet that its straight line brings
// within reach of the predicted body in the next BOT_DODGE_TICKS ticks
// costs more the sooner it would hit, and so does running into a creature.
static double danger(const World *w, const Move *m) {
    const Player *p = &w->player;
    double cost = 0.0;
    // The creatures as they are now: a move that runs into one costs as
    // much as the worst bullet.
    for (int k = 2; k <= BOT_DODGE_TICKS; k += 2) {
        bool safe;
        Vec2 body = predict(w, m, k, &safe);
        if (!safe && touches(w, body, p->radius + BOT_DODGE_MARGIN_PX, k)) {
            cost += BOT_DODGE_TICKS;
            break;
        }
    }
    for (int i = 0; i < w->bullets.cap; i++) {
        const Bullet *u = &w->bullets.b[i];
        if (!u->alive || u->owner != OWNER_ENEMY) continue;
        double r = p->radius + u->radius + BOT_DODGE_MARGIN_PX;
        for (int k = 1; k <= BOT_DODGE_TICKS && k <= u->ttl; k++) {
            bool safe;
            Vec2 body = predict(w, m, k, &safe);
            Vec2 at = v2_add(u->pos, v2_scale(u->vel, k));
            if (safe || v2_len2(v2_sub(at, body)) > r * r) continue;
            cost += 1.0 + (BOT_DODGE_TICKS - k);
            break;
        }
    }
    bool safe;
    if (marked(w, predict(w, m, BOT_DODGE_TICKS, &safe))) cost += 1.0 + BOT_DODGE_TICKS / 2;
    return cost;
}

// Dodging (--dodge), on the ground: when standing still would be hit, the
// move that is hit least (steps before dashes, toward `home` first); it
// keeps walking a step it chose while that stays the safest. Sets the
// move's buttons; false when standing is safe.
static bool dodge(Bot *bot, const World *w, double home, uint16_t aim, uint16_t *b) {
    const Player *p = &w->player;
    if (bot->jump > 0) {       // holding a jump as long as it chose
        bot->jump--;
        *b |= BTN_JUMP | aim;
        return true;
    }
    bool wall = p->state == PLAYER_WALL;
    if ((p->state != PLAYER_GROUND && !wall) || p->knock > 0 || p->dash_ticks > 0) return false;
    uint16_t fwd = wall ? BTN_DOWN : BTN_RIGHT, back = wall ? BTN_UP : BTN_LEFT;
    if (bot->step > 0) {
        Move m = {bot->step_dir, bot->step, false, 0};
        bot->step--;
        if (danger(w, &m) <= danger(w, &MOVES[0])) {
            *b = (uint16_t)((*b & ~(BTN_LEFT | BTN_RIGHT | BTN_UP | BTN_DOWN | BTN_LOCK)) | (m.dir > 0 ? fwd : back));
            return true;
        }
        bot->step = 0;
    }
    double still = danger(w, &MOVES[0]);
    if (still == 0.0) return false;
    int toward = home < (wall ? p->pos.y : p->pos.x) ? -1 : 1;
    const Move *best = &MOVES[0];
    double best_cost = still;
    for (int pass = 0; pass < 2; pass++) {
        for (int j = 1; j < MOVE_COUNT; j++) {
            const Move *m = &MOVES[j];
            if ((m->dir == toward || m->dir == 0) != (pass == 0)) continue;
            // (a dash on a ramp follows it, up into the air: only from flat ground)
            bool flat = fabs(p->normal.x) < 0.1;
            if ((m->dash && (wall || !flat || p->dash_cooldown > 0)) || (m->jump && wall)) continue;
            double c = danger(w, m);
            if (c < best_cost) {
                best_cost = c;
                best = m;
            }
        }
    }
    if (best == &MOVES[0]) return false;
    if (best->jump) {          // a jump in place keeps the lock and the aim
        *b |= BTN_JUMP | aim;
        bot->jump = best->jump - 1;
        return true;
    }
    *b = (uint16_t)((*b & ~(BTN_LEFT | BTN_RIGHT | BTN_UP | BTN_DOWN | BTN_LOCK)) | (best->dir > 0 ? fwd : back));
    if (best->dash) *b |= BTN_DASH;
    bot->step = best->walk > 0 ? best->walk - 1 : 0;
    bot->step_dir = best->dir;
    return true;
}

// Tetran: stand under the core (where the player starts in its arenas),
// locked, aiming up and firing; wiggle in full bursts once there.
static uint16_t play_below(Bot *bot, const World *w) {
    const Player *p = &w->player;
    const Tetran *t = &w->tetrans[0];
    uint16_t b = BTN_FIRE;
    wiggle_bursts(bot, p, &b);
    if (bot->dodge && dodge(bot, w, t->home.x, BTN_LOCK | BTN_UP, &b)) return b;
    if (p->state == PLAYER_GROUND && p->knock == 0 && !walk_to(p, t->home.x, &b)) return b;
    return b | BTN_LOCK | BTN_UP;
}

// The tentacle boss: climb the arena's wall on the player's side of the
// body up to the body's height and fire across at it (away from the wall,
// nothing held: the aim the wall gives).
static uint16_t play_tentacle(Bot *bot, const World *w) {
    const Player *p = &w->player;
    Vec2 body = tentacle_pos(&w->tentacles[0]);
    double edge = p->pos.x < body.x ? 0.0 : (double)w->map.w * w->map.tile;
    uint16_t toward = edge == 0.0 ? BTN_LEFT : BTN_RIGHT, away = edge == 0.0 ? BTN_RIGHT : BTN_LEFT;
    uint16_t b = BTN_FIRE;
    if (p->state != PLAYER_WALL) {
        b |= toward;
        // Near the wall: jump at it (a new press every few ticks) and hold up to grab and climb.
        if (fabs(p->pos.x - edge) < 3.0 * w->map.tile) b |= BTN_UP | (w->tick % 20 < 2 ? BTN_JUMP : 0);
        return b;
    }
    if (bot->dodge && dodge(bot, w, body.y, 0, &b)) return b;
    if (p->pos.y > body.y + BOT_SPOT_PX) return b | BTN_UP;
    if (p->pos.y < body.y - BOT_SPOT_PX) return b | BTN_DOWN;
    return b | away;
}

// Would a shot fired from p along the unit direction d meet a circle (c,
// r) moving at v px per tick (within the shot's life)?
static bool lines_up(Vec2 p, Vec2 d, Vec2 c, double r, Vec2 v) {
    Vec2 q = v2_sub(c, p), rel = v2_sub(v, v2_scale(d, PLAYER_BULLET_SPEED));
    double t = -v2_dot(q, rel) / v2_dot(rel, rel);
    if (t < 0.0 || t > PLAYER_BULLET_TTL) return false;
    return v2_len(v2_add(q, v2_scale(rel, t))) < r;
}

// The whale bot's hop over a step (hop_dir -1 or +1): the jump held
// PLAYER_JUMP_HOLD_TICKS, at the top of the rise a dash up and on, then
// on until it stands again (or gives up after 2 s).
static uint16_t hop(Bot *bot, const Player *p, uint16_t *b) {
    uint16_t on = bot->hop_dir > 0 ? BTN_RIGHT : BTN_LEFT;
    bot->hop++;
    if (bot->hop <= PLAYER_JUMP_HOLD_TICKS) return *b | on | BTN_JUMP;
    if (p->vel.y >= 0.0 && p->dash_ticks == 0 && p->state == PLAYER_AIR && p->dash_cooldown == 0)
        return *b | on | BTN_UP | BTN_DASH;
    if (p->state == PLAYER_GROUND || bot->hop > 2 * SIM_TICK_HZ) bot->hop = 0;
    return *b | on;
}

// The whale: on the floor, fire along whichever of the 8 aims will meet
// its body (locked; the shot's flight and the whale's velocity reckoned
// in), else walk under it as far as its stretch of floor goes (it passes
// overhead, and dives at the player) and fire up; with the whale well
// beyond that stretch's end, on to the next: over a step with a hop (a
// jump and an air dash), down a drop walking.
static uint16_t play_whale(Bot *bot, const World *w) {
    const Player *p = &w->player;
    const Whale *c = NULL;
    for (int i = 0; i < w->whale_count && !c; i++)
        if (whale_is_boss(&w->whales[i])) c = &w->whales[i];
    uint16_t b = BTN_FIRE;
    if (!c) return b;
    if (bot->hop) return hop(bot, p, &b);
    if (bot->dodge && dodge(bot, w, c->pos.x, BTN_LOCK | BTN_UP, &b)) return b;
    static const uint16_t dirs[8] = {BTN_RIGHT,          BTN_RIGHT | BTN_DOWN, BTN_DOWN, BTN_DOWN | BTN_LEFT,
                                     BTN_LEFT,           BTN_LEFT | BTN_UP,    BTN_UP,   BTN_UP | BTN_RIGHT};
    for (int k = 0; k < 8; k++) {
        Vec2 d = v2(cos(k * M_PI / 4.0), sin(k * M_PI / 4.0));
        if (lines_up(p->pos, d, c->pos, c->width[0] / 2.0, c->vel)) return b | BTN_LOCK | dirs[k];
        for (int i = 0; i < WHALE_SEGMENTS; i++)
            if (lines_up(p->pos, d, c->seg[i], c->width[i + 1] / 2.0, c->vel)) return b | BTN_LOCK | dirs[k];
    }
    if (p->state == PLAYER_WALL) return b | BTN_DOWN;   // knocked onto a wall: back to the floor
    double lo, hi, t = w->map.tile;
    floor_span(w, &lo, &hi);
    if (p->state != PLAYER_GROUND || p->knock > 0) return b | BTN_LOCK | BTN_UP;
    int dir = c->pos.x > hi + BOT_BEYOND_TILES * t ? 1 : c->pos.x < lo - BOT_BEYOND_TILES * t ? -1 : 0;
    double end = dir > 0 ? hi : lo;
    if (dir && !tilemap_point_solid(&w->map, v2(end + dir * t, p->pos.y)))
        return b | (dir > 0 ? BTN_RIGHT : BTN_LEFT);   // a drop: walk off it
    if (dir) {                 // a step: to the hop's start, then hop
        if (!walk_to(p, end - dir * BOT_HOP_TILES * t, &b)) return b;
        bot->hop_dir = dir;
        return hop(bot, p, &b);
    }
    if (!walk_to(p, fmin(fmax(c->pos.x, lo), hi), &b)) return b;
    return b | BTN_LOCK | BTN_UP;
}

// The finale's idea (docs/whale.md, "The finale"): the whale's hide stops
// Tetran's shots, so stand in its shadow. The spot: where the line from
// Tetran's core through the whale's head meets this stretch of floor, while
// the whale is below the core and that spot is on the stretch; else under
// the core, as the below bot. Fires up and wiggles in bursts as below.
static uint16_t play_shelter(Bot *bot, const World *w) {
    const Player *p = &w->player;
    const Tetran *t = &w->tetrans[0];
    double spot = t->home.x, lo, hi;
    floor_span(w, &lo, &hi);
    for (int i = 0; i < w->whale_count; i++) {
        const Whale *wh = &w->whales[i];
        Vec2 core = tetran_pos(t), head = whale_pos(wh);
        if (!whale_alive(wh) || head.y <= core.y + 1.0) continue;
        double x = core.x + (head.x - core.x) * (p->pos.y - core.y) / (head.y - core.y);
        if (x >= lo && x <= hi) spot = x;
        break;
    }
    uint16_t b = BTN_FIRE;
    wiggle_bursts(bot, p, &b);
    if (bot->dodge && dodge(bot, w, spot, BTN_LOCK | BTN_UP, &b)) return b;
    if (p->state == PLAYER_GROUND && p->knock == 0 && !walk_to(p, spot, &b)) return b;
    return b | BTN_LOCK | BTN_UP;
}

// One tick of the bot: the buttons it holds.
static uint16_t bot_step(Bot *bot, const World *w) {
    switch (bot->kind) {
    case BOT_CHEESE: return BTN_UP | BTN_FIRE | BTN_WIGGLE;
    case BOT_BELOW: return play_below(bot, w);
    case BOT_TENTACLE: return play_tentacle(bot, w);
    case BOT_WHALE: return play_whale(bot, w);
    case BOT_SHELTER: return play_shelter(bot, w);
    default: break;
    }
    return 0;
}

// printf onto a TextBuf (lines here are short).
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void tb_printf(TextBuf *b, const char *fmt, ...) {
    char line[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    textbuf_puts(b, line);
}

// Script output: the buttons as `at T down/up NAME` lines.
static void script_buttons(TextBuf *out, int64_t t, uint16_t prev, uint16_t now) {
    for (int bit = 0; bit < BTN_COUNT; bit++) {
        uint16_t m = (uint16_t)(1u << bit);
        if ((prev & m) == (now & m)) continue;
        tb_printf(out, "at %lld %s %s\n", (long long)t, now & m ? "down" : "up", input_button_name(bit));
    }
}

typedef struct Run {
    const char *level;
    BotKind kind;
    bool dodge;
    SessionSetup setup;
    int64_t max_ticks;
    TextBuf *script;           // when not NULL: the inputs as script lines
    bool verbose;              // every hit taken on stderr
} Run;

// Plays one fight; false (with a message printed) when the level cannot be opened.
static bool fight(const Run *run, Fight *f) {
    Session s;
    if (session_open_level(&s, run->level, &run->setup)) {
        fprintf(stderr, "%s\n", session_message(&s));
        session_close(&s);
        return false;
    }
    const World *w = session_world(&s);
    Bot bot = {.kind = run->kind ? run->kind : auto_kind(w), .dodge = run->dodge};
    memset(f, 0, sizeof *f);
    f->quarter[0] = f->quarter[1] = f->quarter[2] = -1;
    uint16_t prev = 0;
    Vec2 at;
    int hp, hp_max;
    for (int64_t t = 0; t < run->max_ticks && w->state == GAME_PLAYING; t++) {
        Input in = {bot_step(&bot, w)};
        if (run->script) script_buttons(run->script, t, prev, in.buttons);
        prev = in.buttons;
        // The enemy bullet nearest the body before the tick: what a hit was.
        double near_d = 1e9, near_speed = 0.0;
        for (int i = 0; i < w->bullets.cap; i++) {
            const Bullet *u = &w->bullets.b[i];
            if (!u->alive || u->owner != OWNER_ENEMY) continue;
            double d = v2_dist(u->pos, w->player.pos);
            if (d < near_d) {
                near_d = d;
                near_speed = v2_len(u->vel);
            }
        }
        session_step(&s, &in);
        for (int e = 0; e < w->events.count; e++) {
            const Event *ev = &w->events.e[e];
            if (ev->type != EV_PLAYER_HURT) continue;
            // A hit with an enemy bullet next to the body is the bullet's, else a touch.
            bool shot = near_d < 3.0 * w->player.radius + 16.0;
            if (shot) f->shot_hits++;
            else f->touch_hits++;
            if (run->verbose)
                fprintf(stderr, "tick %lld hit by %s (speed %.2f), boss hp %d, player at %.0f %.0f\n",
                        (long long)w->tick, shot ? "a shot" : "a touch", shot ? near_speed : 0.0,
                        boss_of(w, &at, &hp, &hp_max) ? hp : 0, w->player.pos.x, w->player.pos.y);
        }
        if (boss_of(w, &at, &hp, &hp_max))
            for (int q = 0; q < 3; q++)
                if (f->quarter[q] < 0 && (int64_t)hp * 4 <= (int64_t)hp_max * (3 - q)) f->quarter[q] = w->tick;
    }
    f->result = w->state == GAME_WON ? "won" : w->state == GAME_LOST ? "lost" : "timeout";
    f->ticks = w->tick + 1;
    f->hits = w->player.hits;
    f->hp_left = w->player.hp;
    f->hp_max = w->player.hp_max;
    f->shots = w->player.shots;
    boss_of(w, &at, &f->boss_hp, &f->boss_hp_max);
    session_close(&s);
    return true;
}

static void print_fight(const char *prefix, const Fight *f) {
    printf("%sresult %s ticks %lld seconds %.1f boss_hp %d/%d hits %d (shots %d touches %d) hearts %d/%d shots %d quarters %lld %lld %lld\n",
           prefix, f->result, (long long)f->ticks, f->ticks / (double)SIM_TICK_HZ, f->boss_hp, f->boss_hp_max,
           f->hits, f->shot_hits, f->touch_hits, f->hp_left, f->hp_max, f->shots, (long long)f->quarter[0], (long long)f->quarter[1],
           (long long)f->quarter[2]);
}

static int usage(void) {
    fprintf(stderr, "usage: bots [--bot auto|below|cheese|tentacle|whale|shelter] [--difficulty easy|normal|hard]\n"
                    "            [--seed N] [--hearts N] [--ticks N] [--dodge] [--verbose]\n"
                    "            [--script OUT [--script-level PATH]] LEVEL\n"
                    "       bots --rush [--difficulty D] [--dodge] [--attempts N] LEVEL...\n");
    return 2;
}

int main(int argc, char **argv) {
    Run run = {.max_ticks = BOT_MAX_TICKS};
    const char *script_out = NULL, *script_level = NULL;
    bool rush = false;
    int attempts = 5, nlevels = 0;
    const char *levels[16];
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        bool more = i + 1 < argc;
        if (!strcmp(a, "--bot") && more) {
            const char *n = argv[++i];
            int k = 0;
            while (k < (int)(sizeof bot_names / sizeof *bot_names) && strcmp(bot_names[k], n)) k++;
            if (k == (int)(sizeof bot_names / sizeof *bot_names)) return usage();
            run.kind = (BotKind)k;
        } else if (!strcmp(a, "--difficulty") && more) {
            const char *d = argv[++i];
            if (!difficulty_parse(d, strlen(d), &run.setup.difficulty)) return usage();
        } else if (!strcmp(a, "--seed") && more) {
            run.setup.use_seed = true;
            run.setup.seed = (uint32_t)strtoul(argv[++i], NULL, 10);
        } else if (!strcmp(a, "--hearts") && more) {
            run.setup.start_hp = atoi(argv[++i]);
        } else if (!strcmp(a, "--ticks") && more) {
            run.max_ticks = atoll(argv[++i]);
        } else if (!strcmp(a, "--attempts") && more) {
            attempts = atoi(argv[++i]);
        } else if (!strcmp(a, "--dodge")) {
            run.dodge = true;
        } else if (!strcmp(a, "--verbose")) {
            run.verbose = true;
        } else if (!strcmp(a, "--rush")) {
            rush = true;
        } else if (!strcmp(a, "--script") && more) {
            script_out = argv[++i];
        } else if (!strcmp(a, "--script-level") && more) {
            script_level = argv[++i];
        } else if (a[0] != '-' && nlevels < (int)(sizeof levels / sizeof *levels)) {
            levels[nlevels++] = a;
        } else {
            return usage();
        }
    }
    if (nlevels == 0 || (!rush && nlevels != 1)) return usage();
    printf("bot %s difficulty %s dodge %d\n", bot_names[run.kind], difficulty_name(run.setup.difficulty), run.dodge);
    if (!rush) {
        TextBuf sc = {0};
        run.level = levels[0];
        run.script = script_out ? &sc : NULL;
        Fight f;
        if (!fight(&run, &f)) return 2;
        printf("arena %s\n", levels[0]);
        print_fight("", &f);
        if (script_out) {
            TextBuf all = {0};
            tb_printf(&all, "bossrush-script 1\n# written by tools/balance/bots (bot %s%s): %s in %lld ticks\n",
                           bot_names[run.kind], run.dodge ? ", dodging" : "", f.result, (long long)f.ticks);
            tb_printf(&all, "level %s\n", script_level ? script_level : levels[0]);
            if (run.setup.use_seed) tb_printf(&all, "seed %u\n", run.setup.seed);
            if (run.setup.difficulty) tb_printf(&all, "difficulty %s\n", difficulty_name(run.setup.difficulty));
            if (run.setup.start_hp) tb_printf(&all, "hearts %d\n", run.setup.start_hp);
            if (sc.len) textbuf_puts(&all, sc.p);
            // What the bot saw at the end, for `make test-bots`: the game's
            // state and the hearts left.
            long long last = (long long)f.ticks - 1;
            tb_printf(&all, "at %lld expect game.state == %s\n", last,
                      strcmp(f.result, "timeout") ? f.result : "playing");
            tb_printf(&all, "at %lld expect player.hp == %d\n", last, f.hp_left);
            tb_printf(&all, "end %lld\n", last);
            if (all.oom || !fs_write_atomic(script_out, all.p, all.len)) {
                fprintf(stderr, "bots: cannot write %s\n", script_out);
                return 2;
            }
            textbuf_free(&all);
        }
        textbuf_free(&sc);
        return 0;
    }
    Rush r;
    rush_begin(&r, nlevels);
    while (!r.complete && r.attempts < nlevels * attempts) {
        run.level = levels[r.arena];
        run.setup.start_hp = rush_start_hp(&r);
        Fight f;
        if (!fight(&run, &f)) return 2;
        char prefix[256];
        snprintf(prefix, sizeof prefix, "arena %s entry %d ", levels[r.arena], run.setup.start_hp ? run.setup.start_hp : f.hp_max);
        print_fight(prefix, &f);
        rush_attempt_end(&r, !strcmp(f.result, "won"), f.ticks, f.hits, f.hp_left, f.hp_max);
    }
    printf("rush %s ticks %lld seconds %.1f hits %d attempts %d\n", r.complete ? "complete" : "failed",
           (long long)r.ticks, r.ticks / (double)SIM_TICK_HZ, r.hits, r.attempts);
    return 0;
}
