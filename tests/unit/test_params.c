// test_params.c -- the creatures' spawn-parameter tables (one per kind of the
// creature list): defaults in range and read back from their own text,
// bounds accepted and their neighbours refused with the range in the
// message, and the docs (docs/<kind>.md, docs/level-format.md) stating the
// same ranges and defaults as the code. Run from the repository root.
//
// `test_params --print` prints the tables as the docs show them: paste a
// creature's into its page after changing its parameters.
// `test_params --tiled-project` prints levels/tiled/bossrush.tiled-project
// (make tiled writes it), which test_tiled_project_current compares.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "core/fs.h"
#include "core/mem.h"
#include "core/textbuf.h"
#include "harness/tiled_project.h"
#include "kinds.h"
#include "sim/level.h"

// ---------------------------------------------------------------- the docs' text

// A creature page's table: | key | range | default | meaning |.
static void kind_table(const ParamTable *t, TextBuf *b) {
    textbuf_printf(b, "| key | range | default | meaning |\n| --- | --- | --- | --- |\n");
    for (int i = 0; i < t->count; i++) {
        char range[128], def[64];
        param_range_text(&t->defs[i], range, sizeof range);
        param_default_text(&t->defs[i], def, sizeof def);
        textbuf_printf(b, "| `%s` | %s | %s | %s |\n", t->defs[i].key, range, def, t->defs[i].doc);
    }
}

// The spawn line with every default: spawn whale C R [speed=2] [push=body] ...
static void kind_spawn_line(const char *prefix, const ParamTable *t, TextBuf *b) {
    textbuf_printf(b, "spawn %s C R", prefix);
    for (int i = 0; i < t->count; i++) {
        char def[64];
        param_default_text(&t->defs[i], def, sizeof def);
        const char *v = def[0] == '`' ? def + 1 : def;
        size_t len = strlen(v) - (def[0] == '`');
        textbuf_printf(b, " [%s=%.*s]", t->defs[i].key, (int)len, v);
    }
    textbuf_printf(b, "\n");
}

// ---------------------------------------------------------------- tests

static void test_defaults_in_range_and_read_back(void **state) {
    (void)state;
    for (int k = 0; k < KIND_COUNT; k++) {
        const ParamTable *t = kinds[k].params();
        char cfg[512], back[512], why[256];
        assert_true(t->size <= sizeof cfg);
        param_defaults(t, cfg);
        assert_true(param_valid(t, cfg));
        for (int i = 0; i < t->count; i++) {
            const ParamDef *d = &t->defs[i];
            char def[64];
            param_default_text(d, def, sizeof def);
            if (def[0] == '`') {                               // `name` -> name
                memmove(def, def + 1, strlen(def));
                def[strlen(def) - 1] = 0;
            }
            memset(back, 0x5A, sizeof back);
            param_defaults(t, back);
            assert_true(param_set(t, back, d->key, def, why, sizeof why));
            assert_memory_equal(cfg, back, t->size);
        }
    }
}

static void test_bounds(void **state) {
    (void)state;
    for (int k = 0; k < KIND_COUNT; k++) {
        const ParamTable *t = kinds[k].params();
        char cfg[512], why[256], text[64], range[128];
        for (int i = 0; i < t->count; i++) {
            const ParamDef *d = &t->defs[i];
            param_defaults(t, cfg);
            if (d->kind == PARAM_CHOICE) {
                for (int c = 0; d->choices[c].name; c++)
                    assert_true(param_set(t, cfg, d->key, d->choices[c].name, why, sizeof why));
                assert_false(param_set(t, cfg, d->key, "nope", why, sizeof why));
                assert_non_null(strstr(why, "expected"));
                continue;
            }
            param_range_text(d, range, sizeof range);
            bool integer = d->kind == PARAM_INT;
            double out[2] = {integer ? d->min - 1 : d->min - 0.001,
                             integer ? d->max + 1 : d->max + 0.001};
            double in[2] = {d->min, d->max};
            for (int e = 0; e < 2; e++) {
                if (integer) snprintf(text, sizeof text, "%.0f", in[e]);
                else snprintf(text, sizeof text, "%g", in[e]);
                assert_true(param_set(t, cfg, d->key, text, why, sizeof why));
                if (integer) snprintf(text, sizeof text, "%.0f", out[e]);
                else snprintf(text, sizeof text, "%.3f", out[e]);
                why[0] = 0;
                assert_false(param_set(t, cfg, d->key, text, why, sizeof why));
                char want[200];
                snprintf(want, sizeof want, "%s: expected %s%s", d->key, integer ? "an " : "a ", range);
                if (!strstr(why, want))
                    fprintf(stderr, "%s %s=%s: '%s' lacks '%s'\n", kinds[k].prefix, d->key, text, why, want);
                assert_non_null(strstr(why, want));
            }
        }
        // An unknown key lists them all, in table order.
        assert_false(param_set(t, cfg, "no-such-key", "1", why, sizeof why));
        for (int i = 0; i < t->count; i++) assert_non_null(strstr(why, t->defs[i].key));
    }
}

