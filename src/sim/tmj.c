// tmj.c -- reading Tiled JSON maps (tmj.h, docs/tiled.md): JSON through
// cJSON, checked element by element, turned into .lvl text and handed to
// level_parse (tmj_json.c has the checked JSON access and the tilesets).
// Writing them back is tmj_write.c's.
#include "sim/tmj.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/mem.h"
#include "sim/level_write.h"
#include "sim/tmj_read.h"
#include "sim/tmx.h"

bool tmj_is_path(const char *path) {
    size_t n = path ? strlen(path) : 0;
    const char *exts[] = {".tmj", ".json"};
    for (int i = 0; i < 2; i++) {
        size_t e = strlen(exts[i]);
        if (n < e) continue;
        bool same = true;
        for (size_t k = 0; k < e; k++) {
            char ch = path[n - e + k];
            if (ch >= 'A' && ch <= 'Z') ch = (char)(ch - 'A' + 'a');
            same &= ch == exts[i][k];
        }
        if (same) return true;
    }
    return false;
}

// ---------------------------------------------------------------- the .lvl text

static void put(Ctx *c, const char *s) { textbuf_puts(&c->lvl, s); }

// Ends a generated line that came from item.
static bool end_line(Ctx *c, const cJSON *item, bool object) {
    put(c, "\n");
    if (c->from_count == c->from_cap) {
        int cap = c->from_cap ? c->from_cap * 2 : 16;
        LineFrom *n = mem_alloc((size_t)cap, sizeof *n);
        if (!n) return tmj_fail(c, "out of memory");
        if (c->from_count) memcpy(n, c->from, (size_t)c->from_count * sizeof *n);
        mem_free(c->from);
        c->from = n;
        c->from_cap = cap;
    }
    c->from[c->from_count++] = (LineFrom){item, object};
    return true;
}

// Property names become .lvl keys and parameter names: letters, digits, _ and -.
static bool good_name(const char *s) {
    if (!*s) return false;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') || *s == '_' ||
              *s == '-'))
            return false;
    return true;
}

// A property's value as one .lvl token (words: the name, which may have blanks).
static bool value_text(Ctx *c, const cJSON *p, const char *where, const char *pname, bool words, char *buf, size_t n) {
    const char *type;
    char b[96];
    if (!tmj_get_str(c, p, "type", where, false, &type)) return false;
    const cJSON *v = tmj_member(p, "value");
    bool ok =
        !type || !strcmp(type, "string") || !strcmp(type, "int") || !strcmp(type, "float") || !strcmp(type, "bool");
    if (!ok)
        return tmj_fail(c, "%s: property %s has type \"%s\" (expected string, int, float or bool)", where, pname, type);
    if (cJSON_IsString(v) && (!type || !strcmp(type, "string"))) {
        const char *s = v->valuestring;
        size_t len = strlen(s);
        if (len == 0 || len >= n)
            return tmj_fail(c, "%s: property %s must be 1..%d characters", where, pname, (int)n - 1);
        for (size_t i = 0; i < len; i++) {
            unsigned char ch = (unsigned char)s[i];
            if (ch < 0x20 || ch == 0x7F || (!words && ch == ' '))
                return tmj_fail(c, "%s: property %s: unexpected %s in %s (expected %s)", where, pname,
                                ch == ' ' ? "blank" : "control character", tmj_shown(v, b, sizeof b),
                                words ? "one line" : "one word");
        }
        memcpy(buf, s, len + 1);
        return true;
    }
    if (cJSON_IsBool(v) && (!type || !strcmp(type, "bool"))) {
        snprintf(buf, n, "%d", cJSON_IsTrue(v) ? 1 : 0);
        return true;
    }
    if (cJSON_IsNumber(v) && (!type || !strcmp(type, "int") || !strcmp(type, "float"))) {
        double d = v->valuedouble;
        // Fixed-point (what the .lvl parsers read) when it fits; else an
        // exponent form they reject with the value in the message.
        if (d > -1e15 && d < 1e15) {
            for (int digits = 0; digits <= 17; digits++) {
                snprintf(buf, n, "%.*f", digits, d);
                if (strtod(buf, NULL) == d) return true;
            }
        }
        snprintf(buf, n, "%.17g", d);
        return true;
    }
    return tmj_fail(c, "%s: property %s: value %s does not match its type \"%s\"", where, pname,
                    tmj_shown(v, b, sizeof b), type ? type : "(none)");
}

