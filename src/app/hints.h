// hints.h -- the app's one-line prompts where a newcomer gets stuck (the
// first Tetran fight's blocked shots, bullets taken without a dash, shots
// that miss, a fight that never climbs). They read the World and its
// events after each tick and never touch the simulation: replays and
// scripts are the same with them or without. A prompt shows once its
// trigger has held for a while, names the bound key or pad button, and
// leaves once the player has done what it says; then it is learned (a bit
// in settings.txt's hints_seen) and never shows again. Pure (no SDL):
// unit-tested in tests/unit/test_hints.c. The triggers are in
// docs/feedback.md, "Prompts".
//
//     hints_begin(&h);                                  // an arena begins
//     ... after each tick: int id = hints_tick(&h, w, set.hints, &set.hints_seen);
//     if (h.learned) save the settings;  if (id != HINT_NONE) draw hints_text(id, ...)
#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sim/world.h"

typedef enum HintId {
    HINT_NONE = -1,
    HINT_WIGGLE = 0,           // shots blocked by Tetran's arms: hold wiggle to open them
    HINT_DASH,                 // hit again and again without dashing: dash through bullets
    HINT_LOCK,                 // shot after shot into the walls: lock to stand and aim
    HINT_CLIMB,                // jumping about, never on a wall: jump at a wall to climb it
    HINT_COUNT,
} HintId;

// Triggers (ticks and counts; docs/feedback.md).
#define HINT_BLOCKED_SHOTS 8       // shots Tetran's arms stopped within HINT_WINDOW_TICKS
#define HINT_HURT_TIMES 3          // hits taken in the arena without a dash
#define HINT_MISSED_SHOTS 25       // the player's shots into the rock within HINT_WINDOW_TICKS, none landing
#define HINT_CLIMB_JUMPS 6         // jumps in the arena without ever attaching to a wall
#define HINT_CLIMB_TICKS 900       // ... and this long into it
#define HINT_WINDOW_TICKS 300      // the "for a while" of the counts above

typedef struct Hints {
    int shown;                 // HINT_* on screen now, HINT_NONE none
    int64_t shown_ticks;       // ticks it has been on screen
    bool learned;              // this tick set a bit in hints_seen (the app saves the settings)
    // What the triggers count (in this arena).
    int blocked, missed;       // within the window: decays at its end
    int64_t window_start;      // tick the window began
    int hurt, jumps;
    bool dashed, attached, landed;   // landed: a player shot reached a creature in the window
} Hints;

// An arena begins: nothing counted, nothing shown.
void hints_begin(Hints *h);
// After each tick of play: counts w's events and state, decides the prompt
// shown (HINT_NONE when none, or when on is false), sets bits in *seen for
// prompts learned (done what they say: wiggled, dashed, locked, climbed,
// whether or not the prompt was showing). Returns h->shown.
int hints_tick(Hints *h, const World *w, bool on, int *seen);
// The prompt's line for id with the bound key or pad button's label (e.g.
// "HOLD Q: OPEN THE ARMS"), into buf; "" for HINT_NONE.
void hints_text(int id, const char *key, char *buf, size_t n);
// The button (BTN_* bit index) a prompt names.
int hints_button(int id);
