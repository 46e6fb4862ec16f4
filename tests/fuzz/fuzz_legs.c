// fuzz_legs.c -- libFuzzer target: the bytes after the first are one leg
// profile (.leg), the first byte says which leg (mod 4); the other three
// are the built-in ones. Profiles that parse drive the player through a
// climbing arena (walls, ceilings, slopes, shelves) for FUZZ_TICKS + 100
// ticks with input from the bytes, every invariant checked each tick.
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

// clang-format off
static const char ARENA[] =
    "spawn player 3 12\n"
    "map\n"
    "########################\n"
    "#F....................7#\n"
    "#......................#\n"
    "#..........#############\n"
    "#..........#############\n"
    "#......................#\n"
    "#....F##7..............#\n"
    "#......................#\n"
    "#...............J##L...#\n"
    "#......###.....J####L..#\n"
    "#......###....J######L.#\n"
    "#L....................J#\n"
    "#......................#\n"
    "########################\n"
    "end\n";
// clang-format on

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static LegProfile builtin[LEGS_COUNT];
    static Level arena;
    static bool ready;
    ParseError err;
    if (!ready) {
        fuzz_profiles(builtin);
        if (!level_parse(&arena, ARENA, sizeof ARENA - 1, "arena.lvl", &err)) fuzz_die("the fuzz arena does not parse");
        ready = true;
    }
    if (size == 0) return 0;
    LegProfileText text[LEGS_COUNT];
    for (int i = 0; i < LEGS_COUNT; i++)
        text[i] = (LegProfileText){profiles_builtin_text[i], strlen(profiles_builtin_text[i]), legs_name(i)};
    int leg = data[0] % LEGS_COUNT;
    text[leg] = (LegProfileText){(const char *)data + 1, size - 1, "fuzz.leg"};
    LegProfile prof[LEGS_COUNT];
    memcpy(prof, builtin, sizeof prof);
    memset(&err, 0, sizeof err);
    if (!legs_parse_profiles(prof, text, &err)) {
        fuzz_check_error(&err);
        return 0;
    }
    WorldSetup setup = {.level = &arena, .profiles = prof};
    World *w = world_create(&setup, &err);
    if (!w) fuzz_die("world_create failed");
    fuzz_run(w, data, size, FUZZ_TICKS + 100);
    world_free(w);
    return 0;
}
