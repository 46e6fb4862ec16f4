// web.h -- what the browser build (make web, Emscripten) adds to the
// platform: the preference folder kept in the browser's IndexedDB (IDBFS)
// and a main loop that the browser calls once a frame. Only compiled with
// emcc (the Makefile leaves web.c out of the native build); callers guard
// with #ifdef __EMSCRIPTEN__. docs/web.md has the whole design.
#pragma once

// The preference folder dir is IndexedDB's: web/storage.js (emcc --pre-js)
// mounts IDBFS on it and loads what the browser stored there before main
// runs, so settings, best times and replays read at start-up see the last
// session's files. This checks that mount is dir's (else it mounts dir now,
// and the stored files come too late for this start: a warning).
void web_storage_mount(const char *dir);
// Runs frame(arg) at each of the browser's animation frames
// (emscripten_set_main_loop); never returns: the caller's stack stays as it
// is (emscripten's simulated infinite loop), the browser's event loop goes on.
void web_main_loop(void (*frame)(void *arg), void *arg);
// The end of one frame of the app's loop: hands the page's files over (below)
// and writes the preference folder back to IndexedDB when a file was written
// since the last sync (core/fs counts writes; the write finishes in the
// background).
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
// The program's loop has ended (exit code rc): the browser stops calling the
// frame, files written since the last frame are saved, and the page offers
// "play again" instead of leaving a dead canvas.
void web_program_ended(int rc);
