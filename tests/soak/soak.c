// soak.c -- plays arenas for a long time with seeded random input and
// checks, after every tick, every invariant (tests/invariants.h) and, over
// the whole run, that memory stays flat: no mem_alloc call inside a tick
// (world_step never allocates) and the resident set no bigger at the end
// than after the first tenth of the run (SOAK_RSS_SLACK_KB). A fight that
// ends (won or lost) starts again a second later from the file, as a
// player retrying would, so the whole run is played and loading and
// freeing are soaked too.
// `make soak` runs every arena in levels/ and levels/test/ for 216,000
// ticks (an hour of play each); `make test` runs a short version.
//
//     soak [--ticks N] [--seed S] LEVEL...
//
// Prints one line per arena and exits 1 at the first broken invariant or
// growing memory (naming the arena and the tick), 2 on a bad command line
// or an unreadable level.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/mem.h"
#include "core/rng.h"
#include "core/text.h"
#include "harness/session.h"
#include "invariants.h"

// The resident set may grow this much after the first tenth of a run:
// pages of pools allocated at load and first touched late (a bullet slot,
// a star's active-list entry), never a leak's steady growth.
// Under AddressSanitizer freed blocks stay resident in its quarantine, so
// every reload of the arena (a fight ended) adds its World's size: there
// the slack is wider, and leaks are LeakSanitizer's to find.
#if defined(__SANITIZE_ADDRESS__)
#define SOAK_RSS_SLACK_KB 8192
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SOAK_RSS_SLACK_KB 8192
#endif
#endif
#ifndef SOAK_RSS_SLACK_KB
#define SOAK_RSS_SLACK_KB 1024
#endif
// Ticks a finished fight goes on before the arena is loaded again.
#define SOAK_RETRY_TICKS SIM_TICK_HZ

// The resident set in KiB (Linux: /proc/self/statm), 0 when unknown.
static long rss_kb(void) {
    FILE *f = fopen("/proc/self/statm", "r");
    if (!f) return 0;
    long pages = 0, resident = 0;
    int got = fscanf(f, "%ld %ld", &pages, &resident);
    fclose(f);
    return got == 2 ? resident * 4 : 0;
}

// What a player does for a while: a direction (or none), and how the other
// buttons go meanwhile. A new intent every 15..135 ticks.
typedef struct Intent {
    uint16_t held;                          // directions, lock, wiggle: held for the whole intent
    int jump_every, fire_every, dash_every; // 0: never; else a press every that many ticks
    int ticks;                              // left
} Intent;

static void next_intent(Intent *it, Rng *rng) {
    static const uint16_t dirs[] = {0,
                                    BTN_LEFT,
                                    BTN_RIGHT,
                                    BTN_UP,
                                    BTN_DOWN,
                                    BTN_LEFT | BTN_UP,
                                    BTN_RIGHT | BTN_UP,
                                    BTN_LEFT | BTN_DOWN,
                                    BTN_RIGHT | BTN_DOWN};
    uint32_t d = rng_below(rng, (uint32_t)(sizeof dirs / sizeof dirs[0]));
    it->held = dirs[d];
    if (rng_below(rng, 8) == 0) it->held |= BTN_LOCK;
    if (rng_below(rng, 4) == 0) it->held |= BTN_WIGGLE;
    it->jump_every = rng_below(rng, 3) ? (int)(8 + rng_below(rng, 60)) : 0;
    it->fire_every = rng_below(rng, 3) ? (int)(2 + rng_below(rng, 12)) : 0;
    it->dash_every = rng_below(rng, 4) == 0 ? (int)(20 + rng_below(rng, 100)) : 0;
    it->ticks = (int)(15 + rng_below(rng, 121));
}

// This tick's buttons: the intent's held ones, and the presses that fall
// on this tick (a jump held 1..12 ticks, so jumps vary in height).
static Input soak_input(Intent *it, Rng *rng, int64_t t, int *jump_left) {
    if (it->ticks-- <= 0) next_intent(it, rng);
    uint16_t b = it->held;
    if (it->jump_every && t % it->jump_every == 0) *jump_left = (int)(1 + rng_below(rng, 12));
    if (*jump_left > 0) {
        b |= BTN_JUMP;
        (*jump_left)--;
    }
    if (it->fire_every && t % it->fire_every < (it->fire_every + 1) / 2) b |= BTN_FIRE;
    if (it->dash_every && t % it->dash_every == 0) b |= BTN_DASH;
    return (Input){b};
}

