// app_probes.h -- the replay viewer's probe panel (docs/testing.md): every
// probe's value at the shown tick; pick one (Up/Down or a click) and press E
// to write `at T expect PROBE == VALUE` into the watched script (a replay's
// lines go to a script beside it, NAME.script).
#pragma once
#include <SDL.h>
#include <stdbool.h>

struct App;

// F3 opens and closes the panel; while open, Up/Down and clicks pick and E
// writes. True when the event was the panel's.
bool app_probes_event(struct App *a, const SDL_Event *e);
void app_probes_draw(struct App *a);
