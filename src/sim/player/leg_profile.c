// leg_profile.c -- the .leg profile files (docs/legs.md): the key and curve
// names, the parser with its checks (file, line and column on every error)
// and the profiles' hash that recordings carry. The legs themselves are
// legs.c.
#include <math.h>
#include <string.h>

#include "core/dmath.h"
#include "sim/player/legs.h"

// ------------------------------------------------------------ profile files

static const char *const KEY_NAMES[LEG_KEY_COUNT] = {
    "group", "root", "upper", "lower", "min", "max", "default", "cast_radius", "cast_step", "lead",
    "step_ticks", "ease", "lift", "lift_max", "grow_ticks", "retract_ticks",
};

static const struct {
    const char *name;
    LegCurveKind kind;
} CURVE_NAMES[] = {
    {"linear", CURVE_LINEAR},   {"smoothstep", CURVE_SMOOTHSTEP}, {"smootherstep", CURVE_SMOOTHERSTEP},
    {"ease-in", CURVE_EASE_IN}, {"ease-out", CURVE_EASE_OUT},     {"sine", CURVE_SINE},
    {"parabola", CURVE_PARABOLA},
};

const char *legs_key_name(LegKey k) { return k >= 0 && k < LEG_KEY_COUNT ? KEY_NAMES[k] : "?"; }

const char *legs_curve_name(LegCurveKind kind) {
    for (size_t k = 0; k < sizeof CURVE_NAMES / sizeof CURVE_NAMES[0]; k++)
        if (CURVE_NAMES[k].kind == kind) return CURVE_NAMES[k].name;
    return NULL;
}

#define MAX_TOKENS (LEG_CURVE_MAX_POINTS + 2)

static bool num_arg(const Token *t, double lo, double hi, double *out, const char *path, int line, ParseError *err) {
    double v;
    if (!text_parse_f64(t->s, t->len, &v) || !(v >= lo && v <= hi)) {
        parse_error_set(err, path, line, t->col, "expected a number in %g..%g, got '%.*s'", lo, hi, (int)t->len, t->s);
        return false;
    }
    *out = v;
    return true;
}

static bool int_arg(const Token *t, int lo, int hi, int *out, const char *path, int line, ParseError *err) {
    int64_t v;
    if (!text_parse_i64(t->s, t->len, &v) || v < lo || v > hi) {
        parse_error_set(err, path, line, t->col, "expected an integer in %d..%d, got '%.*s'", lo, hi, (int)t->len, t->s);
        return false;
    }
    *out = (int)v;
    return true;
}

static bool curve_arg(const Token *tk, int n, LegCurve *out, const char *path, int line, ParseError *err) {
    LegCurve c;
    memset(&c, 0, sizeof c);
    if (n == 1) {
        for (size_t k = 0; k < sizeof CURVE_NAMES / sizeof CURVE_NAMES[0]; k++)
            if (token_is(&tk[0], CURVE_NAMES[k].name)) {
                c.kind = CURVE_NAMES[k].kind;
                *out = c;
                return true;
            }
        double v;
        if (!text_parse_f64(tk[0].s, tk[0].len, &v)) {
            parse_error_set(err, path, line, tk[0].col,
                            "expected a curve name (linear smoothstep smootherstep ease-in ease-out sine "
                            "parabola) or 2..%d numbers, got '%.*s'",
                            LEG_CURVE_MAX_POINTS, (int)tk[0].len, tk[0].s);
            return false;
        }
        parse_error_set(err, path, line, tk[0].col + (int)tk[0].len, "expected at least 2 curve points");
        return false;
    }
    if (n > LEG_CURVE_MAX_POINTS) {
        parse_error_set(err, path, line, tk[LEG_CURVE_MAX_POINTS].col, "expected at most %d curve points",
                        LEG_CURVE_MAX_POINTS);
        return false;
    }
    c.kind = CURVE_POINTS;
    c.n = n;
    for (int i = 0; i < n; i++)
        if (!num_arg(&tk[i], -2.0, 3.0, &c.y[i], path, line, err)) return false;
    *out = c;
    return true;
}

