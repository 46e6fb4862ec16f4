#!/bin/sh
# whale.sh -- the whale's part of `make pictures` (docs/whale.md): frame
# strips rendered headless from tools/pictures/whale-*.script with --shot
# and tiled with ImageMagick into docs/img/:
#   whale-pocket.png   the body curving through the playtest's pile-up pocket
#   whale-attack.png   a charge (the aim line, the rush) and a spout
#   whale-death.png    shot down: rolling over and sinking to the floor
# Run from the repository root after `make` (./bossrush must exist).
set -e
NAME=whale.sh
. tools/pictures/lib.sh
P=tools/pictures

# strip SCRIPT OUT CROP COLUMNS WIDTH TICK...: the frames after those ticks,
# cropped (WxH+X+Y of the 1280x720 frame), labelled, tiled, 128 colours.
strip() {
    script=$1 out=$2 crop=$3 cols=$4 w=$5
    shift 5
    args=""
    for t in "$@"; do args="$args --shot $t:$T/f-$t.png"; done
    $B --script "$script" --headless $args >/dev/null
    for t in "$@"; do printf '%s\n' "-label" "tick $t" "$T/f-$t.png[$crop]"; done >"$T/args"
    set --
    while IFS= read -r a; do set -- "$@" "$a"; done <"$T/args"
    montage $FONT -pointsize 13 -fill white -background '#1b1830' "$@" \
        -tile "${cols}x" -geometry "${w}x+3+3" -depth 8 "$T/strip.png"
    convert "$T/strip.png" -colors 128 "PNG8:$out"
    rm -f "$T"/f-*.png
}

strip $P/whale-pocket.script $OUT/whale-pocket.png 420x400+0+220 6 240 540 556 572 588 604 620
strip $P/whale-attack.script $OUT/whale-attack.png 760x640+0+80 7 240 1110 1140 1180 1215 1228 1240 1255
strip $P/whale-death.script $OUT/whale-death.png 900x600+190+60 5 280 205 216 232 256 290 330 420 560 800
echo "whale.sh: docs/img/whale-pocket.png whale-attack.png whale-death.png"
