#!/bin/sh
# tools/bench.sh -- the standard bench set (make bench): each arena of
# levels/, the stress arena, the worst legal level and the starfield's
# scaling pair, RUNS times each (default 5), written to docs/bench.md's
# generated section as medians, min and max, with the machine, compiler and
# date. Timing only: never part of make test.
#   tools/bench.sh [BIN] [OUT]      (defaults ./bossrush, docs/bench.md)
# RUNS=N changes the runs per arena. OUT's text above the line
# '<!-- bench.sh writes below -->' is kept; everything below is rewritten.
set -eu
BIN=${1:-./bossrush}
OUT=${2:-docs/bench.md}
RUNS=${RUNS:-5}
MARK='<!-- bench.sh writes below -->'
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# arena, then its extra options. The four arenas run twice: headless (the
# ticks alone: issue 13's ticks/s target is for headless runs) and with
# --render (frame_ms, startup_ms; its ticks share the core's caches with
# 128 software-rendered frames).
SET="levels/01-tetran.lvl|
levels/02-tentacle.lvl|
levels/03-whale.lvl|
levels/04-convergence.lvl|
levels/01-tetran.lvl|--render
levels/02-tentacle.lvl|--render
levels/03-whale.lvl|--render
levels/04-convergence.lvl|--render
levels/bench/stress.lvl|--render --compare-naive
levels/bench/worst.lvl|--ticks 60
levels/bench/stars-10k.lvl|--compare-naive
levels/bench/stars-200k.lvl|--compare-naive
levels/bench/turret-tentacles.lvl|
levels/bench/turret-tetran-40x50.lvl|
levels/bench/turret-tetran-64x64.lvl|"

KEYS="ticks_per_s tick_cpu_mean_us tick_cpu_p99_us tick_p99_us allocs_per_tick load_ms frame_ms startup_ms
sys_player_us sys_tetran_us sys_tentacle_us sys_whale_us sys_turret_us sys_stars_us sys_bullets_us
sys_collisions_us bullets_mean stars_naive_ratio hits_naive_ratio stars_naive_diff hits_agree"

# median, min and max of the numbers on stdin, one a line
stats() {
    sort -g | awk '{v[NR] = $1} END {
        if (NR == 0) exit
        m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
        printf "%g | %g | %g", m, v[1], v[NR] }'
}

# A run's file: the arena's name and its options (one arena may run twice).
run_name() { echo "$(basename "$1" .lvl)$(echo "$2" | tr -c 'a-z0-9\n' '_')"; }

echo "$SET" | while IFS='|' read -r lvl opts; do
    name=$(run_name "$lvl" "$opts")
    i=1
    while [ "$i" -le "$RUNS" ]; do
        # shellcheck disable=SC2086 # opts are words
        "$BIN" --bench "$lvl" $opts >"$TMP/$name.$i" 2>/dev/null || {
            echo "bench.sh: $BIN --bench $lvl $opts failed" >&2
            exit 1
        }
        echo "bench.sh: $lvl run $i/$RUNS" >&2
        i=$((i + 1))
    done
done

{
    if [ -f "$OUT" ] && grep -qF "$MARK" "$OUT"; then
        sed "/$MARK/q" "$OUT"
    else
        echo "# Benchmarks"
        echo
        echo "$MARK"
    fi
    echo
    echo "Written by \`make bench\` (tools/bench.sh) on $(date -u '+%Y-%m-%d %H:%M UTC'):"
    echo "$RUNS runs of each arena, $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'),"
    echo "$(${CC:-cc} --version | head -1). Times in microseconds (\`_us\`) or milliseconds"
    echo "(\`_ms\`); \`tick_cpu_*\` is the bench thread's CPU time, the steadiest on a shared machine."
    echo "$SET" | while IFS='|' read -r lvl opts; do
        name=$(run_name "$lvl" "$opts")
        echo
        echo "### $lvl ($(grep -h '^ticks ' "$TMP/$name.1" | cut -d' ' -f2) ticks${opts:+, $opts})"
        echo
        echo "| key | median | min | max |"
        echo "| --- | ---: | ---: | ---: |"
        for k in $KEYS; do
            row=$(cat "$TMP/$name".* | awk -v k="$k" '$1 == k {print $2}' | stats)
            # a system this arena does not have costs only the clock: left out
            case $k in sys_*) [ "$(echo "$row" | awk '{print ($1 < 0.1)}')" = 1 ] && continue ;; esac
            [ -n "$row" ] && echo "| \`$k\` | $row |"
        done
        echo "| \`state_hash\` | $(grep -h '^state_hash ' "$TMP/$name.1" | cut -d' ' -f2) | | |"
    done
} >"$TMP/out.md"
mv "$TMP/out.md" "$OUT"
echo "bench.sh: wrote $OUT" >&2
