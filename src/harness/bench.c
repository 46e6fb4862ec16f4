// bench.c -- per-system tick timing and the naive comparisons (bench.h).
#include "harness/bench.h"

#include <math.h>
#include <string.h>
#include <time.h>

#include "core/mem.h"

static double clock_us(clockid_t id) {
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

double bench_now_us(void) { return clock_us(CLOCK_MONOTONIC); }

double bench_cpu_us(void) { return clock_us(CLOCK_THREAD_CPUTIME_ID); }

// Runs systems [from, to) and adds each one's time to us.
static void run_systems(World *w, int from, int to, double us[WORLD_SYS_COUNT]) {
    double t = bench_now_us();
    for (int s = from; s < to; s++) {
        world_tick_system(w, (WorldSystem)s);
        double now = bench_now_us();
        us[s] += now - t;
        t = now;
    }
}

void bench_step_timed(World *w, Input in, double us[WORLD_SYS_COUNT]) {
    world_tick_begin(w, in);
    run_systems(w, 0, WORLD_SYS_COUNT, us);
}

void bench_naive_stars(Star *s, uint32_t n, const StarPusher *p, int np) {
    for (uint32_t i = 0; i < n; i++) {
        double x = s[i].x, y = s[i].y, ox = s[i].ox, oy = s[i].oy;
        int best = -1;
        double bd = 0.0;
        for (int k = 0; k < np; k++) {
            double d = sqrt((x - p[k].x) * (x - p[k].x) + (y - p[k].y) * (y - p[k].y));
            if (d < p[k].r && (best < 0 || d < bd)) {
                best = k;
                bd = d;
            }
        }
        if (best >= 0) {
            if (bd > 0.0) {
                x += (x - p[best].x) / bd * STARFIELD_PUSH_PX;
                y += (y - p[best].y) / bd * STARFIELD_PUSH_PX;
            } else {
                y -= STARFIELD_PUSH_PX;
            }
        } else {
            x += (ox - x) * STARFIELD_RETURN;
            y += (oy - y) * STARFIELD_RETURN;
            if ((x - ox) * (x - ox) + (y - oy) * (y - oy) < STARFIELD_SNAP_PX * STARFIELD_SNAP_PX) x = ox, y = oy;
        }
        s[i].x = (float)x;
        s[i].y = (float)y;
    }
}

uint64_t bench_hits(const World *w, bool broad) {
    Box box[LEVEL_MAX_SPAWNS];
    bool has[LEVEL_MAX_SPAWNS];
    int nc = 0;
#define BOX_KIND(KIND, prefix, Type)                                      \
    for (int i = 0; i < w->prefix##_count && nc < LEVEL_MAX_SPAWNS; i++, nc++) \
        has[nc] = prefix##_bounds(&w->prefix##s[i], &box[nc]);
    if (broad) {
        CREATURES(BOX_KIND)
    }
#undef BOX_KIND
    const Bullets *bs = &w->bullets;
    const Player *pl = &w->player;
    uint64_t hits = 0;
    for (int i = bullets_next(bs, -1); i >= 0; i = bullets_next(bs, i)) {
        const Bullet *b = &bs->b[i];
        if (b->owner == OWNER_PLAYER) {
            Box me = box_around(b->pos, b->radius);
            bool hit = false;
            int n = 0;
#define TOUCH_KIND(KIND, prefix, Type)                                           \
            for (int k = 0; k < w->prefix##_count && !hit; k++, n++)                   \
                if (!broad || (has[n] && box_overlap(me, box[n])))                     \
                    hit = prefix##_touches(&w->prefix##s[k], b->pos, b->radius);
            CREATURES(TOUCH_KIND)
#undef TOUCH_KIND
            hits += hit;
        } else if (b->owner == OWNER_ENEMY && w->state != GAME_LOST) {
            double rr = pl->radius + b->radius;
            hits += v2_len2(v2_sub(b->pos, pl->pos)) <= rr * rr;
        }
    }
    return hits;
}

bool bench_naive_init(BenchNaive *nb, const World *w) {
    memset(nb, 0, sizeof *nb);
    nb->cap = w->stars.count;
    if (nb->cap && !(nb->scratch = mem_alloc(nb->cap, sizeof *nb->scratch))) return false;
    return true;
}

void bench_naive_free(BenchNaive *nb) {
    mem_free(nb->scratch);
    memset(nb, 0, sizeof *nb);
}

void bench_naive_step(BenchNaive *nb, World *w, Input in, double us[WORLD_SYS_COUNT]) {
    world_tick_begin(w, in);
    run_systems(w, 0, WORLD_SYS_STARS, us);
    // The stars: the naive step on a copy of them as they are now, then ours.
    StarPusher p[LEVEL_MAX_SPAWNS * CREATURE_MAX_PUSHERS];
    int np = world_star_pushers(w, p, (int)(sizeof p / sizeof p[0]));
    const Starfield *sf = &w->stars;
    uint32_t n = sf->count < nb->cap ? sf->count : nb->cap;
    if (n) memcpy(nb->scratch, sf->s, (size_t)n * sizeof *sf->s);
    double t0 = bench_now_us();
    bench_naive_stars(nb->scratch, n, p, np);
    double t1 = bench_now_us();
    run_systems(w, WORLD_SYS_STARS, WORLD_SYS_STARS + 1, us);
    nb->stars_us += bench_now_us() - t1;
    nb->stars_naive_us += t1 - t0;
    for (uint32_t i = 0; i < n; i++) nb->stars_diff += nb->scratch[i].x != sf->s[i].x || nb->scratch[i].y != sf->s[i].y;
    run_systems(w, WORLD_SYS_STARS + 1, WORLD_SYS_COLLISIONS, us);
    // The collisions' questions, all pairs and boxes first, on the state ours see.
    t0 = bench_now_us();
    nb->hits_naive += bench_hits(w, false);
    t1 = bench_now_us();
    nb->hits += bench_hits(w, true);
    double t2 = bench_now_us();
    nb->hits_naive_us += t1 - t0;
    nb->hits_us += t2 - t1;
    run_systems(w, WORLD_SYS_COLLISIONS, WORLD_SYS_COUNT, us);
    nb->samples++;
}
