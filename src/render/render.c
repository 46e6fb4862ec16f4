// render.c -- draws a World: background, starfield, tiles, creatures,
// player, bullets and effects; the camera (offscreen.c has the headless
// PNG shots and the software-renderer benchmark). Reads the World, never
// writes it.
#include "render/render_local.h"

#include <SDL_image.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/log.h"
#include "render/fx.h"
#include "sim/world.h"

// Tile art: one PNG per shape, a horizontal strip of TILE_VARIANTS cells.
#define TILE_VARIANTS 4
static const char *const TILE_TEX[] = {
    NULL, "tiles/solid.png", "tiles/slope_br.png", "tiles/slope_bl.png", "tiles/slope_tl.png",
    "tiles/slope_tr.png",
};

static const SDL_Color ROCK = {58, 52, 92, 255};
static const SDL_Color RIM = {150, 230, 255, 255};
static const SDL_Color RIM_DARK = {20, 16, 38, 255};

Uint8 render_glow_alpha(int x, int y) {
    const double half = RENDER_GLOW_PX / 2.0;
    double dx = (x + 0.5 - half) / half, dy = (y + 0.5 - half) / half;
    double d = sqrt(dx * dx + dy * dy);
    double a = d >= 1.0 ? 0.0 : (1.0 - d) * (1.0 - d);
    if (d < 0.35) a = a + (0.35 - d) * 1.5;
    if (a > 1.0) a = 1.0;
    return (Uint8)(a * 255.0);
}

static SDL_Texture *make_glow(SDL_Renderer *r) {
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, RENDER_GLOW_PX, RENDER_GLOW_PX, 32, SDL_PIXELFORMAT_RGBA32);
    if (!s) return NULL;
    for (int y = 0; y < RENDER_GLOW_PX; y++) {
        Uint32 *row = (Uint32 *)((Uint8 *)s->pixels + y * s->pitch);
        for (int x = 0; x < RENDER_GLOW_PX; x++) row[x] = SDL_MapRGBA(s->format, 255, 255, 255, render_glow_alpha(x, y));
    }
    SDL_Texture *t = SDL_CreateTextureFromSurface(r, s);
    SDL_FreeSurface(s);
    if (t) SDL_SetTextureBlendMode(t, SDL_BLENDMODE_ADD);
    return t;
}

bool render_init(RenderCtx *rc, SDL_Renderer *r, const char *assets_dir) {
    memset(rc, 0, sizeof *rc);
    rc->r = r;
    rc->view_w = RENDER_LOGICAL_W;
    rc->view_h = RENDER_LOGICAL_H;
    rc->hud = true;
    rng_seed(&rc->vis, 0x5EEDF00Du);
    snprintf(rc->assets_dir, sizeof rc->assets_dir, "%s", assets_dir ? assets_dir : "assets/");
    size_t n = strlen(rc->assets_dir);
    if (n > 0 && n + 1 < sizeof rc->assets_dir && rc->assets_dir[n - 1] != '/') strcat(rc->assets_dir, "/");
    if (!fx_init(rc)) return false;
    font_init(&rc->font, r);
    rc->glow = make_glow(r);
    SDL_RendererInfo info;
    rc->pixel_shots = SDL_GetRendererInfo(r, &info) == 0 && (info.flags & SDL_RENDERER_SOFTWARE);
    return true;
}

void render_shutdown(RenderCtx *rc) {
    for (int i = 0; i < rc->tex_count; i++)
        if (rc->tex[i].tex) SDL_DestroyTexture(rc->tex[i].tex);
    rc->tex_count = 0;
    if (rc->glow) SDL_DestroyTexture(rc->glow);
    rc->glow = NULL;
    if (rc->flash_tex) SDL_DestroyTexture(rc->flash_tex);
    rc->flash_tex = NULL;
    free(rc->flash_px);
    rc->flash_px = NULL;
    if (rc->sky) SDL_DestroyTexture(rc->sky);
    rc->sky = NULL;
    if (rc->world) SDL_DestroyTexture(rc->world);
    rc->world = NULL;
    free(rc->world_px);
    rc->world_px = NULL;
    draw_shots_free(rc);
    font_free(&rc->font);
    fx_free(rc);
}

// Paths already warned about, so a missing file warns once per process even
// though shots and benches build fresh contexts. Look-only state.
static char warned[RENDER_TEX_MAX][64];
static int warned_count;

static bool warn_once(const char *name) {
    for (int i = 0; i < warned_count; i++)
        if (strcmp(warned[i], name) == 0) return false;
    if (warned_count < RENDER_TEX_MAX) snprintf(warned[warned_count++], sizeof warned[0], "%s", name);
    return true;
}

