// tilemap.h -- the arena's tiles and every geometric query on them: point
// tests, nearest solid surface, segment casts and swept circles. Bullets,
// the player's body and the spider legs' foothold search all go through
// these. Pure, no allocation after tilemap_init.
//
// Shapes: a tile is empty, solid, or a 45-degree half tile named by its solid
// corner. World coordinates are pixels, (0,0) the top-left of tile (0,0), y
// down. Everything outside the map counts as solid (the arena is closed).
#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/vec2.h"

typedef enum Tile {
    TILE_EMPTY = 0,
    TILE_SOLID,                // '#'
    TILE_SLOPE_BR,             // 'J' or '/': bottom-right solid, floor rising to the right
    TILE_SLOPE_BL,             // 'L' or '\': bottom-left solid, floor rising to the left
    TILE_SLOPE_TL,             // 'F': top-left solid (ceiling)
    TILE_SLOPE_TR,             // '7': top-right solid (ceiling)
} Tile;

#define TILEMAP_MAX_SIDE 4096

typedef struct Tilemap {
    int w, h;                  // in tiles
    int tile;                  // tile size in pixels
    uint8_t *cells;            // w*h Tile values, row-major; owned
    // One bit a cell (bit i % 8 of byte i / 8, i = row * w + col), derived
    // from cells: set when the cell and its eight neighbours are all empty
    // and inside the map (anything that stays within one tile of a point in
    // such a cell is in open air: one bit read instead of a cast). Kept by
    // tilemap_set; after writing cells directly, tilemap_refresh_open. A
    // clear bit only costs the exact test, never a wrong answer. Owned;
    // NULL in a map built by hand.
    uint8_t *open;
    double inv_tile;           // 1 / tile (for tilemap_open_at)
    double w_px, h_px;         // w * tile, h * tile (for tilemap_open_at)
} Tilemap;

// Allocates w*h empty cells. False on a bad size or no memory.
bool tilemap_init(Tilemap *m, int w, int h, int tile);
void tilemap_free(Tilemap *m);
void tilemap_set(Tilemap *m, int col, int row, Tile t);
// Copies src's tiles into dst (the same size, both from tilemap_init).
void tilemap_copy_cells(Tilemap *dst, const Tilemap *src);
// Recomputes every open bit from the cells (after writing cells directly:
// one pass instead of a tilemap_set per cell).
void tilemap_refresh_open(Tilemap *m);
// floor(v / s) for 0 <= v < 2^31 s with one multiply by inv = 1/s: the
// rounded product may land one off next to a grid line, which the exact
// products fix.
static inline int tilemap_cell_floor(double v, double s, double inv) {
    int c = (int)(v * inv);
    if (c * s > v) return c - 1;
    if ((c + 1) * s <= v) return c + 1;
    return c;
}

// Is the cell under p open (see Tilemap.open)? False outside the map and
// in a map without open flags. Inline: the tentacles ask for every node.
static inline bool tilemap_open_at(const Tilemap *m, Vec2 p) {
    double s = m->tile;
    if (!m->open || !(p.x >= 0 && p.y >= 0 && p.x < m->w_px && p.y < m->h_px)) return false;
    size_t i = (size_t)tilemap_cell_floor(p.y, s, m->inv_tile) * (size_t)m->w +
               (size_t)tilemap_cell_floor(p.x, s, m->inv_tile);
    return m->open[i >> 3] >> (i & 7) & 1;
}
// Tile at (col,row); outside the map: TILE_SOLID.
Tile tilemap_at(const Tilemap *m, int col, int row);
// Tile for a map character ('#', '.', 'J', '/', 'L', '\\', 'F', '7'), or -1.
int tilemap_tile_from_char(char c);

// Is the point inside solid material (boundaries count as solid)?
bool tilemap_point_solid(const Tilemap *m, Vec2 p);

