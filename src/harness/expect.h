// expect.h -- tests written by playing (docs/testing.md): the line that
// pins a probe's value at a tick, and that line added to a script's text.
// Pure C; the viewer's probe panel (app/app_probes.c) writes with them.
#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "harness/probes.h"

struct World;

// "at T expect P == V" for probe p read from w (w->tick is T): V is the
// value as --dump-state prints it (a symbol for a state probe, else the
// shortest decimal that reads back as the same double), so the line holds
// exactly when the run reaches the same state. False when it does not fit
// or T < 0.
bool expect_line(const struct World *w, const ProbeDef *p, char *buf, size_t n);
// A range expectation written by playing: the values a probe took over the
// ticks A..B (each World after its tick, in any order), then the `always`
// lines that hold exactly there: `always A B P >= MIN` and `always A B P <=
// MAX` for a number (one `== V` line when it did not change), `== SYM` for
// a state probe that kept one state, `!= SYM` when it took two of its three.
typedef struct ExpectRange {
    const ProbeDef *p;
    int64_t a, b;              // the ticks seen, lowest and highest
    double lo, hi;             // the values' range (numbers)
    unsigned seen;             // a state probe's values seen, a bit each
    int n;                     // values added
    bool nan;                  // one was NaN or infinite: no line is written
} ExpectRange;

void expect_range_begin(ExpectRange *r, const ProbeDef *p);
void expect_range_add(ExpectRange *r, const struct World *w);
// The lines, each ending in '\n', into buf: how many (1 or 2); 0 when no
// line holds (nothing added, a NaN or infinity, a state probe that took every state)
// or they do not fit.
int expect_range_lines(const ExpectRange *r, char *buf, size_t n);
// text with line added as a line of its own before the `end` line (or at
// the end when there is none), its line ends kept (CRLF when the file's
// first line ends so). mem_alloc'd; NULL on no memory.
char *expect_insert(const char *text, size_t len, const char *line, size_t *out_len);
