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

typedef struct Check {
    CheckKind kind;
    int64_t a, b;              // tick range; an expect has a == b
    const ProbeDef *probe;
    CmpOp op;
    const ProbeDef *rhs_probe; // NULL: compare with rhs_value
    double rhs_value;
    char rhs_text[48];         // the value as written, for messages
    int line, col;
} Check;

// One change of the held buttons. A tap makes two: the press (phase 1, with
// the lines of its tick) and the release at T+1 (phase 0: before the lines
// of T+1, so a `down` written for T+1 wins).
typedef struct InputEvent {
    int64_t tick;
    int phase;
    int seq;                   // file order
    uint16_t bit;
    bool down;
} InputEvent;

typedef struct Checksum {
    int64_t tick;
    uint64_t hash;
    int line, col;
    int sub_at, sub_n;         // its per-subsystem hashes: Script.subs[sub_at .. sub_at + sub_n)
} Checksum;

// A tick token, validated against `end` once the whole file is read.
typedef struct TickRef {
    int64_t tick;
    int line, col;
} TickRef;

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
    InputEvent *ev;
    int ev_n, ev_cap;
    Check *checks;
    int check_n, check_cap;
    Checksum *sums;
    int sum_n, sum_cap;
    SubsysHash *subs;          // every checksum's subsystem tokens, in file order
    int subs_n, subs_cap;
    TickRef *ticks;
    int tick_n, tick_cap;
    int *expect_order;         // indices of CHECK_EXPECT sorted by tick, then file order
    int expect_n;
};

struct ScriptRun {
    const Script *s;
    uint16_t held;
    int next_ev, next_expect, next_sum;
    bool *satisfied;           // per check: a sometime range held once
    double *last_value;        // per check: last value seen (for messages)
    uint64_t *actual;          // per checksum: hash seen (rebless)
    SubsysHash *actual_subs;   // rebless: per checksum, the World's subsystems then (actual_sub_n each)
    int actual_sub_n;
    int64_t last_tick;
    bool rebless;
    bool failed;
    char msg[1024];
};
