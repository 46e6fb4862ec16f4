// test_creatures.c -- the creature descriptors (creature_desc.h), one per
// kind of the creature list: each names its own kind and parameter table,
// their hash orders rise along the list (so they are unique) and none takes
// a retired number; and the docs' lists of kinds (README.md's kind table,
// docs/creatures.md's list, docs/level-format.md's budget table) are the
// ones the descriptors make. Run from the repository root.
//
// `test_creatures --write` rewrites those two lists from the descriptors
// (after adding a kind or changing a descriptor).
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "sim/creatures/creature.h"

typedef struct Kind {
    const char *prefix, *type;
    const CreatureDesc *(*desc)(void);
    const ParamTable *(*params)(void);
} Kind;

static const Kind kinds[] = {
#define KIND_ENTRY(KIND, prefix, Type) {#prefix, #Type, prefix##_desc, prefix##_params},
    CREATURES(KIND_ENTRY)
#undef KIND_ENTRY
};
#define KIND_COUNT ((int)(sizeof kinds / sizeof kinds[0]))

// ---------------------------------------------------------------- the docs' text

typedef struct Buf {
    char s[16384];
    size_t n;
} Buf;

static void put(Buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void put(Buf *b, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    if (b->n < sizeof b->s) b->n += (size_t)vsnprintf(b->s + b->n, sizeof b->s - b->n, fmt, ap);
    va_end(ap);
}

static void param_keys(const ParamTable *t, Buf *b) {
    for (int i = 0; i < t->count; i++) put(b, "%s%s", i ? " " : "", t->defs[i].key);
}

// README.md's kind table (links from the repository root).
static void readme_table(Buf *b) {
    put(b, "| kind | boss bar | what it does | spawn parameters |\n| --- | --- | --- | --- |\n");
    for (int k = 0; k < KIND_COUNT; k++) {
        const CreatureDesc *d = kinds[k].desc();
        put(b, "| `%s` ([docs/%s.md](docs/%s.md)) | %s | %s | `", d->name, d->name, d->name, d->boss_name, d->summary);
        param_keys(d->params(), b);
        put(b, "` |\n");
    }
}

// docs/creatures.md's list (links from docs/).
static void creatures_list(Buf *b) {
    put(b, "| hash order | kind | struct | boss bar | page |\n| --- | --- | --- | --- | --- |\n");
    for (int k = 0; k < KIND_COUNT; k++) {
        const CreatureDesc *d = kinds[k].desc();
        put(b, "| %d | `%s` | `%s` | %s | [%s.md](%s.md) |\n", d->hash_order, d->name, kinds[k].type, d->boss_name,
            d->name, d->name);
    }
}

// docs/level-format.md's budget table.
static void budget_table(Buf *b) {
    put(b, "| creature | work units |\n| --- | --- |\n");
    for (int k = 0; k < KIND_COUNT; k++) put(b, "| `%s` | %s |\n", kinds[k].desc()->name, kinds[k].desc()->cost);
}

typedef struct Doc {
    const char *path;
    void (*make)(Buf *b);
} Doc;

static const Doc docs[] = {
    {"README.md", readme_table}, {"docs/creatures.md", creatures_list}, {"docs/level-format.md", budget_table}};

#define BEGIN_MARK "<!-- kinds: made from the creature descriptors by build/tests/test_creatures --write -->\n"
#define END_MARK "<!-- end of kinds -->\n"

// The whole file as a string (NULL with a message when it cannot be read).
static char *read_doc(const char *path) {
    FILE *f = fopen(path, "rb");
    char *text = NULL;
    long n = -1;
    if (f && fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0 &&
        (text = malloc((size_t)n + 1)) != NULL)
        text[fread(text, 1, (size_t)n, f)] = 0;
    if (f) fclose(f);
    if (!text) fprintf(stderr, "cannot read %s (run the unit tests from the repository root)\n", path);
    return text;
}

// Where the doc's list starts and ends (between the marks); false without them.
static bool find_list(const char *text, const char **from, const char **to) {
    const char *b = strstr(text, BEGIN_MARK);
    const char *e = b ? strstr(b, END_MARK) : NULL;
    if (!e) return false;
    *from = b + strlen(BEGIN_MARK);
    *to = e;
    return true;
}

// ---------------------------------------------------------------- tests

static void test_each_descriptor_is_its_kinds(void **state) {
    (void)state;
    for (int k = 0; k < KIND_COUNT; k++) {
        const CreatureDesc *d = kinds[k].desc();
        assert_non_null(d);
        assert_string_equal(d->name, kinds[k].prefix);
        assert_true(d->params == kinds[k].params);
        assert_string_equal(d->params()->creature, kinds[k].prefix);
        assert_non_null(d->boss_name);
        assert_true(d->boss_name[0] != 0);
        assert_non_null(d->summary);
        assert_null(strchr(d->summary, '|'));
        assert_null(strchr(d->summary, '\n'));
        assert_non_null(d->cost);
        assert_null(strchr(d->cost, '\n'));
    }
}

// The step, bullet, contact and hash order is the list's: the numbers
// must rise along it, and a number once given is never taken again.
static void test_hash_orders_rise_and_are_never_reused(void **state) {
    (void)state;
    static const int retired[] = {
#define RETIRED(n) n,
        CREATURE_HASH_ORDERS_RETIRED(RETIRED)
#undef RETIRED
        0};
    int last = 0;
    for (int k = 0; k < KIND_COUNT; k++) {
        int n = kinds[k].desc()->hash_order;
        if (n <= last)
            fprintf(stderr, "%s: hash order %d after %d (a new kind takes a new, larger number and goes at the "
                            "end of CREATURES)\n", kinds[k].prefix, n, last);
        assert_true(n > last);
        for (size_t r = 0; r + 1 < sizeof retired / sizeof retired[0]; r++) {
            if (n == retired[r]) fprintf(stderr, "%s: hash order %d was retired\n", kinds[k].prefix, n);
            assert_int_not_equal(n, retired[r]);
        }
        last = n;
    }
}

static void test_docs_list_every_kind(void **state) {
    (void)state;
    for (size_t i = 0; i < sizeof docs / sizeof docs[0]; i++) {
        char *text = read_doc(docs[i].path);
        assert_non_null(text);
        const char *from = NULL, *to = NULL;
        bool marked = find_list(text, &from, &to);
        if (!marked) fprintf(stderr, "%s: no list of kinds between the marks\n", docs[i].path);
        assert_true(marked);
        Buf want = {.n = 0};
        docs[i].make(&want);
        bool same = (size_t)(to - from) == want.n && memcmp(from, want.s, want.n) == 0;
        if (!same)
            fprintf(stderr, "%s: its list of kinds is not the descriptors' (build/tests/test_creatures --write):\n%s",
                    docs[i].path, want.s);
        assert_true(same);
        free(text);
    }
}

// Rewrites the lists between the marks; false when a file cannot be.
static bool write_docs(void) {
    bool ok = true;
    for (size_t i = 0; i < sizeof docs / sizeof docs[0]; i++) {
        char *text = read_doc(docs[i].path);
        const char *from = NULL, *to = NULL;
        if (!text || !find_list(text, &from, &to)) {
            fprintf(stderr, "%s: no list of kinds between the marks\n", docs[i].path);
            free(text);
            ok = false;
            continue;
        }
        Buf list = {.n = 0};
        docs[i].make(&list);
        FILE *f = fopen(docs[i].path, "wb");
        if (!f || fwrite(text, 1, (size_t)(from - text), f) != (size_t)(from - text) ||
            fwrite(list.s, 1, list.n, f) != list.n || fputs(to, f) < 0) {
            fprintf(stderr, "%s: cannot write it\n", docs[i].path);
            ok = false;
        }
        if (f && fclose(f) != 0) ok = false;
        free(text);
    }
    return ok;
}

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "--write") == 0) return write_docs() ? 0 : 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_each_descriptor_is_its_kinds),
        cmocka_unit_test(test_hash_orders_rise_and_are_never_reused),
        cmocka_unit_test(test_docs_list_every_kind),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
