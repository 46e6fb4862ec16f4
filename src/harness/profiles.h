// profiles.h -- the player's leg profiles from files: reads the four
// <dir>/<leg>.leg texts and hands them to legs_parse_profiles. The built-in
// fallback is the same assets/legs/*.leg text, embedded by the build, so
// the numbers live in one place.
#pragma once
#include <stdbool.h>

#include "core/text.h"
#include "sim/player/legs.h"

// The largest .leg file read.
#define PROFILES_MAX_FILE_BYTES 65536

// assets/legs/<legs_name(i)>.leg as the build found them (generated from
// the files by the Makefile into $(BUILD)/gen/profiles_builtin.c).
extern const char *const profiles_builtin_text[LEGS_COUNT];

// The built-in profiles: profiles_builtin_text parsed. False + err (naming
// "(built-in) <leg>.leg") only when the embedded files were malformed.
bool profiles_builtin(LegProfile out[LEGS_COUNT], ParseError *err);
// Reads dir/front-left.leg, back-left.leg, front-right.leg, back-right.leg
// over the built-in profiles (a key left out keeps its built-in value); all
// or nothing (out untouched on failure). err->line == 0: a file could not
// be read (the caller may warn and use profiles_builtin); otherwise a file
// is malformed (file:line:col).
bool profiles_load(const char *dir, LegProfile out[LEGS_COUNT], ParseError *err);
