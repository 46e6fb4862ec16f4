// bench.h -- timing a World for `bossrush --bench` (docs/bench.md): a tick
// with each of its systems timed, and, for --compare-naive, the naive
// versions of two systems run on the same world state as ours, timed and
// checked against it:
// - stars: the write-up's starfield, every star every tick against every
//   pusher with a sqrt (no grid, no active list);
// - hits: every bullet against every part of every creature it may hit (a
//   player bullet against each creature's full contact test, an enemy
//   bullet against the player), against the same questions asked with the
//   creatures' boxes first (as the collisions do).
// The clocks are the only thing here that reads the machine; the World is
// stepped exactly as world_step does.
#pragma once
#include <stdbool.h>
#include <stdint.h>

#include "sim/world.h"

// Microseconds: a monotonic wall clock, and this thread's CPU time.
double bench_now_us(void);
double bench_cpu_us(void);

// One tick, exactly as world_step steps it, each system's wall time added
// to us[s] (a pipeline's step for the ticks it times, harness/pipeline.h).
void bench_step_timed(World *w, Input in, double us[WORLD_SYS_COUNT]);

// The write-up's starfield step on stars s[0..n-1]: each star against every
// pusher (distances with a sqrt); within a pusher's radius (the nearest)
// it moves 2 px straight away, else it eases 5% home and snaps home within
// 0.1 px. The same rule as starfield_step, so the same positions (a star
// exactly on a radius could tell sqrt(d2) < r and d2 < r^2 apart).
void bench_naive_stars(Star *s, uint32_t n, const StarPusher *p, int np);

// How many live bullets touch what they may hit: a player bullet the first
// creature whose prefix_touches holds it at its position, an enemy bullet
// the player (none once the fight is lost). broad: each creature's box
// (prefix_bounds) first, as the collisions do; else every part of every one.
uint64_t bench_hits(const World *w, bool broad);

// The comparison's running sums (microseconds, over its samples).
typedef struct BenchNaive {
    Star *scratch;             // a copy of the stars for the naive step; owned
    uint32_t cap;
    int samples;
    double stars_us, stars_naive_us;
    uint64_t stars_diff;       // stars whose naive position differs from ours, over all samples
    double hits_us, hits_naive_us;
    uint64_t hits, hits_naive; // the answers, summed: equal
} BenchNaive;

// Room for w's stars. False on no memory.
bool bench_naive_init(BenchNaive *nb, const World *w);
void bench_naive_free(BenchNaive *nb);
// One tick as bench_step_timed (the same us[]), with both comparisons made
// just before our stars and our collisions run, on the state they see.
void bench_naive_step(BenchNaive *nb, World *w, Input in, double us[WORLD_SYS_COUNT]);
