// tuning.h -- the model behind the tuning panel (F2, docs/legs.md "Live
// tuning"): every value of the four leg profiles as a row, stepped with
// the keyboard in sensible steps, one leg or all four at once, and checked
// exactly as the loader checks a file (ranges, the cross-key rules, the
// gait rule) before it is taken. Pure C, no SDL: the app draws it.
#pragma once
#include <stdbool.h>
#include <stddef.h>

#include "core/text.h"
#include "sim/player/legs.h"

#define TUNING_ALL (-1)        // a leg selection: every leg at once
#define TUNING_BIG 10          // a big step (Shift held) is this many steps
#define TUNING_GRAIN 1e6       // stepped numbers are rounded to 1 / TUNING_GRAIN

// One row of the panel: a key, or one coordinate of a two-number key.
typedef struct TuningRow {
    LegKey key;
    int comp;                  // root, default: 0 x, 1 y; else 0
    const char *label;         // as the panel shows it ("root x")
    double step;               // one step of a number (px, degrees, ticks); integers and curves: 1
} TuningRow;

// The rows, in LegKey order (root and default take two each).
int tuning_row_count(void);
const TuningRow *tuning_row(int row);
// The row's value in p as the panel shows it: numbers as the files write
// them, curves by name (or "points N").
void tuning_value_text(const LegProfile *p, int row, char *buf, size_t n);
// Does the row's value differ between a and b?
bool tuning_row_differs(const LegProfile *a, const LegProfile *b, int row);
// Steps the row of leg `leg` (0..3, or TUNING_ALL: the same step for each
// leg) by delta steps (times TUNING_BIG when big). Numbers move by the
// row's step and are rounded to 1 / TUNING_GRAIN; integers by 1; group
// flips 0 <-> 1; a curve goes to the next (delta > 0) or previous one of
// linear, smoothstep, smootherstep, ease-in, ease-out, sine, parabola and
// base's own control points (when base[leg] has them), skipping those the
// key does not accept. The result must load as the files would: false +
// why (naming the leg, prof untouched) when it would not.
bool tuning_step(LegProfile prof[LEGS_COUNT], const LegProfile base[LEGS_COUNT], int leg, int row, int delta, bool big,
                 ParseError *why);
// Sets the row of leg (or every leg) back to base's value, checked like
// tuning_step.
bool tuning_revert(LegProfile prof[LEGS_COUNT], const LegProfile base[LEGS_COUNT], int leg, int row, ParseError *why);
// Checks four profiles as profiles_load would take them from files (the
// text legfile_text writes, parsed): false + why naming the leg.
bool tuning_check(const LegProfile prof[LEGS_COUNT], ParseError *why);
