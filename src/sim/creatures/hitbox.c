// hitbox.c -- a creature's part boxes for its bullet tests (hitbox.h).
#include "sim/creatures/hitbox.h"

#include <math.h>
#include <string.h>

#include "core/mem.h"

bool hitbox_init(HitBoxes *h, int chains, int segments) {
    memset(h, 0, sizeof *h);
    if (chains < 1 || segments < 1) return true;
    int chunks = (segments + HITBOX_CHUNK - 1) / HITBOX_CHUNK;
    h->box = mem_alloc((size_t)chains * (size_t)(1 + chunks), sizeof *h->box);
    if (!h->box) return false;
    h->chains = chains;
    h->chunks = chunks;
    return true;
}

void hitbox_free(HitBoxes *h) {
    mem_free(h->box);
    memset(h, 0, sizeof *h);
}

void hitbox_chain_clear(HitBoxes *h, int a) {
    const Box none = {INFINITY, INFINITY, -INFINITY, -INFINITY};
    Box *b = &h->box[(long)a * (1 + h->chunks)];
    for (int k = 0; k <= h->chunks; k++) b[k] = none;
}
