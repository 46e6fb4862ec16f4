// level_write.h -- a parsed Level back to .lvl text, in one canonical form:
// every key written (name, tile, spawn player, the creatures in spawn order
// with only their non-default parameters, in their table's order, stars,
// seed), no comments, the map in the plain tiles `# . J L F 7`, LF line
// ends. level_parse of the text gives the same Level, so two levels are the
// same level when their canonical texts are equal (the .tmj converter's
// round trip is tested that way, docs/tiled.md).
#pragma once
#include "core/textbuf.h"
#include "sim/creatures/params.h"
#include "sim/level.h"

// Appends lv's canonical text to out (out->oom on no memory).
void level_write(const Level *lv, TextBuf *out);
// The tile letter for a Tile: '#', '.', 'J', 'L', 'F' or '7'.
char level_tile_char(Tile t);
// A kind as spawn lines name it ("tetran"), and a spawn's parameter table
// with its config (*cfg; NULL for no kind).
const char *level_kind_name(CreatureKind k);
const ParamTable *level_spawn_params(const LevelSpawn *sp, const void **cfg);
