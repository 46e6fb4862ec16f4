// pace.c -- a fight's presentation timing (pace.h): the warning card,
// hit-stop and slow motion, as a function of real time alone.
#include "app/pace.h"

#include <string.h>

void pace_clear(Pace *p) { memset(p, 0, sizeof *p); }

void pace_start(Pace *p, bool retry) {
    pace_clear(p);
    p->card_len = retry ? PACE_CARD_RETRY_S : PACE_CARD_S;
}

bool pace_card(const Pace *p) { return p->card_len > 0.0; }

double pace_card_t(const Pace *p) { return p->card_len > 0.0 ? p->card_s / p->card_len : 1.0; }

void pace_skip(Pace *p) {
    if (p->card_len > 0.0 && p->card_s < p->card_len - PACE_CARD_OUT_S) p->card_s = p->card_len - PACE_CARD_OUT_S;
}

static void hold(Pace *p, double s) {
    if (p->hold_s < s) p->hold_s = s;
}

static void slow(Pace *p, double s, double rate) {
    // The slower (or, as slow, the longer) one wins.
    if (p->slow_s > 0.0 && (p->slow_rate < rate || (p->slow_rate == rate && p->slow_s >= s))) return;
    p->slow_s = p->slow_len = s;
    p->slow_rate = rate;
}

void pace_events(Pace *p, const Events *ev) {
    for (int i = 0; i < ev->count; i++) switch (ev->e[i].type) {
        case EV_PLAYER_HURT: hold(p, PACE_HURT_HOLD_S); break;
        case EV_PLAYER_DEAD:
            hold(p, PACE_DEATH_HOLD_S);
            slow(p, PACE_DEATH_SLOW_S, PACE_DEATH_RATE);
            break;
        case EV_BOSS_DOWN:
            hold(p, PACE_BOSS_HOLD_S);
            slow(p, PACE_BOSS_SLOW_S, PACE_BOSS_RATE);
            break;
        default: break;
        }
}

// The slow motion's speed with `left` seconds of it to go: its rate, rising
// to 1 over the last PACE_EASE_S.
static double slow_rate_at(const Pace *p, double left) {
    if (left >= PACE_EASE_S) return p->slow_rate;
    return p->slow_rate + (1.0 - p->slow_rate) * (1.0 - left / PACE_EASE_S);
}

double pace_rate(const Pace *p) {
    if (p->card_len > 0.0 || p->hold_s > 0.0) return 0.0;
    return p->slow_s > 0.0 ? slow_rate_at(p, p->slow_s) : 1.0;
}

double pace_step(Pace *p, double dt) {
    if (dt <= 0.0) return 0.0;
    if (p->card_len > 0.0) {
        p->card_s += dt;
        if (p->card_s < p->card_len) return 0.0;
        dt = p->card_s - p->card_len;
        p->card_s = p->card_len = 0.0;
    }
    if (p->hold_s > 0.0) {
        double h = dt < p->hold_s ? dt : p->hold_s;
        p->hold_s -= h;
        dt -= h;
    }
    double sim = 0.0;
    if (dt > 0.0 && p->slow_s > 0.0) {
        double h = dt < p->slow_s ? dt : p->slow_s;
        // The rate at the middle of this stretch (exact while it is flat).
        sim += h * slow_rate_at(p, p->slow_s - h / 2.0);
        p->slow_s -= h;
        dt -= h;
    }
    return sim + dt;
}
