// best.h -- best times (<pref dir>/best.txt): one `KEY TICKS` line per
// record, `#` comments, ticks of 1/60 s of fighting. Keys:
//   arena.DIFFICULTY.ARENA.H one arena (ARENA: its file name without .lvl/.tmj,
//                            cut to 40 bytes; H: 8 hex digits of the level
//                            text's hash, so arenas that share a name, or
//                            whose names read the same once made key-safe,
//                            keep their own records, and an edited arena
//                            starts a new one)
//   arena.DIFFICULTY.ARENA   the same from before the hash (read once: the
//                            record moves to the hashed key when none is there)
//   rush.DIFFICULTY          the whole boss rush (every attempt's fight time)
// DIFFICULTY is easy, normal or hard. Parsing and formatting are pure
// (unit-tested); best_load / best_save touch the file (through core/fs).
//
// Robustness: any well-formed `KEY TICKS` line (KEY of letters, digits,
// '-', '_' and '.') is kept and written back, keys this version does not
// use included. A malformed line is ignored
// with one warning per file, and the file as it was is first copied to
// best.txt.bad (or .bad-2, .bad-3 ... when that is taken: prefs_bad_path),
// so nothing that was saved is ever lost.
#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/text.h"
#include "sim/world.h"

#define BEST_MAX 512           // records kept (more lines are ignored)
#define BEST_KEY_MAX 96        // bytes of a key, NUL included
#define BEST_STEM_MAX 40       // bytes of an arena's name in its key
#define BEST_TICKS_MAX 1000000000
#define BEST_MAX_BYTES 65536   // a larger best.txt is not read

typedef struct BestEntry {
    char key[BEST_KEY_MAX];
    int64_t ticks;             // 1..BEST_TICKS_MAX
} BestEntry;

typedef struct BestTimes {
    BestEntry e[BEST_MAX];
    int count;
} BestTimes;

void best_clear(BestTimes *b);
// Parses text into b (cleared first). Returns the number of malformed
// lines (0: clean); *first (when not NULL) describes the first one.
int best_parse(BestTimes *b, const char *text, size_t len, const char *path, ParseError *first);
// b as best.txt text, with a NUL; the length, or 0 when n is too small.
size_t best_format(const BestTimes *b, char *buf, size_t n);
// The record under key in ticks; 0 when there is none.
int64_t best_get(const BestTimes *b, const char *key);
// A finished run of `ticks`: stored when it beats the record (or is the
// first). True when it did: the results show NEW BEST.
bool best_offer(BestTimes *b, const char *key, int64_t ticks);
// The key of one arena (from its file path and level_text_hash) or of the
// rush at difficulty d. Characters other than letters, digits, '-', '_' and
// '.' in the arena's name become '_'.
void best_key_arena(char *out, size_t n, const char *level_path, uint64_t level_hash, Difficulty d);
// The key the arena had before keys carried the hash.
void best_key_arena_legacy(char *out, size_t n, const char *level_path, Difficulty d);
// An arena's record (0: none), its key in key: a record under the legacy
// key alone is first copied to the hashed key.
int64_t best_get_arena(BestTimes *b, const char *level_path, uint64_t level_hash, Difficulty d, char *key,
                       size_t key_n);
void best_key_rush(char *out, size_t n, Difficulty d);
// ticks as M:SS.CC (minutes, seconds, hundredths, rounded down).
void best_time_text(int64_t ticks, char *out, size_t n);
// Loads path into b. Missing: empty, silently. Not a regular file,
// unreadable, too large: one warning, empty, and false: best_save must not
// write over it. Malformed lines: one warning, the good lines kept, the
// original copied to path.bad (false when that copy fails).
bool best_load(BestTimes *b, const char *path);
// Writes b to path through a temp file + rename. False with a warning.
bool best_save(const BestTimes *b, const char *path);
