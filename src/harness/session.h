// session.h -- the one way to open and run a script, a replay or a bare
// arena: reads the file, its level and the leg profiles, checks the hashes
// a recording stored, builds the World, then steps it tick by tick through
// the one tick pipeline (harness/pipeline.h: the script's input or the live
// devices' or a source set here, then the recorder, the checks, a snapshot
// store and any sinks added here) and finishes. main.c's headless
// modes, the app's viewer and live play, and tools/simcheck all use it, so
// loading is written once. Pure C, no SDL; prints nothing (messages and the
// exit-code meaning are carried in the Session).
//
//     Session s;
//     int rc = session_open_script(&s, "tests/replays/x.rpl", &setup);
//     while (rc == 0 && !session_done(&s))
//         if (!session_step(&s, NULL)) rc = session_rc(&s);
//     if (rc == 0) rc = session_finish(&s);
//     if (rc) fprintf(stderr, "%s\n", session_message(&s));
//     session_close(&s);
#pragma once
#include <stdbool.h>
#include <stdint.h>

#include "core/mem.h"
#include "core/text.h"
#include "harness/pipeline.h"
#include "harness/script.h"
#include "sim/input.h"
#include "sim/level.h"
#include "sim/player/legs.h"
#include "sim/world.h"

// Room for the World's heap blocks: the World, its map, bullets, one array
// per creature kind, up to four per creature and the starfield's four.
#define SESSION_MAX_BLOCKS 512

// How to open a session; zero means the defaults.
typedef struct SessionSetup {
    // Folder of the four .leg files. A file that cannot be read gives a
    // warning and the built-in profiles; a malformed one is an error (2).
    // NULL: the built-in profiles, silently.
    const char *legs_dir;
    // The profiles to use instead of reading legs_dir, or NULL (live
    // tuning: the last ones that loaded, while a file there is broken).
    const LegProfile *profiles;
    bool use_seed;             // a bare arena: seed overrides the level's seed
    uint32_t seed;
    bool rebless;              // a replay to rebless: no hash checks, checksums recorded (session_rebless)
    // A bare arena's run (a script's come from its own lines):
    Difficulty difficulty;
    bool assist_wiggle;        // wiggle mode without the gauge's cost
    int start_hp;              // hearts to start with (a boss rush carries them); 0: full
} SessionSetup;

// A handle: the session itself is private to session.c (its World, level,
// script, profiles, messages, recording, sources and sinks), read through
// the functions below. Zero (or closed) means not open. Kept by value (on
// the stack, in a Fight); do not copy an open one. Opening allocates the
// private part once (with room for SESSION_MAX_BLOCKS blocks); stepping
// allocates nothing of the session's own (the World never does; a
// recording's text grows in the recorder, script.h).
typedef struct Session {
    struct SessionCore *core;
} Session;

// ---------------------------------------------------------------- what it holds
// What a caller reads between ticks. A session that is not open (never
// opened, closed, or out of memory while opening) has no World, an empty
// Level, rc 2 and an out-of-memory message.
//
// The World: NULL until opened. The session steps it (session_step).
const World *session_world(const Session *s);
// The same World to change outside the tick, for a caller that stages a
// state by hand (tools/balance/stand.c places the player, the layout check
// shows the end banners); live tuning goes through session_set_profiles
// and session_replace_world. NULL until opened.
World *session_world_mut(Session *s);
// The World's tick (w->tick); -1 when not open.
int64_t session_tick(const Session *s);
// The arena (name, hash, units).
const Level *session_level(const Session *s);
// The script or replay driving the session; NULL for a bare arena.
const Script *session_script(const Session *s);
// The leg profiles the World was built with (LEGS_COUNT of them) and
// their hash (legs_profiles_hash).
const LegProfile *session_profiles(const Session *s);
uint64_t session_profiles_hash(const Session *s);
// 0 fine; 1 a check failed or a recorded hash differs; 2 bad input.
int session_rc(const Session *s);
// Why rc != 0 or why a call returned false, ready to print
// (file:line:col: ...); "" when nothing failed.
const char *session_message(const Session *s);
// A problem that did not stop it (print it as a warning), or "".
const char *session_warning(const Session *s);
// The message a harness call that fails leaves for its caller (the
// scrub's out of memory); rc stays as it is.
void session_set_message(Session *s, const char *msg);

