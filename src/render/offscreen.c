// offscreen.c -- the world drawn without a window: a software renderer
// into a surface, for headless PNG shots (`--shot`, one at a time or a
// run's worth with RenderShooter) and `--bench --render`'s frame times.
#include <stdlib.h>
#include <string.h>

#include "core/log.h"
#include "platform/png.h"
#include "render/fx.h"
#include "render/render_local.h"
#include "sim/world.h"

// A surface-backed software renderer with a RenderCtx, for shots and bench.
typedef struct Offscreen {
    SDL_Surface *s;
    SDL_Renderer *r;
    RenderCtx rc;
} Offscreen;

static bool offscreen_open(Offscreen *o, const char *assets_dir) {
    memset(o, 0, sizeof *o);
    o->s = SDL_CreateRGBSurfaceWithFormat(0, RENDER_LOGICAL_W, RENDER_LOGICAL_H, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!o->s) {
        log_warn("render: %s", SDL_GetError());
        return false;
    }
    o->r = SDL_CreateSoftwareRenderer(o->s);
    if (!o->r) {
        log_warn("render: %s", SDL_GetError());
        SDL_FreeSurface(o->s);
        return false;
    }
    if (!render_init(&o->rc, o->r, assets_dir)) {
        SDL_DestroyRenderer(o->r);
        SDL_FreeSurface(o->s);
        return false;
    }
    o->rc.screen = o->s;
    return true;
}

static void offscreen_close(Offscreen *o) {
    render_shutdown(&o->rc);
    SDL_DestroyRenderer(o->r);
    SDL_FreeSurface(o->s);
}

static void offscreen_frame(Offscreen *o, const World *w, bool debug) {
    o->rc.debug = debug;
    render_camera_follow(&o->rc, w);
    SDL_SetRenderDrawColor(o->r, 0, 0, 0, 255);
    SDL_RenderClear(o->r);
    render_world(&o->rc, w);
    SDL_RenderPresent(o->r);
}

bool render_shot(const World *w, const char *assets_dir, const char *png_path, bool debug) {
    Offscreen o;
    if (!offscreen_open(&o, assets_dir)) return false;
    o.rc.time_s = (double)(w->tick + 1) / SIM_TICK_HZ;
    // The last tick's events (muzzle flash, sparks) show in the shot too.
    fx_tick(&o.rc, w);
    offscreen_frame(&o, w, debug);
    char why[1400];
    bool ok = png_save(o.s, png_path, why, sizeof why);
    if (!ok) log_warn("%s", why);
    offscreen_close(&o);
    return ok;
}

struct RenderShooter {
    Offscreen o;
};

RenderShooter *render_shooter_open(const char *assets_dir, bool debug) {
    RenderShooter *s = calloc(1, sizeof *s);
    if (!s) {
        log_warn("render: out of memory");
        return NULL;
    }
    if (!offscreen_open(&s->o, assets_dir)) {
        free(s);
        return NULL;
    }
    s->o.rc.debug = debug;
    return s;
}

void render_shooter_tick(RenderShooter *s, const World *w) {
    RenderCtx *rc = &s->o.rc;
    rc->time_s = (double)(w->tick + 1) / SIM_TICK_HZ;
    fx_tick(rc, w);
    render_camera_update(rc, w, 1.0 / SIM_TICK_HZ);
}

bool render_shooter_save(RenderShooter *s, const World *w, const char *png_path) {
    Offscreen *o = &s->o;
    SDL_SetRenderDrawColor(o->r, 0, 0, 0, 255);
    SDL_RenderClear(o->r);
    render_world(&o->rc, w);
    SDL_RenderPresent(o->r);
    char why[1400];
    bool ok = png_save(o->s, png_path, why, sizeof why);
    if (!ok) log_warn("%s", why);
    return ok;
}

void render_shooter_close(RenderShooter *s) {
    if (!s) return;
    offscreen_close(&s->o);
    free(s);
}

double render_bench_frame(const World *w, const char *assets_dir, int frames) {
    Offscreen o;
    if (frames < 1) frames = 1;
    if (!offscreen_open(&o, assets_dir)) return -1.0;
    offscreen_frame(&o, w, false);      // warm the texture cache first
    Uint64 t0 = SDL_GetPerformanceCounter();
    for (int i = 0; i < frames; i++) {
        o.rc.time_s = (double)i / SIM_TICK_HZ;
        offscreen_frame(&o, w, false);
    }
    Uint64 t1 = SDL_GetPerformanceCounter();
    offscreen_close(&o);
    return (double)(t1 - t0) * 1000.0 / (double)SDL_GetPerformanceFrequency() / frames;
}
