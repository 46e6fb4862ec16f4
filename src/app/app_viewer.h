// app_viewer.h -- the replay viewer (app_viewer.c), the watch screen.
#pragma once
#include "app/app_local.h"

// Opens path (a script or replay) on App.fight.play and shows it; 0, or
// the exit code of what failed (printed to stderr when not from_menu,
// else a toast). From the menu, the Replays screen is under it.
int app_viewer_open(App *a, const char *path, bool from_menu);
void app_viewer_close(App *a);
// A file dropped on the window (SDL_DROPFILE; the browser's page hands its
// dropped files and replay links over the same way): a .rpl or .script
// opens in the viewer (ending an arena being played), over the Replays
// screen; anything else is refused with a toast.
void app_viewer_open_dropped(App *a, const char *path);
// Real time passing (seconds), the viewer's events and its drawing.
void app_viewer_frame(App *a, double dt_s);
void app_viewer_event(App *a, const SDL_Event *e);
void app_viewer_draw(App *a);
// MODE_TAKEOVER's retry: the same replay taken over at the same tick again.
void app_viewer_retake(App *a);

extern const ScreenClass app_watch_screen;
