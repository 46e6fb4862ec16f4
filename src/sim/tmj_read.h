// tmj_read.h -- what tmj.c (the map's layers and objects, turned into
// .lvl text) and tmj_json.c (checked access to cJSON's values, the
// tilesets and the shapes of tile ids) share while reading a Tiled map.
// Not for other files.
#pragma once
#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stdint.h>

#include "core/textbuf.h"
#include "sim/level.h"
#include "sim/tmj.h"

typedef struct Tileset {
    int64_t firstgid;
    int64_t tilecount; // -1 when the tileset does not say
    char name[64];
} Tileset;

typedef struct ShapeEntry {
    uint32_t gid; // firstgid + the tile's id
    int set;
    Tile shape;
} ShapeEntry;

// What a line of the generated .lvl text came from, for messages.
typedef struct LineFrom {
    const cJSON *item; // a property or an object
    bool object;
} LineFrom;

typedef struct Ctx {
    const char *path;
    const char *text; // the map's JSON text (for positions), len bytes
    size_t len;
    ParseError *err;
    const TmjFiles *files;
    int w, h, tile;
    Tileset sets[TMJ_MAX_TILESETS];
    int set_count;
    ShapeEntry *shapes;
    int shape_count, shape_cap;
    cJSON *ext[TMJ_MAX_TILESETS]; // parsed external tilesets
    LineFrom *from;               // per generated line (1-based index - 1)
    int from_count, from_cap;
    TextBuf lvl; // the generated .lvl text
    Decor decor; // the decoration layers read so far (moved into the Level)
} Ctx;

// Sets the parse error (the map's path, no line) from a printf format;
// always false, so `return tmj_fail(...)` fails the read.
bool tmj_fail(Ctx *c, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static inline const cJSON *tmj_member(const cJSON *o, const char *key) {
    return cJSON_GetObjectItemCaseSensitive(o, key);
}
// A value as a message quotes it: strings in quotes, numbers, or its kind.
const char *tmj_shown(const cJSON *v, char *buf, size_t n);
// Members of o, checked (where names o in messages): an integer in [lo, hi]
// (absent: *out = def unless required), a string, a bool, an array.
bool tmj_get_int(Ctx *c, const cJSON *o, const char *key, const char *where, bool required, int64_t lo, int64_t hi,
                 int64_t def, int64_t *out);
bool tmj_get_str(Ctx *c, const cJSON *o, const char *key, const char *where, bool required, const char **out);
bool tmj_get_bool(Ctx *c, const cJSON *o, const char *key, const char *where, bool *out);
bool tmj_get_array(Ctx *c, const cJSON *o, const char *key, const char *where, bool required, const cJSON **out);
// Parses a whole JSON document (a UTF-8 BOM allowed); on a syntax error the
// message has the line and column where cJSON stopped.
cJSON *tmj_parse_json(Ctx *c, const char *file, const char *text, size_t len, const char *what);
// Gives the error just set (about the map, line 0) the line and column of
// layers[layer] in the map's text, or of its member key (its element index
// when index >= 0: a tile id in "data"), when found.
void tmj_at_layer(Ctx *c, int layer, const char *key, int64_t index);
// The map's tilesets (embedded or external) and their tiles' shapes.
bool tmj_read_tilesets(Ctx *c, const cJSON *root);
// The shape of a global tile id (flags included); where names the cell.
bool tmj_gid_shape(Ctx *c, uint32_t raw, const char *where, Tile *out);
