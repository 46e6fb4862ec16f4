#!/bin/sh
# web-libs.sh -- builds the libraries the browser build links, from
# Debian's own source packages, with Debian's emscripten, once, into a
# cache that outlives `make clean` and fresh clones:
#   scripts/web-libs.sh CACHE [all|cjson|cjson-src|expat|expat-src]
# CACHE/prefix/{include,lib} gets zlib, libpng, SDL2, SDL2_image (PNG
# only), SDL2_mixer (WAV only), libogg, libvorbis with vorbisfile (the
# music is Ogg Vorbis), cJSON and expat as static wasm libraries; `cjson` and `expat` alone are what `make check-wasm`
# needs, `cjson-src` and `expat-src` their sources for `make check-aarch64`. Emscripten's -sUSE_SDL=2 ports download from the internet, so they
# are never used. A library already built (its stamp names the source
# version) is skipped; a run with everything built takes well under a second.
# When no deb-src entry exists, one is added beside the system's
# debian.sources (the same mirrors, Types: deb-src) and apt updated.
set -eu
CACHE=$1
WHAT=${2:-all}
SRC=$CACHE/src
P=$CACHE/prefix
mkdir -p "$SRC" "$P/include" "$P/lib"
JOBS=${WEB_JOBS:-2}
# Debian's emscripten runs its own node scripts; this machine's node may not
# be Debian's, so point it at Debian's node modules (acorn and friends).
export NODE_PATH=${NODE_PATH:-/usr/share/nodejs}
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO=sudo

log() { echo "web-libs: $*" >&2; }

have_src_entries() {
    grep -rqsE '^(Types:.*deb-src|deb-src )' /etc/apt/sources.list /etc/apt/sources.list.d/
}

add_src_entries() {
    sys=/etc/apt/sources.list.d/debian.sources
    [ -f "$sys" ] || { log "no deb-src entry and no $sys to copy; add a deb-src line for Debian and run apt-get update"; exit 1; }
    log "adding /etc/apt/sources.list.d/bossrush-deb-src.sources (a deb-src copy of $sys)"
    sed 's/^Types:.*/Types: deb-src/' "$sys" | $SUDO tee /etc/apt/sources.list.d/bossrush-deb-src.sources >/dev/null
    $SUDO apt-get update -qq
}

# fetch SRCPKG: unpacks Debian's source of SRCPKG under $SRC (patches
# applied) and prints its folder. Tries the versions the archive lists,
# newest first: the newest revision's file is sometimes missing from the
# mirror, and an older one of the same upstream release is as good.
fetch() {
    pkg=$1
    found=$(find "$SRC" -maxdepth 1 -type d -name "$pkg-[0-9]*" | sort | tail -1)
    if [ -n "$found" ]; then echo "$found"; return; fi
    have_src_entries || add_src_entries
    versions=$(apt-cache showsrc "$pkg" 2>/dev/null | sed -n 's/^Version: //p' | sort -rV | uniq)
    [ -n "$versions" ] || { $SUDO apt-get update -qq; versions=$(apt-cache showsrc "$pkg" | sed -n 's/^Version: //p' | sort -rV | uniq); }
    for v in $versions; do
        if (cd "$SRC" && apt-get source -qq "$pkg=$v" >/dev/null 2>&1); then
            found=$(find "$SRC" -maxdepth 1 -type d -name "$pkg-[0-9]*" | sort | tail -1)
            rm -f "$SRC"/*.dsc "$SRC"/*.tar.* "$SRC"/*.diff.gz
            log "source $pkg $v"
            echo "$found"
            return
        fi
        log "source $pkg $v could not be fetched; trying an older one"
    done
    log "no source of $pkg could be fetched (apt-get source $pkg)"
    exit 1
}

# built NAME DIR: true when NAME was built from DIR already.
built() { [ "$(cat "$P/.stamp-$1" 2>/dev/null)" = "$(basename "$2")" ]; }
stamp() { basename "$2" > "$P/.stamp-$1"; }

# objs OUT.a FLAGS -- FILES: compiles FILES with emcc into a static library.
objs() {
    out=$1; shift
    flags=""
    while [ "$1" != "--" ]; do flags="$flags $1"; shift; done
    shift
    dir=$(mktemp -d)
    for f in "$@"; do
        # shellcheck disable=SC2086
        emcc -O2 $flags -c "$f" -o "$dir/$(basename "$f" .c).o"
    done
    rm -f "$out"
    emar rcs "$out" "$dir"/*.o
    rm -rf "$dir"
}

build_cjson() {
    d=$(fetch cjson)
    built cjson "$d" && return
    log "building cJSON from $d"
    mkdir -p "$P/include/cjson"
    cp "$d/cJSON.h" "$P/include/cjson/"
    objs "$P/lib/libcjson.a" -- "$d/cJSON.c"
    stamp cjson "$d"
}

# expat's configure writes expat_config.h; this is the part of it the
# library reads, for the little-endian targets here (wasm32, arm64): the
# hash salt from /dev/urandom (emscripten's and Linux's).
expat_config() {
    printf '%s\n' '/* expat_config.h -- written by scripts/web-libs.sh */' '#define BYTEORDER 1234' \
        '#define XML_CONTEXT_BYTES 1024' '#define XML_DTD 1' '#define XML_NS 1' '#define XML_DEV_URANDOM 1' > "$1"
}

