// probes.h -- named read-only views of World state for scripts, replays and
// --dump-state (the list, units and symbols are in docs/script-format.md).
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

// Probes sorted by name (strcmp order).
int probe_count(void);
const ProbeDef *probe_at(int i);
// NULL when no probe has that name.
const ProbeDef *probe_find(const char *name, size_t len);
// Symbols usable as values: ground air wall playing won lost.
bool probe_symbol(const char *s, size_t len, double *out);
// Like probe_symbol, also telling which kind of probe the symbol belongs to
// (PROBE_PLAYER_STATE or PROBE_GAME_STATE), so `player.state == won` can be
// rejected.
bool probe_symbol_kind(const char *s, size_t len, double *out, ProbeKind *kind);
// The value as --dump-state prints it: a symbol for state probes, else the
// shortest decimal that reads back as the same double (integers have no
// point: "12", "-0.5", "0.1").
void probe_format(const ProbeDef *p, double v, char *buf, size_t n);
// Formats a plain number the same way (shortest round-trip decimal).
void probe_format_number(double v, char *buf, size_t n);
