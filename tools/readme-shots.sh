#!/bin/sh
# readme-shots.sh -- re-renders the README's pictures (docs/img/*.png)
# headless from the scripts in tools/shots/ and tests/scripts/ with
# `--shot`, then crops and tiles them with ImageMagick (apt: imagemagick).
set -e
cd "$(dirname "$0")/.."
[ -x ./bossrush ] || make
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
B=./bossrush
$B --script tools/shots/tetran.script --headless --shot 185:docs/img/tetran.png \
   --shot 145:$T/a0.png --shot 165:$T/a1.png --shot 180:$T/a2.png --shot 200:$T/a3.png
$B --script tools/shots/tentacle.script --headless --shot 260:docs/img/tentacle.png
$B --script tools/shots/whale.script --headless --shot 1000:docs/img/whale.png
# Tetran's arms: straight spokes, then 10, 25 and 45 ticks of wiggle.
for i in 0 1 2 3; do convert $T/a$i.png -crop 500x500+406+96 +repage -resize 60% $T/a${i}c.png; done
convert $T/a0c.png $T/a1c.png $T/a2c.png $T/a3c.png +append docs/img/tetran-arms.png
# The legs round the outer corners of a shelf.
s=""
for t in 150 180 200 215 230 245; do s="$s --shot $t:$T/c$t.png"; done
$B --script tests/scripts/climb-shelf.script --headless $s
for t in 150 180 200 215 230 245; do
    convert $T/c$t.png -crop 240x180+530+250 +repage -scale 200% $T/c${t}c.png
done
convert $T/c150c.png $T/c180c.png $T/c200c.png +append $T/s1.png
convert $T/c215c.png $T/c230c.png $T/c245c.png +append $T/s2.png
convert $T/s1.png $T/s2.png -append -resize 75% docs/img/climb-strip.png
echo "readme-shots: docs/img updated"
