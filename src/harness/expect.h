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
// text with line added as a line of its own before the `end` line (or at
// the end when there is none), its line ends kept (CRLF when the file's
// first line ends so). mem_alloc'd; NULL on no memory.
char *expect_insert(const char *text, size_t len, const char *line, size_t *out_len);