# expat (Tiled's XML maps, sim/tmx.c): Debian's source package holds
# upstream's tree under expat/.
build_expat() {
    d=$(fetch expat)
    built expat "$d" && return
    log "building expat from $d"
    cp "$d/expat/lib/expat.h" "$d/expat/lib/expat_external.h" "$P/include/"
    expat_config "$d/expat/lib/expat_config.h"
    (cd "$d/expat/lib" && objs "$P/lib/libexpat.a" -I. -- xmlparse.c xmlrole.c xmltok.c)
    stamp expat "$d"
}

build_zlib() {
    d=$(fetch zlib)
    built zlib "$d" && return
    log "building zlib from $d"
    cp "$d/zlib.h" "$d/zconf.h" "$P/include/"
    (cd "$d" && objs "$P/lib/libz.a" -DHAVE_UNISTD_H -DHAVE_STDARG_H -- adler32.c compress.c crc32.c deflate.c gzclose.c gzlib.c gzread.c \
        gzwrite.c infback.c inffast.c inflate.c inftrees.c trees.c uncompr.c zutil.c)
    stamp zlib "$d"
}

build_png() {
    d=$(fetch libpng1.6)
    built png "$d" && return
    log "building libpng from $d"
    cp "$d/scripts/pnglibconf.h.prebuilt" "$d/pnglibconf.h"
    cp "$d/png.h" "$d/pngconf.h" "$d/pnglibconf.h" "$P/include/"
    (cd "$d" && objs "$P/lib/libpng.a" -I"$P/include" -DPNG_ARM_NEON_OPT=0 -- png.c pngerror.c pngget.c \
        pngmem.c pngpread.c pngread.c pngrio.c pngrtran.c pngrutil.c pngset.c pngtrans.c pngwio.c \
        pngwrite.c pngwtran.c pngwutil.c)
    stamp png "$d"
}

# SDL2 through its own cmake build (static, no threads): the only slow one,
# because cmake's feature checks each run emcc.
build_sdl2() {
    d=$(fetch libsdl2)
    built sdl2 "$d" && return
    log "building SDL2 from $d (cmake; several minutes the first time)"
    rm -rf "$d/build-web"
    emcmake cmake -S "$d" -B "$d/build-web" -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$P" \
        -DSDL_SHARED=OFF -DSDL_STATIC=ON -DSDL_THREADS=OFF -DSDL_TEST=OFF -DSDL2_DISABLE_SDL2MAIN=ON \
        >"$d/build-web.log" 2>&1 || { tail -30 "$d/build-web.log" >&2; exit 1; }
    cmake --build "$d/build-web" -j"$JOBS" >>"$d/build-web.log" 2>&1 || { tail -30 "$d/build-web.log" >&2; exit 1; }
    cmake --install "$d/build-web" >>"$d/build-web.log" 2>&1
    stamp sdl2 "$d"
}

# SDL2_image with its PNG loader on libpng (the game's sprites are PNG).
# 2.6's sources sit at the top of the package; later ones in src/ and
# include/.
build_image() {
    d=$(fetch libsdl2-image)
    built image "$d" && return
    log "building SDL2_image from $d"
    s=$d; [ -d "$d/src" ] && s=$d/src
    h=$d/SDL_image.h; [ -f "$h" ] || h=$d/include/SDL_image.h
    cp "$h" "$P/include/SDL2/"
    (cd "$s" && objs "$P/lib/libSDL2_image.a" -I"$P/include/SDL2" -I"$P/include" -DLOAD_PNG \
        -DSDL_IMAGE_SAVE_PNG=1 -DSDL_IMAGE_USE_COMMON_BACKEND -- $(ls IMG*.c | grep -v -e IMG_WIC -e IMG_ImageIO))
    stamp image "$d"
}

