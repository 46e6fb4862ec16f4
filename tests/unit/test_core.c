// test_core.c -- PRNG, hash, text reader and strict number parsing, the
// text buffer, event queue and the bullet pool.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "core/hash.h"
#include "core/rng.h"
#include "core/text.h"
#include "core/textbuf.h"
#include "sim/bullets.h"
#include "sim/events.h"
#include "sim/input.h"

static void test_rng_repeatable_and_seeded(void **state) {
    (void)state;
    Rng a, b, c;
    rng_seed(&a, 42);
    rng_seed(&b, 42);
    rng_seed(&c, 43);
    int differ = 0;
    for (int i = 0; i < 1000; i++) {
        uint64_t x = rng_next(&a);
        assert_true(x == rng_next(&b));
        differ += x != rng_next(&c);
    }
    assert_true(differ > 990);
    rng_seed(&a, 0);                                      // seed 0 is fine
    assert_true(rng_next(&a) != 0);
    // Known first value: changing the generator changes every replay.
    rng_seed(&a, 7);
    uint64_t first = rng_next(&a);
    rng_seed(&a, 7);
    assert_true(rng_next(&a) == first);
    for (int i = 0; i < 10000; i++) {
        double u = rng_unit(&a);
        assert_true(u >= 0.0 && u < 1.0);
        assert_true(rng_below(&a, 7) < 7);
    }
}

static void test_hash_canonical(void **state) {
    (void)state;
    Hash a, b;
    hash_init(&a);
    hash_init(&b);
    hash_f64(&a, 0.0);
    hash_f64(&b, -0.0);
    assert_true(a.h == b.h);
    hash_f64(&a, 1.0);
    hash_f64(&b, 1.0000000000000002);
    assert_true(a.h != b.h);
    assert_true(hash_bytes64("abc", 3) == hash_bytes64("abc", 3));
    assert_true(hash_bytes64("abc", 3) != hash_bytes64("abd", 3));
    // FNV-1a 64 reference value for "a".
    assert_true(hash_bytes64("a", 1) == 0xAF63DC4C8601EC8Cull);
}

static void test_text_lines_bom_crlf(void **state) {
    (void)state;
    const char buf[] = "\xEF\xBB\xBF" "one\r\n  # comment\r\n\r\nfour";
    TextReader r;
    TextLine l;
    text_reader_init(&r, buf, sizeof buf - 1);
    assert_true(text_next_line(&r, &l));
    assert_int_equal(l.number, 1);
    assert_int_equal(l.len, 3);
    assert_memory_equal(l.s, "one", 3);
    assert_true(text_next_line(&r, &l));
    assert_true(text_is_blank_or_comment(&l));
    assert_true(text_next_line(&r, &l));
    assert_true(text_is_blank_or_comment(&l));
    assert_true(text_next_line(&r, &l));
    assert_int_equal(l.number, 4);
    assert_int_equal(l.len, 4);
    assert_false(text_next_line(&r, &l));
}

