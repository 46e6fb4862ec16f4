// events.h -- what happened during one tick, for render and audio to react
// to. Cleared at the start of every world_step; never hashed, never read
// back by the sim.
#pragma once
#include "sim/creatures/creature.h"

typedef enum EventType {
    EV_NONE = 0,
    EV_SHOT,                   // player fired (x, y: muzzle)
    EV_ENEMY_SHOT,             // a creature fired (who: EventWho)
    EV_BULLET_WALL,            // a bullet stopped at a wall (x, y: where)
    EV_HIT,                    // a player bullet hit a creature (who)
    EV_BLOCKED,                // a player bullet was blocked by armour
    EV_PLAYER_HURT,            // player lost hp (who: the source, a: damage, x, y: where the hit came from)
    EV_PLAYER_DEAD,            // the hit that took his last heart (who, x, y as EV_PLAYER_HURT)
    EV_JUMP,
    EV_LAND,                   // player reached a floor
    EV_ATTACH,                 // player stuck to a wall or ceiling
    EV_STEP_LANDED,            // a leg planted its foot (x, y: foot; a: leg)
    EV_BOSS_DOWN,              // a boss died (who)
    EV_PHASE,                  // a boss changed phase (who, a: phase)
    EV_DASH,                   // player dashed (x, y: start; player.dash_dir the way)
    EV_WIGGLE_EMPTY,           // the wiggle gauge ran empty: locked out until it refills
    EV_WIGGLE_READY,           // the lock-out ended: the refilling gauge is usable again
    EV_WINDUP,                 // a tentacle began winding up a shot (who, a: tentacle, x, y: its tip)
    EV_WHALE_TELL,             // the whale starts an attack's telegraph (a: 0 a charge, 1 a spout)
    EV_LOB_TELL,               // a boss marked a parked player for a lob (who; x, y: the mark; creatures/lob.h)
    EV_LOB_SHOT,               // that lob left the boss (who; x, y: where from)
} EventType;

// Who an event or a bullet comes from: the player, or a creature kind
// (WHO_<KIND>, in list order from 2).
typedef enum EventWho {
    WHO_NONE = 0,
    WHO_PLAYER,
#define EVENT_WHO_KIND(KIND, prefix, Type) WHO_##KIND,
    CREATURES(EVENT_WHO_KIND)
#undef EVENT_WHO_KIND
} EventWho;

typedef struct Event {
    EventType type;
    EventWho who;
    int a;
    double x, y;
} Event;

#define EVENTS_MAX 256

typedef struct Events {
    Event e[EVENTS_MAX];
    int count;
    int dropped;               // pushes past EVENTS_MAX this tick
} Events;

void events_clear(Events *ev);
void events_push(Events *ev, EventType type, EventWho who, int a, double x, double y);