static void test_creature_pages_show_the_tables(void **state) {
    (void)state;
    for (int k = 0; k < KIND_COUNT; k++) {
        char path[128];
        snprintf(path, sizeof path, "docs/%s.md", kinds[k].prefix);
        char *doc = kinds_read_doc(path);
        assert_non_null(doc);
        TextBuf want = {0};
        kind_table(kinds[k].params(), &want);
        assert_false(want.oom);
        if (!strstr(doc, want.p)) fprintf(stderr, "%s lacks this table (test_params --print):\n%s", path, want.p);
        assert_non_null(strstr(doc, want.p));
        textbuf_free(&want);
        // A spawn line that lists parameters lists every default.
        char head[64];
        snprintf(head, sizeof head, "spawn %s C R [", kinds[k].prefix);
        const char *line = strstr(doc, head);
        if (line) {
            TextBuf spawn = {0};
            kind_spawn_line(kinds[k].prefix, kinds[k].params(), &spawn);
            assert_false(spawn.oom);
            if (strncmp(line, spawn.p, spawn.len)) fprintf(stderr, "%s: expected the line\n%s", path, spawn.p);
            assert_int_equal(strncmp(line, spawn.p, spawn.len), 0);
            textbuf_free(&spawn);
        }
        mem_free(doc);
    }
}

// The next table cell after *p ("| text |"), trimmed; advances *p.
static bool next_cell(const char **p, char *out, size_t n) {
    const char *s = *p;
    if (*s != '|') return false;
    s++;
    const char *e = strchr(s, '|');
    const char *nl = strchr(s, '\n');
    if (!e || (nl && nl < e)) return false;
    while (*s == ' ') s++;
    size_t len = (size_t)(e - s);
    while (len > 0 && s[len - 1] == ' ') len--;
    if (len >= n) len = n - 1;
    memcpy(out, s, len);
    out[len] = 0;
    *p = e;
    return true;
}

static const ParamDef *find_def(const char *prefix, const char *key) {
    for (int k = 0; k < KIND_COUNT; k++) {
        if (strcmp(kinds[k].prefix, prefix)) continue;
        const ParamTable *t = kinds[k].params();
        for (int i = 0; i < t->count; i++)
            if (!strcmp(t->defs[i].key, key)) return &t->defs[i];
    }
    return NULL;
}

