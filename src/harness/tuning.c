// tuning.c -- the tuning panel's rows, steps and checks (see tuning.h).
#include "harness/tuning.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/mem.h"
#include "harness/legfile.h"

// Steps: half a pixel for lengths (a body of radius 12: one step is 4 % of
// it), a degree for the arc's step, half a tick for the lead.
static const TuningRow ROWS[] = {
    {LEG_KEY_GROUP, 0, "group", 1},
    {LEG_KEY_ROOT, 0, "root x", 0.5},
    {LEG_KEY_ROOT, 1, "root y", 0.5},
    {LEG_KEY_UPPER, 0, "upper", 0.5},
    {LEG_KEY_LOWER, 0, "lower", 0.5},
    {LEG_KEY_MIN, 0, "min", 0.5},
    {LEG_KEY_MAX, 0, "max", 0.5},
    {LEG_KEY_DEFAULT, 0, "default x", 0.5},
    {LEG_KEY_DEFAULT, 1, "default y", 0.5},
    {LEG_KEY_CAST_RADIUS, 0, "cast_radius", 0.5},
    {LEG_KEY_CAST_STEP, 0, "cast_step", 1},
    {LEG_KEY_LEAD, 0, "lead", 0.5},
    {LEG_KEY_STEP_TICKS, 0, "step_ticks", 1},
    {LEG_KEY_EASE, 0, "ease", 1},
    {LEG_KEY_LIFT, 0, "lift", 1},
    {LEG_KEY_LIFT_MAX, 0, "lift_max", 0.5},
    {LEG_KEY_GROW_TICKS, 0, "grow_ticks", 1},
    {LEG_KEY_RETRACT_TICKS, 0, "retract_ticks", 1},
};
#define ROW_COUNT ((int)(sizeof ROWS / sizeof ROWS[0]))

// The curve cycle: the named curves, then base's own control points.
static const LegCurveKind NAMED[] = {CURVE_LINEAR,   CURVE_SMOOTHSTEP, CURVE_SMOOTHERSTEP, CURVE_EASE_IN,
                                     CURVE_EASE_OUT, CURVE_SINE,       CURVE_PARABOLA};
#define NAMED_COUNT ((int)(sizeof NAMED / sizeof NAMED[0]))

int tuning_row_count(void) { return ROW_COUNT; }

const TuningRow *tuning_row(int row) { return row >= 0 && row < ROW_COUNT ? &ROWS[row] : NULL; }

// The row's number (NULL for curves; integers go through ival).
static double *num_of(LegProfile *p, const TuningRow *r) {
    switch (r->key) {
    case LEG_KEY_ROOT: return r->comp ? &p->root_px.y : &p->root_px.x;
    case LEG_KEY_DEFAULT: return r->comp ? &p->default_px.y : &p->default_px.x;
    case LEG_KEY_UPPER: return &p->upper_px;
    case LEG_KEY_LOWER: return &p->lower_px;
    case LEG_KEY_MIN: return &p->min_px;
    case LEG_KEY_MAX: return &p->max_px;
    case LEG_KEY_CAST_RADIUS: return &p->cast_radius_px;
    case LEG_KEY_CAST_STEP: return &p->cast_step_deg;
    case LEG_KEY_LEAD: return &p->lead_ticks;
    case LEG_KEY_LIFT_MAX: return &p->lift_px;
    default: return NULL;
    }
}

static int *int_of(LegProfile *p, const TuningRow *r) {
    switch (r->key) {
    case LEG_KEY_GROUP: return &p->group;
    case LEG_KEY_STEP_TICKS: return &p->step_ticks;
    case LEG_KEY_GROW_TICKS: return &p->grow_ticks;
    case LEG_KEY_RETRACT_TICKS: return &p->retract_ticks;
    default: return NULL;
    }
}

static LegCurve *curve_of(LegProfile *p, const TuningRow *r) {
    return r->key == LEG_KEY_EASE ? &p->ease : r->key == LEG_KEY_LIFT ? &p->lift : NULL;
}

void tuning_value_text(const LegProfile *p, int row, char *buf, size_t n) {
    const TuningRow *r = tuning_row(row);
    if (!r) {
        snprintf(buf, n, "?");
        return;
    }
    LegProfile q = *p;
    const LegCurve *c = curve_of(&q, r);
    if (c && c->kind == CURVE_POINTS) {
        snprintf(buf, n, "points %d", c->n);
        return;
    }
    const double *d = num_of(&q, r);
    if (d) legfile_number(*d, buf, n);   // one coordinate of root and default
    else legfile_value(&q, r->key, buf, n);
}

bool tuning_row_differs(const LegProfile *a, const LegProfile *b, int row) {
    const TuningRow *r = tuning_row(row);
    if (!r) return false;
    LegProfile qa = *a, qb = *b;
    const double *na = num_of(&qa, r), *nb = num_of(&qb, r);
    if (na) return *na != *nb;
    return !legfile_same(&qa, &qb, r->key);
}

