// tilemap.c -- placeholder (the engine-core geometry fills it in).
#include "sim/tilemap.h"

#include <string.h>

#include "core/mem.h"

bool tilemap_init(Tilemap *m, int w, int h, int tile) {
    memset(m, 0, sizeof *m);
    if (w <= 0 || h <= 0 || w > TILEMAP_MAX_SIDE || h > TILEMAP_MAX_SIDE) return false;
    m->cells = mem_alloc((size_t)w * (size_t)h, 1);
    if (!m->cells) return false;
    m->w = w;
    m->h = h;
    m->tile = tile;
    return true;
}

void tilemap_free(Tilemap *m) {
    mem_free(m->cells);
    memset(m, 0, sizeof *m);
}

void tilemap_set(Tilemap *m, int col, int row, Tile t) {
    if (col >= 0 && row >= 0 && col < m->w && row < m->h) m->cells[(size_t)row * m->w + col] = (uint8_t)t;
}

Tile tilemap_at(const Tilemap *m, int col, int row) {
    if (col < 0 || row < 0 || col >= m->w || row >= m->h) return TILE_SOLID;
    return (Tile)m->cells[(size_t)row * m->w + col];
}

int tilemap_tile_from_char(char c) {
    switch (c) {
    case '.': return TILE_EMPTY;
    case '#': return TILE_SOLID;
    case 'J': case '/': return TILE_SLOPE_BR;
    case 'L': case '\\': return TILE_SLOPE_BL;
    case 'F': return TILE_SLOPE_TL;
    case '7': return TILE_SLOPE_TR;
    default: return -1;
    }
}

bool tilemap_point_solid(const Tilemap *m, Vec2 p) { (void)m; (void)p; return false; }
double tilemap_nearest(const Tilemap *m, Vec2 p, double max_dist, Vec2 *point, Vec2 *normal) {
    (void)m; (void)p; (void)point; (void)normal;
    return max_dist + 1.0;
}
bool tilemap_cast(const Tilemap *m, Vec2 a, Vec2 b, TileHit *out) {
    (void)m; (void)a; (void)b;
    memset(out, 0, sizeof *out);
    return false;
}
bool tilemap_sweep_circle(const Tilemap *m, Vec2 p, double r, Vec2 delta, TileHit *out) {
    (void)m; (void)r;
    memset(out, 0, sizeof *out);
    out->point = v2_add(p, delta);
    out->t = 1;
    return false;
}
