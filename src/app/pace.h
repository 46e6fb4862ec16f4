// pace.h -- a fight's presentation timing, in real time only: the warning
// card before the first tick, a hit-stop when the player is hurt, a beat of
// slow motion when he dies or a boss falls. It decides how much simulation
// time a frame's real time is worth, never what a tick computes, so
// replays and recordings are unaffected. Pure (no SDL): unit-tested in
// tests/unit/test_pace.c. The numbers are in docs/feedback.md.
//
//     pace_start(&p, retry);                       // an arena begins
//     acc += pace_step(&p, frame_s);                // each frame, before the ticks
//     ... after each tick: pace_events(&p, &w->events);
#pragma once
#include <stdbool.h>

#include "sim/events.h"

#define PACE_CARD_S 2.6            // the warning card before a fight
#define PACE_CARD_RETRY_S 1.3      // ... before a retry of the same arena
#define PACE_CARD_OUT_S 0.25       // its closing part (a skip jumps here)
#define PACE_HURT_HOLD_S 0.10      // hit-stop when the player is hurt
#define PACE_DEATH_HOLD_S 0.22     // ... when he dies, then slow motion:
#define PACE_DEATH_SLOW_S 1.0      //     this long (real time)
#define PACE_DEATH_RATE 0.25       //     at this fraction of the speed
#define PACE_BOSS_HOLD_S 0.15      // a boss falls: hit-stop, then
#define PACE_BOSS_SLOW_S 0.8
#define PACE_BOSS_RATE 0.35
#define PACE_EASE_S 0.3            // slow motion eases back to full speed over its last part

typedef struct Pace {
    double card_s, card_len;       // time into the warning card and its length (0: none)
    double hold_s;                 // hit-stop left
    double slow_s, slow_len;       // slow motion left and its whole length
    double slow_rate;              // its speed (fraction of real time)
} Pace;

// An arena begins: the warning card (shorter when retry), nothing held.
void pace_start(Pace *p, bool retry);
// No card, nothing held, full speed (the title, the viewer).
void pace_clear(Pace *p);
// The card is showing: the fight has not begun (no tick runs).
bool pace_card(const Pace *p);
// How far through the card, 0..1 (1 when none).
double pace_card_t(const Pace *p);
// Fire or jump during the card: it closes now (its closing part still plays).
void pace_skip(Pace *p);
// A tick's events: EV_PLAYER_HURT holds, EV_PLAYER_DEAD and EV_BOSS_DOWN
// hold and slow down. A new effect never shortens one under way.
void pace_events(Pace *p, const Events *ev);
// Real seconds dt of a frame -> the simulation seconds to run for it (0
// during the card and a hit-stop, less in slow motion, else dt).
double pace_step(Pace *p, double dt);
// The speed now: 0 during the card or a hit-stop, else 0..1.
double pace_rate(const Pace *p);
