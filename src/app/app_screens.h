// app_screens.h -- the menu screens (app_screens.c): title, practice,
// options, controls, pause and results, each a ScreenClass.
#pragma once
#include "app/app_local.h"

// The controls screen waiting for a press: takes the event (true) and
// binds, clears or cancels.
bool app_controls_capture(App *a, const SDL_Event *e);

extern const ScreenClass app_title_screen, app_practice_screen, app_options_screen, app_controls_screen,
    app_pause_screen, app_results_screen;
