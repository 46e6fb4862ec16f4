// statedump.h -- a World's hashed state as text, one line per field, and
// the first fields where two such texts differ: the field-level report of
// a desync (docs/fields.md). The walk is generated from the same field
// tables (core/fields.h) as world_hash, in the same order, so every value
// the hash sees is a line:
//
//   world.tick 240
//   world.rng.s 9201913711346316131
//   world.whales[0].vel.x 12.5 (0x4029000000000000)
//
// A path, a space, the value: integers in decimal, doubles (and floats, as
// the doubles the hash sees) with "%.17g" and their exact bits. Pools
// name the element the hash names: a live bullet by its slot
// (world.bullets.b[17].pos.x), an active star by its index, a tentacle's
// nodes by their place in its node pool. A creature kind's count is a line
// too (world.whale_count 1). Lines starting with '#' are comments.
#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/textbuf.h"
#include "sim/world.h"

// Appends w's dump to out (after "# title" when title is not NULL).
// Returns the hash of the values it wrote, fed as world_hash feeds them:
// world_hash(w) whenever the dump saw every hashed value in order.
uint64_t statedump_write(const World *w, const char *title, TextBuf *out);

// Compares two dumps path by path. Appends to out, in a's order (then
// b's paths a lacks), at most max lines "PATH A -> B", with "(none)" for
// a path one side lacks, and "N more" when there were more. Returns how
// many paths differ (0: the same state). Comments are skipped.
int statedump_diff(const char *a, size_t na, const char *b, size_t nb, int max, TextBuf *out);

// Opens a script or replay (harness/session.h, with setup), steps it to
// tick `tick` (the World after that tick: world.tick == tick) or until it
// stops earlier (its end, a desync or a failed check), and appends that
// World's dump to out under "# PATH at tick T". Returns 0 when tick was
// reached, 1 when the run stopped before it (the dump is of where it
// stopped; msg says why), 2 when the file could not be opened (no dump;
// msg says why).
struct SessionSetup;
int statedump_at(const char *path, const struct SessionSetup *setup, int64_t tick, TextBuf *out, char *msg,
                 size_t msg_n);

// Writes a dump to DIR/NAME.fields, NAME being file's name without its
// folder and extension (tests/replays/whale.rpl: DIR/whale.fields),
// making DIR if needed (fs_write_atomic). The path written goes to path
// (n bytes). False (errno set) when it could not be written.
bool statedump_save(const TextBuf *dump, const char *dir, const char *file, char *path, size_t n);
