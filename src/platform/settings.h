// settings.h -- the user's settings file (<pref dir>/settings.txt): `key
// value` lines, `#` comments; every key, its values and its default are
// in docs/controls.md. Parsing and formatting are pure (unit-tested); only
// settings_load / settings_save touch the file (through core/fs).
//
// Robustness: a line that is wrong (bad value, repeated key, unknown key
// name) is ignored and its setting keeps the default; a line with a key
// this version does not know is kept as it is and written back when the
// game saves (a newer version's settings survive an older game), if its
// key is a name and it holds no control byte (else it is a wrong line). One
// warning per file names the first problem and how many there were.
#pragma once
#include <stdbool.h>
#include <stddef.h>

#include "core/text.h"
#include "platform/bindings.h"
#include "sim/world.h"

// Screen shake and full-screen flashes: full (the default), reduced, off.
typedef enum SettingLevel {
    LEVEL_FULL = 0,
    LEVEL_REDUCED,
    LEVEL_OFF,
    LEVEL_COUNT,
} SettingLevel;

#define SETTINGS_EXTRA_MAX 2048   // bytes of unknown lines kept
#define SETTINGS_MAX_BYTES 16384  // a larger settings.txt is not read

typedef struct Settings {
    bool fullscreen;
    int music_volume;          // 0..100
    int sfx_volume;            // 0..100
    bool debug;                // F1 overlay on at start
    bool integer_scale;        // whole scale factors only (when the window is at least 1280x720)
    bool vsync;                // default on
    SettingLevel shake;        // camera shake
    SettingLevel flashing;     // full-screen flashes (the red hurt tint, the boss-down flash)
    Difficulty difficulty;     // every arena (practice and the rush)
    bool assist_wiggle;        // wiggle mode without the gauge's cost
    bool ghost;                // race the best replay of the arena (app: its player drawn translucent)
    bool hints;                // the app's one-line prompts where a newcomer gets stuck (default on)
    int hints_seen;            // bit per prompt (app/hints.h) already learned: never shown again, 0..255
    Bindings bind;
    char extra[SETTINGS_EXTRA_MAX];   // lines with unknown keys, each ending in '\n'
    size_t extra_len;
} Settings;

void settings_default(Settings *s);
// "full", "reduced", "off" (NULL out of range) and back (false: unknown).
const char *settings_level_name(SettingLevel l);
bool settings_level_parse(const char *s, size_t len, SettingLevel *out);
// Parses text over the defaults (see the robustness rules above). Returns
// the number of problems (0: clean); *first (when not NULL) describes the
// first one as path:line:col. *unknown (when not NULL) counts the lines
// kept for their unknown key.
int settings_parse(Settings *s, const char *text, size_t len, const char *path, ParseError *first, int *unknown);
// Writes s as settings.txt text (every known key, then the unknown lines
// kept) into buf with a NUL; returns the length, or 0 when n is too small.
size_t settings_format(const Settings *s, char *buf, size_t n);
// Loads path into s. Missing: the defaults, silently. Not a regular file,
// unreadable, too large: one warning and the defaults. Malformed lines: one
// warning (settings_parse), the good lines used, and the file as it was
// copied to path.bad (a save would drop the ignored lines). Returns whether
// settings_save may write over path: false when a file is there that could
// not be read, or malformed and not copied, so a save never destroys what
// the game could not read.
bool settings_load(Settings *s, const char *path);
// Writes s to path through a temp file + rename. False with a warning.
bool settings_save(const Settings *s, const char *path);
