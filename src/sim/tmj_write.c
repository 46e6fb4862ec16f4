// tmj_write.c -- writing a Level as a Tiled JSON map (tmj.h,
// docs/tiled.md), the tileset embedded, or the tileset alone.
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/mem.h"
#include "sim/level_write.h"
#include "sim/tmj.h"
#include "sim/tmj_local.h"

static cJSON *property(const char *name, const char *type, cJSON *value) {
    cJSON *p = cJSON_CreateObject();
    cJSON_AddStringToObject(p, "name", name);
    cJSON_AddStringToObject(p, "type", type);
    cJSON_AddItemToObject(p, "value", value);
    return p;
}

static cJSON *tileset_json(const char *image, bool embedded) {
    cJSON *ts = cJSON_CreateObject();
    cJSON_AddNumberToObject(ts, "columns", SHAPE_COUNT);
    if (embedded) cJSON_AddNumberToObject(ts, "firstgid", 1);
    cJSON_AddStringToObject(ts, "image", image);
    cJSON_AddNumberToObject(ts, "imageheight", TILESET_TILE_PX);
    cJSON_AddNumberToObject(ts, "imagewidth", TILESET_TILE_PX * SHAPE_COUNT);
    cJSON_AddNumberToObject(ts, "margin", 0);
    cJSON_AddStringToObject(ts, "name", TILESET_NAME);
    cJSON_AddNumberToObject(ts, "spacing", 0);
    cJSON_AddNumberToObject(ts, "tilecount", SHAPE_COUNT);
    if (!embedded) cJSON_AddStringToObject(ts, "tiledversion", "1.8.2");
    cJSON_AddNumberToObject(ts, "tileheight", TILESET_TILE_PX);
    cJSON *tiles = cJSON_AddArrayToObject(ts, "tiles");
    for (int i = 0; i < SHAPE_COUNT; i++) {
        cJSON *t = cJSON_CreateObject(), *props = cJSON_CreateArray();
        cJSON_AddNumberToObject(t, "id", i);
        cJSON_AddItemToArray(props, property("shape", "string", cJSON_CreateString(shape_names[i])));
        cJSON_AddItemToObject(t, "properties", props);
        cJSON_AddItemToArray(tiles, t);
    }
    cJSON_AddNumberToObject(ts, "tilewidth", TILESET_TILE_PX);
    if (!embedded) {
        cJSON_AddStringToObject(ts, "type", "tileset");
        cJSON_AddStringToObject(ts, "version", "1.8");
    }
    return ts;
}

static int tile_gid(Tile t) {
    for (int i = 0; i < SHAPE_COUNT; i++)
        if (shape_tiles[i] == t) return 1 + i;
    return 0;
}

// A creature's non-default parameters as Tiled properties of their type.
static cJSON *spawn_properties(const LevelSpawn *sp) {
    const void *cfg;
    const ParamTable *t = level_spawn_params(sp, &cfg);
    cJSON *props = cJSON_CreateArray();
    char v[64];
    for (int i = 0; t && i < t->count; i++) {
        const ParamDef *d = &t->defs[i];
        if (param_is_default(d, cfg)) continue;
        param_value_text(d, cfg, v, sizeof v);
        cJSON *p;
        if (d->kind == PARAM_CHOICE) p = property(d->key, "string", cJSON_CreateString(v));
        else if (d->store == PARAM_AS_BOOL) p = property(d->key, "bool", cJSON_CreateBool(strcmp(v, "0") != 0));
        else if (d->kind == PARAM_INT) p = property(d->key, "int", cJSON_CreateNumber(strtod(v, NULL)));
        else p = property(d->key, "float", cJSON_CreateNumber(strtod(v, NULL)));
        cJSON_AddItemToArray(props, p);
    }
    return props;
}

static cJSON *point(int id, const char *name, const char *type, int col, int row, int tile, cJSON *props) {
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "height", 0);
    cJSON_AddNumberToObject(o, "id", id);
    cJSON_AddStringToObject(o, "name", name);
    cJSON_AddTrueToObject(o, "point");
    if (props && props->child) cJSON_AddItemToObject(o, "properties", props);
    else cJSON_Delete(props);
    cJSON_AddNumberToObject(o, "rotation", 0);
    cJSON_AddStringToObject(o, "type", type);
    cJSON_AddTrueToObject(o, "visible");
    cJSON_AddNumberToObject(o, "width", 0);
    // The tile's centre: the object reads back as that tile.
    cJSON_AddNumberToObject(o, "x", ((double)col + 0.5) * tile);
    cJSON_AddNumberToObject(o, "y", ((double)row + 0.5) * tile);
    return o;
}

static bool print_json(cJSON *doc, TextBuf *out) {
    char *s = doc ? cJSON_Print(doc) : NULL;
    cJSON_Delete(doc);
    if (!s) return false;
    textbuf_puts(out, s);
    textbuf_puts(out, "\n");
    cJSON_free(s);
    return !out->oom;
}