// Quoted tokens (script paths): every byte 1..255 round-trips through
// text_quote and text_unquote, bare words stay bare, and broken quoting
// names the offset of the problem.
static void test_quote_round_trip(void **state) {
    (void)state;
    char word[300], q[1300], back[300];
    size_t got, used, bad;
    const char *why;
    for (int b = 1; b < 256; b++) {
        snprintf(word, sizeof word, "a%cb c", (char)b);
        size_t n = text_quote(word, q, sizeof q);
        assert_int_equal(n, strlen(q));
        assert_int_equal(q[0], '"');
        assert_true(text_unquote(q, n, back, sizeof back, &got, &used, &bad, &why));
        assert_int_equal(used, n);
        assert_string_equal(back, word);
        for (size_t i = 0; i < n; i++) assert_true((unsigned char)q[i] >= ' ' && q[i] != 0x7f);
    }
    assert_false(text_needs_quotes("levels/01-tetran.lvl"));
    assert_false(text_needs_quotes("a\\b\"c"));              // only a leading quote needs quoting
    assert_true(text_needs_quotes("\"x"));
    assert_true(text_needs_quotes(""));
    text_quote("plain/path.lvl", q, sizeof q);
    assert_string_equal(q, "plain/path.lvl");
    text_quote("My Levels/a \"b\".lvl", q, sizeof q);
    assert_string_equal(q, "\"My Levels/a \\\"b\\\".lvl\"");
    static const struct {
        const char *in;
        size_t bad;
    } broken[] = {{"\"no end", 7}, {"\"bad \\q\"", 5}, {"\"\\x0\"", 1}, {"\"\\x00\"", 1}, {"\"\\", 1}};
    for (size_t i = 0; i < sizeof broken / sizeof *broken; i++) {
        assert_false(text_unquote(broken[i].in, strlen(broken[i].in), back, sizeof back, &got, &used, &bad, &why));
        assert_int_equal(bad, broken[i].bad);
    }
    assert_false(text_unquote("\"abcdef\"", 8, back, 4, &got, &used, &bad, &why));   // too long for out
}

static void test_tokens_and_columns(void **state) {
    (void)state;
    TextLine l = {"at  12\tdown left", 16, 1};
    Token t[4];
    assert_int_equal(text_tokens(&l, t, 4), 4);
    assert_int_equal(t[0].col, 1);
    assert_int_equal(t[1].col, 5);
    assert_int_equal(t[2].col, 8);
    assert_int_equal(t[3].col, 13);
    assert_true(token_is(&t[2], "down"));
    Token few[2];
    assert_int_equal(text_tokens(&l, few, 2), 4);            // reports the extra ones
}

static void test_strict_numbers(void **state) {
    (void)state;
    int64_t i;
    uint64_t u;
    double d;
    assert_true(text_parse_i64("-12", 3, &i) && i == -12);
    assert_false(text_parse_i64("12x", 3, &i));
    assert_false(text_parse_i64("", 0, &i));
    assert_false(text_parse_i64(" 1", 2, &i));
    assert_false(text_parse_i64("99999999999999999999", 20, &i));
    assert_true(text_parse_u64("4294967295", 10, &u) && u == 4294967295u);
    assert_false(text_parse_u64("-1", 2, &u));
    assert_true(text_parse_f64("2.5", 3, &d) && d == 2.5);
    assert_true(text_parse_f64("-0.5", 4, &d) && d == -0.5);
    // A point needs digits on both sides (the formats' rule; issue 22).
    assert_false(text_parse_f64("-.5", 3, &d));
    assert_false(text_parse_f64(".5", 2, &d));
    assert_false(text_parse_f64("5.", 2, &d));
    assert_false(text_parse_f64("5.e3", 4, &d));
    assert_true(text_parse_f64("1e3", 3, &d) && d == 1000);
    assert_false(text_parse_f64("nan", 3, &d));
    assert_false(text_parse_f64("inf", 3, &d));
    assert_false(text_parse_f64("0x10", 4, &d));
    assert_false(text_parse_f64("1e999", 5, &d));
    assert_false(text_parse_f64("1.5.", 4, &d));
    // The whole token is the number: nothing the C library would stop at
    // (a NUL byte, a blank, a sign in the wrong place) ends it early.
    assert_false(text_parse_u64("7\0junk", 6, &u));
    assert_false(text_parse_u64("400\0xyz", 7, &u));
    assert_false(text_parse_i64("3\0zz", 4, &i));
    assert_false(text_parse_i64("5\0", 2, &i));
    assert_false(text_parse_f64("5\0zz", 4, &d));
    assert_false(text_parse_f64("1.5\0", 4, &d));
    assert_false(text_parse_i64("1 ", 2, &i));
    assert_false(text_parse_i64("+", 1, &i));
    assert_false(text_parse_i64("--1", 3, &i));
    assert_false(text_parse_u64("+1", 2, &u));
    assert_true(text_parse_i64("+5", 2, &i) && i == 5);
    assert_true(text_parse_f64("1e3", 3, &d) && d == 1000.0);
    assert_false(text_parse_f64("5.", 2, &d));           // a point needs digits after it too
    assert_true(text_parse_f64("-2.5E-1", 7, &d) && d == -0.25);
    assert_false(text_parse_f64(".", 1, &d));
    assert_false(text_parse_f64("1e", 2, &d));
    assert_false(text_parse_f64("1e+", 3, &d));
    assert_false(text_parse_f64("e5", 2, &d));
    assert_false(text_parse_f64("1,5", 3, &d));
    assert_false(text_parse_f64("\v5", 2, &d));
    assert_false(text_parse_f64("5\t", 2, &d));
}

