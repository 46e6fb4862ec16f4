// stand.c -- the safe-spot bot (docs/controls.md, "Balance"): in an arena,
// puts the player on every spot he can stand on -- every empty tile with a
// solid one under it (floor), and every empty tile beside a wall or under a
// ceiling (a solid tile's edge, or a half tile's straight side) or in the
// open half of an overhang's half tile (F, 7: under its slanted face) where,
// let go against it, he clings (wall, ceiling, overhang) -- and lets him
// stand there, pressing nothing, until something hits him.
// The longest such stand is the arena's safest spot; the rule is
// that on normal none lasts longer than 20 s. Headless, on the real
// simulation, from the arena's first tick (the boss where it spawns), a
// fresh world per spot.
//
//   build/stand [--difficulty D] [--seconds S] [--max S] [--floor] [--verbose] LEVEL...
//
// Prints per arena `arena PATH difficulty D spots N longest_safe_s S col C
// row R kind K` (>= means never hit within --seconds; K floor, wall,
// ceiling or overhang), with --verbose every spot too. --floor: floor spots only.
// Exit 0; 1 with --max when some arena's longest stand is longer than
// that many seconds (`make test-stand`); 2 on a bad command line or level.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/dmath.h"
#include "harness/session.h"
#include "sim/world.h"

// How long a stand is watched at most: 60 s.
#define STAND_MAX_SECONDS 60

// Where on a tile the player is put: standing on its floor, or let go in
// the air against the wall on its left or right, or the ceiling above it.
// SPOT_OVERHANG: under the slanted face of an overhang's half tile (F or
// 7), in its open half.
typedef enum SpotKind { SPOT_FLOOR = 0, SPOT_WALL_LEFT, SPOT_WALL_RIGHT, SPOT_CEILING, SPOT_OVERHANG, SPOT_KINDS } SpotKind;
static const char *const KIND_NAME[SPOT_KINDS] = {"floor", "wall", "wall", "ceiling", "overhang"};

// Ticks a player let go against a wall or ceiling has to cling to it; one
// that has not by then, or has moved half a tile, is no spot (he fell or
// slid away).
#define STAND_CLING_TICKS 20

typedef struct Stand {
    int col, row;
    SpotKind kind;
    int64_t ticks;             // until the first hit (max_ticks: never hit)
} Stand;

// Does tile t, the neighbour (dc, dr) of a spot, turn a whole edge toward
// it: the side a wall or ceiling spot clings to? Solid tiles do, and a half
// tile's two straight sides (J, whose solid half is bottom right, has full
// right and bottom edges).
static bool full_edge(Tile t, int dc, int dr) {
    if (t == TILE_SOLID) return true;
    if (dc == -1) return t == TILE_SLOPE_BR || t == TILE_SLOPE_TR;   // its right edge
    if (dc == 1) return t == TILE_SLOPE_BL || t == TILE_SLOPE_TL;    // its left edge
    return dr == -1 && (t == TILE_SLOPE_BR || t == TILE_SLOPE_BL);   // its bottom edge
}

// Puts the player standing on the floor of tile (col, row), as if he had
// spawned there: the hearts and leg profiles the arena gave him kept.
static void place(World *w, int col, int row) {
    Player *p = &w->player;
    int hp = p->hp, hp_max = p->hp_max;
    LegProfile prof[sizeof p->legs.prof / sizeof p->legs.prof[0]];
    memcpy(prof, p->legs.prof, sizeof prof);
    player_init(p, col, row, w->map.tile);
    p->hp = hp;
    p->hp_max = hp_max;
    memcpy(p->legs.prof, prof, sizeof prof);
}

// Lets the player go in the air touching the surface `kind` names on tile
// (col, row); the simulation attaches him if he can cling there.
static void place_against(World *w, int col, int row, SpotKind kind) {
    Player *p = &w->player;
    double t = w->map.tile, r = p->radius, gap = 0.5;
    if (kind == SPOT_WALL_LEFT) p->pos = (Vec2){col * t + r + gap, (row + 0.5) * t};
    else if (kind == SPOT_WALL_RIGHT) p->pos = (Vec2){(col + 1) * t - r - gap, (row + 0.5) * t};
    else p->pos = (Vec2){(col + 0.5) * t, row * t + r + gap};
    // Moving into it, as a jump against it would: the move meets it.
    p->vel = kind == SPOT_WALL_LEFT    ? (Vec2){-1.0, 0.0}
             : kind == SPOT_WALL_RIGHT ? (Vec2){1.0, 0.0}
                                       : (Vec2){0.0, -1.0};
    if (kind == SPOT_OVERHANG) {
        // The slanted face runs through the tile's centre; its normal
        // points down and away from the solid corner.
        double k = DM_SQRT1_2, nx = tilemap_at(&w->map, col, row) == TILE_SLOPE_TL ? k : -k;
        p->pos = (Vec2){(col + 0.5) * t + nx * (r + gap), (row + 0.5) * t + k * (r + gap)};
        p->vel = (Vec2){-nx, -k};
    }
    p->dash_from = p->pos;
    p->state = PLAYER_AIR;
}

