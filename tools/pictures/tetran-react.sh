#!/bin/sh
# tetran-react.sh -- Tetran's readability and body for `make pictures`:
# frame strips rendered headless from the test scripts with --shot and tiled
# with ImageMagick's montage into docs/img/:
#   tetran-flinch.png   one shot stopped by an arm (tick 23): the kick runs
#                       along the chain and dies out (tetran-flinch.script)
#   tetran-death.png    the boss falls (tick 143): limp arms fall as chains
#                       onto the rock and lie there (tetran-death.script)
#   wiggle-gauge.png    the gauge above the player: full, draining, locked
#                       out, refilling (wiggle-gauge.script)
# Run from the repository root after `make` (./bossrush must exist).
set -e
NAME=tetran-react.sh
. tools/pictures/lib.sh
S=tests/scripts

# shots SCRIPT NAME TICK...: the frames after those ticks, as $T/NAME-TICK.png.
shots() {
    script=$1 name=$2
    shift 2
    args=""
    for t in "$@"; do args="$args --shot $t:$T/$name-$t.png"; done
    $B --script "$script" --headless $args >/dev/null
}

# strip OUT NAME CROP WIDTH WORD TICK:LABEL...: one row of the frames,
# cropped (WxH+X+Y of the 1280x720 frame), each labelled.
strip() {
    out=$1 name=$2 crop=$3 w=$4
    shift 4
    set -- "$@" END
    while [ "$1" != END ]; do
        t=${1%%:*} label=${1#*:}
        set -- "$@" "-label" "$label" "$T/$name-$t.png[$crop]"
        shift
    done
    shift
    montage $FONT -pointsize 13 -fill white -background '#1b1830' "$@" \
        -tile x1 -geometry "${w}x+3+3" -depth 8 "$out"
}

shots $S/tetran-flinch.script fl 22 24 26 29 33 45 90
strip $OUT/tetran-flinch.png fl 360x360+460+120 200 "22:before" "24:hit +1" "26:+3" "29:+6" "33:+10" \
    "45:+22" "90:+67 (0 again)"

shots $S/tetran-death.script de 142 150 160 175 190 230 600
strip $OUT/tetran-death.png de 720x560+280+140 220 "142:alive" "150:down +7" "160:+17" "175:+32" "190:+47" \
    "230:+87" "600:+457"

shots $S/wiggle-gauge.script ga 5 69 150 190 350
strip $OUT/wiggle-gauge.png ga 200x120+540+540 200 "5:full" "69:draining" "150:locked out" "190:unlocked, held" \
    "350:refilling"

echo "tetran-react.sh: docs/img/tetran-flinch.png tetran-death.png wiggle-gauge.png"