// Distance from p to the nearest solid surface, searched up to max_dist.
// When one is found within max_dist: returns its distance, and fills point
// (the nearest surface point) and normal (unit, from the surface toward p;
// when p is inside solid, the way out). Returns a value > max_dist when
// nothing solid is that close (point/normal untouched).
// Exact over the union of the tile shapes, so it is continuous across tile
// seams (a seam between two solid tiles is never a surface). Inside solid
// it returns 0, point = the nearest exit on the surface, normal = toward it.
// On a surface exactly (distance 0) the normal is the surface normal (the
// bisector at a corner). Visits only the cells within max_dist of p, so its
// cost is O((max_dist / tile)^2) wherever p is (far outside the map too):
// callers pass the radius they need (the player its body radius, a
// tentacle node how far it keeps off the rock).
double tilemap_nearest(const Tilemap *m, Vec2 p, double max_dist, Vec2 *point, Vec2 *normal);
// The same, signed: negative inside solid (minus the depth to the nearest
// exit, searched up to max(max_dist, tile); -that bound with normal (0,-1)
// when no exit is that close: deep in rock that is found from the raw
// tiles, before any shape is built).
double tilemap_signed_distance(const Tilemap *m, Vec2 p, double max_dist, Vec2 *point, Vec2 *normal);

typedef struct TileHit {
    bool hit;
    double t;                  // 0..1 along the segment / sweep
    double dist;               // px travelled to the hit
    Vec2 point;                // where (for a circle: its centre at contact)
    Vec2 normal;               // unit surface normal at the hit, facing the caster
    bool inside;               // the cast started inside solid (t = 0)
} TileHit;

// First solid surface along the segment a->b. A segment that starts inside
// solid hits at t = 0 with inside set and normal = -direction.
// Rules (union semantics, consistent at corners and seams):
// - a hit is where the segment passes into the interior of the solid union;
//   merely touching (grazing along a surface, touching a corner, running
//   exactly on a floor's top) is not a hit, but running along the seam
//   between two solid tiles is inside solid, so nothing tunnels through it;
// - a segment that ends exactly on a surface while heading into it hits at
//   t = 1; one that starts on a surface heading into it hits at t = 0
//   (inside stays false: "inside" means strictly inside at a);
// - the normal is the face entered; at an exact corner the mean of the real
//   faces met there (outer corner hit head-on: the diagonal; inner corner:
//   the mean of floor and wall); faces shared by two solid tiles never count.
// No hit: returns false, out->point = b, out->t = 1. Walks only the cells
// the segment crosses (DDA), so long casts are cheap.
bool tilemap_cast(const Tilemap *m, Vec2 a, Vec2 b, TileHit *out);

// A quick test for the common case of a short cast in open air: true when
// the segment a-b (at most 4 tiles across each way) lies inside the map and
// every cell whose closed box meets its bounding box is empty, so it
// touches no solid and tilemap_cast would find nothing (tilemap_cast takes
// this shortcut itself). Less than a tile each way from an open cell (see
// Tilemap.open) one bit answers, inline; else tilemap_segment_box_open
// reads the cells. False says nothing: cast to know.
bool tilemap_segment_box_open(const Tilemap *m, Vec2 a, Vec2 b);
static inline bool tilemap_segment_open(const Tilemap *m, Vec2 a, Vec2 b) {
    double s = m->tile, dx = b.x - a.x, dy = b.y - a.y;
    if (dx < s && dx > -s && dy < s && dy > -s && tilemap_open_at(m, a)) return true;
    return tilemap_segment_box_open(m, a, b);
}

// How many rings of empty cells surround p's cell: the largest k <= max_k
// such that the (2k+1) x (2k+1) cells centred on the cell holding p are all
// inside the map and empty (0: only p's own cell is; -1: not even that, or
// p is outside the map). Every solid shape is then at least k tiles from p
// along x or along y, so a path that moves less than that each way from p
// touches none.
int tilemap_empty_rings(const Tilemap *m, Vec2 p, int max_k);

// Moves a circle of radius r from p by delta until it touches solid.
// out->point is the centre where it stopped, out->t the fraction of delta
// travelled, out->normal (on a hit) the unit normal of what it touched
// (the mean of the normals touched at the same instant, e.g. in an inner
// corner). The time of impact is exact per tile shape (no iteration), and:
// - it stops 1e-4 px short of contact, so a following sweep starts free;
// - a shape stops it only if the path would overlap it by more than
//   1e-3 px: sliding along a surface it touches (parallel or moving away)
//   goes on, and seams between tiles never catch it;
// - a circle already overlapping a shape by more than 1e-3 px stops at
//   t = 0 when moving deeper into it; a centre inside solid returns
//   hit + inside at t = 0 with the way out as normal.
// r <= 0 is a segment cast. Visits only the cells within reach of the path.
bool tilemap_sweep_circle(const Tilemap *m, Vec2 p, double r, Vec2 delta, TileHit *out);
