// test_tilemap.c -- tile geometry on hand-computed cases: point tests,
// segment casts (floors, walls, slopes, corners, seams, grazing, starts
// inside), nearest point and normal on every shape, swept circles.
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "core/rng.h"
#include "sim/map/tilemap.h"

#define S 32                    // tile size of every map here
#define R2 0.70710678118654752440

// Fails with both values printed when |a - b| > eps.
#define NEAR(a, b, eps) near_check((a), (b), (eps), #a, __LINE__)
static void near_check(double a, double b, double eps, const char *what, int line) {
    if (!(fabs(a - b) <= eps)) {
        print_error("line %d: %s = %.12g, expected %.12g\n", line, what, a, b);
        fail();
    }
}
#define NEARV(v, ex, ey, eps) do { NEAR((v).x, (ex), (eps)); NEAR((v).y, (ey), (eps)); } while (0)

// Builds a map from rows of tile characters (all the same width).
static void map_from(Tilemap *m, const char *const *rows, int h) {
    int w = (int)strlen(rows[0]);
    assert_true(tilemap_init(m, w, h, S));
    for (int r = 0; r < h; r++) {
        assert_int_equal((int)strlen(rows[r]), w);
        for (int c = 0; c < w; c++) {
            int t = tilemap_tile_from_char(rows[r][c]);
            assert_true(t >= 0);
            tilemap_set(m, c, r, (Tile)t);
        }
    }
}

// A room: floor top at y = 128 (row 4), a wall at x = 192..224 (column 6,
// rows 0..3) standing on it, a lone block at column 2 row 1 (x 64..96,
// y 32..64), slopes in row 3: J at column 8, L at column 9.
static const char *const ROOM[] = {
    "..........",
    "..#...#...",
    "......#...",
    "......#.JL",
    "##########",
    "##########",
};

static void test_tile_chars_and_outside(void **state) {
    (void)state;
    assert_int_equal(tilemap_tile_from_char('/'), TILE_SLOPE_BR);
    assert_int_equal(tilemap_tile_from_char('\\'), TILE_SLOPE_BL);
    assert_int_equal(tilemap_tile_from_char('F'), TILE_SLOPE_TL);
    assert_int_equal(tilemap_tile_from_char('7'), TILE_SLOPE_TR);
    assert_int_equal(tilemap_tile_from_char('x'), -1);
    Tilemap m;
    map_from(&m, ROOM, 6);
    assert_int_equal(tilemap_at(&m, -1, 0), TILE_SOLID);
    assert_int_equal(tilemap_at(&m, 10, 0), TILE_SOLID);
    assert_int_equal(tilemap_at(&m, 0, 0), TILE_EMPTY);
    tilemap_free(&m);
}

static void test_point_solid(void **state) {
    (void)state;
    Tilemap m;
    map_from(&m, ROOM, 6);
    assert_false(tilemap_point_solid(&m, v2(10, 10)));
    assert_true(tilemap_point_solid(&m, v2(10, 130)));
    assert_true(tilemap_point_solid(&m, v2(10, 128)));       // a boundary is solid
    assert_false(tilemap_point_solid(&m, v2(10, 127.999)));
    assert_true(tilemap_point_solid(&m, v2(-0.001, 10)));    // outside the map
    assert_true(tilemap_point_solid(&m, v2(10, -5)));
    assert_true(tilemap_point_solid(&m, v2(0, 10)));         // the map's border
    // J at column 8 row 3: cell x 256..288, y 96..128, diagonal x + y = 384
    assert_true(tilemap_point_solid(&m, v2(280, 120)));
    assert_false(tilemap_point_solid(&m, v2(262, 100)));
    assert_true(tilemap_point_solid(&m, v2(272, 112)));      // centre: on the diagonal
    assert_false(tilemap_point_solid(&m, v2(271.9, 112)));
    // L at column 9: x 288..320, diagonal x - y = 192 (solid below-left)
    assert_true(tilemap_point_solid(&m, v2(292, 124)));
    assert_false(tilemap_point_solid(&m, v2(316, 100)));
    tilemap_free(&m);
}

