// test_render.c -- the look-only feedback rules, drawn with SDL's software
// renderer into a surface (no window) and checked by pixel: enemy shots
// have a dark rim and a white core, player shots none, stamped as pixels
// as well as drawn; a hit turns a
// creature white only as the `flashing` level allows and at most 3 times a
// second, and the red hurt tint
// is gone at `off` (the title's demo pilot); a boss off screen gets a
// marker at the edge, a dead one none; the boss bar counts bosses only and
// shows the phase ticks; lock shows the hitbox; the hurt blink is not a
// dash's; a dead player is not drawn. The software renderer's own paths
// give the draw calls' pixels: the hit flash drawn in the creature's box
// and blended in memory, the sky's motes written as pixels. Runs from the repository root
// (assets/, levels/).
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "fixtures.h"
#include "harness/session.h"
#include "render/fx.h"
#include "render/render_local.h"

typedef struct Shot {
    SDL_Surface *s;
    SDL_Renderer *r;
    RenderCtx rc;
} Shot;

static void shot_open(Shot *o, RenderLevel flashing) {
    o->s = SDL_CreateRGBSurfaceWithFormat(0, RENDER_LOGICAL_W, RENDER_LOGICAL_H, 32, SDL_PIXELFORMAT_ARGB8888);
    assert_non_null(o->s);
    o->r = SDL_CreateSoftwareRenderer(o->s);
    assert_non_null(o->r);
    assert_true(render_init(&o->rc, o->r, "assets/"));
    o->rc.flashing = flashing;
    o->rc.shake = RENDER_OFF;   // a still camera: frames compare pixel by pixel
}

static void shot_close(Shot *o) {
    render_shutdown(&o->rc);
    SDL_DestroyRenderer(o->r);
    SDL_FreeSurface(o->s);
}

static void shot_draw(Shot *o, const World *w) {
    render_camera_follow(&o->rc, w);
    SDL_SetRenderDrawColor(o->r, 0, 0, 0, 255);
    SDL_RenderClear(o->r);
    render_world(&o->rc, w);
    SDL_RenderPresent(o->r);
}

static SDL_Color px(const Shot *o, int x, int y) {
    Uint32 v = ((const Uint32 *)((const Uint8 *)o->s->pixels + y * o->s->pitch))[x];
    SDL_Color c;
    SDL_GetRGBA(v, o->s->format, &c.r, &c.g, &c.b, &c.a);
    return c;
}

static int lum(SDL_Color c) { return (c.r + c.g + c.b) / 3; }

// Mean of one channel (0 r, 1 g, 2 b) or of all three (3) over a box.
static double mean(const Shot *o, int x0, int y0, int x1, int y1, int ch) {
    double sum = 0;
    for (int y = y0; y < y1; y++)
        for (int x = x0; x < x1; x++) {
            SDL_Color c = px(o, x, y);
            sum += ch == 0 ? c.r : ch == 1 ? c.g : ch == 2 ? c.b : lum(c);
        }
    return sum / ((double)(x1 - x0) * (y1 - y0));
}

static int count_white(const Shot *o, int x0, int y0, int x1, int y1) {
    int n = 0;
    for (int y = y0; y < y1; y++)
        for (int x = x0; x < x1; x++) {
            SDL_Color c = px(o, x, y);
            n += c.r > 235 && c.g > 235 && c.b > 235;
        }
    return n;
}

// How many pixels of the two frames differ in colour.
static int pixels_differ(const Shot *a, const Shot *b) {
    int n = 0;
    for (int y = 0; y < RENDER_LOGICAL_H; y++)
        for (int x = 0; x < RENDER_LOGICAL_W; x++) {
            SDL_Color p = px(a, x, y), q = px(b, x, y);
            n += p.r != q.r || p.g != q.g || p.b != q.b;
        }
    return n;
}

static SDL_FPoint on_screen(const Shot *o, Vec2 p) { return render_to_screen(&o->rc, p); }

