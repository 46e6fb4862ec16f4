// probes.c -- the probe table: every named value a script may test, read
// from World on demand. Creatures read the first one of their kind (0 when
// the level has none); their probes come from the creature list.
#include "harness/probes.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/world.h"

static double g_tick(const World *w) { return (double)w->tick; }
static double g_game_state(const World *w) { return (double)w->state; }
static double g_game_bosses(const World *w) { return (double)world_bosses_alive(w); }
static double g_bullets_count(const World *w) { return (double)w->bullets.count; }
static double g_bullets_dropped(const World *w) { return (double)w->bullets.dropped; }

static double g_player_x(const World *w) { return w->player.pos.x; }
static double g_player_y(const World *w) { return w->player.pos.y; }
static double g_player_vx(const World *w) { return w->player.vel.x; }
static double g_player_vy(const World *w) { return w->player.vel.y; }
static double g_player_state(const World *w) { return (double)w->player.state; }
static double g_player_hp(const World *w) { return (double)w->player.hp; }
static double g_player_facing(const World *w) { return (double)w->player.facing; }
static double g_player_shots(const World *w) { return (double)w->player.shots; }
static double g_player_hits(const World *w) { return (double)w->player.hits; }
static double g_player_invuln(const World *w) { return (double)w->player.invuln; }
static double g_player_dashing(const World *w) { return w->player.dash_ticks > 0 ? 1.0 : 0.0; }
static double g_player_aim_x(const World *w) { return w->player.aim.x; }
static double g_player_aim_y(const World *w) { return w->player.aim.y; }
static double g_player_hp_max(const World *w) { return (double)w->player.hp_max; }
static double g_player_wiggle(const World *w) { return w->player.wiggle ? 1.0 : 0.0; }
// 0..100 (the gauge's units scaled).
static double g_player_wiggle_gauge(const World *w) {
    return 100.0 * w->player.wiggle_gauge / PLAYER_WIGGLE_FULL;
}

static LegsProbes legs_of(const World *w) {
    LegsProbes lp;
    memset(&lp, 0, sizeof lp);
    legs_probes(&w->player.legs, &lp);
    return lp;
}
static double g_legs(const World *w) { return legs_of(w).legs; }
static double g_legs_planted(const World *w) { return legs_of(w).planted; }
static double g_legs_stepping(const World *w) { return legs_of(w).stepping; }
static double g_groups_stepping(const World *w) { return legs_of(w).groups_stepping; }
static double g_foot_slip(const World *w) { return legs_of(w).foot_slip; }
static double g_leg_extension(const World *w) { return legs_of(w).extension; }
static double g_foot_gap(const World *w) { return legs_foot_gap(&w->player.legs, &w->map); }
static double g_feet_min_gap(const World *w) { return legs_of(w).feet_min_gap; }
static double g_leg_over_body(const World *w) {
    double v = legs_over_body(&w->player.legs, w->player.pos, w->player.radius);
    return v;
}

// Per creature kind (creature.h): prefix_of reads the first creature of the
// kind (zeros when there is none), and its probe list (KIND_PROBES in its
// header) gives one getter per field, plus the kind's count when it has one.
#define PROBES_OF_KIND(KIND, prefix, Type)           \
    static Type##Probes prefix##_of(const World *w) {      \
        Type##Probes pr;                                   \
        memset(&pr, 0, sizeof pr);                         \
        if (w->prefix##_count > 0) prefix##_probes(&w->prefix##s[0], &pr); \
        return pr;                                         \
    }
CREATURES(PROBES_OF_KIND)
#undef PROBES_OF_KIND

#define FIELD_GETTER(prefix, field, doc) \
    static double g_##prefix##_##field(const World *w) { return prefix##_of(w).field; }
#define COUNT_GETTER(prefix, doc) \
    static double g_##prefix##_count(const World *w) { return (double)w->prefix##_count; }
#define GETTERS_OF_KIND(KIND, prefix, Type) KIND##_PROBES(FIELD_GETTER, COUNT_GETTER)
CREATURES(GETTERS_OF_KIND)
#undef GETTERS_OF_KIND
#undef COUNT_GETTER
#undef FIELD_GETTER

static StarfieldProbes stars_of(const World *w) {
    StarfieldProbes sp;
    memset(&sp, 0, sizeof sp);
    starfield_probes(&w->stars, &sp);
    return sp;
}
static double g_stars_count(const World *w) { return stars_of(w).count; }
static double g_stars_displaced(const World *w) { return stars_of(w).displaced; }

