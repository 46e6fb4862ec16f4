// legfile.h -- writing leg profiles back as .leg text (docs/legs.md,
// "Profile files"): one key's value, a whole profile, or an existing file
// rewritten so that only the tokens of the values that changed are
// replaced (comments, blank lines, key order, line ends and the column of
// a trailing comment stay). Whatever it writes parses back to exactly the
// values it was given: numbers are written in the shortest form that reads
// back as the same double.
#pragma once
#include <stdbool.h>
#include <stddef.h>

#include "core/text.h"
#include "sim/player/legs.h"

// A number as the files write it: the shortest fixed-point form that reads
// back as exactly v ("20.5", "8", "0.7").
void legfile_number(double v, char *buf, size_t n);
// The value of key k in p as the file format writes it ("8 7", "20.5",
// "smoothstep", "0 0.7 1 0.55 0") into buf (NUL-terminated, cut to n-1).
void legfile_value(const LegProfile *p, LegKey k, char *buf, size_t n);
// Does key k have the same value in a and b (bit for bit)?
bool legfile_same(const LegProfile *a, const LegProfile *b, LegKey k);
// A whole profile as text: one `key value` line per key, in LegKey order,
// after `comment` (a "# ..." line, or NULL for none). mem_alloc'd (mem_free
// it), *len its length; NULL on no memory.
char *legfile_text(const LegProfile *p, const char *comment, size_t *len);
// Rewrites a .leg file's text (path for messages) so that it parses, over
// base (the values a key left out keeps, as profiles_load reads files), to
// want: each key line whose value differs gets want's value in place of its
// value tokens; a differing key the file leaves out is appended as a line
// of its own. The text must parse as it is (false + err with its
// file:line:col otherwise: a broken file is not overwritten). mem_alloc'd
// result, *out_len its length; false + err also on no memory.
bool legfile_rewrite(const char *text, size_t len, const char *path, const LegProfile *base, const LegProfile *want,
                     char **out, size_t *out_len, ParseError *err);
// Saves leg i's profile into dir/<legs_name(i)>.leg: reads the file,
// rewrites it (legfile_rewrite, over the built-in profile of that leg) and
// writes it atomically (core/fs). A missing file is written whole
// (legfile_text). False + err (the file's name; a parse error's position)
// when it cannot be read, does not parse, or cannot be written (the file
// is then untouched).
bool legfile_save(const char *dir, int i, const LegProfile *want, ParseError *err);
