// app_rerun.h -- the replay viewer re-runs the file it shows when the file
// changes on disk (docs/testing.md): a script edited in another window is
// simulated again and shown at the same tick; a malformed edit shows its
// file:line:col and keeps the last good run.
#pragma once
#include <stdbool.h>

struct App;

// Called every frame while watching: looks at the file's time and size a
// few times a second; true when they changed and the file loads (the
// viewer re-runs it). A malformed edit is kept for app_viewer_watch_draw.
bool app_viewer_watch_file(struct App *a);
// The malformed edit's message over the panel, while there is one.
void app_viewer_watch_draw(struct App *a);
