#!/bin/sh
# tools/wasm-speed.sh -- issue 25's WebAssembly speed figure (make
# wasm-speed): tools/simcheck over every recorded replay, node against
# native, RUNS times each (default 5), every run in sync (else exit 1).
#   tools/wasm-speed.sh NATIVE_SIMCHECK SIMCHECK_JS [REPLAY...]
# Timing only: never part of make test. Three figures, median of RUNS each:
# - "start-up subtracted": the wall time of a run over the replays minus
#   that of a run without replays (the start-up: the process, and for node
#   loading and compiling the module);
# - the same in CPU time (user + system of the process's every thread),
#   which other programs sharing the cores disturb less than the wall time;
# - "in-process": simcheck --time, the checks alone measured inside the
#   program from main's start (no start-up at all; steadier, since the
#   start-up's own noise is not subtracted: under plain node the start-up
#   compiles the whole module with TurboFan, whose wall time on shared
#   cores varies more than the simulation takes; docs/web.md).
# Node compiles WebAssembly lazily and in tiers by default (each function
# when first called, with the baseline compiler Liftoff, then again with
# TurboFan once hot, during the run), so a run without replays would compile
# almost nothing and its "start-up" would not be "load and compile the
# module". simcheck.js therefore asks V8 itself, before it compiles the
# module, for the whole module optimized at load (tools/simcheck/node-pre.js):
# the figure is plain `node simcheck.js` (NODE_FLAGS, default none, adds
# node options). The same figures with V8's default lazy tiers
# (SIMCHECK_V8_TIERS=lazy) follow for comparison (MODES=node leaves them out).
set -eu
NATIVE=$1
JS=$2
shift 2
[ $# -gt 0 ] || set -- tests/replays/*.rpl
RUNS=${RUNS:-5}
NODE_FLAGS=${NODE_FLAGS:-}
MODES=${MODES:-node lazy}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# timed OUT COMMAND...: runs COMMAND, writes "WALL CPU" to OUT: its wall
# time and the CPU time (user + system, every thread: node's compiler
# threads too) of the process and its children, in seconds (rusage, in
# microseconds where GNU time's are hundredths); COMMAND's exit status.
timed() {
    python3 -c '
import os, sys, time
t0 = time.monotonic()
pid = os.fork()
if pid == 0:
    os.execvp(sys.argv[2], sys.argv[2:])
_, status, ru = os.wait4(pid, 0)
t1 = time.monotonic()
with open(sys.argv[1], "w") as f:
    f.write("%.6f %.6f\n" % (t1 - t0, ru.ru_utime + ru.ru_stime))
sys.exit(os.waitstatus_to_exitcode(status))' "$@"
}
# median FILE: the middle line of FILE's numbers.
median() { sort -n "$1" | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }

# run NAME COMMAND...: one run of COMMAND (given --time): NAME.wall gets
# its wall time, NAME.cpu its CPU time, NAME.in its in-process time (0
# without replays).
run() {
    name=$1
    shift
    if ! timed "$TMP/t" "$@" > "$TMP/out" 2> "$TMP/err"; then
        cat "$TMP/out" "$TMP/err" >&2
        echo "wasm-speed: $name failed (out of sync?)" >&2
        exit 1
    fi
    awk '{print $1}' "$TMP/t" >> "$TMP/$name.wall"
    awk '{print $2}' "$TMP/t" >> "$TMP/$name.cpu"
    awk '/^simcheck: .* files in / {print $(NF - 1)} END {if (!NR) print 0}' "$TMP/err" | tail -n 1 >> "$TMP/$name.in"
    case $name in
    wasm-start*) ;;
    *) grep -c '^in sync' "$TMP/out" > "$TMP/$name.n" || true ;;
    esac
}

# report MODE LABEL: the figures from native* and MODE's wasm*.
report() {
    ns=$(median "$TMP/native-start.wall"); nf=$(median "$TMP/native.wall"); ni=$(median "$TMP/native.in")
    ws=$(median "$TMP/wasm-start-$1.wall"); wf=$(median "$TMP/wasm-$1.wall"); wi=$(median "$TMP/wasm-$1.in")
    nsc=$(median "$TMP/native-start.cpu"); nfc=$(median "$TMP/native.cpu")
    wsc=$(median "$TMP/wasm-start-$1.cpu"); wfc=$(median "$TMP/wasm-$1.cpu")
    awk -v ns="$ns" -v nf="$nf" -v ni="$ni" -v ws="$ws" -v wf="$wf" -v wi="$wi" -v r="$RUNS" \
        -v nsc="$nsc" -v nfc="$nfc" -v wsc="$wsc" -v wfc="$wfc" \
        -v l="$2" -v n="$(cat "$TMP/wasm-$1.n")" 'BEGIN {
        n1 = nf - ns; w1 = wf - ws; n2 = nfc - nsc; w2 = wfc - wsc
        printf "%s, %d replays in sync, median of %d:\n", l, n, r
        printf "  start-up subtracted: native %.3f s (%.3f - %.3f), node %.3f s (%.3f - %.3f): %.2fx\n",
               n1, nf, ns, w1, wf, ws, (n1 > 0) ? w1 / n1 : 0
        printf "  the same in CPU:     native %.3f s (%.3f - %.3f), node %.3f s (%.3f - %.3f): %.2fx\n",
               n2, nfc, nsc, w2, wfc, wsc, (n2 > 0) ? w2 / n2 : 0
        printf "  in-process:          native %.3f s, node %.3f s: %.2fx\n", ni, wi, (ni > 0) ? wi / ni : 0
    }'
}

# tiers MODE: SIMCHECK_V8_TIERS for MODE (node-pre.js).
tiers() {
    case $1 in
    node) echo optimized ;;
    lazy) echo lazy ;;
    *) echo "wasm-speed: unknown mode $1" >&2; exit 2 ;;
    esac
}

# The runs interleaved (native, then each mode's node, RUNS times), so a
# change in the machine's load falls on every side alike.
i=0
while [ "$i" -lt "$RUNS" ]; do
    run native-start "$NATIVE" --time assets/legs
    run native "$NATIVE" --time assets/legs "$@"
    for mode in $MODES; do
        t=$(tiers "$mode")
        # shellcheck disable=SC2086 # node's options are words
        run "wasm-start-$mode" env SIMCHECK_V8_TIERS="$t" node $NODE_FLAGS "$JS" --time assets/legs
        # shellcheck disable=SC2086
        run "wasm-$mode" env SIMCHECK_V8_TIERS="$t" node $NODE_FLAGS "$JS" --time assets/legs "$@"
    done
    i=$((i + 1))
done
for mode in $MODES; do
    if [ "$mode" = node ]; then report node "node${NODE_FLAGS:+ $NODE_FLAGS} (simcheck.js: optimized at load)"
    else report lazy "node, SIMCHECK_V8_TIERS=lazy (V8's default lazy tiers)"; fi
done
