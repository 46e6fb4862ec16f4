// app_replays.h -- the replay folder in the app (app_replays.c): its place
// and the Replays screen.
#pragma once
#include "app/app_local.h"

// The folder's place (<pref>/replays, "" without a preference folder).
void app_replays_init(App *a);
// The list read again from the folder (when the screen opens).
void app_replays_reload(App *a);

extern const ScreenClass app_replays_screen;
