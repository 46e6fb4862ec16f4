// fuzz.h -- what the libFuzzer targets in tests/fuzz/ share: the built-in
// leg profiles, worlds built from a parsed level, input taken from the
// fuzzer's bytes, and a run that checks every invariant (tests/invariants.h)
// after every tick. A broken invariant or a parse error without a position
// aborts, so libFuzzer reports it like a crash. See tests/fuzz/README.md.
#pragma once
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/profiles.h"
#include "invariants.h"
#include "sim/level.h"
#include "sim/world.h"

// Stars beyond this are left out of a fuzzed World (the star field's code is
// the same at any count; millions only make executions slow).
#define FUZZ_MAX_STARS 20000
// Ticks a World is stepped: FUZZ_TICKS, fewer for a level that spends much
// of its budget (a tick of a level at the budget costs milliseconds).
#define FUZZ_TICKS 300

static inline void fuzz_die(const char *what) {
    fprintf(stderr, "fuzz: %s\n", what);
    abort();
}

// A parse error must name its position (the contract: file:line:col).
static inline void fuzz_check_error(const ParseError *err) {
    if (err->line < 1 || err->col < 1 || !err->msg[0]) fuzz_die("a parse error without line, column or message");
}

static inline void fuzz_profiles(LegProfile prof[LEGS_COUNT]) {
    ParseError err;
    if (!profiles_builtin(prof, &err)) fuzz_die("the built-in leg profiles do not parse");
}

// The buttons of tick t, from the fuzzer's bytes: two bytes a tick, read
// cyclically from the end, so every byte of a short input steers too.
static inline Input fuzz_input(const uint8_t *data, size_t size, int64_t t) {
    if (size == 0) return (Input){0};
    size_t i = (size_t)(2 * t) % size;
    uint16_t b = (uint16_t)(data[size - 1 - i] | (uint16_t)data[(size * 7 + i) % size] << 8);
    return (Input){(uint16_t)(b & ((1u << BTN_COUNT) - 1))};
}

// Steps w `ticks` ticks with input from the bytes, checking the invariants
// after each and the hash now and then.
static inline void fuzz_run(World *w, const uint8_t *data, size_t size, int ticks) {
    char why[256];
    for (int t = 0; t < ticks; t++) {
        world_step(w, fuzz_input(data, size, t));
        const char *broken = invariant_broken(w, why, sizeof why);
        if (broken) fuzz_die(broken);
        if (t % 60 == 0) (void)world_hash(w);
    }
}

// The uncapped mode (`make fuzz FUZZ_FULL=1`, BOSSRUSH_FUZZ_FULL=1 in the
// environment): every star kept and every level stepped FUZZ_TICKS ticks,
// whatever its cost, so an input that costs more than the budget allows
// runs past libFuzzer's per-input time limit and is reported (timeout-*):
// the next cost escape is found by the machine.
static inline bool fuzz_full(void) {
    static int full = -1;
    if (full < 0) {
        const char *e = getenv("BOSSRUSH_FUZZ_FULL");
        full = e && e[0] == '1';
    }
    return full == 1;
}

// Builds a World of lv (stars capped, unless fuzz_full) with the given
// profiles and runs it.
static inline void fuzz_world(Level *lv, const LegProfile prof[LEGS_COUNT], const uint8_t *data, size_t size) {
    bool full = fuzz_full();
    if (!full && lv->stars > FUZZ_MAX_STARS) lv->stars = FUZZ_MAX_STARS;
    int64_t units = lv->units > 500 ? lv->units : 500;
    int ticks = full ? FUZZ_TICKS : (int)(FUZZ_TICKS * 500 / units);
    if (ticks < 20) ticks = 20;
    ParseError err;
    WorldSetup setup = {.level = lv, .profiles = prof, .difficulty = (Difficulty)(size % DIFFICULTY_COUNT)};
    World *w = world_create(&setup, &err);
    if (!w) fuzz_die("world_create failed on a level that parsed");
    fuzz_run(w, data, size, ticks);
    world_free(w);
}
