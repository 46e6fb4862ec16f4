// tmj.h -- Tiled JSON maps (.tmj) as arenas: parsed into the same Level a
// .lvl gives, and written from one. The format and every rule are in
// docs/tiled.md; in short: one collision tile layer (TMJ_COLLISION_LAYER;
// any other tile layers are decoration, drawn only) whose tiles come from tilesets
// whose tiles carry a `shape` property (solid, J, L, F, 7), object layers of
// point objects whose type (Tiled 1.8 "type", later "class") is player or a
// creature kind (creature_kinds_text: every kind of the creature list) with
// the spawn parameters as custom properties,
// and every other level key (name, stars, seed, ...) as a map property.
//
// The map is turned into .lvl text and parsed by level_parse, so a .tmj
// passes exactly the validation a .lvl does (keys it does not know about are
// the .lvl parser's to accept or refuse); its errors are reported against
// the map element they came from ("x.tmj: object 'boss' (id 3): arms: ...").
// JSON syntax errors carry the line and column where cJSON stopped. The
// level hash of a .tmj is level_text_hash of the Level's canonical text
// (level_write), so re-saving a map in Tiled keeps its replays valid, and a
// .tmj and the .lvl --convert makes of it have the same hash.
#pragma once
#include <stdbool.h>
#include <stddef.h>

#include "core/text.h"
#include "core/textbuf.h"
#include "sim/level.h"

// The largest .tmj read. cJSON spends about 80 bytes per JSON value, so this
// bounds a map's memory while parsing to about 200 MB (a 1400 x 1400 map
// of one-digit tile ids fits).
#define TMJ_MAX_FILE_BYTES (4u * 1024u * 1024u)
#define TMJ_MAX_TILESETS 64   // tilesets in one map
#define TMJ_MAX_PROPERTIES 60 // custom properties on one object or on the map
// The tile layer the player stands on when a map has several; a map with
// one tile layer collides with it whatever its name. The other tile layers
// are decoration (sim/map/decor.h), at most DECOR_MAX_LAYERS.
#define TMJ_COLLISION_LAYER "collision"

// How a map reaches its external tilesets ({"firstgid": N, "source":
// "x.tsj"}): read(ctx, source, ...) returns the tileset file's text in a
// mem_alloc'd buffer (freed by the parser with mem_free) and its path for
// messages, or NULL with the reason. The harness reads them relative to the
// map's folder (session_load_level); the sim reads no files.
typedef struct TmjFiles {
    char *(*read)(const void *ctx, const char *source, size_t *len, char *path, size_t path_n, char *why, size_t why_n);
    const void *ctx;
} TmjFiles;

// True for a path ending in .tmj or .json (any case): a Tiled map.
bool tmj_is_path(const char *path);
// Parses a Tiled JSON map from memory into lv (as level_parse; lv->path is
// path). files may be NULL: then a map with an external tileset is an error.
bool tmj_parse(Level *lv, const char *text, size_t len, const char *path, const TmjFiles *files, ParseError *err);
// Appends lv as a Tiled 1.8 JSON map to out, its tileset embedded (the
// shapes travel with the map, so it loads from any folder) and its
// decoration layers around the collision layer (named TMJ_COLLISION_LAYER
// then; 'tiles' in a map without decoration); tileset_image
// is the tileset picture's path as Tiled should find it from the map's
// folder. False on no memory.
bool tmj_write(const Level *lv, const char *tileset_image, TextBuf *out);
// Appends the tileset alone as a Tiled 1.8 JSON tileset (.tsj), for level
// makers' new maps. False on no memory.
bool tmj_write_tileset(const char *tileset_image, TextBuf *out);
