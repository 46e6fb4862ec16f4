#!/bin/sh
# repro.sh -- reproducible binaries (issue 27): two clones of this checkout's
# HEAD in two different folders (different depths and names) build the same
# ./bossrush byte for byte (-ffile-prefix-map strips the folder; nothing
# else in the build depends on where or when it runs). Ends with
# "repro: N passed, M failed". Run from the repository root; needs git.
set -u
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: repro: $1"; }

a="$tmp/a/bossrush"
b="$tmp/b/some/deeper/x"
for d in "$a" "$b"; do
    if git clone -q . "$d" 2>"$tmp/err" && make -C "$d" -j2 bossrush >"$tmp/log" 2>&1; then ok
    else bad "building a clone in $d failed"; tail -n 3 "$tmp/err" "$tmp/log"; fi
done
if cmp -s "$a/bossrush" "$b/bossrush"; then ok
else bad "the two clones' binaries differ"; fi
echo "repro: $pass passed, $fail failed"
[ $fail -eq 0 ]