static void test_cast_floor_and_wall(void **state) {
    (void)state;
    Tilemap m;
    map_from(&m, ROOM, 6);
    TileHit h;
    assert_true(tilemap_cast(&m, v2(50, 80), v2(50, 200), &h));
    assert_true(h.hit && !h.inside);
    NEAR(h.t, 48.0 / 120.0, 1e-12);
    NEAR(h.dist, 48, 1e-9);
    NEARV(h.point, 50, 128, 1e-9);
    NEARV(h.normal, 0, -1, 1e-12);
    // a wall: the face at x = 192
    assert_true(tilemap_cast(&m, v2(100, 100), v2(300, 100), &h));
    NEARV(h.point, 192, 100, 1e-9);
    NEARV(h.normal, -1, 0, 1e-12);
    NEAR(h.t, 0.46, 1e-12);
    // from the other side
    assert_true(tilemap_cast(&m, v2(240, 70), v2(150, 70), &h));
    NEARV(h.point, 224, 70, 1e-9);
    NEARV(h.normal, 1, 0, 1e-12);
    // the underside of the lone block
    assert_true(tilemap_cast(&m, v2(80, 120), v2(80, 0), &h));
    NEARV(h.point, 80, 64, 1e-9);
    NEARV(h.normal, 0, 1, 1e-12);
    // open air: no hit, point = b, t = 1
    assert_false(tilemap_cast(&m, v2(10, 10), v2(40, 100), &h));
    assert_false(h.hit);
    NEARV(h.point, 40, 100, 0);
    NEAR(h.t, 1, 0);
    // a cast ending exactly on the floor while heading into it hits at t = 1
    assert_true(tilemap_cast(&m, v2(150, 100), v2(150, 128), &h));
    NEAR(h.t, 1, 1e-12);
    NEARV(h.normal, 0, -1, 1e-12);
    // the map's edge is rock
    assert_true(tilemap_cast(&m, v2(20, 100), v2(20, -50), &h));
    NEARV(h.point, 20, 0, 1e-9);
    NEARV(h.normal, 0, 1, 1e-12);
    assert_true(tilemap_cast(&m, v2(300, 20), v2(400, 20), &h));
    NEARV(h.point, 320, 20, 1e-9);
    NEARV(h.normal, -1, 0, 1e-12);
    tilemap_free(&m);
}

// Short casts through open cells take a shortcut (tilemap_segment_open in tilemap_cast);
// these touch the lone block of ROOM (x 64..96, y 32..64) only at an end
// lying exactly on its face, where the shortcut must not apply.
static void test_cast_short_ends_on_faces(void **state) {
    (void)state;
    Tilemap m;
    map_from(&m, ROOM, 6);
    TileHit h;
    // ending on a face while heading into it: a hit at t = 1
    assert_true(tilemap_cast(&m, v2(50, 40), v2(64, 40), &h));
    NEAR(h.t, 1, 1e-12);
    NEARV(h.normal, -1, 0, 1e-12);
    assert_true(tilemap_cast(&m, v2(110, 50), v2(96, 50), &h));
    NEAR(h.t, 1, 1e-12);
    NEARV(h.normal, 1, 0, 1e-12);
    assert_true(tilemap_cast(&m, v2(80, 20), v2(80, 32), &h));
    NEAR(h.t, 1, 1e-12);
    NEARV(h.normal, 0, -1, 1e-12);
    assert_true(tilemap_cast(&m, v2(70, 75), v2(75, 64), &h));
    NEAR(h.t, 1, 1e-12);
    NEARV(h.normal, 0, 1, 1e-12);
    // starting on a face heading in: t = 0, not inside
    assert_true(tilemap_cast(&m, v2(64, 40), v2(70, 41), &h));
    NEAR(h.t, 0, 1e-12);
    assert_false(h.inside);
    // starting on a face heading away, or passing a corner: no hit
    assert_false(tilemap_cast(&m, v2(96, 40), v2(110, 40), &h));
    assert_false(tilemap_cast(&m, v2(80, 64), v2(80, 70), &h));
    assert_false(tilemap_cast(&m, v2(90, 70), v2(100, 66), &h));
    NEAR(h.t, 1, 0);
    NEARV(h.point, 100, 66, 0);
    tilemap_free(&m);
}

// Empty rings round a point's cell (ROOM: the lone block at column 2 row 1,
// the wall at column 6 rows 0-3, the floor from row 4, the map's edges).
static void test_empty_rings(void **state) {
    (void)state;
    Tilemap m;
    map_from(&m, ROOM, 6);
    assert_int_equal(tilemap_empty_rings(&m, v2(80, 40), 3), -1);    // in the block
    assert_int_equal(tilemap_empty_rings(&m, v2(50, 80), 3), 0);     // the block is a neighbour
    assert_int_equal(tilemap_empty_rings(&m, v2(140, 80), 3), 1);    // column 4 row 2: the floor two rows down
    assert_int_equal(tilemap_empty_rings(&m, v2(140, 80), 0), 0);
    assert_int_equal(tilemap_empty_rings(&m, v2(10, 10), 3), 0);     // at the map's edge
    assert_int_equal(tilemap_empty_rings(&m, v2(-5, 10), 3), -1);    // outside
    assert_int_equal(tilemap_empty_rings(&m, v2(NAN, 10), 3), -1);
    // The quick test of a short segment: the cells its bounding box meets
    // must be empty (an open cell's 3 x 3 block answers at once); rock in a
    // neighbour cell the segment does not reach does not matter.
    assert_true(tilemap_segment_open(&m, v2(140, 80), v2(150, 90)));
    assert_true(tilemap_segment_open(&m, v2(50, 80), v2(52, 82)));   // beside the block, not into it
    assert_true(tilemap_segment_open(&m, v2(60, 62), v2(62, 66)));
    assert_false(tilemap_segment_open(&m, v2(62, 60), v2(66, 62)));  // into the block
    assert_false(tilemap_segment_open(&m, v2(50, 40), v2(64, 40)));  // ends on the block's face
    tilemap_free(&m);
}

