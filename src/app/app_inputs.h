// app_inputs.h -- the replay viewer's input display (docs/testing.md): the
// buttons the watched file holds at the shown tick, Celeste-style.
#pragma once

struct App;

// Draws a row of keys just above the viewer's panel, each lit while the file
// holds that button at the shown tick (the scrub's inputs; nothing once
// taken over or outside the file).
void app_viewer_draw_inputs(struct App *a);
