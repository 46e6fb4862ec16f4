// test_creatures.c -- the creature list and descriptors (creature.h,
// creature_desc.h): each kind's slot is its descriptor's hash order, the
// slots are dense but for retired numbers, creature.h's include lines name
// the kinds in slot order; each descriptor names its own kind and
// parameter table; and the docs' lists of kinds (README.md's kind table,
// docs/creatures.md's list, docs/level-format.md's budget table,
// docs/script-format.md's creature probes) are the ones the descriptors and
// the kinds' probe tables make. Run from the repository root.
//
// `test_creatures --write` (or `make docs`) rewrites those lists (after
// adding a kind or changing a descriptor or a probe).
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "core/textbuf.h"
#include "kinds.h"

// The kind in each slot ("" for none), from the slots themselves.
#define SLOT_NAME(KIND, prefix, Type) #prefix
#define SLOT_ENTRY(n) [n] = "" CREATURE_SLOT_##n(SLOT_NAME),
static const char *const slot_kind[CREATURE_SLOT_MAX + 1] = {[0] = "", CREATURE_SLOTS(SLOT_ENTRY)};
#undef SLOT_ENTRY
#undef SLOT_NAME

// ---------------------------------------------------------------- the docs' text

static void param_keys(const ParamTable *t, TextBuf *b) {
    for (int i = 0; i < t->count; i++) textbuf_printf(b, "%s%s", i ? " " : "", t->defs[i].key);
}

// README.md's kind table (links from the repository root).
static void readme_table(TextBuf *b) {
    textbuf_printf(b, "| kind | boss bar | what it does | spawn parameters |\n| --- | --- | --- | --- |\n");
    for (int k = 0; k < KIND_COUNT; k++) {
        const CreatureDesc *d = kinds[k].desc();
        textbuf_printf(b, "| `%s` ([docs/%s.md](docs/%s.md)) | %s | %s | `", d->name, d->name, d->name, d->boss_name, d->summary);
        param_keys(d->params(), b);
        textbuf_printf(b, "` |\n");
    }
}

// docs/creatures.md's list (links from docs/).
static void creatures_list(TextBuf *b) {
    textbuf_printf(b, "| hash order | kind | struct | boss bar | page |\n| --- | --- | --- | --- | --- |\n");
    for (int k = 0; k < KIND_COUNT; k++) {
        const CreatureDesc *d = kinds[k].desc();
        textbuf_printf(b, "| %d | `%s` | `%s` | %s | [%s.md](%s.md) |\n", d->hash_order, d->name, kinds[k].type, d->boss_name,
            d->name, d->name);
    }
}

// docs/level-format.md's budget table.
static void budget_table(TextBuf *b) {
    textbuf_printf(b, "| creature | work units |\n| --- | --- |\n");
    for (int k = 0; k < KIND_COUNT; k++)
        textbuf_printf(b, "| `%s` | %s |\n", kinds[k].desc()->name, kinds[k].desc()->cost);
}

// Every creature probe with its meaning, from the kinds' KIND_PROBES tables.
typedef struct ProbeDoc {
    const char *kind, *name, *doc;
} ProbeDoc;

static const ProbeDoc probe_docs[] = {
#define DOC_FIELD(prefix, field, doc) {#prefix, #prefix "." #field, doc},
#define DOC_COUNT(prefix, doc) {#prefix, #prefix ".count", doc},
#define DOCS_OF_KIND(KIND, prefix, Type) KIND##_PROBES(DOC_FIELD, DOC_COUNT)
    CREATURES(DOCS_OF_KIND)
#undef DOCS_OF_KIND
#undef DOC_COUNT
#undef DOC_FIELD
};
#define PROBE_DOC_COUNT ((int)(sizeof probe_docs / sizeof probe_docs[0]))

static int by_name(const void *a, const void *b) {
    return strcmp((*(const ProbeDoc *const *)a)->name, (*(const ProbeDoc *const *)b)->name);
}

