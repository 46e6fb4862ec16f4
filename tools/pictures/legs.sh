#!/bin/sh
# legs.sh -- the spider legs' half of `make pictures`: frame strips of the
# climb scripts (tests/scripts/climb-*.script), zoomed crops around the
# spider, plain and with the --debug overlay, into docs/img/legs-*.png
# (shown in docs/legs.md). Run from the repository root after building
# ./bossrush; needs ImageMagick (convert, montage).
#
# Each frame is cropped around the body: the script is re-run headless up to
# that tick with --dump-state to read player.x/y. The crop assumes the arena
# fits the 1280x720 view (centred, no scrolling), as the test arenas do.
set -e
B=./bossrush
[ -x "$B" ] || { echo "legs.sh: build ./bossrush first (make)" >&2; exit 2; }
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
mkdir -p docs/img
LABEL=""
convert -list font 2>/dev/null | grep -q 'Font: DejaVu-Sans$' && LABEL="-font DejaVu-Sans -pointsize 13"

# strip NAME SCRIPT CROP ZOOM COLUMNS TICK... -> docs/img/legs-NAME.png and
# docs/img/legs-NAME-debug.png
strip() {
    name=$1 script=$2 crop=$3 zoom=$4 cols=$5
    shift 5
    dir=$(dirname "$script")
    lvl=$dir/$(awk '$1 == "level" { print $2; exit }' "$script")
    # The arena's offset on screen: centred in 1280x720.
    off=$(awk '$1 == "tile" { t = $2 } $1 == "map" { m = 1; next } $1 == "end" { m = 0 }
               m { h++; if (length($0) > w) w = length($0) }
               END { print int((1280 - w * t) / 2), int((720 - h * t) / 2) }' "$lvl")
    ox=${off% *} oy=${off#* }
    shots="" dshots=""
    for t in "$@"; do
        shots="$shots --shot $t:$T/p$t.png"
        dshots="$dshots --shot $t:$T/d$t.png"
    done
    # The strips are pictures, not tests: a failing check does not stop them.
    $B --script "$script" --headless $shots >/dev/null 2>&1 || true
    $B --script "$script" --headless --debug $dshots >/dev/null 2>&1 || true
    plain="" debug=""
    for t in "$@"; do
        # The script up to tick t (its checks and later lines dropped).
        awk -v T="$t" -v D="$dir" '
            $1 == "always" || $1 == "sometime" { next }
            $1 == "at" && ($2 + 0 > T || $3 == "expect" || $3 == "checksum") { next }
            $1 == "end" { print "end " T; next }
            $1 == "level" { $2 = D "/" $2 }
            { print }' "$script" >"$T/upto.script"
        xy=$($B --script "$T/upto.script" --headless --dump-state |
             awk '$1 == "player.x" { x = $2 } $1 == "player.y" { y = $2 } END { printf "%d %d", x, y }')
        x=$((${xy% *} + ox - crop / 2)) y=$((${xy#* } + oy - crop / 2))
        for k in p d; do
            # Padded first, so a crop at the screen's edge keeps its size.
            convert "$T/$k$t.png" -bordercolor black -border "$crop" \
                -crop "${crop}x${crop}+$((x + crop))+$((y + crop))" +repage -scale "${zoom}00%" "$T/c$k$t.png"
        done
        plain="$plain -label t$t $T/cp$t.png"
        debug="$debug -label t$t $T/cd$t.png"
    done
    # shellcheck disable=SC2086
    montage $LABEL $plain -tile "${cols}x" -geometry +2+2 -background '#1b1b24' -fill '#c8c8d8' "docs/img/legs-$name.png"
    # shellcheck disable=SC2086
    montage $LABEL $debug -tile "${cols}x" -geometry +2+2 -background '#1b1b24' -fill '#c8c8d8' "docs/img/legs-$name-debug.png"
    echo "docs/img/legs-$name.png docs/img/legs-$name-debug.png"
}

S=tests/scripts
# Climbing a plain wall: the 2-by-2 gait, four legs at two depths.
strip wall $S/climb-wall.script 100 3 8 60 62 64 66 68 70 72 74
# Upside down along a ceiling.
strip ceiling $S/climb-ceiling.script 100 3 8 200 202 204 206 208 210 212 214
# Wall -> ceiling: the inner corner.
strip inner-corner $S/climb-ceiling.script 110 3 8 100 104 108 112 116 120 126 134
# A 45-degree overhang: wall -> slope -> ceiling.
strip slope $S/climb-overhang.script 110 3 8 70 80 90 100 130 160 190 220
# Round the shelf's two outer corners (underside -> end face -> top).
strip outer-corner $S/climb-shelf.script 110 3 8 184 190 196 202 208 214 220 228
# Reaching the floor on the shelf's top: the legs fold away; walking on.
strip floor $S/climb-shelf.script 110 3 8 232 236 240 244 248 252 256 262
# Landing on the wall: the legs grow out (every tick).
strip grow $S/climb-wall.script 90 3 8 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28
# Jumping off: they fold away just as slowly (every tick).
strip retract $S/climb-wall.script 110 3 8 249 250 251 252 253 254 255 256 257 258 259 260 261 262 263 264
# Issue 24's cases, tick by tick: growing on a wall and folding away on the
# wall jump (the playtest's 15-legs-grow-retract), and the inner corner from
# wall to ceiling (13-legs-inner-corner): no leg across the shell.
strip walljump $S/move-walljump.script 110 3 8 10 12 14 16 18 20 22 24 40 42 44 46 48 50 52 54
strip shelf-corner $S/climb-shelf.script 110 3 8 60 62 64 66 68 70 72 74 76 78 80 82 84 86 88 90