static bool check_profile(const LegProfile *p, const char *path, const int *lines, ParseError *err) {
#define FAIL(key, ...)                                                                  \
    do {                                                                                \
        parse_error_set(err, path, lines[key] > 0 ? lines[key] : 1, 1, __VA_ARGS__);    \
        return false;                                                                   \
    } while (0)
    double reach = p->upper_px + p->lower_px;
    if (!(p->min_px > fabs(p->upper_px - p->lower_px)))
        FAIL(LEG_KEY_MIN, "expected min (%g) > |upper - lower| (%g): the foot must stay reachable", p->min_px,
             fabs(p->upper_px - p->lower_px));
    if (!(p->max_px < reach))
        FAIL(LEG_KEY_MAX, "expected max (%g) < upper + lower (%g): the foot must stay reachable", p->max_px, reach);
    if (!(p->cast_radius_px < p->max_px))
        FAIL(LEG_KEY_CAST_RADIUS, "expected cast_radius (%g) < max (%g)", p->cast_radius_px, p->max_px);
    double inner = p->cast_radius_px * dm_cos(p->cast_step_deg * (DM_PI / 360.0));
    if (!(inner > p->min_px))
        FAIL(LEG_KEY_CAST_RADIUS,
             "expected cast_radius * cos(cast_step / 2) (%g) > min (%g): footholds must land inside the ring", inner,
             p->min_px);
    if (!(v2_len(p->default_px) <= reach))
        FAIL(LEG_KEY_DEFAULT, "expected the default foot within upper + lower (%g) of the root", reach);
    if (fabs(leg_curve_eval(&p->ease, 0.0)) > 1e-9 || fabs(leg_curve_eval(&p->ease, 1.0) - 1.0) > 1e-9)
        FAIL(LEG_KEY_EASE, "expected an ease curve that starts at 0 and ends at 1");
    if (fabs(leg_curve_eval(&p->lift, 0.0)) > 1e-9 || fabs(leg_curve_eval(&p->lift, 1.0)) > 1e-9)
        FAIL(LEG_KEY_LIFT, "expected a lift curve that starts and ends at 0");
    return true;
#undef FAIL
}

static bool parse_profile(LegProfile *out, const char *text, size_t len, const char *path, int *lines,
                          ParseError *err) {
    LegProfile p = *out;
    for (int k = 0; k < LEG_KEY_COUNT; k++) lines[k] = 0;
    TextReader r;
    text_reader_init(&r, text, len);
    TextLine l;
    while (text_next_line(&r, &l)) {
        if (text_is_blank_or_comment(&l)) continue;
        Token tk[MAX_TOKENS + 1];
        int n = text_tokens(&l, tk, MAX_TOKENS + 1);
        if (n > MAX_TOKENS + 1) n = MAX_TOKENS + 1;
        for (int i = 1; i < n; i++)     // a '#' token starts a trailing comment
            if (tk[i].len > 0 && tk[i].s[0] == '#') {
                n = i;
                break;
            }
        int key = -1;
        for (int k = 0; k < LEG_KEY_COUNT; k++)
            if (token_is(&tk[0], KEY_NAMES[k])) key = k;
        if (key < 0) {
            parse_error_set(err, path, l.number, tk[0].col,
                            "unknown key '%.*s' (expected group root upper lower min max default cast_radius "
                            "cast_step lead step_ticks ease lift lift_max grow_ticks retract_ticks)",
                            (int)tk[0].len, tk[0].s);
            return false;
        }
        if (lines[key]) {
            parse_error_set(err, path, l.number, tk[0].col, "key '%s' repeated (first on line %d)", KEY_NAMES[key],
                            lines[key]);
            return false;
        }
        lines[key] = l.number;
        int args = n - 1;
        int want = (key == LEG_KEY_ROOT || key == LEG_KEY_DEFAULT) ? 2 : 1;
        if (key == LEG_KEY_EASE || key == LEG_KEY_LIFT) {
            if (args < 1) {
                parse_error_set(err, path, l.number, tk[0].col + (int)tk[0].len, "expected a curve after '%s'",
                                KEY_NAMES[key]);
                return false;
            }
            if (args > MAX_TOKENS - 1) args = MAX_TOKENS - 1;
            if (!curve_arg(&tk[1], args, key == LEG_KEY_EASE ? &p.ease : &p.lift, path, l.number, err)) return false;
            continue;
        }
        if (args < want) {
            parse_error_set(err, path, l.number, (int)l.len + 1, "expected %d value%s after '%s'", want,
                            want > 1 ? "s" : "", KEY_NAMES[key]);
            return false;
        }
        if (args > want) {
            parse_error_set(err, path, l.number, tk[want + 1].col, "unexpected extra token '%.*s'",
                            (int)tk[want + 1].len, tk[want + 1].s);
            return false;
        }
        const Token *a = &tk[1];
        bool ok = true;
        switch (key) {
        case LEG_KEY_GROUP: ok = int_arg(a, 0, 1, &p.group, path, l.number, err); break;
        case LEG_KEY_ROOT:
            ok = num_arg(&a[0], -48, 48, &p.root_px.x, path, l.number, err) &&
                 num_arg(&a[1], -48, 48, &p.root_px.y, path, l.number, err);
            break;
        case LEG_KEY_UPPER: ok = num_arg(a, 1, 200, &p.upper_px, path, l.number, err); break;
        case LEG_KEY_LOWER: ok = num_arg(a, 1, 200, &p.lower_px, path, l.number, err); break;
        case LEG_KEY_MIN: ok = num_arg(a, 0, 400, &p.min_px, path, l.number, err); break;
        case LEG_KEY_MAX: ok = num_arg(a, 1, 400, &p.max_px, path, l.number, err); break;
        case LEG_KEY_DEFAULT:
            ok = num_arg(&a[0], -400, 400, &p.default_px.x, path, l.number, err) &&
                 num_arg(&a[1], -400, 400, &p.default_px.y, path, l.number, err);
            break;
        case LEG_KEY_CAST_RADIUS: ok = num_arg(a, 1, 400, &p.cast_radius_px, path, l.number, err); break;
        case LEG_KEY_CAST_STEP: ok = num_arg(a, 1, 90, &p.cast_step_deg, path, l.number, err); break;
        case LEG_KEY_LEAD: ok = num_arg(a, 0, 60, &p.lead_ticks, path, l.number, err); break;
        case LEG_KEY_STEP_TICKS: ok = int_arg(a, 1, 120, &p.step_ticks, path, l.number, err); break;
        case LEG_KEY_LIFT_MAX: ok = num_arg(a, 0, 200, &p.lift_px, path, l.number, err); break;
        case LEG_KEY_GROW_TICKS: ok = int_arg(a, 1, 120, &p.grow_ticks, path, l.number, err); break;
        case LEG_KEY_RETRACT_TICKS: ok = int_arg(a, 1, 120, &p.retract_ticks, path, l.number, err); break;
        default: break;
        }
        if (!ok) return false;
    }
    if (!check_profile(&p, path, lines, err)) return false;
    *out = p;
    return true;
}