// docs/script-format.md's creature probes, sorted by name as --dump-state
// prints them; probes of one kind next to each other with the same meaning
// share a row (`whale.x`, `whale.y`).
static void probe_table(TextBuf *b) {
    const ProbeDoc *sorted[PROBE_DOC_COUNT];
    for (int i = 0; i < PROBE_DOC_COUNT; i++) sorted[i] = &probe_docs[i];
    qsort(sorted, PROBE_DOC_COUNT, sizeof sorted[0], by_name);
    textbuf_printf(b, "| probe | meaning |\n| --- | --- |\n");
    for (int i = 0; i < PROBE_DOC_COUNT; i++) {
        textbuf_printf(b, "| `%s`", sorted[i]->name);
        while (i + 1 < PROBE_DOC_COUNT && !strcmp(sorted[i + 1]->kind, sorted[i]->kind) &&
               !strcmp(sorted[i + 1]->doc, sorted[i]->doc))
            textbuf_printf(b, ", `%s`", sorted[++i]->name);
        textbuf_printf(b, " | %s |\n", sorted[i]->doc);
    }
}

typedef struct Doc {
    const char *path;
    void (*make)(TextBuf *b);
} Doc;

static const Doc docs[] = {{"README.md", readme_table},
                           {"docs/creatures.md", creatures_list},
                           {"docs/level-format.md", budget_table},
                           {"docs/script-format.md", probe_table}};

#define BEGIN_MARK "<!-- kinds: made from the creature descriptors by build/tests/test_creatures --write -->\n"
#define END_MARK "<!-- end of kinds -->\n"

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

static const int retired[] = {
#define RETIRED(n) n,
    CREATURE_HASH_ORDERS_RETIRED(RETIRED)
#undef RETIRED
    0};

static bool is_retired(int n) {
    for (size_t r = 0; r + 1 < sizeof retired / sizeof retired[0]; r++)
        if (n == retired[r]) return true;
    return false;
}

// The step, bullet, contact and hash order is the slots': each kind sits in
// the slot of its descriptor's hash order, so the numbers rise along the
// list; a number once given is never taken again, and the slots below the
// last one used are all taken but for retired numbers.
static void test_slots_are_the_hash_orders(void **state) {
    (void)state;
    int k = 0, last = 0;
    for (int n = 1; n <= CREATURE_SLOT_MAX; n++) {
        if (!slot_kind[n][0]) continue;
        assert_true(k < KIND_COUNT);
        assert_string_equal(slot_kind[n], kinds[k].prefix);
        int order = kinds[k].desc()->hash_order;
        if (order != n)
            fprintf(stderr, "%s: in slot %d, its descriptor's hash_order is %d (the same number: creature.h)\n",
                    kinds[k].prefix, n, order);
        assert_int_equal(order, n);
        if (is_retired(n)) fprintf(stderr, "%s: slot and hash order %d were retired\n", kinds[k].prefix, n);
        assert_false(is_retired(n));
        k++;
        last = n;
    }
    assert_int_equal(k, KIND_COUNT);
    for (int n = 1; n < last; n++) {
        bool taken = slot_kind[n][0] != 0;
        if (!taken && !is_retired(n))
            fprintf(stderr, "slot %d is empty and not retired (a new kind takes the next slot after %d's?)\n", n,
                    n - 1);
        assert_true(taken || is_retired(n));
    }
}