// Checks a properties array: objects with good, distinct names; at most
// TMJ_MAX_PROPERTIES.
static bool check_properties(Ctx *c, const cJSON *props, const char *where) {
    const cJSON *p;
    int count = 0;
    char b[96];
    cJSON_ArrayForEach(p, props) {
        const char *name;
        if (++count > TMJ_MAX_PROPERTIES)
            return tmj_fail(c, "%s: too many properties (at most %d)", where, TMJ_MAX_PROPERTIES);
        if (!cJSON_IsObject(p))
            return tmj_fail(c, "%s: a property must be an object, got %s", where, tmj_shown(p, b, sizeof b));
        if (!tmj_get_str(c, p, "name", where, true, &name)) return false;
        if (!good_name(name))
            return tmj_fail(c, "%s: property name %s (expected letters, digits, _ and -)", where,
                            tmj_shown(tmj_member(p, "name"), b, sizeof b));
        for (const cJSON *q = props->child; q != p; q = q->next)
            if (!strcmp(tmj_member(q, "name")->valuestring, name))
                return tmj_fail(c, "%s: property %s is given twice", where, name);
    }
    return true;
}

static bool map_properties(Ctx *c, const cJSON *root, const char *default_name) {
    const cJSON *props, *p;
    if (!tmj_get_array(c, root, "properties", "the map", false, &props)) return false;
    if (!check_properties(c, props, "the map")) return false;
    const cJSON *name_prop = NULL;
    cJSON_ArrayForEach(p, props) if (!strcmp(tmj_member(p, "name")->valuestring, "name")) name_prop = p;
    char v[256];
    if (name_prop) {
        if (!value_text(c, name_prop, "the map", "name", true, v, sizeof v)) return false;
    } else {
        snprintf(v, sizeof v, "%s", default_name);
    }
    put(c, "name ");
    put(c, v);
    if (!end_line(c, name_prop, false)) return false;
    snprintf(v, sizeof v, "tile %d", c->tile);
    put(c, v);
    if (!end_line(c, NULL, false)) return false;
    cJSON_ArrayForEach(p, props) {
        const char *key = tmj_member(p, "name")->valuestring;
        if (p == name_prop) continue;
        if (!strcmp(key, "tile"))
            return tmj_fail(c, "the map: property tile: the tile size is the map's tilewidth and tileheight");
        if (!strcmp(key, "spawn") || !strcmp(key, "map") || !strcmp(key, "end"))
            return tmj_fail(c, "the map: property %s is not a level key (spawns are point objects)", key);
        if (!value_text(c, p, "the map", key, false, v, sizeof v)) return false;
        put(c, key);
        put(c, " ");
        put(c, v);
        if (!end_line(c, p, false)) return false;
    }
    return true;
}

// "object 'boss' (id 3)" or "layer 'spawns', objects[2]".
static const char *object_where(const cJSON *o, const char *layer, int index, char *buf, size_t n) {
    const cJSON *name = tmj_member(o, "name"), *id = tmj_member(o, "id");
    char nb[48];
    if (cJSON_IsString(name) && name->valuestring[0] && cJSON_IsNumber(id))
        snprintf(buf, n, "object '%s' (id %.0f)",
                 text_shown(name->valuestring, strlen(name->valuestring), nb, sizeof nb), id->valuedouble);
    else if (cJSON_IsNumber(id) && id->valuedouble >= 0 && id->valuedouble < 1e15)
        snprintf(buf, n, "object id %.0f", id->valuedouble);
    else snprintf(buf, n, "layer '%s', objects[%d]", layer, index);
    return buf;
}

