// hints.c -- the newcomer prompts' triggers and lines (hints.h). Reads the
// World after a tick; the simulation never knows.
#include "app/hints.h"

#include <stdio.h>
#include <string.h>

void hints_begin(Hints *h) {
    memset(h, 0, sizeof *h);
    h->shown = HINT_NONE;
}

static bool seen_bit(const int *seen, int id) { return (*seen >> id) & 1; }

static void learn(Hints *h, int *seen, int id) {
    if (seen_bit(seen, id)) return;
    *seen |= 1 << id;
    h->learned = true;
}

// Each prompt's trigger, as counted so far.
static bool wanted(const Hints *h, const World *w, int id) {
    switch (id) {
    case HINT_WIGGLE: return h->blocked >= HINT_BLOCKED_SHOTS;
    case HINT_DASH: return h->hurt >= HINT_HURT_TIMES && !h->dashed;
    case HINT_LOCK: return h->missed >= HINT_MISSED_SHOTS && !h->landed;
    case HINT_CLIMB: return h->jumps >= HINT_CLIMB_JUMPS && !h->attached && w->tick >= HINT_CLIMB_TICKS;
    default: return false;
    }
}

int hints_tick(Hints *h, const World *w, bool on, int *seen) {
    h->learned = false;
    if (w->tick - h->window_start >= HINT_WINDOW_TICKS) {
        h->window_start = w->tick;
        h->blocked = h->missed = 0;
        h->landed = false;
    }
    for (int i = 0; i < w->events.count; i++) {
        const Event *e = &w->events.e[i];
        switch (e->type) {
        case EV_BLOCKED: h->blocked += e->who == WHO_TETRAN; break;
        case EV_BULLET_WALL: h->missed += e->a == OWNER_PLAYER; break;
        case EV_HIT: h->landed = true; break;
        case EV_PLAYER_HURT: h->hurt++; break;
        case EV_JUMP: h->jumps++; break;
        case EV_DASH: h->dashed = true; break;
        default: break;
        }
    }
    const Player *p = &w->player;
    if (p->state == PLAYER_WALL) h->attached = true;
    // Doing what a prompt says teaches it, shown or not.
    if (p->wiggle) learn(h, seen, HINT_WIGGLE);
    if (h->dashed) learn(h, seen, HINT_DASH);
    if (w->input.buttons & BTN_LOCK) learn(h, seen, HINT_LOCK);
    if (h->attached) learn(h, seen, HINT_CLIMB);
    if (h->shown != HINT_NONE && (seen_bit(seen, h->shown) || !on || w->state != GAME_PLAYING)) {
        h->shown = HINT_NONE;
        h->shown_ticks = 0;
    }
    if (h->shown == HINT_NONE && on && w->state == GAME_PLAYING) {
        for (int id = 0; id < HINT_COUNT; id++)
            if (!seen_bit(seen, id) && wanted(h, w, id)) {
                h->shown = id;
                break;
            }
    }
    if (h->shown != HINT_NONE) h->shown_ticks++;
    return h->shown;
}

int hints_button(int id) {
    static const int BTN[HINT_COUNT] = {6, 8, 7, 4};   // wiggle, dash, lock, jump (bit indexes)
    return id >= 0 && id < HINT_COUNT ? BTN[id] : -1;
}

void hints_text(int id, const char *key, char *buf, size_t n) {
    switch (id) {
    case HINT_WIGGLE: snprintf(buf, n, "HOLD %s: OPEN THE ARMS", key); break;
    case HINT_DASH: snprintf(buf, n, "PRESS %s: DASH THROUGH BULLETS", key); break;
    case HINT_LOCK: snprintf(buf, n, "HOLD %s: STAND STILL AND AIM", key); break;
    case HINT_CLIMB: snprintf(buf, n, "JUMP (%s) AT A WALL TO CLIMB IT", key); break;
    default: snprintf(buf, n, "%s", ""); break;
    }
}
