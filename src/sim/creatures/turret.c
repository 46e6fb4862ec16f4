// turret.c -- the bench's bullet emitter (turret.h): turning volleys of
// evenly spread shots. Deterministic; never allocates.
#include "sim/creatures/turret.h"

#include <string.h>

#include "core/dmath.h"
#include "sim/tick.h"

static const ParamChoice SIDES[] = {{"enemy", TURRET_SIDE_ENEMY}, {"player", TURRET_SIDE_PLAYER}, {NULL, 0}};

#define FIELD(f) offsetof(TurretConfig, f)
static const ParamDef PARAMS[] = {
    {"rate", PARAM_INT, PARAM_AS_INT, FIELD(rate), 1, 256, 8, .doc = "bullets per volley, evenly spread round a circle"},
    {"every", PARAM_INT, PARAM_AS_INT, FIELD(every), 1, 600, 1, .doc = "ticks between volleys"},
    {"speed", PARAM_NUM, PARAM_AS_DOUBLE, FIELD(speed_px), 0.5, 32, 3, .doc = "bullet speed, px per tick"},
    {"ttl", PARAM_INT, PARAM_AS_INT, FIELD(ttl), 1, 6000, 600, .doc = "bullet lifetime, ticks (a wall stops one first)"},
    {"spin", PARAM_NUM, PARAM_AS_DOUBLE, FIELD(spin_rad), -3, 3, 0.13, .doc = "how far each volley turns, rad"},
    {"side", PARAM_CHOICE, PARAM_AS_INT, FIELD(side), 0, 0, TURRET_SIDE_ENEMY, SIDES, true,
     .doc = "whose shots: `enemy` (they hurt the player) or `player` (they hit the creatures)"},
};
#undef FIELD
static const ParamTable TABLE = {"turret", sizeof(TurretConfig), PARAMS, (int)(sizeof PARAMS / sizeof PARAMS[0])};

const ParamTable *turret_params(void) { return &TABLE; }

// Budget (level.h): the bullets it can keep in flight, rate x ceil(ttl /
// every) (at most the largest pool), LEVEL_BULLETS_PER_UNIT to the unit;
// with side=player those bullets test every creature's parts too.
static int64_t alive_bullets(const TurretConfig *c) {
    int64_t alive = (int64_t)c->rate * ((c->ttl + c->every - 1) / c->every);
    return alive > BULLETS_MAX_CAP ? BULLETS_MAX_CAP : alive;
}
static int64_t units(const void *cfg) {
    return (alive_bullets(cfg) + LEVEL_BULLETS_PER_UNIT - 1) / LEVEL_BULLETS_PER_UNIT;
}
static int64_t player_bullets(const void *cfg) {
    const TurretConfig *c = cfg;
    return c->side == TURRET_SIDE_PLAYER ? alive_bullets(c) : 0;
}

static const CreatureDesc DESC = {
    .name = "turret",
    .boss_name = "TURRET",
    .hash_order = 4,
    .summary = "a bench device, not a fighter: a fixed emitter spraying turning volleys of shots "
               "(levels/bench/, docs/bench.md)",
    .cost = "the bullets it can keep in flight, `rate` x ceil(`ttl` / `every`) (at most 65,536), per 25 "
            "(`LEVEL_BULLETS_PER_UNIT`: a bullet costs about 80 instructions a tick, [bench.md](bench.md))",
    .params = turret_params,
    .units = units,
    .player_bullets = player_bullets,
};

const CreatureDesc *turret_desc(void) { return &DESC; }

void turret_config_default(TurretConfig *cfg) { param_defaults(&TABLE, cfg); }

bool turret_config_set(TurretConfig *cfg, const char *key, const char *val, char *why, size_t why_n) {
    return param_set(&TABLE, cfg, key, val, why, why_n);
}

bool turret_init(Turret *c, const TurretConfig *cfg, Vec2 pos, Rng *rng) {
    (void)rng;
    memset(c, 0, sizeof *c);
    if (!param_valid(&TABLE, cfg)) return false;
    c->cfg = *cfg;
    c->pos = pos;
    c->timer = 1;
    return true;
}

void turret_free(Turret *c) { (void)c; }

void turret_step(Turret *c, const TickCtx *ctx) {
    if (--c->timer > 0) return;
    c->timer = c->cfg.every;
    c->angle_rad = dm_wrap(c->angle_rad + c->cfg.spin_rad);
    // The first shot along angle_rad, each next one a turn of 2 pi / rate further.
    double s, co, ds, dc;
    dm_sincos(c->angle_rad, &s, &co);
    dm_sincos(DM_TAU / c->cfg.rate, &ds, &dc);
    bool mine = c->cfg.side == TURRET_SIDE_PLAYER;
    for (int k = 0; k < c->cfg.rate; k++) {
        Vec2 vel = v2(co * c->cfg.speed_px, s * c->cfg.speed_px);
        if (bullets_spawn(ctx->bullets, mine ? OWNER_PLAYER : OWNER_ENEMY, WHO_TURRET, c->pos, vel,
                          TURRET_SHOT_RADIUS_PX, TURRET_SHOT_DAMAGE, c->cfg.ttl) >= 0)
            c->shots++;
        double t = s * dc + co * ds;
        co = co * dc - s * ds;
        s = t;
    }
}

bool turret_bullet_hit(Turret *c, const TickCtx *ctx, const Bullet *b) {
    (void)c, (void)ctx, (void)b;
    return false;
}

bool turret_touches(const Turret *c, Vec2 p, double r) {
    (void)c, (void)p, (void)r;
    return false;
}

bool turret_bounds(const Turret *c, Box *out) {
    (void)c, (void)out;
    return false;
}

bool turret_blocks_win(const Turret *c) {
    (void)c;
    return false;
}

bool turret_is_boss(const Turret *c) {
    (void)c;
    return false;
}

static FIELDS_HASH_FN(void config_hash, TurretConfig, TURRET_CONFIG_FIELDS)

FIELDS_HASH_FN(void turret_hash, Turret, TURRET_FIELDS)

void turret_probes(const Turret *c, TurretProbes *out) {
    memset(out, 0, sizeof *out);
    out->shots = (double)c->shots;
}

int turret_pushers(const Turret *c, StarPusher *out, int max) {
    (void)c, (void)out, (void)max;
    return 0;
}

Vec2 turret_pos(const Turret *c) { return c->pos; }

bool turret_alive(const Turret *c) {
    (void)c;
    return false;
}

void turret_health(const Turret *c, int *hp, int *hp_max) {
    (void)c;
    *hp = *hp_max = 0;
}

int turret_phase_marks(const Turret *c, int *hp, int max) {
    (void)c, (void)hp, (void)max;
    return 0;
}
