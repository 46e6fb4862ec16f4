// web.h -- what the browser build (make web, Emscripten) adds to the
// platform: the preference folder kept in the browser's IndexedDB (IDBFS)
// and a main loop that gives the browser its frames. Only compiled with
// emcc (the Makefile leaves web.c out of the native build); callers guard
// with #ifdef __EMSCRIPTEN__. docs/web.md has the whole design.
#pragma once

// Mounts IDBFS on the preference folder dir and waits (Asyncify) until
// what the browser stored there is loaded, so settings, best times and
// replays read at start-up see the last session's files.
void web_storage_mount(const char *dir);
// The end of one frame of the app's loop: writes the preference folder
// back to IndexedDB when a file was written since the last sync (core/fs
// counts writes), then sleeps until the browser's next animation frame.
void web_frame_done(void);