SDL_Texture *render_tex(RenderCtx *rc, const char *name) {
    for (int i = 0; i < rc->tex_count; i++)
        if (strcmp(rc->tex[i].name, name) == 0) return rc->tex[i].tex;
    if (rc->tex_count >= RENDER_TEX_MAX) return NULL;
    RenderTex *t = &rc->tex[rc->tex_count++];
    snprintf(t->name, sizeof t->name, "%s", name);
    char path[1200];
    snprintf(path, sizeof path, "%s%s", rc->assets_dir, name);
    SDL_Surface *s = IMG_Load(path);
    if (!s) {
        if (warn_once(name)) log_warn("%s: cannot load (%s); drawing a fallback", path, IMG_GetError());
        t->tex = NULL;
        return NULL;
    }
    t->tex = SDL_CreateTextureFromSurface(rc->r, s);
    SDL_FreeSurface(s);
    if (t->tex) {
        SDL_SetTextureBlendMode(t->tex, SDL_BLENDMODE_BLEND);
        // HUD icons are pixel art: keep them crisp when scaled up.
        if (strncmp(name, "hud/", 4) == 0) SDL_SetTextureScaleMode(t->tex, SDL_ScaleModeNearest);
    }
    return t->tex;
}

SDL_Texture *render_tex_derived(RenderCtx *rc, const char *name, const char *key, RenderPixels px, const void *ctx) {
    for (int i = 0; i < rc->tex_count; i++)
        if (strcmp(rc->tex[i].name, key) == 0) return rc->tex[i].tex;
    if (!render_tex(rc, name) || rc->tex_count >= RENDER_TEX_MAX) return NULL;
    RenderTex *t = &rc->tex[rc->tex_count++];
    snprintf(t->name, sizeof t->name, "%s", key);
    t->tex = NULL;
    char path[1200];
    snprintf(path, sizeof path, "%s%s", rc->assets_dir, name);
    SDL_Surface *src = IMG_Load(path);
    SDL_Surface *s = src ? SDL_ConvertSurfaceFormat(src, SDL_PIXELFORMAT_RGBA32, 0) : NULL;
    if (src) SDL_FreeSurface(src);
    if (!s) return NULL;
    for (int y = 0; y < s->h; y++) px((Uint8 *)s->pixels + y * s->pitch, s->w, ctx);
    t->tex = SDL_CreateTextureFromSurface(rc->r, s);
    SDL_FreeSurface(s);
    if (t->tex) SDL_SetTextureBlendMode(t->tex, SDL_BLENDMODE_BLEND);
    return t->tex;
}

static void whiten(Uint8 *row, int n, const void *ctx) {
    (void)ctx;
    for (int x = 0; x < n; x++) row[4 * x] = row[4 * x + 1] = row[4 * x + 2] = 255;
}

SDL_Texture *render_tex_white(RenderCtx *rc, const char *name) {
    char key[64];
    snprintf(key, sizeof key, "%.50s#white", name);
    return render_tex_derived(rc, name, key, whiten, NULL);
}

void render_glow_at(RenderCtx *rc, SDL_FPoint at, float radius, SDL_Color c) {
    if (!rc->glow) return;
    SDL_SetTextureBlendMode(rc->glow, SDL_BLENDMODE_ADD);
    render_glow(rc, at.x, at.y, radius, c, c.a);
    SDL_SetTextureColorMod(rc->glow, 255, 255, 255);
    SDL_SetTextureAlphaMod(rc->glow, 255);
}

static void camera_target(const RenderCtx *rc, const World *w, double *x, double *y) {
    double mw = (double)w->map.w * w->map.tile, mh = (double)w->map.h * w->map.tile;
    // A little look-ahead the way the player faces: more room to see what
    // is coming and where the shots go.
    double ahead = w->player.facing * rc->view_w * 0.06;
    double tx = w->player.pos.x + ahead - rc->view_w / 2.0, ty = w->player.pos.y - rc->view_h / 2.0;
    if (mw <= rc->view_w) tx = (mw - rc->view_w) / 2.0;
    else tx = tx < 0 ? 0 : (tx > mw - rc->view_w ? mw - rc->view_w : tx);
    if (mh <= rc->view_h) ty = (mh - rc->view_h) / 2.0;
    else ty = ty < 0 ? 0 : (ty > mh - rc->view_h ? mh - rc->view_h : ty);
    *x = tx;
    *y = ty;
}

void render_camera_follow(RenderCtx *rc, const World *w) {
    camera_target(rc, w, &rc->cam_x, &rc->cam_y);
    rc->cam_valid = true;
}

