#!/bin/sh
# deps.sh -- makes sure the build's libraries are installed (Debian/Ubuntu).
# Used by `make` (before the first build) and by .ci/run. Installs with
# apt-get (through sudo when not root); where it cannot, prints the exact
# packages to install and fails.
set -e
PKGS="build-essential pkg-config libsdl2-dev libsdl2-image-dev libsdl2-mixer-dev libcmocka-dev libcjson-dev libexpat1-dev libvorbis-dev"
# --clang: also clang (CI's cross-compiler check); --with-tools: also what
# tools/record-live.sh and screenshots need.
[ "$1" = "--clang" ] && PKGS="$PKGS clang"
# --cross: the arm64 cross-compiler and qemu-user for `make check-aarch64`.
[ "$1" = "--cross" ] && PKGS="$PKGS gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user"
[ "$1" = "--with-tools" ] && PKGS="$PKGS clang xvfb xdotool imagemagick"
# --wasm: emscripten (and dpkg-dev for cJSON's `apt-get source`) for `make
# check-wasm`; --web: also cmake, which SDL2's build for `make web` needs.
[ "$1" = "--wasm" ] && PKGS="$PKGS emscripten dpkg-dev"
[ "$1" = "--web" ] && PKGS="$PKGS emscripten cmake dpkg-dev"
# --browser: headless Chromium and ImageMagick for `make test-web`.
[ "$1" = "--browser" ] && PKGS="$PKGS chromium imagemagick"
# --checkers: what `make test` checks with when present: Tiled's command
# line (tests/tiled.sh), the desktop-file validators (tests/install.sh),
# ffmpeg (an exported video and its sound: tests/cli.sh, tests/audio.sh) and
# xmllint (the JUnit report).
[ "$1" = "--checkers" ] && PKGS="$PKGS tiled desktop-file-utils appstream mandoc ffmpeg libxml2-utils"
# --fuzz: clang and its libFuzzer runtime for `make fuzz`; --valgrind: valgrind for `make valgrind`.
[ "$1" = "--fuzz" ] && PKGS="$PKGS clang libclang-rt-14-dev"
[ "$1" = "--valgrind" ] && PKGS="$PKGS valgrind"

have_all() {
    command -v pkg-config >/dev/null 2>&1 || return 1
    command -v cc >/dev/null 2>&1 || return 1
    pkg-config --exists sdl2 SDL2_image SDL2_mixer cmocka libcjson vorbisfile vorbisenc || return 1
    if [ "$1" = "--clang" ]; then command -v clang >/dev/null 2>&1 || return 1; fi
    if [ "$1" = "--cross" ]; then
        command -v aarch64-linux-gnu-gcc >/dev/null 2>&1 || return 1
        command -v qemu-aarch64 >/dev/null 2>&1 || return 1
    fi
    if [ "$1" = "--wasm" ] || [ "$1" = "--web" ]; then
        command -v emcc >/dev/null 2>&1 || return 1
        command -v dpkg-source >/dev/null 2>&1 || return 1
    fi
    if [ "$1" = "--web" ]; then command -v cmake >/dev/null 2>&1 || return 1; fi
    if [ "$1" = "--browser" ]; then
        for t in chromium convert; do command -v $t >/dev/null 2>&1 || return 1; done
    fi
    if [ "$1" = "--checkers" ]; then
        for t in tiled desktop-file-validate appstreamcli mandoc ffmpeg xmllint; do command -v $t >/dev/null 2>&1 || return 1; done
    fi
    if [ "$1" = "--fuzz" ]; then
        echo 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { (void)d; return (int)n * 0; }' |
            clang -fsanitize=fuzzer -x c - -o /dev/null >/dev/null 2>&1 || return 1
    fi
    if [ "$1" = "--valgrind" ]; then command -v valgrind >/dev/null 2>&1 || return 1; fi
    if [ "$1" = "--with-tools" ]; then
        for t in clang xvfb-run xdotool convert; do command -v $t >/dev/null 2>&1 || return 1; done
    fi
    return 0
}

if have_all "$1"; then exit 0; fi

if command -v apt-get >/dev/null 2>&1; then
    SUDO=""
    if [ "$(id -u)" -ne 0 ]; then
        if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
            echo "deps.sh: not root and no sudo; please install: $PKGS" >&2
            exit 1
        fi
    fi
    echo "deps.sh: installing $PKGS" >&2
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $PKGS >&2
    have_all "$1" && exit 0
fi
echo "deps.sh: missing build dependencies; please install: $PKGS" >&2
exit 1
