// expect.c -- the probe panel's written expectations (see expect.h).
#include "harness/expect.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "core/mem.h"
#include "sim/world.h"

bool expect_line(const World *w, const ProbeDef *p, char *buf, size_t n) {
    if (!w || !p || w->tick < 0) return false;
    char v[64];
    probe_format(p, p->get(w), v, sizeof v);
    int k = snprintf(buf, n, "at %" PRId64 " expect %s == %s", w->tick, p->name, v);
    return k > 0 && (size_t)k < n;
}

void expect_range_begin(ExpectRange *r, const ProbeDef *p) {
    memset(r, 0, sizeof *r);
    r->p = p;
}

void expect_range_add(ExpectRange *r, const World *w) {
    if (!r->p || !w || w->tick < 0) return;
    double v = r->p->get(w);
    if (v - v != 0) r->nan = true;     // NaN or infinite: no line reads it back
    if (!r->n || w->tick < r->a) r->a = w->tick;
    if (!r->n || w->tick > r->b) r->b = w->tick;
    if (!r->n || v < r->lo) r->lo = v;
    if (!r->n || v > r->hi) r->hi = v;
    if (r->p->kind != PROBE_NUMBER && v >= 0 && v < 3) r->seen |= 1u << (int)v;
    r->n++;
}

int expect_range_lines(const ExpectRange *r, char *buf, size_t n) {
    if (!r->p || !r->n || r->nan || !n) return 0;
    char lo[64], hi[64];
    const char *name = r->p->name;
    int k, lines = 1;
    buf[0] = 0;
    if (r->p->kind != PROBE_NUMBER) {
        int count = (r->seen & 1) + (r->seen >> 1 & 1) + (r->seen >> 2 & 1);
        if (count == 1) {
            probe_format(r->p, r->lo, lo, sizeof lo);
            k = snprintf(buf, n, "always %" PRId64 " %" PRId64 " %s == %s\n", r->a, r->b, name, lo);
        } else if (count == 2) {
            int missing = !(r->seen & 1) ? 0 : !(r->seen & 2) ? 1 : 2;
            probe_format(r->p, missing, lo, sizeof lo);
            k = snprintf(buf, n, "always %" PRId64 " %" PRId64 " %s != %s\n", r->a, r->b, name, lo);
        } else {
            return 0;
        }
    } else if (r->lo == r->hi) {
        probe_format_number(r->lo, lo, sizeof lo);
        k = snprintf(buf, n, "always %" PRId64 " %" PRId64 " %s == %s\n", r->a, r->b, name, lo);
    } else {
        probe_format_number(r->lo, lo, sizeof lo);
        probe_format_number(r->hi, hi, sizeof hi);
        k = snprintf(buf, n, "always %" PRId64 " %" PRId64 " %s >= %s\nalways %" PRId64 " %" PRId64 " %s <= %s\n",
                     r->a, r->b, name, lo, r->a, r->b, name, hi);
        lines = 2;
    }
    if (k <= 0 || (size_t)k >= n) {
        buf[0] = 0;
        return 0;
    }
    return lines;
}

// Where the line that starts with "end" (after blanks) begins, or len.
static size_t end_line_at(const char *text, size_t len) {
    size_t i = 0;
    while (i < len) {
        size_t j = i;
        while (j < len && (text[j] == ' ' || text[j] == '\t')) j++;
        if (len - j >= 4 && !memcmp(text + j, "end", 3) && (text[j + 3] == ' ' || text[j + 3] == '\t')) return i;
        while (i < len && text[i] != '\n') i++;
        i++;
    }
    return len;
}

char *expect_insert(const char *text, size_t len, const char *line, size_t *out_len) {
    const char *lf = memchr(text, '\n', len);
    bool crlf = lf && lf > text && lf[-1] == '\r';
    const char *eol = crlf ? "\r\n" : "\n";
    size_t at = end_line_at(text, len), ln = strlen(line), el = strlen(eol);
    bool need_break = at == len && len > 0 && text[len - 1] != '\n';
    size_t total = len + ln + el + (need_break ? el : 0);
    char *out = mem_alloc(total + 1, 1);
    if (!out) return NULL;
    size_t o = 0;
    memcpy(out, text, at);
    o = at;
    if (need_break) memcpy(out + o, eol, el), o += el;
    memcpy(out + o, line, ln), o += ln;
    memcpy(out + o, eol, el), o += el;
    memcpy(out + o, text + at, len - at), o += len - at;
    out[o] = 0;
    *out_len = o;
    return out;
}
