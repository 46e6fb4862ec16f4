#!/bin/sh
# creatures.sh -- the creatures' half of `make pictures`: frame strips of the
# creatures' key motions, rendered headless from tools/pictures/*.script
# with --shot and tiled with ImageMagick's montage into docs/img/:
#   tetran-motion.png    straight, a short wiggle, a long wiggle, the release
#   tentacle-start.png   the den from tick 0, FABRIK (top) and follow (bottom)
#   tentacle-homing.png  homing on the climbing player, FABRIK and follow
#   tentacle-ledge.png   tentacles draping over a ledge thinner than a link
#   whale-corner.png     the whale turning in a corner
# Run from the repository root after `make` (./bossrush must exist).
set -e
NAME=creatures.sh
. tools/pictures/lib.sh
P=tools/pictures

# shots SCRIPT NAME TICK...: the frames after those ticks, as $T/NAME-TICK.png.
shots() {
    script=$1 name=$2
    shift 2
    args=""
    for t in "$@"; do args="$args --shot $t:$T/$name-$t.png"; done
    $B --script "$script" --headless $args >/dev/null
}

# frames NAME CROP WORD FROM TICK...: montage arguments for those frames,
# cropped (WxH+X+Y of the 1280x720 frame), each labelled "WORD +N" with its
# tick counted from tick FROM (FROM -: "tick N").
frames() {
    name=$1 crop=$2 word=$3 from=$4
    shift 4
    for t in "$@"; do
        if [ "$from" = - ]; then label="tick $t"; else label="$word +$((t - from))"; fi
        printf '%s\n' "-label" "$label" "$T/$name-$t.png[$crop]"
    done
}

# tile OUT COLUMNS TILE_WIDTH: montage of the argument lines on stdin.
tile() {
    out=$1 cols=$2 w=$3
    # One argument per line (labels and paths hold no newlines).
    set --
    while IFS= read -r a; do set -- "$@" "$a"; done
    montage $FONT -pointsize 13 -fill white -background '#1b1830' "$@" \
        -tile "${cols}x" -geometry "${w}x+3+3" -depth 8 "$out"
}

# Tetran (levels/test/tetran-duel.lvl, calm): straight spokes; the first
# second of a wiggle (held from tick 120); a long wiggle 15 s on; the release
# (tick 1140).
STRAIGHT="0 20 40 60 80 100"
SHORT="124 132 142 152 166 180"
LONG="1020 1040 1060 1080 1100 1120"
RELEASE="1144 1160 1180 1210 1240 1280"
shots $P/tetran.script tet $STRAIGHT $SHORT $LONG $RELEASE
C=540x540+386+66
{
    frames tet $C - - $STRAIGHT
    frames tet $C wiggle 120 $SHORT
    frames tet $C wiggle 120 $LONG
    frames tet $C released 1140 $RELEASE
} | tile $OUT/tetran-motion.png 6 180

# Tentacles from tick 0 in the den, both solvers (the same inputs).
START="0 5 10 20 45 90"
HOME="300 500 700 900 1100 1300"
shots $P/tentacle-fabrik.script fab $START $HOME
shots $P/tentacle-follow.script fol $START $HOME
C=640x460+460+20
{ frames fab $C - - $START; frames fol $C - - $START; } | tile $OUT/tentacle-start.png 6 200
{ frames fab 1280x720+0+0 - - $HOME; frames fol 1280x720+0+0 - - $HOME; } | tile $OUT/tentacle-homing.png 6 240

LEDGE="0 60 150 300 450 600"
shots $P/tentacle-ledge.script led $LEDGE
frames led 1280x720+0+0 - - $LEDGE | tile $OUT/tentacle-ledge.png 6 240

# The whale in a corner of levels/test/whale-corner.lvl (the box on screen).
CORNER="640 655 670 685 700 715 730 745 760 775 790 800"
shots $P/whale-corner.script wh $CORNER
frames wh 470x350+80+136 - - $CORNER | tile $OUT/whale-corner.png 6 240

echo "creatures.sh: docs/img/tetran-motion.png tentacle-start.png tentacle-homing.png tentacle-ledge.png whale-corner.png"
