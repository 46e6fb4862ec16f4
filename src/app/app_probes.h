// app_probes.h -- the replay viewer's probe panel (docs/testing.md): every
// probe's value at the shown tick; pick one (Up/Down or a click) and press E
// to write `at T expect PROBE == VALUE` into the watched script (a replay's
// lines go to a script beside it, NAME.script); R marks the shown tick, R
// again writes `always A B PROBE >= MIN` / `<= MAX` over the ticks between.
#pragma once
#include <SDL.h>
#include <stdbool.h>
#include <stdint.h>

struct App;

// F3 opens and closes the panel; while open, Up/Down and clicks pick and E
// writes. True when the event was the panel's.
bool app_probes_event(struct App *a, const SDL_Event *e);
void app_probes_draw(struct App *a);
// The tick R marked as a range's start while the panel is open, else -1
// (the timeline shows it).
int64_t app_probes_mark(void);
