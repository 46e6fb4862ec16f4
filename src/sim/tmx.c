// tmx.c -- Tiled's XML maps and tilesets (tmx.h) as the JSON tree Tiled's
// JSON form of the same file has: expat reads the elements in order and
// each one the .tmj reader looks at becomes what Tiled's JSON writer makes
// of it (<map> the root object, <tileset>, <layer> with its <data>,
// <objectgroup>, <object> with <point/>, <properties>); everything else
// (editor settings, images, wang sets ...) is skipped. No rule of the
// game's is checked here: tmj.c checks the tree, so a .tmx and its .tmj
// give the same Level, the same messages and the same level hash.
#include "sim/tmx.h"

#include <expat.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/textbuf.h"

#define TMX_MAX_DEPTH 64 // deeper elements are skipped whole (Tiled nests far less)

// What an open element is, for where its children go.
typedef enum Kind {
    K_SKIP,       // not read, nor anything inside it
    K_MAP,        // <map> (or <tileset> as a file's root)
    K_TILESET,    // <tileset> in a map
    K_TILE,       // <tileset><tile>
    K_LAYER,      // <layer>
    K_DATA,       // <layer><data> (CSV text or <tile gid> children)
    K_OBJGROUP,   // <objectgroup>
    K_OBJECT,     // <object>
    K_GROUP,      // <group> (refused by the reader; its layers are kept)
    K_OTHERLAYER, // <imagelayer>
    K_PROPS,      // <properties>
    K_PROP,       // <property> (its value may be its text)
} Kind;

typedef struct Open {
    Kind kind;
    cJSON *node; // the JSON this element became (an array for K_PROPS and K_DATA)
} Open;

typedef struct Tx {
    XML_Parser xp;
    const char *path;
    ParseError *err;
    bool failed;
    cJSON *root;
    Open open[TMX_MAX_DEPTH];
    int depth;     // elements open (ones past TMX_MAX_DEPTH counted, not kept)
    int skip_from; // depth of the outermost skipped element, or -1
    TextBuf text;  // the character data of the open <data> or <property>
    bool csv;      // the open <data> is CSV text
    int data_line, data_col;
} Tx;

bool tmx_is_path(const char *path) {
    size_t n = path ? strlen(path) : 0;
    if (n < 4) return false;
    const char *e = path + n - 4;
    return e[0] == '.' && (e[1] | 0x20) == 't' && (e[2] | 0x20) == 'm' && (e[3] | 0x20) == 'x';
}

