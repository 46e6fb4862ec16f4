#!/bin/sh
# viewer-test.sh -- the replay lab in a real window under Xvfb, driven by
# xdotool, with a fresh preference folder:
#   1. an arena won (a weak test Tetran): kept in replays/ as won, verifies;
#   2. the ghost option on: the same arena again races that run (a shot),
#      left by SIGTERM: kept as quit, complete, verifies;
#   3. the Replays screen lists both, newest first (a shot) and opens one;
#   4. --replay of a recording tampered at tick 570: pause, steps forward
#      and back, seeks, Home/End, the speed, the mouse on the timeline, the
#      desync marked; Esc says the tick reached, which must be the one the
#      keys lead to;
#   5. take-over at a paused tick (150, reached by single steps): the game goes on live; the new replay
#      holds the file's ticks before it, verifies, and a copy cut at the
#      take-over tick equals the original's first ticks.
#   tools/viewer-test.sh [--shots]    --shots: also write docs/img/viewer-*.png
# Needs xvfb-run, xdotool and ImageMagick. Not part of `make test` or CI
# (no X server there), like tools/window-test.sh.
set -e
cd "$(dirname "$0")/.."
[ -x ./bossrush ] || make
SHOTS=0
[ "$1" = "--shots" ] && SHOTS=1
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
# SDL_VIDEODRIVER=x11: when Xvfb refuses a connection (a window opened
# right after the last one closed), a clear failure, not SDL falling back
# to no window at all.
export T SHOTS SDL_AUDIODRIVER=dummy XDG_DATA_HOME="$T/xdg"
# The tampered recording: a script's run, fire let go for 20 ticks at 560.
SDL_VIDEODRIVER=dummy ./bossrush --script tests/scripts/tetran-kill.script --headless --record "$T/kill.rpl"
awk '{ print } /^at 0 down fire$/ { print "at 560 up fire"; print "at 580 down fire" }' "$T/kill.rpl" > "$T/kill-t.rpl"
xvfb-run -a -s "-screen 0 1280x720x24" env SDL_VIDEODRIVER=x11 sh -eu -c '
    fail() { echo "viewer-test: FAIL: $*" >&2; sed "s/^/    /" "$T/log" >&2; [ -n "${pid:-}" ] && kill $pid 2>/dev/null; exit 1; }
    start() {
        sleep 0.5                          # right after the last one quit, Xvfb may refuse the display
        xdotool mousemove 0 0              # Xvfb starts with the pointer mid-screen, over a menu row
        ./bossrush "$@" > "$T/log" 2>&1 &
        pid=$!
        wid=""
        for i in $(seq 1 300); do
            wid=$(xdotool search --pid $pid --name bossrush 2>/dev/null | head -1)
            [ -n "$wid" ] && break
            sleep 0.1
        done
        [ -n "$wid" ] || fail "no window ($(xdpyinfo 2>&1 | head -2 | tr "\n" " "))"
        xdotool windowfocus --sync "$wid" 2>/dev/null || true
        xdotool mousemove 0 0
        sleep 1.5
    }
    keys() { xdotool key --delay 150 "$@"; sleep 0.6; }
    shot() {
        import -window "$wid" "$T/$1.png"
        [ "$SHOTS" = 1 ] && cp "$T/$1.png" "docs/img/viewer-$1.png"
        mean=$(convert "$T/$1.png" -format "%[fx:int(mean*1000)]" info:)
        [ "$mean" -gt 20 ] || fail "$1: the window is blank"
        echo "viewer-test: $1 ok"
    }
    quit() {
        kill -TERM $pid
        wait $pid || fail "exit code $?: $(cat "$T/log")"
        pid=""
    }
    verify() { SDL_VIDEODRIVER=dummy ./bossrush --replay "$1" --headless || fail "$1 does not verify"; }
    dir="$XDG_DATA_HOME/bossrush/replays"

    # 1. A win, kept (unlimited wiggle, so the shots get through the arms).
    mkdir -p "$XDG_DATA_HOME/bossrush"
    echo "assist_wiggle 1" > "$XDG_DATA_HOME/bossrush/settings.txt"
    start --level levels/test/tetran-duel.lvl
    keys Return                         # PLAY ARENA
    keys z                              # jump skips the warning card (held buttons wait for a release)
    xdotool keydown Up x q
    for i in $(seq 1 60); do ls "$dir"/*_tetran-duel-*_normal_won_*.rpl >/dev/null 2>&1 && break; sleep 0.5; done
    xdotool keyup Up x q
    won=$(ls "$dir"/*_tetran-duel-*_normal_won_*.rpl 2>/dev/null | head -1)
    [ -n "$won" ] || fail "no won replay kept in $dir"
    quit
    verify "$won"
    echo "viewer-test: the win was kept and verifies"

    # 2. The ghost races it; SIGTERM mid-fight keeps a complete quit.
    echo "ghost 1" >> "$XDG_DATA_HOME/bossrush/settings.txt"
    start --level levels/test/tetran-duel.lvl
    keys Return
    keys z                              # past the warning card
    xdotool keydown Right; sleep 0.7; xdotool keyup Right
    xdotool keydown x; sleep 0.6
    shot ghost
    xdotool keyup x
    quit
    left=$(ls "$dir"/*_tetran-duel-*_normal_quit_*.rpl 2>/dev/null | head -1)
    [ -n "$left" ] || fail "SIGTERM mid-fight kept no quit replay"
    verify "$left"
    echo "viewer-test: SIGTERM mid-fight kept a quit replay that verifies"

    # 3. The Replays screen: newest first; Enter watches it.
    start
    keys Down Down Return               # REPLAYS
    shot replays
    keys Return                         # the newest (the quit)
    sleep 0.5
    shot replays-watch
    keys Escape                         # back to the list
    keys Escape                         # the title
    quit

    # 4. The viewer on a desynced replay: every key, then Esc says where it is.
    start --replay "$T/kill-t.rpl"
    keys space Home                     # paused at tick 0
    keys period period period           # 3
    shot step
    keys comma                          # 2
    keys Right Right                    # 602, just past the desync at 600
    shot seek
    keys End Home                       # 1300, 0
    keys bracketright bracketright space                # 4x, playing (far from the end)
    sleep 0.5
    shot fast
    keys space bracketleft bracketleft                  # paused, 1x
    eval $(xdotool getwindowgeometry --shell "$wid")
    xdotool mousemove $((X + 40 + 600)) $((Y + 664)) click 1; sleep 0.5   # the middle: tick 650
    keys period
    shot scrub
    keys Escape
    wait $pid && fail "a desynced replay exited 0"
    grep -q "tick 600: desync in player, bullets (legs, tetran\[0\], stars, rng in sync)" "$T/log" ||
        fail "the desync was not named: $(cat "$T/log")"
    grep -q "stopped at tick 651" "$T/log" || fail "the keys did not lead to tick 651: $(cat "$T/log")"
    pid=""
    echo "viewer-test: pause, steps, seeks, Home/End, speed and the mouse reach the right tick; the desync is named"

    # 5. Take-over at tick 150: live from there, recorded.
    before=$(ls "$dir" | wc -l)
    start --replay "$T/kill.rpl"
    keys space Home                     # paused at 0
    xdotool key --delay 15 --repeat 150 period; sleep 0.8   # 150
    shot takeover-paused
    keys t
    xdotool keydown Left; sleep 1.2; xdotool keyup Left
    shot takeover
    quit
    mine=$(ls -t "$dir"/*_tetran-duel-*_normal_*.rpl | head -1)
    [ "$(ls "$dir" | wc -l)" -gt "$before" ] || fail "the take-over kept no replay"
    verify "$mine"
    SDL_VIDEODRIVER=dummy ./bossrush --replay "$mine" --headless --until 150 --dump-state > "$T/a.txt"
    SDL_VIDEODRIVER=dummy ./bossrush --replay "$T/kill.rpl" --headless --until 150 --dump-state > "$T/b.txt"
    cmp -s "$T/a.txt" "$T/b.txt" || fail "the take-over replay does not hold the original ticks 0..150"
    echo "viewer-test: take-over at tick 150 recorded the original ticks and the live ones; it verifies"
'
echo "viewer-test: all checks passed"