// Opens a script or replay: parses it, reads its level (resolved as
// script_parse says; a level that is missing or not a regular file is
// reported at the `level` line), reads the leg profiles, checks the level
// hash and the leg profiles hash when the file holds them (not when
// rebless), builds the World. Returns session_rc; whatever it returns, call
// session_close.
int session_open_script(Session *s, const char *path, const SessionSetup *setup);
// Opens a bare arena (--level, --bench, live play): its level and the leg
// profiles; no script. Returns session_rc (0 or 2); call session_close.
int session_open_level(Session *s, const char *path, const SessionSetup *setup);
// Records the ticks from now on as a replay to be written to replay_path by
// session_save_recording (its level path is made relative to the replay's
// folder). False on no memory (session_message; nothing is recorded).
bool session_record(Session *s, const char *replay_path);
bool session_recording(const Session *s);
// One tick: the input is the script's for this tick when a script drives
// the session, else *live (NULL: no buttons); world_step; the recording
// gets the tick; a script's checks run. False (session_rc 1, session_message) when a
// check failed; from then on it steps no more and returns false.
bool session_step(Session *s, const Input *live);
// True once a script's end tick has been simulated (never for a bare arena).
bool session_done(const Session *s);
// After the last tick: a script's end-of-run checks (sometime ranges, ticks
// never reached). Returns session_rc.
int session_finish(Session *s);
// Writes the recording to its replay path (atomically) and stops
// recording. False with the reason in why.
bool session_save_recording(Session *s, char *why, size_t why_n);
// After a run opened with setup->rebless: rewrites the file with this run's
// checksums, level hash and leg profiles hash (atomically). Returns session_rc
// (2 with session_message when the file cannot be read again or written).
int session_rebless(Session *s);
// Hands a script session over to live input (a replay taken over,
// harness/scrub.h): its script and checks are dropped, so it steps from its
// World as it is now like a bare arena, and rec (owned from now on: the
// ticks so far) goes on as its recording, saved to replay_path by
// session_save_recording.
void session_take_over(Session *s, Recorder *rec, const char *replay_path);
// Swaps the scripts (and their runs) of two sessions opened on scripts:
// a viewer's re-run keeps its World and takes the edited file's script
// (harness/scrub.h, scrub_rerun).
void session_swap_script(Session *a, Session *b);
// Writes the recording so far to another path too (atomically, its level
// path made relative to that replay's folder); recording goes on. False
// with the reason in why.
bool session_save_recording_copy(Session *s, const char *replay_path, char *why, size_t why_n);
// Stops recording and throws the recording away.
void session_drop_recording(Session *s);
// Frees everything (an unsaved recording is dropped); s may then be opened again.
void session_close(Session *s);

// ---------------------------------------------------------------- the pipeline
// The input of a bare arena's ticks when session_step is given none (live
// NULL); no buttons until set. A script's own input always comes first.
void session_set_source(Session *s, TickSource src);
// A sink that sees every tick session_step makes from now on, after the
// recorder, the checks and the snapshot store. Its after's result is not
// used: only a script's checks stop a session. False when
// SESSION_MAX_SINKS are there already.
#define SESSION_MAX_SINKS 8
bool session_add_sink(Session *s, TickSink sink);
// Takes out the sinks whose ctx is ctx.
void session_remove_sink(Session *s, const void *ctx);
// Some ticks stepped another way (the bench's timed ones, pipeline.h);
// NULL: world_step.
void session_set_step(Session *s, TickStepFn step, void *ctx);
// Keeps snapshots of the World from now on (harness/snapshot.h; budget 0:
// SNAP_DEFAULT_BUDGET) as it steps; the store follows the World through
// session_replace_world. False on no memory or too many blocks.
bool session_keep_snapshots(Session *s, size_t budget);
// The store, or NULL when the session keeps none.
SnapStore *session_snapshots(Session *s);
// Writes back the newest snapshot at or before tick (the oldest kept when
// there is none) and returns the tick the World is at now; -2 when the
// session keeps no snapshots. Stepping on re-simulates from there.
int64_t session_restore(Session *s, int64_t tick);
// A sink that steps another session one tick with each tick of this one
// (a ghost: the best run raced beside the play), until the follower's
// script ends; a failed check stops it (follower->rc, ->msg; its World
// stays as it was). Add it with session_add_sink(&play, ...).
TickSink session_follow_sink(Session *follower);
// What a new World for this session is built with: lv, the session's
// profiles, seed, difficulty and assists (live reload: sim/reload.h).
void session_world_setup(const Session *s, const Level *lv, WorldSetup *ws);
// Puts w, built from *lv (moved into the session), in place of the
// session's World, which is freed with its level. blocks lists w's heap
// blocks (mem_track_begin around its making); they become the session's, and a
// snapshot store the session keeps starts again from w (no seeking back
// past the change: the old World is gone). False when that store could not
// be made again (no memory: the session keeps no snapshots then).
bool session_replace_world(Session *s, World *w, Level *lv, const MemTrack *blocks);
// Puts prof in place of the session's leg profiles, in its World too
// (live tuning: reload_profiles, sim/reload.h); the World goes on from
// where it is.
void session_set_profiles(Session *s, const LegProfile prof[LEGS_COUNT]);
// A snapshot store of the session's World that the caller keeps (the
// scrub's, the bench's seeks; budget 0: SNAP_DEFAULT_BUDGET): snap_init on
// the World and its heap blocks. The store does not follow the World
// through session_replace_world. False on no memory or too many blocks.
bool session_snap_init(Session *s, SnapStore *st, size_t budget);
// One tick of the session's World through p instead of the session's own
// source and sinks (the scrub's scan and re-simulation, which bring their
// own). False when a sink of p said stop.
bool session_tick_through(Session *s, const Pipeline *p);
// The level file the session read; the path its recording is saved to
// ("" for none).
const char *session_level_file(const Session *s);
const char *session_recording_path(const Session *s);
// A recorder for a replay at replay_path with this session's level (its
// path relative to the replay's folder), hashes, seed and setup; NULL on
// no memory. session_record and a take-over's recording start here.
Recorder *session_new_recorder(const Session *s, const char *replay_path);

// Reads and parses a level file (level_parse on what fs_read_file gives).
bool session_load_level(Level *lv, const char *path, ParseError *err);
