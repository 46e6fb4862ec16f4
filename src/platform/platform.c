// platform.c -- SDL start-up and the window, the preference folder and
// screenshots (written through core/fs).
#include "platform/platform.h"

#include "build_config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "core/fs.h"
#include "core/log.h"
#include "platform/png.h"
#include "platform/prefs.h"
#ifdef __EMSCRIPTEN__
#include "platform/web.h"
#endif

// SDL's controller database format (one mapping a line, as in
// github.com/mdqinc/SDL_GameControllerDB), read from the preference folder
// when present so unusual pads work without a rebuild (docs/controls.md).
static void load_pad_mappings(void) {
    char path[1100];
    if (!platform_pref_dir()[0]) return;
    snprintf(path, sizeof path, "%sgamecontrollerdb.txt", platform_pref_dir());
    if (!fs_is_file(path)) return;
    int n = SDL_GameControllerAddMappingsFromFile(path);
    if (n < 0) log_warn("%s: not read (%s); the built-in pad mappings are used", path, SDL_GetError());
    else log_info("%s: %d controller mappings", path, n);
}

bool platform_open(Platform *pf, const char *title, bool fullscreen, bool vsync, int logical_w, int logical_h) {
    memset(pf, 0, sizeof *pf);
    pf->logical_w = logical_w;
    pf->logical_h = logical_h;
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_GAMECONTROLLER | SDL_INIT_EVENTS) != 0) {
        log_error("cannot start SDL: %s", SDL_GetError());
        return false;
    }
    // With no display SDL quietly falls back to its invisible "offscreen"
    // driver; a game nobody can see would just sit there. Only an explicit
    // SDL_VIDEODRIVER (tests use dummy) may run windowless.
    const char *drv = SDL_GetCurrentVideoDriver();
    if (drv && !SDL_getenv("SDL_VIDEODRIVER") && (!strcmp(drv, "offscreen") || !strcmp(drv, "dummy"))) {
        log_error("no display found (is DISPLAY or WAYLAND_DISPLAY set?); "
                  "use --headless with --script or --replay to run without a window");
        SDL_Quit();
        return false;
    }
    load_pad_mappings();
    if (SDL_InitSubSystem(SDL_INIT_AUDIO) != 0) log_warn("no audio device (%s); playing silently", SDL_GetError());
    else pf->audio_ok = true;
    SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "linear");
    Uint32 flags = SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI;
    if (fullscreen) flags |= SDL_WINDOW_FULLSCREEN_DESKTOP;
    pf->win = SDL_CreateWindow(title, SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, logical_w, logical_h,
                               flags);
    if (!pf->win) {
        log_error("cannot open a window: %s", SDL_GetError());
        SDL_Quit();
        return false;
    }
    SDL_SetWindowMinimumSize(pf->win, 320, 180);
    pf->r = SDL_CreateRenderer(pf->win, -1, SDL_RENDERER_ACCELERATED | (vsync ? SDL_RENDERER_PRESENTVSYNC : 0));
    if (!pf->r) pf->r = SDL_CreateRenderer(pf->win, -1, SDL_RENDERER_SOFTWARE);
    if (!pf->r) {
        log_error("cannot create a renderer: %s", SDL_GetError());
        SDL_DestroyWindow(pf->win);
        SDL_Quit();
        return false;
    }
    SDL_RenderSetLogicalSize(pf->r, logical_w, logical_h);
    SDL_RendererInfo info;
    pf->vsync = SDL_GetRendererInfo(pf->r, &info) == 0 && (info.flags & SDL_RENDERER_PRESENTVSYNC);
    pf->fullscreen = fullscreen;
    if (fullscreen) SDL_ShowCursor(SDL_DISABLE);
    return true;
}

void platform_close(Platform *pf) {
    if (pf->r) SDL_DestroyRenderer(pf->r);
    if (pf->win) SDL_DestroyWindow(pf->win);
    pf->r = NULL;
    pf->win = NULL;
    SDL_Quit();
}

void platform_set_fullscreen(Platform *pf, bool on) {
    if (SDL_SetWindowFullscreen(pf->win, on ? SDL_WINDOW_FULLSCREEN_DESKTOP : 0) != 0) {
        log_warn("fullscreen: %s", SDL_GetError());
        return;
    }
    pf->fullscreen = on;
    SDL_ShowCursor(on ? SDL_DISABLE : SDL_ENABLE);
}

void platform_set_vsync(Platform *pf, bool on) {
    if (SDL_RenderSetVSync(pf->r, on ? 1 : 0) != 0) {
        log_warn("vsync: %s", SDL_GetError());
        return;
    }
    pf->vsync = on;
}

void platform_set_integer_scale(Platform *pf, bool on) {
    pf->integer_scale = on;
    platform_update_scale(pf);
}

void platform_update_scale(Platform *pf) {
    int w = 0, h = 0;
    if (SDL_GetRendererOutputSize(pf->r, &w, &h) != 0) return;
    bool want = pf->integer_scale && w >= pf->logical_w && h >= pf->logical_h;
    if (want == pf->integer_active) return;
    SDL_RenderSetIntegerScale(pf->r, want ? SDL_TRUE : SDL_FALSE);
    pf->integer_active = want;
}

