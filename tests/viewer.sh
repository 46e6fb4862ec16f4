#!/bin/sh
# viewer.sh BIN -- the replay viewer's test lab parts in a real window under
# Xvfb (docs/testing.md): open a script, pause, open the probe panel (F3),
# pick a probe (Down), press E; the script must gain exactly one
# `at T expect PROBE == VALUE` line and still pass headless; pick player.x,
# press R, 5 s on (Right), R again: the script must gain exactly its
# `always A B player.x >= MIN` and `<= MAX` lines over those ticks and pass
# headless; then edit the
# file: a malformed edit is reported at its file:line:col, a good one is
# re-run (an edit of the buttons alone from the snapshot before the first
# changed tick, not from tick 0; a check made to fail makes leaving exit 1). Skipped (and
# counted so) without xvfb-run and xdotool (scripts/deps.sh --with-tools).
# With VIEWER_SHOTS=DIR (and ImageMagick's import) the window is also
# saved as PNGs there: the range being marked, the lines written, the
# re-run from a snapshot, the timeline after the failing edit (docs/testing.md's pictures).
# Ends with "viewer: N passed, M failed[, K skipped]".
BIN=${1:-./bossrush}
case "$BIN" in /*) ;; *) BIN="$(pwd)/$BIN" ;; esac
pass=0
fails=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL: $1"; fails=$((fails + 1)); }
if ! command -v xvfb-run >/dev/null 2>&1 || ! command -v xdotool >/dev/null 2>&1; then
    echo "viewer: 0 passed, 0 failed, 10 skipped"
    exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat > "$tmp/play.script" <<EOF
bossrush-script 1
level $(pwd)/levels/test/flat.lvl
at 0 down right
at 30 tap jump
end 600
EOF
cp "$tmp/play.script" "$tmp/before"
# Downs from the second probe (E's) to player.x in the panel's list (the
# --dump-state order).
xline=$(SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy "$BIN" --script "$tmp/before" --headless --dump-state 2>/dev/null |
        sed -n '/^player\.x /=')
downs=""
i=2
while [ "$i" -lt "${xline:-2}" ]; do downs="$downs Down"; i=$((i + 1)); done
export DOWNS="$downs" SHOTS="${VIEWER_SHOTS:-}"
cat > "$tmp/drive.sh" <<'EOF'
# drive.sh BIN SCRIPT TMP: the viewer on SCRIPT; E writes; then the file is
# edited twice (malformed, then with a failing check) and the viewer left.
"$1" --script "$2" >"$3/log" 2>&1 &
pid=$!
wid=$(xdotool search --sync --name bossrush | head -1)
n=0
while ! grep -q 'watching .*an edit re-runs it' "$3/log" && [ $n -lt 600 ]; do sleep 0.1; n=$((n + 1)); done
xdotool key --window "$wid" space F3 Down e
# Wait for the write (the file changes).
n=0
while cmp -s "$2" "$3/before" && [ $n -lt 600 ]; do sleep 0.1; n=$((n + 1)); done
cp "$2" "$3/written"
n=0
while ! grep -q 'changed: re-ran it' "$3/log" && [ $n -lt 600 ]; do sleep 0.1; n=$((n + 1)); done
# A range: player.x picked, R, 5 s on, R again.
shot() { [ -n "$SHOTS" ] && sleep 0.5 && import -window root "$SHOTS/$1"; }
# shellcheck disable=SC2086
xdotool key --window "$wid" $DOWNS r Right
shot testing-range-mark.png
xdotool key --window "$wid" r
n=0
while cmp -s "$2" "$3/written" && [ $n -lt 600 ]; do sleep 0.1; n=$((n + 1)); done
cp "$2" "$3/ranged"
n=0
while [ "$(grep -c 'changed: re-ran it' "$3/log")" -lt 2 ] && [ $n -lt 600 ]; do sleep 0.1; n=$((n + 1)); done
shot testing-range-written.png
# A malformed edit: reported with its place, the last good run kept.
printf 'at 5 expect nosuch.probe == 1\n' >> "$2"
n=0
while ! grep -q 'keeps the last good run' "$3/log" && [ $n -lt 600 ]; do sleep 0.1; n=$((n + 1)); done
# The buttons alone: a jump at 500 re-runs from a snapshot before it.
{ cat "$3/ranged"; printf 'at 500 tap jump\n'; } > "$3/next" && cat "$3/next" > "$2"
n=0
while [ "$(grep -c 'changed: re-ran it' "$3/log")" -lt 3 ] && [ $n -lt 600 ]; do sleep 0.1; n=$((n + 1)); done
shot testing-rerun-snapshot.png
# A good edit with a failing check after the range: re-run (the range
# green, the check red), so leaving exits 1.
{ cat "$3/ranged"; printf 'at 450 expect player.x < 0\n'; } > "$3/next" && cat "$3/next" > "$2"
n=0
while [ "$(grep -c 'changed: re-ran it' "$3/log")" -lt 4 ] && [ $n -lt 600 ]; do sleep 0.1; n=$((n + 1)); done
n=0
while ! grep -q 'tick 450: expected player.x < 0' "$3/log" && [ $n -lt 600 ]; do sleep 0.1; n=$((n + 1)); done
# The picture without the panel, once the failure's toast is gone.
[ -n "$SHOTS" ] && xdotool key --window "$wid" F3 && sleep 3
shot testing-rerun-marks.png
xdotool key --window "$wid" Escape
wait $pid
echo $? > "$3/rc"
exit 0
EOF
# A real X window (tests/run.sh exports the dummy video driver).
env -u SDL_VIDEODRIVER SDL_AUDIODRIVER=dummy timeout 120 xvfb-run -a -s "-screen 0 1280x720x24" sh "$tmp/drive.sh" "$BIN" "$tmp/play.script" "$tmp"
added=$(diff "$tmp/before" "$tmp/written" | grep -c '^> at [0-9]* expect [a-z_.]* == ')
if [ "$added" = 1 ]; then ok; else bad "E wrote $added expect lines into the watched script, expected 1"; fi
# One Down from the first probe: the second name --dump-state prints (both
# sorted by name; a new creature kind's probes may come first).
second=$(SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy "$BIN" --script "$tmp/before" --headless --dump-state 2>/dev/null |
         sed -n '2s/ .*//p')