bool legs_parse_profile(LegProfile *out, const char *text, size_t len, const char *path, ParseError *err) {
    int lines[LEG_KEY_COUNT];
    return parse_profile(out, text, len, path, lines, err);
}

bool legs_parse_profiles(LegProfile prof[LEGS_COUNT], const LegProfileText text[LEGS_COUNT], ParseError *err) {
    LegProfile got[LEGS_COUNT];
    int group_line[LEGS_COUNT];
    for (int i = 0; i < LEGS_COUNT; i++) {
        const LegProfileText *t = &text[i];
        int bad_line, bad_col;
        const char *what;
        if (text_find_bad_byte(t->text, t->len, &bad_line, &bad_col, &what)) {
            parse_error_set(err, t->path, bad_line, bad_col, "expected text, found %s", what);
            return false;
        }
        int lines[LEG_KEY_COUNT];
        got[i] = prof[i];
        if (!parse_profile(&got[i], t->text, t->len, t->path, lines, err)) return false;
        group_line[i] = lines[LEG_KEY_GROUP] > 0 ? lines[LEG_KEY_GROUP] : 1;
    }
    // Each gait group needs one left and one right leg (no gallop).
    if (got[LEG_FRONT_LEFT].group == got[LEG_BACK_LEFT].group ||
        got[LEG_FRONT_RIGHT].group == got[LEG_BACK_RIGHT].group) {
        int bad = got[LEG_FRONT_LEFT].group == got[LEG_BACK_LEFT].group ? LEG_BACK_LEFT : LEG_BACK_RIGHT;
        parse_error_set(err, text[bad].path, group_line[bad], 1,
                        "expected each gait group to hold one left and one right leg (front and back of a side "
                        "in different groups)");
        return false;
    }
    for (int i = 0; i < LEGS_COUNT; i++) prof[i] = got[i];
    return true;
}

static void hash_curve(Hash *h, const LegCurve *c) {
    hash_i64(h, c->kind);
    hash_i64(h, c->n);
    for (int i = 0; i < c->n && i < LEG_CURVE_MAX_POINTS; i++) hash_f64(h, c->y[i]);
}

uint64_t legs_profiles_hash(const LegProfile prof[LEGS_COUNT]) {
    Hash h;
    hash_init(&h);
    for (int i = 0; i < LEGS_COUNT; i++) {
        const LegProfile *p = &prof[i];
        hash_i64(&h, p->group);
        hash_f64(&h, p->root_px.x);
        hash_f64(&h, p->root_px.y);
        hash_f64(&h, p->upper_px);
        hash_f64(&h, p->lower_px);
        hash_f64(&h, p->min_px);
        hash_f64(&h, p->max_px);
        hash_f64(&h, p->default_px.x);
        hash_f64(&h, p->default_px.y);
        hash_f64(&h, p->cast_radius_px);
        hash_f64(&h, p->cast_step_deg);
        hash_f64(&h, p->lead_ticks);
        hash_i64(&h, p->step_ticks);
        hash_curve(&h, &p->ease);
        hash_curve(&h, &p->lift);
        hash_f64(&h, p->lift_px);
        hash_i64(&h, p->grow_ticks);
        hash_i64(&h, p->retract_ticks);
    }
    return h.h;
}
