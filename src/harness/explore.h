// explore.h -- the test lab's search for bugs (docs/testing.md): seeded
// random runs of an arena under human-like input, a catalogue of invariants
// checked after every tick (written as script `always` lines and checked by
// the script runner, so a failure is a script failure like any other), and
// the shrinking of a failing run to a minimal replay. Pure C, no SDL, prints
// nothing: the command line (src/cli_explore.c) prints and forks.
#pragma once
#include <stdbool.h>
#include <stdint.h>

#include "core/text.h"
#include "harness/session.h"

// A run's input: button changes, in tick order (file order within a tick),
// exactly the `at T down B` / `at T up B` lines of a replay.
typedef struct ExploreEvent {
    int64_t tick;
    uint8_t bit;               // button bit number (input.h), 0..BTN_COUNT-1
    bool down;
} ExploreEvent;

typedef struct ExploreCase {
    const char *level;         // the arena's path, as given
    uint32_t seed;             // the game seed
    int difficulty;            // Difficulty
    int64_t end;               // the last tick simulated (ticks 0..end)
    ExploreEvent *ev;          // owned (mem_alloc)
    int n;
} ExploreCase;

// The invariants of one arena: each a check `P OP V` over a tick range, as
// the text after `always A B`.
typedef struct ExploreRule {
    int64_t a, b;
    char text[160];            // "player.groups_stepping <= 1"
    char from[64];             // where it came from: "catalogue" or "F:LINE"
    bool playing;              // checked only while the fight goes on (game.state playing)
} ExploreRule;

typedef struct ExploreRules {
    ExploreRule *r;            // owned (mem_alloc)
    int n, cap;
} ExploreRules;

// The outcome of one run.
typedef struct ExploreResult {
    int rule;                  // index of the rule broken first, -1 when none
    int64_t tick;              // tick of the failure (else the last tick simulated)
    int64_t ticks;             // ticks simulated
    int rc;                    // 0, 1 (a rule broke) or 2 (could not open the arena)
    char msg[1700];            // the script runner's message, or the session's
} ExploreResult;

// The catalogue for an arena opened in s (before any tick): every rule of
// the built-in table whose probes all exist in this build (looked up by name
// in the probe table, so a probe added later joins without an edit), a
// finiteness check of every probe, counts within their pools (bullets in
// the pool, creatures at most as many as spawned), the player inside the
// map. Ranges are 0..last. False on no memory.
bool explore_catalogue(const Session *s, int64_t last, ExploreRules *out);
// Adds the `always A B P OP V` lines of the file at path (blank and comment
// lines allowed; anything else is an error at file:line:col), with their
// ranges clipped to 0..last (a range starting after last is dropped). Each
// is checked by the script parser. False + err.
bool explore_add_invariants(const char *path, int64_t last, ExploreRules *rules, ParseError *err);
void explore_rules_free(ExploreRules *rules);

// The seeded input of one run of ticks 0..last: segments of 10..120 ticks of
// one behaviour each (standing, walking, jumping into walls, climbing,
// dashing, firing with aim, wiggling, locking, mashing). Sets c->ev, c->n.
bool explore_policy(uint64_t seed, int64_t last, ExploreCase *c);
void explore_case_free(ExploreCase *c);

// Runs c, checking the rules (only rule `only` when only >= 0) after every
// tick; stops at the first broken rule.
void explore_run(const ExploreCase *c, const ExploreRules *rules, int only, const SessionSetup *setup,
                 ExploreResult *res);

// Shrinks c (in place) to a case that still breaks rule `rule` (delta
// debugging over its button changes and its length: drop, move earlier,
// cut the end to the failure), at most budget runs. res is the last failure
// (of the shrunk case). Returns the runs made.
int explore_shrink(ExploreCase *c, const ExploreRules *rules, int rule, const SessionSetup *setup, int budget,
                   ExploreResult *res);

// The replay text of c: header, a comment, the level line (level_in_file as
// written, with the arena's level and leg profile hashes), seed, difficulty,
// the button changes, the rule as `always A B` with B clipped to c->end, and
// `end`. mem_alloc'd (mem_free it); NULL on no memory.
char *explore_replay_text(const ExploreCase *c, const ExploreRule *rule, const char *level_in_file,
                          uint64_t level_hash, uint64_t legs_hash, const char *comment, size_t *len);
