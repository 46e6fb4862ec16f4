#!/bin/sh
# tools/web-speed.sh -- the simulation's speed in the browser build (make
# web-speed): headless Chromium runs the page's own index.js/index.wasm with
# the game's command line (tools/web-speed.cjs): every recorded replay
# verified (`--replay ... --headless`, main's time), an arena simulated
# (`--level LEVEL --headless --ticks TICKS`, main's time; default 36000
# ticks, ten minutes of play: the game runs for minutes, the tiers have time
# to pay off) and `--bench LEVEL --ticks TICKS` (its ticks_per_s, from a
# clock read around every system, coarse in a page), RUNS times each
# (default 5), against the native bossrush doing the same, interleaved;
# medians. Several builds (folders with index.js, index.wasm, index.data)
# are measured in the same rounds, so they can be compared under the same
# load. Timing only, never part of make test.
#   tools/web-speed.sh NATIVE_BOSSRUSH BUILD_WEB...   (LEVEL=, TICKS=, RUNS=)
# Needs what make test-web needs (chromium, puppeteer-core in WEB_CACHE).
set -eu
NATIVE=$1
shift
LEVEL=${LEVEL:-levels/04-convergence.lvl}
RUNS=${RUNS:-5}
TICKS=${TICKS:-36000}
CACHE=${WEB_CACHE:-$HOME/.cache/bossrush-web}
TMP=$(mktemp -d)
site=$TMP/site
# The replays and the arenas they name (../../levels/... from tests/replays/),
# fetched by the page into /w/ (the bench's 16 MB arena left out).
mkdir -p "$site/w/tests"
cp -r tests/replays "$site/w/tests/"
cp -r levels "$site/w/"
rm -rf "$site/w/levels/bench"
# Build k is served as bk/ (its files linked, and speed.html beside them).
k=0
for web in "$@"; do
    mkdir -p "$site/b$k"
    for f in "$web"/index.*; do ln -s "$(cd "$(dirname "$f")" && pwd)/$(basename "$f")" "$site/b$k/"; done
    ln -s ../w "$site/b$k/w"
    k=$((k + 1))
done
cat > "$site/speed.html" <<'EOF'
<!doctype html>
<html><body><canvas id="canvas" width="960" height="540"></canvas>
<script>
// The game's main with ?args=[...] after fetching ?files=[...] into /w/.
const speedQuery = new URLSearchParams(location.search);
const speedOut = [];
let speedT0 = 0;
var Module = {
    arguments: JSON.parse(speedQuery.get("args")),
    canvas: document.getElementById("canvas"),
    print: (t) => speedOut.push(t),
    printErr: (t) => speedOut.push(t),
    preRun: [() => {
        addRunDependency("speed-files");
        const files = JSON.parse(speedQuery.get("files") || "[]");
        Promise.all(files.map((f) => fetch("w/" + f).then((r) => {
            if (!r.ok) throw new Error(f + ": " + r.status);
            return r.arrayBuffer();
        }).then((b) => {
            FS.mkdirTree("/w/" + f.replace(/\/[^/]*$/, ""));
            FS.writeFile("/w/" + f, new Uint8Array(b));
        }))).then(() => removeRunDependency("speed-files"), (e) => { window.speedError = String(e); });
    }],
    onRuntimeInitialized: () => { speedT0 = performance.now(); },
    postRun: [() => { window.speed = { ms: performance.now() - speedT0, out: speedOut }; }],
};
</script>
<script src="index.js"></script>
</body></html>
EOF
log=$TMP/server.log
. "$(dirname "$0")/serve.sh"
ok=0
serve_dir "$site" "$log" || ok=$?
trap 'kill $server 2>/dev/null; rm -rf "$TMP"' EXIT
[ "$ok" = 0 ] || { echo "web-speed: http.server did not start" >&2; exit 1; }

now() { date +%s.%N; }
median() { sort -n "$1" | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
replays=$(cd "$site/w" && ls tests/replays/*.rpl)
files=$(cd "$site/w" && find tests levels -type f | tr '\n' ' ')
for b in "$site"/b*; do cp "$site/speed.html" "$b/"; done
i=0
while [ "$i" -lt "$RUNS" ]; do
    k=0
    for web in "$@"; do
        # shellcheck disable=SC2086 # one word a replay
        NODE_PATH=$CACHE/node/node_modules FILES="$files" node tools/web-speed.cjs \
            "http://127.0.0.1:$port/b$k/speed.html" 1 "$LEVEL" "$TICKS" $replays > "$TMP/run" ||
            { cat "$TMP/run" >&2; exit 1; }
        grep -q " 0 failed" "$TMP/run" || { cat "$TMP/run" >&2; echo "web-speed: $web: a replay failed" >&2; exit 1; }
        awk '/^replays/ {print $2 / 1000}' "$TMP/run" >> "$TMP/b$k.replays"
        awk '/^arena/ {print $2 / 1000}' "$TMP/run" >> "$TMP/b$k.arena"
        awk '/^bench/ {print $2}' "$TMP/run" >> "$TMP/b$k.bench"
        awk '/^bench/ {print $3}' "$TMP/run" > "$TMP/b$k.lanes"
        k=$((k + 1))
    done
    t0=$(now)
    # shellcheck disable=SC2086
    (cd "$site/w" && "$OLDPWD/$NATIVE" --replay $replays --headless) > "$TMP/out" 2>&1 ||
        { cat "$TMP/out" >&2; exit 1; }
    t1=$(now)
    "$NATIVE" --version > /dev/null 2>&1 || true
    t2=$(now)
    echo "$t0 $t1 $t2" | awk '{printf "%.6f\n", ($2 - $1) - ($3 - $2)}' >> "$TMP/native.replays"
    t3=$(now)
    "$NATIVE" --level "$LEVEL" --headless --ticks "$TICKS"
    t4=$(now)
    echo "$t3 $t4 $t1 $t2" | awk '{printf "%.6f\n", ($2 - $1) - ($4 - $3)}' >> "$TMP/native.arena"
    "$NATIVE" --bench "$LEVEL" --ticks "$TICKS" | awk '/^ticks_per_s/ {print $2}' >> "$TMP/native.bench"
    i=$((i + 1))
done
nr=$(median "$TMP/native.replays"); na=$(median "$TMP/native.arena"); nb=$(median "$TMP/native.bench")
n=$(grep -c ': ok$' "$TMP/out" || true)
printf 'Chromium (default tiers) against native, median of %d; native (start-up subtracted): %d replays verified in %.3f s, %s --ticks %d in %.3f s; --bench %.0f ticks/s\n' \
    "$RUNS" "$n" "$nr" "$LEVEL" "$TICKS" "$na" "$nb"
k=0
for web in "$@"; do
    wr=$(median "$TMP/b$k.replays"); wa=$(median "$TMP/b$k.arena"); wb=$(median "$TMP/b$k.bench")
    awk -v nr="$nr" -v wr="$wr" -v na="$na" -v wa="$wa" -v nb="$nb" -v wb="$wb" -v w="$web" \
        -v v="$(cat "$TMP/b$k.lanes")" 'BEGIN {
        printf "  %s (main time): replays %.3f s: %.2fx; arena %.3f s: %.2fx; bench %.0f ticks/s: %.2fx (lanes: %s)\n",
               w, wr, wr / nr, wa, wa / na, wb, nb / wb, v
    }'
    k=$((k + 1))
done
