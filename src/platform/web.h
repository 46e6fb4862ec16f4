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
// Files the page hands the game (a .rpl dropped on it, or the replay of an
// index.html#replay=... link, written into the browser's memory file
// system by web/page.js) become SDL_DROPFILE events, as a file dropped on a
// desktop window does; web_frame_done pushes them (the app frees the path).
// The viewer tells the page what it shows (path, or NULL when it closes),
// so the page's "copy replay link" button links that file.
void web_viewer_shown(const char *path);
// The screen the app shows ("title", "play", "watch" ...): the page keeps it
// in <body data-screen>, for its tests and its controls.
void web_screen_shown(const char *name);
// The program's loop has ended (exit code rc): the page offers "play again"
// instead of leaving a dead canvas.
void web_program_ended(int rc);
