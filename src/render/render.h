// render.h -- draws a World with SDL_Renderer: what the app and main.c use.
// Reads sim state, never writes it; effects use the renderer's own visual
// PRNG, never the game's. The drawing helpers are in render_local.h.
#pragma once
#include <SDL.h>
#include <stdbool.h>

#include "core/rng.h"
#include "core/vec2.h"
#include "render/font.h"
#include "sim/creatures/creature.h"

struct World;

#define RENDER_LOGICAL_W 1280
#define RENDER_LOGICAL_H 720
#define RENDER_TEX_MAX 64

// How strong the look-only effects that can bother players are (the
// settings `shake` and `flashing`): full, reduced, off. Zero is full.
typedef enum RenderLevel {
    RENDER_FULL = 0,
    RENDER_REDUCED,
    RENDER_OFF,
} RenderLevel;

typedef struct RenderTex {
    char name[64];
    SDL_Texture *tex;          // NULL when the file was missing (warned once)
} RenderTex;

typedef struct RenderCtx {
    SDL_Renderer *r;
    double cam_x, cam_y;       // world px at the top-left of the view
    int view_w, view_h;        // logical size of the view in px
    bool debug;                // F1 overlay
    bool debug_legs;           // the overlay's leg rings and arcs alone (the F2 tuning panel)
    int debug_leg;             // with debug_legs: the leg drawn bright (0..3), -1 all alike
    Rng vis;                   // visual-only PRNG (particles, shake)
    double time_s;             // seconds of rendering, for looks only
    char assets_dir[1024];
    RenderTex tex[RENDER_TEX_MAX];
    int tex_count;
    struct Fx *fx;             // particles etc. (render/fx.c)
    Font font;                 // built-in 5x7 bitmap font (render/font.c)
    SDL_Texture *glow;         // soft white disc, for particles and glows
    const char *arena_name;    // shown in the HUD; NULL = none
    bool hud;                  // draw the HUD (true after render_init)
    bool cam_valid;            // cam_x/cam_y hold a followed position
    double fps;                // measured by the app, for the debug overlay
    double hud_lag_hp;         // boss bar: recent damage drains from here (looks only)
    double hud_last_s;         // time_s of the last HUD draw
    // Accessibility, set by the app from the settings; every effect that
    // shakes the camera or flashes the whole screen reads them.
    RenderLevel shake;         // camera shake: full, reduced (40 %), off
    RenderLevel flashing;      // flashes (hurt red, boss-down white, bosses' hit flash): full, reduced (35 %), off
    SDL_Texture *flash_tex;    // the view-sized target a creature's white hit flash is drawn in (lazy)
    int flash_w, flash_h;      // its size (made again when the view's changes)
    bool flash_failed;         // ... which this renderer cannot make (no flash then; warned once)
    Uint32 *flash_px;          // a software renderer's flash: the silhouette and the picture under it (lazy)
    size_t flash_px_n;         // ... pixels each holds
    SDL_Texture *sky;          // the view-sized streaming layer the gradient and stars are written into (lazy)
    int sky_w, sky_h;          // its size (made again when the view's changes)
    bool sky_failed;           // ... which this renderer cannot make (bands, no stars then; warned once)
    // A software renderer with many enemy shots in view draws the world
    // into a view-sized target, reads it back into memory, stamps the shots
    // there and copies it out (render_world, docs/bench.md); into screen
    // straight when the caller gives it.
    bool pixel_shots;          // this renderer is a software one (render_init; off: always draw calls)
    SDL_Surface *screen;       // the view-sized ARGB8888 surface this software renderer draws into, or NULL
    SDL_Texture *world;        // the view-sized target (lazy)
    Uint32 *world_px;          // its pixels in memory, view_w x view_h
    int world_w, world_h;      // their size (made again when the view's changes)
    bool world_failed;         // ... which this renderer cannot make (draw calls then; warned once)
    struct ShotCache *shots;   // the stamps' glows, orbs and list (render/draw/shots.c)
} RenderCtx;

bool render_init(RenderCtx *rc, SDL_Renderer *r, const char *assets_dir);
void render_shutdown(RenderCtx *rc);
// Like render_camera_follow (render_local.h) but eases toward the player
// over dt_s seconds of real time (snaps on the first call or after a big jump).
void render_camera_update(RenderCtx *rc, const struct World *w, double dt_s);
// Draws the whole frame (background, tiles, creatures, player, bullets, fx,
// HUD, debug overlay when rc->debug).
void render_world(RenderCtx *rc, const struct World *w);
// Name of the first living (else first) boss in w, e.g. "TETRAN" (a hazard
// is no boss); NULL if none. The HUD's boss bar and the warning card.
const char *render_boss_name(const struct World *w);
// The screen boxes (logical px) of the living bosses' bodies, at most max;
// how many. What a message must not cover (app_draw.c).
int render_boss_boxes(const RenderCtx *rc, const struct World *w, SDL_Rect *out, int max);
// Text in screen px with the built-in font (scale = px per font dot).
void render_text(RenderCtx *rc, int x, int y, int scale, SDL_Color c, const char *text);
void render_text_centred(RenderCtx *rc, int cx, int y, int scale, SDL_Color c, const char *text);
// The logical width text covers as drawn now (font_shown_width).
int render_text_width(RenderCtx *rc, const char *text, int scale);

// Renders one frame of w headless (software renderer into a surface) and
// saves it as PNG. False with a warning on failure.
bool render_shot(const struct World *w, const char *assets_dir, const char *png_path, bool debug);
// A headless renderer that follows a run tick by tick, so --shot frames
// show what live play shows: the effects of earlier ticks (particles, dash
// trails, debris, flashes) and the eased camera. NULL on failure (warned).
typedef struct RenderShooter RenderShooter;
RenderShooter *render_shooter_open(const char *assets_dir, bool debug);
// After every world_step: the tick's effects.
void render_shooter_tick(RenderShooter *s, const struct World *w);
// Saves the frame of w as it is now as PNG. False with a warning on failure.
bool render_shooter_save(RenderShooter *s, const struct World *w, const char *png_path);
void render_shooter_close(RenderShooter *s);
// Renders `frames` frames of w with the software renderer (as render_shot
// does) and returns the mean milliseconds per frame; negative on failure.
double render_bench_frame(const struct World *w, const char *assets_dir, int frames);