// The world's own probes, then each creature kind's in list order;
// probe_at presents them sorted by name.
#define FIELD_ENTRY(prefix, field, doc) {#prefix "." #field, PROBE_NUMBER, g_##prefix##_##field},
#define COUNT_ENTRY(prefix, doc) {#prefix ".count", PROBE_NUMBER, g_##prefix##_count},
#define ENTRIES_OF_KIND(KIND, prefix, Type) KIND##_PROBES(FIELD_ENTRY, COUNT_ENTRY)
static const ProbeDef probes[] = {
    {"bullets.count", PROBE_NUMBER, g_bullets_count},
    {"bullets.dropped", PROBE_NUMBER, g_bullets_dropped},
    {"game.bosses", PROBE_NUMBER, g_game_bosses},
    {"game.state", PROBE_GAME_STATE, g_game_state},
    {"player.aim_x", PROBE_NUMBER, g_player_aim_x},
    {"player.aim_y", PROBE_NUMBER, g_player_aim_y},
    {"player.dashing", PROBE_NUMBER, g_player_dashing},
    {"player.facing", PROBE_NUMBER, g_player_facing},
    {"player.feet_min_gap", PROBE_NUMBER, g_feet_min_gap},
    {"player.foot_gap", PROBE_NUMBER, g_foot_gap},
    {"player.foot_slip", PROBE_NUMBER, g_foot_slip},
    {"player.groups_stepping", PROBE_NUMBER, g_groups_stepping},
    {"player.hits", PROBE_NUMBER, g_player_hits},
    {"player.hp", PROBE_NUMBER, g_player_hp},
    {"player.hp_max", PROBE_NUMBER, g_player_hp_max},
    {"player.invuln", PROBE_NUMBER, g_player_invuln},
    {"player.leg_extension", PROBE_NUMBER, g_leg_extension},
    {"player.leg_over_body", PROBE_NUMBER, g_leg_over_body},
    {"player.legs", PROBE_NUMBER, g_legs},
    {"player.legs_planted", PROBE_NUMBER, g_legs_planted},
    {"player.legs_stepping", PROBE_NUMBER, g_legs_stepping},
    {"player.shots", PROBE_NUMBER, g_player_shots},
    {"player.state", PROBE_PLAYER_STATE, g_player_state},
    {"player.vx", PROBE_NUMBER, g_player_vx},
    {"player.vy", PROBE_NUMBER, g_player_vy},
    {"player.wiggle", PROBE_NUMBER, g_player_wiggle},
    {"player.wiggle_gauge", PROBE_NUMBER, g_player_wiggle_gauge},
    {"player.x", PROBE_NUMBER, g_player_x},
    {"player.y", PROBE_NUMBER, g_player_y},
    {"stars.count", PROBE_NUMBER, g_stars_count},
    {"stars.displaced", PROBE_NUMBER, g_stars_displaced},
    {"tick", PROBE_NUMBER, g_tick},
    CREATURES(ENTRIES_OF_KIND)
};
#undef ENTRIES_OF_KIND
#undef COUNT_ENTRY
#undef FIELD_ENTRY

int probe_count(void) { return (int)(sizeof probes / sizeof probes[0]); }

// The i-th probe by name is the one with i names before it (a few dozen
// probes: counting is cheap and needs no sorted copy to build and keep).
const ProbeDef *probe_at(int i) {
    int n = probe_count();
    for (int k = 0; k < n && i >= 0 && i < n; k++) {
        int before = 0;
        for (int j = 0; j < n; j++) before += strcmp(probes[j].name, probes[k].name) < 0;
        if (before == i) return &probes[k];
    }
    return NULL;
}

const ProbeDef *probe_find(const char *name, size_t len) {
    for (int i = 0; i < probe_count(); i++)
        if (strlen(probes[i].name) == len && memcmp(probes[i].name, name, len) == 0) return &probes[i];
    return NULL;
}

typedef struct Symbol {
    const char *name;
    ProbeKind kind;
    double value;
} Symbol;

static const Symbol symbols[] = {
    {"ground", PROBE_PLAYER_STATE, 0}, {"air", PROBE_PLAYER_STATE, 1}, {"wall", PROBE_PLAYER_STATE, 2},
    {"playing", PROBE_GAME_STATE, 0},  {"won", PROBE_GAME_STATE, 1},   {"lost", PROBE_GAME_STATE, 2},
};

bool probe_symbol_kind(const char *s, size_t len, double *out, ProbeKind *kind) {
    for (size_t i = 0; i < sizeof symbols / sizeof symbols[0]; i++)
        if (strlen(symbols[i].name) == len && memcmp(symbols[i].name, s, len) == 0) {
            if (out) *out = symbols[i].value;
            if (kind) *kind = symbols[i].kind;
            return true;
        }
    return false;
}

bool probe_symbol(const char *s, size_t len, double *out) { return probe_symbol_kind(s, len, out, NULL); }

void probe_format_number(double v, char *buf, size_t n) {
    if (n == 0) return;
    if (isnan(v)) { snprintf(buf, n, "nan"); return; }
    if (isinf(v)) { snprintf(buf, n, v > 0 ? "inf" : "-inf"); return; }
    if (v == 0) { snprintf(buf, n, "0"); return; }     // -0 too
    if (v == floor(v) && fabs(v) < 1e15) { snprintf(buf, n, "%.0f", v); return; }
    char tmp[64];
    for (int prec = 1; prec <= 17; prec++) {
        snprintf(tmp, sizeof tmp, "%.*g", prec, v);
        if (strtod(tmp, NULL) == v) break;
    }
    snprintf(buf, n, "%s", tmp);
}

void probe_format(const ProbeDef *p, double v, char *buf, size_t n) {
    if (p && p->kind != PROBE_NUMBER) {
        for (size_t i = 0; i < sizeof symbols / sizeof symbols[0]; i++)
            if (symbols[i].kind == p->kind && symbols[i].value == v) {
                snprintf(buf, n, "%s", symbols[i].name);
                return;
            }
    }
    probe_format_number(v, buf, n);
}
