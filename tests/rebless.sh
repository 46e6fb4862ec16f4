#!/bin/sh
# rebless.sh BIN -- after an intended change to the simulation, re-runs every
# tests/replays/*.rpl and rewrites its checksum lines (and the level hash)
# with the current values. Each file is rewritten through FILE.tmp and a
# rename by `bossrush --rebless FILE`. Review the diff before committing.
BIN=${1:-./bossrush}
case "$BIN" in /*) ;; *) BIN="$(pwd)/$BIN" ;; esac
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
status=0
for f in tests/replays/*.rpl; do
    [ -f "$f" ] || continue
    if ! "$BIN" --rebless "$f"; then
        echo "rebless: $f failed" >&2
        status=1
    fi
done
exit $status