if diff "$tmp/before" "$tmp/written" | grep -q "^> at [0-9]* expect $second == "; then ok
else bad "the picked probe (one Down from the first: $second) was not the one written"; fi
SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy "$BIN" --script "$tmp/written" --headless >/dev/null 2>"$tmp/err"
if [ $? = 0 ]; then ok; else bad "the written script fails headless: $(cat "$tmp/err")"; fi
ranges=$(diff "$tmp/written" "$tmp/ranged" | grep '^> always ' | sed 's/^> //')
a=$(echo "$ranges" | sed -n '1s/^always \([0-9]*\) .*/\1/p')
b=$(echo "$ranges" | sed -n '1s/^always [0-9]* \([0-9]*\) .*/\1/p')
if [ "$(echo "$ranges" | grep -c "^always $a $b player\.x >= [0-9.e+-]*\$")" = 1 ] &&
   [ "$(echo "$ranges" | grep -c "^always $a $b player\.x <= [0-9.e+-]*\$")" = 1 ] &&
   [ "$(diff "$tmp/written" "$tmp/ranged" | grep -c '^[<>]')" = 2 ]; then ok
else bad "R, Right, R did not write exactly the two player.x range lines: $(diff "$tmp/written" "$tmp/ranged" | tr '\n' ' ')"; fi
if [ -n "$a" ] && [ $((b - a)) = 300 ]; then ok; else bad "the range is ticks $a..$b, expected 300 ticks apart (Right: 5 s)"; fi
SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy "$BIN" --script "$tmp/ranged" --headless >/dev/null 2>"$tmp/err"
if [ $? = 0 ]; then ok; else bad "the script with the range fails headless: $(cat "$tmp/err")"; fi
# The range is tight: its minimum one ulp-ish higher fails it.
lo=$(echo "$ranges" | sed -n 's/^always [0-9]* [0-9]* player\.x >= //p')
sed "s/^always $a $b player\.x >= .*/always $a $b player.x > $lo/" "$tmp/ranged" > "$tmp/tight.script"
SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy "$BIN" --script "$tmp/tight.script" --headless >/dev/null 2>&1
if [ $? = 1 ]; then ok; else bad "the range's minimum is not reached ('>' for '>=' still passes)"; fi
if grep -q 'play.script:[0-9]*:[0-9]*: .*keeps the last good run' "$tmp/log"; then ok
else bad "a malformed edit was not reported at its file:line:col"; fi
if grep -q 'changed: re-ran it from tick [1-9][0-9]' "$tmp/log"; then ok
else bad "an edit of the buttons at tick 500 did not re-run from a snapshot: $(grep 're-ran' "$tmp/log" | tr '\n' ' ')"; fi
if [ "$(cat "$tmp/rc" 2>/dev/null)" = 1 ]; then ok
else bad "after an edit that fails at tick 450 the viewer exited $(cat "$tmp/rc" 2>/dev/null), expected 1 (not re-run?)"; fi
echo "viewer: $pass passed, $fails failed"
[ $fails -eq 0 ]
