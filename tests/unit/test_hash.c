// test_hash.c -- every field of the World reaches world_hash. Each struct the
// World holds (the World too) has a field table in its header (core/fields.h),
// read here as a StructDef; a layout check fails when the struct
// has bytes no listed field covers (beyond the padding the next field's
// alignment requires), so a new field must be listed: hashed, or "not
// hashed, because ...". Then every hashed field of a live World (all three
// creature kinds, bullets in flight, stars displaced) is changed in turn
// and the hash must change.
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "fixtures.h"

#include "harness/statedump.h"
#include "sim/world.h"

typedef enum Kind {
    K_SKIP = 0,                // not hashed (the field says why)
    K_BOOL,
    K_U8,
    K_U16,
    K_INT,                     // int and enums
    K_U32,
    K_I64,
    K_U64,
    K_F32,
    K_F64,
    K_STRUCT,                  // a struct, or an array of them (sub)
    K_PTR,                     // a pointer to `to` elements (sub when K_STRUCT)
} Kind;

typedef struct StructDef StructDef;

typedef struct Field {
    const char *name;
    size_t offset, size;       // the member's
    size_t elem_size, align;   // of one element (a member may be an array)
    Kind kind, to;
    const char *type;          // the element's type: K_STRUCT's table by name
    const char *why;           // K_SKIP: why it is not hashed
    bool own;                  // hashed by its owner's hook (OWN): the dump may name the owner's next line
} Field;

struct StructDef {
    const char *name;
    size_t size, align;
    const Field *fields;
    int count;
};

// What the hash sees of a member's element type.
#define KIND_OF(C)                                                                                         \
    _Generic(*(C *)0, bool: K_BOOL, uint8_t: K_U8, int8_t: K_U8, uint16_t: K_U16, int: K_INT, unsigned: K_U32, \
             int64_t: K_I64, uint64_t: K_U64, float: K_F32, double: K_F64, default: K_STRUCT)

