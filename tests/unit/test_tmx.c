// test_tmx.c -- Tiled's XML maps (sim/tmx.c): the .tmx Tiled saved of a
// shipped map is the same level as its .tmj (canonical text, level hash);
// the <tile gid> form of the layer data reads as the CSV form; property
// types become the values the .tmj has; every prefix of a map fails with a
// message and a position (the XML's own errors at a line and column);
// base64 data is refused at the <data> element.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "core/mem.h"
#include "fixtures.h"
#include "sim/level_write.h"
#include "sim/tmj.h"
#include "sim/tmx.h"

#define TMX "levels/test/tiled-tetran.tmx"
#define TMJ "levels/tiled/01-tetran.tmj"

static char *canonical(const Level *lv) {
    TextBuf b = {0};
    level_write(lv, &b);
    assert_false(b.oom);
    return b.p;
}

static void parse_ok(Level *lv, const char *text, const char *path) {
    ParseError err;
    memset(&err, 0, sizeof err);
    if (!tmj_parse(lv, text, strlen(text), path, NULL, &err)) fail_msg("%s: %s", path, err.msg);
}

// The same level as the .tmj: what Tiled saved as XML reads as its JSON does.
static void test_same_as_tmj(void **state) {
    (void)state;
    char *x = fixture_get(TMX), *j = fixture_get(TMJ);
    Level a, b;
    parse_ok(&a, x, TMX);
    parse_ok(&b, j, TMJ);
    char *ca = canonical(&a), *cb = canonical(&b);
    assert_string_equal(ca, cb);
    assert_true(a.hash == b.hash);
    assert_true(a.hash != 0);
    mem_free(ca);
    mem_free(cb);
    level_free(&a);
    level_free(&b);
    mem_free(x);
    mem_free(j);
}

// Replaces the first from..to span of s (to included) with with.
static char *splice(const char *s, const char *from, const char *to, const char *with) {
    const char *a = strstr(s, from), *b = a ? strstr(a, to) : NULL;
    assert_non_null(b);
    b += strlen(to);
    size_t n = (size_t)(a - s) + strlen(with) + strlen(b) + 1;
    char *out = malloc(n);
    assert_non_null(out);
    snprintf(out, n, "%.*s%s%s", (int)(a - s), s, with, b);
    return out;
}

// Tiled's XML layer format (<tile gid="N"/>, an empty <tile/> for 0).
static void test_xml_tile_form(void **state) {
    (void)state;
    char *x = fixture_get(TMX);
    const char *d = strstr(x, "<data encoding=\"csv\">");
    assert_non_null(d);
    d += strlen("<data encoding=\"csv\">");
    TextBuf b = {0};
    textbuf_puts(&b, "<data>\n");
    for (const char *p = d; *p != '<';) {
        if (*p >= '0' && *p <= '9') {
            char *end;
            unsigned long g = strtoul(p, &end, 10);
            char t[48];
            if (g) snprintf(t, sizeof t, "<tile gid=\"%lu\"/>\n", g);
            else snprintf(t, sizeof t, "<tile/>\n");
            textbuf_puts(&b, t);
            p = end;
        } else {
            p++;
        }
    }
    textbuf_puts(&b, "</data>");
    assert_false(b.oom);
    char *y = splice(x, "<data encoding=\"csv\">", "</data>", b.p);
    Level a, c;
    parse_ok(&a, x, TMX);
    parse_ok(&c, y, "xml-tiles.tmx");
    assert_true(a.hash == c.hash);
    // Breaking one id shows the form is really read.
    char *z = splice(y, "<tile/>", "<tile/>", "<tile gid=\"1\"/>");
    Level e;
    parse_ok(&e, z, "xml-tiles.tmx");
    assert_true(e.hash != a.hash);
    level_free(&a);
    level_free(&c);
    level_free(&e);
    free(z);
    free(y);
    textbuf_free(&b);
    mem_free(x);
}

// Property types: int and float numbers, bool true/false, a string's
// text content (Tiled writes a multi-line string so), no type a string.
static void test_property_types(void **state) {
    (void)state;
    char *x = fixture_get(TMX);
    char *y = splice(x, "<property name=\"seed\"", "/>", "<property name=\"seed\" type=\"int\" value=\"9\"/>");
    char *z = splice(y, "<property name=\"name\"", "/>", "<property name=\"name\">Lair two</property>");
    Level lv;
    parse_ok(&lv, z, TMX);
    char *c = canonical(&lv);
    assert_non_null(strstr(c, "\nseed 9\n"));
    assert_non_null(strstr(c, "name Lair two\n"));
    level_free(&lv);
    mem_free(c);
    // A bool that is neither true nor false stays a string: the reader names it.
    ParseError err;
    memset(&err, 0, sizeof err);
    char *w = splice(z, "<property name=\"seed\"", "/>", "<property name=\"seed\" type=\"bool\" value=\"maybe\"/>");
    assert_false(tmj_parse(&lv, w, strlen(w), TMX, NULL, &err));
    assert_non_null(strstr(err.msg, "property seed: value \"maybe\" does not match its type \"bool\""));
    free(w);
    free(z);
    free(y);
    mem_free(x);
}

// Every prefix of the map fails (it is incomplete XML) with the file, a
// message and, for XML errors, a line and a column inside the prefix.
static void test_every_prefix_fails(void **state) {
    (void)state;
    char *x = fixture_get(TMX);
    // Up to the closing tag: past it, only blanks are left.
    const char *close = strstr(x, "</map>");
    assert_non_null(close);
    size_t last = (size_t)(close - x) + strlen("</map>");
    for (size_t len = 0; len < last; len += len < 400 ? 1 : 37) {
        Level lv;
        ParseError err;
        memset(&err, 0, sizeof err);
        bool ok = tmj_parse(&lv, x, len, "p.tmx", NULL, &err);
        if (ok) fail_msg("a prefix of %zu bytes loaded", len);
        assert_string_equal(err.file, "p.tmx");
        assert_true(err.msg[0] != 0);
        if (len > 0 && tmx_is_xml(x, len) && strstr(err.msg, "invalid XML")) {
            assert_true(err.line >= 1 && err.col >= 1);
        }
    }
    Level lv;
    parse_ok(&lv, x, TMX); // the whole file
    level_free(&lv);
    mem_free(x);
}

static void test_base64_refused(void **state) {
    (void)state;
    char *x = fixture_get(TMX);
    char *y = splice(x, "<data encoding=\"csv\">", "</data>",
                     "<data encoding=\"base64\" compression=\"zstd\">KLUv/SAAAQA=</data>");
    Level lv;
    ParseError err;
    memset(&err, 0, sizeof err);
    assert_false(tmj_parse(&lv, y, strlen(y), TMX, NULL, &err));
    assert_non_null(strstr(err.msg, "encoded as base64+zstd"));
    assert_non_null(strstr(err.msg, "Tile Layer Format to CSV"));
    // the <data> element's line
    int line = 1;
    for (const char *p = y; p < strstr(y, "<data"); p++) line += *p == '\n';
    assert_int_equal(err.line, line);
    free(y);
    mem_free(x);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_same_as_tmj),
        cmocka_unit_test(test_xml_tile_form),
        cmocka_unit_test(test_property_types),
        cmocka_unit_test(test_every_prefix_fails),
        cmocka_unit_test(test_base64_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
