// test_hash.c -- every field of the World reaches world_hash. Each struct the
// World holds has a field table here; a layout check fails when the struct
// has bytes no listed field covers (beyond the padding the next field's
// alignment requires), so a new field must be listed: hashed, or "not
// hashed, because ...". Then every hashed field of a live World (all three
// creature kinds, bullets in flight, stars displaced) is changed in turn
// and the hash must change.
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "fixtures.h"

#include "sim/world.h"

typedef enum Kind {
    K_SKIP = 0,                // not hashed (the field says why)
    K_BOOL,
    K_U8,
    K_U16,
    K_INT,                     // int and enums
    K_U32,
    K_I64,
    K_U64,
    K_F32,
    K_F64,
    K_STRUCT,                  // a struct, or an array of them (sub)
    K_PTR,                     // a pointer to `to` elements (sub when K_STRUCT)
} Kind;

typedef struct StructDef StructDef;

typedef struct Field {
    const char *name;
    size_t offset, size;       // the member's
    size_t elem_size, align;   // of one element (a member may be an array)
    Kind kind, to;
    const StructDef *sub;
    int (*pick)(const void *owner);   // which element to change (default 0)
    const char *why;           // K_SKIP: why it is not hashed
} Field;

struct StructDef {
    const char *name;
    size_t size, align;
    const Field *fields;
    int count;
};

