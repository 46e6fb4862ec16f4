// params.h -- spawn-line parameter values (`key=value` after `spawn KIND C R`),
// read one way for every creature. Integers: an optional '-' and digits.
// Numbers: an optional '-', digits, an optional point and fraction. No '+',
// exponent, hex, inf or nan. Messages name the key and the range, e.g.
// "arms: expected an integer 1..64, got 'x'" or "... got 70 (out of range)".
#pragma once
#include <stdbool.h>
#include <stddef.h>

bool param_int(const char *key, const char *val, long lo, long hi, int *dst, char *why, size_t why_n);
bool param_num(const char *key, const char *val, double lo, double hi, double *dst, char *why, size_t why_n);