// A tile layer of w x h Tile values (row-major) in the tileset's ids.
static cJSON *tile_layer(const uint8_t *cells, int w, int h, int id, const char *name) {
    int n = w * h;
    int *data = mem_alloc((size_t)(n > 0 ? n : 1), sizeof *data);
    if (!data) return NULL;
    for (int i = 0; i < n; i++) data[i] = tile_gid((Tile)cells[i]);
    cJSON *tl = cJSON_CreateObject();
    cJSON_AddItemToObject(tl, "data", cJSON_CreateIntArray(data, n));
    mem_free(data);
    cJSON_AddNumberToObject(tl, "height", h);
    cJSON_AddNumberToObject(tl, "id", id);
    cJSON_AddStringToObject(tl, "name", name);
    cJSON_AddNumberToObject(tl, "opacity", 1);
    cJSON_AddStringToObject(tl, "type", "tilelayer");
    cJSON_AddTrueToObject(tl, "visible");
    cJSON_AddNumberToObject(tl, "width", w);
    cJSON_AddNumberToObject(tl, "x", 0);
    cJSON_AddNumberToObject(tl, "y", 0);
    return tl;
}

// The decoration layers behind (front false) or in front of the world, in
// their order, ids from *id on.
static bool decor_layers(cJSON *layers, const Decor *d, bool front, int *id) {
    for (int i = 0; i < d->count; i++) {
        if (d->layers[i].front != front) continue;
        cJSON *tl = tile_layer(d->layers[i].cells, d->w, d->h, (*id)++, d->layers[i].name);
        if (!tl) return false;
        cJSON_AddItemToArray(layers, tl);
    }
    return true;
}

bool tmj_write(const Level *lv, const char *tileset_image, TextBuf *out) {
    const Tilemap *m = &lv->map;
    cJSON *map = cJSON_CreateObject();
    cJSON_AddStringToObject(map, "backgroundcolor", "#140e2a"); // Tiled shows the arena's night
    cJSON_AddNumberToObject(map, "compressionlevel", -1);
    cJSON_AddNumberToObject(map, "height", m->h);
    cJSON_AddFalseToObject(map, "infinite");
    cJSON *layers = cJSON_AddArrayToObject(map, "layers");
    // Decoration behind, the collision layer (named so when there is
    // decoration: a map without keeps its one layer 'tiles'), the spawns,
    // decoration in front.
    int id = 1;
    bool decor = lv->decor.count > 0;
    if (!decor_layers(layers, &lv->decor, false, &id)) goto oom;
    cJSON *tl = tile_layer(m->cells, m->w, m->h, id++, decor ? TMJ_COLLISION_LAYER : "tiles");
    if (!tl) goto oom;
    cJSON_AddItemToArray(layers, tl);
    cJSON *ol = cJSON_CreateObject();
    cJSON_AddStringToObject(ol, "draworder", "topdown");
    cJSON_AddNumberToObject(ol, "id", id++);
    cJSON_AddStringToObject(ol, "name", "spawns");
    cJSON *objs = cJSON_AddArrayToObject(ol, "objects");
    cJSON_AddItemToArray(objs, point(1, "player", "player", lv->player_col, lv->player_row, lv->tile, NULL));
    for (int i = 0; i < lv->spawn_count; i++) {
        const LevelSpawn *sp = &lv->spawns[i];
        const char *kind = level_kind_name(sp->kind);
        cJSON_AddItemToArray(objs, point(2 + i, kind, kind, sp->col, sp->row, lv->tile, spawn_properties(sp)));
    }
    cJSON_AddNumberToObject(ol, "opacity", 1);
    cJSON_AddStringToObject(ol, "type", "objectgroup");
    cJSON_AddTrueToObject(ol, "visible");
    cJSON_AddNumberToObject(ol, "x", 0);
    cJSON_AddNumberToObject(ol, "y", 0);
    cJSON_AddItemToArray(layers, ol);
    if (!decor_layers(layers, &lv->decor, true, &id)) goto oom;
    cJSON_AddNumberToObject(map, "nextlayerid", id);
    cJSON_AddNumberToObject(map, "nextobjectid", 2 + lv->spawn_count);
    cJSON_AddStringToObject(map, "orientation", "orthogonal");
    // Tiled keeps properties sorted by name.
    cJSON *props = cJSON_AddArrayToObject(map, "properties");
    if (lv->bullets && lv->bullets != BULLETS_DEFAULT_CAP)
        cJSON_AddItemToArray(props, property("bullets", "int", cJSON_CreateNumber(lv->bullets)));
    cJSON_AddItemToArray(props, property("name", "string", cJSON_CreateString(lv->name)));
    if (lv->seed <= INT32_MAX) cJSON_AddItemToArray(props, property("seed", "int", cJSON_CreateNumber(lv->seed)));
    else {
        char s[16];
        snprintf(s, sizeof s, "%u", (unsigned)lv->seed);
        cJSON_AddItemToArray(props, property("seed", "string", cJSON_CreateString(s)));
    }
    cJSON_AddItemToArray(props, property("stars", "int", cJSON_CreateNumber(lv->stars)));
    cJSON_AddStringToObject(map, "renderorder", "right-down");
    cJSON_AddStringToObject(map, "tiledversion", "1.8.2");
    cJSON_AddNumberToObject(map, "tileheight", lv->tile);
    cJSON *sets = cJSON_AddArrayToObject(map, "tilesets");
    cJSON_AddItemToArray(sets, tileset_json(tileset_image, true));
    cJSON_AddNumberToObject(map, "tilewidth", lv->tile);
    cJSON_AddStringToObject(map, "type", "map");
    cJSON_AddStringToObject(map, "version", "1.8");
    cJSON_AddNumberToObject(map, "width", m->w);
    return print_json(map, out);
oom:
    cJSON_Delete(map);
    return false;
}

bool tmj_write_tileset(const char *tileset_image, TextBuf *out) {
    return print_json(tileset_json(tileset_image, false), out);
}
