#!/bin/sh
# window-test.sh -- the real window under Xvfb, driven by xdotool, with a
# fresh preference folder: title -> practice -> the first arena (its
# warning card skipped by fire) -> pause ->
# options (screen shake set to reduced) -> controls -> quit; then checks
# that settings.txt says so, that the arena's recording replays in sync,
# and, after a restart, that the setting was loaded (a second change saves
# both). Last, one arena won (a weak test Tetran) for the results screen
# with a new best, saved in best.txt. Exit 0 when every check passes.
#   tools/window-test.sh [--shots]    --shots: also write docs/img/screen-*.png
# Needs xvfb-run, xdotool and ImageMagick (sh scripts/deps.sh --with-tools).
# Not part of `make test` or CI: .ci/run installs no X server.
set -e
cd "$(dirname "$0")/.."
[ -x ./bossrush ] || make
SHOTS=0
[ "$1" = "--shots" ] && SHOTS=1
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
export T SHOTS SDL_AUDIODRIVER=dummy XDG_DATA_HOME="$T/xdg"
# SDL_VIDEODRIVER=x11: when Xvfb refuses a connection (a window opened
# right after the last one closed), a clear failure, not SDL falling back
# to no window at all.
xvfb-run -a -s "-screen 0 1280x720x24" env SDL_VIDEODRIVER=x11 sh -eu -c '
    fail() { echo "window-test: FAIL: $*" >&2; [ -n "${pid:-}" ] && kill $pid 2>/dev/null; exit 1; }
    # start ARGS...: runs bossrush and waits for its window.
    start() {
        sleep 0.5                          # right after the last one quit, Xvfb may refuse the display
        xdotool mousemove 0 0              # Xvfb starts with the pointer mid-screen, over a menu row
        ./bossrush "$@" > "$T/log" 2>&1 &
        pid=$!
        wid=""
        for i in $(seq 1 300); do              # up to 30 s on a busy machine
            wid=$(xdotool search --pid $pid --name bossrush 2>/dev/null | head -1)
            [ -n "$wid" ] && break
            sleep 0.1
        done
        [ -n "$wid" ] || fail "no window"
        xdotool windowfocus --sync "$wid" 2>/dev/null || true
        xdotool mousemove 0 0          # no pointer over the menus: keys only
        sleep 1.5
    }
    keys() { xdotool key --delay 120 "$@"; sleep 0.5; }
    # shot NAME: a screenshot of the window; with --shots also docs/img/screen-NAME.png.
    shot() {
        import -window "$wid" "$T/$1.png"
        [ "$SHOTS" = 1 ] && cp "$T/$1.png" "docs/img/screen-$1.png"
        # A blank (all black) frame means nothing was drawn.
        mean=$(convert "$T/$1.png" -format "%[fx:int(mean*1000)]" info:)
        [ "$mean" -gt 20 ] || fail "$1: the window is blank"
        echo "window-test: $1 ok"
    }
    quit() {
        kill -TERM $pid                 # SDL turns SIGTERM into a quit event
        wait $pid || fail "exit code $?: $(cat "$T/log")"
        pid=""
    }
    settings="$XDG_DATA_HOME/bossrush/settings.txt"

    start --record "$T/rec.rpl"
    shot title
    # Text stays crisp in a small window (whole-pixel font dots).
    xdotool windowsize "$wid" 640 360; sleep 0.8
    shot title-640x360
    xdotool windowsize "$wid" 1280 720; sleep 0.8
    keys Down Return                    # PRACTICE
    shot practice
    keys Down Return                    # the first arena, behind its warning card
    sleep 0.4
    shot warning
    keys x                              # fire skips the card
    sleep 0.5
    xdotool keydown Right; sleep 1; xdotool keyup Right
    sleep 0.5
    keys Escape
    shot pause
    keys Down Down Return               # OPTIONS
    keys Down Down Down Down Down Right # SCREEN SHAKE: FULL -> REDUCED
    shot options
    keys Down Down Down Down Down Down Return   # CONTROLS (past UNLIMITED WIGGLE, GHOST and HINTS)
    keys Down Down Down Down Right Return   # JUMP, second key: waiting for a key
    shot rebinding
    keys Escape Escape Escape           # cancel, back to options, back to pause
    keys Up Return                      # QUIT TO TITLE (saves the recording)
    quit
    grep -qx "shake reduced" "$settings" || fail "settings.txt lacks shake reduced"
    grep -qx "music_volume 70" "$settings" || fail "settings.txt: music_volume changed"
    # Keys that landed on another row (the options gained one) change it:
    # the rest must be the defaults still.
    grep -qx "sfx_volume 80" "$settings" || fail "settings.txt: sfx_volume changed (keys on the wrong row?)"
    grep -qx "hints 1" "$settings" || fail "settings.txt: hints changed (keys on the wrong row?)"
    [ -f "$T/rec-1.rpl" ] || fail "no recording of the practice arena"
    grep -q "^level .*01-tetran.lvl" "$T/rec-1.rpl" || fail "the recording is not of the first arena"
    grep -q "down right" "$T/rec-1.rpl" || fail "the fight did not run after the warning card"
    SDL_VIDEODRIVER=dummy ./bossrush --replay "$T/rec-1.rpl" --headless || fail "the recording does not replay"
    echo "window-test: settings saved, practice arena recorded and in sync"

    # Restart: the saved setting is loaded; more changes save it with them.
    start
    keys Down Down Down Down Return     # OPTIONS
    keys Left                           # MUSIC VOLUME 70 -> 60
    # The mouse: a click on SOUND VOLUME'"'"'s right arrow (80 -> 90), the wheel
    # down over the music slider (60 -> 50); window px = logical px here.
    eval $(xdotool getwindowgeometry --shell "$wid")
    xdotool mousemove $((X + 1041)) $((Y + 201)) click 1; sleep 0.3
    xdotool mousemove $((X + 900)) $((Y + 161)); sleep 0.2; xdotool click 5; sleep 0.3
    quit
    grep -qx "shake reduced" "$settings" || fail "after a restart: shake reduced lost"
    grep -qx "music_volume 50" "$settings" || fail "after a restart: music_volume is not 50"
    grep -qx "sfx_volume 90" "$settings" || fail "the click on the arrow did not raise the sound volume"
    echo "window-test: the setting was kept after a restart; keys, clicks and the wheel change options"

    # A win for the results screen with a new best (unlimited wiggle, as in
    # tests/scripts/tetran-kill.script: with the gauge, whether standing
    # there wins depends on the arms at the moment the keys go down).
    sed -i "s/^assist_wiggle .*/assist_wiggle 1/" "$settings"
    grep -qx "assist_wiggle 1" "$settings" || fail "settings.txt has no assist_wiggle line"
    start --level levels/test/tetran-duel.lvl
    keys Return                         # PLAY ARENA
    keys z                              # jump skips the warning card
    xdotool keydown Up x q             # up + fire + wiggle: the calm Tetran falls
    for i in $(seq 1 40); do
        grep -q "^arena.normal.tetran-duel\.[0-9a-f]\{8\} " "$XDG_DATA_HOME/bossrush/best.txt" 2>/dev/null && break
        sleep 0.5
    done
    xdotool keyup Up x q
    grep -q "^arena.normal.tetran-duel\.[0-9a-f]\{8\} " "$XDG_DATA_HOME/bossrush/best.txt" || fail "no best time saved"
    sleep 0.5
    shot results
    quit
    echo "window-test: a new best time saved"
'
echo "window-test: all checks passed"
