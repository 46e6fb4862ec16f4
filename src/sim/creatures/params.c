// params.c -- strict spawn-parameter values with uniform messages (params.h).
#include "sim/creatures/params.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/text.h"

// Checks the shape of a value: [-]digits[.digits] (the fraction only when
// allowed). At most 32 characters, so strtod sees nothing surprising.
static bool well_formed(const char *s, bool fraction) {
    size_t n = s ? strlen(s) : 0, i = 0;
    if (n == 0 || n > 32) return false;
    if (s[i] == '-') i++;
    size_t whole = 0, frac = 0;
    while (i < n && s[i] >= '0' && s[i] <= '9') i++, whole++;
    if (fraction && i < n && s[i] == '.') {
        i++;
        while (i < n && s[i] >= '0' && s[i] <= '9') i++, frac++;
        if (frac == 0) return false;    // "5." : a point needs digits on both sides
    }
    return i == n && whole > 0;         // ".5" too
}

static bool reject(const char *key, const char *kind, const char *range, const char *val, bool shape_ok,
                   char *why, size_t why_n) {
    char shown[64];
    text_shown(val ? val : "", val ? strlen(val) : 0, shown, sizeof shown);
    if (shape_ok) snprintf(why, why_n, "%s: expected %s %s, got %s (out of range)", key, kind, range, shown);
    else snprintf(why, why_n, "%s: expected %s %s, got '%s'", key, kind, range, shown);
    return false;
}

bool param_int(const char *key, const char *val, long lo, long hi, int *dst, char *why, size_t why_n) {
    char range[64];
    snprintf(range, sizeof range, "%ld..%ld", lo, hi);
    if (!well_formed(val, false)) return reject(key, "an integer", range, val, false, why, why_n);
    double v = strtod(val, NULL);       // exact for every in-range value; huge ones just compare big
    if (v < (double)lo || v > (double)hi) return reject(key, "an integer", range, val, true, why, why_n);
    *dst = (int)v;
    return true;
}

bool param_num(const char *key, const char *val, double lo, double hi, double *dst, char *why, size_t why_n) {
    char range[64];
    snprintf(range, sizeof range, "%g..%g", lo, hi);
    if (!well_formed(val, true)) return reject(key, "a number", range, val, false, why, why_n);
    double v = strtod(val, NULL);
    if (!(v >= lo && v <= hi)) return reject(key, "a number", range, val, true, why, why_n);
    *dst = v;
    return true;
}

static const ParamDef *find(const ParamTable *t, const char *key) {
    for (int i = 0; i < t->count; i++)
        if (!strcmp(t->defs[i].key, key)) return &t->defs[i];
    return NULL;
}

static double stored(const ParamDef *d, const void *cfg) {
    const char *at = (const char *)cfg + d->offset;
    switch (d->store) {
    case PARAM_AS_DOUBLE: return *(const double *)(const void *)at;
    case PARAM_AS_BOOL: return *(const bool *)(const void *)at ? 1.0 : 0.0;
    default: return *(const int *)(const void *)at;
    }
}

static void store(const ParamDef *d, void *cfg, double v) {
    char *at = (char *)cfg + d->offset;
    switch (d->store) {
    case PARAM_AS_DOUBLE: *(double *)(void *)at = v; break;
    case PARAM_AS_BOOL: *(bool *)(void *)at = v != 0.0; break;
    default: *(int *)(void *)at = (int)v; break;
    }
}

void param_defaults(const ParamTable *t, void *cfg) {
    memset(cfg, 0, t->size);
    for (int i = 0; i < t->count; i++) store(&t->defs[i], cfg, t->defs[i].def);
}

// "follow or fabrik", "head or body": the names of a choice.
static void choice_names(const ParamDef *d, char *buf, size_t n) {
    size_t used = 0;
    buf[0] = 0;
    for (int i = 0; d->choices[i].name && used < n; i++) {
        const char *sep = i == 0 ? "" : d->choices[i + 1].name ? ", " : " or ";
        used += (size_t)snprintf(buf + used, n - used, "%s%s", sep, d->choices[i].name);
    }
}

