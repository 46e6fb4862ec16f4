// probes.h -- named read-only views of World state for scripts, replays and
// --dump-state (the list is in DESIGN.md / docs/script-format.md).
#pragma once
#include <stdbool.h>
#include <stddef.h>

struct World;

typedef enum ProbeKind {
    PROBE_NUMBER = 0,
    PROBE_PLAYER_STATE,        // values 0 ground, 1 air, 2 wall
    PROBE_GAME_STATE,          // values 0 playing, 1 won, 2 lost
} ProbeKind;

typedef struct ProbeDef {
    const char *name;
    ProbeKind kind;
    double (*get)(const struct World *w);
} ProbeDef;

// Probes sorted by name.
int probe_count(void);
const ProbeDef *probe_at(int i);
// NULL when no probe has that name.
const ProbeDef *probe_find(const char *name, size_t len);
// Symbols usable as values: ground air wall playing won lost.
bool probe_symbol(const char *s, size_t len, double *out);
// The value as --dump-state prints it: a symbol for state probes, else the
// shortest decimal that reads back as the same double.
void probe_format(const ProbeDef *p, double v, char *buf, size_t n);
