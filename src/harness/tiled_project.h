// tiled_project.h -- the Tiled project file levels/tiled/bossrush.tiled-project
// (docs/tiled.md), generated from the creatures' parameter tables so it
// never drifts from what the level reader accepts: each creature kind is a
// custom class with its spawn parameters as members (their types and
// defaults), each choice parameter an enum, and `player` a class of its
// own. In Tiled (1.8 and later) an object's class then offers exactly the
// kind's parameters. `make tiled` writes the file; test_params fails when
// the committed one differs from this text.
#pragma once
#include "core/textbuf.h"

// Appends the project file's JSON (Tiled's own layout: 4-space indent,
// fixed ids and colours) to out.
void tiled_project_text(TextBuf *out);
