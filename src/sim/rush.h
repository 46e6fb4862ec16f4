// rush.h -- the boss rush's rules, pure and separate from any World: the
// arenas come in order, the hearts left at the end of one arena (plus a
// partial refill) are the hearts the next one starts with, and the clock
// and the hits count every attempt. The app drives it; tests check it.
#pragma once
#include <stdbool.h>
#include <stdint.h>

// After a won arena the next one starts with the hearts left plus this
// percentage of the maximum, rounded up (3 of 10 hearts), capped at the
// maximum.
#define RUSH_REFILL_PERCENT 30

typedef struct Rush {
    int arenas;                // arenas in the rush (at least 1)
    int arena;                 // the one being fought, 0-based
    int entry_hp;              // hearts the current arena starts with; 0: full (the first arena)
    int64_t ticks;             // fight time of every attempt so far (lost and abandoned ones too)
    int hits;                  // hits taken over every attempt
    int attempts;              // attempts started (a retry is one more)
    bool complete;             // the last arena was won
} Rush;

// The hearts to enter the next arena with after winning one with hp_left of
// hp_max: hp_left + ceil(hp_max * RUSH_REFILL_PERCENT / 100), at most hp_max,
// at least 1.
int rush_refill(int hp_left, int hp_max);
// A new rush of `arenas` arenas (at least 1), at the first, with full hearts.
void rush_begin(Rush *r, int arenas);
// SessionSetup.start_hp for the current arena (0: full hearts).
int rush_start_hp(const Rush *r);
// An attempt at the current arena ended after `ticks` ticks of fighting
// with `hits` hits taken. Won: on to the next arena with rush_refill of
// what was left (or complete after the last). Lost or abandoned (retry,
// quit): the next attempt is the same arena with the same entry hearts.
// Returns r->complete.
bool rush_attempt_end(Rush *r, bool won, int64_t ticks, int hits, int hp_left, int hp_max);
