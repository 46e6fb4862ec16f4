// params.h -- the named values a creature declares for the outside: its
// spawn-line parameters (`key=value` after `spawn KIND C R`), read one way
// for every creature, and its probe list.
//
// Parameter values: integers are an optional '-' and digits; numbers an
// optional '-', digits, an optional point and fraction. No '+', exponent,
// hex, inf or nan. Messages name the key and the range, e.g.
// "arms: expected an integer 1..64, got 'x'" or "... got 70 (out of range)".
#pragma once
#include <stdbool.h>
#include <stddef.h>

bool param_int(const char *key, const char *val, long lo, long hi, int *dst, char *why, size_t why_n);
bool param_num(const char *key, const char *val, double lo, double hi, double *dst, char *why, size_t why_n);

// Probe lists. A creature's header defines KIND_PROBES(FIELD, COUNT) as
// FIELD(prefix, name, doc) ... [COUNT(prefix, doc)]: each FIELD is a double
// member of its TypeProbes (filled by prefix_probes) that scripts read as
// `prefix.name` from the first creature of the kind; COUNT adds
// `prefix.count`, how many of the kind the level has. doc is the probe's
// meaning as docs/script-format.md shows it (Markdown, links from docs/;
// "*extension*: " first for a probe DESIGN.md does not name), written there
// by `build/tests/test_creatures --write`. The struct is generated from the
// list with these two:
#define PROBE_FIELD(prefix, name, doc) double name;
#define PROBE_NO_FIELD(prefix, doc)

// The most hit points any creature may spawn with (every kind's hp=).
#define CREATURE_MAX_HP 100000

// Parameter tables. Each creature describes its spawn parameters once, in a
// table that the level parser (through prefix_config_default and
// prefix_config_set), prefix_init's validation, the docs and their test all
// read (tests/unit/test_params.c prints the tables the docs show).
typedef enum ParamKind {
    PARAM_INT = 0,             // an integer in [min, max]
    PARAM_NUM,                 // a number in [min, max]
    PARAM_CHOICE,              // one of a few names
} ParamKind;

typedef enum ParamStore {
    PARAM_AS_INT = 0,          // the config field is an int
    PARAM_AS_DOUBLE,           // a double
    PARAM_AS_BOOL,             // a bool (PARAM_INT 0..1)
} ParamStore;

// One name of a PARAM_CHOICE and the int it stores.
typedef struct ParamChoice {
    const char *name;
    int value;
} ParamChoice;

typedef struct ParamDef {
    const char *key;           // as written in `key=value`
    ParamKind kind;
    ParamStore store;
    size_t offset;             // of the field in the config struct (offsetof)
    double min, max;           // PARAM_INT, PARAM_NUM: the accepted range
    double def;                // the default (PARAM_CHOICE: the stored value)
    const ParamChoice *choices;   // PARAM_CHOICE: the names, ended by {NULL, 0}
    bool echo;                 // PARAM_CHOICE: a bad value's message repeats it
    const char *doc;           // one line for the docs: meaning, units, notes
} ParamDef;

typedef struct ParamTable {
    const char *creature;      // names it in "unknown tetran parameter 'x'"
    size_t size;               // of the config struct
    const ParamDef *defs;      // in the order messages and docs list them
    int count;
} ParamTable;

// Zeroes cfg (t->size bytes) and sets every parameter's default.
void param_defaults(const ParamTable *t, void *cfg);
// Sets one parameter from its text. False with a reason in why for an
// unknown key or a bad value; cfg is unchanged then.
bool param_set(const ParamTable *t, void *cfg, const char *key, const char *val, char *why, size_t why_n);
// Every parameter of cfg within its range (a config built in code, not
// parsed, is checked with this before it is used).
bool param_valid(const ParamTable *t, const void *cfg);
// As the docs show them: "integer 1..64", "number -0.2..0.2",
// "`follow`, `fabrik`"; the default "6", "0.05", "`fabrik`".
void param_range_text(const ParamDef *d, char *buf, size_t n);
void param_default_text(const ParamDef *d, char *buf, size_t n);
// A parameter's value in cfg as `key=value` writes it (integers, choice
// names, numbers in the shortest fixed-point form that reads back as the
// same double), and whether it is the default (level_write leaves those out).
void param_value_text(const ParamDef *d, const void *cfg, char *buf, size_t n);
bool param_is_default(const ParamDef *d, const void *cfg);
