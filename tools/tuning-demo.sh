#!/bin/sh
# tuning-demo.sh -- live tuning shown in a real window under Xvfb, driven
# by xdotool, on a copy of the game's data (the repository's files are
# never edited): an arena at tile 64 (the spider at twice its size) is
# played with the debug overlay on and recorded; the spider climbs the
# wall; front-left.leg and front-right.leg are edited with sed while it
# runs and reload (the recording is saved up to that tick and stops); a
# broken edit shows its file:line:col on screen and once on stderr, and
# the old legs stay; fixed, it loads again; the F2 panel steps a value and
# F6 saves it (only that token of the file changes); a broken level is
# reported and the arena stays; the level is edited and reloads with the
# player kept. Checks every step; exit 0 when all pass.
#   tools/tuning-demo.sh [--shots]    --shots: also write docs/img/tuning-*.png
# Needs xvfb-run, xdotool and ImageMagick. Not part of `make test` or CI:
# CI has no X server (as tools/window-test.sh).
set -e
cd "$(dirname "$0")/.."
[ -x ./bossrush ] || make
SHOTS=0
[ "$1" = "--shots" ] && SHOTS=1
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
G=$T/game
mkdir -p "$G/levels"
cp ./bossrush "$G/"
cp -R assets "$G/assets"
cp -R assets/legs "$T/legs-shipped"
cat > "$G/levels/tuning-demo.lvl" <<'EOF'
# tuning-demo.lvl -- tools/tuning-demo.sh's arena: a wall on the right,
# tile 64 so that the spider and its legs show at twice their size.
name Live tuning
tile 64
spawn player 16 9
seed 1
map
####################
#..................#
#..................#
#..................#
#..................#
#..................#
#..................#
#..................#
#..................#
#..................#
####################
end
EOF
cp "$G/levels/tuning-demo.lvl" "$T/level-shipped.lvl"
export T G SHOTS SDL_AUDIODRIVER=dummy XDG_DATA_HOME="$T/xdg"
xvfb-run -a -s "-screen 0 1280x720x24" sh -eu -c '
    fail() { echo "tuning-demo: FAIL: $*" >&2; [ -n "${pid:-}" ] && kill $pid 2>/dev/null; exit 1; }
    legs=$G/assets/legs
    "$G/bossrush" --level "$G/levels/tuning-demo.lvl" --debug --record "$T/demo.rpl" > "$T/log" 2>&1 &
    pid=$!
    wid=""
    for i in $(seq 1 300); do                  # up to 30 s on a busy machine
        wid=$(xdotool search --pid $pid --name bossrush 2>/dev/null | head -1)
        [ -n "$wid" ] && break
        sleep 0.1
    done
    [ -n "$wid" ] || fail "no window"
    xdotool windowfocus --sync "$wid" 2>/dev/null || true
    xdotool mousemove 0 0
    sleep 1.5
    keys() { xdotool key --delay 120 "$@"; sleep 0.4; }
    hold() { xdotool keydown $1; sleep $2; xdotool keyup $1; }
    # shot NAME: the window; with --shots also docs/img/tuning-NAME.png.
    shot() {
        import -window "$wid" "$T/$1.png"
        [ "$SHOTS" = 1 ] && cp "$T/$1.png" "docs/img/tuning-$1.png"
        mean=$(convert "$T/$1.png" -format "%[fx:int(mean*1000)]" info:)
        [ "$mean" -gt 20 ] || fail "$1: the window is blank"
        echo "tuning-demo: $1 ok"
    }
    # The wall strip the spider climbs (window px: the map fills the width).
    strip() { convert "$T/$1.png" -crop 250x420+1030+90 +repage "$T/$1-strip.png"; }
    # Two reloads at most APP_TUNING_POLL_S apart, and a frame or two.
    settle() { sleep 1.3; }

    keys Return                                # PLAY ARENA
    sleep 2.2                                  # past the arena card
    xdotool keydown Right; sleep 0.2
    hold z 0.3                                 # jump into the wall and grab it
    sleep 0.5; xdotool keyup Right
    hold Up 0.9                                # climb
    sleep 0.8
    shot before

    # The front legs get longer bones, a wider ring and a farther arc.
    for f in front-left front-right; do
        sed -i -e "s/^upper [0-9.]*/upper 32/" -e "s/^lower [0-9.]*/lower 34/" -e "s/^max [0-9.]*/max 50/" \
               -e "s/^cast_radius [0-9.]*/cast_radius 36/" -e "s/^lift_max [0-9.]*/lift_max 12/" "$legs/$f.leg"
    done
    settle
    grep -q "replay saved up to tick" "$T/log" || fail "the recording was not saved at the change"
    hold Down 0.5                              # a few steps with the new legs
    sleep 0.8
    shot after

    # A broken file: the old values stay, the message stays on screen.
    sed -i "s/^lower 34/lower 34 px/" "$legs/front-left.leg"
    settle
    shot broken
    sleep 1.2
    n=$(grep -c "front-left.leg:7:10: unexpected extra token .px." "$T/log" || true)
    [ "$n" = 1 ] || fail "the broken file was reported $n times on stderr, not once"
    sed -i "s/^lower 34 px/lower 34/" "$legs/front-left.leg"
    settle
    grep -q "the leg profiles load again" "$T/log" || fail "the fixed file did not load again"

    # The panel: front-left, lift_max + 2 (four steps), saved with F6.
    cp "$legs/front-left.leg" "$T/front-left.before"
    keys F2 1
    for i in $(seq 1 15); do xdotool key Next; done   # PgDn to lift_max
    keys equal equal equal equal
    hold Up 0.5
    sleep 0.5
    shot panel
    keys F6
    settle
    diff "$T/front-left.before" "$legs/front-left.leg" > "$T/diff" && fail "F6 saved nothing"
    [ "$(grep -c "^[<>]" "$T/diff")" = 2 ] || fail "the save changed more than one line: $(cat "$T/diff")"
    grep -q "^> lift_max 14  " "$T/diff" || fail "lift_max 14 not saved in place: $(cat "$T/diff")"
    keys F2

    # A broken level: the arena on screen stays, the message says where.
    sed -i "11s/.*/#......X...........#/" "$G/levels/tuning-demo.lvl"
    settle
    grep -q "tuning-demo.lvl:11:8: " "$T/log" || fail "the broken level was not reported: $(cat "$T/log")"
    keys Escape Down Return                   # pause > RETRY: refused, the fight goes on
    kill -0 $pid 2>/dev/null || fail "a retry of the broken level ended the program"
    keys Escape                               # resume
    # The level: a ledge appears beside him (map row 3); he stays where he is.
    sed -i "11s/.*/#..........######..#/" "$G/levels/tuning-demo.lvl"
    settle
    shot level
    grep -q "the level loads again" "$T/log" || fail "the fixed level did not load again"
    kill -TERM $pid
    wait $pid || fail "exit code $?: $(cat "$T/log")"
    pid=""

    # The recording stopped at the first change: it verifies with the
    # files as they were, and says what changed against the new ones.
    cp "$T/level-shipped.lvl" "$G/levels/tuning-demo.lvl"
    SDL_VIDEODRIVER=dummy "$G/bossrush" --replay "$T/demo.rpl" --headless 2> "$T/replay.err" && fail "an old replay verified against the new legs"
    grep -q "leg profiles changed since the replay was recorded" "$T/replay.err" || fail "$(cat "$T/replay.err")"
    cp "$T/legs-shipped/"*.leg "$legs/"
    SDL_VIDEODRIVER=dummy "$G/bossrush" --replay "$T/demo.rpl" --headless || fail "the cut recording does not replay"
    echo "tuning-demo: the recording up to the change replays with the files it was made with"
    if [ "$SHOTS" = 1 ]; then
        strip before; strip after
        montage "$T/before-strip.png" "$T/after-strip.png" -tile 2x1 -geometry +6+0 -background "#0c0a1e" \
            docs/img/tuning-legs.png
    fi
    sed "s/^/    log: /" "$T/log"
'
echo "tuning-demo: all checks passed"
