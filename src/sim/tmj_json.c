// tmj_json.c -- reading Tiled JSON maps, the parts tmj.c leans on
// (tmj_read.h): checked access to cJSON's values with messages that name
// the element, the document parsed with the line and column of a syntax
// error, and the tilesets: which tile ids are which shapes, flips included.
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/mem.h"
#include "core/text.h"
#include "sim/tmj_local.h"
#include "sim/tmj_read.h"
#include "sim/tmx.h"

// Tiled's flags in the top bits of a global tile id.
#define GID_FLIP_H 0x80000000u
#define GID_FLIP_V 0x40000000u
#define GID_FLIP_D 0x20000000u  // anti-diagonal: x and y swapped, applied first
#define GID_ROT_HEX 0x10000000u // hexagonal maps' 120-degree turn: never on an orthogonal map
#define GID_MASK 0x0FFFFFFFu

bool tmj_fail(Ctx *c, const char *fmt, ...) {
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    parse_error_set(c->err, c->path, 0, 0, "%s", msg);
    return false;
}

// ---------------------------------------------------------------- JSON access

// A value as a message quotes it: strings in quotes, numbers, or its kind.
const char *tmj_shown(const cJSON *v, char *buf, size_t n) {
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

// An integer member in [lo, hi]; absent: *out = def unless required.
bool tmj_get_int(Ctx *c, const cJSON *o, const char *key, const char *where, bool required, int64_t lo, int64_t hi,
                 int64_t def, int64_t *out) {
    const cJSON *v = tmj_member(o, key);
    char b[96];
    *out = def;
    if (!v && !required) return true;
    if (!v) return tmj_fail(c, "%s: expected \"%s\", an integer %lld..%lld", where, key, (long long)lo, (long long)hi);
    double d = cJSON_IsNumber(v) ? v->valuedouble : 0;
    // The range first: converting a double outside int64_t's range is undefined.
    if (!cJSON_IsNumber(v) || !(d >= (double)lo && d <= (double)hi) || d != (double)(int64_t)d)
        return tmj_fail(c, "%s: \"%s\" must be an integer %lld..%lld, got %s", where, key, (long long)lo, (long long)hi,
                        tmj_shown(v, b, sizeof b));
    *out = (int64_t)d;
    return true;
}

// A string member; absent: *out = NULL (an error when required).
bool tmj_get_str(Ctx *c, const cJSON *o, const char *key, const char *where, bool required, const char **out) {
    const cJSON *v = tmj_member(o, key);
    char b[96];
    *out = NULL;
    if (!v && !required) return true;
    if (!cJSON_IsString(v))
        return tmj_fail(c, "%s: \"%s\" must be a string, got %s", where, key, tmj_shown(v, b, sizeof b));
    *out = v->valuestring;
    return true;
}

bool tmj_get_bool(Ctx *c, const cJSON *o, const char *key, const char *where, bool *out) {
    const cJSON *v = tmj_member(o, key);
    char b[96];
    *out = false;
    if (!v) return true;
    if (!cJSON_IsBool(v))
        return tmj_fail(c, "%s: \"%s\" must be true or false, got %s", where, key, tmj_shown(v, b, sizeof b));
    *out = cJSON_IsTrue(v);
    return true;
}

// An array member (absent: NULL, fine unless required).
bool tmj_get_array(Ctx *c, const cJSON *o, const char *key, const char *where, bool required, const cJSON **out) {
    const cJSON *v = tmj_member(o, key);
    char b[96];
    *out = NULL;
    if (!v && !required) return true;
    if (!cJSON_IsArray(v))
        return tmj_fail(c, "%s: \"%s\" must be an array, got %s", where, key, tmj_shown(v, b, sizeof b));
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

// The first \u0000 inside a JSON string of a well-formed document, or NULL:
// cJSON would end the C string there and silently cut the name or value.
static const char *escaped_nul(const char *p, const char *end) {
    bool in_string = false;
    for (; p < end; p++) {
        if (!in_string) {
            in_string = *p == '"';
        } else if (*p == '"') {
            in_string = false;
        } else if (*p == '\\' && p + 1 < end) {
            if (p[1] == 'u' && end - p >= 6 && !memcmp(p + 2, "0000", 4)) return p;
            p++;                         // the escaped character
        }
    }
    return NULL;
}

// Parses a whole JSON document (a UTF-8 BOM allowed); on a syntax error the
// message has the line and column where cJSON stopped.
cJSON *tmj_parse_json(Ctx *c, const char *file, const char *text, size_t len, const char *what) {
    size_t skip = 0;
    if (len >= 3 && !memcmp(text, "\xEF\xBB\xBF", 3)) skip = 3;
    const char *end = NULL;
    cJSON *root = cJSON_ParseWithLengthOpts(text + skip, len - skip, &end, 0);
    const char *pos = end ? end : text + len;
    if (root) {
        while (pos < text + len && (*pos == ' ' || *pos == '\t' || *pos == '\r' || *pos == '\n')) pos++;
        const char *nul = pos == text + len ? escaped_nul(text + skip, text + len) : NULL;
        if (pos == text + len && !nul) return root;
        cJSON_Delete(root);
        if (nul) {
            int line, col;
            line_col(text, nul, &line, &col);
            parse_error_set(c->err, file, line, col,
                            "unexpected \\u0000 (a NUL character) in a string: names and values cannot hold one");
            return NULL;
        }
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
        if (!n) return tmj_fail(c, "out of memory for the tilesets");
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
    if (!tmj_get_str(c, ts, "name", where, false, &name)) return false;
    if (name) text_shown(name, strlen(name), t->name, sizeof t->name);
    if (!tmj_get_int(c, ts, "tilecount", where, false, 0, GID_MASK, -1, &t->tilecount)) return false;
    const cJSON *tiles, *tile;
    if (!tmj_get_array(c, ts, "tiles", where, false, &tiles)) return false;
    char w[200], b[96];
    int index = 0;
    cJSON_ArrayForEach(tile, tiles) {
        snprintf(w, sizeof w, "%s, tiles[%d]", where, index++);
        if (!cJSON_IsObject(tile))
            return tmj_fail(c, "%s: expected an object, got %s", w, tmj_shown(tile, b, sizeof b));
        int64_t id;
        int64_t max_id = t->tilecount >= 0 ? t->tilecount - 1 : (int64_t)GID_MASK;
        if (t->tilecount == 0) return tmj_fail(c, "%s: the tileset has \"tilecount\": 0 but lists tiles", w);
        if (!tmj_get_int(c, tile, "id", w, true, 0, max_id, 0, &id)) return false;
        if (t->firstgid + id > (int64_t)GID_MASK)
            return tmj_fail(c, "%s: firstgid %lld + id %lld is past the largest tile id %u", w, (long long)t->firstgid,
                            (long long)id, GID_MASK);
        const cJSON *props, *p;
        if (!tmj_get_array(c, tile, "properties", w, false, &props)) return false;
        cJSON_ArrayForEach(p, props) {
            const char *pname, *ptype;
            if (!cJSON_IsObject(p))
                return tmj_fail(c, "%s: a property must be an object, got %s", w, tmj_shown(p, b, sizeof b));
            if (!tmj_get_str(c, p, "name", w, true, &pname) || !tmj_get_str(c, p, "type", w, false, &ptype))
                return false;
            if (strcmp(pname, "shape")) continue;
            const cJSON *v = tmj_member(p, "value");
            Tile shape;
            if ((ptype && strcmp(ptype, "string")) || !cJSON_IsString(v) || !shape_from_name(v->valuestring, &shape))
                return tmj_fail(c, "%s (id %lld): property shape must be the string solid, J, L, F or 7, got %s", w,
                                (long long)id, tmj_shown(v, b, sizeof b));
            if (!add_shape(c, (uint32_t)(t->firstgid + id), set, shape)) return false;
        }
    }
    return true;
}

// An external tileset: read through c->files, parsed, its root checked.
static const cJSON *external_tileset(Ctx *c, int set, const char *source, const char *where) {
    if (!c->files || !c->files->read) {
        tmj_fail(c, "%s: external tileset \"%s\" cannot be read here (embed the tileset in the map)", where, source);
        return NULL;
    }
    char path[1024], why[512];
    size_t len = 0;
    path[0] = why[0] = 0;
    char *text = c->files->read(c->files->ctx, source, &len, path, sizeof path, why, sizeof why);
    if (!text) {
        tmj_fail(c, "%s: cannot read tileset \"%s\": %s", where, source, why);
        return NULL;
    }
    // Tiled's XML tileset (.tsx) becomes the tree its .tsj has (tmx.c).
    c->ext[set] = tmx_is_xml(text, len) ? tmx_to_json(text, len, path, c->err)
                                        : tmj_parse_json(c, path, text, len, "tileset");
    mem_free(text);
    if (!c->ext[set]) return NULL;
    const char *type;
    if (!cJSON_IsObject(c->ext[set])) {
        parse_error_set(c->err, path, 0, 0, "expected a JSON object (a Tiled tileset)");
        return NULL;
    }
    if (!tmj_get_str(c, c->ext[set], "type", where, false, &type)) return NULL;
    if (type && strcmp(type, "tileset")) {
        parse_error_set(c->err, path, 0, 0, "\"type\" is \"%s\", expected \"tileset\"", type);
        return NULL;
    }
    return c->ext[set];
}

bool tmj_read_tilesets(Ctx *c, const cJSON *root) {
    const cJSON *sets, *ts;
    if (!tmj_get_array(c, root, "tilesets", "the map", true, &sets)) return false;
    char where[96], b[96];
    cJSON_ArrayForEach(ts, sets) {
        int i = c->set_count;
        snprintf(where, sizeof where, "tilesets[%d]", i);
        if (i >= TMJ_MAX_TILESETS) return tmj_fail(c, "%s: too many tilesets (at most %d)", where, TMJ_MAX_TILESETS);
        if (!cJSON_IsObject(ts))
            return tmj_fail(c, "%s: expected an object, got %s", where, tmj_shown(ts, b, sizeof b));
        Tileset *t = &c->sets[i];
        snprintf(t->name, sizeof t->name, "%d", i);
        c->set_count++;
        if (!tmj_get_int(c, ts, "firstgid", where, true, 1, GID_MASK, 1, &t->firstgid)) return false;
        for (int k = 0; k < i; k++)
            if (c->sets[k].firstgid == t->firstgid)
                return tmj_fail(c, "%s: firstgid %lld is also tilesets[%d]'s", where, (long long)t->firstgid, k);
        const char *source;
        if (!tmj_get_str(c, ts, "source", where, false, &source)) return false;
        const cJSON *body = source ? external_tileset(c, i, source, where) : ts;
        if (!body) return false;
        if (source) snprintf(where, sizeof where, "tileset \"%.60s\"", source);
        if (!read_tileset_tiles(c, body, i, where)) return false;
    }
    if (c->shape_count) qsort(c->shapes, (size_t)c->shape_count, sizeof *c->shapes, cmp_shape);
    for (int k = 1; k < c->shape_count; k++)
        if (c->shapes[k].gid == c->shapes[k - 1].gid && c->shapes[k].set == c->shapes[k - 1].set)
            return tmj_fail(c, "tileset %s lists tile %lld twice", c->sets[c->shapes[k].set].name,
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
bool tmj_gid_shape(Ctx *c, uint32_t raw, const char *where, Tile *out) {
    uint32_t id = raw & GID_MASK;
    *out = TILE_EMPTY;
    if (id == 0) return true;
    if (raw & GID_ROT_HEX)
        return tmj_fail(c, "%s: tile id %u has the hexagonal 120-degree rotation flag (expected an orthogonal map)",
                        where, raw);
    int owner = -1;
    for (int i = 0; i < c->set_count; i++)
        if (c->sets[i].firstgid <= (int64_t)id && (owner < 0 || c->sets[i].firstgid > c->sets[owner].firstgid))
            owner = i;
    if (owner < 0) return tmj_fail(c, "%s: tile id %u belongs to no tileset", where, id);
    const Tileset *t = &c->sets[owner];
    int64_t local = (int64_t)id - t->firstgid;
    if (t->tilecount >= 0 && local >= t->tilecount)
        return tmj_fail(c, "%s: tile id %u is past the end of tileset %s (ids %lld..%lld)", where, id, t->name,
                        (long long)t->firstgid, (long long)(t->firstgid + t->tilecount - 1));
    ShapeEntry key = {id, owner, TILE_EMPTY};
    const ShapeEntry *e =
        c->shape_count ? bsearch(&key, c->shapes, (size_t)c->shape_count, sizeof key, cmp_shape) : NULL;
    if (!e)
        return tmj_fail(c, "%s: tile %lld of tileset %s has no shape property (expected solid, J, L, F or 7)", where,
                        (long long)local, t->name);
    *out = flipped(e->shape, raw);
    return true;
}

// ---------------------------------------------------------------- positions

// cJSON keeps no positions, so an element's is found again in the text (a
// well-formed document: cJSON has parsed it) by walking keys and indices.
static const char *skip_ws(const char *p, const char *end) {
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')) p++;
    return p;
}

// Past the value at p (a string, object, array or scalar).
static const char *skip_value(const char *p, const char *end) {
    int depth = 0;
    do {
        if (p >= end) return end;
        if (*p == '"') {
            for (p++; p < end && *p != '"'; p++)
                if (*p == '\\') p++;
            p++;
        } else if (*p == '{' || *p == '[') {
            depth++, p++;
        } else if (*p == '}' || *p == ']') {
            depth--, p++;
        } else if (depth == 0) {
            while (p < end && *p != ',' && *p != '}' && *p != ']' && *p != ' ' && *p != '\t' && *p != '\r' &&
                   *p != '\n')
                p++;
        } else {
            p++;
        }
    } while (depth > 0);
    return p;
}

// The value of member key of the object at p, or NULL.
static const char *member_at(const char *p, const char *end, const char *key) {
    size_t klen = strlen(key);
    p = skip_ws(p, end);
    if (p >= end || *p != '{') return NULL;
    p = skip_ws(p + 1, end);
    while (p < end && *p == '"') {
        const char *name = p + 1, *after = skip_value(p, end);
        bool hit = (size_t)(after - 1 - name) == klen && !memcmp(name, key, klen);
        p = skip_ws(after, end);
        if (p >= end || *p != ':') return NULL;
        p = skip_ws(p + 1, end);
        if (hit) return p;
        p = skip_ws(skip_value(p, end), end);
        if (p < end && *p == ',') p = skip_ws(p + 1, end);
    }
    return NULL;
}

// Element i of the array at p, or NULL.
static const char *element_at(const char *p, const char *end, int64_t i) {
    p = skip_ws(p, end);
    if (p >= end || *p != '[') return NULL;
    p = skip_ws(p + 1, end);
    for (int64_t k = 0; p < end && *p != ']'; k++) {
        if (k == i) return p;
        p = skip_ws(skip_value(p, end), end);
        if (p < end && *p == ',') p = skip_ws(p + 1, end);
    }
    return NULL;
}

void tmj_at_layer(Ctx *c, int layer, const char *key, int64_t index) {
    if (!c->err || c->err->line || !c->text || strcmp(c->err->file, c->path)) return;
    const char *end = c->text + c->len, *p = c->text;
    if (c->len >= 3 && !memcmp(p, "\xEF\xBB\xBF", 3)) p += 3;
    p = member_at(p, end, "layers");
    p = p ? element_at(p, end, layer) : NULL;
    if (p && key) {
        const char *v = member_at(p, end, key);
        if (v && index >= 0) v = element_at(v, end, index);
        if (v) p = v;
    }
    if (p) line_col(c->text, p, &c->err->line, &c->err->col);
}
