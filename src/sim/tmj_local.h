// tmj_local.h -- what tmj.c (reading) and tmj_write.c (writing) share: the
// tileset's shapes in the tileset picture's order (assetgen draws it so).
#pragma once
#include "sim/map/tilemap.h"

// Tileset ids (the tileset picture's order, assetgen writes it so).
static const char *const shape_names[] = {"solid", "J", "L", "F", "7"};
static const Tile shape_tiles[] = {TILE_SOLID, TILE_SLOPE_BR, TILE_SLOPE_BL, TILE_SLOPE_TL, TILE_SLOPE_TR};
#define SHAPE_COUNT 5
#define TILESET_TILE_PX 32 // the tileset picture's tiles
#define TILESET_NAME "bossrush"
