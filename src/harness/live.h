// live.h -- live tuning for a running session (docs/legs.md, "Live
// tuning"): a cheap watcher of file modification times, and the changes a
// bare-arena session takes while it runs -- new leg profiles (read from
// their folder, or straight from the tuning panel) and its level re-read
// from its file with the player kept (sim/reload.h). A file that does not
// load changes nothing. Pure C, no SDL.
//
// Recordings: a replay starts from tick 0 with the files as they are, so a
// run whose profiles or level change midway cannot be replayed. A change
// therefore first saves a running recording up to the last tick before it
// (that replay verifies with the files as they were) and stops it; the
// next arena started records again, with the new hashes.
#pragma once
#include <stdbool.h>
#include <stdint.h>

#include "core/fs.h"
#include "core/text.h"
#include "harness/session.h"
#include "sim/reload.h"

#define LIVE_MAX_FILES 8

// The files watched and what fs_stat said of each at the last poll.
typedef struct LiveWatch {
    int count;
    char path[LIVE_MAX_FILES][1100];
    FsStat st[LIVE_MAX_FILES];
} LiveWatch;

// Forgets every file.
void live_watch_clear(LiveWatch *lw);
// Watches path from now on (its state now is the baseline). Returns its
// index, -1 when the watch is full or the path too long.
int live_watch_add(LiveWatch *lw, const char *path);
// Bit i set: file i changed since the last poll (or since it was added):
// another modification time or size, or it appeared, vanished or stopped
// being a regular file. One fs_stat per file.
uint32_t live_watch_poll(LiveWatch *lw);

typedef enum LiveResult {
    LIVE_SAME = 0,             // the new values equal the old: nothing done
    LIVE_CHANGED,              // the session runs on with the new values
    LIVE_FAILED,               // a file did not load (msg: file:line:col): the old values stay
    LIVE_REFUSED,              // a script or replay is running: it runs as recorded (msg)
} LiveResult;

// What a change did to a running recording (it always stops).
typedef enum LiveRecording {
    LIVE_REC_NONE = 0,         // none was running
    LIVE_REC_SAVED,            // saved up to recording_end
    LIVE_REC_DROPPED,          // not a tick recorded yet: nothing to save
    LIVE_REC_FAILED,           // could not be saved (msg says why)
} LiveRecording;

typedef struct LiveReport {
    LiveResult result;
    ReloadPlayer player;       // a level change: what became of the player
    LiveRecording recording;
    int64_t recording_end;     // LIVE_REC_SAVED: the last tick in the replay
    char msg[1600];
} LiveReport;

// Gives the session new leg profiles (as checked by the loader): the World
// steps with them from the next tick, s->prof and s->prof_hash follow.
void live_set_profiles(Session *s, const LegProfile prof[LEGS_COUNT], LiveReport *rep);
// Reads dir's four .leg files (profiles_load) and gives them to the session.
void live_reload_profiles(Session *s, const char *dir, LiveReport *rep);
// Reads the session's level file again; when its content changed, the
// World is rebuilt from it with the session's profiles, seed, difficulty
// and assists (reload_level keeps the player when he fits).
void live_reload_level(Session *s, LiveReport *rep);
// The level file the session reads ("" for none).
const char *live_level_path(const Session *s);
