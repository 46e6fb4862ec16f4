#!/bin/sh
# valgrind.sh BIN -- memcheck over the script and replay suite and every
# broken input: each file runs as tests/run.sh runs it (same mode, same
# `# args:`), under valgrind; a file passes when valgrind reports no error
# and no definitely or indirectly lost block (exit 99 otherwise), whatever
# the program's own exit code. Ends with "valgrind: N passed, M failed".
BIN=${1:-./bossrush}
case "$BIN" in /*) ;; *) BIN="$(pwd)/$BIN" ;; esac
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
VG="valgrind -q --error-exitcode=99 --leak-check=full --show-leak-kinds=definite,indirect \
    --errors-for-leak-kinds=definite,indirect"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0

run() {
    mode=$1; f=$2
    args=$(sed -n 's/^# *args: *//p' "$f" | head -1)
    $VG "$BIN" "$mode" "$f" --headless $args >/dev/null 2>"$tmp/err"
    if [ $? = 99 ]; then
        fail=$((fail + 1)); echo "FAIL: $f"; grep '^==' "$tmp/err" | head -20
    else
        pass=$((pass + 1))
    fi
}

for f in tests/scripts/*.script tests/bad/*.script; do [ -f "$f" ] && run --script "$f"; done
for f in tests/replays/*.rpl tests/bad/*.rpl; do [ -f "$f" ] && run --replay "$f"; done
for f in tests/bad/*.lvl tests/bad/*.tmj tests/bad/*.tmx; do [ -f "$f" ] && run --level "$f"; done
echo "valgrind: $pass passed, $fail failed"
[ $fail -eq 0 ] && [ $pass -gt 0 ]
