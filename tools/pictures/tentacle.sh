#!/bin/sh
# tentacle.sh -- the tentacle boss's part of `make pictures` (docs/tentacle.md):
#   tentacle-windup.png  a wind-up in the den: the charge climbing one
#                        tentacle, the flare and the sight line, then the shot
#   tentacle-flinch.png  shots pushing the tentacles' nodes and the springs
#                        settling (tests/scripts/tentacle-flinch.script)
#   tentacle-death.png   the boss shot down: the tentacles fall limp and
#                        hang (tests/scripts/tentacle-death.script)
# Run from the repository root after `make` (./bossrush must exist).
set -e
NAME=tentacle.sh
. tools/pictures/lib.sh

# strip SCRIPT OUT CROP COLUMNS WIDTH TICK...: the frames after those ticks,
# cropped (WxH+X+Y of the 1280x720 frame), labelled with their ticks.
strip() {
    script=$1 out=$2 crop=$3 cols=$4 w=$5
    shift 5
    args=""
    for t in "$@"; do args="$args --shot $t:$T/f-$t.png"; done
    $B --script "$script" --headless $args >/dev/null || true
    set -- $(for t in "$@"; do printf '%s ' "$t"; done)
    files=""
    for t in "$@"; do files="$files -label tick_$t $T/f-$t.png[$crop]"; done
    # shellcheck disable=SC2086
    montage $FONT -pointsize 13 -fill white -background '#1b1830' $files \
        -tile "${cols}x" -geometry "${w}x+3+3" -depth 8 "$out"
    rm -f "$T"/f-*.png
}

strip tools/pictures/tentacle-windup.script "$OUT/tentacle-windup.png" 640x400+300+120 5 300 \
    126 130 134 138 142 146 150 154 158 164
strip tests/scripts/tentacle-flinch.script "$OUT/tentacle-flinch.png" 520x300+120+330 5 260 \
    126 129 131 133 136 140 146 156 170 200
strip tests/scripts/tentacle-death.script "$OUT/tentacle-death.png" 560x440+360+90 5 260 \
    232 240 260 280 320 380 460 600 800 1000
