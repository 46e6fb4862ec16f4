// render_local.h -- the inside of the renderer, shared by render/*.c and
// render/draw/*.c: textures, the camera, world-to-screen, the per-creature
// draw_* functions and the shape helpers. Everyone else uses render.h.
#pragma once
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "render/render.h"
#include "sim/creatures/creature.h"

// A texture from assets/, e.g. "tetran/segment.png"; cached. NULL when it is
// missing or unreadable (one warning, then the caller draws a fallback).
SDL_Texture *render_tex(RenderCtx *rc, const char *name);
// The same texture as a white silhouette (every pixel white, its alpha
// kept): tinted with a colour mod it draws solid shapes (afterimages,
// flashes). Cached; NULL when the file is missing.
SDL_Texture *render_tex_white(RenderCtx *rc, const char *name);
// A texture derived from picture `name` by px, called on each row of its
// RGBA bytes (n pixels), cached under `key`; NULL when the file is missing.
typedef void (*RenderPixels)(Uint8 *row, int n, const void *ctx);
SDL_Texture *render_tex_derived(RenderCtx *rc, const char *name, const char *key, RenderPixels px, const void *ctx);
// Centres the camera on the player, clamped to the map (maps smaller than
// the view are centred).
void render_camera_follow(RenderCtx *rc, const struct World *w);
// World px -> screen px.
static inline SDL_FPoint render_to_screen(const RenderCtx *rc, Vec2 p) {
    return (SDL_FPoint){(float)(p.x - rc->cam_x), (float)(p.y - rc->cam_y)};
}

// Creature drawing, one file per kind of the creature list
// (render/draw/prefix.c): draw_prefix draws one creature (its debug details
// too when rc->debug); draw_prefix_colour is its sparks' and death burst's
// colour (render/fx.c); draw_prefix_reach is how far (px) what it draws
// with any opacity may reach outside prefix_bounds' box while it is alive
// (the hit flash is drawn in that box widened by it).
#define RENDER_DRAW_KIND(KIND, prefix, Type)                                \
    void draw_##prefix(RenderCtx *rc, const struct World *w, const Type *c);      \
    SDL_Color draw_##prefix##_colour(void);                                       \
    double draw_##prefix##_reach(const Type *c);
CREATURES(RENDER_DRAW_KIND)
#undef RENDER_DRAW_KIND
// The view's rectangle a creature's hit flash is drawn in: bounds (its
// prefix_bounds box, world px) widened by reach, in screen px, clipped to
// the view; the whole view when bounds is NULL (no box: a dead creature's
// pieces fly apart). False when none of it is in view.
bool render_flash_rect(const RenderCtx *rc, const Box *bounds, double reach, SDL_Rect *out);
// The backdrop's far motes, in parallax so even starless arenas feel deep:
// each a copy of rc->glow into the rectangle at, colour-modulated by c and
// by alpha, added. render_motes hands every one near the view to put.
typedef struct RenderMote {
    SDL_FRect at;
    SDL_Color c;
    Uint8 alpha;
} RenderMote;
void render_motes(const RenderCtx *rc, void (*put)(void *ctx, const RenderMote *m), void *ctx);
// The sky: the backdrop's gradient, the stars in view and the motes as
// pixels in rc->sky, copied over the whole view; false (nothing drawn) when
// this renderer has no streaming layer.
bool draw_stars(RenderCtx *rc, const struct World *w);
// A view-sized ARGB8888 picture in memory (pitch in pixels).
typedef struct Canvas {
    Uint32 *px;
    int pitch, w, h;
} Canvas;
// Per byte d + a, at most 255, four bytes at a time (additive light on an
// ARGB8888 pixel; a's alpha byte 0 keeps d's).
static inline Uint32 render_add_sat(Uint32 d, Uint32 a) {
    Uint32 low = (d & 0x7F7F7F7Fu) + (a & 0x7F7F7F7Fu);
    Uint32 sum = low ^ ((d ^ a) & 0x80808080u);
    Uint32 carry = ((d & a) | (low & (d | a))) & 0x80808080u;
    return sum | (carry >> 7) * 0xFFu;
}
// The same over n pixels: four at a time with SSE2's saturating byte add
// where the compiler has it (x86-64 always), else two at a time.
static inline void render_add_sat_row(Uint32 *d, const Uint32 *a, int n) {
    int i = 0;
#ifdef __SSE2__
    for (; i + 4 <= n; i += 4) {
        __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(d + i));
        __m128i y = _mm_loadu_si128((const __m128i *)(const void *)(a + i));
        _mm_storeu_si128((__m128i *)(void *)(d + i), _mm_adds_epu8(x, y));
    }