static void test_nul_column(void **state) {
    (void)state;
    TextLine l = {"ab\0c\0", 5, 1};
    assert_int_equal(text_nul_col(&l), 3);
    l = (TextLine){"abc", 3, 1};
    assert_int_equal(text_nul_col(&l), 0);
    l = (TextLine){"\0", 1, 1};
    assert_int_equal(text_nul_col(&l), 1);
}

static void test_shown_escapes_and_cuts(void **state) {
    (void)state;
    char buf[256];
    assert_string_equal(text_shown("abc", 3, buf, sizeof buf), "abc");
    assert_string_equal(text_shown("a\tb\xC3", 4, buf, sizeof buf), "a\\x09b\\xC3");
    char long_tok[100];
    memset(long_tok, 'x', sizeof long_tok);
    text_shown(long_tok, sizeof long_tok, buf, sizeof buf);
    assert_int_equal(strlen(buf), 43);                      // 40 bytes and "..."
    assert_string_equal(buf + 40, "...");
    text_shown(long_tok, sizeof long_tok, buf, 8);          // never past the buffer
    assert_int_equal(strlen(buf), 7);
}

static void test_parse_error_format(void **state) {
    (void)state;
    ParseError e;
    char buf[256];
    parse_error_set(&e, "a.lvl", 3, 7, "expected %s", "a number");
    parse_error_format(&e, buf, sizeof buf);
    assert_string_equal(buf, "a.lvl:3:7: expected a number");
}

static void test_buttons(void **state) {
    (void)state;
    assert_int_equal(input_button_parse("wiggle", 6), BTN_WIGGLE);
    assert_int_equal(input_button_parse("jump", 4), BTN_JUMP);
    assert_int_equal(input_button_parse("jum", 3), 0);
    for (int i = 0; i < BTN_COUNT; i++) {
        const char *n = input_button_name(i);
        assert_int_equal(input_button_parse(n, strlen(n)), 1 << i);
    }
}

static void test_event_queue_bounded(void **state) {
    (void)state;
    static Events ev;
    events_clear(&ev);
    for (int i = 0; i < EVENTS_MAX + 5; i++) events_push(&ev, EV_SHOT, WHO_PLAYER, i, 0, 0);
    assert_int_equal(ev.count, EVENTS_MAX);
    assert_int_equal(ev.dropped, 5);
    events_clear(&ev);
    assert_int_equal(ev.count, 0);
}

static void test_bullet_pool_drops_when_full(void **state) {
    (void)state;
    Bullets bs;
    assert_true(bullets_init(&bs, 4));
    for (int i = 0; i < 4; i++)
        assert_int_equal(bullets_spawn(&bs, OWNER_PLAYER, WHO_PLAYER, v2(0, 0), v2(1, 0), 2, 1, 10), i);
    assert_int_equal(bullets_spawn(&bs, OWNER_PLAYER, WHO_PLAYER, v2(0, 0), v2(1, 0), 2, 1, 10), -1);
    assert_int_equal(bs.dropped, 1);
    assert_int_equal(bs.count, 4);
    bullets_kill(&bs, 2);
    bullets_kill(&bs, 2);                                  // twice is harmless
    assert_int_equal(bs.count, 3);
    assert_int_equal(bullets_spawn(&bs, OWNER_ENEMY, WHO_TETRAN, v2(0, 0), v2(1, 0), 2, 1, 10), 2);
    bullets_free(&bs);
}

