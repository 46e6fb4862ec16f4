#!/bin/sh
# tiled.sh -- Tiled itself as a client nobody here wrote: every shipped
# .tmj (levels/tiled/, levels/test/) re-saved by Tiled's command line
# (QT_QPA_PLATFORM=offscreen tiled --export-map json), and also taken
# through Tiled's XML format and back (.tmx), must load and be the same
# level: --convert gives the same canonical .lvl text as the original,
# and the same first frame (--shot), so decoration layers (which --convert
# drops) come through Tiled too (levels/test/tetran-decor.tmj).
# The .tmx Tiled saves is read itself (src/sim/tmx.c): the same level, the
# same probes after 120 ticks, and a .tmj's replay verifies on it.
# Without tiled installed every case is skipped, and said so.
# Ends "tiled: N passed, M failed[, K skipped]".
BIN=${1:-./bossrush}
pass=0
fail=0
skip=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
maps=$(ls levels/tiled/*.tmj levels/test/*.tmj 2>/dev/null)
[ -n "$maps" ] || { echo "FAIL: tiled: no .tmj in levels/tiled or levels/test"; echo "tiled: 0 passed, 1 failed"; exit 1; }

if ! command -v tiled >/dev/null 2>&1; then
    for m in $maps; do skip=$((skip + 7)); done
    skip=$((skip + 1))
    echo "tiled: SKIP: tiled is not installed (apt-get install tiled); $skip re-save cases not run"
    echo "tiled: $pass passed, $fail failed, $skip skipped"
    exit 0
fi

export QT_QPA_PLATFORM=offscreen
# same NAME ORIGINAL OTHER: OTHER loads and is ORIGINAL's level.
same() {
    if ! "$BIN" --convert "$2" "$tmp/want.lvl" 2>"$tmp/err" || ! "$BIN" --convert "$3" "$tmp/got.lvl" 2>>"$tmp/err"; then
        fail=$((fail + 1)); echo "FAIL: tiled: $1 does not load:"; sed 's/^/    /' "$tmp/err" | head -3; return
    fi
    if cmp -s "$tmp/want.lvl" "$tmp/got.lvl"; then pass=$((pass + 1)); else
        fail=$((fail + 1)); echo "FAIL: tiled: $1 is another level:"; diff "$tmp/want.lvl" "$tmp/got.lvl" | head -5
    fi
    if SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy "$BIN" --level "$2" --headless --ticks 2 --shot 1:"$tmp/want.png" >/dev/null 2>&1 &&
       SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy "$BIN" --level "$3" --headless --ticks 2 --shot 1:"$tmp/got.png" >/dev/null 2>&1 &&
       cmp -s "$tmp/want.png" "$tmp/got.png"; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1)); echo "FAIL: tiled: $1 draws another first frame (tile or decoration layers)"
    fi
}
for m in $maps; do
    n=$(basename "$m" .tmj)
    if timeout 60 tiled --export-map json "$m" "$tmp/$n.tmj" >/dev/null 2>&1; then
        same "$m re-saved by Tiled" "$m" "$tmp/$n.tmj"
    else
        fail=$((fail + 1)); echo "FAIL: tiled: tiled --export-map json $m failed"
    fi
    if timeout 60 tiled --export-map tmx "$m" "$tmp/$n.tmx" >/dev/null 2>&1 &&
       timeout 60 tiled --export-map json "$tmp/$n.tmx" "$tmp/$n-x.tmj" >/dev/null 2>&1; then
        same "$m through .tmx and back" "$m" "$tmp/$n-x.tmj"
        # The .tmx itself (Tiled's default format) is read as the same
        # level, and plays the same: every probe after 120 ticks agrees.
        same "$m saved by Tiled as .tmx" "$m" "$tmp/$n.tmx"
        if "$BIN" --level "$m" --headless --ticks 120 --dump-state >"$tmp/want.state" 2>&1 &&
           "$BIN" --level "$tmp/$n.tmx" --headless --ticks 120 --dump-state >"$tmp/got.state" 2>&1 &&
           cmp -s "$tmp/want.state" "$tmp/got.state"; then
            pass=$((pass + 1))
        else
            fail=$((fail + 1)); echo "FAIL: tiled: $n.tmx plays otherwise than $m:"
            diff "$tmp/want.state" "$tmp/got.state" | head -5
        fi
    else
        fail=$((fail + 1)); echo "FAIL: tiled: $m through .tmx and back failed"
    fi
done
# A replay of a .tmj verifies on its .tmx: the level hash (of the canonical
# level, not of the file's text) and every checksum agree.
rpl=tests/replays/tiled-tetran.rpl
if timeout 60 tiled --export-map tmx levels/tiled/01-tetran.tmj "$tmp/01-tetran.tmx" >/dev/null 2>&1; then
    sed "s|^level [^ ]*01-tetran.tmj |level $tmp/01-tetran.tmx |" "$rpl" >"$tmp/tmx.rpl"
    if grep -q "^level $tmp/01-tetran.tmx " "$tmp/tmx.rpl" && "$BIN" --replay "$tmp/tmx.rpl" --headless >"$tmp/out" 2>&1; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1)); echo "FAIL: tiled: $rpl does not verify on 01-tetran.tmx:"; sed 's/^/    /' "$tmp/out" | head -3
    fi
else
    fail=$((fail + 1)); echo "FAIL: tiled: tiled --export-map tmx levels/tiled/01-tetran.tmj failed"
fi
echo "tiled: $pass passed, $fail failed"
[ $fail -eq 0 ]