// A shipped arena, one tick in (the creatures have their first pose).
static World *arena(const char *path) {
    Level lv;
    ParseError err;
    if (!session_load_level(&lv, path, &err)) fail_msg("%s: %s", path, err.msg);
    World *w = fixture_world_level(&lv, false, 0);
    level_free(&lv);
    world_step(w, (Input){0});
    return w;
}

static void push(World *w, EventType t, EventWho who, Vec2 at) {
    events_clear(&w->events);
    events_push(&w->events, t, who, 1, at.x, at.y);
}

// Enemy shots: a white core inside a rim darker than the rock they cross;
// a player shot there has no dark rim.
static void test_enemy_shot_rim_and_core(void **state) {
    (void)state;
    World *w = arena("levels/test/tetran-duel.lvl");
    Vec2 rock = v2(80, 208), rock2 = v2(208, 560);    // in the left wall, in a pillar
    assert_true(tilemap_point_solid(&w->map, rock) && tilemap_point_solid(&w->map, rock2));
    Shot o;
    shot_open(&o, RENDER_FULL);
    shot_draw(&o, w);
    SDL_FPoint r = on_screen(&o, rock), r2 = on_screen(&o, rock2);
    int bare = lum(px(&o, (int)r.x + 6, (int)r.y)), bare2 = lum(px(&o, (int)r2.x, (int)r2.y - 6));
    bullets_spawn(&w->bullets, OWNER_ENEMY, WHO_TETRAN, rock, v2(0, 0), 4.0, 1, 60);
    bullets_spawn(&w->bullets, OWNER_PLAYER, WHO_PLAYER, rock2, v2(10, 0), 3.0, 1, 60);
    shot_draw(&o, w);
    SDL_Color core = px(&o, (int)r.x, (int)r.y);
    assert_true(core.r > 230 && core.g > 220 && core.b > 220);
    assert_true(lum(px(&o, (int)r.x + 6, (int)r.y)) < bare - 20);     // the rim at 6 px
    assert_true(lum(px(&o, (int)r2.x, (int)r2.y - 6)) >= bare2);       // a player shot: light only
    shot_close(&o);
    world_free(w);
}

// Many enemy shots on a software renderer are stamped as pixels
// (render/draw/shots.c), into the world layer read back or straight into
// the caller's surface: the same look as the draw calls, shot by shot
// (white core, a rim darker than the sky it crosses) and over the whole
// frame (the mean difference under 2 levels a channel).
static void test_stamped_shots_look_like_drawn(void **state) {
    (void)state;
    World *w = arena("levels/test/tetran-duel.lvl");
    Shot o[3];
    shot_open(&o[0], RENDER_FULL);
    shot_draw(&o[0], w);
    SDL_Surface *bare = SDL_DuplicateSurface(o[0].s);
    Vec2 at[80];
    int n = 0;
    for (int j = 0; j < 8; j++)
        for (int i = 0; i < 10; i++) {
            Vec2 p = v2(o[0].rc.cam_x + 190 + 100 * i, o[0].rc.cam_y + 80 + 80 * j);
            if (tilemap_point_solid(&w->map, p)) continue;
            assert_true(bullets_spawn(&w->bullets, OWNER_ENEMY, WHO_TETRAN, p, v2(3, 1), 4.0, 1, 60) >= 0);
            at[n++] = p;
        }
    assert_true(n >= 48);                      // enough for the stamps (PIXEL_SHOTS_MIN)
    shot_close(&o[0]);
    for (int k = 0; k < 3; k++) {              // draw calls, the world layer, the surface
        shot_open(&o[k], RENDER_FULL);
        o[k].rc.pixel_shots = k > 0;
        o[k].rc.screen = k == 2 ? o[k].s : NULL;
        shot_draw(&o[k], w);
        assert_true((o[k].rc.world != NULL) == (k == 1));
        for (int i = 0; i < n; i++) {
            SDL_FPoint c = on_screen(&o[k], at[i]);
            SDL_Color core = px(&o[k], (int)c.x, (int)c.y);
            assert_true(core.r > 230 && core.g > 220 && core.b > 220);
            Uint32 b = ((const Uint32 *)((const Uint8 *)bare->pixels + (int)c.y * bare->pitch))[(int)c.x + 6];
            SDL_Color sky;
            SDL_GetRGBA(b, bare->format, &sky.r, &sky.g, &sky.b, &sky.a);
            assert_true(lum(px(&o[k], (int)c.x + 6, (int)c.y)) < lum(sky) + 40);
        }
    }
    for (int k = 1; k < 3; k++) {
        double diff = 0;
        for (int y = 0; y < RENDER_LOGICAL_H; y++)
            for (int x = 0; x < RENDER_LOGICAL_W; x++) {
                SDL_Color a = px(&o[0], x, y), b = px(&o[k], x, y);
                diff += abs(a.r - b.r) + abs(a.g - b.g) + abs(a.b - b.b);
            }
        assert_true(diff / (3.0 * RENDER_LOGICAL_W * RENDER_LOGICAL_H) < 2.0);
    }
    SDL_FreeSurface(bare);
    for (int k = 0; k < 3; k++) shot_close(&o[k]);
    world_free(w);
}

