#!/bin/sh
# run.sh -- runs every test headless and ends with "N passed, M failed".
#   unit:    every $BUILD/tests/test_* (cmocka)
#   scripts: tests/scripts/*.script   (must exit 0 unless the file says otherwise)
#   replays: tests/replays/*.rpl      (must replay in sync)
#   bad:     tests/bad/*              (broken inputs; default expected exit 2;
#                                      a .tmj's or .tmx's expectations are in F.expect)
#   soak:    every arena in levels/ and levels/test/, 3,600 ticks of random
#            input with every invariant each tick (tests/soak/soak.c)
#   cli:     tests/cli.sh             (command-line cases, each counted)
#   lab:     tests/lab.sh             (--explore and --test, each counted)
#   viewer:  tests/viewer.sh          (the probe panel under Xvfb; skipped without xvfb-run, xdotool)
#   prefs:   tests/prefs.sh           (start-up over a broken preference folder, each counted)
#   tiled:   tests/tiled.sh           (Tiled re-saving the shipped maps; skipped without tiled)
#   layout:  tests/layout.sh          (every screen at every size from 480x270 to 3840x2160, each frame counted)
#   audio:   tests/audio.sh           (every arena's exported mix at or below -1 dBFS, each counted)
# Nothing passes by being absent: a missing unit-test binary, a unit-test
# binary that ran no test, an empty section or a cli.sh that did not report
# its cases is a failure.
# A file may state what it expects in comment lines anywhere:
#   # expect-exit: N
#   # expect-stderr: TEXT      (TEXT must appear in stderr; repeatable)
#   # expect-stdout: TEXT      (TEXT must appear in stdout; repeatable)
#   # args: EXTRA ARGS         (added to the command line)
BIN=${1:-./bossrush}
BUILD=${2:-build}
case "$BIN" in /*) ;; *) BIN="$(pwd)/$BIN" ;; esac
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
pass=0
fail=0
failed=""
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); failed="$failed\n  $1"; echo "FAIL: $1"; }

# run_file KIND FILE DEFAULT_EXIT
run_file() {
    kind=$1; f=$2; want=$3
    # A format without comments (JSON) keeps its expectations in F.expect.
    meta=$f
    [ -f "$f.expect" ] && meta=$f.expect
    w=$(sed -n 's/^# *expect-exit: *\([0-9]*\).*/\1/p' "$meta" | head -1)
    [ -n "$w" ] && want=$w
    args=$(sed -n 's/^# *args: *//p' "$meta" | head -1)
    case $kind in
        level) cmd="$BIN --level $f --headless $args" ;;
        script) cmd="$BIN --script $f --headless $args" ;;
        replay) cmd="$BIN --replay $f --headless $args" ;;
    esac
    timeout 600 $cmd >"$tmp/out" 2>"$tmp/err"
    got=$?
    if [ "$got" != "$want" ]; then
        bad "$f: exit $got, expected $want"
        sed 's/^/    /' "$tmp/err" | head -5
        return
    fi
    okay=1
    sed -n 's/^# *expect-stderr: *//p' "$meta" > "$tmp/want_err"
    while IFS= read -r line; do
        grep -qF -- "$line" "$tmp/err" || { bad "$f: stderr lacks '$line'"; sed 's/^/    /' "$tmp/err" | head -3; okay=0; }
    done < "$tmp/want_err"
    sed -n 's/^# *expect-stdout: *//p' "$meta" > "$tmp/want_out"
    while IFS= read -r line; do
        grep -qF -- "$line" "$tmp/out" || { bad "$f: stdout lacks '$line'"; okay=0; }
    done < "$tmp/want_out"
    [ $okay = 1 ] && ok
}