void render_camera_update(RenderCtx *rc, const World *w, double dt_s) {
    double tx, ty;
    camera_target(rc, w, &tx, &ty);
    if (!rc->cam_valid || fabs(tx - rc->cam_x) > rc->view_w || fabs(ty - rc->cam_y) > rc->view_h) {
        rc->cam_x = tx;
        rc->cam_y = ty;
        rc->cam_valid = true;
        return;
    }
    // Exponential ease: frame-rate independent, ~90% of the way in 0.2 s.
    double k = 1.0 - exp(-dt_s * 12.0);
    rc->cam_x += (tx - rc->cam_x) * k;
    rc->cam_y += (ty - rc->cam_y) * k;
}

void render_fill_circle(SDL_Renderer *r, float cx, float cy, float radius, SDL_Color c) {
    SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a);
    SDL_SetRenderDrawBlendMode(r, c.a < 255 ? SDL_BLENDMODE_BLEND : SDL_BLENDMODE_NONE);
    int ir = (int)ceilf(radius);
    for (int dy = -ir; dy <= ir; dy++) {
        float h = radius * radius - (float)(dy * dy);
        if (h < 0) continue;
        float hw = sqrtf(h);
        SDL_RenderDrawLineF(r, cx - hw, cy + (float)dy, cx + hw, cy + (float)dy);
    }
}

void render_circle(SDL_Renderer *r, float cx, float cy, float radius, SDL_Color c) {
    SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a);
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    int n = radius < 8 ? 12 : (radius < 40 ? 24 : 48);
    SDL_FPoint pts[49];
    for (int i = 0; i <= n; i++) {
        float a = (float)i * 6.2831853f / (float)n;
        pts[i] = (SDL_FPoint){cx + cosf(a) * radius, cy + sinf(a) * radius};
    }
    SDL_RenderDrawLinesF(r, pts, n + 1);
}

void render_text(RenderCtx *rc, int x, int y, int scale, SDL_Color c, const char *text) {
    font_draw(&rc->font, rc->r, x, y, scale, c, text);
}

void render_text_centred(RenderCtx *rc, int cx, int y, int scale, SDL_Color c, const char *text) {
    font_draw_centred(&rc->font, rc->r, cx, y, scale, c, text);
}

int render_text_width(RenderCtx *rc, const char *text, int scale) { return font_shown_width(rc->r, text, scale); }

void render_motes(const RenderCtx *rc, void (*put)(void *ctx, const RenderMote *m), void *ctx) {
    const double par = 0.25, cell = 160.0;
    double ox = rc->cam_x * par, oy = rc->cam_y * par;
    int c0 = (int)floor(ox / cell) - 1, r0 = (int)floor(oy / cell) - 1;
    for (int r = r0; r <= r0 + (int)(rc->view_h / cell) + 2; r++)
        for (int c = c0; c <= c0 + (int)(rc->view_w / cell) + 2; c++) {
            uint32_t h = (uint32_t)(c * 73856093) ^ (uint32_t)(r * 19349663);
            h ^= h >> 13;
            h *= 0x5bd1e995u;
            h ^= h >> 15;
            float x = (float)(c * cell + (h & 127) - ox);
            float y = (float)(r * cell + ((h >> 7) & 127) - oy);
            float s = 6.0f + (float)((h >> 14) & 15);
            float tw = 0.6f + 0.4f * sinf((float)rc->time_s * 0.7f + (float)(h & 63));
            RenderMote m = {{x - s, y - s, s * 2, s * 2}, {80, (Uint8)(70 + ((h >> 18) & 63)), 160, 255},
                            (Uint8)(40 * tw)};
            put(ctx, &m);
        }
}

static void put_mote(void *ctx, const RenderMote *m) {
    RenderCtx *rc = ctx;
    SDL_SetTextureColorMod(rc->glow, m->c.r, m->c.g, m->c.b);
    SDL_SetTextureAlphaMod(rc->glow, m->alpha);
    SDL_RenderCopyF(rc->r, rc->glow, NULL, &m->at);
}

// The backdrop without a sky layer: the gradient as 8 px bands of flat
// colour (the steps are below one colour level, and flat fills are far
// cheaper than a stretched texture in the software renderer), then the
// motes with draw calls.
static void draw_backdrop(RenderCtx *rc) {
    SDL_SetRenderDrawBlendMode(rc->r, SDL_BLENDMODE_NONE);
    for (int y = 0; y < rc->view_h; y += 8) {
        double t = (y + 4) / (double)rc->view_h;
        SDL_SetRenderDrawColor(rc->r, (Uint8)(8 + 30 * t), (Uint8)(10 + 8 * t), (Uint8)(28 + 34 * t), 255);
        SDL_Rect band = {0, y, rc->view_w, 8};
        SDL_RenderFillRect(rc->r, &band);
    }
    if (!rc->glow) return;
    SDL_SetTextureBlendMode(rc->glow, SDL_BLENDMODE_ADD);
    render_motes(rc, put_mote, rc);
}