// The open flags (a cell and its eight neighbours empty and inside the map)
// follow every tilemap_set, overwrites included, and tilemap_copy_cells;
// a short segment from an open cell never hits anything.
static bool open_by_hand(const Tilemap *m, int c, int r) {
    if (c < 1 || r < 1 || c + 1 >= m->w || r + 1 >= m->h) return false;
    for (int y = r - 1; y <= r + 1; y++)
        for (int x = c - 1; x <= c + 1; x++)
            if (tilemap_at(m, x, y) != TILE_EMPTY) return false;
    return true;
}

static void test_open_flags(void **state) {
    (void)state;
    Tilemap m, copy;
    assert_true(tilemap_init(&m, 23, 17, S));
    uint32_t seed = 12345;
    int opens = 0, shut = 0;
    for (int i = 0; i < 400; i++) {
        seed = seed * 1664525u + 1013904223u;
        int c = (int)(seed >> 8) % 23, r = (int)(seed >> 16) % 17;
        tilemap_set(&m, c, r, (seed >> 28) < 11 ? TILE_EMPTY : (Tile)(1 + (seed >> 4) % 5));
        if (i % 40 != 39) continue;
        for (int y = 0; y < m.h; y++)
            for (int x = 0; x < m.w; x++) {
                bool want = open_by_hand(&m, x, y);
                assert_int_equal(m.open[(y * m.w + x) / 8] >> ((y * m.w + x) % 8) & 1, want);
                Vec2 p = v2((x + 0.25) * S, (y + 0.75) * S);
                assert_int_equal(tilemap_open_at(&m, p), want);
                opens += want;
                shut += !want;
            }
    }
    assert_true(opens > 0 && shut > 0);                      // both kinds were checked
    assert_false(tilemap_open_at(&m, v2(-1, 40)));
    assert_false(tilemap_open_at(&m, v2(40, NAN)));
    assert_true(tilemap_init(&copy, 23, 17, S));
    tilemap_copy_cells(&copy, &m);
    assert_memory_equal(copy.cells, m.cells, 23 * 17);
    assert_memory_equal(copy.open, m.open, (23 * 17 + 7) / 8);
    memset(copy.open, 0, (23 * 17 + 7) / 8);
    tilemap_refresh_open(&copy);                             // the one pass gives the same bits
    assert_memory_equal(copy.open, m.open, (23 * 17 + 7) / 8);
    for (int i = 0; i < 20000; i++) {                        // never open where a cast hits
        seed = seed * 1664525u + 1013904223u;
        Vec2 a = v2((seed >> 8) % (23 * S * 8) / 8.0, (seed >> 4) % (17 * S * 8) / 8.0);
        seed = seed * 1664525u + 1013904223u;
        Vec2 b = v2(a.x + ((int)(seed >> 8) % (2 * S * 8) - S * 8) / 8.0, a.y + ((int)(seed >> 20) % (2 * S * 8) - S * 8) / 8.0);
        TileHit hit;
        if (tilemap_segment_open(&m, a, b)) assert_false(tilemap_cast(&m, a, b, &hit));
    }
    tilemap_free(&copy);
    tilemap_free(&m);
}

