// script_local.h -- the inside of the script/replay module, shared by its
// three files: script.c (parsing), script_run.c (running, rebless) and
// recorder.c (recording). Everyone else uses script.h.
#pragma once
#include <stdbool.h>
#include <stdint.h>

#include "harness/probes.h"
#include "harness/script.h"
#include "harness/subsys.h"
#include "sim/world.h"
#include "sim/tick.h"

#define SCRIPT_VERSION 1
#define SCRIPT_PROBE_SLOTS 256     // more than the probe table holds
#define CHECKSUM_EVERY SIM_TICK_HZ   // recordings: one checksum a second
// The most tokens a line may have: a checksum line with every subsystem.
#define SCRIPT_MAX_TOKENS (4 + SUBSYS_MAX)

typedef enum CheckKind {
    CHECK_NONE = 0,
    CHECK_EXPECT,
    CHECK_ALWAYS,
    CHECK_SOMETIME,
} CheckKind;

typedef enum CmpOp {
    OP_EQ = 0,
    OP_NE,
    OP_LT,
    OP_LE,
    OP_GT,
    OP_GE,
} CmpOp;

static const char *const op_names[] = {"==", "!=", "<", "<=", ">", ">="};

// The memory a script costs is bounded by its file: every record below is
// a few dozen bytes, no line makes more than two, the arrays are sized
// exactly by a first pass over the text (no growth slack, no copies), and
// the counts are capped (script.h: SCRIPT_MAX_*).
typedef struct Check {
    int32_t a, b;              // tick range; an expect has a == b (ticks <= SCRIPT_MAX_TICK)
    uint8_t kind;              // CheckKind
    uint8_t op;                // CmpOp
    int32_t slot;              // a sometime range's index into ScriptRun.some; -1 otherwise
    const ProbeDef *probe;
    const ProbeDef *rhs_probe; // NULL: compare with rhs_value
    int16_t probe_slot, rhs_slot;  // indices into Script.probes (rhs_slot -1 without rhs_probe)
    double rhs_value;
    char rhs_text[24];         // the value as written, for messages (cut to 23 bytes)
    int32_t line, col;
} Check;

// One change of the held buttons. A tap makes two: the press (phase 1, with
// the lines of its tick) and the release at T+1 (phase 0: before the lines
// of T+1, so a `down` written for T+1 wins).
typedef struct InputEvent {
    int32_t tick;
    int32_t seq;               // file order
    uint16_t bit;
    uint8_t phase;
    bool down;
} InputEvent;

typedef struct Checksum {
    int64_t tick;
    uint64_t hash;
    int32_t line, col;
    int32_t sub_at, sub_n;     // its per-subsystem hashes: Script.subs[sub_at .. sub_at + sub_n)
} Checksum;

// A check's place in a tick order: sorted by tick, then file order.
typedef struct CheckAt {
    int32_t tick;
    int32_t check;             // index into Script.checks
} CheckAt;

struct Script {
    char path[512];
    char level_given[1024];
    char level_path[1024];
    int level_line, level_col;
    bool has_level_hash;
    uint64_t level_hash;
    bool has_legs_hash;        // `legs=H` after the level hash (recordings write it)
    uint64_t legs_hash;
    int legs_col;
    bool has_seed;
    uint32_t seed;
    // The run's setup lines (each at most once, before the first `at`);
    // the line each was given on, 0 when absent.
    int difficulty_line, assist_line, hearts_line;
    Difficulty difficulty;
    bool assist_wiggle;
    int hearts;
    int64_t end;
    InputEvent *ev;            // sorted by tick, phase, file order
    int ev_n, ev_cap;
    Check *checks;             // file order
    int check_n, check_cap;
    Checksum *sums;            // file order
    int sum_n, sum_cap;
    CheckAt *expects;          // every expect, by tick
    SubsysHash *subs;          // every checksum's subsystem tokens, in file order
    int subs_n, subs_cap;
    int expect_n;
    CheckAt *ranges;           // every always and sometime range, by first tick
    int range_n;
    int some_n;                // sometime ranges
    int64_t check_ticks;       // evaluations the checks ask for (<= SCRIPT_MAX_CHECK_TICKS)
    // The distinct probes the checks read: a run reads each at most once a tick.
    const ProbeDef *probes[SCRIPT_PROBE_SLOTS];
    int probe_n;
};

// A sometime range's progress.
typedef struct SomeState {
    bool satisfied;            // held once
    double last_value;         // the last value seen (for messages)
} SomeState;

struct ScriptRun {
    const Script *s;
    uint16_t held;
    int next_ev, next_expect, next_sum, next_range;
    // The ranges whose first tick has come and that still matter (an always
    // range until its last tick, a sometime range until it held or its last
    // tick): only these are evaluated, so a tick costs what is open now,
    // not what the whole script holds.
    int32_t *open;             // indices into s->checks; capacity s->range_n
    int open_n;
    SomeState *some;           // per sometime range (Check.slot)
    double value[SCRIPT_PROBE_SLOTS];      // per Script.probes slot: its value at the tick in read_at
    int64_t read_at[SCRIPT_PROBE_SLOTS];   // -1: not read yet
    uint64_t *actual;          // per checksum: hash seen (rebless)
    SubsysHash *actual_subs;   // rebless: per checksum, the World's subsystems then (actual_sub_n each)
    int actual_sub_n;
    int64_t last_tick;
    bool rebless;
    bool failed;
    char msg[1024];
};