#define FIELD_OWN(T, m, C, kind, to, why, own) \
    {#m, offsetof(T, m), sizeof(((T *)0)->m), sizeof(C), _Alignof(C), kind, to, #C, why, own}
#define FIELD(T, m, C, kind, to, why) FIELD_OWN(T, m, C, kind, to, why, false)

// A field table of a header (core/fields.h) as a StructDef: TABLE(Type,
// TYPE_FIELDS) defines Type_table() (S_ is the struct the entries name).
#define TABLE(T, LIST)                                                                    \
    static StructDef T##_table(void) {                                                    \
        typedef T S_;                                                                     \
        static const Field f[] = {LIST(TF)};                                              \
        return (StructDef){#T, sizeof(T), _Alignof(T), f, (int)(sizeof f / sizeof f[0])}; \
    }
#define TF(kind, ...) TF_##kind(__VA_ARGS__)
#define TF_ONE(m, C) FIELD(S_, m, C, KIND_OF(C), K_SKIP, NULL),
#define TF_PTR(m, C) {#m, offsetof(S_, m), sizeof(C *), sizeof(C *), _Alignof(C *), K_PTR, KIND_OF(C), #C, NULL, false},
#define TF_VAL(C, m, doc) TF_ONE(m, C)
#define TF_ARR(C, m, n, doc) TF_ONE(m, C)
#define TF_SUB(C, m, fn, doc) TF_ONE(m, C)
#define TF_SUBA(C, m, n, fn, doc) TF_ONE(m, C)
#define TF_ROWS(LIST, n) LIST(TF_ROW, n)
#define TF_ROW(C, m, n, doc) TF_ONE(m, C)
#define TF_PTRS(LIST, count) LIST(TF_PTRS_ONE, count)
#define TF_PTRS_ONE(C, m, count, doc) TF_PTR(m, C)
#define TF_OWN(C, m, doc) FIELD_OWN(S_, m, C, KIND_OF(C), K_SKIP, NULL, true),
#define TF_OWNA(C, m, n, doc) TF_ONE(m, C)
#define TF_OWNP(C, m, doc) TF_PTR(m, C)
#define TF_HOOK(fn)
#define TF_SKIP(C, m, why) FIELD(S_, m, C, K_SKIP, K_SKIP, why),
#define TF_SKIPA(C, m, n, why) FIELD(S_, m, C, K_SKIP, K_SKIP, why),
#define TF_POOLS(LIST, doc) LIST(TF_POOL)
#define TF_POOL(KIND, prefix, Type) TF_PTR(prefix##s, Type) TF_ONE(prefix##_count, int)

// The sim's state structs, from their headers' field tables (world.h's list).
#define SIM_TABLES(T) WORLD_FIELD_TABLES(T)
SIM_TABLES(TABLE)
// Each kind's tables, from its header's KIND_FIELD_TABLES (creature.h).
#define KIND_TABLES(KIND, prefix, Type) KIND##_FIELD_TABLES(TABLE)
CREATURES(KIND_TABLES)
#undef KIND_TABLES

// Pools hash only the elements in use: which one the test changes.
static int first_alive_bullet(const void *owner) {
    const Bullets *bs = owner;
    for (int i = 0; i < bs->cap; i++)
        if (bs->b[i].alive) return i;
    return -1;
}
static int first_active_star(const void *owner) {
    const Starfield *sf = owner;
    return sf->active_n > 0 ? (int)sf->active[0] : -1;
}
static const struct {
    const char *owner, *field;
    int (*pick)(const void *owner);
} picks[] = {{"Bullets", "b", first_alive_bullet}, {"Starfield", "s", first_active_star}};

// Every struct's table, filled once by tables().
static StructDef all_structs[64];
static int struct_count;

static void tables(void) {
    if (struct_count) return;
#define ADD_TABLE(T, LIST) all_structs[struct_count++] = T##_table();
    SIM_TABLES(ADD_TABLE)
#define KIND_ADD(KIND, prefix, Type) KIND##_FIELD_TABLES(ADD_TABLE)
    CREATURES(KIND_ADD)
#undef KIND_ADD
#undef ADD_TABLE
}

// The table of a struct element's type (K_STRUCT, or K_PTR to K_STRUCT).
static const StructDef *sub_of(const Field *f) {
    for (int i = 0; i < struct_count; i++)
        if (strcmp(all_structs[i].name, f->type) == 0) return &all_structs[i];
    return NULL;
}

static int (*pick_of(const StructDef *sd, const Field *f))(const void *) {
    for (size_t i = 0; i < sizeof picks / sizeof picks[0]; i++)
        if (strcmp(picks[i].owner, sd->name) == 0 && strcmp(picks[i].field, f->name) == 0) return picks[i].pick;
    return NULL;
}

// ---------------------------------------------------------------- layout

static size_t round_up(size_t n, size_t a) { return (n + a - 1) / a * a; }

// Every byte of the struct belongs to a listed field or to the padding the
// next field's (or the struct's) alignment requires; fields are listed in
// declaration order; a member is a whole number of its listed elements.
static bool layout_covered(const StructDef *sd) {
    size_t end = 0;
    bool ok = true;
    for (int i = 0; i < sd->count; i++) {
        const Field *f = &sd->fields[i];
        if (f->offset != round_up(end, f->align)) {
            fprintf(stderr, "%s: %zu unlisted bytes before '%s' (offset %zu): a field that is neither hashed nor "
                            "listed as not hashed?\n", sd->name, f->offset - end, f->name, f->offset);
            ok = false;
        }
        if (f->size % f->elem_size != 0) {
            fprintf(stderr, "%s.%s: %zu bytes is not a whole number of its listed type (%zu)\n", sd->name, f->name,
                    f->size, f->elem_size);
            ok = false;
        }
        const StructDef *sub = sub_of(f);
        if ((f->kind == K_STRUCT || (f->kind == K_PTR && f->to == K_STRUCT)) && !sub) {
            fprintf(stderr, "%s.%s: %s has no field table here\n", sd->name, f->name, f->type);
            ok = false;
        }
        if (f->kind == K_STRUCT && sub && sub->size != f->elem_size) {
            fprintf(stderr, "%s.%s: listed as %s\n", sd->name, f->name, sub->name);
            ok = false;
        }
        end = f->offset + f->size;
    }
    if (round_up(end, sd->align) != sd->size) {
        fprintf(stderr, "%s: %zu unlisted bytes after '%s'\n", sd->name, sd->size - end,
                sd->count ? sd->fields[sd->count - 1].name : "");
        ok = false;
    }
    return ok;
}

static void test_every_field_is_listed(void **state) {
    (void)state;
    bool ok = true;
    tables();
    for (int i = 0; i < struct_count; i++) ok &= layout_covered(&all_structs[i]);
    assert_true(ok);
}

// ---------------------------------------------------------------- changes

typedef struct Probe {
    World *w;
    uint64_t base;
    int changed, unchanged;
    TextBuf dump;              // the unchanged World's field dump
    int named, misnamed;       // changes the dump's compare named (or not) by their path
} Probe;

static size_t kind_size(Kind kind) {
    switch (kind) {
    case K_BOOL: return sizeof(bool);
    case K_U8: return 1;
    case K_U16: return 2;
    case K_INT: return sizeof(int);
    case K_U32: case K_F32: return 4;
    default: return 8;
    }
}

// The field dump of the changed World: it must hash as world_hash does,
// and the compare with the unchanged one must name path first (or, for a
// member its owner's hook hashes, the owner's next line: a dead bullet's
// fields are not written).
static void check_dump(Probe *pr, const char *path, bool own, uint64_t h) {
    TextBuf now = {0}, diff = {0};
    uint64_t dh = statedump_write(pr->w, NULL, &now);
    if (dh != h) fprintf(stderr, "%s: the dump's values hash to %016llx, world_hash %016llx\n", path,
                         (unsigned long long)dh, (unsigned long long)h);
    assert_true(dh == h);
    statedump_diff(pr->dump.p, pr->dump.len, now.p, now.len, 1, &diff);
    size_t n = strlen(path), parent = n;
    while (parent > 0 && path[parent - 1] != '.') parent--;
    bool exact = diff.p && strncmp(diff.p, path, n) == 0 && diff.p[n] == ' ';
    bool owner = own && parent && diff.p && strncmp(diff.p, path, parent) == 0;
    if (exact || owner) {
        pr->named++;
    } else {
        fprintf(stderr, "%s: the dumps' compare names first: %s", path, diff.p ? diff.p : "nothing\n");
        pr->misnamed++;
    }
    textbuf_free(&now);
    textbuf_free(&diff);
}

// Changes one scalar element a little (toward 0 for counts, so loops over
// it stay in bounds), hashes and dumps, restores.
static void change(Probe *pr, Kind kind, bool own, void *at, const char *path) {
    unsigned char saved[8];
    size_t n = kind_size(kind);
    memcpy(saved, at, n);
    switch (kind) {
    case K_BOOL: *(bool *)at = !*(bool *)at; break;
    case K_U8: *(uint8_t *)at ^= 1; break;
    case K_U16: *(uint16_t *)at ^= 1; break;
    case K_INT: *(int *)at += *(int *)at > 0 ? -1 : 1; break;
    case K_U32: *(uint32_t *)at = *(uint32_t *)at > 0 ? *(uint32_t *)at - 1 : 1; break;
    case K_I64: *(int64_t *)at += *(int64_t *)at > 0 ? -1 : 1; break;
    case K_U64: *(uint64_t *)at ^= 1; break;
    case K_F32: *(float *)at = *(float *)at == 0.0f ? 1.0f : *(float *)at * 1.5f; break;
    case K_F64: *(double *)at = *(double *)at == 0.0 ? 1.0 : *(double *)at * 1.5; break;
    default: break;
    }
    uint64_t h = world_hash(pr->w);
    check_dump(pr, path, own, h);
    memcpy(at, saved, n);
    if (h == pr->base) {
        fprintf(stderr, "%s: changed, and world_hash did not change (a field nobody hashes?)\n", path);
        pr->unchanged++;
    } else {
        pr->changed++;
    }
    assert_true(world_hash(pr->w) == pr->base);
}

static void walk(Probe *pr, const StructDef *sd, void *base, const char *path);

static void visit(Probe *pr, const StructDef *sd, const Field *f, void *owner, const char *path) {
    char here[256];
    if (f->kind == K_SKIP) return;
    int (*pick)(const void *) = pick_of(sd, f);
    int i = pick ? pick(owner) : 0;
    snprintf(here, sizeof here, "%s.%s", path, f->name);
    if (i < 0) {
        fprintf(stderr, "%s: the test world has nothing here to change\n", here);
        pr->unchanged++;
        return;
    }
    char *at = (char *)owner + f->offset;
    const StructDef *sub = sub_of(f);
    if ((f->kind == K_STRUCT || f->to == K_STRUCT) && !sub) {
        fprintf(stderr, "%s: %s has no field table here\n", here, f->type);
        pr->unchanged++;
        return;
    }
    if (f->kind == K_PTR) {
        char *p = *(char **)at;
        if (!p) fprintf(stderr, "%s: the test world has none\n", here);
        assert_non_null(p);
        size_t elem = sub ? sub->size : kind_size(f->to);
        snprintf(here, sizeof here, "%s.%s[%d]", path, f->name, i);
        if (sub) walk(pr, sub, p + (size_t)i * elem, here);
        else change(pr, f->to, f->own, p + (size_t)i * elem, here);
        return;
    }
    assert_true((size_t)i < f->size / f->elem_size);
    if (f->size > f->elem_size) snprintf(here, sizeof here, "%s.%s[%d]", path, f->name, i);
    if (sub) walk(pr, sub, at + (size_t)i * f->elem_size, here);
    else change(pr, f->kind, f->own, at + (size_t)i * f->elem_size, here);
}

static void walk(Probe *pr, const StructDef *sd, void *base, const char *path) {
    for (int i = 0; i < sd->count; i++) visit(pr, sd, &sd->fields[i], base, path);
}

// A 40 x 14 arena with stars, the player and one creature of every kind.
static size_t arena(char *t, size_t cap) {
    size_t n = (size_t)snprintf(t, cap, "stars 3000\nseed 5\nspawn player 3 12\n");
    int k = 0;
#define SPAWN_KIND(KIND, prefix, Type) \
    n += (size_t)snprintf(t + n, cap - n, "spawn %s %d %d\n", #prefix, 6 + 7 * k % 30, 3 + 3 * (k % 3)), k++;
    CREATURES(SPAWN_KIND)
#undef SPAWN_KIND
    n += (size_t)snprintf(t + n, cap - n, "map\n");
    for (int row = 0; row < 14; row++) {
        for (int col = 0; col < 40; col++)
            t[n++] = row == 0 || row == 13 || col == 0 || col == 39 ? '#' : '.';
        t[n++] = '\n';
    }
    n += (size_t)snprintf(t + n, cap - n, "end\n");
    return n;
}

// The arena's World after 240 ticks of running and firing.
static World *live_world(Level *lv) {
    char text[4096];
    ParseError err;
    assert_true(level_parse(lv, text, arena(text, sizeof text), "hash.lvl", &err));
    World *w = fixture_world_level(lv, false, 0);
    for (int t = 0; t < 240; t++) world_step(w, (Input){(uint16_t)(BTN_FIRE | (t % 120 < 60 ? BTN_RIGHT : BTN_LEFT))});
    return w;
}

static void test_every_hashed_field_changes_the_hash(void **state) {
    (void)state;
    Level lv;
    World *w = live_world(&lv);
    tables();
    Probe pr = {w, world_hash(w), 0, 0, {0}, 0, 0};
    uint64_t dh = statedump_write(w, NULL, &pr.dump);
    if (dh != pr.base) fprintf(stderr, "the dump's values hash to %016llx, world_hash %016llx\n",
                               (unsigned long long)dh, (unsigned long long)pr.base);
    assert_true(dh == pr.base);
    StructDef world = World_table();
    walk(&pr, &world, w, "world");
    fprintf(stderr, "%d hashed fields each change the hash; the dump names %d of them\n", pr.changed, pr.named);
    assert_int_equal(pr.unchanged, 0);
    assert_int_equal(pr.misnamed, 0);
    assert_int_equal(pr.named, pr.changed);
    assert_true(pr.changed > 150);
    textbuf_free(&pr.dump);
    world_free(w);
    level_free(&lv);
}

// The compare of two dumps names the one field changed, with both values
// and their bits.
static void expect_named(World *w, double *at, const char *want) {
    TextBuf a = {0}, b = {0}, diff = {0};
    statedump_write(w, "before", &a);
    double saved = *at;
    *at = 12.5;
    statedump_write(w, "after", &b);
    *at = saved;
    assert_int_equal(statedump_diff(a.p, a.len, b.p, b.len, 4, &diff), 1);
    fprintf(stderr, "%s", diff.p);
    assert_int_equal(strncmp(diff.p, want, strlen(want)), 0);
    assert_non_null(strstr(diff.p, " -> 12.5 (0x4029000000000000)\n"));
    textbuf_free(&a);
    textbuf_free(&b);
    textbuf_free(&diff);
}

static void test_dump_compare_names_the_field(void **state) {
    (void)state;
    Level lv;
    World *w = live_world(&lv);
    expect_named(w, &w->whales[0].vel.x, "world.whales[0].vel.x ");
    expect_named(w, &w->player.legs.leg[2].foot.y, "world.player.legs.leg[2].foot.y ");
    // The game PRNG's state, an integer.
    TextBuf a = {0}, b = {0}, diff = {0};
    statedump_write(w, NULL, &a);
    w->rng.s ^= 1u << 4;
    statedump_write(w, NULL, &b);
    w->rng.s ^= 1u << 4;
    assert_int_equal(statedump_diff(a.p, a.len, b.p, b.len, 4, &diff), 1);
    assert_int_equal(strncmp(diff.p, "world.rng.s ", 12), 0);
    // The same state: no difference; a line one side lacks is named.
    textbuf_free(&diff);
    assert_int_equal(statedump_diff(a.p, a.len, a.p, a.len, 4, &diff), 0);
    assert_null(diff.p);
    const char *x = "# a comment\nworld.tick 5\nworld.extra 1\n", *y = "world.tick 6\nworld.new 2\n";
    textbuf_free(&diff);
    assert_int_equal(statedump_diff(x, strlen(x), y, strlen(y), 4, &diff), 3);
    assert_string_equal(diff.p, "world.tick 5 -> 6\nworld.extra 1 -> (none)\nworld.new (none) -> 2\n");
    textbuf_free(&diff);
    assert_int_equal(statedump_diff(x, strlen(x), y, strlen(y), 1, &diff), 3);
    assert_string_equal(diff.p, "world.tick 5 -> 6\n2 more\n");
    textbuf_free(&a);
    textbuf_free(&b);
    textbuf_free(&diff);
    world_free(w);
    level_free(&lv);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_field_is_listed),
        cmocka_unit_test(test_every_hashed_field_changes_the_hash),
        cmocka_unit_test(test_dump_compare_names_the_field),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
