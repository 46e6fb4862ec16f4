// fuzz_tileset.c -- libFuzzer target: the bytes are an external Tiled
// tileset (.tsj), the file a map's {"firstgid": 1, "source": "fuzz.tsj"}
// names. A fixed 8 x 6 map (walls, a floor, slopes and a ceiling tile, ids
// 1..6 from that tileset) is read through it: a tileset that parses must
// give a level that builds and steps (every invariant each tick); one that
// does not must say why and name the tileset or the map.
#include "fuzz.h"
#include "core/mem.h"
#include "sim/tmj.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char MAP[] =
    "{\"type\":\"map\",\"orientation\":\"orthogonal\",\"infinite\":false,\"width\":8,\"height\":6,\"tilew"
    "idth\":32,\"tileheight\":32,\"tilesets\":[{\"firstgid\":1,\"source\":\"fuzz.tsj\"}],\"layers\":[{\"t"
    "ype\":\"tilelayer\",\"name\":\"tiles\",\"width\":8,\"height\":6,\"data\":[1,0,0,0,0,0,0,1,1,0,0,5,0,"
    "0,0,1,1,0,0,0,0,0,0,1,1,0,0,0,0,0,0,1,1,0,4,0,0,2,0,1,1,1,1,1,1,1,1,1]},{\"type\":\"objectgroup\",\""
    "name\":\"spawns\",\"objects\":[{\"id\":1,\"name\":\"player\",\"type\":\"player\",\"point\":true,\"x"
    "\":48,\"y\":144},{\"id\":2,\"name\":\"boss\",\"type\":\"whale\",\"point\":true,\"x\":144,\"y\":48}]}"
    "]}";

typedef struct Bytes {
    const uint8_t *data;
    size_t size;
} Bytes;

static char *read_tileset(const void *ctx, const char *source, size_t *len, char *path, size_t path_n, char *why,
                          size_t why_n) {
    const Bytes *b = ctx;
    snprintf(path, path_n, "%s", source);
    if (strcmp(source, "fuzz.tsj") != 0) {
        snprintf(why, why_n, "no such tileset");
        return NULL;
    }
    char *text = mem_alloc(b->size + 1, 1);
    if (!text) {
        snprintf(why, why_n, "out of memory");
        return NULL;
    }
    if (b->size) memcpy(text, b->data, b->size);
    *len = b->size;
    return text;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static LegProfile prof[LEGS_COUNT];
    static bool have_prof;
    if (!have_prof) fuzz_profiles(prof), have_prof = true;
    Bytes b = {data, size};
    TmjFiles files = {read_tileset, &b};
    Level lv;
    ParseError err;
    memset(&err, 0, sizeof err);
    if (!tmj_parse(&lv, MAP, sizeof MAP - 1, "fuzz.tmj", &files, &err)) {
        if (!err.msg[0] || !err.file[0]) fuzz_die("a tileset error without the file or a message");
        if (err.line < 0 || err.col < 0 || (err.line == 0) != (err.col == 0))
            fuzz_die("a tileset error with half a position");
        return 0;
    }
    if (lv.units > LEVEL_BUDGET_UNITS) fuzz_die("a map over the budget parsed");
    fuzz_world(&lv, prof, data, size);
    level_free(&lv);
    return 0;
}
