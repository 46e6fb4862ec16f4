// fuzz_level.c -- libFuzzer target: the bytes are a level file (.lvl).
// A level that parses is built into a World and stepped with input from
// the bytes, every invariant checked each tick; one that does not must say
// where.
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static LegProfile prof[LEGS_COUNT];
    static bool have_prof;
    if (!have_prof) fuzz_profiles(prof), have_prof = true;
    Level lv;
    ParseError err;
    memset(&err, 0, sizeof err);
    if (!level_parse(&lv, (const char *)data, size, "fuzz.lvl", &err)) {
        fuzz_check_error(&err);
        return 0;
    }
    if (lv.units > LEVEL_BUDGET_UNITS) fuzz_die("a level over the budget parsed");
    if (lv.hash != level_text_hash((const char *)data, size)) fuzz_die("the level hash is not the text's");
    fuzz_world(&lv, prof, data, size);
    level_free(&lv);
    return 0;
}
