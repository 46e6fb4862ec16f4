#!/bin/sh
# install.sh MAKE STAGE PREFIX -- `make install DESTDIR=STAGE`, then runs the
# installed STAGE/PREFIX/bin/bossrush from an empty folder (it must find its
# data under STAGE/PREFIX/share/bossrush: --version names it, a script, a
# replay and an installed level run headless), then `make uninstall` must
# remove every installed file. Run from the repository root; ends with
# "install: N passed, M failed".
MAKE=$1; STAGE=$2; PREFIX=$3
REPO=$(pwd)
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: install: $1"; }

# run WANT_EXIT -- ARGS...: the installed binary, from the empty folder.
run() {
    want=$1; shift 2
    (cd "$tmp/elsewhere" && timeout 120 "$bin" "$@") >"$tmp/out" 2>"$tmp/err"
    got=$?
    if [ "$got" = "$want" ]; then ok; return 0; fi
    bad "bossrush $*: exit $got, expected $want"
    sed 's/^/    /' "$tmp/err" | head -5
    return 1
}

rm -rf "$STAGE"
mkdir -p "$tmp/elsewhere"
bin=$STAGE$PREFIX/bin/bossrush
data=$STAGE$PREFIX/share/bossrush
if $MAKE -s --no-print-directory install DESTDIR="$STAGE" >"$tmp/err" 2>&1 && [ -x "$bin" ]; then ok; else
    bad "make install DESTDIR=$STAGE did not install $bin"
    sed 's/^/    /' "$tmp/err" | head -5
fi

# Every data file is installed, nothing else (levels/test/ stays behind).
(find assets -type f; ls levels/*.lvl) | LC_ALL=C sort >"$tmp/want"
(cd "$data" 2>/dev/null && find . -type f | sed 's|^\./||') | LC_ALL=C sort >"$tmp/got"
if [ -s "$tmp/want" ] && cmp -s "$tmp/want" "$tmp/got"; then ok; else
    bad "installed data differs from assets/ + levels/*.lvl:"; diff "$tmp/want" "$tmp/got" | head -5
fi

if run 0 -- --version; then
    if grep -qxF "data folder: $data/" "$tmp/out"; then ok; else bad "--version does not name the data folder $data/"; cat "$tmp/out"; fi
fi
run 0 -- --script "$REPO/tests/scripts/flat-walk.script" --headless
run 0 -- --replay "$REPO/tests/replays/climb-wall.rpl" --headless
if run 0 -- --level "$data/levels/01-tetran.lvl" --headless --ticks 60 --dump-state; then
    if grep -qx "tick 59" "$tmp/out"; then ok; else bad "--level --dump-state lacks 'tick 59'"; fi
fi

if $MAKE -s --no-print-directory uninstall DESTDIR="$STAGE" >/dev/null 2>&1; then ok; else bad "make uninstall failed"; fi
left=$(find "$STAGE" -type f 2>/dev/null)
if [ -z "$left" ]; then ok; else bad "make uninstall left files behind:"; echo "$left" | head -5; fi
rm -rf "$STAGE"

echo "install: $pass passed, $fail failed"
[ $fail -eq 0 ]
