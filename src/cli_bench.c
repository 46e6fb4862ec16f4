// cli_bench.c -- --bench: steps an arena headless with a fixed input and
// prints each tick's and each system's time, the naive versions' beside
// ours, frames, start-up and the seek measurement (docs/bench.md).
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "core/cpu.h"
#include "core/mem.h"
#include "harness/bench.h"
#include "harness/snapshot.h"
#include "render/render.h"
#include "sim/world.h"

// A fixed input pattern that walks both ways, climbs, jumps, fires and
// toggles wiggle mode, so a bench exercises every system.
static Input bench_input(int64_t t) {
    uint16_t b = 0;
    int64_t phase = t % 480;
    if (phase < 200) b |= BTN_RIGHT;
    else if (phase < 400) b |= BTN_LEFT;
    else b |= BTN_UP;
    if (t % 50 < 12) b |= BTN_JUMP;
    if ((t / 6) % 2 == 0) b |= BTN_FIRE;
    if (t % 900 >= 600) b |= BTN_WIGGLE;
    return (Input){b};
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

// --bench's seek measurement: snapshots kept as the viewer keeps them
// (harness/snapshot.h, the default budget) while the bench runs, outside
// the timed tick; then seeks to SEEK_COUNT ticks spread over the run in a
// jumbled order, each a restore plus the re-simulation up to the tick,
// timed and checked against the hash the straight run had there (only
// those ticks are hashed: hashing every tick took longer than the ticks
// and left the caches cold for the next one).
#define SEEK_COUNT 100

typedef struct BenchSeek {
    SnapStore st;
    uint64_t *hash;            // per tick of the straight run (the targets')
    uint8_t *target;           // per tick: 1 for a seek target
    bool ok;
} BenchSeek;

// The k-th seek's tick: k = 0 the last tick, then a stride prime to most lengths.
static int64_t seek_target(int k, int64_t n) {
    return k == 0 ? n - 1 : (int64_t)(((uint64_t)k * 7919u * 104729u) % (uint64_t)n);
}

static void bench_seek_begin(BenchSeek *b, Session *s, int64_t n) {
    memset(b, 0, sizeof *b);
    size_t ticks = (size_t)(n > 0 ? n : 1);
    b->hash = malloc(ticks * sizeof *b->hash);
    b->target = calloc(ticks, 1);
    b->ok = b->hash && b->target && session_snap_init(s, &b->st, 0);
    for (int k = 0; b->ok && n > 0 && k < SEEK_COUNT; k++) b->target[seek_target(k, n)] = 1;
}

static bool bench_seek_after(void *ctx, World *w, Input in) {
    (void)in;
    BenchSeek *b = ctx;
    if (!b->ok) return true;
    if (b->target[w->tick]) b->hash[w->tick] = world_hash(w);
    b->ok = snap_offer(&b->st);
    return true;
}

static void bench_seek_report(BenchSeek *b, Session *s, int64_t n) {
    if (b->ok && n > 0) {
        double sum = 0, max = 0, csum = 0, cmax = 0;
        int wrong = 0;
        for (int k = 0; k < SEEK_COUNT; k++) {
            int64_t target = seek_target(k, n);
            double t0 = bench_now_us(), c0 = bench_cpu_us();
            for (int64_t t = snap_restore(&b->st, target); t < target; t++) session_step(s, NULL);
            double dt = (bench_now_us() - t0) / 1e3, dc = (bench_cpu_us() - c0) / 1e3;
            sum += dt;
            if (dt > max) max = dt;
            csum += dc;
            if (dc > cmax) cmax = dc;
            wrong += world_hash(session_world(s)) != b->hash[target];
        }
        printf("seek_mean_ms %.3f\n", sum / SEEK_COUNT);
        printf("seek_max_ms %.3f\n", max);
        printf("seek_cpu_mean_ms %.3f\n", csum / SEEK_COUNT);   // this thread's CPU time: a shared machine's
        printf("seek_cpu_max_ms %.3f\n", cmax);
        printf("seek_wrong %d\n", wrong);
        printf("snapshot_interval %" PRId64 "\n", b->st.interval);
        printf("snapshots %d\n", b->st.n);
        printf("snapshot_mib %.2f\n", (double)b->st.used / (1 << 20));
        printf("snapshot_fixed_mib %.2f\n", (double)b->st.fixed / (1 << 20));
        printf("world_kib %.1f\n", (double)b->st.world_bytes / 1024);
    } else if (!b->ok) {
        printf("seek_mean_ms unavailable\n");
    }
    snap_free(&b->st);
    free(b->hash);
    free(b->target);
}

// Every BENCH_SYSTEM_EVERY-th tick is timed system by system (the clock
// costs time too); every BENCH_NAIVE_EVERY-th, with --compare-naive, also
// runs the naive versions (docs/bench.md). With --render, frames are timed
// at RENDER_SAMPLES points spread over the run (the world as it is then),
// RENDER_FRAMES frames each. These, and the naive runs, are left out of the
// tick times and the CPU time.
enum { BENCH_SYSTEM_EVERY = 4, BENCH_NAIVE_EVERY = 30, RENDER_SAMPLES = 8, RENDER_FRAMES = 16 };

static double ratio(double a, double b) { return b > 0 ? a / b : 0.0; }

// The bench's ticks through the session's pipeline: its step times the
// systems of every BENCH_SYSTEM_EVERY-th tick one by one (and with
// --compare-naive runs the naive versions every BENCH_NAIVE_EVERY-th),
// and its timer sink wraps each tick: wall and CPU time, allocations.
typedef struct BenchTick {
    bool compare_naive;
    BenchNaive nb;
    double sys_us[WORLD_SYS_COUNT], naive_sys[WORLD_SYS_COUNT];
    int sys_ticks;
    bool naive_now;            // this tick ran the naive versions (its time: naive_sys's sum)
    uint64_t a0, allocs;
    double c0, t0, dt, ct;     // the last tick's wall and CPU time (us)
} BenchTick;

static bool bench_step(void *ctx, World *w, Input in) {
    BenchTick *b = ctx;
    int64_t t = w->tick + 1;
    b->naive_now = b->compare_naive && t % BENCH_NAIVE_EVERY == 0;
    if (b->naive_now) {
        memset(b->naive_sys, 0, sizeof b->naive_sys);
        bench_naive_step(&b->nb, w, in, b->naive_sys);
        return true;
    }
    if (t % BENCH_SYSTEM_EVERY != 0) return false;   // world_step
    bench_step_timed(w, in, b->sys_us);
    b->sys_ticks++;
    return true;
}

// The CPU clock is read outside the wall clock's window (it costs most of
// a microsecond here), so the wall times stay clean.
static void bench_timer_before(void *ctx, const World *w) {
    (void)w;
    BenchTick *b = ctx;
    b->a0 = mem_alloc_count();
    b->c0 = bench_cpu_us();
    b->t0 = bench_now_us();
}

static bool bench_timer_after(void *ctx, World *w, Input in) {
    (void)w, (void)in;
    BenchTick *b = ctx;
    b->dt = bench_now_us() - b->t0;
    b->ct = bench_cpu_us() - b->c0;
    b->allocs += mem_alloc_count() - b->a0;
    if (b->naive_now) {                // the tick's time is its systems' own, not the naive runs'
        double sum = 0;
        for (int k = 0; k < WORLD_SYS_COUNT; k++) sum += b->naive_sys[k];
        b->dt = b->ct = sum;
    }
    return true;
}

int cli_bench(const Cli *c) {
    Session s;
    SessionSetup setup = cli_setup_for(c);
    double load0 = bench_now_us(), load_c0 = bench_cpu_us();
    int rc = cli_report(&s, session_open_level(&s, c->file, &setup));
    double load_us = bench_now_us() - load0, load_cpu = bench_cpu_us() - load_c0;
    if (rc) {
        session_close(&s);
        return rc;
    }
    const World *w = session_world(&s);
    int64_t n = c->has_ticks ? c->ticks : BENCH_TICKS;
    double *dt = malloc((size_t)(n > 0 ? n : 1) * sizeof *dt);
    double *ct = malloc((size_t)(n > 0 ? n : 1) * sizeof *ct);
    BenchTick bt;
    memset(&bt, 0, sizeof bt);
    bt.compare_naive = c->compare_naive;
    BenchNaive *nbp = &bt.nb;
    if (!dt || !ct || (c->compare_naive && !bench_naive_init(nbp, w))) {
        free(dt);
        free(ct);
        fprintf(stderr, "bossrush: out of memory\n");
        session_close(&s);
        return 2;
    }
    double startup_ms = 0, frame_ms = 0;
    int frame_samples = 0;
    bool render_failed = false;
    if (c->render) {                   // the first frame: renderer, textures and one frame drawn
        render_failed = render_bench_frame(w, cli_assets_dir(), 1) < 0;
        startup_ms = (bench_now_us() - cli_main_start_us) / 1e3;
    }
    uint64_t bullets = 0, active = 0;
    int bullets_max = 0;
    BenchSeek seek;
    bench_seek_begin(&seek, &s, n);
    static const InputFn pattern = {bench_input};
    session_set_source(&s, input_fn_source(&pattern));
    session_set_step(&s, bench_step, &bt);
    session_add_sink(&s, (TickSink){bench_timer_before, bench_timer_after, &bt});
    session_add_sink(&s, (TickSink){NULL, bench_seek_after, &seek});
    double t_all0 = bench_now_us();
    for (int64_t t = 0; t < n; t++) {
        session_step(&s, NULL);
        dt[t] = bt.dt;
        ct[t] = bt.ct;
        bullets += (uint64_t)w->bullets.count;
        if (w->bullets.count > bullets_max) bullets_max = w->bullets.count;
        active += w->stars.active_n;
        if (c->render && !render_failed && (t + 1) % ((n + RENDER_SAMPLES - 1) / RENDER_SAMPLES) == 0) {
            double ms = render_bench_frame(w, cli_assets_dir(), RENDER_FRAMES);
            if (ms < 0) render_failed = true;
            else frame_ms += ms, frame_samples++;
        }
    }
    double wall_us = bench_now_us() - t_all0;
    uint64_t allocs = bt.allocs;
    const double *sys_us = bt.sys_us;
    int sys_ticks = bt.sys_ticks;
    session_set_step(&s, NULL, NULL);      // the seeks re-simulate plain ticks
    session_remove_sink(&s, &bt);
    session_remove_sink(&s, &seek);
    double sum = 0, max = 0, csum = 0;
    for (int64_t t = 0; t < n; t++) {
        sum += dt[t];
        csum += ct[t];
        if (dt[t] > max) max = dt[t];
    }
    if (n > 0) qsort(dt, (size_t)n, sizeof *dt, cmp_double);
    if (n > 0) qsort(ct, (size_t)n, sizeof *ct, cmp_double);
    double p99 = n > 0 ? dt[(size_t)((double)(n - 1) * 0.99)] : 0;
    double cpu_p99 = n > 0 ? ct[(size_t)((double)(n - 1) * 0.99)] : 0;
    double per = n > 0 ? 1.0 / (double)n : 0.0;
    printf("level %s\n", c->file);
    printf("units %" PRId64 "\n", session_level(&s)->units);
    printf("load_ms %.1f\n", load_us / 1e3);
    printf("load_cpu_ms %.1f\n", load_cpu / 1e3);
    printf("ticks %" PRId64 "\n", n);
    printf("ticks_per_s %.0f\n", sum > 0 ? (double)n / (sum / 1e6) : 0.0);
    printf("tick_mean_us %.2f\n", sum * per);
    printf("tick_p99_us %.2f\n", p99);
    printf("tick_max_us %.2f\n", max);
    printf("tick_cpu_mean_us %.2f\n", csum * per);
    printf("tick_cpu_p99_us %.2f\n", cpu_p99);
    printf("allocs_per_tick %.4f\n", (double)allocs * per);
    printf("vector_path %s\n", lanes_name(lanes_best()));   // core/lanes.h's back end: the same results on each
    for (int k = 0; k < WORLD_SYS_COUNT; k++)
        printf("sys_%s_us %.2f\n", world_system_name((WorldSystem)k), sys_ticks ? sys_us[k] / sys_ticks : 0.0);
    printf("bullets_mean %.0f\n", (double)bullets * per);
    printf("bullets_max %d\n", bullets_max);
    printf("stars %u\n", w->stars.count);
    printf("stars_active_mean %.0f\n", (double)active * per);
    if (c->compare_naive) {
        printf("naive_samples %d\n", nbp->samples);
        printf("stars_us %.2f\n", nbp->samples ? nbp->stars_us / nbp->samples : 0.0);
        printf("stars_naive_us %.2f\n", nbp->samples ? nbp->stars_naive_us / nbp->samples : 0.0);
        printf("stars_naive_ratio %.1f\n", ratio(nbp->stars_naive_us, nbp->stars_us));
        printf("stars_naive_diff %" PRIu64 "\n", nbp->stars_diff);
        printf("hits_us %.2f\n", nbp->samples ? nbp->hits_us / nbp->samples : 0.0);
        printf("hits_naive_us %.2f\n", nbp->samples ? nbp->hits_naive_us / nbp->samples : 0.0);
        printf("hits_naive_ratio %.1f\n", ratio(nbp->hits_naive_us, nbp->hits_us));
        printf("hits_agree %d\n", nbp->hits == nbp->hits_naive);
    }
    if (c->render && frame_samples) {
        printf("frame_ms %.3f\n", frame_ms / frame_samples);
        printf("startup_ms %.1f\n", startup_ms);
    }
    printf("wall_s %.3f\n", wall_us / 1e6);
    printf("state_hash %016" PRIx64 "\n", world_hash(w));
    bench_seek_report(&seek, &s, n);
    if (c->render && (render_failed || !frame_samples)) {
        fprintf(stderr, "bossrush: --render: the software renderer failed\n");
        rc = 2;
    }
    if (c->compare_naive && nbp->hits != nbp->hits_naive) {
        fprintf(stderr, "bossrush: --compare-naive: the naive and the boxed hit tests disagree\n");
        rc = 1;
    }
    bench_naive_free(nbp);
    free(dt);
    free(ct);
    session_close(&s);
    return rc;
}