static bool set_choice(const ParamDef *d, void *cfg, const char *val, char *why, size_t why_n) {
    for (int i = 0; d->choices[i].name; i++) {
        if (!strcmp(val, d->choices[i].name)) {
            store(d, cfg, d->choices[i].value);
            return true;
        }
    }
    char names[128];
    choice_names(d, names, sizeof names);
    if (d->echo) snprintf(why, why_n, "%s: expected %s, got '%s'", d->key, names, val);
    else snprintf(why, why_n, "%s: expected %s", d->key, names);
    return false;
}

bool param_set(const ParamTable *t, void *cfg, const char *key, const char *val, char *why, size_t why_n) {
    if (!key || !val) {
        snprintf(why, why_n, "expected key=value");
        return false;
    }
    const ParamDef *d = find(t, key);
    if (!d) {
        char keys[512];
        size_t used = 0;
        keys[0] = 0;
        for (int i = 0; i < t->count && used < sizeof keys; i++) {
            const char *sep = i == 0 ? "" : i == t->count - 1 ? " or " : ", ";
            used += (size_t)snprintf(keys + used, sizeof keys - used, "%s%s", sep, t->defs[i].key);
        }
        snprintf(why, why_n, "unknown %s parameter '%s' (expected %s)", t->creature, key, keys);
        return false;
    }
    int n = 0;
    double v = 0.0;
    switch (d->kind) {
    case PARAM_CHOICE: return set_choice(d, cfg, val, why, why_n);
    case PARAM_NUM:
        if (!param_num(key, val, d->min, d->max, &v, why, why_n)) return false;
        store(d, cfg, v);
        return true;
    default:
        if (!param_int(key, val, (long)d->min, (long)d->max, &n, why, why_n)) return false;
        store(d, cfg, n);
        return true;
    }
}

bool param_valid(const ParamTable *t, const void *cfg) {
    for (int i = 0; i < t->count; i++) {
        const ParamDef *d = &t->defs[i];
        double v = stored(d, cfg);
        if (d->kind == PARAM_CHOICE) {
            bool known = false;
            for (int k = 0; d->choices[k].name; k++) known |= v == d->choices[k].value;
            if (!known) return false;
        } else if (!(v >= d->min && v <= d->max)) {
            return false;
        }
    }
    return true;
}

void param_range_text(const ParamDef *d, char *buf, size_t n) {
    if (d->kind == PARAM_INT) {
        snprintf(buf, n, "integer %ld..%ld", (long)d->min, (long)d->max);
    } else if (d->kind == PARAM_NUM) {
        snprintf(buf, n, "number %g..%g", d->min, d->max);
    } else {
        size_t used = 0;
        buf[0] = 0;
        for (int i = 0; d->choices[i].name && used < n; i++)
            used += (size_t)snprintf(buf + used, n - used, "%s`%s`", i ? ", " : "", d->choices[i].name);
    }
}

void param_default_text(const ParamDef *d, char *buf, size_t n) {
    if (d->kind == PARAM_CHOICE) {
        for (int i = 0; d->choices[i].name; i++)
            if (d->choices[i].value == (int)d->def) {
                snprintf(buf, n, "`%s`", d->choices[i].name);
                return;
            }
    }
    if (d->kind == PARAM_INT) snprintf(buf, n, "%ld", (long)d->def);
    else snprintf(buf, n, "%g", d->def);
}

void param_value_text(const ParamDef *d, const void *cfg, char *buf, size_t n) {
    double v = stored(d, cfg);
    if (d->kind == PARAM_CHOICE) {
        for (int i = 0; d->choices[i].name; i++)
            if (d->choices[i].value == (int)v) {
                snprintf(buf, n, "%s", d->choices[i].name);
                return;
            }
    }
    if (d->kind != PARAM_NUM) {
        snprintf(buf, n, "%ld", (long)v);
        return;
    }
    // A parsed value came from at most 32 characters of [-]digits[.digits],
    // so one of these precisions gives it back exactly.
    for (int digits = 0; digits <= 17; digits++) {
        snprintf(buf, n, "%.*f", digits, v);
        if (strtod(buf, NULL) == v) return;
    }
}

// -0 is not the default 0: the sign can reach the simulation's results.
bool param_is_default(const ParamDef *d, const void *cfg) {
    double v = stored(d, cfg);
    return v == d->def && signbit(v) == signbit(d->def);
}