# SDL2_mixer with WAV music (the game's music is a .wav loop).
build_mixer() {
    d=$(fetch libsdl2-mixer)
    built mixer "$d" && return
    log "building SDL2_mixer from $d"
    cp "$d/include/SDL_mixer.h" "$P/include/SDL2/"
    (cd "$d/src" && objs "$P/lib/libSDL2_mixer.a" -I"$P/include/SDL2" -I. -Icodecs -DMUSIC_WAV -- \
        effect_position.c effect_stereoreverse.c effects_internal.c mixer.c music.c utils.c \
        codecs/load_aiff.c codecs/load_voc.c codecs/mp3utils.c codecs/music_wav.c)
    stamp mixer "$d"
}

# libogg and libvorbis (decoding only: the music is Ogg Vorbis, read by the
# game's own src/audio/ogg.c through vorbisfile). libogg's config_types.h
# is what its configure would write for a C99 compiler.
build_ogg() {
    d=$(fetch libogg)
    built ogg "$d" && return
    log "building libogg from $d"
    mkdir -p "$P/include/ogg"
    cp "$d/include/ogg/ogg.h" "$d/include/ogg/os_types.h" "$P/include/ogg/"
    sed -e 's/@INCLUDE_INTTYPES_H@/1/; s/@INCLUDE_STDINT_H@/1/; s/@INCLUDE_SYS_TYPES_H@/1/' \
        -e 's/@USIZE16@/uint16_t/; s/@USIZE32@/uint32_t/; s/@USIZE64@/uint64_t/' \
        -e 's/@SIZE16@/int16_t/; s/@SIZE32@/int32_t/; s/@SIZE64@/int64_t/' \
        "$d/include/ogg/config_types.h.in" > "$P/include/ogg/config_types.h"
    (cd "$d/src" && objs "$P/lib/libogg.a" -I"$P/include" -- bitwise.c framing.c)
    stamp ogg "$d"
}

build_vorbis() {
    d=$(fetch libvorbis)
    built vorbis "$d" && return
    log "building libvorbis (and vorbisfile) from $d"
    mkdir -p "$P/include/vorbis"
    cp "$d/include/vorbis/codec.h" "$d/include/vorbis/vorbisfile.h" "$P/include/vorbis/"
    (cd "$d/lib" && objs "$P/lib/libvorbis.a" -I"$P/include" -I. -- analysis.c bitrate.c block.c codebook.c \
        envelope.c floor0.c floor1.c info.c lookup.c lpc.c lsp.c mapping0.c mdct.c psy.c registry.c res0.c \
        sharedbook.c smallft.c synthesis.c window.c vorbisfile.c)
    stamp vorbis "$d"
}

# cjson-src: only cJSON's source, as CACHE/cjson/{cJSON.c,cjson/cJSON.h},
# for cross builds that compile it themselves (make check-aarch64).
if [ "$WHAT" = cjson-src ]; then
    d=$(fetch cjson)
    mkdir -p "$CACHE/cjson/cjson"
    cp "$d/cJSON.c" "$CACHE/cjson/"
    cp "$d/cJSON.h" "$CACHE/cjson/cjson/"
    cp "$d/cJSON.h" "$CACHE/cjson/"
    exit 0
fi
# expat-src: expat's source and headers with its expat_config.h, as
# CACHE/expat/, for make check-aarch64.
if [ "$WHAT" = expat-src ]; then
    d=$(fetch expat)
    mkdir -p "$CACHE/expat"
    cp "$d"/expat/lib/*.c "$d"/expat/lib/*.h "$CACHE/expat/"
    expat_config "$CACHE/expat/expat_config.h"
    exit 0
fi
if [ "$WHAT" = expat ]; then build_expat; exit 0; fi
build_cjson
[ "$WHAT" = cjson ] && exit 0
build_expat
build_zlib
build_png
build_sdl2
build_image
build_mixer
build_ogg
build_vorbis
log "libraries ready in $P/lib"
