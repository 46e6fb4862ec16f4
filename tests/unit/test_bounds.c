// test_bounds.c -- the collisions' broad phase: every creature's box
// (prefix_bounds) holds every part it can be touched on, checked for every
// kind of the list over long runs (arms turning and waving, tentacles
// homing, the whale roaming) against many random circles: whenever
// prefix_touches says a circle touches, the circle's box meets the
// creature's. Skipping the creatures whose box a bullet or the player
// misses then changes nothing.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <cmocka.h>

#include "fixtures.h"

#include "sim/world.h"

// One of every kind in a 48 x 20 room.
static size_t arena(char *t, size_t cap) {
    size_t n = (size_t)snprintf(t, cap, "seed 9\nspawn player 3 18\n");
    int k = 0;
#define SPAWN_KIND(KIND, prefix, Type) \
    n += (size_t)snprintf(t + n, cap - n, "spawn %s %d %d\n", #prefix, 8 + 10 * k % 36, 5 + 3 * (k % 2)), k++;
    CREATURES(SPAWN_KIND)
#undef SPAWN_KIND
    n += (size_t)snprintf(t + n, cap - n, "map\n");
    for (int row = 0; row < 20; row++) {
        for (int col = 0; col < 48; col++) t[n++] = row == 0 || row == 19 || col == 0 || col == 47 ? '#' : '.';
        t[n++] = '\n';
    }
    n += (size_t)snprintf(t + n, cap - n, "end\n");
    return n;
}

static void test_boxes_hold_every_touch(void **state) {
    (void)state;
    char text[8192];
    Level lv;
    ParseError err;
    assert_true(level_parse(&lv, text, arena(text, sizeof text), "bounds.lvl", &err));
    World *w = fixture_world_level(&lv, false, 0);
    level_free(&lv);
    Rng r;
    rng_seed(&r, 4);
    double W = w->map.w * (double)w->map.tile, H = w->map.h * (double)w->map.tile;
    long touches = 0;
    for (int t = 0; t < 3000; t++) {
        uint16_t b = (uint16_t)((t / 200) % 2 ? BTN_WIGGLE | BTN_LEFT : BTN_RIGHT);
        world_step(w, (Input){b});
        if (t % 10) continue;
        for (int i = 0; i < 400; i++) {
            Vec2 p = v2(rng_range(&r, 0, W), rng_range(&r, 0, H));
            double rad = rng_range(&r, 0.5, 24);
            Box me = box_around(p, rad);
#define CHECK_KIND(KIND, prefix, Type)                                  \
            for (int k = 0; k < w->prefix##_count; k++) {                     \
                Box box;                                                      \
                bool has = prefix##_bounds(&w->prefix##s[k], &box);           \
                if (!prefix##_touches(&w->prefix##s[k], p, rad)) continue;    \
                touches++;                                                    \
                assert_true(has && box_overlap(me, box));                     \
            }
            CREATURES(CHECK_KIND)
#undef CHECK_KIND
        }
    }
    assert_true(touches > 1000);
    world_free(w);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_boxes_hold_every_touch),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
