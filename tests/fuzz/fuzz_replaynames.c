// fuzz_replaynames.c -- libFuzzer target for the replay folder's names
// (platform/replays.h): the bytes, cut at newlines, are file names and
// level paths. A name that replays_parse_name takes must be kept whole and
// give fields of the documented form (a 15-byte stamp, a dup of 1 or more,
// an arena of letters, digits and '-', won/lost/quit, ticks >= 0); any
// level path's arena part (replays_arena_of) must fit its buffer and, put in
// a replay name, parse back to itself. replays_best over the parsed names
// must find only what it was asked for.
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "platform/replays.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void die(const char *what) {
    fprintf(stderr, "fuzz: %s\n", what);
    abort();
}

static void check_info(const char *name, const ReplayInfo *r) {
    if (strcmp(r->name, name) != 0) die("a parsed name not kept whole");
    if (strlen(r->stamp) != 15 || r->dup < 1 || r->ticks < 0) die("a parsed name with a bad stamp, dup or ticks");
    if (!r->arena[0]) die("a parsed name with no arena");
    for (const char *c = r->arena; *c; c++)
        if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') || *c == '-'))
            die("a parsed arena with a byte the form forbids");
    if (strcmp(r->result, "won") && strcmp(r->result, "lost") && strcmp(r->result, "quit"))
        die("a parsed name with an unknown result");
}

#define MAX_NAMES 64

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static ReplayInfo infos[MAX_NAMES];
    ReplayList list = {infos, 0};
    size_t at = 0;
    while (at <= size && list.n < MAX_NAMES) {
        const uint8_t *nl = memchr(data + at, '\n', size - at);
        size_t len = nl ? (size_t)(nl - (data + at)) : size - at;
        char name[512];
        if (len >= sizeof name) len = sizeof name - 1;
        memcpy(name, data + at, len);
        name[len] = '\0';             // a NUL inside cuts it, as a C file name would be
        ReplayInfo r;
        if (replays_parse_name(name, &r)) {
            check_info(name, &r);
            infos[list.n++] = r;
        }
        // The same bytes as a level's path: its arena part.
        char arena[REPLAYS_ARENA_MAX];
        memset(arena, 0x55, sizeof arena);
        replays_arena_of(name, (uint64_t)len * 0x9E3779B97F4A7C15ull, arena, sizeof arena);   // any hash
        if (!memchr(arena, '\0', sizeof arena)) die("an arena part not terminated in its buffer");
        if (arena[0]) {
            char back[256];
            snprintf(back, sizeof back, "20250611-203015_%s_normal_won_5.rpl", arena);
            ReplayInfo b;
            if (!replays_parse_name(back, &b) || strcmp(b.arena, arena) != 0)
                die("a level's arena part does not make a replay name that parses back");
        }
        if (!nl) break;
        at += (size_t)(nl - (data + at)) + 1;
    }
    for (int i = 0; i < list.n; i++) {
        const ReplayInfo *best = replays_best(&list, infos[i].arena, infos[i].difficulty);
        if (best && (strcmp(best->arena, infos[i].arena) || best->difficulty != infos[i].difficulty))
            die("replays_best found another arena or difficulty");
    }
    return 0;
}
