#!/bin/sh
# deb.sh -- a Debian package of the staged install, for lintian (issue 27):
#   scripts/deb.sh [OUT.deb]        (default build-deb/bossrush.deb)
# Builds in build-deb/ with the games layout a packager passes (PREFIX=/usr
# BINDIR=/usr/games DATADIR=/usr/share/games/bossrush) and Debian's
# hardening flags (dpkg-buildflags), installs with DESTDIR into a staging
# folder, adds what a package carries beside the install (DEBIAN/control,
# the copyright file and a changelog in /usr/share/doc/bossrush), builds
# the .deb with dpkg-deb and runs lintian on it when it is installed
# (apt-get install lintian), failing on an error. A check of the install,
# not a debian/ folder: the README's Install section says what lintian says.
set -eu
OUT=${1:-build-deb/bossrush.deb}
BUILD=build-deb
STAGE=$BUILD/stage
JOBS=${JOBS:-2}
LAYOUT="PREFIX=/usr BINDIR=/usr/games DATADIR=/usr/share/games/bossrush"

# Debian's flags, as dpkg-buildpackage would pass them, with every
# hardening feature (bindnow too).
export DEB_BUILD_MAINT_OPTIONS=hardening=+all
CPPFLAGS=$(dpkg-buildflags --get CPPFLAGS)
CFLAGS=$(dpkg-buildflags --get CFLAGS)
LDFLAGS=$(dpkg-buildflags --get LDFLAGS)
export CPPFLAGS CFLAGS LDFLAGS

rm -rf "$STAGE"
# shellcheck disable=SC2086
make -s -j"$JOBS" BUILD=$BUILD $LAYOUT
# shellcheck disable=SC2086
make -s BUILD=$BUILD $LAYOUT DESTDIR="$PWD/$STAGE" install >/dev/null

# Stripped, as dh_strip would (the debug symbols would go to a -dbgsym package).
strip --remove-section=.comment --remove-section=.note --strip-unneeded "$STAGE/usr/games/bossrush"

doc=$STAGE/usr/share/doc/bossrush
install -d "$doc"
install -m 644 dist/copyright "$doc/copyright"
version=$(sed -n 's/^#define BOSSRUSH_VERSION "\(.*\)"/\1/p' "$BUILD/gen/build_config.h" | tr -c 'A-Za-z0-9.+~\n' '+')
case $version in [0-9]*) ;; *) version=0+$version ;; esac
date=$(date -R -u -d "@${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || echo 0)}")
printf '%s\n' "bossrush ($version) unstable; urgency=medium" "" \
    "  * A package built from the staged install (scripts/deb.sh)." "" \
    " -- bossrush developers <bossrush@example.org>  $date" | gzip -9n > "$doc/changelog.gz"
chmod 644 "$doc/changelog.gz"
# The man page compressed, as dh_compress would.
for m in "$STAGE"/usr/share/man/man6/*.6; do [ -f "$m" ] && gzip -9nf "$m"; done

# The libraries' packages, as dh_shlibdeps finds them (dpkg-shlibdeps
# wants a debian/control: a minimal one in a scratch folder).
shl=$(mktemp -d)
mkdir -p "$shl/debian"
printf 'Source: bossrush\n\nPackage: bossrush\nArchitecture: any\n' > "$shl/debian/control"
bin=$(cd "$STAGE/usr/games" && pwd)/bossrush
depends=$(cd "$shl" && dpkg-shlibdeps -O -e"$bin" 2>/dev/null | sed -n 's/^shlibs:Depends=//p' || true)
rm -rf "$shl"
install -d "$STAGE/DEBIAN"
(cd "$STAGE" && find usr -type f | LC_ALL=C sort | xargs md5sum > DEBIAN/md5sums)
{
    echo "Package: bossrush"
    echo "Version: $version"
    echo "Architecture: $(dpkg --print-architecture)"
    echo "Maintainer: bossrush developers <bossrush@example.org>"
    echo "Installed-Size: $(du -sk --exclude=DEBIAN "$STAGE" | cut -f1)"
    [ -n "$depends" ] && echo "Depends: $depends"
    echo "Section: games"
    echo "Priority: optional"
    echo "Homepage: https://github.com/bossrush/bossrush"
    echo "Description: 2D boss rush with procedurally animated creatures"
    echo " Fight Tetran, the tentacle and the whale in a row with a legged"
    echo " climber whose feet find their own footholds; replays, a viewer that"
    echo " scrubs and takes over, and scripted tests of the game itself."
} > "$STAGE/DEBIAN/control"
mkdir -p "$(dirname "$OUT")"
dpkg-deb --root-owner-group -Zxz --build "$STAGE" "$OUT" >/dev/null
echo "deb: $OUT ($(stat -c %s "$OUT") bytes)"
if command -v lintian >/dev/null 2>&1; then
    lintian --info --display-info --pedantic "$OUT" || true
    lintian "$OUT" >/dev/null 2>&1 && echo "deb: lintian: no error" || { echo "deb: lintian reports errors"; exit 1; }
else
    echo "deb: lintian is not installed (apt-get install lintian)"
fi
