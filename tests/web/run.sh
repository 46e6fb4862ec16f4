#!/bin/sh
# run.sh -- the browser build's test (make test-web): serves BUILD_WEB (and
# a recorded replay beside it) on 127.0.0.1, drives headless Chromium
# through tests/web/shot.cjs (the page's checks), saves its screenshots in
# WEB_SHOTS (default: a new folder under /tmp, named at the end; `make
# test-web WEB_SHOTS=docs/img` refreshes the documentation's) and checks
# they are not blank (ImageMagick's standard deviation of the pixels >
# 0.02). Needs chromium, python3, ImageMagick and puppeteer-core (installed
# with npm into the web cache on first use). Ends "web: N passed, M failed".
WEB=${1:-build-web}
REPLAY=tests/replays/tetran.rpl
SHOTS=${WEB_SHOTS:-$(mktemp -d /tmp/bossrush-web-shots.XXXXXX)}
mkdir -p "$SHOTS"
CACHE=${WEB_CACHE:-$HOME/.cache/bossrush-web}
pass=0
fail=0
ok() { pass=$((pass + 1)); echo "web: ok: $1"; }
bad() { fail=$((fail + 1)); echo "web: FAIL: $1"; }

if [ ! -d "$CACHE/node/node_modules/puppeteer-core" ]; then
    mkdir -p "$CACHE/node"
    (cd "$CACHE/node" && npm install --no-audit --no-fund --silent puppeteer-core@24) || bad "npm install puppeteer-core"
fi
# What is served: the build's files (linked) and the replay the
# #replay=PATH link names. A free port: the server picks it (port 0) and
# says which.
site=$(mktemp -d)
for f in "$WEB"/*; do ln -s "$(cd "$(dirname "$f")" && pwd)/$(basename "$f")" "$site/"; done
cp "$REPLAY" "$site/"
log=$(mktemp)
. "$(dirname "$0")/../../tools/serve.sh"
serve_dir "$site" "$log" || { bad "http.server did not start"; cat "$log"; }
trap 'kill $server 2>/dev/null; rm -rf "$log" "$site"' EXIT
out=$(mktemp)
NODE_PATH=$CACHE/node/node_modules timeout 300 node "$(dirname "$0")/shot.cjs" \
    "http://127.0.0.1:$port/index.html" "$SHOTS" "$REPLAY" >"$out" 2>&1
cat "$out"
pass=$((pass + $(grep -c '^web: ok' "$out")))
fail=$((fail + $(grep -c '^web: FAIL' "$out")))
grep -q '^web: ' "$out" || bad "shot.cjs reported nothing"
rm -f "$out"
for f in "$SHOTS"/web-start.png "$SHOTS"/web-title.png "$SHOTS"/web.png "$SHOTS"/web-viewer.png "$SHOTS"/web-touch.png; do
    sd=$(convert "$f" -format '%[fx:standard_deviation]' info: 2>/dev/null)
    if [ -n "$sd" ] && awk "BEGIN { exit !($sd > 0.02) }"; then ok "$f is not blank (deviation $sd)"; else bad "$f looks blank (deviation ${sd:-?})"; fi
done
echo "web: screenshots in $SHOTS"
echo "web: $pass passed, $fail failed"
[ $fail -eq 0 ]