static bool spawn_object(Ctx *c, const cJSON *o, const char *where, bool *player_seen) {
    char b[96];
    if (!cJSON_IsObject(o)) return tmj_fail(c, "%s: expected an object, got %s", where, tmj_shown(o, b, sizeof b));
    if (tmj_member(o, "template"))
        return tmj_fail(c, "%s: object templates are not supported (detach it in Tiled)", where);
    const char *type, *cls;
    bool point;
    if (!tmj_get_str(c, o, "type", where, false, &type) || !tmj_get_str(c, o, "class", where, false, &cls) ||
        !tmj_get_bool(c, o, "point", where, &point))
        return false;
    if (type && !*type) type = NULL;
    if (cls && !*cls) cls = NULL;
    if (type && cls && strcmp(type, cls))
        return tmj_fail(c, "%s: \"type\" \"%s\" and \"class\" \"%s\" differ", where, type, cls);
    const char *kind = type ? type : cls;
    bool known = kind && !strcmp(kind, "player");
#define KNOWN_KIND(KIND, prefix, Type) known |= kind && !strcmp(kind, #prefix);
    CREATURES(KNOWN_KIND)
#undef KNOWN_KIND
    char kinds[256];
    if (!kind) return tmj_fail(c, "%s: has no type (expected %s)", where, creature_kinds_text(kinds, sizeof kinds));
    if (!known)
        return tmj_fail(c, "%s: unknown type \"%s\" (expected %s)", where, text_shown(kind, strlen(kind), b, sizeof b),
                        creature_kinds_text(kinds, sizeof kinds));
    if (!point) return tmj_fail(c, "%s: a %s must be a point object (Tiled's Insert Point tool)", where, kind);
    const cJSON *x = tmj_member(o, "x"), *y = tmj_member(o, "y");
    if (!cJSON_IsNumber(x) || !cJSON_IsNumber(y))
        return tmj_fail(c, "%s: \"x\" and \"y\" must be numbers (pixels)", where);
    double wpx = (double)c->w * c->tile, hpx = (double)c->h * c->tile;
    if (!(x->valuedouble >= 0 && x->valuedouble < wpx && y->valuedouble >= 0 && y->valuedouble < hpx))
        return tmj_fail(c, "%s: at x %g y %g px, outside the map (0..%g x 0..%g px)", where, x->valuedouble,
                        y->valuedouble, wpx, hpx);
    bool player = !strcmp(kind, "player");
    if (player && *player_seen) return tmj_fail(c, "%s: a second player (there is one player)", where);
    *player_seen |= player;
    const cJSON *props, *p;
    if (!tmj_get_array(c, o, "properties", where, false, &props) || !check_properties(c, props, where)) return false;
    if (player && props && props->child) return tmj_fail(c, "%s: the player takes no properties", where);
    char line[96], v[160];
    snprintf(line, sizeof line, "spawn %s %d %d", kind, (int)(x->valuedouble / c->tile),
             (int)(y->valuedouble / c->tile));
    put(c, line);
    cJSON_ArrayForEach(p, props) {
        const char *key = tmj_member(p, "name")->valuestring;
        if (!value_text(c, p, where, key, false, v, sizeof v)) return false;
        put(c, " ");
        put(c, key);
        put(c, "=");
        put(c, v);
    }
    return end_line(c, o, true);
}

// A tile layer's cells (w x h Tile values, flips applied) into cells;
// where names the layer in messages; on an error, *key and *at name the
// member (and the tile id's index in "data") it is about.
static bool read_cells(Ctx *c, const cJSON *layer, const char *where, uint8_t *cells, const char **key, int64_t *at) {
    char b[96];
    if (tmj_member(layer, "chunks"))
        return tmj_fail(c, "%s: has chunks (an infinite map); expected a fixed-size map", where);
    const char *enc, *comp;
    if (!tmj_get_str(c, layer, "encoding", where, false, &enc) ||
        !tmj_get_str(c, layer, "compression", where, false, &comp))
        return false;
    if ((enc && strcmp(enc, "csv")) || (comp && *comp))
        return tmj_fail(c, "%s: tile data is %s%s%s; save the map with Tile Layer Format CSV", where, enc ? enc : "csv",
                        comp && *comp ? "+" : "", comp ? comp : "");
    int64_t lw, lh;
    if (!tmj_get_int(c, layer, "width", where, false, 1, TILEMAP_MAX_SIDE, c->w, &lw) ||
        !tmj_get_int(c, layer, "height", where, false, 1, TILEMAP_MAX_SIDE, c->h, &lh))
        return false;
    *key = lw != c->w ? "width" : "height";
    if (lw != c->w || lh != c->h)
        return tmj_fail(c, "%s: is %lld x %lld tiles, the map %d x %d", where, (long long)lw, (long long)lh, c->w,
                        c->h);
    const cJSON *data, *v;
    *key = "data";
    if (!tmj_get_array(c, layer, "data", where, true, &data)) return false;
    int64_t want = (int64_t)c->w * c->h, i = 0;
    cJSON_ArrayForEach(v, data) {
        if (i >= want)
            return tmj_fail(c, "%s: \"data\" has more than %lld tile ids (width x height)", where, (long long)want);
        int col = (int)(i % c->w), r = (int)(i / c->w);
        *at = i;
        char cell[200];
        snprintf(cell, sizeof cell, "%s, column %d row %d", where, col, r);
        double d = cJSON_IsNumber(v) ? v->valuedouble : -1;
        if (!(d >= 0 && d <= 4294967295.0 && d == (double)(uint32_t)d))
            return tmj_fail(c, "%s: expected a tile id 0..4294967295, got %s", cell, tmj_shown(v, b, sizeof b));
        Tile t;
        if (!tmj_gid_shape(c, (uint32_t)d, cell, &t)) return false;
        cells[i++] = (uint8_t)t;
    }
    *at = -1;
    if (i < want)
        return tmj_fail(c, "%s: \"data\" has %lld tile ids, expected %lld (width x height)", where, (long long)i,
                        (long long)want);
    return true;
}