// creature.h's list, its #include lines, names the kinds in slot order,
// each with its slot number ("// slot N"): a kind whose header fills no
// slot, a slot past the last or one filled twice shows here.
static void test_creature_h_lists_the_kinds_in_order(void **state) {
    (void)state;
    char *text = kinds_read_doc("src/sim/creatures/creature.h");
    assert_non_null(text);
    static const char head[] = "#include \"sim/creatures/";
    int k = 0, last = 0;
    for (const char *line = text; line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
        if (strncmp(line, head, strlen(head)) != 0) continue;
        char name[64] = "";
        int slot = 0;
        if (sscanf(line + strlen(head), "%63[a-z0-9_].h\" // slot %d", name, &slot) != 2) {
            if (!strncmp(line + strlen(head), "creature_slots.h\"", 17)) continue;
            fprintf(stderr, "creature.h: '%.60s...' is not #include \"sim/creatures/KIND.h\" // slot N\n", line);
            fail();
        }
        bool known = slot > last && slot <= CREATURE_SLOT_MAX && !strcmp(slot_kind[slot], name);
        if (!known)
            fprintf(stderr, "creature.h: %s.h in slot %d, but slot %d holds '%s' (after slot %d)\n", name, slot, slot,
                    slot > 0 && slot <= CREATURE_SLOT_MAX ? slot_kind[slot] : "(no such slot)", last);
        assert_true(known);
        last = slot;
        k++;
    }
    if (k != KIND_COUNT) fprintf(stderr, "creature.h includes %d kinds, CREATURES has %d\n", k, KIND_COUNT);
    assert_int_equal(k, KIND_COUNT);
    mem_free(text);
}

// Every probe has a meaning that fits in a table cell.
static void test_probe_docs(void **state) {
    (void)state;
    for (int i = 0; i < PROBE_DOC_COUNT; i++) {
        const char *d = probe_docs[i].doc;
        bool fits = d[0] != 0 && !strchr(d, '|') && !strchr(d, '\n');
        if (!fits) fprintf(stderr, "%s: its meaning is empty or holds '|' or a line break\n", probe_docs[i].name);
        assert_true(fits);
    }
}

static void test_docs_list_every_kind(void **state) {
    (void)state;
    for (size_t i = 0; i < sizeof docs / sizeof docs[0]; i++) {
        char *text = kinds_read_doc(docs[i].path);
        assert_non_null(text);
        const char *from = NULL, *to = NULL;
        bool marked = find_list(text, &from, &to);
        if (!marked) fprintf(stderr, "%s: no list of kinds between the marks\n", docs[i].path);
        assert_true(marked);
        TextBuf want = {0};
        docs[i].make(&want);
        assert_false(want.oom);
        bool same = (size_t)(to - from) == want.len && memcmp(from, want.p, want.len) == 0;
        if (!same)
            fprintf(stderr, "%s: its list of kinds is not the kinds' own (build/tests/test_creatures --write):\n%s",
                    docs[i].path, want.p);
        assert_true(same);
        textbuf_free(&want);
        mem_free(text);
    }
}

// Rewrites the lists between the marks; false when a file cannot be.
static bool write_docs(void) {
    bool ok = true;
    for (size_t i = 0; i < sizeof docs / sizeof docs[0]; i++) {
        char *text = kinds_read_doc(docs[i].path);
        const char *from = NULL, *to = NULL;
        if (!text || !find_list(text, &from, &to)) {
            fprintf(stderr, "%s: no list of kinds between the marks\n", docs[i].path);
            mem_free(text);
            ok = false;
            continue;
        }
        TextBuf out = {0};
        textbuf_put(&out, text, (size_t)(from - text));
        docs[i].make(&out);
        textbuf_puts(&out, to);
        if (out.oom || !fs_write_atomic(docs[i].path, out.p, out.len)) {
            fprintf(stderr, "%s: cannot write it\n", docs[i].path);
            ok = false;
        }
        textbuf_free(&out);
        mem_free(text);
    }
    return ok;
}

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "--write") == 0) return write_docs() ? 0 : 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_each_descriptor_is_its_kinds),
        cmocka_unit_test(test_slots_are_the_hash_orders),
        cmocka_unit_test(test_creature_h_lists_the_kinds_in_order),
        cmocka_unit_test(test_probe_docs),
        cmocka_unit_test(test_docs_list_every_kind),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