// Each half tile alone in a 3x3 map, hit on its diagonal at its centre.
static void test_cast_each_slope(void **state) {
    (void)state;
    static const struct {
        char c;
        double ax, ay, bx, by;  // a cast through the cell's centre (48, 48)
        double nx, ny;
    } cases[] = {
        {'J', 48, 34, 48, 80, -R2, -R2},   // from above onto the floor rising right
        {'J', 34, 48, 80, 48, -R2, -R2},   // from the left
        {'L', 48, 34, 48, 80, R2, -R2},
        {'L', 62, 48, 20, 48, R2, -R2},
        {'F', 48, 62, 48, 20, R2, R2},     // from below onto the ceiling
        {'7', 48, 62, 48, 20, -R2, R2},
        {'J', 36, 36, 60, 60, -R2, -R2},   // head-on along the normal
        {'F', 60, 60, 36, 36, R2, R2},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *rows[3] = {"...", "...", "..."};
        char mid[4] = {'.', cases[i].c, '.', 0};
        rows[1] = mid;
        Tilemap m;
        map_from(&m, rows, 3);
        TileHit h;
        assert_true(tilemap_cast(&m, v2(cases[i].ax, cases[i].ay), v2(cases[i].bx, cases[i].by), &h));
        NEARV(h.point, 48, 48, 1e-9);
        NEARV(h.normal, cases[i].nx, cases[i].ny, 1e-12);
        assert_false(h.inside);
        tilemap_free(&m);
    }
    // exactly along a slope's diagonal (and beyond both its ends): grazing
    const char *rows[3] = {"...", ".J.", "..."};
    Tilemap m;
    map_from(&m, rows, 3);
    TileHit h;
    assert_false(tilemap_cast(&m, v2(24, 72), v2(72, 24), &h));
    assert_false(tilemap_cast(&m, v2(60, 36), v2(36, 60), &h));
    assert_true(tilemap_cast(&m, v2(24, 72.5), v2(72, 24.5), &h));     // a hair below: hits
    tilemap_free(&m);
}

static void test_cast_seams(void **state) {
    (void)state;
    Tilemap m;
    map_from(&m, ROOM, 6);
    TileHit h;
    // just above a row of solid tiles, and exactly on its top: no hit
    assert_false(tilemap_cast(&m, v2(2, 127.999), v2(180, 127.999), &h));
    assert_false(tilemap_cast(&m, v2(2, 128), v2(180, 128), &h));
    // down exactly along the seam between floor tiles 1 and 2
    assert_true(tilemap_cast(&m, v2(64, 100), v2(64, 170), &h));
    NEARV(h.point, 64, 128, 1e-9);
    NEARV(h.normal, 0, -1, 1e-12);
    assert_false(h.inside);
    // diagonally into the seam point: the floor's normal, not a side face
    assert_true(tilemap_cast(&m, v2(32, 96), v2(96, 160), &h));
    NEARV(h.point, 64, 128, 1e-9);
    NEARV(h.normal, 0, -1, 1e-12);
    // along the seam between the two floor rows: that is inside rock
    assert_true(tilemap_cast(&m, v2(40, 160), v2(200, 160), &h));
    assert_true(h.inside);
    NEAR(h.t, 0, 0);
    NEARV(h.normal, -1, 0, 1e-12);
    // along the seam between the wall's tiles: hits the wall's face
    assert_true(tilemap_cast(&m, v2(150, 64), v2(250, 64), &h));
    NEARV(h.point, 192, 64, 1e-9);
    NEARV(h.normal, -1, 0, 1e-12);
    assert_true(tilemap_cast(&m, v2(208, 10), v2(208, 100), &h));   // wall top, mid-column
    NEARV(h.point, 208, 32, 1e-9);
    NEARV(h.normal, 0, -1, 1e-12);
    // along the floor's top into the wall standing on it
    assert_true(tilemap_cast(&m, v2(100, 128), v2(300, 128), &h));
    NEARV(h.point, 192, 128, 1e-9);
    NEARV(h.normal, -1, 0, 1e-12);
    // along the floor's top into the foot of the ramp (J at column 8)
    assert_true(tilemap_cast(&m, v2(230, 128), v2(300, 128), &h));
    NEARV(h.point, 256, 128, 1e-9);
    NEARV(h.normal, -R2, -R2, 1e-12);
    // up along the wall's face x = 192: grazing, no hit
    assert_false(tilemap_cast(&m, v2(192, 100), v2(192, 10), &h));
    // starting on the floor's surface heading in: hit at t = 0, not inside
    assert_true(tilemap_cast(&m, v2(150, 128), v2(150, 140), &h));
    NEAR(h.t, 0, 0);
    assert_false(h.inside);
    NEARV(h.normal, 0, -1, 1e-12);
    // starting on the surface heading away: no hit
    assert_false(tilemap_cast(&m, v2(150, 128), v2(150, 100), &h));
    tilemap_free(&m);
}