#define FIELD(T, m, C, kind, to, sub, pick, why) \
    {#m, offsetof(T, m), sizeof(((T *)0)->m), sizeof(C), _Alignof(C), kind, to, sub, pick, why}
#define NUM(T, m, C, kind) FIELD(T, m, C, kind, K_SKIP, NULL, NULL, NULL)
#define SUB(T, m, C) FIELD(T, m, C, K_STRUCT, K_SKIP, &C##_def, NULL, NULL)
#define PTR(T, m, C, to, sub, pick) FIELD(T, m, C *, K_PTR, to, sub, pick, NULL)
#define SKIP(T, m, C, why) FIELD(T, m, C, K_SKIP, K_SKIP, NULL, NULL, why)
#define DEF(T)                                                    \
    static const StructDef T##_def = {#T, sizeof(T), _Alignof(T), T##_fields, \
                                      (int)(sizeof T##_fields / sizeof T##_fields[0])}

static const Field Vec2_fields[] = {NUM(Vec2, x, double, K_F64), NUM(Vec2, y, double, K_F64)};
DEF(Vec2);
static const Field Rng_fields[] = {NUM(Rng, s, uint64_t, K_U64)};
DEF(Rng);
static const Field Input_fields[] = {NUM(Input, buttons, uint16_t, K_U16)};
DEF(Input);

static const Field Leg_fields[] = {
    NUM(Leg, mode, LegMode, K_INT),  NUM(Leg, grow, double, K_F64),    SUB(Leg, root, Vec2),
    SUB(Leg, target, Vec2),          SUB(Leg, knee, Vec2),             SUB(Leg, foot, Vec2),
    NUM(Leg, bend, int, K_INT),      NUM(Leg, cut, bool, K_BOOL),
    SUB(Leg, prev_foot, Vec2),       NUM(Leg, prev_planted, bool, K_BOOL), SUB(Leg, from, Vec2),
    SUB(Leg, to, Vec2),              NUM(Leg, to_default, bool, K_BOOL), SUB(Leg, lift_dir, Vec2),
    NUM(Leg, step_tick, int, K_INT), SUB(Leg, fold, Vec2),             NUM(Leg, steps, int, K_INT),
    NUM(Leg, jitter, double, K_F64), NUM(Leg, cast_hit, bool, K_BOOL), SUB(Leg, cast_point, Vec2),
};
DEF(Leg);
static const Field Legs_fields[] = {
    SKIP(Legs, prof, LegProfile, "the leg profiles: loaded with the World, never changed by a tick"),
    SUB(Legs, leg, Leg),
    NUM(Legs, scale, double, K_F64),
    SUB(Legs, body, Vec2),
    SUB(Legs, n, Vec2),
    SUB(Legs, t, Vec2),
    SUB(Legs, rn, Vec2),
    NUM(Legs, attached, bool, K_BOOL),
    NUM(Legs, last_group, int, K_INT),
    NUM(Legs, planted, int, K_INT),
    NUM(Legs, stepping, int, K_INT),
    NUM(Legs, groups_stepping, int, K_INT),
    NUM(Legs, out, int, K_INT),
    NUM(Legs, foot_slip, double, K_F64),
};
DEF(Legs);
static const Field Player_fields[] = {
    SUB(Player, pos, Vec2),          SUB(Player, vel, Vec2),           NUM(Player, radius, double, K_F64),
    NUM(Player, state, PlayerState, K_INT), SUB(Player, normal, Vec2), NUM(Player, ground_speed, double, K_F64),
    NUM(Player, facing, int, K_INT), SUB(Player, aim, Vec2),           NUM(Player, hp, int, K_INT),
    NUM(Player, hp_max, int, K_INT), NUM(Player, hits, int, K_INT),    NUM(Player, coyote, int, K_INT),
    NUM(Player, jump_buffer, int, K_INT), NUM(Player, jump_hold, int, K_INT),
    NUM(Player, attach_cooldown, int, K_INT), NUM(Player, leap_ns, int, K_INT), SUB(Player, leap_n, Vec2),
    SUB(Player, leap_pos, Vec2),     NUM(Player, fire_cooldown, int, K_INT), NUM(Player, invuln, int, K_INT),
    NUM(Player, knock, int, K_INT),  NUM(Player, shots, int, K_INT),   NUM(Player, dash_ticks, int, K_INT),
    NUM(Player, dash_cooldown, int, K_INT), NUM(Player, dash_ready, bool, K_BOOL),
    NUM(Player, wiggle, bool, K_BOOL), NUM(Player, wiggle_locked, bool, K_BOOL),
    NUM(Player, wiggle_gauge, int, K_INT), SUB(Player, dash_dir, Vec2), SUB(Player, dash_from, Vec2),
    SUB(Player, legs, Legs),
};
DEF(Player);

static const Field Bullet_fields[] = {
    NUM(Bullet, alive, bool, K_BOOL),
    NUM(Bullet, owner, uint8_t, K_U8),
    SKIP(Bullet, style, uint8_t, "an art variant: drawing only"),
    NUM(Bullet, from, EventWho, K_INT),
    SUB(Bullet, pos, Vec2),
    SUB(Bullet, vel, Vec2),
    NUM(Bullet, radius, double, K_F64),
    NUM(Bullet, damage, int, K_INT),
    NUM(Bullet, ttl, int, K_INT),
    SKIP(Bullet, clear, int, "a cache: moves it can make before a cast could meet rock (the casts it skips find nothing)"),
};
DEF(Bullet);
static int first_alive_bullet(const void *owner) {
    const Bullets *bs = owner;
    for (int i = 0; i < bs->cap; i++)
        if (bs->b[i].alive) return i;
    return -1;
}
static const Field Bullets_fields[] = {
    PTR(Bullets, b, Bullet, K_STRUCT, &Bullet_def, first_alive_bullet),
    SKIP(Bullets, cap, int, "the pool's size, fixed when the World is built"),
    NUM(Bullets, count, int, K_INT),
    NUM(Bullets, dropped, int64_t, K_I64),
    SKIP(Bullets, live, uint64_t *, "the live slots' bitmap: Bullet.alive again, kept for fast scans"),
    SKIP(Bullets, free_word, int, "where the free-slot search starts: derived from the bitmap"),
};
DEF(Bullets);

static const Field Lob_fields[] = {
    SUB(Lob, still_at, Vec2),   NUM(Lob, still_ticks, int, K_INT), NUM(Lob, windup, int, K_INT),
    NUM(Lob, flight, int, K_INT), SUB(Lob, mark, Vec2),            SUB(Lob, pos, Vec2),
    SUB(Lob, vel, Vec2),        NUM(Lob, count, int64_t, K_I64),
};
DEF(Lob);

static const Field TetranConfig_fields[] = {
    NUM(TetranConfig, arms, int, K_INT),           NUM(TetranConfig, segments, int, K_INT),
    NUM(TetranConfig, length_px, double, K_F64),   NUM(TetranConfig, hp, int, K_INT),
    NUM(TetranConfig, spin_rad, double, K_F64),    NUM(TetranConfig, core_px, double, K_F64),
    NUM(TetranConfig, fire, bool, K_BOOL),
};
DEF(TetranConfig);
static const Field Tetran_fields[] = {
    SUB(Tetran, cfg, TetranConfig),        SUB(Tetran, home, Vec2),             SUB(Tetran, pos, Vec2),
    NUM(Tetran, hover_rad, double, K_F64), NUM(Tetran, hp, int, K_INT),         NUM(Tetran, hp_max, int, K_INT),
    NUM(Tetran, alive, bool, K_BOOL),      NUM(Tetran, phase, int, K_INT),      NUM(Tetran, spin_rad, double, K_F64),
    NUM(Tetran, wiggle, bool, K_BOOL),     NUM(Tetran, auto_wiggle, int, K_INT), NUM(Tetran, fire_timer, int, K_INT),
    NUM(Tetran, pattern_timer, int, K_INT), NUM(Tetran, volley, int, K_INT),    NUM(Tetran, hit_flash, int, K_INT),
    NUM(Tetran, dead_ticks, int, K_INT),   NUM(Tetran, shots, int64_t, K_I64),
    NUM(Tetran, blocked, int64_t, K_I64),  SUB(Tetran, fall_vel, Vec2),         NUM(Tetran, fall_from_y, double, K_F64),
    SUB(Tetran, seed, Lob),
    PTR(Tetran, base_rad, double, K_F64, NULL, NULL),
    PTR(Tetran, turn_rad, double, K_F64, NULL, NULL),
    PTR(Tetran, stroke, double, K_F64, NULL, NULL),
    PTR(Tetran, sway_dir, int8_t, K_U8, NULL, NULL),
    PTR(Tetran, rad, double, K_F64, NULL, NULL),
    PTR(Tetran, pts, Vec2, K_STRUCT, &Vec2_def, NULL),
    PTR(Tetran, flinch_rad, double, K_F64, NULL, NULL),
    PTR(Tetran, flinch_vel, double, K_F64, NULL, NULL),
    PTR(Tetran, fall_prev, Vec2, K_STRUCT, &Vec2_def, NULL),
    SKIP(Tetran, hits, HitBoxes, "the arms' boxes for bullet tests: follow from pts (hitbox.h)"),
};
DEF(Tetran);

static const Field TentacleConfig_fields[] = {
    NUM(TentacleConfig, tentacles, int, K_INT),    NUM(TentacleConfig, nodes, int, K_INT),
    NUM(TentacleConfig, link_px, double, K_F64),   NUM(TentacleConfig, hp, int, K_INT),
    NUM(TentacleConfig, home_px, double, K_F64),   NUM(TentacleConfig, lerp, double, K_F64),
    NUM(TentacleConfig, aim_deg, double, K_F64),   NUM(TentacleConfig, cooldown, int, K_INT),
    NUM(TentacleConfig, bullet_px, double, K_F64), NUM(TentacleConfig, grow, int, K_INT),
    NUM(TentacleConfig, sway_px, double, K_F64),   NUM(TentacleConfig, roam_px, double, K_F64),
    NUM(TentacleConfig, wave, double, K_F64),      NUM(TentacleConfig, solver, int, K_INT),
    NUM(TentacleConfig, drift_px, double, K_F64),  NUM(TentacleConfig, dive_px, double, K_F64),
};
DEF(TentacleConfig);
static const Field TentacleNode_fields[] = {SUB(TentacleNode, pos, Vec2), SUB(TentacleNode, target, Vec2)};
DEF(TentacleNode);
static const Field TentacleFlex_fields[] = {SUB(TentacleFlex, off, Vec2), SUB(TentacleFlex, vel, Vec2)};
DEF(TentacleFlex);
static const Field TentacleArm_fields[] = {
    NUM(TentacleArm, first, int, K_INT),         NUM(TentacleArm, n, int, K_INT),
    NUM(TentacleArm, cap, int, K_INT),           NUM(TentacleArm, root_rad, double, K_F64),
    SKIP(TentacleArm, root_dir, Vec2, "derived: root_rad's cos and sin, worked out at init"),
    SKIP(TentacleArm, wave_step, Vec2, "derived: the wave's rotations for n, worked out when n changes"),
    NUM(TentacleArm, sway_rad, double, K_F64),   NUM(TentacleArm, cooldown, int, K_INT),
    NUM(TentacleArm, flinch, int, K_INT),       NUM(TentacleArm, windup, int, K_INT),
    NUM(TentacleArm, flexing, bool, K_BOOL),
};
DEF(TentacleArm);
static const Field Tentacle_fields[] = {
    SUB(Tentacle, pos, Vec2),             SUB(Tentacle, home, Vec2),               SUB(Tentacle, look, Vec2),
    NUM(Tentacle, radius, double, K_F64), NUM(Tentacle, link_px, double, K_F64),   SUB(Tentacle, cfg, TentacleConfig),
    NUM(Tentacle, hp, int, K_INT),        NUM(Tentacle, hp_max, int, K_INT),       NUM(Tentacle, chip, int, K_INT),
    NUM(Tentacle, phase, int, K_INT),     NUM(Tentacle, alive, bool, K_BOOL),      NUM(Tentacle, age, int64_t, K_I64),
    NUM(Tentacle, dead_ticks, int64_t, K_I64), NUM(Tentacle, hurt_ticks, int, K_INT),
    NUM(Tentacle, shots, int64_t, K_I64), NUM(Tentacle, last_windup, int, K_INT),
    NUM(Tentacle, fall_vy, double, K_F64),
    SUB(Tentacle, arms, TentacleArm),        NUM(Tentacle, arm_count, int, K_INT),
    PTR(Tentacle, nodes, TentacleNode, K_STRUCT, &TentacleNode_def, NULL),
    PTR(Tentacle, flex, TentacleFlex, K_STRUCT, &TentacleFlex_def, NULL),
    SKIP(Tentacle, node_total, int, "the node pool's size, fixed at init"),
    SUB(Tentacle, lob, Lob),
    SKIP(Tentacle, hits, HitBoxes, "the links' boxes for bullet tests: follow from the nodes (hitbox.h)"),
};
DEF(Tentacle);

static const Field Whale_fields[] = {
    SUB(Whale, pos, Vec2),                SUB(Whale, vel, Vec2),                   SUB(Whale, turn_vel, Vec2),              NUM(Whale, turn_dir, int, K_INT),
    NUM(Whale, turn_radius_px, double, K_F64),
    SUB(Whale, seg, Vec2),                NUM(Whale, seg_len, double, K_F64),      NUM(Whale, width, double, K_F64),
    NUM(Whale, size, double, K_F64),      NUM(Whale, margin_px, double, K_F64),    NUM(Whale, speed, double, K_F64),
    NUM(Whale, shield_px, double, K_F64), NUM(Whale, escort_px, double, K_F64), NUM(Whale, push_head, bool, K_BOOL),     NUM(Whale, boss, bool, K_BOOL),
    NUM(Whale, hp, int, K_INT),           NUM(Whale, hp_max, int, K_INT),          NUM(Whale, alive, bool, K_BOOL),
    NUM(Whale, phase, int, K_INT),        NUM(Whale, dive, WhaleDive, K_INT),      NUM(Whale, dive_timer, int, K_INT),
    SUB(Whale, aim, Vec2),                NUM(Whale, attacks, int64_t, K_I64),
    NUM(Whale, bounces, int64_t, K_I64),  NUM(Whale, age, int64_t, K_I64),         NUM(Whale, dead_ticks, int, K_INT),
    NUM(Whale, hurt_ticks, int, K_INT),  NUM(Whale, shudder_amp, double, K_F64), NUM(Whale, shudder_ticks, int, K_INT),
    NUM(Whale, shudder_applied, double, K_F64), NUM(Whale, roll, double, K_F64),
    NUM(Whale, shots_eaten, int64_t, K_I64), SUB(Whale, lob, Lob),
};
DEF(Whale);

static const Field TurretConfig_fields[] = {
    NUM(TurretConfig, rate, int, K_INT),           NUM(TurretConfig, every, int, K_INT),
    NUM(TurretConfig, speed_px, double, K_F64),    NUM(TurretConfig, ttl, int, K_INT),
    NUM(TurretConfig, spin_rad, double, K_F64),    NUM(TurretConfig, side, int, K_INT),
    SKIP(TurretConfig, hp, int, "not a parameter: a turret cannot be hurt, the field only takes the difficulty's scaling"),
};
DEF(TurretConfig);
static const Field Turret_fields[] = {
    SUB(Turret, pos, Vec2),                 SUB(Turret, cfg, TurretConfig), NUM(Turret, angle_rad, double, K_F64),
    NUM(Turret, timer, int, K_INT),         NUM(Turret, shots, int64_t, K_I64),
};
DEF(Turret);

static const Field Star_fields[] = {
    NUM(Star, x, float, K_F32),
    NUM(Star, y, float, K_F32),
    SKIP(Star, ox, float, "the origin: drawn from the game PRNG at init, never moved"),
    SKIP(Star, oy, float, "the origin: drawn from the game PRNG at init, never moved"),
    SKIP(Star, size, uint8_t, "drawing only"),
    SKIP(Star, bright, uint8_t, "drawing only"),
    SKIP(Star, active, uint8_t, "1 exactly for the stars on the active list, which is hashed"),
};
DEF(Star);
static int first_active_star(const void *owner) {
    const Starfield *sf = owner;
    return sf->active_n > 0 ? (int)sf->active[0] : -1;
}
static const Field Starfield_fields[] = {
    PTR(Starfield, s, Star, K_STRUCT, &Star_def, first_active_star),
    NUM(Starfield, count, uint32_t, K_U32),
    NUM(Starfield, displaced, uint32_t, K_U32),
    SKIP(Starfield, cell_px, double, "the grid by origin: built at init from the origins"),
    SKIP(Starfield, gw, int, "the grid by origin: built at init from the origins"),
    SKIP(Starfield, gh, int, "the grid by origin: built at init from the origins"),
    SKIP(Starfield, start, uint32_t *, "the grid by origin: built at init from the origins"),
    SKIP(Starfield, resting, uint32_t *, "per cell, its stars not active: follows from the stars' active flags"),
    PTR(Starfield, active, uint32_t, K_U32, NULL, NULL),
    NUM(Starfield, active_n, uint32_t, K_U32),
    NUM(Starfield, pushed, uint64_t, K_U64),
};
DEF(Starfield);

// The World's creature arrays come from the creature list: a new kind needs
// its Type_fields table above.
#define WORLD_KIND_FIELDS(KIND, prefix, Type, name) \
    PTR(World, prefix##s, Type, K_STRUCT, &Type##_def, NULL), NUM(World, prefix##_count, int, K_INT),
static const Field World_fields[] = {
    NUM(World, tick, int64_t, K_I64),
    NUM(World, state, GameState, K_INT),
    NUM(World, state_tick, int64_t, K_I64),
    SUB(World, rng, Rng),
    SKIP(World, map, Tilemap, "the level's tiles, never changed by a tick (recordings hash the level)"),
    SUB(World, player, Player),
    SUB(World, bullets, Bullets),
    CREATURES(WORLD_KIND_FIELDS)
    SUB(World, stars, Starfield),
    SUB(World, input, Input),
    SKIP(World, prev_input, Input, "the last tick's buttons: world_step sets it from input before reading it"),
    SKIP(World, events, Events, "the last tick's news for render and audio, cleared by the next tick"),
    NUM(World, difficulty, Difficulty, K_INT),
    NUM(World, assist_wiggle, bool, K_BOOL),
};
#undef WORLD_KIND_FIELDS
DEF(World);

static const StructDef *const all_structs[] = {
    &Vec2_def,   &Rng_def,  &Input_def,          &Leg_def,    &Legs_def,        &Player_def,
    &Bullet_def, &Bullets_def, &Lob_def, &TetranConfig_def, &Tetran_def, &TentacleConfig_def, &TentacleNode_def,
    &TentacleFlex_def, &TentacleArm_def, &Tentacle_def, &Whale_def, &TurretConfig_def, &Turret_def, &Star_def,
    &Starfield_def,
    &World_def,
};

// ---------------------------------------------------------------- layout

static size_t round_up(size_t n, size_t a) { return (n + a - 1) / a * a; }

// Every byte of the struct belongs to a listed field or to the padding the
// next field's (or the struct's) alignment requires; fields are listed in
// declaration order; a member is a whole number of its listed elements.
static bool layout_covered(const StructDef *sd) {
    size_t end = 0;
    bool ok = true;
    for (int i = 0; i < sd->count; i++) {
        const Field *f = &sd->fields[i];
        if (f->offset != round_up(end, f->align)) {
            fprintf(stderr, "%s: %zu unlisted bytes before '%s' (offset %zu): a field that is neither hashed nor "
                            "listed as not hashed?\n", sd->name, f->offset - end, f->name, f->offset);
            ok = false;
        }
        if (f->size % f->elem_size != 0) {
            fprintf(stderr, "%s.%s: %zu bytes is not a whole number of its listed type (%zu)\n", sd->name, f->name,
                    f->size, f->elem_size);
            ok = false;
        }
        if (f->kind == K_STRUCT && f->sub->size != f->elem_size) {
            fprintf(stderr, "%s.%s: listed as %s\n", sd->name, f->name, f->sub->name);
            ok = false;
        }
        end = f->offset + f->size;
    }
    if (round_up(end, sd->align) != sd->size) {
        fprintf(stderr, "%s: %zu unlisted bytes after '%s'\n", sd->name, sd->size - end,
                sd->count ? sd->fields[sd->count - 1].name : "");
        ok = false;
    }
    return ok;
}

static void test_every_field_is_listed(void **state) {
    (void)state;
    bool ok = true;
    for (size_t i = 0; i < sizeof all_structs / sizeof all_structs[0]; i++) ok &= layout_covered(all_structs[i]);
    assert_true(ok);
}

// ---------------------------------------------------------------- changes

typedef struct Probe {
    World *w;
    uint64_t base;
    int changed, unchanged;
} Probe;

static size_t kind_size(Kind kind) {
    switch (kind) {
    case K_BOOL: return sizeof(bool);
    case K_U8: return 1;
    case K_U16: return 2;
    case K_INT: return sizeof(int);
    case K_U32: case K_F32: return 4;
    default: return 8;
    }
}

// Changes one scalar element a little (toward 0 for counts, so loops over
// it stay in bounds), hashes, restores.
static void change(Probe *pr, Kind kind, void *at, const char *path) {
    unsigned char saved[8];
    size_t n = kind_size(kind);
    memcpy(saved, at, n);
    switch (kind) {
    case K_BOOL: *(bool *)at = !*(bool *)at; break;
    case K_U8: *(uint8_t *)at ^= 1; break;
    case K_U16: *(uint16_t *)at ^= 1; break;
    case K_INT: *(int *)at += *(int *)at > 0 ? -1 : 1; break;
    case K_U32: *(uint32_t *)at = *(uint32_t *)at > 0 ? *(uint32_t *)at - 1 : 1; break;
    case K_I64: *(int64_t *)at += *(int64_t *)at > 0 ? -1 : 1; break;
    case K_U64: *(uint64_t *)at ^= 1; break;
    case K_F32: *(float *)at = *(float *)at == 0.0f ? 1.0f : *(float *)at * 1.5f; break;
    case K_F64: *(double *)at = *(double *)at == 0.0 ? 1.0 : *(double *)at * 1.5; break;
    default: break;
    }
    uint64_t h = world_hash(pr->w);
    memcpy(at, saved, n);
    if (h == pr->base) {
        fprintf(stderr, "%s: changed, and world_hash did not change (a field nobody hashes?)\n", path);
        pr->unchanged++;
    } else {
        pr->changed++;
    }
    assert_true(world_hash(pr->w) == pr->base);
}

static void walk(Probe *pr, const StructDef *sd, void *base, const char *path);

static void visit(Probe *pr, const Field *f, void *owner, const char *path) {
    char here[256];
    if (f->kind == K_SKIP) return;
    int i = f->pick ? f->pick(owner) : 0;
    snprintf(here, sizeof here, "%s.%s", path, f->name);
    if (i < 0) {
        fprintf(stderr, "%s: the test world has nothing here to change\n", here);
        pr->unchanged++;
        return;
    }
    char *at = (char *)owner + f->offset;
    if (f->kind == K_PTR) {
        char *p = *(char **)at;
        if (!p) fprintf(stderr, "%s: the test world has none\n", here);
        assert_non_null(p);
        size_t elem = f->to == K_STRUCT ? f->sub->size : kind_size(f->to);
        snprintf(here, sizeof here, "%s.%s[%d]", path, f->name, i);
        if (f->to == K_STRUCT) walk(pr, f->sub, p + (size_t)i * elem, here);
        else change(pr, f->to, p + (size_t)i * elem, here);
        return;
    }
    assert_true((size_t)i < f->size / f->elem_size);
    if (f->size > f->elem_size) snprintf(here, sizeof here, "%s.%s[%d]", path, f->name, i);
    if (f->kind == K_STRUCT) walk(pr, f->sub, at + (size_t)i * f->elem_size, here);
    else change(pr, f->kind, at + (size_t)i * f->elem_size, here);
}

static void walk(Probe *pr, const StructDef *sd, void *base, const char *path) {
    for (int i = 0; i < sd->count; i++) visit(pr, &sd->fields[i], base, path);
}

// A 40 x 14 arena with stars, the player and one creature of every kind.
static size_t arena(char *t, size_t cap) {
    size_t n = (size_t)snprintf(t, cap, "stars 3000\nseed 5\nspawn player 3 12\n");
    int k = 0;
#define SPAWN_KIND(KIND, prefix, Type, name) \
    n += (size_t)snprintf(t + n, cap - n, "spawn %s %d %d\n", #prefix, 6 + 7 * k % 30, 3 + 3 * (k % 3)), k++;
    CREATURES(SPAWN_KIND)
#undef SPAWN_KIND
    n += (size_t)snprintf(t + n, cap - n, "map\n");
    for (int row = 0; row < 14; row++) {
        for (int col = 0; col < 40; col++)
            t[n++] = row == 0 || row == 13 || col == 0 || col == 39 ? '#' : '.';
        t[n++] = '\n';
    }
    n += (size_t)snprintf(t + n, cap - n, "end\n");
    return n;
}

static void test_every_hashed_field_changes_the_hash(void **state) {
    (void)state;
    char text[4096];
    Level lv;
    ParseError err;
    assert_true(level_parse(&lv, text, arena(text, sizeof text), "hash.lvl", &err));
    World *w = fixture_world_level(&lv, false, 0);
    for (int t = 0; t < 240; t++) world_step(w, (Input){(uint16_t)(BTN_FIRE | (t % 120 < 60 ? BTN_RIGHT : BTN_LEFT))});
    Probe pr = {w, world_hash(w), 0, 0};
    walk(&pr, &World_def, w, "world");
    fprintf(stderr, "%d hashed fields each change the hash\n", pr.changed);
    assert_int_equal(pr.unchanged, 0);
    assert_true(pr.changed > 150);
    world_free(w);
    level_free(&lv);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_field_is_listed),
        cmocka_unit_test(test_every_hashed_field_changes_the_hash),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
