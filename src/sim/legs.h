// legs.h -- the spider player's legs: two-bone IK, ring-triggered steps,
// arc line-cast footholds and the 2-by-2 gait. (Issue 3 fills this in.)
#pragma once
#include <stdbool.h>

#include "core/hash.h"
#include "core/vec2.h"
#include "sim/events.h"
#include "sim/tilemap.h"

#define LEGS_COUNT 4

typedef struct Legs {
    double grow;               // 0 retracted .. 1 fully out
    int planted, stepping, groups_stepping;
    double foot_slip;
} Legs;

typedef struct LegsProbes {
    double legs, planted, stepping, groups_stepping, foot_slip;
} LegsProbes;

void legs_init(Legs *legs);
void legs_hash(const Legs *legs, Hash *h);
void legs_probes(const Legs *legs, LegsProbes *out);
