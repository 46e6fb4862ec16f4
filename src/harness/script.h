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
struct SubsysHash;             // harness/subsys.h

typedef struct Script Script;

// The largest tick a script may name (about 46 hours of play at 60 Hz):
// bounds a run so no file can make a headless run last for days. The
// recorder stops recording there.
#define SCRIPT_MAX_TICK 10000000
// The most hearts a `hearts N` line may give.
#define SCRIPT_MAX_HEARTS 99
// What one script or replay may hold, so that no file makes a run cost
// more than a documented amount of memory (docs/script-format.md, README):
// the file itself (64 MiB: some three million lines, more than a 46-hour
// recording of button mashing needs), its lines, its button changes (a tap
// is two), its checks (expect, always and sometime lines) and checksums.
// Each is refused at the line that goes past it, with file:line:col. A
// recording stops recording before it would go past any of them, so every
// replay the game writes can be read back.
#define SCRIPT_MAX_FILE_BYTES ((size_t)64 << 20)
#define SCRIPT_MAX_LINES 8000000
#define SCRIPT_MAX_EVENTS 4000000
#define SCRIPT_MAX_CHECKS 1000000
#define SCRIPT_MAX_CHECKSUMS 1000000
// The checks' evaluations in all: an expect counts 1, a range B - A + 1. A
// run reads each probe once per tick whatever the number of checks, so this
// bounds the time the checks add to a run (about 10 ns an evaluation).
#define SCRIPT_MAX_CHECK_TICKS 1000000000

// Parses a script; the level path is resolved (absolute, else relative to
// the script's folder if that file exists, else as given). NULL + err on failure.
Script *script_parse(const char *text, size_t len, const char *path, ParseError *err);
Script *script_load(const char *path, ParseError *err);
void script_free(Script *s);
// The resolved level path (see script_parse).
const char *script_level_path(const Script *s);
// The level path exactly as the file wrote it.
const char *script_level_given(const Script *s);
// Where the `level` line's path token is (for messages about the level file).
void script_level_pos(const Script *s, int *line, int *col);
// The level hash a recording stored, if any.
bool script_level_hash(const Script *s, uint64_t *out);
// The leg profiles' hash (legs_profiles_hash) a recording stored after the
// level hash, if any, and where its token is.
bool script_legs_hash(const Script *s, uint64_t *out, int *line, int *col);
// The script's `seed`, if any.
bool script_seed(const Script *s, uint32_t *out);
// The run's setup: `difficulty easy|normal|hard` (normal when absent),
// `assist wiggle` (wiggle mode without the gauge's cost) and `hearts N`
// (the hearts the player starts with, 1..SCRIPT_MAX_HEARTS; 0 when absent:
// full). A recording writes what its run used.
int script_difficulty(const Script *s);
bool script_assist_wiggle(const Script *s);
int script_hearts(const Script *s);
int64_t script_end_tick(const Script *s);
// How many `checksum` lines name a tick <= tick (all of them: tick = end).
int script_checksums_upto(const Script *s, int64_t tick);

// A check (expect, always, sometime) as a timeline shows it.
typedef struct ScriptCheckInfo {
    int64_t a, b;              // its ticks (a == b for an expect)
    int kind;                  // 0 expect, 1 always, 2 sometime
    int line, col;             // where it is written
    char text[96];             // "PROBE OP VALUE"
} ScriptCheckInfo;
// How many checks the script has, and check i (0..count-1, file order).
int script_check_count(const Script *s);
void script_check_info(const Script *s, int i, ScriptCheckInfo *out);
// The file name the script was parsed under (for messages).
const char *script_path(const Script *s);