// A hit: the creature turns white at full flashing, and not at all at off
// (the spark and flash at the hit point are the same at every level).
static void test_boss_flash_follows_flashing(void **state) {
    (void)state;
    int white[3];
    for (int lv = RENDER_FULL; lv <= RENDER_OFF; lv++) {
        World *w = arena("levels/test/tetran-duel.lvl");
        Shot o;
        shot_open(&o, (RenderLevel)lv);
        push(w, EV_HIT, WHO_TETRAN, w->tetrans[0].pos);
        fx_tick(&o.rc, w);
        shot_draw(&o, w);
        SDL_FPoint c = on_screen(&o, w->tetrans[0].pos);
        white[lv] = count_white(&o, (int)c.x - 260, (int)c.y - 260, (int)c.x + 260, (int)c.y + 260);
        shot_close(&o);
        world_free(w);
    }
    assert_true(white[RENDER_FULL] > white[RENDER_OFF] + 2000);
    assert_true(white[RENDER_REDUCED] <= white[RENDER_FULL]);
}

// Every pixel a creature draws with any opacity lies in its hit flash's
// box (render_flash_rect: its bounds widened by draw_prefix_reach), so the
// flash drawn in that box alone is the whole silhouette: each living
// creature of the shipped arenas, drawn alone into a clear picture, at ten
// points of a fight (walking, climbing, firing).
#define CHECK_KIND_IN_BOX(KIND, prefix, Type)                                                   \
    for (int i = 0; i < w->prefix##_count; i++) {                                                      \
        const Type *c = &w->prefix##s[i];                                                              \
        Box b;                                                                                         \
        if (!prefix##_bounds(c, &b)) continue;                                                         \
        SDL_SetRenderDrawBlendMode(o.r, SDL_BLENDMODE_NONE);                                           \
        SDL_SetRenderDrawColor(o.r, 0, 0, 0, 0);                                                       \
        SDL_RenderClear(o.r);                                                                          \
        draw_##prefix(&o.rc, w, c);                                                                    \
        SDL_RenderFlush(o.r);                                                                          \
        SDL_Rect box;                                                                                  \
        bool any = render_flash_rect(&o.rc, &b, draw_##prefix##_reach(c), &box);                       \
        for (int y = 0; y < RENDER_LOGICAL_H; y++)                                                     \
            for (int x = 0; x < RENDER_LOGICAL_W; x++) {                                               \
                bool inside = any && x >= box.x && y >= box.y && x < box.x + box.w && y < box.y + box.h; \
                if (!inside && px(&o, x, y).a) fail_msg("%s: %s pixel (%d, %d) outside its flash box", levels[l], #prefix, x, y); \
            }                                                                                          \
        drawn++;                                                                                       \
    }

static void test_flash_box_holds_creature(void **state) {
    (void)state;
    static const char *const levels[] = {"levels/01-tetran.lvl", "levels/02-tentacle.lvl", "levels/03-whale.lvl",
                                         "levels/04-convergence.lvl", "levels/bench/stress.lvl"};
    int drawn = 0;
    for (size_t l = 0; l < sizeof levels / sizeof levels[0]; l++) {
        World *w = arena(levels[l]);
        Shot o;
        shot_open(&o, RENDER_FULL);
        for (int t = 0; t < 1000; t++) {
            uint16_t in = (uint16_t)((t % 400 < 200 ? BTN_RIGHT : BTN_LEFT) | ((t / 6) % 2 ? BTN_FIRE : 0));
            if (t % 120 < 30) in |= BTN_UP;
            world_step(w, (Input){in});
            if (t % 100 != 99) continue;
            render_camera_follow(&o.rc, w);
            CREATURES(CHECK_KIND_IN_BOX)
        }
        shot_close(&o);
        world_free(w);
    }
    assert_true(drawn >= 40);
}
#undef CHECK_KIND_IN_BOX

// A software renderer blends the flash in memory when it can (the
// offscreen surface, the world layer): the same pixels as SDL's own
// modulated copy, at a full flash and a soft one.
static void test_flash_in_memory_matches_draw_calls(void **state) {
    (void)state;
    for (int soft = 0; soft < 2; soft++) {
        World *w = arena("levels/test/tetran-duel.lvl");
        Shot o[2];
        for (int k = 0; k < 2; k++) {
            shot_open(&o[k], RENDER_FULL);
            o[k].rc.pixel_shots = k == 1;           // 0: draw calls only; 1: in memory
            o[k].rc.screen = k == 1 ? o[k].s : NULL;
            push(w, EV_HIT, WHO_TETRAN, w->tetrans[0].pos);
            fx_tick(&o[k].rc, w);
            for (int t = 0; t < 4 * soft; t++) {
                events_clear(&w->events);
                fx_tick(&o[k].rc, w);
            }
            shot_draw(&o[k], w);
        }
        float f = fx_boss_flash(&o[0].rc, 0, 0);
        assert_true(soft ? f > 0.02f && f < 0.9f : f > 0.9f);
        SDL_FPoint c = on_screen(&o[0], w->tetrans[0].pos);
        assert_true(count_white(&o[1], (int)c.x - 260, (int)c.y - 260, (int)c.x + 260, (int)c.y + 260) > (soft ? 0 : 2000));
        assert_int_equal(pixels_differ(&o[0], &o[1]), 0);
        for (int k = 0; k < 2; k++) shot_close(&o[k]);
        world_free(w);
    }
}

// With many shots in view the flash is blended into the world layer read
// back and written again: the same pixels as blended straight into the
// offscreen surface.
static void test_flash_in_world_layer(void **state) {
    (void)state;
    World *w = arena("levels/test/tetran-duel.lvl");
    Shot o[2];
    for (int k = 0; k < 2; k++) shot_open(&o[k], RENDER_FULL);
    render_camera_follow(&o[0].rc, w);
    int n = 0;
    for (int j = 0; j < 8; j++)
        for (int i = 0; i < 10; i++) {
            Vec2 p = v2(o[0].rc.cam_x + 190 + 100 * i, o[0].rc.cam_y + 80 + 80 * j);
            if (tilemap_point_solid(&w->map, p)) continue;
            n += bullets_spawn(&w->bullets, OWNER_ENEMY, WHO_TETRAN, p, v2(3, 1), 4.0, 1, 60) >= 0;
        }
    assert_true(n >= 48);                        // enough for the world layer (PIXEL_SHOTS_MIN)
    for (int k = 0; k < 2; k++) {
        o[k].rc.screen = k == 1 ? o[k].s : NULL; // 0: the world layer; 1: the surface
        push(w, EV_HIT, WHO_TETRAN, w->tetrans[0].pos);
        fx_tick(&o[k].rc, w);
        shot_draw(&o[k], w);
    }
    assert_non_null(o[0].rc.world);
    assert_null(o[1].rc.world);
    SDL_FPoint c = on_screen(&o[0], w->tetrans[0].pos);
    assert_true(count_white(&o[0], (int)c.x - 260, (int)c.y - 260, (int)c.x + 260, (int)c.y + 260) > 2000);
    assert_int_equal(pixels_differ(&o[0], &o[1]), 0);
    for (int k = 0; k < 2; k++) shot_close(&o[k]);
    world_free(w);
}

// The backdrop's motes written into the sky's pixels are the pixels the
// draw calls give without a sky layer (a starless arena: the gradient's
// bands and the motes alone).
static void test_sky_motes_look_like_drawn(void **state) {
    (void)state;
    World *w = arena("levels/test/flat.lvl");
    assert_int_equal(w->stars.count, 0);
    Shot o[2];
    for (int k = 0; k < 2; k++) {
        shot_open(&o[k], RENDER_FULL);
        o[k].rc.sky_failed = k == 0;               // 0: no sky layer, draw calls
        o[k].rc.time_s = 3.7;
        shot_draw(&o[k], w);
    }
    assert_true(o[1].rc.sky != NULL);
    int lit = 0;
    for (int y = 0; y < RENDER_LOGICAL_H; y++)
        for (int x = 0; x < RENDER_LOGICAL_W; x++) lit += px(&o[0], x, y).r > 40;   // above the gradient: a mote
    assert_true(lit > 100);
    assert_int_equal(pixels_differ(&o[0], &o[1]), 0);
    for (int k = 0; k < 2; k++) shot_close(&o[k]);
    world_free(w);
}

// Steady fire does not strobe: a full flash at most every 20 ticks, the
// hits between flash softly.
static void test_boss_flash_rate(void **state) {
    (void)state;
    World *w = arena("levels/test/tetran-duel.lvl");
    Shot o;
    shot_open(&o, RENDER_FULL);
    int white[3];
    for (int k = 0; k < 3; k++) {
        push(w, EV_HIT, WHO_TETRAN, w->tetrans[0].pos);
        fx_tick(&o.rc, w);
        shot_draw(&o, w);
        SDL_FPoint c = on_screen(&o, w->tetrans[0].pos);
        white[k] = count_white(&o, (int)c.x - 260, (int)c.y - 260, (int)c.x + 260, (int)c.y + 260);
        events_clear(&w->events);
        for (int t = 0; t < (k == 0 ? 7 : 20); t++) fx_tick(&o.rc, w);   // 8 ticks apart, then 21
    }
    assert_true(white[1] * 3 < white[0]);
    assert_true(white[2] * 10 > white[0] * 9);
    shot_close(&o);
    world_free(w);
}

// The red hurt tint covers the screen at full flashing and is gone at off,
// the level the title's demo pilot plays at.
static void test_hurt_tint_follows_flashing(void **state) {
    (void)state;
    double red[2][3];
    for (int hurt = 0; hurt < 2; hurt++)
        for (int lv = RENDER_FULL; lv <= RENDER_OFF; lv++) {
            World *w = arena("levels/test/tetran-duel.lvl");
            Shot o;
            shot_open(&o, (RenderLevel)lv);
            if (hurt) push(w, EV_PLAYER_HURT, WHO_TETRAN, w->player.pos);
            fx_tick(&o.rc, w);
            shot_draw(&o, w);
            red[hurt][lv] = mean(&o, 40, 80, 400, 300, 0);   // far from the player and the HUD's text
            shot_close(&o);
            world_free(w);
        }
    assert_true(red[1][RENDER_FULL] > red[0][RENDER_FULL] + 30);
    assert_true(red[1][RENDER_REDUCED] > red[0][RENDER_REDUCED] + 5);
    assert_true(red[1][RENDER_REDUCED] < red[1][RENDER_FULL]);
    assert_true(red[1][RENDER_OFF] < red[0][RENDER_OFF] + 0.5);
}

// Light pixels in the whale's marker colour (its colour lifted to white)
// in a box.
static int marker_pixels(const Shot *o, int x0, int y0, int x1, int y1) {
    int n = 0;
    for (int y = y0; y < y1; y++)
        for (int x = x0; x < x1; x++) {
            SDL_Color c = px(o, x, y);
            n += c.r > 140 && c.r < 215 && c.g > 215 && c.b > 235;
        }
    return n;
}

// A whale above the view: an arrow at the top edge; none once it is dead.
static void test_offscreen_marker(void **state) {
    (void)state;
    World *w = arena("levels/03-whale.lvl");
    // The whole whale well above the view (the camera follows the player).
    Whale *c = &w->whales[0];
    c->pos.y -= 1200;
    for (int i = 0; i < WHALE_SEGMENTS; i++) c->seg[i].y -= 1200;
    Shot o;
    shot_open(&o, RENDER_FULL);
    shot_draw(&o, w);
    SDL_FPoint s = on_screen(&o, c->pos);
    assert_true(s.y < -400);
    int alive = marker_pixels(&o, 0, 50, RENDER_LOGICAL_W, 130);
    c->alive = false;
    shot_draw(&o, w);
    int dead = marker_pixels(&o, 0, 50, RENDER_LOGICAL_W, 130);   // a few stars of that colour
    assert_true(alive > dead + 80);
    shot_close(&o);
    world_free(w);
}

// Boss bar geometry (hud.c): 520 px wide, centred, 14 high at y 34.
#define BAR_X ((RENDER_LOGICAL_W - 520) / 2)
#define BAR_Y 34

static bool is_fill(SDL_Color c) { return c.r > 200 && c.g < 90 && c.b < 110; }

// Tetran's phase ticks sit at 3, 2 and 1 of 5 hp, gold ahead, dim once
// passed; the finale's bar is the boss's alone (its hazard whale is none).
static void test_boss_bar(void **state) {
    (void)state;
    World *w = arena("levels/test/tetran-duel.lvl");
    Shot o;
    shot_open(&o, RENDER_FULL);
    shot_draw(&o, w);
    int mark = BAR_X + 520 * 3 / 5;
    SDL_Color m = px(&o, mark, BAR_Y + 7);
    assert_true(m.r > 230 && m.g > 190 && m.b < 170);  // gold
    w->tetrans[0].hp = 2;
    shot_draw(&o, w);
    m = px(&o, mark, BAR_Y + 7);
    assert_true(m.r < 200);                             // passed: dim
    shot_close(&o);
    world_free(w);

    w = arena("levels/04-convergence.lvl");
    assert_int_equal(w->whale_count, 1);
    assert_false(whale_is_boss(&w->whales[0]));
    shot_open(&o, RENDER_FULL);
    w->tetrans[0].hp = w->tetrans[0].hp_max / 2;
    shot_draw(&o, w);
    assert_true(is_fill(px(&o, BAR_X + 520 / 4, BAR_Y + 9)));
    assert_false(is_fill(px(&o, BAR_X + 520 * 3 / 4, BAR_Y + 9)));
    shot_close(&o);
    world_free(w);
}

// Mean brightness of the player's body disc.
static double body(Shot *o, World *w) {
    shot_draw(o, w);
    SDL_FPoint c = on_screen(o, w->player.pos);
    int r = (int)(w->player.radius * 0.6);
    return mean(o, (int)c.x - r, (int)c.y - r, (int)c.x + r, (int)c.y + r, 3);
}

// Lock held shows the hitbox ring (white at the body's radius); the hurt
// blink dims the body but not while dashing nor in a dash's last ticks; a
// dead player is not drawn.
static void test_player_feedback(void **state) {
    (void)state;
    World *w = arena("levels/test/tetran-duel.lvl");
    Shot o;
    shot_open(&o, RENDER_FULL);
    Player *p = &w->player;
    shot_draw(&o, w);
    SDL_FPoint c = on_screen(&o, p->pos);
    int top = (int)(c.y - (float)p->radius + 0.5f);
    SDL_Color ring = px(&o, (int)c.x, top);
    assert_false(ring.r > 240 && ring.g > 240 && ring.b > 240);
    w->input.buttons = BTN_LOCK;
    shot_draw(&o, w);
    ring = px(&o, (int)c.x, top);
    assert_true(ring.r > 240 && ring.g > 240 && ring.b > 240);
    w->input.buttons = 0;

    double normal = body(&o, w);
    p->invuln = 6;                                      // mercy, an off phase
    assert_true(body(&o, w) < normal * 0.6);
    p->dash_ticks = 3;                                  // dashing: no blink
    double dashing = body(&o, w);
    p->invuln = 0;
    double dash_alone = body(&o, w);
    assert_true(dashing > dash_alone * 0.95 && dashing < dash_alone * 1.05);
    p->dash_ticks = 0;
    p->invuln = PLAYER_DASH_INVULN_TICKS - PLAYER_DASH_TICKS;   // a dash's tail
    assert_true(body(&o, w) > normal * 0.95);
    p->invuln = 0;

    p->hp = 0;
    double dead = body(&o, w);
    assert_true(dead < normal * 0.5);
    shot_close(&o);
    world_free(w);
}

// The wiggle gauge is drawn at the player in every state but hidden (the
// assist): full mint, draining amber, locked-out red, refilling blue, told
// apart by the bar's colour above the body (docs/feedback.md).
static void test_wiggle_gauge_at_player(void **state) {
    (void)state;
    World *w = arena("levels/test/tetran-duel.lvl");
    Shot o;
    shot_open(&o, RENDER_FULL);
    Player *p = &w->player;
    struct {
        bool wiggle, locked;
        int gauge;
        GaugeLook look;
        int ch;                // the channel that leads
    } cases[] = {
        {false, false, PLAYER_WIGGLE_FULL, GAUGE_FULL, 1},
        {true, false, PLAYER_WIGGLE_FULL, GAUGE_DRAINING, 0},
        {false, true, PLAYER_WIGGLE_FULL, GAUGE_LOCKED, 0},
        {false, false, PLAYER_WIGGLE_FULL - 1, GAUGE_REFILLING, 2},
    };
    double r[4], g[4], b[4];
    for (int i = 0; i < 4; i++) {
        p->wiggle = cases[i].wiggle;
        p->wiggle_locked = cases[i].locked;
        p->wiggle_gauge = cases[i].gauge;
        assert_int_equal(draw_gauge_look(w), cases[i].look);
        shot_draw(&o, w);
        SDL_FPoint c = on_screen(&o, v2(p->pos.x, p->pos.y - p->radius * 2.5));
        int x0 = (int)c.x - 16, y0 = (int)c.y - 2;
        r[i] = mean(&o, x0, y0, x0 + 12, y0 + 4, 0);
        g[i] = mean(&o, x0, y0, x0 + 12, y0 + 4, 1);
        b[i] = mean(&o, x0, y0, x0 + 12, y0 + 4, 2);
        double lead = cases[i].ch == 0 ? r[i] : cases[i].ch == 1 ? g[i] : b[i];
        assert_true(lead >= r[i] && lead >= g[i] && lead >= b[i]);
    }
    assert_true(g[1] > g[2] + 60);        // amber against red: the green tells them apart
    assert_true(r[1] > 200 && r[2] > 100);
    assert_true(b[3] > r[3] + 40 && g[0] > r[0] + 40);
    w->assist_wiggle = true;
    assert_int_equal(draw_gauge_look(w), GAUGE_HIDDEN);
    shot_close(&o);
    world_free(w);
}

// Pixels that differ between two frames in the screen box of tile (c, r).
static int cell_differs(const Shot *a, const Shot *b, const World *w, int c, int r) {
    double ts = w->map.tile;
    SDL_FPoint p = on_screen(a, (Vec2){c * ts, r * ts});
    int n = 0;
    for (int y = (int)p.y + 2; y < (int)(p.y + ts) - 2; y++)
        for (int x = (int)p.x + 2; x < (int)(p.x + ts) - 2; x++) {
            SDL_Color u = px(a, x, y), v = px(b, x, y);
            n += u.r != v.r || u.g != v.g || u.b != v.b;
        }
    return n;
}

// A Tiled map's decoration layers (levels/test/tetran-decor.tmj: tetran-
// duel.tmj with a layer behind the collision layer and one after it) are
// drawn: behind the world's rock (hidden where the rock is), over it in
// front; the same world without them draws none of it.
static void test_decoration_layers(void **state) {
    (void)state;
    World *plain = arena("levels/test/tetran-duel.tmj"), *decor = arena("levels/test/tetran-decor.tmj");
    Shot a, b;
    shot_open(&a, RENDER_FULL);
    shot_open(&b, RENDER_FULL);
    shot_draw(&a, plain);
    shot_draw(&b, decor);
    const int inner = 28 * 28;
    // Open air with a back tile: the back tile shows, dark and blue.
    assert_int_equal(tilemap_at(&decor->map, 12, 6), TILE_EMPTY);
    assert_int_equal(decor->decor.layers[0].cells[6 * decor->decor.w + 12], TILE_SOLID);
    assert_true(cell_differs(&a, &b, decor, 12, 6) > inner / 2);
    // Rock with a back tile behind it: the rock hides it.
    assert_int_equal(tilemap_at(&decor->map, 6, 19), TILE_SOLID);
    assert_int_equal(decor->decor.layers[0].cells[19 * decor->decor.w + 6], TILE_SOLID);
    assert_int_equal(cell_differs(&a, &b, decor, 6, 19), 0);
    // Rock with a front tile: drawn over it.
    assert_int_equal(tilemap_at(&decor->map, 39, 20), TILE_SOLID);
    assert_true(decor->decor.layers[1].front);
    assert_int_equal(decor->decor.layers[1].cells[20 * decor->decor.w + 39], TILE_SOLID);
    assert_true(cell_differs(&a, &b, decor, 39, 20) > inner / 2);
    // A cell empty in every layer: the same pixels.
    assert_int_equal(cell_differs(&a, &b, decor, 20, 4), 0);
    shot_close(&a);
    shot_close(&b);
    world_free(plain);
    world_free(decor);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_enemy_shot_rim_and_core),
        cmocka_unit_test(test_stamped_shots_look_like_drawn),
        cmocka_unit_test(test_boss_flash_follows_flashing),
        cmocka_unit_test(test_boss_flash_rate),
        cmocka_unit_test(test_flash_box_holds_creature),
        cmocka_unit_test(test_flash_in_memory_matches_draw_calls),
        cmocka_unit_test(test_flash_in_world_layer),
        cmocka_unit_test(test_sky_motes_look_like_drawn),
        cmocka_unit_test(test_hurt_tint_follows_flashing),
        cmocka_unit_test(test_offscreen_marker),
        cmocka_unit_test(test_boss_bar),
        cmocka_unit_test(test_player_feedback),
        cmocka_unit_test(test_wiggle_gauge_at_player),
        cmocka_unit_test(test_decoration_layers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
