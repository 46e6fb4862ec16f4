// pipeline.h -- the one tick of every run: an input source gives the
// buttons of the next tick, world_step steps the World, and a list of sinks
// observes the tick (the recorder, a script's checks, a hash log, a snapshot
// store, the bench's timer). The session (session.h), the scrub, the bench
// and tools/simcheck compose sources and sinks; nothing above src/sim steps
// a World another way: pipeline_tick holds the one call of world_step
// above src/sim.
// Pure C, no SDL, no clock.
//
//     Input held[600] = {...};
//     InputArray arr = {held, 600};
//     TickSink sinks[] = {recorder_sink(rec), snap_sink(&st)};
//     Pipeline p = {input_array_source(&arr), sinks, 2, NULL, NULL};
//     while (w->tick < 599) pipeline_tick(w, &p, NULL);
#pragma once
#include <stdbool.h>
#include <stdint.h>

#include "harness/script.h"
#include "harness/snapshot.h"
#include "harness/subsys.h"
#include "sim/world.h"

// Where a tick's buttons come from: input(ctx, t) for tick t (the World is
// at t - 1).
typedef struct TickSource {
    Input (*input)(void *ctx, int64_t t);
    void *ctx;
} TickSource;

// What observes a tick. before (may be NULL) sees the World at t - 1, just
// before the step; after (may be NULL) the World at t and the input it took.
// after returns false when the run must stop (a check failed); the other
// sinks still see the tick. The befores run in reverse order and the
// afters in order, so the first sink wraps the step most tightly (a timer).
typedef struct TickSink {
    void (*before)(void *ctx, const World *w);
    bool (*after)(void *ctx, World *w, Input in);
    void *ctx;
} TickSink;

// A tick stepped another way than the plain world_step, for some ticks:
// the bench's, whose systems are timed one by one (harness/bench.h; the
// same systems in the same order as world_step). Returns true when it
// stepped the World, false to leave the tick to world_step.
typedef bool (*TickStepFn)(void *ctx, World *w, Input in);

typedef struct Pipeline {
    TickSource src;
    const TickSink *sinks;
    int n_sinks;
    TickStepFn step;           // NULL: every tick is world_step
    void *step_ctx;
} Pipeline;

// The one tick: in = src.input(w->tick + 1), the sinks' befores, the step,
// the sinks' afters. *used (may be NULL) gets the input. False when a
// sink's after returned false.
bool pipeline_tick(World *w, const Pipeline *p, Input *used);

// ---------------------------------------------------------------- sources

// No buttons, every tick.
TickSource no_input_source(void);
// *in on every tick (the live devices' buttons, read each frame).
TickSource live_input_source(const Input *in);

// A recorded run's buttons: in[t] for 0 <= t < n, none after.
typedef struct InputArray {
    const Input *in;
    int64_t n;
} InputArray;
TickSource input_array_source(const InputArray *a);

// A script's or replay's buttons (script_run_input).
TickSource script_source(ScriptRun *r);

// A function of the tick alone (the bench's fixed pattern).
typedef struct InputFn {
    Input (*fn)(int64_t t);
} InputFn;
TickSource input_fn_source(const InputFn *f);

// A take-over splice: first's buttons up to tick `until`, then's after it.
typedef struct InputSplice {
    TickSource first, then;
    int64_t until;
} InputSplice;
TickSource input_splice_source(const InputSplice *s);

// ---------------------------------------------------------------- sinks

// Records every tick (recorder_tick).
TickSink recorder_sink(Recorder *rec);
// A script's checks (script_run_check); false when one failed.
TickSink checks_sink(ScriptRun *r);
// Offers every tick to the store (snap_offer; on no memory a seek starts
// further back).
TickSink snap_sink(SnapStore *st);

// The state hashes every `every` ticks (t % every == 0, t >= 0), the whole
// World's and each subsystem's, for ticks 0..last: what a recording's
// checksum lines hold.
typedef struct HashLog {
    int64_t every, last;
    int sub_n;                 // subsystems per entry
    uint64_t *full;            // last / every + 1 entries
    SubsysHash *subs;          // sub_n per entry
} HashLog;
// Room for ticks 0..last of w's hashes. False on no memory.
bool hash_log_init(HashLog *h, const World *w, int64_t every, int64_t last);
void hash_log_free(HashLog *h);
TickSink hash_log_sink(HashLog *h);
// Writes tick t's logged checksum line into rec when t is on the log's
// interval (recorder_checksum); nothing otherwise.
void hash_log_checksum(const HashLog *h, Recorder *rec, int64_t t);