// The live-slot bitmap: lowest free slot over several words (the last one
// partial), bullets_next visits exactly the live slots in order, and the
// pool's size is checked.
static void test_bullet_slots_over_words(void **state) {
    (void)state;
    Bullets bs;
    assert_false(bullets_init(&bs, 0));
    assert_false(bullets_init(&bs, BULLETS_MAX_CAP + 1));
    assert_true(bullets_init(&bs, 200));
    for (int i = 0; i < 200; i++)
        assert_int_equal(bullets_spawn(&bs, OWNER_ENEMY, WHO_TETRAN, v2(0, 0), v2(1, 0), 2, 1, 10), i);
    assert_int_equal(bullets_spawn(&bs, OWNER_ENEMY, WHO_TETRAN, v2(0, 0), v2(1, 0), 2, 1, 10), -1);
    const int gone[] = {199, 3, 130, 64, 65, 0};
    for (int k = 0; k < 6; k++) bullets_kill(&bs, gone[k]);
    int seen = 0, last = -1;
    for (int i = bullets_next(&bs, -1); i >= 0; i = bullets_next(&bs, i)) {
        assert_true(bs.b[i].alive);
        for (int j = last + 1; j < i; j++) assert_false(bs.b[j].alive);   // nothing live skipped
        last = i;
        seen++;
    }
    assert_int_equal(seen, 194);
    assert_int_equal(last, 198);
    const int again[] = {0, 3, 64, 65, 130, 199};
    for (int k = 0; k < 6; k++)
        assert_int_equal(bullets_spawn(&bs, OWNER_ENEMY, WHO_TETRAN, v2(0, 0), v2(1, 0), 2, 1, 10), again[k]);
    assert_int_equal(bullets_spawn(&bs, OWNER_ENEMY, WHO_TETRAN, v2(0, 0), v2(1, 0), 2, 1, 10), -1);
    assert_int_equal(bs.count, 200);
    assert_int_equal(bs.dropped, 2);
    bullets_free(&bs);
}

static void test_bullets_expire_and_stop_at_walls(void **state) {
    (void)state;
    Tilemap m;
    assert_true(tilemap_init(&m, 10, 3, 32));
    tilemap_set(&m, 6, 1, TILE_SOLID);
    Bullets bs;
    static Events ev;
    assert_true(bullets_init(&bs, 8));
    events_clear(&ev);
    bullets_spawn(&bs, OWNER_PLAYER, WHO_PLAYER, v2(40, 48), v2(10, 0), 2, 1, 1000);
    bullets_spawn(&bs, OWNER_PLAYER, WHO_PLAYER, v2(40, 70), v2(0, 0), 2, 1, 3);
    for (int t = 0; t < 30; t++) bullets_step(&bs, &m, &ev);
    assert_int_equal(bs.count, 0);                         // one hit the wall, one expired
    int walls = 0;
    for (int i = 0; i < ev.count; i++) walls += ev.e[i].type == EV_BULLET_WALL;
    assert_int_equal(walls, 1);
    bullets_free(&bs);
    tilemap_free(&m);
}

