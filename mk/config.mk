# config.mk -- the build's options (SAN, CLANG, WERROR, PREFIX...), version,
# warnings and flags, and the libraries through PKG_CONFIG.

CC      ?= cc
BUILD   ?= build
OPT     ?= -O2 -g
SAN     ?=
CLANG   ?=
WERROR  ?=
DEBUG   ?=
PREFIX  ?= /usr/local
DESTDIR ?=
# The debug and sanitizer builds check the invariants the simulation relies
# on (core/log.h's ASSERT: pool bounds, indices, finite positions); the
# release build compiles them out, so they never change its binary.
ASSERTS :=
ifeq ($(DEBUG),1)
BUILD   := build-debug
OPT     := -O0 -g
ASSERTS := -DBOSSRUSH_ASSERTS
endif
ifeq ($(SAN),1)
BUILD   := build-san
OPT     := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined
LDSAN   := -fsanitize=address,undefined
ASSERTS := -DBOSSRUSH_ASSERTS
endif
ifeq ($(CLANG),1)
CC      := clang
BUILD   := build-clang
endif
# Only the default build writes ./bossrush; the others keep theirs inside BUILD.
ifeq ($(BUILD),build)
BIN     := bossrush
else
BIN     := $(BUILD)/bossrush
endif

BINDIR  := $(PREFIX)/bin
DATADIR := $(PREFIX)/share/bossrush
# `git describe` when this folder is a git checkout of its own, else (a
# plain tarball) this fallback.
VERSION_FALLBACK := 1.0
VERSION := $(shell [ "$$(git rev-parse --show-toplevel 2>/dev/null)" = "$(CURDIR)" ] && \
                   git describe --always --dirty 2>/dev/null || echo $(VERSION_FALLBACK))

WARN    := -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes \
           -Wmissing-prototypes -Wvla -Wundef \
           -Wformat=2 -Wnull-dereference -Wcast-qual -Wwrite-strings
# WERROR=1 (CI) turns every warning into an error; the tree builds without any.
ifeq ($(WERROR),1)
WARN    += -Werror
endif
# The compile and link flags: the project's own first, then the packager's
# or user's CPPFLAGS, CFLAGS and LDFLAGS (from the command line or the
# environment: `make CFLAGS="-O1 -g"`, dpkg-buildflags' hardening), so
# their -O and -D win; last the flags the replays' determinism rests on,
# which nobody's flags may undo (-ffp-contract=off: no fused multiply-add).
# `override` keeps the project's part when CFLAGS is given on the command
# line. OPT (default -O2 -g) is the project's optimisation, before the
# user's flags. -ffile-prefix-map makes the binary the same from any
# checkout folder (tests: make test-repro).
override CFLAGS := -std=c11 -D_DEFAULT_SOURCE $(WARN) $(strip $(OPT) $(ASSERTS)) -ffile-prefix-map=$(CURDIR)=. -Isrc -MMD -MP \
                   $(CPPFLAGS) $(CFLAGS) -ffp-contract=off -fno-math-errno
override LDFLAGS := $(LDSAN) $(LDFLAGS)

# Every library through PKG_CONFIG (a cross or staged build passes its
# own); evaluated when a recipe runs (after deps.sh), not when make starts.
PKG_CONFIG ?= pkg-config
SDL_CFLAGS = $(shell $(PKG_CONFIG) --cflags sdl2 SDL2_image SDL2_mixer)
SDL_LIBS   = $(shell $(PKG_CONFIG) --libs sdl2 SDL2_image SDL2_mixer)
# The music is Ogg Vorbis: libvorbisfile decodes it (src/audio/ogg.c, in
# every binary with the mixer), libvorbisenc writes it (tools/assetgen).
VORBIS_CFLAGS = $(shell $(PKG_CONFIG) --cflags vorbisfile)
VORBIS_LIBS   = $(shell $(PKG_CONFIG) --libs vorbisfile)
VORBISENC_LIBS = $(shell $(PKG_CONFIG) --libs vorbisenc vorbisfile vorbis ogg)
CMOCKA_LIBS = $(shell $(PKG_CONFIG) --libs cmocka)
# cJSON (Debian's libcjson-dev, libcjson.pc) parses Tiled maps in sim/tmj.c and sim/tmj_json.c,
# expat (Debian's libexpat1-dev, expat.pc) their XML form (.tmx) in sim/tmx.c: CJSON_LIBS links both.
CJSON_LIBS = $(shell $(PKG_CONFIG) --libs libcjson 2>/dev/null || echo -lcjson) \
             $(shell $(PKG_CONFIG) --libs expat 2>/dev/null || echo -lexpat)