static void test_level_format_agrees(void **state) {
    (void)state;
    char *doc = kinds_read_doc("docs/level-format.md");
    assert_non_null(doc);
    // The creature parameter table: | creature | key | range | default |.
    const char *row = strstr(doc, "| creature | key | range | default |\n");
    assert_non_null(row);
    row = strchr(strchr(row, '\n') + 1, '\n') + 1;   // past the header and the --- line
    char creature[64] = "", cell[256], key[64], range[128], def[64];
    int rows = 0;
    while (*row == '|') {
        const char *p = row;
        assert_true(next_cell(&p, cell, sizeof cell));
        if (cell[0]) snprintf(creature, sizeof creature, "%.*s", (int)strlen(cell) - 2, cell + 1);
        assert_true(next_cell(&p, cell, sizeof cell));
        snprintf(key, sizeof key, "%.*s", (int)strcspn(cell + 1, "`"), cell + 1);
        const ParamDef *d = find_def(creature, key);
        if (!d) fprintf(stderr, "level-format.md: no parameter %s of %s\n", key, creature);
        assert_non_null(d);
        param_range_text(d, range, sizeof range);
        param_default_text(d, def, sizeof def);
        assert_true(next_cell(&p, cell, sizeof cell));
        if (strcmp(cell, range))
            fprintf(stderr, "level-format.md: %s %s: range '%s', code '%s'\n", creature, key, cell, range);
        assert_string_equal(cell, range);
        assert_true(next_cell(&p, cell, sizeof cell));
        if (strcmp(cell, def))
            fprintf(stderr, "level-format.md: %s %s: default '%s', code '%s'\n", creature, key, cell, def);
        assert_string_equal(cell, def);
        rows++;
        row = strchr(row, '\n') + 1;
    }
    assert_true(rows > 0);
    // The level keys' own ranges.
    char want[160];
    snprintf(want, sizeof want, "tile size in pixels, %d..%d. Default %d.", LEVEL_TILE_MIN_PX, LEVEL_TILE_MAX_PX,
             LEVEL_TILE_DEFAULT_PX);
    assert_non_null(strstr(doc, want));
    snprintf(want, sizeof want, "starfield size, 0..%d,%03d,%03d. Default 0.", STARS_MAX / 1000000,
             STARS_MAX / 1000 % 1000, STARS_MAX % 1000);
    assert_non_null(strstr(doc, want));
    snprintf(want, sizeof want, "At most %d creature lines.", LEVEL_MAX_SPAWNS);
    assert_non_null(strstr(doc, want));
    mem_free(doc);
}

static void print_tables(void) {
    TextBuf b = {0};
    for (int k = 0; k < KIND_COUNT; k++) {
        const ParamTable *t = kinds[k].params();
        textbuf_printf(&b, "docs/%s.md:\n\n", kinds[k].prefix);
        kind_spawn_line(kinds[k].prefix, t, &b);
        textbuf_printf(&b, "\n");
        kind_table(t, &b);
        textbuf_printf(&b, "\n");
    }
    textbuf_printf(&b, "docs/level-format.md (pick the rows it shows):\n\n| creature | key | range | default |\n"
            "| --- | --- | --- | --- |\n");
    for (int k = 0; k < KIND_COUNT; k++) {
        const ParamTable *t = kinds[k].params();
        for (int i = 0; i < t->count; i++) {
            char range[128], def[64];
            param_range_text(&t->defs[i], range, sizeof range);
            param_default_text(&t->defs[i], def, sizeof def);
            if (i == 0) textbuf_printf(&b, "| `%s` ", kinds[k].prefix);
            else textbuf_printf(&b, "| ");
            textbuf_printf(&b, "| `%s` | %s | %s |\n", t->defs[i].key, range, def);
        }
    }
    if (b.p) fputs(b.p, stdout);
    textbuf_free(&b);
}

// levels/tiled/bossrush.tiled-project is what the tables make of it
// (harness/tiled_project.h): a parameter added, renamed or given another
// range or default fails here until `make tiled` rewrites the file.
static void test_tiled_project_current(void **state) {
    (void)state;
    TextBuf want = {0};
    tiled_project_text(&want);
    assert_false(want.oom);
    size_t n = 0;
    FsReadError e;
    char *have = fs_read_file("levels/tiled/bossrush.tiled-project", (size_t)1 << 20, &n, &e);
    assert_non_null(have);
    if (n != want.len || memcmp(have, want.p, n) != 0)
        fail_msg("levels/tiled/bossrush.tiled-project is stale: run `make tiled` and commit it");
    mem_free(have);
    textbuf_free(&want);
}

int main(int argc, char **argv) {
    if (argc > 1 && !strcmp(argv[1], "--print")) {
        print_tables();
        return 0;
    }
    if (argc > 1 && !strcmp(argv[1], "--tiled-project")) {
        TextBuf b = {0};
        tiled_project_text(&b);
        fwrite(b.p, 1, b.len, stdout);
        textbuf_free(&b);
        return b.oom;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_defaults_in_range_and_read_back),
        cmocka_unit_test(test_bounds),
        cmocka_unit_test(test_creature_pages_show_the_tables),
        cmocka_unit_test(test_level_format_agrees),
        cmocka_unit_test(test_tiled_project_current),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
