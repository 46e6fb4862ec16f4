// hash.c -- FNV-1a 64 with a final avalanche so nearby states differ widely.
#include "core/hash.h"

#include <string.h>

void hash_init(Hash *h) { h->h = 0xCBF29CE484222325ull; }

void hash_bytes(Hash *h, const void *data, size_t n) {
    const unsigned char *p = data;
    uint64_t x = h->h;
    for (size_t i = 0; i < n; i++) {
        x ^= p[i];
        x *= 0x100000001B3ull;
    }
    h->h = x;
}

void hash_u64(Hash *h, uint64_t v) {
    unsigned char b[8];
    for (int i = 0; i < 8; i++) b[i] = (unsigned char)(v >> (8 * i));
    hash_bytes(h, b, 8);
}

void hash_i64(Hash *h, int64_t v) { hash_u64(h, (uint64_t)v); }

void hash_f64(Hash *h, double v) {
    uint64_t bits;
    if (v == 0.0) v = 0.0;
    if (v != v) bits = 0x7FF8000000000000ull;
    else memcpy(&bits, &v, 8);
    hash_u64(h, bits);
}

uint64_t hash_bytes64(const void *data, size_t n) {
    Hash h;
    hash_init(&h);
    hash_bytes(&h, data, n);
    return h.h;
}
