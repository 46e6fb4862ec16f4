// fuzz_convert.c -- libFuzzer target for the canonical writers: the bytes
// are a level (.lvl). One that parses is written in canonical form
// (level_write), which must parse again and write back the same bytes (a
// fixed point), and converted to a Tiled map (tmj_write, what `--convert
// A.lvl B.tmj` saves), which must read back (tmj_parse) to the same level:
// its canonical text equal. Any difference, or a written file that does not
// read, is a finding.
#include "fuzz.h"
#include "core/textbuf.h"
#include "sim/level_write.h"
#include "sim/tmj.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

// lv's canonical text in *out (a fresh buffer).
static void canonical(const Level *lv, TextBuf *out) {
    *out = (TextBuf){0};
    level_write(lv, out);
    if (out->oom) fuzz_die("level_write ran out of memory");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    Level lv, again, back;
    ParseError err;
    memset(&err, 0, sizeof err);
    if (!level_parse(&lv, (const char *)data, size, "fuzz.lvl", &err)) {
        fuzz_check_error(&err);
        return 0;
    }
    TextBuf a, b, map, c;
    canonical(&lv, &a);
    if (!level_parse(&again, a.p, a.len, "fuzz.lvl", &err)) fuzz_die("the canonical text does not parse");
    canonical(&again, &b);
    if (a.len != b.len || memcmp(a.p, b.p, a.len) != 0) fuzz_die("the canonical text is not a fixed point");
    map = (TextBuf){0};
    if (!tmj_write(&lv, "tileset.png", &map)) fuzz_die("tmj_write ran out of memory");
    if (!tmj_parse(&back, map.p, map.len, "fuzz.lvl", NULL, &err)) fuzz_die("the written map does not read back");
    canonical(&back, &c);
    if (a.len != c.len || memcmp(a.p, c.p, a.len) != 0) fuzz_die("the map reads back as another level");
    textbuf_free(&a);
    textbuf_free(&b);
    textbuf_free(&c);
    textbuf_free(&map);
    level_free(&lv);
    level_free(&again);
    level_free(&back);
    return 0;
}