static void test_cast_corners_and_grazing(void **state) {
    (void)state;
    Tilemap m;
    map_from(&m, ROOM, 6);
    TileHit h;
    // lone block x 64..96, y 32..64: touching its top-left corner only
    assert_false(tilemap_cast(&m, v2(32, 64), v2(90, 6), &h));
    // grazing along its top and along its left face
    assert_false(tilemap_cast(&m, v2(10, 32), v2(150, 32), &h));
    assert_false(tilemap_cast(&m, v2(64, 5), v2(64, 90), &h));
    // head-on into the corner: the diagonal normal
    assert_true(tilemap_cast(&m, v2(40, 8), v2(80, 48), &h));
    NEARV(h.point, 64, 32, 1e-9);
    NEARV(h.normal, -R2, -R2, 1e-12);
    // into the bottom-right corner from below-right
    assert_true(tilemap_cast(&m, v2(120, 88), v2(80, 48), &h));
    NEARV(h.point, 96, 64, 1e-9);
    NEARV(h.normal, R2, R2, 1e-12);
    // a hair off the corner picks the face it really meets
    assert_true(tilemap_cast(&m, v2(40, 8.001), v2(80, 48.001), &h));
    NEARV(h.normal, -1, 0, 1e-12);
    // inner corner of floor and wall: the mean of both normals
    assert_true(tilemap_cast(&m, v2(160, 96), v2(200, 136), &h));
    NEARV(h.point, 192, 128, 1e-9);
    NEARV(h.normal, -R2, -R2, 1e-12);
    // a start inside solid: t = 0, inside, normal = -direction
    assert_true(tilemap_cast(&m, v2(80, 48), v2(80, 0), &h));
    assert_true(h.inside && h.hit);
    NEAR(h.t, 0, 0);
    NEARV(h.point, 80, 48, 0);
    NEARV(h.normal, 0, 1, 1e-12);
    assert_true(tilemap_cast(&m, v2(-10, 50), v2(50, 50), &h));   // outside the map
    assert_true(h.inside);
    tilemap_free(&m);
}

// The search radius is a hard bound: an exit farther than it is never
// returned, from inside the map's rock or from far outside the map (where
// the search used to scan rings out to the whole map's size).
static void test_nearest_radius_bound(void **state) {
    (void)state;
    Tilemap m;
    assert_true(tilemap_init(&m, 64, 64, S));  // empty, closed by the rock outside
    for (int r = 0; r < 64; r++)
        for (int c = 0; c < 64; c++)
            if (c < 10) tilemap_set(&m, c, r, TILE_SOLID);  // rock 10 tiles thick at the left
    Vec2 q, n;
    // in the rock 3 tiles from its face (x = 320): found within 4 tiles, not within 2
    NEAR(tilemap_signed_distance(&m, v2(224, 500), 4 * S, &q, &n), -96, 1e-12);
    NEARV(q, 320, 500, 1e-12);
    NEAR(tilemap_signed_distance(&m, v2(224, 500), 2 * S, &q, &n), -2 * S, 0);
    NEARV(n, 0, -1, 0);
    // outside the map: 1 tile above the top edge is found; 1000 tiles away is not
    NEAR(tilemap_signed_distance(&m, v2(1000, -32), 2 * S, &q, &n), -32, 1e-12);
    NEARV(q, 1000, 0, 1e-12);
    NEAR(tilemap_signed_distance(&m, v2(1000, -32000), 2 * S, &q, &n), -2 * S, 0);
    NEAR(tilemap_signed_distance(&m, v2(-1e12, 1e12), 2 * S, &q, &n), -2 * S, 0);
    // in the open, the nearest rock beyond the radius is not reported
    assert_true(tilemap_nearest(&m, v2(1000, 1000), 5, &q, &n) > 5);
    tilemap_free(&m);
}

// A long cast across a big open map only walks the cells it crosses, and
// one ending short of the wall does not hit.
static void test_cast_long(void **state) {
    (void)state;
    Tilemap m;
    assert_true(tilemap_init(&m, 1000, 1000, S));
    TileHit h;
    assert_true(tilemap_cast(&m, v2(16, 16), v2(40000, 32000), &h));
    NEAR(h.point.x, 32000, 1e-6);
    NEARV(h.normal, -1, 0, 1e-12);
    assert_false(tilemap_cast(&m, v2(16, 16), v2(31999, 31999), &h));
    tilemap_set(&m, 500, 500, TILE_SLOPE_TL);  // x 16000..16032, diag x + y = 32032
    assert_true(tilemap_cast(&m, v2(16000 + 20, 31000), v2(16020, 15000), &h));
    NEARV(h.point, 16020, 16012, 1e-6);
    NEARV(h.normal, R2, R2, 1e-12);
    tilemap_free(&m);
}

