// replays.h -- the replay folder (<pref dir>/replays/): every arena played
// in the window is kept there as a replay named by date, arena, difficulty,
// result and length,
//     YYYYMMDD-HHMMSS_ARENA_DIFFICULTY_RESULT_TICKS.rpl
//     20250611-203015_01-tetran-5e1c0a4f_normal_won_5234.rpl
// (local time; a second file in the same second gets -2, -3 ... after the
// time; ARENA is the level's file name without .lvl/.tmj, every character
// but letters, digits and '-' written as '-', then '-' and 8 hex digits of
// the level text's hash (replays_arena_of; names from before the hash still
// list); RESULT is won, lost or quit;
// TICKS the ticks played). After each save the folder is pruned: the
// REPLAYS_KEEP newest are kept and, whatever their age, the best run of
// each arena and difficulty (won in the fewest ticks; the older of equals);
// the other replays are deleted. Files whose names do not have this form
// are never touched. Pure C over core/fs (unit-tested).
#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "sim/world.h"

#define REPLAYS_KEEP 50            // the newest kept
#define REPLAYS_MAX 4096           // files listed at most (the newest names first)
#define REPLAYS_ARENA_MAX 64       // bytes of an arena's name part, NUL included
#define REPLAYS_STEM_MAX 40        // bytes of the level's name in it (then '-' and 8 hex digits)

typedef struct ReplayInfo {
    char name[192];                // the file name
    char stamp[24];                // YYYYMMDD-HHMMSS
    int dup;                       // the -N after the time (1 when none)
    char arena[REPLAYS_ARENA_MAX];
    Difficulty difficulty;
    char result[8];                // won, lost, quit
    int64_t ticks;
} ReplayInfo;

typedef struct ReplayList {
    ReplayInfo *r;                 // newest first
    int n;
} ReplayList;

// The arena part of a name for a level file: its name without .lvl/.tmj
// (cut to REPLAYS_STEM_MAX bytes, other bytes than letters, digits and '-'
// made '-'), '-' and 8 hex digits of its text's hash (level_text_hash), so
// arenas whose names read the same never share replays or ghosts.
void replays_arena_of(const char *level_path, uint64_t level_hash, char *out, size_t n);
// Reads a file name of the form above; false for any other.
bool replays_parse_name(const char *name, ReplayInfo *out);
// The path for a new replay in dir (made when missing) that names no file
// there yet. False when dir cannot be made or the path does not fit.
bool replays_new_path(const char *dir, time_t when, const char *level_path, uint64_t level_hash, Difficulty d,
                      const char *result, int64_t ticks, char *out, size_t n);
// The replays in dir, newest first (an unreadable or missing dir: none);
// only regular files count (a folder or a pipe of a replay's name is not one).
bool replays_list(const char *dir, ReplayList *out);
void replays_list_free(ReplayList *l);
// The best run of an arena at a difficulty in l, or NULL.
const ReplayInfo *replays_best(const ReplayList *l, const char *arena, Difficulty d);
// Deletes what the rules above do not keep; returns how many were deleted.
int replays_prune(const char *dir, int keep);
