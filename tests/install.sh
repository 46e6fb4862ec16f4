#!/bin/sh
# install.sh MAKE STAGE PREFIX -- `make install DESTDIR=STAGE`, then runs the
# installed STAGE/PREFIX/bin/bossrush from an empty folder (it must find its
# data in STAGE/PREFIX/share/bossrush: --version names it, a script, a
# replay and an installed level run headless), then `make uninstall` must
# remove every installed file. With STAGE empty it installs into PREFIX
# itself (use a scratch PREFIX) and also runs a copy of the binary moved out
# of PREFIX, which must find the data through the PREFIX compiled in.
# Run from the repository root; ends with "install: N passed, M failed".
MAKE=$1; STAGE=$2; PREFIX=$3
REPO=$(pwd)
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: install: $1"; }

# run BIN WANT_EXIT -- ARGS...: runs BIN from the empty folder.
run() {
    exe=$1; want=$2; shift 3
    (cd "$tmp/elsewhere" && timeout 120 "$exe" "$@") >"$tmp/out" 2>"$tmp/err"
    got=$?
    if [ "$got" = "$want" ]; then ok; return 0; fi
    bad "$exe $*: exit $got, expected $want"
    sed 's/^/    /' "$tmp/err" | head -5
    return 1
}

# names_data BIN DIR: BIN --version must name DIR as its data folder.
names_data() {
    if run "$1" 0 -- --version; then
        if grep -qxF "data folder: $2/" "$tmp/out"; then ok; else bad "$1 --version does not name $2/"; cat "$tmp/out"; fi
    fi
}

[ -n "$STAGE" ] && rm -rf "$STAGE"
mkdir -p "$tmp/elsewhere"
bin=$STAGE$PREFIX/bin/bossrush
data=$STAGE$PREFIX/share/bossrush
if $MAKE -s --no-print-directory install DESTDIR="$STAGE" >"$tmp/err" 2>&1 && [ -x "$bin" ]; then ok; else
    bad "make install DESTDIR=$STAGE PREFIX=$PREFIX did not install $bin"
    sed 's/^/    /' "$tmp/err" | head -5
fi

# Every data file is installed, nothing else (levels/test/ stays behind;
# levels/tiled/ holds the arenas as Tiled maps).
(find assets -type f; ls levels/*.lvl levels/tiled/*) | LC_ALL=C sort >"$tmp/want"
(cd "$data" 2>/dev/null && find . -type f | sed 's|^\./||') | LC_ALL=C sort >"$tmp/got"
if [ -s "$tmp/want" ] && cmp -s "$tmp/want" "$tmp/got"; then ok; else
    bad "installed data differs from assets/ + levels/*.lvl + levels/tiled/:"; diff "$tmp/want" "$tmp/got" | head -5
fi

names_data "$bin" "$data"
run "$bin" 0 -- --script "$REPO/tests/scripts/flat-walk.script" --headless
run "$bin" 0 -- --replay "$REPO/tests/replays/climb-wall.rpl" --headless
if run "$bin" 0 -- --level "$data/levels/01-tetran.lvl" --headless --ticks 60 --dump-state; then
    if grep -qx "tick 59" "$tmp/out"; then ok; else bad "--level --dump-state lacks 'tick 59'"; fi
fi
run "$bin" 0 -- --level "$data/levels/tiled/01-tetran.tmj" --headless --ticks 1
if [ -z "$STAGE" ]; then
    cp "$bin" "$tmp/moved" && names_data "$tmp/moved" "$data"
fi

if $MAKE -s --no-print-directory uninstall DESTDIR="$STAGE" >/dev/null 2>&1; then ok; else bad "make uninstall failed"; fi
if [ -e "$bin" ] || [ -e "$data" ]; then bad "make uninstall left $bin or $data behind"; else ok; fi
if [ -n "$STAGE" ]; then
    left=$(find "$STAGE" -type f)
    if [ -z "$left" ]; then ok; else bad "make uninstall left files behind:"; echo "$left" | head -5; fi
    rm -rf "$STAGE"
fi

echo "install: $pass passed, $fail failed"
[ $fail -eq 0 ]
