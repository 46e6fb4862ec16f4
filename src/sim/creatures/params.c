// params.c -- strict spawn-parameter values with uniform messages (params.h).
#include "sim/creatures/params.h"

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
    size_t digits = 0;
    while (i < n && s[i] >= '0' && s[i] <= '9') i++, digits++;
    if (fraction && i < n && s[i] == '.') {
        i++;
        while (i < n && s[i] >= '0' && s[i] <= '9') i++, digits++;
    }
    return i == n && digits > 0;
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