// Triangle corners of a half tile (solid part), in screen px.
static int tile_poly(Tile t, float x, float y, float s, SDL_FPoint out[4]) {
    SDL_FPoint tl = {x, y}, tr = {x + s, y}, bl = {x, y + s}, br = {x + s, y + s};
    switch (t) {
    case TILE_SOLID: out[0] = tl; out[1] = tr; out[2] = br; out[3] = bl; return 4;
    case TILE_SLOPE_BR: out[0] = tr; out[1] = br; out[2] = bl; return 3;
    case TILE_SLOPE_BL: out[0] = tl; out[1] = br; out[2] = bl; return 3;
    case TILE_SLOPE_TL: out[0] = tl; out[1] = tr; out[2] = bl; return 3;
    case TILE_SLOPE_TR: out[0] = tl; out[1] = tr; out[2] = br; return 3;
    default: return 0;
    }
}

static void fill_poly(SDL_Renderer *r, const SDL_FPoint *p, int n, SDL_Color c) {
    SDL_Vertex v[4];
    for (int i = 0; i < n; i++) v[i] = (SDL_Vertex){p[i], c, {0, 0}};
    int idx[6] = {0, 1, 2, 0, 2, 3};
    SDL_RenderGeometry(r, NULL, v, n, idx, n == 4 ? 6 : 3);
}

static bool open_cell(const Tilemap *m, int c, int r) { return tilemap_at(m, c, r) == TILE_EMPTY; }

// How deep a solid tile sits inside rock: 0 next to a non-solid tile, 1 one
// tile further in, 2 deeper. Deep rock is drawn darker, so masses have
// depth and the playable surfaces stand out. Outside the map counts as rock
// only inside the map's bounds (so the border walls are not all black).
static int rock_depth(const Tilemap *m, int c, int r) {
    for (int d = 1; d <= 2; d++)
        for (int dy = -d; dy <= d; dy++)
            for (int dx = -d; dx <= d; dx++) {
                if (dx != -d && dx != d && dy != -d && dy != d) continue;
                int cc = c + dx, rr = r + dy;
                if (cc < 0 || rr < 0 || cc >= m->w || rr >= m->h) continue;
                if (m->cells[(size_t)rr * (size_t)m->w + (size_t)cc] != TILE_SOLID) return d - 1;
            }
    return 2;
}

static void draw_tiles(RenderCtx *rc, const World *w) {
    const Tilemap *m = &w->map;
    int ts = m->tile;
    if (ts <= 0) return;
    int c0 = (int)floor(rc->cam_x / ts), r0 = (int)floor(rc->cam_y / ts);
    int c1 = (int)floor((rc->cam_x + rc->view_w) / ts), r1 = (int)floor((rc->cam_y + rc->view_h) / ts);
    SDL_Texture *tex[6] = {NULL};
    for (int t = 1; t < 6; t++) tex[t] = render_tex(rc, TILE_TEX[t]);
    float rim = ts >= 24 ? (float)ts / 12.0f : 2.0f;
    for (int r = r0; r <= r1; r++)
        for (int c = c0; c <= c1; c++) {
            // Outside the map is solid rock (the arena is closed): drawn
            // deep-shaded so small, centred arenas sit inside a cave wall.
            bool outside = c < 0 || r < 0 || c >= m->w || r >= m->h;
            Tile t = outside ? TILE_SOLID : (Tile)m->cells[(size_t)r * (size_t)m->w + (size_t)c];
            if (t == TILE_EMPTY || t > TILE_SLOPE_TR) continue;
            float x = (float)(c * ts - rc->cam_x), y = (float)(r * ts - rc->cam_y), s = (float)ts;
            if (tex[t]) {
                int tw = 0, th = 0;
                SDL_QueryTexture(tex[t], NULL, NULL, &tw, &th);
                int cw = tw / TILE_VARIANTS;
                uint32_t h = (uint32_t)c * 2654435761u ^ (uint32_t)r * 40503u;
                int v = (int)((h >> 7) % TILE_VARIANTS);
                SDL_Rect src = {v * cw, 0, cw, th};
                SDL_FRect dst = {x, y, s, s};
                static const Uint8 shade[3] = {255, 190, 135};
                Uint8 k = outside ? shade[2] : (t == TILE_SOLID ? shade[rock_depth(m, c, r)] : 255);
                SDL_SetTextureColorMod(tex[t], k, k, (Uint8)(k + (255 - k) / 4));
                SDL_RenderCopyF(rc->r, tex[t], &src, &dst);
            } else {
                SDL_FPoint p[4];
                int n = tile_poly(t, x, y, s, p);
                fill_poly(rc->r, p, n, ROCK);
            }
            if (t != TILE_SOLID || outside) continue;
            // Rims on faces open to the air: a bright lip on top, dark
            // outlines elsewhere, so the playable surface reads at a glance.
            SDL_SetRenderDrawBlendMode(rc->r, SDL_BLENDMODE_NONE);
            if (open_cell(m, c, r - 1)) {
                SDL_SetRenderDrawColor(rc->r, RIM.r, RIM.g, RIM.b, 255);
                SDL_FRect f = {x, y, s, rim};
                SDL_RenderFillRectF(rc->r, &f);
            }
            SDL_SetRenderDrawColor(rc->r, RIM_DARK.r, RIM_DARK.g, RIM_DARK.b, 255);
            float e = rim * 0.6f;
            if (open_cell(m, c, r + 1)) {
                SDL_FRect f = {x, y + s - e, s, e};
                SDL_RenderFillRectF(rc->r, &f);
            }
            if (open_cell(m, c - 1, r)) {
                SDL_FRect f = {x, y, e, s};
                SDL_RenderFillRectF(rc->r, &f);
            }
            if (open_cell(m, c + 1, r)) {
                SDL_FRect f = {x + s - e, y, e, s};
                SDL_RenderFillRectF(rc->r, &f);
            }
        }
}