#endif
    const Uint64 lo7 = 0x7F7F7F7F7F7F7F7Full, hi = 0x8080808080808080ull;
    for (; i + 2 <= n; i += 2) {
        Uint64 x, y;
        memcpy(&x, d + i, sizeof x);
        memcpy(&y, a + i, sizeof y);
        Uint64 low = (x & lo7) + (y & lo7), sum = low ^ ((x ^ y) & hi);
        Uint64 carry = ((x & y) | (low & (x | y))) & hi;
        x = sum | (carry >> 7) * 0xFFu;
        memcpy(d + i, &x, sizeof x);
    }
    if (i < n) d[i] = render_add_sat(d[i], a[i]);
}
// The same sky written into the view-sized px (pitch in pixels), the motes
// added as the software renderer copies rc->glow.
void draw_stars_px(RenderCtx *rc, const struct World *w, Uint32 *px, int pitch);
// The enemy shots (render/draw/shots.c), pulse the frame's glow pulse:
// with draw calls, or stamped into the world's pixels (the same look).
// draw_shots_in_view counts the ones in view, stopping at enough.
void draw_shots(RenderCtx *rc, const struct World *w, float pulse);
void draw_shots_px(RenderCtx *rc, const struct World *w, Canvas cv, float pulse);
int draw_shots_in_view(const RenderCtx *rc, const struct World *w, int enough);
void draw_shots_free(RenderCtx *rc);
void draw_player(RenderCtx *rc, const struct World *w);
// The map's decoration layers (draw/decor.c): behind the world's tiles
// (front false) or over the creatures and the player (front true).
void draw_decor(RenderCtx *rc, const struct World *w, bool front);
// A boss's lob at a parked player (render/draw/lob.c; sim creatures/lob.h):
// the swelling pod at `from` and the sight closing on the mark while it
// winds up, the tumbling pod and the sight in flight; nothing otherwise.
typedef struct DrawLobLook {
    Vec2 from;                 // where it swells (world px)
    int windup_ticks;          // the tuning's wind-up
    double radius_px;          // the pod's radius in flight
    double swell_px;           // the glow's size at the start of the wind-up
    SDL_Color light, dark;
} DrawLobLook;
void draw_lob(RenderCtx *rc, const struct World *w, const Lob *l, const DrawLobLook *look);
// The wiggle gauge at the player (render/draw/gauge.c): how it looks now,
// and the drawing (nothing when hidden: the assist's unlimited wiggle, or
// the player down).
typedef enum GaugeLook {
    GAUGE_HIDDEN = 0,
    GAUGE_FULL,
    GAUGE_DRAINING,            // wiggle held
    GAUGE_LOCKED,              // ran empty: no wiggle until it is back at a third
    GAUGE_REFILLING,
} GaugeLook;
GaugeLook draw_gauge_look(const struct World *w);
void draw_gauge(RenderCtx *rc, const struct World *w);

// The HUD alone (player hp, boss bar with name, arena name), in screen px.
void render_hud(RenderCtx *rc, const struct World *w);
// The F1 overlay alone: tick, fps, player probes, bullet count, collision
// circles. Creatures draw their own details in draw_* when rc->debug.
void render_debug(RenderCtx *rc, const struct World *w);
// The glow texture's alpha at texel (x, y) of RENDER_GLOW_PX square: a soft
// disc, brighter in the middle so small glows still read as dots.
#define RENDER_GLOW_PX 64
Uint8 render_glow_alpha(int x, int y);
// rc->glow (additive) over a disc of radius px at (x, y) in colour c.
void render_glow(RenderCtx *rc, float x, float y, float radius, SDL_Color c, Uint8 alpha);
// The same at `at`, its alpha c.a, additive whatever was set before, the
// texture's mods reset after (nothing without a glow texture).
void render_glow_at(RenderCtx *rc, SDL_FPoint at, float radius, SDL_Color c);
// A filled circle / circle outline in screen px (for draw_* and the HUD).
void render_fill_circle(SDL_Renderer *r, float cx, float cy, float radius, SDL_Color c);
void render_circle(SDL_Renderer *r, float cx, float cy, float radius, SDL_Color c);
