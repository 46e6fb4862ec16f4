// app_play.h -- the fight's flow in the window (app_play.c): an arena
// started behind its warning card, its ticks with the player's input, the
// pause, the results; the play screen.
#pragma once
#include "app/app_local.h"

// Start playing: the rush from its first arena, practice arena `level`, or
// the --level arena.
void app_start(App *a, PlayMode mode, int level);
// The same arena again (a take-over: the same replay taken over again).
void app_retry(App *a);
// After the results: the next arena of the rush, a new rush after the
// last, the same arena again.
void app_next(App *a);
// The pause menu over the fight; back to the fight.
void app_pause(App *a);
void app_resume(App *a);
// The results' real time: the arena goes on behind them.
void app_results_frame(App *a, double dt_s);

extern const ScreenClass app_play_screen;