static bool on_view(const RenderCtx *rc, SDL_FPoint s, float margin) {
    return s.x >= -margin && s.y >= -margin && s.x <= rc->view_w + margin && s.y <= rc->view_h + margin;
}

void render_glow(RenderCtx *rc, float x, float y, float radius, SDL_Color c, Uint8 alpha) {
    SDL_SetTextureColorMod(rc->glow, c.r, c.g, c.b);
    SDL_SetTextureAlphaMod(rc->glow, alpha);
    SDL_FRect d = {x - radius, y - radius, radius * 2, radius * 2};
    SDL_RenderCopyF(rc->r, rc->glow, NULL, &d);
}

// Player shots: warm streaks, added (light on light), under the danger.
static void draw_player_bullets(RenderCtx *rc, const World *w, float pulse) {
    SDL_Texture *t = render_tex(rc, "bullets/player.png");
    for (int i = 0; i < w->bullets.cap; i++) {
        const Bullet *b = &w->bullets.b[i];
        if (!b->alive || b->owner != OWNER_PLAYER) continue;
        SDL_FPoint s = render_to_screen(rc, b->pos);
        float rad = (float)b->radius;
        if (!on_view(rc, s, 40)) continue;
        if (rc->glow) {
            SDL_SetTextureBlendMode(rc->glow, SDL_BLENDMODE_ADD);
            render_glow(rc, s.x, s.y, rad * 3.5f * pulse, (SDL_Color){255, 210, 90, 255}, 150);
        }
        if (t) {
            int tw, th;
            SDL_QueryTexture(t, NULL, NULL, &tw, &th);
            // Sprites are drawn for a radius of th/4 px: scale to the bullet.
            float k = rad * 4.0f / (float)th;
            SDL_FRect d = {s.x - tw * k / 2, s.y - th * k / 2, tw * k, th * k};
            double ang = atan2(b->vel.y, b->vel.x) * 180.0 / M_PI;
            SDL_RenderCopyExF(rc->r, t, NULL, &d, ang, NULL, SDL_FLIP_NONE);
        } else {
            render_fill_circle(rc->r, s.x, s.y, rad, (SDL_Color){255, 240, 160, 255});
        }
    }
}

