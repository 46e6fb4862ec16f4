// fuzz_script.c -- libFuzzer target: the bytes are a script or replay
// (.script, .rpl). One that parses runs (its inputs, its checks, up to
// FUZZ_TICKS ticks) in a fixed arena with one creature of each kind, every
// invariant checked each tick; its reblessed text must parse again. One
// that does not parse must say where.
#include "harness/script.h"

#include "core/mem.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

// The arena every fuzzed script runs in (its own `level` line is not read:
// the fuzzer would only find files that are not there).
// clang-format off
static const char ARENA[] =
    "spawn player 2 10\n"
    "spawn tetran 14 4 arms=5 segments=8\n"
    "spawn tentacle 22 5 tentacles=3 nodes=12\n"
    "spawn whale 5 2\n"
    "stars 2000\n"
    "map\n"
    "##############################\n"
    "#............................#\n"
    "#............................#\n"
    "#.......J##L.......F####7....#\n"
    "#............................#\n"
    "#............................#\n"
    "#.....................#......#\n"
    "#....##...............#......#\n"
    "#.....................#......#\n"
    "#...........J#L..............#\n"
    "#............................#\n"
    "##############################\n"
    "end\n";
// clang-format on

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static LegProfile prof[LEGS_COUNT];
    static Level arena;
    static bool ready;
    ParseError err;
    if (!ready) {
        fuzz_profiles(prof);
        if (!level_parse(&arena, ARENA, sizeof ARENA - 1, "arena.lvl", &err)) fuzz_die("the fuzz arena does not parse");
        ready = true;
    }
    memset(&err, 0, sizeof err);
    Script *s = script_parse((const char *)data, size, "fuzz/x.script", &err);
    if (!s) {
        fuzz_check_error(&err);
        return 0;
    }
    uint32_t seed = 0;
    bool use_seed = script_seed(s, &seed);
    WorldSetup setup = {.level = &arena,
                        .profiles = prof,
                        .use_seed = use_seed,
                        .seed = seed,
                        .difficulty = (Difficulty)script_difficulty(s),
                        .assist_wiggle = script_assist_wiggle(s),
                        .start_hp = script_hearts(s)};
    World *w = world_create(&setup, &err);
    ScriptRun *r = script_run_new(s);
    if (!w || !r) fuzz_die("no World or ScriptRun for a script that parsed");
    char why[256];
    int64_t end = script_end_tick(s), last = end < FUZZ_TICKS ? end : FUZZ_TICKS;
    bool ok = true;
    for (int64_t t = 0; t <= last && ok; t++) {
        world_step(w, script_run_input(r, t));
        const char *broken = invariant_broken(w, why, sizeof why);
        if (broken) fuzz_die(broken);
        ok = script_run_check(r, w);
    }
    if (ok && last == end) (void)script_run_finish(r);
    if (!ok && !script_run_message(r)[0]) fuzz_die("a failed check without a message");
    size_t n = 0;
    char *text = script_rebless_text(s, r, (const char *)data, size, 0x1111, 0x2222, &n);
    if (!text) fuzz_die("rebless ran out of memory");
    Script *again = script_parse(text, n, "fuzz/x.script", &err);
    if (!again) fuzz_die("a reblessed script does not parse");
    if (script_end_tick(again) != end) fuzz_die("rebless changed the end tick");
    script_free(again);
    mem_free(text);
    script_run_free(r);
    world_free(w);
    script_free(s);
    return 0;
}