// Running a script: for each tick T = 0..end, in = script_run_input(r, T);
// the World steps with in; ok = script_run_check(r, w). Stop at the first
// failure. (harness/pipeline.h: script_source and checks_sink.)
// Ticks must be asked for in increasing order.
typedef struct ScriptRun ScriptRun;
ScriptRun *script_run_new(const Script *s);
void script_run_free(ScriptRun *r);
// The buttons held during tick T: every change for ticks <= T applied (tap
// releases of T-1 first, then the lines of T in file order).
Input script_run_input(ScriptRun *r, int64_t tick);
// Checks expectations, always-ranges, sometime-ranges that end at this tick
// and checksums after a tick (w->tick); false on the first failure (message
// in script_run_message).
bool script_run_check(ScriptRun *r, const struct World *w);
// After the end tick: checks `sometime` ranges and that every `expect` was
// reached. False on failure.
bool script_run_finish(ScriptRun *r);
const char *script_run_message(const ScriptRun *r);
// Rebless mode: checksums are recorded instead of compared and expectations
// are not checked (see script_rebless_text).
void script_run_set_rebless(ScriptRun *r, bool on);
// True when b's checks (kind, ticks, probes, operators, values) and
// checksums (ticks, hashes) are a's, in the same order (their lines may
// differ): a run of one can go on as a run of the other.
bool script_same_checks(const Script *a, const Script *b);
// A copy of r's progress, as a run of s (r's script or one with the same
// checks): its checks so far, its buttons up to the last tick checked. For
// going on from a snapshot (a viewer's re-run). NULL on no memory.
ScriptRun *script_run_clone(const ScriptRun *r, const Script *s);
// Whether the run failed, and the last tick it checked (-1: none).
bool script_run_failed(const ScriptRun *r);
int64_t script_run_last_tick(const ScriptRun *r);
// The script text with every checksum line's hash replaced by the value a
// rebless run recorded, and the level line's hashes set to level_hash and
// legs_hash (the `legs=` token is added when the line had none). Blank
// lines, comments, line ends and the BOM are kept. Returns a mem_alloc'd
// buffer (mem_free it) and its length, or NULL on no memory.
char *script_rebless_text(const Script *s, const ScriptRun *r, const char *text, size_t len,
                          uint64_t level_hash, uint64_t legs_hash, size_t *out_len);

// Recording live play into the replay format.
typedef struct Recorder Recorder;
// level_path is written as given; level_hash is level_text_hash of the
// file, legs_hash the leg profiles' (legs_profiles_hash): the level line
// carries both.
Recorder *recorder_new(const char *level_path, uint64_t level_hash, uint64_t legs_hash);
// Adds a `seed N` line (when play ran with a seed that overrides the level's).
void recorder_set_seed(Recorder *rec, uint32_t seed);
// The run's setup, written as `difficulty NAME` (always), `assist wiggle`
// (when on) and `hearts N` (when hearts > 0).
void recorder_set_setup(Recorder *rec, int difficulty, bool assist_wiggle, int hearts);
// Call once per tick after the World stepped with in: writes the button changes of
// this tick and, every 60 ticks (0, 60, 120 ...), the state hash with the
// per-subsystem hashes (harness/subsys.h). Recording ends (the replay ends
// at the last tick kept) at SCRIPT_MAX_TICK, or before a tick that could
// take the file past another SCRIPT_MAX_* limit.
void recorder_tick(Recorder *rec, const struct World *w, Input in);
// The two halves of recorder_tick, for a recording whose hashes are known
// without its World (a replay taken over, harness/scrub.h): the button
// changes of tick t (false, and nothing written, when t is not after the
// last tick recorded or is past SCRIPT_MAX_TICK), and a checksum line.
bool recorder_input(Recorder *rec, int64_t t, Input in);
void recorder_checksum(Recorder *rec, int64_t tick, uint64_t hash, const struct SubsysHash *sub, int sub_n);
// The level path a replay written to replay_path should hold (for
// recorder_new): relative to the replay's own folder when both paths are
// relative to the current directory (so the replay finds its level from any
// working directory, e.g. tests/replays/x.rpl -> ../../levels/a.lvl), else
// absolute.
void script_level_path_for(const char *replay_path, const char *level_path, char *buf, size_t n);
// Ticks recorded so far.
int64_t recorder_ticks(const Recorder *rec);
// Writes the replay to path (atomically, fs_write_atomic: a crash never
// leaves half a file). False + message (also when nothing was recorded).
bool recorder_save(Recorder *rec, const char *path, char *why, size_t why_n);
// recorder_save with another level path in the file (for a copy written
// to another folder: script_level_path_for that copy's path).
bool recorder_save_as(Recorder *rec, const char *path, const char *level_path, char *why, size_t why_n);
void recorder_free(Recorder *rec);
