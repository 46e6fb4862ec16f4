// settings.h -- the user's settings file (<pref dir>/settings.txt): `key
// value` lines, `#` comments. Keys: fullscreen 0|1, music_volume 0..100,
// sfx_volume 0..100, debug 0|1. A broken file gives one warning naming
// file:line:col and the defaults are used; it never stops the game.
#pragma once
#include <stdbool.h>
#include <stddef.h>

#include "core/text.h"

typedef struct Settings {
    bool fullscreen;
    int music_volume;          // 0..100
    int sfx_volume;            // 0..100
    bool debug;                // F1 overlay on at start
} Settings;

void settings_default(Settings *s);
// Parses text into s (starting from the defaults). False + err on the first
// problem; s then holds the defaults.
bool settings_parse(Settings *s, const char *text, size_t len, const char *path, ParseError *err);
// Loads path; a missing file silently means defaults, a broken one warns once.
void settings_load(Settings *s, const char *path);
// Writes s to path through a temp file + rename. False with a warning.
bool settings_save(const Settings *s, const char *path);