// Bullets in open air skip the casts that cannot meet rock (their clear
// moves): on random maps, every bullet's path and the tick and point where
// it stops are exactly those of a cast every tick.
static void test_bullets_skip_only_empty_casts(void **state) {
    (void)state;
    Rng r;
    rng_seed(&r, 99);
    static Events ev;
    int stopped = 0;
    for (int map_i = 0; map_i < 20; map_i++) {
        Tilemap m;
        int w = 20 + (int)rng_below(&r, 20), h = 15 + (int)rng_below(&r, 15), tile = 8 + 8 * (int)rng_below(&r, 4);
        assert_true(tilemap_init(&m, w, h, tile));
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                uint32_t k = rng_below(&r, 40);
                tilemap_set(&m, x, y, k < 36 ? TILE_EMPTY : k < 38 ? TILE_SOLID : (Tile)(2 + rng_below(&r, 4)));
            }
        Bullets bs;
        enum { N = 64 };
        Vec2 ref[N];
        bool flying[N];
        assert_true(bullets_init(&bs, N));
        for (int i = 0; i < N; i++) {
            ref[i] = v2(rng_range(&r, 0, w * tile), rng_range(&r, 0, h * tile));
            double a = rng_range(&r, 0, 6.283185307179586), sp = rng_range(&r, 0.3, 1.5 * tile);
            assert_int_equal(bullets_spawn(&bs, OWNER_ENEMY, WHO_TETRAN, ref[i], v2(sp * cos(a), sp * sin(a)), 2, 1, 100000),
                             i);
            flying[i] = true;
        }
        for (int t = 0; t < 400; t++) {
            Vec2 want[N];
            bool hits[N];
            for (int i = 0; i < N; i++) {
                if (!flying[i]) continue;
                TileHit hit;
                Vec2 to = v2_add(ref[i], bs.b[i].vel);
                hits[i] = tilemap_cast(&m, ref[i], to, &hit);
                want[i] = hits[i] ? hit.point : to;
            }
            events_clear(&ev);
            bullets_step(&bs, &m, &ev);
            for (int i = 0; i < N; i++) {
                if (!flying[i]) continue;
                assert_true(bs.b[i].pos.x == want[i].x && bs.b[i].pos.y == want[i].y);
                assert_int_equal(bs.b[i].alive, !hits[i]);
                flying[i] = !hits[i];
                stopped += hits[i];
                ref[i] = want[i];
            }
        }
        bullets_free(&bs);
        tilemap_free(&m);
    }
    assert_true(stopped > 500);
}

// textbuf_printf puts the whole text, past any first size and across a
// growth, and appends to what was put before.
static void test_textbuf_printf(void **state) {
    (void)state;
    TextBuf b = {0};
    textbuf_puts(&b, "a");
    textbuf_printf(&b, "%d-%s", 12, "x");
    assert_string_equal(b.p, "a12-x");
    char big[6000];
    memset(big, 'z', sizeof big - 1);
    big[sizeof big - 1] = 0;
    textbuf_printf(&b, "[%s]", big);
    assert_int_equal(b.len, 5 + 2 + sizeof big - 1);
    assert_int_equal(strlen(b.p), b.len);
    assert_true(b.p[5] == '[' && b.p[6] == 'z' && b.p[b.len - 1] == ']');
    textbuf_printf(&b, "%s", "");                         // nothing: still terminated
    assert_int_equal(strlen(b.p), b.len);
    assert_false(b.oom);
    textbuf_free(&b);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rng_repeatable_and_seeded), cmocka_unit_test(test_hash_canonical),
        cmocka_unit_test(test_text_lines_bom_crlf),       cmocka_unit_test(test_tokens_and_columns),
        cmocka_unit_test(test_quote_round_trip),
        cmocka_unit_test(test_textbuf_printf),
        cmocka_unit_test(test_nul_column),
        cmocka_unit_test(test_strict_numbers),            cmocka_unit_test(test_parse_error_format),
        cmocka_unit_test(test_shown_escapes_and_cuts),
        cmocka_unit_test(test_buttons),                   cmocka_unit_test(test_event_queue_bounded),
        cmocka_unit_test(test_bullet_pool_drops_when_full), cmocka_unit_test(test_bullet_slots_over_words),
        cmocka_unit_test(test_bullets_expire_and_stop_at_walls), cmocka_unit_test(test_bullets_skip_only_empty_casts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