// read_cells, an error placed at the layer (layers[li]) in the text.
static bool layer_cells(Ctx *c, const cJSON *layer, int li, const char *where, uint8_t *cells) {
    const char *key = NULL;
    int64_t at = -1;
    if (read_cells(c, layer, where, cells, &key, &at)) return true;
    tmj_at_layer(c, li, key, at);
    return false;
}

// The collision layer's rows; the object layers' spawns came first.
static bool map_rows(Ctx *c, const cJSON *layer, int li, const char *lname) {
    char where[160];
    snprintf(where, sizeof where, "tile layer '%s'", lname);
    uint8_t *cells = mem_alloc((size_t)c->w * (size_t)c->h, 1);
    if (!cells) return tmj_fail(c, "out of memory");
    bool ok = layer_cells(c, layer, li, where, cells);
    if (ok) {
        put(c, "map");
        ok = end_line(c, layer, false);
    }
    char row[TILEMAP_MAX_SIDE + 1];
    for (int r = 0; ok && r < c->h; r++) {
        for (int col = 0; col < c->w; col++) row[col] = level_tile_char((Tile)cells[(size_t)r * c->w + col]);
        row[c->w] = '\n';
        textbuf_put(&c->lvl, row, (size_t)c->w + 1);
    }
    if (ok) put(c, "end\n");
    mem_free(cells);
    return ok;
}

// A decoration layer (a tile layer other than the collision layer): its
// cells kept in c->decor, drawn in front of the world when it comes after
// the collision layer in the map's order.
static bool decor_layer(Ctx *c, const cJSON *layer, int li, const char *lname, bool front) {
    char where[160];
    snprintf(where, sizeof where, "decoration layer '%s'", lname);
    if (c->decor.count == DECOR_MAX_LAYERS) {
        tmj_fail(c, "%s: too many decoration layers (at most %d besides the collision layer)", where,
                 DECOR_MAX_LAYERS);
        tmj_at_layer(c, li, NULL, -1);
        return false;
    }
    DecorLayer *l = &c->decor.layers[c->decor.count];
    l->cells = mem_alloc((size_t)c->w * (size_t)c->h, 1);
    if (!l->cells) return tmj_fail(c, "out of memory");
    c->decor.count++;
    c->decor.w = c->w;
    c->decor.h = c->h;
    snprintf(l->name, sizeof l->name, "%s", lname);
    l->front = front;
    return layer_cells(c, layer, li, where, l->cells);
}

// The collision layer: the tile layer named TMJ_COLLISION_LAYER, or the
// only tile layer whatever its name. NULL (with the error set) when there is
// none, two of that name, or several tile layers and none of that name.
static const cJSON *collision_layer(Ctx *c, const cJSON *layers) {
    const cJSON *layer, *named = NULL, *only = NULL;
    int tile_layers = 0, li = -1, second = -1;
    cJSON_ArrayForEach(layer, layers) {
        const cJSON *t = tmj_member(layer, "type"), *n = tmj_member(layer, "name");
        li++;
        if (!cJSON_IsString(t) || strcmp(t->valuestring, "tilelayer")) continue;
        if (++tile_layers == 2) second = li;
        only = layer;
        if (cJSON_IsString(n) && !strcmp(n->valuestring, TMJ_COLLISION_LAYER)) {
            if (named) {
                tmj_fail(c, "two tile layers are named '%s' (expected one collision layer)", TMJ_COLLISION_LAYER);
                tmj_at_layer(c, li, "name", -1);
                return NULL;
            }
            named = layer;
        }
    }
    if (named) return named;
    if (tile_layers == 1) return only;
    if (tile_layers == 0)
        return tmj_fail(c, "the map has no tile layer (expected one, drawn with the bossrush tileset)"), NULL;
    tmj_fail(c,
             "the map has %d tile layers and none is named '%s' (name the layer the player stands on '%s'; the "
             "others are decoration)",
             tile_layers, TMJ_COLLISION_LAYER, TMJ_COLLISION_LAYER);
    tmj_at_layer(c, second, NULL, -1);
    return NULL;
}

