// decor.h -- a map's decoration layers: tile layers of a Tiled map other
// than its collision layer (docs/tiled.md). Their tiles are drawn by the
// renderer, behind the world (a layer before the collision layer in the
// map's layer order) or in front of it (after), and nothing else reads
// them: no tick, no hash, no probe. Pure data, no allocation after
// decor_copy.
#pragma once
#include <stdbool.h>
#include <stdint.h>

#include "sim/map/tilemap.h"

#define DECOR_MAX_LAYERS 8 // decoration layers in one map

typedef struct DecorLayer {
    char name[64];  // as Tiled names it (for messages and the debug overlay)
    bool front;     // drawn over the world (after the collision layer)
    uint8_t *cells; // w*h Tile values, row-major; owned
} DecorLayer;

typedef struct Decor {
    int w, h;  // in tiles, the collision layer's
    int count; // layers, in the map's order
    DecorLayer layers[DECOR_MAX_LAYERS];
} Decor;

// Copies src into dst (dst empty before); false on no memory (dst then empty).
bool decor_copy(Decor *dst, const Decor *src);
void decor_free(Decor *d);
// The cells of layer i that are not empty.
int64_t decor_tiles(const Decor *d, int i);
