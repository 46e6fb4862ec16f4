#!/bin/sh
# record-live.sh -- records a replay through the real window and the live
# input path: bossrush runs under Xvfb with --record, xdotool types the keys
# (a scripted session of moving, jumping, climbing, shooting and wiggling),
# then the window is closed and the replay is saved.
#   tools/record-live.sh LEVEL OUT.rpl [SECONDS]
# Needs xvfb-run and xdotool (sh scripts/deps.sh --with-tools).
set -e
LEVEL=${1:?level file}
OUT=${2:?output replay}
SECS=${3:-40}
cd "$(dirname "$0")/.."
[ -x ./bossrush ] || make
export SDL_AUDIODRIVER=dummy
xvfb-run -a -s "-screen 0 1280x720x24" sh -c '
    ./bossrush --level "$1" --record "$2" &
    pid=$!
    wid=""
    for i in $(seq 1 100); do
        wid=$(xdotool search --name "bossrush" 2>/dev/null | head -1)
        [ -n "$wid" ] && break
        sleep 0.1
    done
    [ -n "$wid" ] || { echo "record-live: no window" >&2; kill $pid; exit 1; }
    xdotool windowfocus --sync "$wid" 2>/dev/null || true
    sleep 1
    hold() { xdotool keydown $1; sleep $2; xdotool keyup $1; }
    xdotool key z                     # title: start
    sleep 1.5
    end=$(( $(date +%s) + $3 ))
    while [ "$(date +%s)" -lt "$end" ]; do
        xdotool keydown Right x; sleep 1.2; xdotool keyup x
        hold z 0.3; sleep 0.6
        xdotool keydown Up; sleep 1.5; xdotool keyup Up Right
        xdotool keydown x; hold q 1.5; xdotool keyup x
        xdotool keydown Left; hold space 0.25; sleep 0.8
        xdotool keydown Up x; sleep 1.2; xdotool keyup Up x Left
        hold z 0.15; sleep 0.5
        xdotool keydown Left Down; sleep 1.0; xdotool keyup Left Down
        xdotool keydown x Up Right; sleep 0.8; xdotool keyup x Up Right
        hold j 0.6
    done
    kill -TERM $pid                  # SDL turns SIGTERM into a quit event
    wait $pid
' sh "$LEVEL" "$OUT" "$SECS"
echo "record-live: wrote $OUT"