static void test_nearest_square(void **state) {
    (void)state;
    Tilemap m;
    map_from(&m, ROOM, 6);
    Vec2 q, n;
    // above the lone block (x 64..96, y 32..64)
    NEAR(tilemap_nearest(&m, v2(80, 20), 16, &q, &n), 12, 1e-12);
    NEARV(q, 80, 32, 1e-12);
    NEARV(n, 0, -1, 1e-12);
    // left of it
    NEAR(tilemap_nearest(&m, v2(54, 50), 16, &q, &n), 10, 1e-12);
    NEARV(n, -1, 0, 1e-12);
    // outer corner: the diagonal
    NEAR(tilemap_nearest(&m, v2(54, 22), 20, &q, &n), sqrt(200.0), 1e-12);
    NEARV(q, 64, 32, 1e-12);
    NEARV(n, -R2, -R2, 1e-12);
    // nothing within max_dist: a value above it, point/normal untouched
    q = v2(-1, -1);
    assert_true(tilemap_nearest(&m, v2(150, 50), 5, &q, &n) > 5);
    NEARV(q, -1, -1, 0);
    // inside the block: 0, the nearest exit and the way out
    NEAR(tilemap_nearest(&m, v2(80, 36), 16, &q, &n), 0, 0);
    NEARV(q, 80, 32, 1e-12);
    NEARV(n, 0, -1, 1e-12);
    NEAR(tilemap_signed_distance(&m, v2(80, 36), 16, &q, &n), -4, 1e-12);
    NEAR(tilemap_signed_distance(&m, v2(93, 50), 16, &q, &n), -3, 1e-12);
    NEARV(n, 1, 0, 1e-12);
    // exactly on a surface: distance 0 and the surface's normal
    NEAR(tilemap_nearest(&m, v2(80, 64), 16, &q, &n), 0, 0);
    NEARV(n, 0, 1, 1e-9);
    NEAR(tilemap_nearest(&m, v2(64, 32), 16, &q, &n), 0, 0);          // outer corner
    NEARV(n, -R2, -R2, 1e-9);
    tilemap_free(&m);
}

static void test_nearest_slopes(void **state) {
    (void)state;
    static const struct {
        char c;
        double px, py;          // a point on the empty side of the cell (32..64)
        double d, qx, qy, nx, ny;
    } cases[] = {
        // J: diagonal x + y = 96; (44,44) is 8/sqrt2 above it
        {'J', 44, 44, 8 * R2, 48, 48, -R2, -R2},
        // L: diagonal x - y = 0 (solid below-left); (52,44) is above-right
        {'L', 52, 44, 8 * R2, 48, 48, R2, -R2},
        // F: diagonal x + y = 96 (solid above-left); (52,52) below-right
        {'F', 52, 52, 8 * R2, 48, 48, R2, R2},
        // 7: diagonal x - y = 0 (solid above-right); (44,52) below-left
        {'7', 44, 52, 8 * R2, 48, 48, -R2, R2},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *rows[3] = {"...", "...", "..."};
        char mid[4] = {'.', cases[i].c, '.', 0};
        rows[1] = mid;
        Tilemap m;
        map_from(&m, rows, 3);
        Vec2 q, n;
        NEAR(tilemap_nearest(&m, v2(cases[i].px, cases[i].py), 20, &q, &n), cases[i].d, 1e-12);
        NEARV(q, cases[i].qx, cases[i].qy, 1e-12);
        NEARV(n, cases[i].nx, cases[i].ny, 1e-12);
        // mirrored through the diagonal: inside by the same depth, way out = normal
        Vec2 in = v2(2 * cases[i].qx - cases[i].px, 2 * cases[i].qy - cases[i].py);
        NEAR(tilemap_signed_distance(&m, in, 20, &q, &n), -cases[i].d, 1e-12);
        NEARV(n, cases[i].nx, cases[i].ny, 1e-12);
        // on the diagonal itself: distance 0, normal exact
        NEAR(tilemap_nearest(&m, v2(48, 48), 20, &q, &n), 0, 0);
        NEARV(n, cases[i].nx, cases[i].ny, 1e-9);
        tilemap_free(&m);
    }
}

