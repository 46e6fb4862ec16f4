// rush.c -- the boss rush's rules: hearts carried between arenas with a
// partial refill, one clock and one hit count over every attempt.
#include "sim/rush.h"

int rush_refill(int hp_left, int hp_max) {
    if (hp_max < 1) hp_max = 1;
    int refill = (hp_max * RUSH_REFILL_PERCENT + 99) / 100;
    int hp = (hp_left > 0 ? hp_left : 0) + refill;
    if (hp > hp_max) hp = hp_max;
    return hp < 1 ? 1 : hp;
}

void rush_begin(Rush *r, int arenas) {
    *r = (Rush){.arenas = arenas > 0 ? arenas : 1, .attempts = 1};
}

int rush_start_hp(const Rush *r) { return r->entry_hp; }

bool rush_attempt_end(Rush *r, bool won, int64_t ticks, int hits, int hp_left, int hp_max) {
    if (r->complete) return true;
    r->ticks += ticks > 0 ? ticks : 0;
    r->hits += hits > 0 ? hits : 0;
    if (!won) {
        r->attempts++;
        return false;
    }
    if (r->arena + 1 >= r->arenas) {
        r->complete = true;
        return true;
    }
    r->arena++;
    r->attempts++;
    r->entry_hp = rush_refill(hp_left, hp_max);
    return false;
}
