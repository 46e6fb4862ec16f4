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

# The desktop files: there, the icons of the right size, and each accepted
# by its validator when that is installed (a missing one is said, not hidden).
share=$STAGE$PREFIX/share
for f in applications/bossrush.desktop metainfo/io.github.bossrush.bossrush.metainfo.xml man/man6/bossrush.6 \
         icons/hicolor/scalable/apps/bossrush.svg; do
    if [ -s "$share/$f" ]; then ok; else bad "make install did not install $share/$f"; fi
done
for s in 16 24 32 48 64 128 256; do
    icon=$share/icons/hicolor/${s}x$s/apps/bossrush.png
    # PNG width and height: bytes 16..23, big-endian.
    size=$(od -An -tu1 -j16 -N8 "$icon" 2>/dev/null | awk '{print $3 * 256 + $4 "x" $7 * 256 + $8}')
    if [ "$size" = "${s}x$s" ]; then ok; else bad "$icon is ${size:-missing}, expected ${s}x$s"; fi
done
grep -q "<project_license>Zlib</project_license>" "$share/metainfo/io.github.bossrush.bossrush.metainfo.xml" 2>/dev/null &&
    ok || bad "the AppStream file does not name the zlib licence"
grep -qx "Exec=$PREFIX/bin/bossrush" "$share/applications/bossrush.desktop" 2>/dev/null && ok ||
    bad "bossrush.desktop does not run $PREFIX/bin/bossrush"
skipped=0
# validate TOOL PACKAGE FILE ARGS...: TOOL ARGS FILE must exit 0 and print no warning.
validate() {
    tool=$1; pkg=$2; f=$3; shift 3
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "install: SKIP: $tool is not installed (apt-get install $pkg): $f not validated"
        skipped=$((skipped + 1))
        return
    fi
    if "$tool" "$@" "$f" >"$tmp/val" 2>&1 && ! grep -qiE 'warning|error' "$tmp/val"; then ok; else
        bad "$tool $* $f:"; sed 's/^/    /' "$tmp/val" | head -5
    fi
}
validate desktop-file-validate desktop-file-utils "$share/applications/bossrush.desktop"
validate appstreamcli appstream "$share/metainfo/io.github.bossrush.bossrush.metainfo.xml" validate --no-net
validate mandoc mandoc "$share/man/man6/bossrush.6" -Tlint -Wwarning

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

# Install and uninstall touch only their own files (issue 27): the games
# layout a packager passes, with another game's files beside the data
# folder and a player's own arena inside it, and DATADIR set to the shared
# folder itself. Staged; the binary already built is installed as it is
# (-o: the layout's DATADIR is not compiled in, this checks the files only).
games=$tmp/games
keep_bin="-o bossrush -o build-san/bossrush -o build-clang/bossrush"
mkdir -p "$games/usr/share/games/other-game" "$games/usr/share/games/bossrush/levels"
echo keep > "$games/usr/share/games/other-game/data.txt"
echo "# my own arena" > "$games/usr/share/games/bossrush/levels/mine.lvl"
layout="DESTDIR=$games PREFIX=/usr BINDIR=/usr/games DATADIR=/usr/share/games/bossrush"
# shellcheck disable=SC2086
if $MAKE -s --no-print-directory $keep_bin install $layout >"$tmp/err" 2>&1 && [ -x "$games/usr/games/bossrush" ] &&
   [ -f "$games/usr/share/games/bossrush/levels/01-tetran.lvl" ] && [ -f "$games/usr/share/games/other-game/data.txt" ] &&
   [ -f "$games/usr/share/games/bossrush/levels/mine.lvl" ]; then ok
else bad "make install $layout: not in the games layout, or it removed files it does not own"; sed 's/^/    /' "$tmp/err" | head -3; fi
# shellcheck disable=SC2086
$MAKE -s --no-print-directory $keep_bin uninstall $layout >/dev/null 2>&1
left=$(cd "$games" && find . -type f | LC_ALL=C sort | tr '\n' ' ')
if [ "$left" = "./usr/share/games/bossrush/levels/mine.lvl ./usr/share/games/other-game/data.txt " ]; then ok
else bad "make uninstall $layout left or removed the wrong files: $left"; fi
layout="DESTDIR=$games PREFIX=/usr BINDIR=/usr/games DATADIR=/usr/share/games"
# shellcheck disable=SC2086
$MAKE -s --no-print-directory $keep_bin install $layout >/dev/null 2>&1
# shellcheck disable=SC2086
$MAKE -s --no-print-directory $keep_bin uninstall $layout >/dev/null 2>&1
left=$(cd "$games" && find . -type f | LC_ALL=C sort | tr '\n' ' ')
if [ "$left" = "./usr/share/games/bossrush/levels/mine.lvl ./usr/share/games/other-game/data.txt " ]; then ok
else bad "install and uninstall with DATADIR=/usr/share/games touched other files: $left"; fi

if [ $skipped -gt 0 ]; then echo "install: $pass passed, $fail failed, $skipped skipped"
else echo "install: $pass passed, $fail failed"; fi
[ $fail -eq 0 ]