static void test_nearest_seams_and_corners(void **state) {
    (void)state;
    Tilemap m;
    map_from(&m, ROOM, 6);
    Vec2 q, n;
    // over the seam between floor tiles at x = 64: continuous, straight up
    for (double x = 63.5; x <= 64.5; x += 0.25) {
        NEAR(tilemap_nearest(&m, v2(x, 120), 16, &q, &n), 8, 1e-12);
        NEARV(n, 0, -1, 1e-12);
        NEARV(q, x, 128, 1e-12);
        // inside the floor at the seam: out through the top, never sideways
        NEAR(tilemap_signed_distance(&m, v2(x, 136), 16, &q, &n), -8, 1e-12);
        NEARV(n, 0, -1, 1e-12);
        // inside at the seam between the two floor rows (y = 160)
        NEAR(tilemap_signed_distance(&m, v2(x, 159), 40, &q, &n), -31, 1e-12);
        NEARV(n, 0, -1, 1e-12);
    }
    // inner corner of floor and wall (192, 128): nearest is whichever is closer
    NEAR(tilemap_nearest(&m, v2(182, 110), 30, &q, &n), 10, 1e-12);
    NEARV(n, -1, 0, 1e-12);
    NEAR(tilemap_nearest(&m, v2(170, 122), 30, &q, &n), 6, 1e-12);
    NEARV(n, 0, -1, 1e-12);
    NEAR(tilemap_nearest(&m, v2(192, 128), 30, &q, &n), 0, 0);           // in the corner
    NEARV(n, -R2, -R2, 1e-9);
    // the wall's top outer corner (192, 32)
    NEAR(tilemap_nearest(&m, v2(186, 26), 30, &q, &n), 6 * sqrt(2.0), 1e-12);
    NEARV(n, -R2, -R2, 1e-12);
    // the ramp's top (J at column 8 meets L at column 9 at x = 288, y = 96):
    // a peak; right above it the nearest is the peak point itself
    NEAR(tilemap_nearest(&m, v2(288, 90), 30, &q, &n), 6, 1e-12);
    NEARV(q, 288, 96, 1e-12);
    NEARV(n, 0, -1, 1e-12);
    tilemap_free(&m);
}

static void test_sweep_circle(void **state) {
    (void)state;
    Tilemap m;
    map_from(&m, ROOM, 6);
    TileHit h;
    // falling onto the floor: stops 1e-4 short of touching
    assert_true(tilemap_sweep_circle(&m, v2(150, 50), 8, v2(0, 100), &h));
    NEARV(h.point, 150, 120 - 1e-4, 1e-9);
    NEARV(h.normal, 0, -1, 1e-9);
    NEAR(h.t, (70 - 1e-4) / 100, 1e-9);
    // resting there, sliding along the floor across seams: free
    Vec2 p = h.point;
    for (int i = 0; i < 5; i++) {
        assert_false(tilemap_sweep_circle(&m, p, 8, v2(5, 0), &h));
        NEARV(h.point, p.x + 5, p.y, 1e-12);
        p = h.point;
    }
    // exactly touching and pushing down: stops at once
    assert_true(tilemap_sweep_circle(&m, v2(40, 120), 8, v2(0, 3), &h));
    NEAR(h.t, 0, 0);
    NEARV(h.normal, 0, -1, 1e-9);
    // sliding right along the floor into the wall at x = 192
    assert_true(tilemap_sweep_circle(&m, v2(150, 120), 8, v2(50, 0), &h));
    NEARV(h.point, 184 - 1e-4, 120, 1e-9);
    NEARV(h.normal, -1, 0, 1e-9);
    // into the inner corner diagonally: the mean of floor and wall normals
    assert_true(tilemap_sweep_circle(&m, v2(170, 106), 8, v2(20, 20), &h));
    NEARV(h.point, 184 - 1e-4, 120 - 1e-4, 1e-9);
    NEARV(h.normal, -R2, -R2, 1e-9);
    // onto the ramp (J at column 8: diagonal x + y = 384): contact when the
    // centre is 8 px from the diagonal
    assert_true(tilemap_sweep_circle(&m, v2(270, 20), 8, v2(0, 100), &h));
    NEAR((h.point.x + h.point.y - 384) * R2, -8 - 1e-4, 1e-7);
    NEARV(h.normal, -R2, -R2, 1e-9);
    // diagonally onto the lone block's top-left corner (64, 32), head-on
    assert_true(tilemap_sweep_circle(&m, v2(42, 10), 8, v2(20, 20), &h));
    NEAR(v2_dist(h.point, v2(64, 32)), 8 + 1e-4, 1e-7);
    NEARV(h.normal, -R2, -R2, 1e-9);
    // passing beside the block untouched
    assert_false(tilemap_sweep_circle(&m, v2(40, 90), 8, v2(100, 0), &h));
    NEAR(h.t, 1, 0);
    // a centre inside rock: inside, the way out
    assert_true(tilemap_sweep_circle(&m, v2(80, 36), 8, v2(10, 0), &h));
    assert_true(h.inside);
    NEARV(h.normal, 0, -1, 1e-12);
    // a long sweep is exact too
    assert_true(tilemap_sweep_circle(&m, v2(10, 100), 4, v2(1000, 0), &h));
    NEAR(h.point.x, 188 - 1e-4, 1e-9);
    tilemap_free(&m);
}

