// decor.c -- decoration layers (decor.h): owned copies and their release.
#include "sim/map/decor.h"

#include <string.h>

#include "core/mem.h"

bool decor_copy(Decor *dst, const Decor *src) {
    memset(dst, 0, sizeof *dst);
    dst->w = src->w;
    dst->h = src->h;
    size_t n = (size_t)src->w * (size_t)src->h;
    for (int i = 0; i < src->count; i++) {
        DecorLayer *l = &dst->layers[i];
        *l = src->layers[i];
        l->cells = mem_alloc(n, 1);
        if (!l->cells) {
            decor_free(dst);
            return false;
        }
        memcpy(l->cells, src->layers[i].cells, n);
        dst->count = i + 1;
    }
    return true;
}

void decor_free(Decor *d) {
    for (int i = 0; i < d->count; i++) mem_free(d->layers[i].cells);
    memset(d, 0, sizeof *d);
}

int64_t decor_tiles(const Decor *d, int i) {
    int64_t n = 0;
    size_t cells = (size_t)d->w * (size_t)d->h;
    for (size_t k = 0; k < cells; k++) n += d->layers[i].cells[k] != TILE_EMPTY;
    return n;
}
