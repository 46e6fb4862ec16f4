// fuzz_tmj.c -- libFuzzer target: the bytes are a Tiled map, JSON (.tmj) or,
// when they start like XML, XML (.tmx, read by sim/tmx.c; seeds of both).
// A map that parses is built into a World and stepped with input from the
// bytes, every invariant checked each tick; one that does not must say why
// and name the file (a JSON syntax error also its line and column; an error
// about a map element names the element instead).
#include "fuzz.h"
#include "sim/tmj.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static LegProfile prof[LEGS_COUNT];
    static bool have_prof;
    if (!have_prof) fuzz_profiles(prof), have_prof = true;
    Level lv;
    ParseError err;
    memset(&err, 0, sizeof err);
    if (!tmj_parse(&lv, (const char *)data, size, "fuzz.tmj", NULL, &err)) {
        if (!err.msg[0] || strcmp(err.file, "fuzz.tmj") != 0) fuzz_die("a map error without the file or a message");
        if (err.line < 0 || err.col < 0 || (err.line == 0) != (err.col == 0)) fuzz_die("a map error with half a position");
        return 0;
    }
    if (lv.units > LEVEL_BUDGET_UNITS) fuzz_die("a map over the budget parsed");
    fuzz_world(&lv, prof, data, size);
    level_free(&lv);
    return 0;
}
