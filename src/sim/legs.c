// legs.c -- spider legs (placeholder until issue 3).
#include "sim/legs.h"

#include <string.h>

void legs_init(Legs *legs) { memset(legs, 0, sizeof *legs); }

void legs_hash(const Legs *legs, Hash *h) {
    hash_f64(h, legs->grow);
    hash_i64(h, legs->planted);
    hash_i64(h, legs->stepping);
}

void legs_probes(const Legs *legs, LegsProbes *out) {
    out->legs = 0;
    out->planted = legs->planted;
    out->stepping = legs->stepping;
    out->groups_stepping = legs->groups_stepping;
    out->foot_slip = legs->foot_slip;
}