// Random maps, checked against sampling: the nearest distance is exact (no
// solid point closer, the point found is on the surface), a cast never
// passes through the inside of the rock before its hit (or at all when it
// misses), and a swept circle never overlaps rock along its path.
static void test_random_maps_consistent(void **state) {
    (void)state;
    Rng r;
    rng_seed(&r, 12345);
    int checked = 0;
    for (int map_i = 0; map_i < 40; map_i++) {
        Tilemap m;
        int w = 6 + (int)rng_below(&r, 6), h = 6 + (int)rng_below(&r, 6);
        assert_true(tilemap_init(&m, w, h, 16));
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                uint32_t k = rng_below(&r, 10);
                Tile t = k < 6 ? TILE_EMPTY : k < 8 ? TILE_SOLID : (Tile)(2 + rng_below(&r, 4));
                tilemap_set(&m, x, y, t);
            }
        double W = w * 16.0, H = h * 16.0;
        for (int i = 0; i < 200; i++) {
            double px = rng_range(&r, 0, W), py = rng_range(&r, 0, H);
            if (i % 3 == 0) px = floor(px / 4) * 4;       // on grid lines and corners often
            if (i % 5 == 0) py = floor(py / 8) * 8;
            Vec2 p = v2(px, py), q, n, q2, n2;
            double sd = tilemap_signed_distance(&m, p, 40, &q, &n);
            if (sd > 40) continue;
            NEAR(v2_len(n), 1, 1e-9);
            NEAR(fabs(tilemap_signed_distance(&m, q, 1, &q2, &n2)), 0, 1e-9);   // q on the surface
            if (sd > -16) NEAR(v2_dist(p, q), fabs(sd), 1e-9);
            for (int k = 0; k < 30 && sd > -16 && sd != 0; k++) {
                double a = rng_range(&r, 0, 6.283185307179586);
                double rr = fabs(sd) * 0.999 * sqrt(rng_unit(&r));
                Vec2 s = v2(p.x + rr * cos(a), p.y + rr * sin(a));
                assert_true(tilemap_point_solid(&m, s) == (sd < 0));   // nothing nearer
            }
            double bx = rng_range(&r, -20, W + 20), by = rng_range(&r, -20, H + 20);
            Vec2 b = v2(i % 7 == 0 ? p.x : bx, i % 11 == 0 ? p.y : by);
            TileHit ht;
            bool hit = tilemap_cast(&m, p, b, &ht);
            if (!ht.inside) {
                double t_end = hit ? ht.t : 1.0;
                for (int k = 0; k <= 50; k++) {
                    Vec2 s = v2_lerp(p, b, t_end * k / 50.0);
                    assert_true(tilemap_signed_distance(&m, s, 1, &q2, &n2) >= -1e-7);
                }
                if (hit) {
                    NEAR(tilemap_signed_distance(&m, ht.point, 1, &q2, &n2), 0, 1e-9);
                    assert_true(v2_dot(ht.normal, v2_sub(b, p)) < 0);
                    NEAR(v2_len(ht.normal), 1, 1e-9);
                }
            }
            double rad = rng_range(&r, 1, 8);
            if (sd > rad + 0.01) {
                Vec2 dl = v2_scale(v2_sub(b, p), rng_range(&r, 0, 1));
                bool sh = tilemap_sweep_circle(&m, p, rad, dl, &ht);
                for (int k = 0; k <= 50; k++) {
                    Vec2 s = v2_add(p, v2_scale(dl, ht.t * k / 50.0));
                    assert_true(tilemap_signed_distance(&m, s, rad + 1, &q2, &n2) >= rad - 1.001e-3);
                }
                if (sh && ht.t > 0) {   // stopped at contact, not before
                    assert_true(tilemap_signed_distance(&m, ht.point, rad + 1, &q2, &n2) <= rad + 1.01e-4);
                    NEAR(v2_len(ht.normal), 1, 1e-9);
                }
            }
            checked++;
        }
        tilemap_free(&m);
    }
    assert_true(checked > 4000);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tile_chars_and_outside), cmocka_unit_test(test_point_solid),
        cmocka_unit_test(test_cast_floor_and_wall),    cmocka_unit_test(test_cast_short_ends_on_faces),
        cmocka_unit_test(test_empty_rings),
        cmocka_unit_test(test_cast_each_slope),
        cmocka_unit_test(test_cast_seams),             cmocka_unit_test(test_cast_corners_and_grazing),
        cmocka_unit_test(test_cast_long),              cmocka_unit_test(test_nearest_square),
        cmocka_unit_test(test_nearest_radius_bound),
        cmocka_unit_test(test_nearest_slopes),         cmocka_unit_test(test_nearest_seams_and_corners),
        cmocka_unit_test(test_open_flags),             cmocka_unit_test(test_sweep_circle),           cmocka_unit_test(test_random_maps_consistent),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