const char *render_boss_name(const World *w) {
#define LIVING_BOSS_NAME(KIND, prefix, Type)                                         \
    for (int i = 0; i < w->prefix##_count; i++)                                      \
        if (prefix##_is_boss(&w->prefix##s[i]) && prefix##_alive(&w->prefix##s[i])) \
            return prefix##_desc()->boss_name;
    CREATURES(LIVING_BOSS_NAME)
#undef LIVING_BOSS_NAME
#define ANY_BOSS_NAME(KIND, prefix, Type)   \
    for (int i = 0; i < w->prefix##_count; i++)   \
        if (prefix##_is_boss(&w->prefix##s[i])) return prefix##_desc()->boss_name;
    CREATURES(ANY_BOSS_NAME)
#undef ANY_BOSS_NAME
    return NULL;
}

bool render_flash_rect(const RenderCtx *rc, const Box *bounds, double reach, SDL_Rect *out) {
    if (!bounds) {
        *out = (SDL_Rect){0, 0, rc->view_w, rc->view_h};
        return true;
    }
    double x0 = floor(bounds->x0 - reach - rc->cam_x), y0 = floor(bounds->y0 - reach - rc->cam_y);
    double x1 = ceil(bounds->x1 + reach - rc->cam_x), y1 = ceil(bounds->y1 + reach - rc->cam_y);
    x0 = fmax(x0, 0.0), y0 = fmax(y0, 0.0), x1 = fmin(x1, rc->view_w), y1 = fmin(y1, rc->view_h);
    if (!(x1 > x0 && y1 > y0)) return false;
    *out = (SDL_Rect){(int)x0, (int)y0, (int)(x1 - x0), (int)(y1 - y0)};
    return true;
}

// A creature's white hit flash, for every kind alike: the creature is drawn
// a second time into a clear view-sized target, everything it covered is
// turned white (an added white fill keeps the target's alpha), and that
// silhouette goes on top at the flash's strength. Only the rectangle box
// (render_flash_rect) is cleared, drawn, filled and copied: in the software
// renderer each full-view pass cost milliseconds. flash_begin returns false
// (nothing to draw) when the renderer has no targets.
static bool flash_begin(RenderCtx *rc, SDL_Texture **prev, const SDL_Rect *box) {
    if ((!rc->flash_tex || rc->flash_w != rc->view_w || rc->flash_h != rc->view_h) && !rc->flash_failed) {
        if (rc->flash_tex) SDL_DestroyTexture(rc->flash_tex);
        rc->flash_tex = SDL_CreateTexture(rc->r, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_TARGET, rc->view_w,
                                          rc->view_h);
        if (rc->flash_tex) SDL_SetTextureBlendMode(rc->flash_tex, SDL_BLENDMODE_BLEND);
        else log_warn("render: no hit flash (%s)", SDL_GetError());
        rc->flash_failed = !rc->flash_tex;
        rc->flash_w = rc->view_w, rc->flash_h = rc->view_h;
    }
    *prev = SDL_GetRenderTarget(rc->r);
    if (!rc->flash_tex || SDL_SetRenderTarget(rc->r, rc->flash_tex) != 0) return false;
    SDL_RenderSetClipRect(rc->r, box);
    SDL_SetRenderDrawBlendMode(rc->r, SDL_BLENDMODE_NONE);
    SDL_SetRenderDrawColor(rc->r, 0, 0, 0, 0);
    SDL_RenderFillRect(rc->r, box);
    return true;
}

// The screen's pixels when the caller's surface is the renderer's target
// as it is (offscreen shots and benches): the world is written straight
// into it, no copies.
static bool screen_canvas(const RenderCtx *rc, Canvas *cv) {
    const SDL_Surface *s = rc->screen;
    if (!s || s->w != rc->view_w || s->h != rc->view_h || s->format->format != SDL_PIXELFORMAT_ARGB8888 ||
        SDL_MUSTLOCK(s) || SDL_GetRenderTarget(rc->r))
        return false;
    *cv = (Canvas){s->pixels, s->pitch / (int)sizeof(Uint32), s->w, s->h};
    return true;
}

// The white silhouette (f's alpha) blended over d, n pixels, at alpha mod
// m < 255 as SDL's modulated blend copies it: a = f's alpha * m / 255, then
// each channel (alpha too) a + (255 - a) * d's / 255.
static void flash_blend(Uint32 *d, const Uint32 *f, int n, unsigned m) {
    for (int i = 0; i < n; i++) {
        unsigned a = (f[i] >> 24) * m / 255u;
        if (!a) continue;
        Uint32 v = d[i], out = 0;
        for (int sh = 0; sh < 32; sh += 8) out |= (a + (255u - a) * (v >> sh & 255u) / 255u) << sh;
        d[i] = out;
    }
}

// A software renderer's flash into prev, a view-sized texture (the world
// layer) or the offscreen surface as it is: the silhouette and the picture
// under it read back, blended in memory and written back, as fast as
// copies (SDL's own modulated blend cost ~8 ns a pixel). False when it
// cannot, and the draw calls do it.
static bool flash_in_memory(RenderCtx *rc, SDL_Texture *prev, const SDL_Rect *box, Uint8 m) {
    if (!rc->pixel_shots || (prev && prev != rc->world) || (!prev && !rc->screen)) return false;
    size_t n = (size_t)box->w * (size_t)box->h;
    if (n > rc->flash_px_n) {
        Uint32 *px = realloc(rc->flash_px, 2 * n * sizeof *px);
        if (!px) return false;
        rc->flash_px = px, rc->flash_px_n = n;
    }
    Uint32 *f = rc->flash_px, *d = rc->flash_px + n;
    int pitch = box->w * (int)sizeof *f;
    if (SDL_RenderReadPixels(rc->r, box, SDL_PIXELFORMAT_ARGB8888, f, pitch) != 0) return false;
    SDL_SetRenderTarget(rc->r, prev);
    Canvas cv;
    if (screen_canvas(rc, &cv)) {                         // the surface's own pixels: blended where they are
        SDL_RenderFlush(rc->r);
        for (int y = 0; y < box->h; y++)
            flash_blend(cv.px + (size_t)(box->y + y) * (size_t)cv.pitch + box->x, f + (size_t)y * (size_t)box->w,
                        box->w, m);
        return true;
    }
    bool read = SDL_RenderReadPixels(rc->r, box, SDL_PIXELFORMAT_ARGB8888, d, pitch) == 0;
    if (read) flash_blend(d, f, (int)n, m);
    if (!read || SDL_UpdateTexture(rc->flash_tex, box, d, pitch) != 0) {   // the silhouette kept: the draw calls next
        SDL_SetRenderTarget(rc->r, rc->flash_tex);
        return false;
    }
    SDL_SetTextureBlendMode(rc->flash_tex, SDL_BLENDMODE_NONE);
    SDL_RenderCopy(rc->r, rc->flash_tex, box, box);
    SDL_SetTextureBlendMode(rc->flash_tex, SDL_BLENDMODE_BLEND);
    return true;
}

static void flash_end(RenderCtx *rc, SDL_Texture *prev, const SDL_Rect *box, float strength) {
    Uint8 m = (Uint8)(230 * strength);
    SDL_RenderSetClipRect(rc->r, NULL);
    if (flash_in_memory(rc, prev, box, m)) return;
    SDL_RenderSetClipRect(rc->r, box);
    SDL_SetRenderDrawBlendMode(rc->r, SDL_BLENDMODE_ADD);
    SDL_SetRenderDrawColor(rc->r, 255, 255, 255, 255);
    SDL_RenderFillRect(rc->r, box);
    SDL_RenderSetClipRect(rc->r, NULL);
    SDL_SetRenderTarget(rc->r, prev);
    SDL_SetTextureAlphaMod(rc->flash_tex, m);
    SDL_RenderCopy(rc->r, rc->flash_tex, box, box);
}

// Every creature of one kind, in spawn order, each with its hit flash
// (kind: the kind's place in the list).
#define DRAW_ALL_OF_KIND(KIND, prefix, Type)                                                    \
    static void draw_all_##prefix(RenderCtx *rc, const World *w, int kind) {                        \
        for (int i = 0; i < w->prefix##_count; i++) {                                                 \
            const Type *c = &w->prefix##s[i];                                                         \
            draw_##prefix(rc, w, c);                                                                  \
            float f = fx_boss_flash(rc, kind, i);                                                     \
            Box b;                                                                                    \
            bool boxed = prefix##_bounds(c, &b);                                                      \
            SDL_Rect box;                                                                             \
            SDL_Texture *prev = NULL;                                                                 \
            if (f < 0.02f || !render_flash_rect(rc, boxed ? &b : NULL, boxed ? draw_##prefix##_reach(c) : 0, \
                                                &box))                                                \
                continue;                                                                             \
            if (!flash_begin(rc, &prev, &box)) continue;                                              \
            bool debug = rc->debug;                                                                   \
            rc->debug = false;                                                                        \
            draw_##prefix(rc, w, c);                                                                  \
            rc->debug = debug;                                                                        \
            flash_end(rc, prev, &box, f);                                                             \
        }                                                                                             \
    }
CREATURES(DRAW_ALL_OF_KIND)
#undef DRAW_ALL_OF_KIND

#define DRAW_ALL_ENTRY(KIND, prefix, Type) draw_all_##prefix,
static void (*const draw_kinds[])(RenderCtx *rc, const World *w, int kind) = {CREATURES(DRAW_ALL_ENTRY)};
#undef DRAW_ALL_ENTRY

// With at least PIXEL_SHOTS_MIN enemy shots in view a software renderer
// stamps them as pixels (below that the draw calls cost less than reading
// the world back and writing it again, ~1 ms at 1280 x 720).
#define PIXEL_SHOTS_MIN 48

// Where the world is drawn: with draw calls only, in the screen's pixels
// (the sky written, shots stamped), or in the world layer.
typedef enum WorldLayer {
    LAYER_NONE = 0,
    LAYER_SCREEN,
    LAYER_TARGET,
} WorldLayer;

// The world layer: the sky written into the screen's pixels, or into
// world_px, uploaded and the world target made the renderer's, so tiles,
// creatures and the player draw on it. LAYER_NONE when this renderer
// cannot make it (the draw calls then).
static WorldLayer world_begin(RenderCtx *rc, const World *w, SDL_Texture **prev) {
    Canvas cv;
    *prev = NULL;
    if (screen_canvas(rc, &cv)) {
        SDL_RenderFlush(rc->r);
        draw_stars_px(rc, w, cv.px, cv.pitch);
        return LAYER_SCREEN;
    }
    if (!rc->world || rc->world_w != rc->view_w || rc->world_h != rc->view_h) {
        if (rc->world_failed) return LAYER_NONE;
        if (rc->world) SDL_DestroyTexture(rc->world);
        free(rc->world_px);
        rc->world = SDL_CreateTexture(rc->r, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_TARGET, rc->view_w,
                                      rc->view_h);
        rc->world_px = malloc((size_t)rc->view_w * (size_t)rc->view_h * sizeof *rc->world_px);
        if (!rc->world || !rc->world_px) {
            log_warn("render: no world layer, so shots are drawn one by one (%s)", SDL_GetError());
            if (rc->world) SDL_DestroyTexture(rc->world);
            free(rc->world_px);
            rc->world = NULL, rc->world_px = NULL;
            rc->world_failed = true;
            return LAYER_NONE;
        }
        SDL_SetTextureBlendMode(rc->world, SDL_BLENDMODE_NONE);
        rc->world_w = rc->view_w, rc->world_h = rc->view_h;
    }
    int pitch = rc->view_w * (int)sizeof *rc->world_px;
    *prev = SDL_GetRenderTarget(rc->r);
    draw_stars_px(rc, w, rc->world_px, rc->view_w);
    if (SDL_UpdateTexture(rc->world, NULL, rc->world_px, pitch) != 0 || SDL_SetRenderTarget(rc->r, rc->world) != 0) {
        SDL_SetRenderTarget(rc->r, *prev);
        return LAYER_NONE;
    }
    return LAYER_TARGET;
}

// The enemy shots stamped into the world: straight into the screen, or
// into the world read back, written again and copied into the view.
static void world_end(RenderCtx *rc, const World *w, WorldLayer layer, SDL_Texture *prev, float pulse) {
    Canvas cv;
    if (layer == LAYER_SCREEN) {
        SDL_RenderFlush(rc->r);
        if (screen_canvas(rc, &cv)) draw_shots_px(rc, w, cv, pulse);
        else draw_shots(rc, w, pulse);
        return;
    }
    int pitch = rc->view_w * (int)sizeof *rc->world_px;
    if (SDL_RenderReadPixels(rc->r, NULL, SDL_PIXELFORMAT_ARGB8888, rc->world_px, pitch) == 0) {
        draw_shots_px(rc, w, (Canvas){rc->world_px, rc->view_w, rc->view_w, rc->view_h}, pulse);
        SDL_UpdateTexture(rc->world, NULL, rc->world_px, pitch);
    } else {
        draw_shots(rc, w, pulse);
    }
    SDL_SetRenderTarget(rc->r, prev);
    SDL_Rect all = {0, 0, rc->view_w, rc->view_h};
    SDL_RenderCopy(rc->r, rc->world, NULL, &all);
}

void render_world(RenderCtx *rc, const World *w) {
    double sx, sy;
    fx_shake_offset(rc, &sx, &sy);
    rc->cam_x += sx;
    rc->cam_y += sy;
    SDL_SetRenderDrawBlendMode(rc->r, SDL_BLENDMODE_NONE);
    SDL_Texture *prev = NULL;
    WorldLayer layer = rc->pixel_shots && draw_shots_in_view(rc, w, PIXEL_SHOTS_MIN) >= PIXEL_SHOTS_MIN
                           ? world_begin(rc, w, &prev)
                           : LAYER_NONE;
    if (!layer && !draw_stars(rc, w)) draw_backdrop(rc);
    draw_decor(rc, w, false);
    draw_tiles(rc, w);
    // Creature kinds in reverse list order: the first ones on top.
    for (size_t k = sizeof draw_kinds / sizeof draw_kinds[0]; k-- > 0;) draw_kinds[k](rc, w, (int)k);
    draw_player(rc, w);
    // Shots over everything, the player's under the danger.
    float pulse = 0.85f + 0.15f * sinf((float)w->tick * 0.5f);
    draw_player_bullets(rc, w, pulse);
    draw_decor(rc, w, true); // under the danger: a foreground never hides an enemy shot
    if (layer) world_end(rc, w, layer, prev, pulse);
    else draw_shots(rc, w, pulse);
    fx_draw(rc);
    draw_gauge(rc, w);
    fx_draw_overlay(rc);
    if (rc->hud) render_hud(rc, w);
    // Last, so flashes never hide it; still in the shaken camera so the
    // collision circles sit on what was drawn.
    if (rc->debug) render_debug(rc, w);
    rc->cam_x -= sx;
    rc->cam_y -= sy;
    SDL_SetRenderDrawBlendMode(rc->r, SDL_BLENDMODE_NONE);
}
