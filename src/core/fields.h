// fields.h -- field tables: one X-macro per hashed state struct, in its
// header, lists the struct's members in hash order. The members, the hash
// walk and tests/unit/test_hash.c's coverage are generated from it, so a
// new hashed field is one line (docs/fields.md).
//
//   #define TURRET_FIELDS(X) (each line but the last ends in a backslash)
//       X(VAL, Vec2, pos, "px")
//       X(SUB, TurretConfig, cfg, config_hash, "its spawn parameters")
//       X(VAL, int64_t, shots, "bullets fired")
//   typedef struct Turret {
//       FIELDS_MEMBERS(TURRET_FIELDS)
//   } Turret;
//   FIELDS_HASH_FN(void turret_hash, Turret, TURRET_FIELDS)   // in turret.c
//
// One line per member, X(KIND, ...); the hash walk feeds the members in the
// order listed (the walk's function names its struct `c` and its Hash `h`,
// so counts may read c):
//   VAL(T, m, doc)            T m, hashed: integers, enums and bools as
//                             int64 (uint64_t as itself), float and double
//                             as IEEE doubles, Vec2 as x then y
//   ARR(T, m, N, doc)         T m[N], every element as VAL
//   SUB(T, m, fn, doc)        T m, a struct hashed by fn(&c->m, h) (fn is
//                             the walk of T's own table)
//   SUBA(T, m, N, fn, doc)    T m[N], each element by fn
//   ROWS(LIST, N)             parallel arrays T m[N], hashed element by
//                             element across them: LIST(Y, N) holds one
//                             Y(T, m, N, doc) per array
//   PTRS(LIST, COUNT)         parallel arrays allocated at init (T *m), the
//                             first COUNT elements hashed the same way
//   OWN(T, m, doc)            T m, hashed by the owner's own code (a HOOK):
//   OWNA(T, m, N, doc)        T m[N], the same
//   OWNP(T, m, doc)           T *m, the same (a pool: only what is in use)
//   HOOK(fn)                  no member: calls fn(c, h) here
//   POOLS(LIST, doc)          per entry Y(KIND, prefix, Type) of the list
//                             LIST(Y) (the creature list): Type *prefixs
//                             and int prefix_count, the first count each
//                             hashed by prefix_hash (the World's creatures)
//   SKIP(T, m, why)           T m, not hashed, and why
//   SKIPA(T, m, N, why)       T m[N], not hashed, and why
// test_hash.c checks every struct's bytes are its table's members (a member
// written outside the table fails) and that changing each hashed or OWN
// member changes world_hash (a walk that misses one fails).
#pragma once
#include <stdint.h>

#include "core/hash.h"

// One value by its type (see VAL above); fields_hash_vec2 is vec2.h's,
// which has Vec2's own table (included at the end of this file).
#define FIELDS_HASH_VALUE(h, v) \
    _Generic((v), double: hash_f64, float: hash_f64, uint64_t: hash_u64, Vec2: fields_hash_vec2, default: hash_i64)(h, v)

// ---------------------------------------------------------------- members

#define FIELDS_MEMBERS(LIST) LIST(FIELDS_MEMBER)
#define FIELDS_MEMBER(kind, ...) FIELDS_MEMBER_##kind(__VA_ARGS__)
#define FIELDS_MEMBER_VAL(T, m, doc) T m;
#define FIELDS_MEMBER_ARR(T, m, n, doc) T m[n];
#define FIELDS_MEMBER_SUB(T, m, fn, doc) T m;
#define FIELDS_MEMBER_SUBA(T, m, n, fn, doc) T m[n];
#define FIELDS_MEMBER_ROWS(LIST, n) LIST(FIELDS_MEMBER_ROW, n)
#define FIELDS_MEMBER_ROW(T, m, n, doc) T m[n];
#define FIELDS_MEMBER_PTRS(LIST, count) LIST(FIELDS_MEMBER_PTR, count)
#define FIELDS_MEMBER_PTR(T, m, count, doc) T *m;
#define FIELDS_MEMBER_OWN(T, m, doc) T m;
#define FIELDS_MEMBER_OWNA(T, m, n, doc) T m[n];
#define FIELDS_MEMBER_OWNP(T, m, doc) T *m;
#define FIELDS_MEMBER_HOOK(fn)
#define FIELDS_MEMBER_POOLS(LIST, doc) LIST(FIELDS_MEMBER_POOL)
#define FIELDS_MEMBER_POOL(KIND, prefix, Type) \
    Type *prefix##s;                           \
    int prefix##_count;
#define FIELDS_MEMBER_SKIP(T, m, why) T m;
#define FIELDS_MEMBER_SKIPA(T, m, n, why) T m[n];

// ---------------------------------------------------------------- hash walk

// Defines `SIG(const T *c, Hash *h)` walking LIST: SIG is the return type
// and name, e.g. `void whale_hash` or `static void config_hash`.
#define FIELDS_HASH_FN(SIG, T, LIST) \
    SIG(const T *c, Hash *h) {       \
        (void)c;                     \
        LIST(FIELDS_HASH)            \
    }
#define FIELDS_HASH(kind, ...) FIELDS_HASH_##kind(__VA_ARGS__)
#define FIELDS_HASH_VAL(T, m, doc) FIELDS_HASH_VALUE(h, c->m);
#define FIELDS_HASH_ARR(T, m, n, doc) \
    for (int i_ = 0; i_ < (n); i_++) FIELDS_HASH_VALUE(h, c->m[i_]);
#define FIELDS_HASH_SUB(T, m, fn, doc) fn(&c->m, h);
#define FIELDS_HASH_SUBA(T, m, n, fn, doc) \
    for (int i_ = 0; i_ < (n); i_++) fn(&c->m[i_], h);
#define FIELDS_HASH_ROWS(LIST, n) \
    for (int i_ = 0; i_ < (n); i_++) { LIST(FIELDS_HASH_ELEM, n) }
#define FIELDS_HASH_PTRS(LIST, count) \
    for (int i_ = 0; i_ < (count); i_++) { LIST(FIELDS_HASH_ELEM, count) }
#define FIELDS_HASH_ELEM(T, m, n, doc) FIELDS_HASH_VALUE(h, c->m[i_]);
#define FIELDS_HASH_OWN(T, m, doc)
#define FIELDS_HASH_OWNA(T, m, n, doc)
#define FIELDS_HASH_OWNP(T, m, doc)
#define FIELDS_HASH_HOOK(fn) fn(c, h);
#define FIELDS_HASH_POOLS(LIST, doc) LIST(FIELDS_HASH_POOL)
#define FIELDS_HASH_POOL(KIND, prefix, Type) \
    for (int i_ = 0; i_ < c->prefix##_count; i_++) prefix##_hash(&c->prefix##s[i_], h);
#define FIELDS_HASH_SKIP(T, m, why)
#define FIELDS_HASH_SKIPA(T, m, n, why)

// Vec2 lists its members in a table too, so it comes after the macros: a
// file that includes this one or vec2.h first gets both.
#include "core/vec2.h"
