// platform.h -- SDL lifetime, the window (a logical size the caller picks,
// letterboxed, resizable, vsync on or off, desktop fullscreen, optional
// whole-number scaling), the preference folder, screenshots. Files and
// folders themselves: core/fs.h.
#pragma once
#include <SDL.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct Platform {
    SDL_Window *win;
    SDL_Renderer *r;
    bool fullscreen;
    bool vsync;                // the renderer waits for the display's refresh
    bool integer_scale;        // asked for: whole scale factors only
    bool integer_active;       // in effect (the output is at least the logical size)
    bool audio_ok;             // SDL's audio subsystem started
    int logical_w, logical_h;  // the size everything is drawn at, px
} Platform;

// Starts SDL (video, audio, game controllers; audio failing is only a
// warning), opens the window and an accelerated renderer (vsynced when
// vsync) with a logical size of logical_w x logical_h px (the renderer's
// view: the app passes RENDER_LOGICAL_W/H). False with a message on failure.
bool platform_open(Platform *pf, const char *title, bool fullscreen, bool vsync, int logical_w, int logical_h);
void platform_close(Platform *pf);
// Desktop fullscreen on or off.
void platform_set_fullscreen(Platform *pf, bool on);
// Vsync on or off (kept off, with a warning, where the renderer cannot).
void platform_set_vsync(Platform *pf, bool on);
// Whole-number scaling on or off. In effect only while the output is at
// least the logical size (1x, 2x ... with black borders); in a smaller
// window there is no whole factor, so the picture is fitted as usual.
// platform_update_scale re-applies it after a resize (cheap when nothing
// changed: call it every frame).
void platform_set_integer_scale(Platform *pf, bool on);
void platform_update_scale(Platform *pf);
// Seconds since an arbitrary start, monotonic, high resolution.
double platform_now_s(void);
// The folder holding the game's data (assets/ and levels/); ends with '/'.
// The first that holds both: the binary's folder (the repository build),
// its parent (builds in build-san/ and the like), the binary's
// ../share/bossrush (an installed build, wherever PREFIX was moved), the
// folder compiled in from PREFIX, the current directory. When none does,
// the binary's folder. Computed once.
const char *platform_data_dir(void);
// Whether platform_data_dir found a folder holding the data (false: it is
// the binary's folder only as a fallback, and nothing will load).
bool platform_data_found(void);
// The per-user folder for settings, best times, replays and screenshots
// (SDL_GetPrefPath, made when missing), ending with '/'; "" (and one
// warning, once) when it cannot be made: then nothing is read or saved.
const char *platform_pref_dir(void);
// Saves what the renderer shows as a PNG in <pref>/screenshots/ (temp name,
// then rename). Fills path with the file name used. False on failure.
bool platform_screenshot(Platform *pf, char *path, size_t n);
