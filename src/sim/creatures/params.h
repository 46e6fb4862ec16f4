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
// FIELD(prefix, name) ... [COUNT(prefix)]: each FIELD is a double member of
// its TypeProbes (filled by prefix_probes) that scripts read as
// `prefix.name` from the first creature of the kind; COUNT adds
// `prefix.count`, how many of the kind the level has. The struct is
// generated from the list with these two:
#define PROBE_FIELD(prefix, name) double name;
#define PROBE_NO_FIELD(prefix)