// One arena; 0 fine, 1 a failure (printed), 2 cannot open.
static int soak_level(const char *path, int64_t ticks, uint64_t seed) {
    Session s;
    SessionSetup setup = {.legs_dir = "assets/legs"};
    if (session_open_level(&s, path, &setup)) {
        fprintf(stderr, "soak: %s\n", session_message(&s));
        session_close(&s);
        return 2;
    }
    Rng rng;
    rng_seed(&rng, seed);
    Intent it = {0};
    int jump_left = 0, fights = 1, won = 0;
    uint64_t allocs = 0;
    long rss_early = 0, rss_end;
    char why[256];
    int rc = 0;
    for (int64_t t = 0; t < ticks && rc == 0; t++) {
        Input in = soak_input(&it, &rng, t, &jump_left);
        uint64_t a0 = mem_alloc_count();
        session_step(&s, &in);
        allocs += mem_alloc_count() - a0;
        const char *broken = invariant_broken(session_world(&s), why, sizeof why);
        if (broken) {
            fprintf(stderr, "soak: %s: fight %d: %s\n", path, fights, broken);
            rc = 1;
        }
        if (t == ticks / 10) rss_early = rss_kb();
        const World *w = session_world(&s);
        if (w->state != GAME_PLAYING && w->tick - w->state_tick >= SOAK_RETRY_TICKS && t + 1 < ticks) {
            won += w->state == GAME_WON;
            session_close(&s);
            setup.use_seed = true;
            setup.seed = (uint32_t)rng_next(&rng);
            if (session_open_level(&s, path, &setup)) {
                fprintf(stderr, "soak: %s: could not load it again: %s\n", path, session_message(&s));
                session_close(&s);
                return 1;
            }
            fights++;
        }
    }
    rss_end = rss_kb();
    printf("%s: %lld ticks, %d fights (%d won), %llu allocations in ticks, rss %ld -> %ld KiB\n", path,
           (long long)ticks, fights, won, (unsigned long long)allocs, rss_early, rss_end);
    if (rc == 0 && allocs != 0) {
        fprintf(stderr, "soak: %s: %llu allocations while stepping (world_step must not allocate)\n", path,
                (unsigned long long)allocs);
        rc = 1;
    }
    if (rc == 0 && rss_early > 0 && rss_end > rss_early + SOAK_RSS_SLACK_KB) {
        fprintf(stderr, "soak: %s: the resident set grew from %ld to %ld KiB after the first tenth of the run\n", path,
                rss_early, rss_end);
        rc = 1;
    }
    session_close(&s);
    return rc;
}

int main(int argc, char **argv) {
    int64_t ticks = 216000;
    uint64_t seed = 1;
    int first = 1;
    for (; first + 1 < argc && argv[first][0] == '-'; first += 2) {
        int64_t v;
        const char *a = argv[first], *val = argv[first + 1];
        if (!text_parse_i64(val, strlen(val), &v) || v < 0) {
            fprintf(stderr, "soak: %s: expected a number, got '%s'\n", a, val);
            return 2;
        }
        if (!strcmp(a, "--ticks")) ticks = v;
        else if (!strcmp(a, "--seed")) seed = (uint64_t)v;
        else {
            fprintf(stderr, "soak: unknown option '%s'\n", a);
            return 2;
        }
    }
    if (first >= argc) {
        fprintf(stderr, "usage: soak [--ticks N] [--seed S] LEVEL...\n");
        return 2;
    }
    int rc = 0;
    for (int i = first; i < argc && rc != 2; i++) {
        int r = soak_level(argv[i], ticks, seed + (uint64_t)i);
        if (r > rc) rc = r;
    }
    printf("soak: %d arenas, %s\n", argc - first, rc ? "FAILED" : "all invariants held, memory flat");
    return rc;
}