// The map's name when it has no name property: the file name without .tmj.
static void default_name(const char *path, char *buf, size_t n) {
    const char *base = path;
    for (const char *p = path; *p; p++)
        if (*p == '/' || *p == '\\') base = p + 1;
    size_t len = strlen(base);
    for (size_t i = len; i > 0; i--)
        if (base[i - 1] == '.') {
            len = i - 1;
            break;
        }
    char shown_name[128];
    if (len == 0) snprintf(buf, n, "level");
    else snprintf(buf, n, "%s", text_shown(base, len, shown_name, sizeof shown_name));
}

static bool parse_map(Ctx *c, const cJSON *root) {
    char b[96];
    const char *type, *orient;
    if (!cJSON_IsObject(root))
        return tmj_fail(c, "expected a JSON object (a Tiled map), got %s", tmj_shown(root, b, sizeof b));
    if (!tmj_get_str(c, root, "type", "the map", false, &type)) return false;
    if (type && !strcmp(type, "tileset")) return tmj_fail(c, "this is a Tiled tileset, not a map");
    if (type && strcmp(type, "map")) return tmj_fail(c, "the map: \"type\" is \"%s\", expected \"map\"", type);
    if (!tmj_get_str(c, root, "orientation", "the map", false, &orient)) return false;
    if (orient && strcmp(orient, "orthogonal"))
        return tmj_fail(c, "the map: orientation is \"%s\"; expected \"orthogonal\"", orient);
    bool infinite;
    if (!tmj_get_bool(c, root, "infinite", "the map", &infinite)) return false;
    if (infinite) return tmj_fail(c, "the map is infinite; expected a fixed-size map (Map Properties: Infinite off)");
    int64_t w, h, tw, th;
    if (!tmj_get_int(c, root, "width", "the map", true, 1, TILEMAP_MAX_SIDE, 0, &w) ||
        !tmj_get_int(c, root, "height", "the map", true, 1, TILEMAP_MAX_SIDE, 0, &h) ||
        !tmj_get_int(c, root, "tilewidth", "the map", true, 1, 1 << 20, 0, &tw) ||
        !tmj_get_int(c, root, "tileheight", "the map", true, 1, 1 << 20, 0, &th))
        return false;
    if (tw != th)
        return tmj_fail(c, "the map: tiles are %lld x %lld px; expected square tiles", (long long)tw, (long long)th);
    c->w = (int)w;
    c->h = (int)h;
    c->tile = (int)tw;
    if (!tmj_read_tilesets(c, root)) return false;
    char name[128];
    default_name(c->path, name, sizeof name);
    if (!map_properties(c, root, name)) return false;

    const cJSON *layers, *layer, *tiles;
    if (!tmj_get_array(c, root, "layers", "the map", true, &layers)) return false;
    bool player = false, seen_tiles = false;
    int li = 0;
    char lname[64], where[160];
    cJSON_ArrayForEach(layer, layers) {
        snprintf(where, sizeof where, "layers[%d]", li++);
        const char *lt, *ln;
        if (!cJSON_IsObject(layer))
            return tmj_fail(c, "%s: expected an object, got %s", where, tmj_shown(layer, b, sizeof b));
        if (!tmj_get_str(c, layer, "type", where, true, &lt) || !tmj_get_str(c, layer, "name", where, false, &ln))
            return false;
        text_shown(ln ? ln : "", ln ? strlen(ln) : 0, lname, sizeof lname);
        if (!strcmp(lt, "tilelayer")) {
            continue; // after the checks of every layer (the collision layer is found below)
        } else if (!strcmp(lt, "objectgroup")) {
            const cJSON *objs, *o;
            if (!tmj_get_array(c, layer, "objects", where, false, &objs)) return false;
            int oi = 0;
            cJSON_ArrayForEach(o, objs) {
                char ow[160];
                object_where(o, lname, oi++, ow, sizeof ow);
                if (!spawn_object(c, o, ow, &player)) return false;
            }
        } else if (!strcmp(lt, "group")) {
            return tmj_fail(c, "layer '%s': group layers are not supported (move its layers out)", lname);
        } else if (strcmp(lt, "imagelayer")) {
            return tmj_fail(c, "layer '%s': unknown layer type \"%s\"", lname, lt);
        }
    }
    if (!(tiles = collision_layer(c, layers))) return false;
    if (!player) return tmj_fail(c, "the map has no player: add a point object of type player to an object layer");
    // The decoration layers in the map's order: behind the world before
    // the collision layer, in front of it after.
    int tiles_li = -1;
    li = -1;
    cJSON_ArrayForEach(layer, layers) {
        const cJSON *t = tmj_member(layer, "type"), *n = tmj_member(layer, "name");
        li++;
        if (strcmp(t->valuestring, "tilelayer")) continue;
        const char *ln = cJSON_IsString(n) ? n->valuestring : "";
        text_shown(ln, strlen(ln), lname, sizeof lname);
        if (layer == tiles) seen_tiles = true, tiles_li = li;
        else if (!decor_layer(c, layer, li, lname, seen_tiles)) return false;
    }
    const char *tn;
    if (!tmj_get_str(c, tiles, "name", "the tile layer", false, &tn)) return false;
    text_shown(tn ? tn : "", tn ? strlen(tn) : 0, lname, sizeof lname);
    return map_rows(c, tiles, tiles_li, lname);
}

