// events.c -- the per-tick event queue.
#include "sim/events.h"

#include <math.h>

#include "core/log.h"

void events_clear(Events *ev) {
    ev->count = 0;
    ev->dropped = 0;
}

void events_push(Events *ev, EventType type, EventWho who, int a, double x, double y) {
    ASSERT(isfinite(x) && isfinite(y) && ev->count >= 0 && ev->count <= EVENTS_MAX);
    if (ev->count >= EVENTS_MAX) {
        ev->dropped++;
        return;
    }
    ev->e[ev->count++] = (Event){type, who, a, x, y};
}
