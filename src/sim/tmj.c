// tmj.c -- reading Tiled JSON maps (tmj.h, docs/tiled.md): JSON through
// cJSON, checked element by element, turned into .lvl text and handed to
// level_parse. Writing them back is tmj_write.c's.
#include "sim/tmj.h"

#include <cjson/cJSON.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/mem.h"
#include "sim/level_write.h"
#include "sim/tmj_local.h"

// Tiled's flags in the top bits of a global tile id.
#define GID_FLIP_H 0x80000000u
#define GID_FLIP_V 0x40000000u
#define GID_FLIP_D 0x20000000u  // anti-diagonal: x and y swapped, applied first
#define GID_ROT_HEX 0x10000000u // hexagonal maps' 120-degree turn: never on an orthogonal map
#define GID_MASK 0x0FFFFFFFu


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
} Ctx;

static bool fail(Ctx *c, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static bool fail(Ctx *c, const char *fmt, ...) {
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    parse_error_set(c->err, c->path, 0, 0, "%s", msg);
    return false;
}

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

// ---------------------------------------------------------------- JSON access

// A value as a message quotes it: strings in quotes, numbers, or its kind.
static const char *shown(const cJSON *v, char *buf, size_t n) {
    char t[64];
    if (!v) snprintf(buf, n, "nothing");
    else if (cJSON_IsString(v))
        snprintf(buf, n, "\"%s\"", text_shown(v->valuestring, strlen(v->valuestring), t, sizeof t));
    else if (cJSON_IsNumber(v)) snprintf(buf, n, "%.17g", v->valuedouble);
    else if (cJSON_IsBool(v)) snprintf(buf, n, "%s", cJSON_IsTrue(v) ? "true" : "false");
    else if (cJSON_IsNull(v)) snprintf(buf, n, "null");
    else if (cJSON_IsArray(v)) snprintf(buf, n, "an array");
    else snprintf(buf, n, "an object");
    return buf;
}

static const cJSON *member(const cJSON *o, const char *key) { return cJSON_GetObjectItemCaseSensitive(o, key); }

// An integer member in [lo, hi]; absent: *out = def unless required.
static bool get_int(Ctx *c, const cJSON *o, const char *key, const char *where, bool required, int64_t lo, int64_t hi,
                    int64_t def, int64_t *out) {
    const cJSON *v = member(o, key);
    char b[96];
    *out = def;
    if (!v && !required) return true;
    if (!v) return fail(c, "%s: expected \"%s\", an integer %lld..%lld", where, key, (long long)lo, (long long)hi);
    double d = cJSON_IsNumber(v) ? v->valuedouble : 0;
    // The range first: converting a double outside int64_t's range is undefined.
    if (!cJSON_IsNumber(v) || !(d >= (double)lo && d <= (double)hi) || d != (double)(int64_t)d)
        return fail(c, "%s: \"%s\" must be an integer %lld..%lld, got %s", where, key, (long long)lo, (long long)hi,
                    shown(v, b, sizeof b));
    *out = (int64_t)d;
    return true;
}

// A string member; absent: *out = NULL (an error when required).
static bool get_str(Ctx *c, const cJSON *o, const char *key, const char *where, bool required, const char **out) {
    const cJSON *v = member(o, key);
    char b[96];
    *out = NULL;
    if (!v && !required) return true;
    if (!cJSON_IsString(v)) return fail(c, "%s: \"%s\" must be a string, got %s", where, key, shown(v, b, sizeof b));
    *out = v->valuestring;
    return true;
}

static bool get_bool(Ctx *c, const cJSON *o, const char *key, const char *where, bool *out) {
    const cJSON *v = member(o, key);
    char b[96];
    *out = false;
    if (!v) return true;
    if (!cJSON_IsBool(v)) return fail(c, "%s: \"%s\" must be true or false, got %s", where, key, shown(v, b, sizeof b));
    *out = cJSON_IsTrue(v);
    return true;
}

// An array member (absent: NULL, fine unless required).
static bool get_array(Ctx *c, const cJSON *o, const char *key, const char *where, bool required, const cJSON **out) {
    const cJSON *v = member(o, key);
    char b[96];
    *out = NULL;
    if (!v && !required) return true;
    if (!cJSON_IsArray(v)) return fail(c, "%s: \"%s\" must be an array, got %s", where, key, shown(v, b, sizeof b));
    *out = v;
    return true;
}

// Line and column (1-based) of pos in text.
static void line_col(const char *text, const char *pos, int *line, int *col) {
    *line = 1;
    *col = 1;
    for (const char *p = text; p < pos; p++) {
        if (*p == '\n') {
            (*line)++;
            *col = 1;
        } else {
            (*col)++;
        }
    }
}

// Parses a whole JSON document (a UTF-8 BOM allowed); on a syntax error the
// message has the line and column where cJSON stopped.
static cJSON *parse_json(Ctx *c, const char *file, const char *text, size_t len, const char *what) {
    size_t skip = 0;
    if (len >= 3 && !memcmp(text, "\xEF\xBB\xBF", 3)) skip = 3;
    const char *end = NULL;
    cJSON *root = cJSON_ParseWithLengthOpts(text + skip, len - skip, &end, 0);
    const char *pos = end ? end : text + len;
    if (root) {
        while (pos < text + len && (*pos == ' ' || *pos == '\t' || *pos == '\r' || *pos == '\n')) pos++;
        if (pos == text + len) return root;
        cJSON_Delete(root);
    }
    int line, col;
    line_col(text, pos, &line, &col);
    char near[64];
    size_t left = (size_t)(text + len - pos);
    if (left == 0) {
        parse_error_set(c->err, file, line, col, "unexpected end of the file: the JSON %s is incomplete", what);
    } else if (root) {
        parse_error_set(c->err, file, line, col, "unexpected '%s' after the JSON %s (expected the end of the file)",
                        text_shown(pos, left < 16 ? left : 16, near, sizeof near), what);
    } else {
        parse_error_set(c->err, file, line, col, "invalid JSON near '%s' (expected a Tiled JSON %s)",
                        text_shown(pos, left < 16 ? left : 16, near, sizeof near), what);
    }
    return NULL;
}

// ---------------------------------------------------------------- tilesets

static bool shape_from_name(const char *s, Tile *out) {
    for (int i = 0; i < SHAPE_COUNT; i++)
        if (!strcmp(s, shape_names[i])) {
            *out = shape_tiles[i];
            return true;
        }
    return false;
}

static bool add_shape(Ctx *c, uint32_t gid, int set, Tile shape) {
    if (c->shape_count == c->shape_cap) {
        int cap = c->shape_cap ? c->shape_cap * 2 : 16;
        ShapeEntry *n = mem_alloc((size_t)cap, sizeof *n);
        if (!n) return fail(c, "out of memory for the tilesets");
        if (c->shape_count) memcpy(n, c->shapes, (size_t)c->shape_count * sizeof *n);
        mem_free(c->shapes);
        c->shapes = n;
        c->shape_cap = cap;
    }
    c->shapes[c->shape_count++] = (ShapeEntry){gid, set, shape};
    return true;
}

static int cmp_shape(const void *a, const void *b) {
    const ShapeEntry *x = a, *y = b;
    if (x->gid != y->gid) return x->gid < y->gid ? -1 : 1;
    return (x->set > y->set) - (x->set < y->set);
}

// The tiles of one tileset (embedded, or an external file's root) with their
// `shape` properties. where names it in messages.
static bool read_tileset_tiles(Ctx *c, const cJSON *ts, int set, const char *where) {
    Tileset *t = &c->sets[set];
    const char *name;
    if (!get_str(c, ts, "name", where, false, &name)) return false;
    if (name) text_shown(name, strlen(name), t->name, sizeof t->name);
    if (!get_int(c, ts, "tilecount", where, false, 0, GID_MASK, -1, &t->tilecount)) return false;
    const cJSON *tiles, *tile;
    if (!get_array(c, ts, "tiles", where, false, &tiles)) return false;
    char w[200], b[96];
    int index = 0;
    cJSON_ArrayForEach(tile, tiles) {
        snprintf(w, sizeof w, "%s, tiles[%d]", where, index++);
        if (!cJSON_IsObject(tile)) return fail(c, "%s: expected an object, got %s", w, shown(tile, b, sizeof b));
        int64_t id;
        int64_t max_id = t->tilecount >= 0 ? t->tilecount - 1 : (int64_t)GID_MASK;
        if (t->tilecount == 0) return fail(c, "%s: the tileset has \"tilecount\": 0 but lists tiles", w);
        if (!get_int(c, tile, "id", w, true, 0, max_id, 0, &id)) return false;
        if (t->firstgid + id > (int64_t)GID_MASK)
            return fail(c, "%s: firstgid %lld + id %lld is past the largest tile id %u", w, (long long)t->firstgid,
                        (long long)id, GID_MASK);
        const cJSON *props, *p;
        if (!get_array(c, tile, "properties", w, false, &props)) return false;
        cJSON_ArrayForEach(p, props) {
            const char *pname, *ptype;
            if (!cJSON_IsObject(p))
                return fail(c, "%s: a property must be an object, got %s", w, shown(p, b, sizeof b));
            if (!get_str(c, p, "name", w, true, &pname) || !get_str(c, p, "type", w, false, &ptype)) return false;
            if (strcmp(pname, "shape")) continue;
            const cJSON *v = member(p, "value");
            Tile shape;
            if ((ptype && strcmp(ptype, "string")) || !cJSON_IsString(v) || !shape_from_name(v->valuestring, &shape))
                return fail(c, "%s (id %lld): property shape must be the string solid, J, L, F or 7, got %s", w,
                            (long long)id, shown(v, b, sizeof b));
            if (!add_shape(c, (uint32_t)(t->firstgid + id), set, shape)) return false;
        }
    }
    return true;
}

// An external tileset: read through c->files, parsed, its root checked.
static const cJSON *external_tileset(Ctx *c, int set, const char *source, const char *where) {
    size_t n = strlen(source);
    if (n >= 4 && !strcmp(source + n - 4, ".tsx")) {
        fail(c, "%s: tileset \"%s\" is in Tiled's XML format (.tsx); export it as JSON (.tsj) or embed it", where,
             source);
        return NULL;
    }
    if (!c->files || !c->files->read) {
        fail(c, "%s: external tileset \"%s\" cannot be read here (embed the tileset in the map)", where, source);
        return NULL;
    }
    char path[1024], why[512];
    size_t len = 0;
    path[0] = why[0] = 0;
    char *text = c->files->read(c->files->ctx, source, &len, path, sizeof path, why, sizeof why);
    if (!text) {
        fail(c, "%s: cannot read tileset \"%s\": %s", where, source, why);
        return NULL;
    }
    c->ext[set] = parse_json(c, path, text, len, "tileset");
    mem_free(text);
    if (!c->ext[set]) return NULL;
    const char *type;
    if (!cJSON_IsObject(c->ext[set])) {
        parse_error_set(c->err, path, 0, 0, "expected a JSON object (a Tiled tileset)");
        return NULL;
    }
    if (!get_str(c, c->ext[set], "type", where, false, &type)) return NULL;
    if (type && strcmp(type, "tileset")) {
        parse_error_set(c->err, path, 0, 0, "\"type\" is \"%s\", expected \"tileset\"", type);
        return NULL;
    }
    return c->ext[set];
}

static bool read_tilesets(Ctx *c, const cJSON *root) {
    const cJSON *sets, *ts;
    if (!get_array(c, root, "tilesets", "the map", true, &sets)) return false;
    char where[96], b[96];
    cJSON_ArrayForEach(ts, sets) {
        int i = c->set_count;
        snprintf(where, sizeof where, "tilesets[%d]", i);
        if (i >= TMJ_MAX_TILESETS) return fail(c, "%s: too many tilesets (at most %d)", where, TMJ_MAX_TILESETS);
        if (!cJSON_IsObject(ts)) return fail(c, "%s: expected an object, got %s", where, shown(ts, b, sizeof b));
        Tileset *t = &c->sets[i];
        snprintf(t->name, sizeof t->name, "%d", i);
        c->set_count++;
        if (!get_int(c, ts, "firstgid", where, true, 1, GID_MASK, 1, &t->firstgid)) return false;
        for (int k = 0; k < i; k++)
            if (c->sets[k].firstgid == t->firstgid)
                return fail(c, "%s: firstgid %lld is also tilesets[%d]'s", where, (long long)t->firstgid, k);
        const char *source;
        if (!get_str(c, ts, "source", where, false, &source)) return false;
        const cJSON *body = source ? external_tileset(c, i, source, where) : ts;
        if (!body) return false;
        if (source) snprintf(where, sizeof where, "tileset \"%.60s\"", source);
        if (!read_tileset_tiles(c, body, i, where)) return false;
    }
    if (c->shape_count) qsort(c->shapes, (size_t)c->shape_count, sizeof *c->shapes, cmp_shape);
    for (int k = 1; k < c->shape_count; k++)
        if (c->shapes[k].gid == c->shapes[k - 1].gid && c->shapes[k].set == c->shapes[k - 1].set)
            return fail(c, "tileset %s lists tile %lld twice", c->sets[c->shapes[k].set].name,
                        (long long)(c->shapes[k].gid - (uint32_t)c->sets[c->shapes[k].set].firstgid));
    return true;
}

// Corners as (x, y), 0 left/top, 1 right/bottom: the solid corner of a half tile.
static Tile flipped(Tile t, uint32_t flags) {
    int x, y;
    switch (t) {
    case TILE_SLOPE_BR: x = 1, y = 1; break;
    case TILE_SLOPE_BL: x = 0, y = 1; break;
    case TILE_SLOPE_TL: x = 0, y = 0; break;
    case TILE_SLOPE_TR: x = 1, y = 0; break;
    default: return t;
    }
    if (flags & GID_FLIP_D) {
        int s = x;
        x = y;
        y = s;
    }
    if (flags & GID_FLIP_H) x = 1 - x;
    if (flags & GID_FLIP_V) y = 1 - y;
    return y ? (x ? TILE_SLOPE_BR : TILE_SLOPE_BL) : (x ? TILE_SLOPE_TR : TILE_SLOPE_TL);
}

// The shape of a global tile id (flags included); where names the cell.
static bool gid_shape(Ctx *c, uint32_t raw, const char *where, Tile *out) {
    uint32_t id = raw & GID_MASK;
    *out = TILE_EMPTY;
    if (id == 0) return true;
    if (raw & GID_ROT_HEX)
        return fail(c, "%s: tile id %u has the hexagonal 120-degree rotation flag (expected an orthogonal map)", where,
                    raw);
    int owner = -1;
    for (int i = 0; i < c->set_count; i++)
        if (c->sets[i].firstgid <= (int64_t)id && (owner < 0 || c->sets[i].firstgid > c->sets[owner].firstgid))
            owner = i;
    if (owner < 0) return fail(c, "%s: tile id %u belongs to no tileset", where, id);
    const Tileset *t = &c->sets[owner];
    int64_t local = (int64_t)id - t->firstgid;
    if (t->tilecount >= 0 && local >= t->tilecount)
        return fail(c, "%s: tile id %u is past the end of tileset %s (ids %lld..%lld)", where, id, t->name,
                    (long long)t->firstgid, (long long)(t->firstgid + t->tilecount - 1));
    ShapeEntry key = {id, owner, TILE_EMPTY};
    const ShapeEntry *e =
        c->shape_count ? bsearch(&key, c->shapes, (size_t)c->shape_count, sizeof key, cmp_shape) : NULL;
    if (!e)
        return fail(c, "%s: tile %lld of tileset %s has no shape property (expected solid, J, L, F or 7)", where,
                    (long long)local, t->name);
    *out = flipped(e->shape, raw);
    return true;
}

// ---------------------------------------------------------------- the .lvl text

static void put(Ctx *c, const char *s) { textbuf_puts(&c->lvl, s); }

// Ends a generated line that came from item.
static bool end_line(Ctx *c, const cJSON *item, bool object) {
    put(c, "\n");
    if (c->from_count == c->from_cap) {
        int cap = c->from_cap ? c->from_cap * 2 : 16;
        LineFrom *n = mem_alloc((size_t)cap, sizeof *n);
        if (!n) return fail(c, "out of memory");
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
    if (!get_str(c, p, "type", where, false, &type)) return false;
    const cJSON *v = member(p, "value");
    bool ok =
        !type || !strcmp(type, "string") || !strcmp(type, "int") || !strcmp(type, "float") || !strcmp(type, "bool");
    if (!ok)
        return fail(c, "%s: property %s has type \"%s\" (expected string, int, float or bool)", where, pname, type);
    if (cJSON_IsString(v) && (!type || !strcmp(type, "string"))) {
        const char *s = v->valuestring;
        size_t len = strlen(s);
        if (len == 0 || len >= n) return fail(c, "%s: property %s must be 1..%d characters", where, pname, (int)n - 1);
        for (size_t i = 0; i < len; i++) {
            unsigned char ch = (unsigned char)s[i];
            if (ch < 0x20 || ch == 0x7F || (!words && ch == ' '))
                return fail(c, "%s: property %s: unexpected %s in %s (expected %s)", where, pname,
                            ch == ' ' ? "blank" : "control character", shown(v, b, sizeof b),
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
    return fail(c, "%s: property %s: value %s does not match its type \"%s\"", where, pname, shown(v, b, sizeof b),
                type ? type : "(none)");
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
            return fail(c, "%s: too many properties (at most %d)", where, TMJ_MAX_PROPERTIES);
        if (!cJSON_IsObject(p))
            return fail(c, "%s: a property must be an object, got %s", where, shown(p, b, sizeof b));
        if (!get_str(c, p, "name", where, true, &name)) return false;
        if (!good_name(name))
            return fail(c, "%s: property name %s (expected letters, digits, _ and -)", where,
                        shown(member(p, "name"), b, sizeof b));
        for (const cJSON *q = props->child; q != p; q = q->next)
            if (!strcmp(member(q, "name")->valuestring, name))
                return fail(c, "%s: property %s is given twice", where, name);
    }
    return true;
}

static bool map_properties(Ctx *c, const cJSON *root, const char *default_name) {
    const cJSON *props, *p;
    if (!get_array(c, root, "properties", "the map", false, &props)) return false;
    if (!check_properties(c, props, "the map")) return false;
    const cJSON *name_prop = NULL;
    cJSON_ArrayForEach(p, props) if (!strcmp(member(p, "name")->valuestring, "name")) name_prop = p;
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
        const char *key = member(p, "name")->valuestring;
        if (p == name_prop) continue;
        if (!strcmp(key, "tile"))
            return fail(c, "the map: property tile: the tile size is the map's tilewidth and tileheight");
        if (!strcmp(key, "spawn") || !strcmp(key, "map") || !strcmp(key, "end"))
            return fail(c, "the map: property %s is not a level key (spawns are point objects)", key);
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
    const cJSON *name = member(o, "name"), *id = member(o, "id");
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
    if (!cJSON_IsObject(o)) return fail(c, "%s: expected an object, got %s", where, shown(o, b, sizeof b));
    if (member(o, "template")) return fail(c, "%s: object templates are not supported (detach it in Tiled)", where);
    const char *type, *cls;
    bool point;
    if (!get_str(c, o, "type", where, false, &type) || !get_str(c, o, "class", where, false, &cls) ||
        !get_bool(c, o, "point", where, &point))
        return false;
    if (type && !*type) type = NULL;
    if (cls && !*cls) cls = NULL;
    if (type && cls && strcmp(type, cls))
        return fail(c, "%s: \"type\" \"%s\" and \"class\" \"%s\" differ", where, type, cls);
    const char *kind = type ? type : cls;
    bool known = kind && !strcmp(kind, "player");
#define KNOWN_KIND(KIND, prefix, Type, name) known |= kind && !strcmp(kind, #prefix);
    CREATURES(KNOWN_KIND)
#undef KNOWN_KIND
    if (!kind) return fail(c, "%s: has no type (expected player, tetran, tentacle or whale)", where);
    if (!known)
        return fail(c, "%s: unknown type \"%s\" (expected player, tetran, tentacle or whale)", where,
                    text_shown(kind, strlen(kind), b, sizeof b));
    if (!point) return fail(c, "%s: a %s must be a point object (Tiled's Insert Point tool)", where, kind);
    const cJSON *x = member(o, "x"), *y = member(o, "y");
    if (!cJSON_IsNumber(x) || !cJSON_IsNumber(y)) return fail(c, "%s: \"x\" and \"y\" must be numbers (pixels)", where);
    double wpx = (double)c->w * c->tile, hpx = (double)c->h * c->tile;
    if (!(x->valuedouble >= 0 && x->valuedouble < wpx && y->valuedouble >= 0 && y->valuedouble < hpx))
        return fail(c, "%s: at x %g y %g px, outside the map (0..%g x 0..%g px)", where, x->valuedouble, y->valuedouble,
                    wpx, hpx);
    bool player = !strcmp(kind, "player");
    if (player && *player_seen) return fail(c, "%s: a second player (there is one player)", where);
    *player_seen |= player;
    const cJSON *props, *p;
    if (!get_array(c, o, "properties", where, false, &props) || !check_properties(c, props, where)) return false;
    if (player && props && props->child) return fail(c, "%s: the player takes no properties", where);
    char line[96], v[160];
    snprintf(line, sizeof line, "spawn %s %d %d", kind, (int)(x->valuedouble / c->tile),
             (int)(y->valuedouble / c->tile));
    put(c, line);
    cJSON_ArrayForEach(p, props) {
        const char *key = member(p, "name")->valuestring;
        if (!value_text(c, p, where, key, false, v, sizeof v)) return false;
        put(c, " ");
        put(c, key);
        put(c, "=");
        put(c, v);
    }
    return end_line(c, o, true);
}

// The tile layer's rows; the object layers' spawns came first.
static bool map_rows(Ctx *c, const cJSON *layer, const char *lname) {
    char where[160], b[96];
    snprintf(where, sizeof where, "tile layer '%s'", lname);
    if (member(layer, "chunks")) return fail(c, "%s: has chunks (an infinite map); expected a fixed-size map", where);
    const char *enc, *comp;
    if (!get_str(c, layer, "encoding", where, false, &enc) || !get_str(c, layer, "compression", where, false, &comp))
        return false;
    if ((enc && strcmp(enc, "csv")) || (comp && *comp))
        return fail(c, "%s: tile data is %s%s%s; save the map with Tile Layer Format CSV", where, enc ? enc : "csv",
                    comp && *comp ? "+" : "", comp ? comp : "");
    int64_t lw, lh;
    if (!get_int(c, layer, "width", where, false, 1, TILEMAP_MAX_SIDE, c->w, &lw) ||
        !get_int(c, layer, "height", where, false, 1, TILEMAP_MAX_SIDE, c->h, &lh))
        return false;
    if (lw != c->w || lh != c->h)
        return fail(c, "%s: is %lld x %lld tiles, the map %d x %d", where, (long long)lw, (long long)lh, c->w, c->h);
    const cJSON *data, *v;
    if (!get_array(c, layer, "data", where, true, &data)) return false;
    put(c, "map");
    if (!end_line(c, layer, false)) return false;
    int64_t want = (int64_t)c->w * c->h, i = 0;
    char row[TILEMAP_MAX_SIDE + 1];
    cJSON_ArrayForEach(v, data) {
        if (i >= want)
            return fail(c, "%s: \"data\" has more than %lld tile ids (width x height)", where, (long long)want);
        int col = (int)(i % c->w), r = (int)(i / c->w);
        char cell[200];
        snprintf(cell, sizeof cell, "%s, column %d row %d", where, col, r);
        double d = cJSON_IsNumber(v) ? v->valuedouble : -1;
        if (!(d >= 0 && d <= 4294967295.0 && d == (double)(uint32_t)d))
            return fail(c, "%s: expected a tile id 0..4294967295, got %s", cell, shown(v, b, sizeof b));
        Tile t;
        if (!gid_shape(c, (uint32_t)d, cell, &t)) return false;
        row[col] = level_tile_char(t);
        if (col == c->w - 1) {
            row[c->w] = '\n';
            textbuf_put(&c->lvl, row, (size_t)c->w + 1);
        }
        i++;
    }
    if (i < want)
        return fail(c, "%s: \"data\" has %lld tile ids, expected %lld (width x height)", where, (long long)i,
                    (long long)want);
    put(c, "end\n");
    return true;
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
    if (!cJSON_IsObject(root)) return fail(c, "expected a JSON object (a Tiled map), got %s", shown(root, b, sizeof b));
    if (!get_str(c, root, "type", "the map", false, &type)) return false;
    if (type && !strcmp(type, "tileset")) return fail(c, "this is a Tiled tileset, not a map");
    if (type && strcmp(type, "map")) return fail(c, "the map: \"type\" is \"%s\", expected \"map\"", type);
    if (!get_str(c, root, "orientation", "the map", false, &orient)) return false;
    if (orient && strcmp(orient, "orthogonal"))
        return fail(c, "the map: orientation is \"%s\"; expected \"orthogonal\"", orient);
    bool infinite;
    if (!get_bool(c, root, "infinite", "the map", &infinite)) return false;
    if (infinite) return fail(c, "the map is infinite; expected a fixed-size map (Map Properties: Infinite off)");
    int64_t w, h, tw, th;
    if (!get_int(c, root, "width", "the map", true, 1, TILEMAP_MAX_SIDE, 0, &w) ||
        !get_int(c, root, "height", "the map", true, 1, TILEMAP_MAX_SIDE, 0, &h) ||
        !get_int(c, root, "tilewidth", "the map", true, 1, 1 << 20, 0, &tw) ||
        !get_int(c, root, "tileheight", "the map", true, 1, 1 << 20, 0, &th))
        return false;
    if (tw != th)
        return fail(c, "the map: tiles are %lld x %lld px; expected square tiles", (long long)tw, (long long)th);
    c->w = (int)w;
    c->h = (int)h;
    c->tile = (int)tw;
    if (!read_tilesets(c, root)) return false;
    char name[128];
    default_name(c->path, name, sizeof name);
    if (!map_properties(c, root, name)) return false;

    const cJSON *layers, *layer, *tiles = NULL;
    if (!get_array(c, root, "layers", "the map", true, &layers)) return false;
    bool player = false;
    int li = 0;
    char lname[64], where[160];
    cJSON_ArrayForEach(layer, layers) {
        snprintf(where, sizeof where, "layers[%d]", li++);
        const char *lt, *ln;
        if (!cJSON_IsObject(layer)) return fail(c, "%s: expected an object, got %s", where, shown(layer, b, sizeof b));
        if (!get_str(c, layer, "type", where, true, &lt) || !get_str(c, layer, "name", where, false, &ln)) return false;
        text_shown(ln ? ln : "", ln ? strlen(ln) : 0, lname, sizeof lname);
        if (!strcmp(lt, "tilelayer")) {
            if (tiles) return fail(c, "layer '%s': a second tile layer (expected one)", lname);
            tiles = layer;
        } else if (!strcmp(lt, "objectgroup")) {
            const cJSON *objs, *o;
            if (!get_array(c, layer, "objects", where, false, &objs)) return false;
            int oi = 0;
            cJSON_ArrayForEach(o, objs) {
                char ow[160];
                object_where(o, lname, oi++, ow, sizeof ow);
                if (!spawn_object(c, o, ow, &player)) return false;
            }
        } else if (!strcmp(lt, "group")) {
            return fail(c, "layer '%s': group layers are not supported (move its layers out)", lname);
        } else if (strcmp(lt, "imagelayer")) {
            return fail(c, "layer '%s': unknown layer type \"%s\"", lname, lt);
        }
    }
    if (!tiles) return fail(c, "the map has no tile layer (expected one, drawn with the bossrush tileset)");
    if (!player) return fail(c, "the map has no player: add a point object of type player to an object layer");
    const char *tn;
    if (!get_str(c, tiles, "name", "the tile layer", false, &tn)) return false;
    text_shown(tn ? tn : "", tn ? strlen(tn) : 0, lname, sizeof lname);
    return map_rows(c, tiles, lname);
}

// A level_parse error of the generated text, told about the map element
// its line came from.
static void report_level_error(Ctx *c, const ParseError *pe) {
    char where[200];
    int i = pe->line - 1;
    if (i >= 0 && i < c->from_count && c->from[i].item && c->from[i].object) {
        object_where(c->from[i].item, "?", 0, where, sizeof where);
    } else if (i >= 0 && i < c->from_count && c->from[i].item) {
        const cJSON *n = member(c->from[i].item, "name");
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
    Ctx c = {.path = path, .err = err, .files = files};
    bool ok = false;
    cJSON *root = parse_json(&c, path, text, len, "map");
    if (root && parse_map(&c, root)) {
        if (c.lvl.oom) {
            fail(&c, "out of memory");
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
            ok = fail(&c, "out of memory");
            level_free(lv);
        } else {
            lv->hash = level_text_hash(canon.p, canon.len);
        }
        textbuf_free(&canon);
    }
    cJSON_Delete(root);
    for (int i = 0; i < TMJ_MAX_TILESETS; i++) cJSON_Delete(c.ext[i]);
    mem_free(c.shapes);
    mem_free(c.from);
    textbuf_free(&c.lvl);
    return ok;
}
