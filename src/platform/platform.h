// platform.h -- SDL lifetime, the window (1280x720 logical, letterboxed,
// resizable, vsync, desktop fullscreen), files and folders, screenshots.
#pragma once
#include <SDL.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct Platform {
    SDL_Window *win;
    SDL_Renderer *r;
    bool fullscreen;
    bool audio_ok;             // SDL's audio subsystem started
} Platform;

// Starts SDL (video, audio, game controllers; audio failing is only a
// warning), opens the window and an accelerated vsynced renderer with a
// 1280x720 logical size. False with a message on failure.
bool platform_open(Platform *pf, const char *title, bool fullscreen);
void platform_close(Platform *pf);
// Desktop fullscreen on or off.
void platform_set_fullscreen(Platform *pf, bool on);
// Seconds since an arbitrary start, monotonic, high resolution.
double platform_now_s(void);
// The folder holding the game's data (assets/ and levels/); ends with '/'.
// The first that holds both: the binary's folder (the repository build),
// its parent (builds in build-san/ and the like), the binary's
// ../share/bossrush (an installed build, wherever PREFIX was moved), the
// folder compiled in from PREFIX, the current directory. When none does,
// the binary's folder. Computed once.
const char *platform_data_dir(void);
// The per-user folder for settings and screenshots (SDL_GetPrefPath), or
// "./" when there is none; ends with '/'.
const char *platform_pref_dir(void);
// mkdir -p. False when a folder cannot be made.
bool platform_make_dirs(const char *path);
// Writes data to path through path.tmp and a rename, so a crash never
// leaves half a file. False with a warning on failure.
bool platform_write_atomic(const char *path, const void *data, size_t len);
// Saves what the renderer shows as a PNG in <pref>/screenshots/ (temp name,
// then rename). Fills path with the file name used. False on failure.
bool platform_screenshot(Platform *pf, char *path, size_t n);
