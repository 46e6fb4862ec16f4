#!/bin/sh
# layout.sh BIN -- every screen fits every window size: `bossrush
# --layout-check` draws the title, practice, options, controls, replays
# (each item highlighted in turn), every arena's warning card, each
# newcomer prompt,
# the fight's HUD (easy, normal, hard; every arena), pause, YOU FELL, BOSS
# DOWN!, the results (won, lost, the rush's) and the replay viewer at
# 480x270, 640x360, 800x600, 960x540, 1280x720, 1920x1080 and 3840x2160 with
# the renderer's layout log on, and checks that every text line, panel and
# HUD piece lies inside the picture, no text crosses a panel's edge, no two
# different lines and no two HUD pieces overlap (12 hearts and the boss bar) and the big message covers
# no boss. Each size starts with a self-test: a 199-character line drawn
# over the title must be caught. Each frame counts as a case; it prints
# "layout: N passed, M failed". A fresh preference folder: nothing of the
# user's is read or written.
BIN=${1:-./bossrush}
case "$BIN" in /*) ;; *) BIN="$(pwd)/$BIN" ;; esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy XDG_DATA_HOME="$tmp" timeout 300 "$BIN" --layout-check 2>"$tmp/err"
rc=$?
[ $rc = 0 ] || sed 's/^/    /' "$tmp/err" | head -5
exit $rc
