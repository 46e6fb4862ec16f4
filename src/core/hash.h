// hash.h -- 64-bit FNV-1a over canonical values. The state hash feeds each
// field explicitly (never raw structs: padding bytes are undefined), with
// integers as little-endian bytes and doubles as their IEEE bit pattern.
#pragma once
#include <stddef.h>
#include <stdint.h>

typedef struct Hash {
    uint64_t h;
} Hash;

void hash_init(Hash *h);
void hash_bytes(Hash *h, const void *data, size_t n);
void hash_u64(Hash *h, uint64_t v);
void hash_i64(Hash *h, int64_t v);
// -0.0 and 0.0 hash alike; every NaN hashes alike.
void hash_f64(Hash *h, double v);
uint64_t hash_bytes64(const void *data, size_t n);
