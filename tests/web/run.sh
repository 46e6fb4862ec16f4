#!/bin/sh
# run.sh -- the browser build's test (make test-web): serves BUILD_WEB on
# 127.0.0.1, drives headless Chromium through tests/web/shot.cjs, saves
# docs/img/web-title.png and docs/img/web.png and checks both are not blank
# (ImageMagick's standard deviation of the pixels > 0.02). Needs chromium,
# python3, ImageMagick and puppeteer-core (installed with npm into the web
# cache on first use). Ends "web: N passed, M failed".
WEB=${1:-build-web}
CACHE=${WEB_CACHE:-$HOME/.cache/bossrush-web}
pass=0
fail=0
ok() { pass=$((pass + 1)); echo "web: ok: $1"; }
bad() { fail=$((fail + 1)); echo "web: FAIL: $1"; }

if [ ! -d "$CACHE/node/node_modules/puppeteer-core" ]; then
    mkdir -p "$CACHE/node"
    (cd "$CACHE/node" && npm install --no-audit --no-fund --silent puppeteer-core@24) || bad "npm install puppeteer-core"
fi
# A free port: the server picks it (port 0) and says which.
log=$(mktemp)
python3 -u -m http.server 0 --bind 127.0.0.1 --directory "$WEB" >"$log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; rm -f "$log"' EXIT
port=""
for _ in 1 2 3 4 5 6 7 8 9 10; do
    port=$(sed -n 's/.*port \([0-9]*\).*/\1/p' "$log" | head -1)
    [ -n "$port" ] && break
    sleep 0.5
done
[ -n "$port" ] || { bad "http.server did not start"; cat "$log"; }
out=$(mktemp)
NODE_PATH=$CACHE/node/node_modules timeout 300 node "$(dirname "$0")/shot.cjs" \
    "http://127.0.0.1:$port/index.html" docs/img/web-title.png docs/img/web.png >"$out" 2>&1
cat "$out"
pass=$((pass + $(grep -c '^web: ok' "$out")))
fail=$((fail + $(grep -c '^web: FAIL' "$out")))
grep -q '^web: ' "$out" || bad "shot.cjs reported nothing"
rm -f "$out"
for f in docs/img/web-title.png docs/img/web.png; do
    sd=$(convert "$f" -format '%[fx:standard_deviation]' info: 2>/dev/null)
    if [ -n "$sd" ] && awk "BEGIN { exit !($sd > 0.02) }"; then ok "$f is not blank (deviation $sd)"; else bad "$f looks blank (deviation ${sd:-?})"; fi
done
echo "web: $pass passed, $fail failed"
[ $fail -eq 0 ]