// Stands on (col, row) until hit, lost or max_ticks; -1 when the level
// cannot be opened, -2 when a wall or ceiling spot does not hold him.
static int64_t stand(const char *level, const SessionSetup *setup, int col, int row, SpotKind kind,
                     int64_t max_ticks) {
    Session s;
    if (session_open_level(&s, level, setup)) {
        fprintf(stderr, "%s\n", session_message(&s));
        session_close(&s);
        return -1;
    }
    World *w = session_world_mut(&s);
    place(w, col, row);
    if (kind != SPOT_FLOOR) place_against(w, col, row, kind);
    Vec2 at = w->player.pos;
    int64_t t = 0;
    Input in = {0};
    for (; t < max_ticks; t++) {
        session_step(&s, &in);
        if (w->player.hits > 0 || w->state == GAME_LOST) break;
        if (kind != SPOT_FLOOR && t + 1 == STAND_CLING_TICKS &&
            (w->player.state != PLAYER_WALL || v2_dist(w->player.pos, at) > w->map.tile * 0.5)) {
            t = -2;
            break;
        }
    }
    session_close(&s);
    return t;
}

static int usage(void) {
    fprintf(stderr, "usage: stand [--difficulty easy|normal|hard] [--seconds S] [--max S] [--floor] [--verbose] "
                    "LEVEL...\n");
    return 2;
}

int main(int argc, char **argv) {
    SessionSetup setup = {0};
    setup.difficulty = DIFFICULTY_NORMAL;
    int64_t max_ticks = (int64_t)STAND_MAX_SECONDS * SIM_TICK_HZ;
    bool verbose = false, floor_only = false;
    double max_s = -1.0;
    int nlevels = 0, rc = 0;
    const char *levels[16];
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        bool more = i + 1 < argc;
        if (!strcmp(a, "--difficulty") && more) {
            const char *d = argv[++i];
            if (!difficulty_parse(d, strlen(d), &setup.difficulty)) return usage();
        } else if (!strcmp(a, "--seconds") && more) {
            max_ticks = (int64_t)(atof(argv[++i]) * SIM_TICK_HZ);
            if (max_ticks < 1) return usage();
        } else if (!strcmp(a, "--max") && more) {
            max_s = atof(argv[++i]);
        } else if (!strcmp(a, "--floor")) {
            floor_only = true;
        } else if (!strcmp(a, "--verbose")) {
            verbose = true;
        } else if (a[0] != '-' && nlevels < (int)(sizeof levels / sizeof *levels)) {
            levels[nlevels++] = a;
        } else {
            return usage();
        }
    }
    if (nlevels == 0) return usage();
    for (int l = 0; l < nlevels; l++) {
        // The arena's map: from a session opened once.
        Session s;
        if (session_open_level(&s, levels[l], &setup)) {
            fprintf(stderr, "%s\n", session_message(&s));
            session_close(&s);
            return 2;
        }
        int w = session_world(&s)->map.w, h = session_world(&s)->map.h;
        Tilemap map;
        if (!tilemap_init(&map, w, h, session_world(&s)->map.tile)) {
            session_close(&s);
            return 2;
        }
        tilemap_copy_cells(&map, &session_world(&s)->map);
        session_close(&s);
        Stand best = {-1, -1, SPOT_FLOOR, -1};
        int spots = 0;
        for (int row = 0; row + 1 < h; row++)
            for (int col = 0; col < w; col++) {
                Tile here = tilemap_at(&map, col, row);
                bool overhang = here == TILE_SLOPE_TL || here == TILE_SLOPE_TR;
                if (here != TILE_EMPTY && !overhang) continue;
                for (SpotKind kind = SPOT_FLOOR; kind < SPOT_KINDS; kind++) {
                    // Under an overhang's slanted face (in its half tile),
                    // else nothing but that in the half tile.
                    if ((kind == SPOT_OVERHANG) != overhang) continue;
                    if (kind == SPOT_OVERHANG && floor_only) continue;
                    // A floor: anything solid under the tile; a wall or a
                    // ceiling: a whole edge of rock beside or above it.
                    if (kind == SPOT_FLOOR && tilemap_at(&map, col, row + 1) == TILE_EMPTY) continue;
                    if (kind != SPOT_FLOOR && floor_only) continue;
                    int dc = kind == SPOT_WALL_LEFT ? -1 : kind == SPOT_WALL_RIGHT ? 1 : 0;
                    int dr = kind == SPOT_CEILING ? -1 : 0;
                    if (kind != SPOT_FLOOR && kind != SPOT_OVERHANG &&
                        !full_edge(tilemap_at(&map, col + dc, row + dr), dc, dr))
                        continue;
                    int64_t t = stand(levels[l], &setup, col, row, kind, max_ticks);
                    if (t == -1) return 2;
                    if (t < 0) continue;
                    spots++;
                    if (verbose)
                        printf("spot %s col %d row %d kind %s safe_s %s%.1f\n", levels[l], col, row, KIND_NAME[kind],
                               t >= max_ticks ? ">=" : "", t / (double)SIM_TICK_HZ);
                    if (t > best.ticks) best = (Stand){col, row, kind, t};
                }
            }
        tilemap_free(&map);
        printf("arena %s difficulty %s spots %d longest_safe_s %s%.1f col %d row %d kind %s\n", levels[l],
               difficulty_name(setup.difficulty), spots, best.ticks >= max_ticks ? ">=" : "",
               best.ticks / (double)SIM_TICK_HZ, best.col, best.row, KIND_NAME[best.kind]);
        fflush(stdout);
        if (max_s >= 0.0 && best.ticks > (int64_t)(max_s * SIM_TICK_HZ)) rc = 1;
    }
    return rc;
}
