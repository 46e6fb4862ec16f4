#!/bin/sh
# run.sh -- runs every test headless and ends with "N passed, M failed".
#   unit:    every $BUILD/tests/test_* (cmocka)
#   scripts: tests/scripts/*.script   (must exit 0 unless the file says otherwise)
#   replays: tests/replays/*.rpl      (must replay in sync)
#   bad:     tests/bad/*              (broken inputs; default expected exit 2)
#   cli:     tests/cli.sh             (command-line cases)
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
    w=$(sed -n 's/^# *expect-exit: *\([0-9]*\).*/\1/p' "$f" | head -1)
    [ -n "$w" ] && want=$w
    args=$(sed -n 's/^# *args: *//p' "$f" | head -1)
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
    sed -n 's/^# *expect-stderr: *//p' "$f" > "$tmp/want_err"
    while IFS= read -r line; do
        grep -qF -- "$line" "$tmp/err" || { bad "$f: stderr lacks '$line'"; sed 's/^/    /' "$tmp/err" | head -3; okay=0; }
    done < "$tmp/want_err"
    sed -n 's/^# *expect-stdout: *//p' "$f" > "$tmp/want_out"
    while IFS= read -r line; do
        grep -qF -- "$line" "$tmp/out" || { bad "$f: stdout lacks '$line'"; okay=0; }
    done < "$tmp/want_out"
    [ $okay = 1 ] && ok
}

echo "== unit tests"
for t in "$BUILD"/tests/test_*; do
    [ -x "$t" ] || continue
    if "$t" >"$tmp/unit" 2>&1; then ok; else bad "$t"; tail -20 "$tmp/unit"; fi
    grep -E '^\[  (PASSED|FAILED)' "$tmp/unit" | sed "s|^|  $(basename "$t"): |"
done

echo "== scripts"
for f in tests/scripts/*.script; do [ -f "$f" ] && run_file script "$f" 0; done
echo "== replays"
for f in tests/replays/*.rpl; do [ -f "$f" ] && run_file replay "$f" 0; done
echo "== bad input"
for f in tests/bad/*; do
    [ -f "$f" ] || continue
    case "$f" in
        *.lvl) run_file level "$f" 2 ;;
        *.script) run_file script "$f" 2 ;;
        *.rpl) run_file replay "$f" 2 ;;
    esac
done
if [ -f tests/cli.sh ]; then
    echo "== command line"
    if sh tests/cli.sh "$BIN" >"$tmp/cli" 2>&1; then ok; else bad "tests/cli.sh"; cat "$tmp/cli"; fi
fi

[ $fail -gt 0 ] && printf "failed:$failed\n"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