// Leg i alone as the loader would take it (its text, parsed).
static bool check_one(const LegProfile *p, int i, LegProfile *out, ParseError *why) {
    size_t len = 0;
    char *text = legfile_text(p, NULL, &len);
    if (!text) {
        parse_error_set(why, legs_name(i), 0, 0, "out of memory");
        return false;
    }
    *out = *p;
    bool ok = legs_parse_profile(out, text, len, legs_name(i), why);
    mem_free(text);
    return ok;
}

bool tuning_check(const LegProfile prof[LEGS_COUNT], ParseError *why) {
    char *text[LEGS_COUNT] = {NULL};
    LegProfileText t[LEGS_COUNT];
    bool ok = true;
    for (int i = 0; i < LEGS_COUNT; i++) {
        size_t len = 0;
        text[i] = legfile_text(&prof[i], NULL, &len);
        if (!text[i]) ok = false;
        t[i] = (LegProfileText){text[i] ? text[i] : "", len, legs_name(i)};
    }
    LegProfile got[LEGS_COUNT];
    memcpy(got, prof, sizeof got);
    if (!ok) parse_error_set(why, "tuning", 0, 0, "out of memory");
    else ok = legs_parse_profiles(got, t, why);
    for (int i = 0; i < LEGS_COUNT; i++) mem_free(text[i]);
    return ok;
}

// The curve cycle's index of c (NAMED_COUNT: control points).
static int curve_index(const LegCurve *c) {
    for (int k = 0; k < NAMED_COUNT; k++)
        if (c->kind == NAMED[k]) return k;
    return NAMED_COUNT;
}

// Steps leg i's curve to the next one (dir +1 / -1) of the cycle that the
// leg accepts; false when none does.
static bool step_curve(LegProfile *p, const LegProfile *base, int i, const TuningRow *r, int dir, ParseError *why) {
    LegProfile b = *base;
    const LegCurve *own = curve_of(&b, r);
    bool has_points = own->kind == CURVE_POINTS;
    int count = NAMED_COUNT + (has_points ? 1 : 0);
    int at = curve_index(curve_of(p, r));
    for (int tries = 1; tries < count; tries++) {
        int k = ((at + dir * tries) % count + count) % count;
        LegProfile q = *p, got;
        LegCurve *c = curve_of(&q, r);
        if (k == NAMED_COUNT) *c = *own;
        else *c = (LegCurve){.kind = NAMED[k]};
        if (check_one(&q, i, &got, why)) {
            *p = got;
            return true;
        }
    }
    parse_error_set(why, legs_name(i), 0, 0, "no other %s curve fits this leg", legs_key_name(r->key));
    return false;
}

static void step_value(LegProfile *p, const TuningRow *r, int steps) {
    double *d = num_of(p, r);
    int *iv = int_of(p, r);
    if (d) *d = round((*d + steps * r->step) * TUNING_GRAIN) / TUNING_GRAIN;
    else if (r->key == LEG_KEY_GROUP) *iv = steps % 2 ? 1 - *iv : *iv;
    else if (iv) *iv += steps;
}

// Takes the selected legs of next when the four load as files would.
static bool take(LegProfile prof[LEGS_COUNT], const LegProfile next[LEGS_COUNT], int leg, ParseError *why) {
    if (!tuning_check(next, why)) return false;
    for (int i = 0; i < LEGS_COUNT; i++)
        if (leg == TUNING_ALL || leg == i) prof[i] = next[i];
    return true;
}

bool tuning_step(LegProfile prof[LEGS_COUNT], const LegProfile base[LEGS_COUNT], int leg, int row, int delta, bool big,
                 ParseError *why) {
    const TuningRow *r = tuning_row(row);
    if (!r || delta == 0 || leg < TUNING_ALL || leg >= LEGS_COUNT) {
        parse_error_set(why, "tuning", 0, 0, "nothing to change");
        return false;
    }
    LegProfile next[LEGS_COUNT];
    memcpy(next, prof, sizeof next);
    int steps = big ? delta * TUNING_BIG : delta;
    for (int i = 0; i < LEGS_COUNT; i++) {
        if (leg != TUNING_ALL && leg != i) continue;
        if (curve_of(&next[i], r)) {
            if (!step_curve(&next[i], &base[i], i, r, delta > 0 ? 1 : -1, why)) return false;
        } else {
            step_value(&next[i], r, steps);
        }
    }
    return take(prof, next, leg, why);
}

bool tuning_revert(LegProfile prof[LEGS_COUNT], const LegProfile base[LEGS_COUNT], int leg, int row, ParseError *why) {
    const TuningRow *r = tuning_row(row);
    if (!r || leg < TUNING_ALL || leg >= LEGS_COUNT) {
        parse_error_set(why, "tuning", 0, 0, "nothing to change");
        return false;
    }
    LegProfile next[LEGS_COUNT];
    memcpy(next, prof, sizeof next);
    for (int i = 0; i < LEGS_COUNT; i++) {
        if (leg != TUNING_ALL && leg != i) continue;
        LegProfile b = base[i];
        double *d = num_of(&next[i], r);
        int *iv = int_of(&next[i], r);
        LegCurve *c = curve_of(&next[i], r);
        if (d) *d = *num_of(&b, r);
        else if (iv) *iv = *int_of(&b, r);
        else if (c) *c = *curve_of(&b, r);
    }
    return take(prof, next, leg, why);
}
