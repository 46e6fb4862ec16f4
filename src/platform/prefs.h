// prefs.h -- reading a file of the preference folder (settings.txt,
// best.txt) the way all of them are read: a missing file is normal, one
// that is not a regular file (a folder, a pipe), unreadable or too large
// is a reason for one warning and the defaults, never a hang or a crash.
// Pure C over core/fs (unit-tested).
#pragma once
#include <stdbool.h>
#include <stddef.h>

typedef enum PrefsRead {
    PREFS_OK = 0,              // *text holds the file (mem_free it)
    PREFS_MISSING,             // no file there: use the defaults silently
    PREFS_UNREADABLE,          // something is there that cannot be read (why says what)
} PrefsRead;

// Reads path whole (at most max_bytes) into *text / *len (NUL-terminated).
PrefsRead prefs_read(const char *path, size_t max_bytes, char **text, size_t *len, char *why, size_t why_n);
// Keeps a copy of a malformed preference file's text before a save drops
// its bad lines: in path.bad, or the first of path.bad-2 ... path.bad-99
// that is free, so an earlier bad copy (the first bad hand edit) is never
// written over; a copy that already holds the same text is used as it is
// (a file left broken is not copied at every start). The copy's path goes
// to out. False (errno set) when it cannot be written or all are taken.
bool prefs_keep_bad(const char *path, const char *text, size_t len, char *out, size_t n);

// The preference folder is named once: $XDG_DATA_HOME/bossrush/ on Linux.
// Versions before that used the doubled $XDG_DATA_HOME/bossrush/bossrush/,
// which is the folder "bossrush" inside the new one: its entries (settings,
// best times, replays, screenshots, pad mappings) are moved up into dir
// (which ends in '/') once, each only when dir has no entry of that name
// (one warning names what stays), and the old folder is removed once empty.
// Returns how many entries were moved.
int prefs_move_old_folder(const char *dir);