// A level_parse error of the generated text, told about the map element
// its line came from.
static void report_level_error(Ctx *c, const ParseError *pe) {
    char where[200];
    int i = pe->line - 1;
    if (i >= 0 && i < c->from_count && c->from[i].item && c->from[i].object) {
        object_where(c->from[i].item, "?", 0, where, sizeof where);
    } else if (i >= 0 && i < c->from_count && c->from[i].item) {
        const cJSON *n = tmj_member(c->from[i].item, "name");
        snprintf(where, sizeof where, "map property %s", cJSON_IsString(n) ? n->valuestring : "?");
    } else if (i == 1) {
        snprintf(where, sizeof where, "the map's tilewidth and tileheight");
    } else {
        snprintf(where, sizeof where, "the map");
    }
    parse_error_set(c->err, c->path, 0, 0, "%s: %s", where, pe->msg);
}

bool tmj_parse(Level *lv, const char *text, size_t len, const char *path, const TmjFiles *files, ParseError *err) {
    memset(lv, 0, sizeof *lv);
    if (!path) path = "";
    if (!text) text = "", len = 0;
    Ctx c = {.path = path, .text = text, .len = len, .err = err, .files = files};
    bool ok = false;
    // A Tiled XML map (.tmx) becomes the tree its .tmj has (tmx.c): same rules from here on.
    cJSON *root = tmx_is_xml(text, len) ? tmx_to_json(text, len, path, err) : tmj_parse_json(&c, path, text, len, "map");
    if (root && parse_map(&c, root)) {
        if (c.lvl.oom) {
            tmj_fail(&c, "out of memory");
        } else {
            ParseError pe;
            memset(&pe, 0, sizeof pe);
            ok = level_parse(lv, c.lvl.p, c.lvl.len, path, &pe);
            if (!ok) report_level_error(&c, &pe);
        }
    }
    if (ok) {
        TextBuf canon = {0};
        level_write(lv, &canon);
        if (canon.oom) {
            ok = tmj_fail(&c, "out of memory");
            level_free(lv);
        } else {
            lv->hash = level_text_hash(canon.p, canon.len);
            lv->decor = c.decor; // the decoration is not in the canonical text: it does not change the level hash
            memset(&c.decor, 0, sizeof c.decor);
        }
        textbuf_free(&canon);
    }
    cJSON_Delete(root);
    for (int i = 0; i < TMJ_MAX_TILESETS; i++) cJSON_Delete(c.ext[i]);
    decor_free(&c.decor);
    mem_free(c.shapes);
    mem_free(c.from);
    textbuf_free(&c.lvl);
    return ok;
}