double platform_now_s(void) {
    static Uint64 freq;
    if (!freq) freq = SDL_GetPerformanceFrequency();
    return (double)SDL_GetPerformanceCounter() / (double)freq;
}

// True when dir (ending in '/') holds the game's data: levels/ and assets/.
static bool holds_data(const char *dir) {
    char path[1100];
    snprintf(path, sizeof path, "%slevels", dir);
    if (!fs_is_dir(path)) return false;
    snprintf(path, sizeof path, "%sassets", dir);
    return fs_is_dir(path);
}

// Set by platform_data_dir: whether a candidate held the data.
static bool data_found;

bool platform_data_found(void) {
    platform_data_dir();
    return data_found;
}

const char *platform_data_dir(void) {
    static char dir[1024];
    if (dir[0]) return dir;
    char exe[1024] = "", up[1024] = "", share[1100] = "";
    char *b = SDL_GetBasePath();   // absolute, symlinks resolved, ends with '/'
    if (b) {
        snprintf(exe, sizeof exe, "%s", b);
        snprintf(up, sizeof up, "%s", b);
        size_t n = strlen(up);
        while (n > 1 && up[n - 1] == '/') up[--n] = 0;
        char *slash = strrchr(up, '/');
        if (slash) slash[1] = 0;
        else up[0] = 0;
        if (up[0]) snprintf(share, sizeof share, "%sshare/bossrush/", up);
    }
    SDL_free(b);
    // In this order: beside the binary (./bossrush in the repository); one
    // up (build-san/bossrush and the like); PREFIX/bin/../share/bossrush (an
    // installed binary, also a staged or moved PREFIX); the folder compiled
    // in at install time; the current directory.
    const char *candidates[] = {exe, up, share, BOSSRUSH_DATADIR "/", "./"};
    for (size_t i = 0; i < sizeof candidates / sizeof candidates[0]; i++) {
        if (candidates[i][0] && holds_data(candidates[i])) {
            snprintf(dir, sizeof dir, "%s", candidates[i]);
            data_found = true;
            return dir;
        }
    }
    snprintf(dir, sizeof dir, "%s", exe[0] ? exe : "./");
    return dir;
}

const char *platform_pref_dir(void) {
    static char dir[1024];
    static bool tried;
    if (tried) return dir;
    tried = true;
    // SDL makes the folder; when it cannot (a read-only or missing
    // XDG_DATA_HOME, a file in its way) nothing is read or written
    // anywhere else (not the current folder): "" and one warning.
#ifdef __EMSCRIPTEN__
    char *p = SDL_GetPrefPath("bossrush", "bossrush");     // the browser's storage keeps its old name
#else
    char *p = SDL_GetPrefPath("", "bossrush");             // Linux: $XDG_DATA_HOME/bossrush/
#endif
    if (!p) {
        log_warn("no preference folder (%s): settings, best times and replays are not read or saved",
                 SDL_GetError());
        return dir;
    }
    snprintf(dir, sizeof dir, "%s", p);
    SDL_free(p);
    size_t n = strlen(dir);
    if (n + 1 < sizeof dir && n > 0 && dir[n - 1] != '/') strcat(dir, "/");
#ifdef __EMSCRIPTEN__
    web_storage_mount(dir);
#else
    prefs_move_old_folder(dir);
#endif
    return dir;
}

bool platform_screenshot(Platform *pf, char *path, size_t n) {
    char dir[1100];
    if (!platform_pref_dir()[0]) {
        log_warn("screenshot not saved: there is no preference folder");
        return false;
    }
    snprintf(dir, sizeof dir, "%sscreenshots", platform_pref_dir());
    if (!fs_make_dirs(dir)) {
        log_warn("%s: cannot create the folder: %s", dir, strerror(errno));
        return false;
    }
    int w = 0, h = 0;
    if (SDL_GetRendererOutputSize(pf->r, &w, &h) != 0 || w <= 0 || h <= 0) return false;
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!s) return false;
    // Read the whole output, letterbox bars included: that is what is seen.
    SDL_RenderSetLogicalSize(pf->r, 0, 0);
    bool ok = SDL_RenderReadPixels(pf->r, NULL, SDL_PIXELFORMAT_ARGB8888, s->pixels, s->pitch) == 0;
    SDL_RenderSetLogicalSize(pf->r, pf->logical_w, pf->logical_h);
    time_t now = time(NULL);
    struct tm tmv;
    localtime_r(&now, &tmv);
    char stamp[64];
    strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tmv);
    static int serial;
    snprintf(path, n, "%s/bossrush-%s-%d.png", dir, stamp, ++serial);
    // The PNG goes to a unique temp file first, so a failed save never
    // leaves half an image under the final name.
    char why[1400];
    if (!ok) {
        log_warn("screenshot failed: %s", SDL_GetError());
    } else if (!png_save(s, path, why, sizeof why)) {
        log_warn("screenshot failed: %s", why);
        ok = false;
    }
    SDL_FreeSurface(s);
    return ok;
}
