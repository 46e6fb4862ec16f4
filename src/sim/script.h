// script.h -- scripted tests and recorded replays: one text format
// (specified in docs/script-format.md). Parsing, running against a World
// tick by tick, and recording live input back into the same format.
#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/text.h"
#include "sim/input.h"

struct World;
struct Script;                 // opaque; see script.c

typedef struct Script Script;

// Parses a script; the level path is resolved (absolute, else relative to
// the script's folder if that file exists, else as given). NULL + err on failure.
Script *script_parse(const char *text, size_t len, const char *path, ParseError *err);
Script *script_load(const char *path, ParseError *err);
void script_free(Script *s);
const char *script_level_path(const Script *s);
// The level hash a recording stored, if any.
bool script_level_hash(const Script *s, uint64_t *out);
// The script's `seed`, if any.
bool script_seed(const Script *s, uint32_t *out);
int64_t script_end_tick(const Script *s);

// Running a script: for each tick T = 0..end, in = script_run_input(r, T);
// world_step(w, in); ok = script_run_check(r, w). Stop at the first failure.
typedef struct ScriptRun ScriptRun;
ScriptRun *script_run_new(const Script *s);
void script_run_free(ScriptRun *r);
Input script_run_input(ScriptRun *r, int64_t tick);
// Checks expectations, always-ranges and checksums after a tick; false on
// the first failure (message in script_run_message).
bool script_run_check(ScriptRun *r, const struct World *w);
// After the end tick: checks `sometime` ranges. False on failure.
bool script_run_finish(ScriptRun *r);
const char *script_run_message(const ScriptRun *r);

// Recording live play into the replay format.
typedef struct Recorder Recorder;
Recorder *recorder_new(const char *level_path, uint64_t level_hash);
// Call once per tick after world_step(w, in).
void recorder_tick(Recorder *rec, const struct World *w, Input in);
// Writes the replay to path (through a temp file and rename). False + message.
bool recorder_save(Recorder *rec, const char *path, char *why, size_t why_n);
void recorder_free(Recorder *rec);