bool tmx_is_xml(const char *text, size_t len) {
    size_t i = len >= 3 && !memcmp(text, "\xEF\xBB\xBF", 3) ? 3 : 0;
    while (i < len && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r' || text[i] == '\n')) i++;
    return i < len && text[i] == '<';
}

// Fails the read at the parser's position (line and 1-based column).
static void fail_here(Tx *t, const char *msg, const char *detail) {
    if (t->failed) return;
    t->failed = true;
    int line = (int)XML_GetCurrentLineNumber(t->xp), col = (int)XML_GetCurrentColumnNumber(t->xp) + 1;
    parse_error_set(t->err, t->path, line, col, "%s%s", msg, detail ? detail : "");
    XML_StopParser(t->xp, XML_FALSE);
}

static void oom(Tx *t) { fail_here(t, "out of memory reading the XML", NULL); }

static const char *attr(const XML_Char **atts, const char *name) {
    for (int i = 0; atts[i]; i += 2)
        if (!strcmp(atts[i], name)) return atts[i + 1];
    return NULL;
}

// s as a number when all of it is one (Tiled writes numbers plainly).
static bool number(const char *s, double *out) {
    if (!s || !*s) return false;
    char *end;
    *out = strtod(s, &end);
    return *end == 0 && *out == *out;
}

// Adds key to o as the attribute's value: a number when it reads as one
// (else the string, so the reader names what is wrong), absent when absent.
static void put_attr(Tx *t, cJSON *o, const XML_Char **atts, const char *key, bool numeric) {
    const char *s = attr(atts, key);
    double d;
    if (!s) return;
    cJSON *v = numeric && number(s, &d) ? cJSON_CreateNumber(d) : cJSON_CreateString(s);
    if (!v || !cJSON_AddItemToObject(o, key, v)) cJSON_Delete(v), oom(t);
}

// Tiled's 0/1 flags ("infinite") as JSON booleans.
static void put_flag(Tx *t, cJSON *o, const XML_Char **atts, const char *key) {
    const char *s = attr(atts, key);
    if (!s) return;
    cJSON *v = !strcmp(s, "1") || !strcmp(s, "0") ? cJSON_CreateBool(!strcmp(s, "1")) : cJSON_CreateString(s);
    if (!v || !cJSON_AddItemToObject(o, key, v)) cJSON_Delete(v), oom(t);
}

static void put_str(Tx *t, cJSON *o, const char *key, const char *s) {
    if (!cJSON_AddStringToObject(o, key, s)) oom(t);
}

// The array o[key], made on first use (Tiled writes one per element).
static cJSON *array_of(Tx *t, cJSON *o, const char *key) {
    cJSON *a = cJSON_GetObjectItemCaseSensitive(o, key);
    if (a) return cJSON_IsArray(a) ? a : NULL;
    a = cJSON_AddArrayToObject(o, key);
    if (!a) oom(t);
    return a;
}

// A new object appended to o[key].
static cJSON *new_in(Tx *t, cJSON *o, const char *key) {
    cJSON *a = array_of(t, o, key), *n = a ? cJSON_CreateObject() : NULL;
    if (!a) return NULL;
    if (!n || !cJSON_AddItemToArray(a, n)) {
        cJSON_Delete(n);
        oom(t);
        return NULL;
    }
    return n;
}

// A property's value as Tiled's JSON has it: numbers for int and float,
// true/false for bool, else the string (a mismatch the reader reports).
static void put_value(Tx *t, cJSON *prop, const char *s) {
    const cJSON *ty = cJSON_GetObjectItemCaseSensitive(prop, "type");
    const char *type = cJSON_IsString(ty) ? ty->valuestring : "string";
    double d;
    cJSON *v;
    if ((!strcmp(type, "int") || !strcmp(type, "float")) && number(s, &d)) v = cJSON_CreateNumber(d);
    else if (!strcmp(type, "bool") && (!strcmp(s, "true") || !strcmp(s, "false")))
        v = cJSON_CreateBool(!strcmp(s, "true"));
    else v = cJSON_CreateString(s);
    if (!v || !cJSON_AddItemToObject(prop, "value", v)) cJSON_Delete(v), oom(t);
}

// Appends a tile id to the open layer's data; a bad one fails the read at
// (t->data_line, t->data_col).
static void put_gid(Tx *t, cJSON *data, const char *s, size_t n) {
    char buf[16], shown[48];
    double d = -1;
    if (n > 0 && n < sizeof buf) {
        memcpy(buf, s, n);
        buf[n] = 0;
        bool digits = true;
        for (size_t i = 0; i < n; i++) digits &= buf[i] >= '0' && buf[i] <= '9';
        if (digits) d = strtod(buf, NULL);
    }
    if (!(d >= 0 && d <= 4294967295.0)) {
        if (!t->failed) {
            t->failed = true;
            parse_error_set(t->err, t->path, t->data_line, t->data_col,
                            "layer data: expected a tile id 0..4294967295, got '%s'",
                            n ? text_shown(s, n, shown, sizeof shown) : "");
            XML_StopParser(t->xp, XML_FALSE);
        }
        return;
    }
    cJSON *v = cJSON_CreateNumber(d);
    if (!v || !cJSON_AddItemToArray(data, v)) cJSON_Delete(v), oom(t);
}

// The CSV text of a <data>: ids between commas, blanks and line ends around them.
static void csv_ids(Tx *t, cJSON *data) {
    const char *p = t->text.p ? t->text.p : "", *end = p + t->text.len, *seen = p;
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')) p++;
    if (p == end) return; // no ids: the reader says how many it expected
    while (!t->failed) {
        const char *s = p;
        while (p < end && *p != ',') p++;
        const char *e = p;
        while (s < e && (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n')) s++;
        while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r' || e[-1] == '\n')) e--;
        // Where the id is: counted from where the text began.
        for (; seen < s; seen++) {
            if (*seen == '\n') t->data_line++, t->data_col = 1;
            else if ((*seen & 0xC0) != 0x80) t->data_col++;
        }
        put_gid(t, data, s, (size_t)(e - s));
        if (p == end) break;
        p++;
    }
}

static Kind layer_kind(const char *name) {
    if (!strcmp(name, "layer")) return K_LAYER;
    if (!strcmp(name, "objectgroup")) return K_OBJGROUP;
    if (!strcmp(name, "group")) return K_GROUP;
    if (!strcmp(name, "imagelayer")) return K_OTHERLAYER;
    return K_SKIP;
}

// A layer element (in the map or a group) as Tiled's JSON layer.
static cJSON *open_layer(Tx *t, cJSON *parent, Kind k, const XML_Char **atts) {
    static const char *const types[] = {
        [K_LAYER] = "tilelayer", [K_OBJGROUP] = "objectgroup", [K_GROUP] = "group", [K_OTHERLAYER] = "imagelayer"};
    cJSON *l = new_in(t, parent, "layers");
    if (!l) return NULL;
    put_str(t, l, "type", types[k]);
    put_attr(t, l, atts, "id", true);
    put_attr(t, l, atts, "name", false);
    put_attr(t, l, atts, "width", true);
    put_attr(t, l, atts, "height", true);
    if (k == K_OBJGROUP) array_of(t, l, "objects");
    return l;
}

// A tileset's <tile> (its id and its properties, which hold the shape).
static Open open_tile(Tx *t, cJSON *set, const XML_Char **atts) {
    Open o = {K_TILE, new_in(t, set, "tiles")};
    if (o.node) put_attr(t, o.node, atts, "id", true);
    return o;
}

// What a child element named name (not <properties>) of an open element becomes.
static Open element(Tx *t, const Open *up, const char *name, const XML_Char **atts) {
    Open o = {K_SKIP, NULL};
    cJSON *n = up->node;
    switch (up->kind) {
    case K_MAP:
    case K_GROUP:
        if (up->kind == K_MAP && !strcmp(name, "tileset")) {
            o = (Open){K_TILESET, new_in(t, n, "tilesets")};
            if (!o.node) break;
            put_attr(t, o.node, atts, "firstgid", true);
            put_attr(t, o.node, atts, "source", false);
            put_attr(t, o.node, atts, "name", false);
            put_attr(t, o.node, atts, "tilecount", true);
        } else if (up->kind == K_MAP && !strcmp(name, "tile")) {
            o = open_tile(t, n, atts); // a .tsx's tiles
        } else if (layer_kind(name) != K_SKIP) {
            o = (Open){layer_kind(name), open_layer(t, n, layer_kind(name), atts)};
        }
        break;
    case K_TILESET:
        if (!strcmp(name, "tile")) o = open_tile(t, n, atts);
        break;
    case K_LAYER:
        if (!strcmp(name, "data")) {
            const char *enc = attr(atts, "encoding"), *comp = attr(atts, "compression");
            if ((enc && strcmp(enc, "csv")) || (comp && *comp)) {
                char how[160];
                snprintf(how, sizeof how, "%s%s%s", enc ? enc : "xml", comp && *comp ? "+" : "", comp ? comp : "");
                fail_here(t, "the tile layer's data is encoded as ", how);
                // the message goes on: how to get CSV
                snprintf(t->err->msg + strlen(t->err->msg), sizeof t->err->msg - strlen(t->err->msg),
                         "; bossrush reads CSV: in Tiled set Map > Map Properties... > Tile Layer Format to CSV "
                         "and save again");
                break;
            }
            t->csv = enc != NULL;
            t->text.len = 0;
            t->data_line = (int)XML_GetCurrentLineNumber(t->xp);
            t->data_col = (int)XML_GetCurrentColumnNumber(t->xp) + 1;
            o = (Open){K_DATA, array_of(t, n, "data")};
        }
        break;
    case K_DATA:
        if (!strcmp(name, "tile") && !t->csv) {
            const char *g = attr(atts, "gid");
            t->data_line = (int)XML_GetCurrentLineNumber(t->xp);
            t->data_col = (int)XML_GetCurrentColumnNumber(t->xp) + 1;
            put_gid(t, n, g ? g : "0", strlen(g ? g : "0"));
        } else if (!strcmp(name, "chunk")) {
            cJSON *layer = t->open[t->depth - 3].node; // <layer><data><chunk>: an infinite map's, refused
            if (!cJSON_GetObjectItemCaseSensitive(layer, "chunks")) array_of(t, layer, "chunks");
        }
        break;
    case K_OBJGROUP:
        if (!strcmp(name, "object")) {
            o = (Open){K_OBJECT, new_in(t, n, "objects")};
            if (!o.node) break;
            put_attr(t, o.node, atts, "id", true);
            put_attr(t, o.node, atts, "name", false);
            put_attr(t, o.node, atts, "type", false);
            put_attr(t, o.node, atts, "class", false);
            put_attr(t, o.node, atts, "template", false);
            put_attr(t, o.node, atts, "gid", true);
            // Tiled leaves out a zero position; its JSON always has one.
            if (!attr(atts, "x") && !cJSON_AddNumberToObject(o.node, "x", 0)) oom(t);
            if (!attr(atts, "y") && !cJSON_AddNumberToObject(o.node, "y", 0)) oom(t);
            put_attr(t, o.node, atts, "x", true);
            put_attr(t, o.node, atts, "y", true);
            put_attr(t, o.node, atts, "width", true);
            put_attr(t, o.node, atts, "height", true);
        }
        break;
    case K_OBJECT:
        if (!strcmp(name, "point") || !strcmp(name, "ellipse")) {
            if (!cJSON_AddTrueToObject(n, name)) oom(t);
        } else if (!strcmp(name, "polygon") || !strcmp(name, "polyline") || !strcmp(name, "text")) {
            if (!cJSON_AddObjectToObject(n, name)) oom(t);
        }
        break;
    case K_PROPS:
        if (!strcmp(name, "property")) {
            o = (Open){K_PROP, cJSON_CreateObject()};
            if (!o.node || !cJSON_AddItemToArray(n, o.node)) {
                cJSON_Delete(o.node);
                o.node = NULL;
                oom(t);
                break;
            }
            put_attr(t, o.node, atts, "name", false);
            const char *type = attr(atts, "type");
            put_str(t, o.node, "type", type ? type : "string");
            const char *v = attr(atts, "value");
            if (v) put_value(t, o.node, v);
            t->text.len = 0;
        }
        break;
    default: break;
    }
    return o;
}

// What a child element named name of an open element becomes.
static Open child(Tx *t, const Open *up, const char *name, const XML_Char **atts) {
    Open o = {K_SKIP, NULL};
    if (!strcmp(name, "properties") && up->kind != K_PROPS && up->kind != K_PROP && up->kind != K_DATA)
        o = (Open){K_PROPS, array_of(t, up->node, "properties")};
    else o = element(t, up, name, atts);
    if (o.kind != K_SKIP && !o.node) o.kind = K_SKIP;
    return o;
}

static void XMLCALL on_start(void *ud, const XML_Char *name, const XML_Char **atts) {
    Tx *t = ud;
    if (t->failed) return;
    int d = t->depth++;
    if (d >= TMX_MAX_DEPTH || t->skip_from >= 0) {
        if (t->skip_from < 0) t->skip_from = d;
        return;
    }
    Open o = {K_SKIP, NULL};
    if (d == 0) {
        bool map = !strcmp(name, "map"), tileset = !strcmp(name, "tileset");
        if (!map && !tileset) {
            char shown[64], got[80];
            snprintf(got, sizeof got, "<%s>", text_shown(name, strlen(name), shown, sizeof shown));
            fail_here(t, "expected a Tiled map (<map>) or tileset (<tileset>), got ", got);
            return;
        }
        t->root = cJSON_CreateObject();
        if (!t->root) {
            oom(t);
            return;
        }
        put_str(t, t->root, "type", map ? "map" : "tileset");
        static const char *const nums[] = {"width", "height", "tilewidth", "tileheight", "tilecount"};
        for (size_t i = 0; i < sizeof nums / sizeof *nums; i++) put_attr(t, t->root, atts, nums[i], true);
        put_attr(t, t->root, atts, "orientation", false);
        put_attr(t, t->root, atts, "name", false);
        put_flag(t, t->root, atts, "infinite");
        if (map) array_of(t, t->root, "tilesets"), array_of(t, t->root, "layers");
        o = (Open){K_MAP, t->root};
    } else {
        o = child(t, &t->open[d - 1], name, atts);
    }
    t->open[d] = o;
    if (o.kind == K_SKIP) t->skip_from = d;
}

static void XMLCALL on_end(void *ud, const XML_Char *name) {
    Tx *t = ud;
    (void)name;
    if (t->failed) return;
    int d = --t->depth;
    if (t->skip_from >= 0) {
        if (d == t->skip_from) t->skip_from = -1;
        return;
    }
    Open *o = &t->open[d];
    if (t->text.oom) {
        oom(t);
        return;
    }
    if (o->kind == K_DATA && t->csv) {
        csv_ids(t, o->node);
    } else if (o->kind == K_PROP && !cJSON_GetObjectItemCaseSensitive(o->node, "value")) {
        put_value(t, o->node, t->text.p && t->text.len ? t->text.p : ""); // a multi-line string is its text
    }
    t->text.len = 0;
}

static void XMLCALL on_text(void *ud, const XML_Char *s, int len) {
    Tx *t = ud;
    if (t->failed || t->skip_from >= 0 || t->depth < 1) return;
    Kind k = t->open[t->depth - 1].kind;
    if (k == K_DATA && t->csv && t->text.len == 0) { // the CSV text's first character: where ids are counted from
        t->data_line = (int)XML_GetCurrentLineNumber(t->xp);
        t->data_col = (int)XML_GetCurrentColumnNumber(t->xp) + 1;
    }
    if ((k == K_DATA && t->csv) || k == K_PROP) textbuf_put(&t->text, s, (size_t)len);
}

// Tiled writes no DOCTYPE; refusing one keeps entity expansion out.
static void XMLCALL on_doctype(void *ud, const XML_Char *name, const XML_Char *sys, const XML_Char *pub, int subset) {
    (void)name, (void)sys, (void)pub, (void)subset;
    fail_here(ud, "unexpected <!DOCTYPE ...> (a Tiled map has none)", NULL);
}

cJSON *tmx_to_json(const char *text, size_t len, const char *path, ParseError *err) {
    Tx t = {.path = path ? path : "", .err = err, .skip_from = -1};
    if (len > (size_t)INT_MAX) {
        parse_error_set(err, t.path, 0, 0, "the file is too large");
        return NULL;
    }
    t.xp = XML_ParserCreate("UTF-8");
    if (!t.xp) {
        parse_error_set(err, t.path, 0, 0, "out of memory reading the XML");
        return NULL;
    }
    XML_SetUserData(t.xp, &t);
    XML_SetElementHandler(t.xp, on_start, on_end);
    XML_SetCharacterDataHandler(t.xp, on_text);
    XML_SetStartDoctypeDeclHandler(t.xp, on_doctype);
    if (XML_Parse(t.xp, text ? text : "", (int)len, XML_TRUE) == XML_STATUS_ERROR && !t.failed) {
        enum XML_Error e = XML_GetErrorCode(t.xp);
        t.failed = true;
        int line = (int)XML_GetCurrentLineNumber(t.xp), col = (int)XML_GetCurrentColumnNumber(t.xp) + 1;
        parse_error_set(err, t.path, line, col, "invalid XML: %s (expected a Tiled XML map or tileset)",
                        XML_ErrorString(e));
    }
    XML_ParserFree(t.xp);
    textbuf_free(&t.text);
    if (t.failed) {
        cJSON_Delete(t.root);
        return NULL;
    }
    return t.root;
}