# Every tests/unit/test_X.c must have been built as $BUILD/tests/test_X
# and run at least one test; a section with no files at all is a failure.
echo "== unit tests"
units=0
for src in tests/unit/test_*.c; do
    [ -f "$src" ] || continue
    units=$((units + 1))
    t=$BUILD/tests/$(basename "$src" .c)
    if [ ! -x "$t" ]; then bad "$t: not built (from $src)"; continue; fi
    if "$t" >"$tmp/unit" 2>&1; then
        if grep -qE '^\[=+\] [1-9][0-9]* test\(s\) run' "$tmp/unit"; then ok; else bad "$t: ran no test"; fi
    else
        bad "$t"; tail -20 "$tmp/unit"
    fi
    grep -E '^\[  (PASSED|FAILED)' "$tmp/unit" | sed "s|^|  $(basename "$t"): |"
done
[ $units -gt 0 ] || bad "no unit tests in tests/unit/test_*.c"

# run_all KIND DEFAULT_EXIT FILES...: at least one file must be there.
run_all() {
    kind=$1; want_default=$2; shift 2
    n=0
    for f in "$@"; do
        [ -f "$f" ] || continue
        n=$((n + 1))
        run_file "$kind" "$f" "$want_default"
    done
    [ $n -gt 0 ] || bad "no $kind files in $*"
}

echo "== scripts"
run_all script 0 tests/scripts/*.script
echo "== replays"
run_all replay 0 tests/replays/*.rpl
echo "== bad input"
run_all level 2 tests/bad/*.lvl
run_all level 2 tests/bad/*.tmj
run_all level 2 tests/bad/*.tmx
run_all script 2 tests/bad/*.script
run_all replay 2 tests/bad/*.rpl

# A short soak of every arena (make soak: an hour each): random input,
# every invariant after every tick, no allocation after load, flat memory.
echo "== soak"
n=0
for f in levels/*.lvl levels/test/*.lvl; do
    [ -f "$f" ] || continue
    n=$((n + 1))
    if [ ! -x "$BUILD/soak" ]; then bad "$BUILD/soak: not built"; break; fi
    if "$BUILD/soak" --ticks 3600 "$f" >"$tmp/soak" 2>&1; then ok; else bad "soak $f"; sed 's/^/    /' "$tmp/soak" | head -5; fi
done
[ $n -gt 0 ] || bad "no arenas to soak in levels/"

# counted NAME SCRIPT: a script that counts its own cases and ends with
# "NAME: N passed, M failed[, K skipped]"; each case counts here on its own.
skipped=0
counted() {
    name=$1; script=$2
    sh "$script" "$BIN" >"$tmp/counted" 2>&1
    rc=$?
    grep -v "^$name: [0-9]* passed" "$tmp/counted"
    summary=$(sed -n "s/^$name: \([0-9]*\) passed, \([0-9]*\) failed\(, \([0-9]*\) skipped\)\{0,1\}$/\1 \2 \4/p" \
              "$tmp/counted" | tail -1)
    if [ -z "$summary" ]; then
        bad "$script (exit $rc) did not report its cases"
        return
    fi
    set -- $summary
    pass=$((pass + $1))
    fail=$((fail + $2))
    skipped=$((skipped + ${3:-0}))
    failed="$failed$(sed -n "s/^FAIL: /\\\\n  $name: /p" "$tmp/counted" | tr -d '\n')"
    [ "$rc" = 0 ] || [ "$2" -gt 0 ] || bad "$script: exit $rc with no failed case"
}

echo "== command line"
counted cli tests/cli.sh
counted lab tests/lab.sh
counted viewer tests/viewer.sh
# The start-up over a broken preference folder (settings.txt, best.txt, replays/).
echo "== preference folder"
counted prefs tests/prefs.sh
# Tiled itself re-saving the shipped maps (skipped, and said so, without tiled).
echo "== tiled"
counted tiled tests/tiled.sh
# Every screen at every window size: text, panels and the HUD fit.
echo "== layout"
counted layout tests/layout.sh
# Every arena's mix exported offline (--export OUT.wav) peaks at or below -1 dBFS.
echo "== audio"
counted audio tests/audio.sh

[ $fail -gt 0 ] && printf "failed:%b\n" "$failed"
if [ $skipped -gt 0 ]; then echo "$pass passed, $fail failed, $skipped skipped"
else echo "$pass passed, $fail failed"; fi
[ $fail -eq 0 ]
