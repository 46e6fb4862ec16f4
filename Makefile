# bossrush -- `make` builds ./bossrush, `make run` plays, `make test` tests,
# `make install` installs (PREFIX, DESTDIR). sim/ and core/ never see SDL's
# flags (an SDL include there fails to build); the app layers do.

CC      ?= cc
BUILD   ?= build
OPT     ?= -O2 -g
SAN     ?=
CLANG   ?=
WERROR  ?=
PREFIX  ?= /usr/local
DESTDIR ?=
ifeq ($(SAN),1)
BUILD   := build-san
OPT     := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined
LDSAN   := -fsanitize=address,undefined
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
override CFLAGS := -std=c11 -D_DEFAULT_SOURCE $(WARN) $(OPT) -ffile-prefix-map=$(CURDIR)=. -Isrc -MMD -MP \
                   $(CPPFLAGS) $(CFLAGS) -ffp-contract=off -fno-math-errno
override LDFLAGS := $(LDSAN) $(LDFLAGS)

# Every library through PKG_CONFIG (a cross or staged build passes its
# own); evaluated when a recipe runs (after deps.sh), not when make starts.
PKG_CONFIG ?= pkg-config
SDL_CFLAGS = $(shell $(PKG_CONFIG) --cflags sdl2 SDL2_image SDL2_mixer)
SDL_LIBS   = $(shell $(PKG_CONFIG) --libs sdl2 SDL2_image SDL2_mixer)
CMOCKA_LIBS = $(shell $(PKG_CONFIG) --libs cmocka)
# cJSON (Debian's libcjson-dev, libcjson.pc) parses Tiled maps in sim/tmj.c and sim/tmj_json.c.
CJSON_LIBS = $(shell $(PKG_CONFIG) --libs libcjson 2>/dev/null || echo -lcjson)

# The pure layers (no SDL): core, sim (with its subfolders) and harness.
CORE_SRC := $(wildcard src/core/*.c src/sim/*.c src/sim/*/*.c src/harness/*.c)
# platform/web.c is the browser build's alone (make web).
APP_SRC  := $(filter-out $(CORE_SRC) src/platform/web.c,$(wildcard src/*.c src/*/*.c src/*/*/*.c))
TOOL_SRC := $(wildcard tools/assetgen/*.c)
TEST_SRC := $(wildcard tests/unit/test_*.c)
# The platform layer's pure files (no SDL; tests/layers.sh checks) are
# unit-tested with the pure layers: settings, key bindings, best times, the
# replay folder's names and pruning; and so is the app's fight pacing
# (app/pace.c).
PURE_APP_SRC := src/platform/settings.c src/platform/bindings.c src/platform/best.c src/platform/prefs.c \
                src/platform/replays.c src/app/pace.c src/app/hints.c src/audio/mixer.c src/audio/wav.c \
                src/cli_args.c

CORE_OBJ := $(CORE_SRC:%.c=$(BUILD)/%.o)
APP_OBJ  := $(APP_SRC:%.c=$(BUILD)/%.o)
TOOL_OBJ := $(TOOL_SRC:%.c=$(BUILD)/%.o)
TEST_BIN := $(TEST_SRC:tests/unit/%.c=$(BUILD)/tests/%)
PURE_APP_OBJ := $(PURE_APP_SRC:%.c=$(BUILD)/%.o)
DEPS_OK  := $(BUILD)/.deps-ok
# The build's state, each rewritten only when its text changes: the compile
# and link flags (a change rebuilds everything) and build_config.h with the
# version and the installed data folder (a change rebuilds its includers),
# so `make install PREFIX=/x` after `make` never installs a stale binary.
FLAGS_STAMP := $(BUILD)/.flags
CONFIG_H := $(BUILD)/gen/build_config.h
# Per layer: the pure layers get CFLAGS alone.
APP_CFLAGS  = $(CFLAGS) -I$(BUILD)/gen $(SDL_CFLAGS)
TOOL_CFLAGS = $(CFLAGS) -Itools/assetgen $(SDL_CFLAGS)
TEST_CFLAGS = $(CFLAGS) -Itests/unit

.SECONDARY:

.PHONY: pictures check-aarch64 all run test test-unit test-scripts test-layers test-assets test-install \
        test-san test-clang assets rebless clean deps bench install uninstall compile_commands.json FORCE

all: $(BIN)

deps: $(DEPS_OK)
$(DEPS_OK): scripts/deps.sh
	@sh scripts/deps.sh
	@mkdir -p $(@D) && touch $@

# Moves the new text ($@.PID) over $@ only when they differ.
keep_if_same = { cmp -s $@.$$$$ $@ && rm -f $@.$$$$ || mv -f $@.$$$$ $@; }
$(FLAGS_STAMP): FORCE
	@mkdir -p $(@D) && printf '%s\n' '$(CC) $(CFLAGS) $(LDFLAGS)' > $@.$$$$ && $(keep_if_same)
$(CONFIG_H): FORCE
	@mkdir -p $(@D) && printf '%s\n' \
	    '// build_config.h -- written by make: the version and the installed data folder.' \
	    '#define BOSSRUSH_VERSION "$(VERSION)"' '#define BOSSRUSH_DATADIR "$(DATADIR)"' > $@.$$$$ && $(keep_if_same)

$(BUILD)/src/core/%.o: src/core/%.c $(FLAGS_STAMP) | $(DEPS_OK)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -c $< -o $@
$(BUILD)/src/sim/%.o: src/sim/%.c $(FLAGS_STAMP) | $(DEPS_OK)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -c $< -o $@
$(BUILD)/src/harness/%.o: src/harness/%.c $(FLAGS_STAMP) | $(DEPS_OK)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -c $< -o $@
$(BUILD)/src/%.o: src/%.c $(FLAGS_STAMP) | $(DEPS_OK) $(CONFIG_H)
	@mkdir -p $(@D)
	$(CC) $(APP_CFLAGS) -c $< -o $@
$(BUILD)/tools/%.o: tools/%.c $(FLAGS_STAMP) | $(DEPS_OK)
	@mkdir -p $(@D)
	$(CC) $(TOOL_CFLAGS) -c $< -o $@
$(BUILD)/tests/unit/%.o: tests/unit/%.c $(FLAGS_STAMP) | $(DEPS_OK)
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) -c $< -o $@

$(BIN): $(CORE_OBJ) $(APP_OBJ)
	$(CC) $(LDFLAGS) -o $@ $^ $(SDL_LIBS) $(CJSON_LIBS) -lm

$(BUILD)/tests/%: $(BUILD)/tests/unit/%.o $(CORE_OBJ) $(PURE_APP_OBJ)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $^ $(CMOCKA_LIBS) $(CJSON_LIBS) -lm

# tests/unit/test_saved.c fails writes on purpose (a full disk, fsync
# failing, a kill inside the rename) through wrappers of the calls core/fs
# makes: the linker sends its write, fsync and rename to them.
$(BUILD)/tests/test_saved: $(BUILD)/tests/unit/test_saved.o $(CORE_OBJ) $(PURE_APP_OBJ)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -Wl,--wrap=write,--wrap=fsync,--wrap=rename -o $@ $^ $(CMOCKA_LIBS) $(CJSON_LIBS) -lm

# tests/unit/test_render.c checks the look-only rules by pixel through SDL's
# software renderer (no window): it links the renderer and SDL as well.
RENDER_OBJ := $(filter $(BUILD)/src/render/%,$(APP_OBJ))
$(BUILD)/tests/unit/test_render.o: tests/unit/test_render.c $(FLAGS_STAMP) | $(DEPS_OK)
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) $(SDL_CFLAGS) -c $< -o $@
$(BUILD)/tests/test_render: $(BUILD)/tests/unit/test_render.o $(CORE_OBJ) $(PURE_APP_OBJ) $(RENDER_OBJ)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $^ $(CMOCKA_LIBS) $(SDL_LIBS) $(CJSON_LIBS) -lm

$(BUILD)/assetgen: $(TOOL_OBJ)
	$(CC) $(LDFLAGS) -o $@ $^ $(SDL_LIBS) -lm

run: $(BIN)
	./$(BIN)

# The layer rules (tests/layers.sh): no SDL in core, sim and harness (also
# enforced by the flags), each includes only itself and the layers below,
# and sim does no file I/O.
test-layers:
	@sh tests/layers.sh

test-unit: $(TEST_BIN)
test-scripts: $(BIN)

# `make assets` must reproduce the committed assets: regenerate them into
# BUILD and compare decoded pixels and samples (PNG bytes depend on zlib).
test-assets: $(BUILD)/assetgen
	@rm -rf $(BUILD)/assets-check
	@SDL_VIDEODRIVER=dummy $(BUILD)/assetgen $(BUILD)/assets-check
	@SDL_VIDEODRIVER=dummy $(BUILD)/assetgen --compare assets $(BUILD)/assets-check

# Installs into a staging DESTDIR under BUILD (this build's PREFIX, so
# nothing is rebuilt), runs the installed binary from another folder, then
# uninstalls (tests/install.sh). CI also runs `make test-install
# INSTALL_STAGE= PREFIX=/scratch`: a real install into that PREFIX.
INSTALL_STAGE ?= $(CURDIR)/$(BUILD)/install-test
test-install: $(BIN)
	@sh tests/install.sh "$(MAKE)" "$(INSTALL_STAGE)" "$(PREFIX)"

test: $(BIN) $(TEST_BIN) test-layers test-assets test-install
	@sh tests/run.sh $(BIN) $(BUILD)

# Two clones of HEAD in two folders build the same binary (tests/repro.sh;
# about two minutes, so CI runs it, not make test).
.PHONY: test-repro
test-repro:
	@sh tests/repro.sh

test-san:
	$(MAKE) SAN=1 test

# The same tests (replays included) from a clang build: checksums must agree.
test-clang:
	$(MAKE) CLANG=1 test

assets: $(BUILD)/assetgen
	SDL_VIDEODRIVER=dummy $(BUILD)/assetgen assets

# Re-writes the checksums of tests/replays/*.rpl after an intended change.
rebless: $(BIN)
	@sh tests/rebless.sh $(BIN)

# Frame strips of every creature's and the spider's key motions into
# docs/img/ (tools/pictures/*.sh; needs ImageMagick: scripts/deps.sh
# --with-tools). Look at them after an animation change.
pictures: $(BIN)
	@for f in tools/pictures/*.sh; do [ "$$f" = tools/pictures/lib.sh ] && continue; echo "pictures: $$f"; sh "$$f" || exit 1; done

# The standard bench set, 5 runs each, into docs/bench.md (tools/bench.sh).
bench: $(BIN)
	tools/bench.sh ./$(BIN) docs/bench.md

# The data the game reads at run time: assets/ (sprites, sounds, leg
# profiles) and the arenas of the boss rush, also as Tiled maps with their
# tileset (levels/test/ stays with the tests).
DATA_FILES = $(shell find assets -type f) $(wildcard levels/*.lvl levels/*.tmj levels/tiled/*)

# DESTDIR stages the files for a package; the binary looks in DATADIR.
# Install and uninstall touch only the files they install, named one by one
# (DATA_FILES): nothing is removed wholesale, so a DATADIR shared with other
# files (DATADIR=/usr/share/games, a folder with your own arenas) keeps
# them. Uninstall then removes the folders it made only when they are empty.
install: $(BIN)
	install -d "$(DESTDIR)$(BINDIR)"
	install -m 755 $(BIN) "$(DESTDIR)$(BINDIR)/bossrush"
	@for f in $(DATA_FILES); do install -D -m 644 "$$f" "$(DESTDIR)$(DATADIR)/$$f" || exit 1; done
	@echo "installed $(DESTDIR)$(BINDIR)/bossrush and $(DESTDIR)$(DATADIR)/"

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/bossrush"
	@for f in $(DATA_FILES); do rm -f "$(DESTDIR)$(DATADIR)/$$f"; done
	@for f in $(DATA_FILES); do d=$$(dirname "$$f"); while [ "$$d" != . ]; do echo "$$d"; d=$$(dirname "$$d"); done; \
	 done | LC_ALL=C sort -ru | while read -r d; do rmdir "$(DESTDIR)$(DATADIR)/$$d" 2>/dev/null; done; \
	 rmdir "$(DESTDIR)$(DATADIR)" 2>/dev/null; true

# For clangd and other tools: the exact command of every source of this
# build (game, unit tests, asset generator, simcheck), written without building.
# cc_json SOURCES, FLAGS_VARIABLE_NAME (a name: flags may hold commas)
cc_json = for f in $(1); do printf '%s\n  {"directory": "%s", "file": "%s", "command": "%s"}' "$$sep" \
              "$(CURDIR)" "$$f" "$(CC) $($(2)) -c $$f -o $(BUILD)/$${f%.c}.o"; sep=,; done;
compile_commands.json: $(CONFIG_H) | $(DEPS_OK)
	@{ echo '['; sep=; \
	  $(call cc_json,$(CORE_SRC),CFLAGS) \
	  $(call cc_json,$(APP_SRC),APP_CFLAGS) \
	  $(call cc_json,$(TOOL_SRC),TOOL_CFLAGS) \
	  $(call cc_json,$(TEST_SRC),TEST_CFLAGS) \
	  $(call cc_json,tools/simcheck/simcheck.c,CFLAGS) \
	  printf '\n]\n'; } > $@
	@echo "wrote $@"

clean:
	rm -rf build build-san build-clang build-aarch64 build-web bossrush compile_commands.json

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)

# Cross-check determinism on another CPU: the SDL-free replay checker built
# for arm64 runs every recorded replay under qemu-user (needs the Debian
# packages gcc-aarch64-linux-gnu and qemu-user).
CROSS_CC ?= aarch64-linux-gnu-gcc
# cJSON (Tiled maps) is compiled from Debian's source package (scripts/web-libs.sh).
check-aarch64:
	@mkdir -p build-aarch64
	@sh scripts/web-libs.sh "$(WEB_CACHE)" cjson-src
	$(CROSS_CC) -std=c11 -O2 -c -o build-aarch64/cJSON.o $(WEB_CACHE)/cjson/cJSON.c
	$(CROSS_CC) -std=c11 -D_DEFAULT_SOURCE $(WARN) -O2 -ffp-contract=off -Isrc -I$(WEB_CACHE)/cjson -static \
	    -o build-aarch64/simcheck tools/simcheck/simcheck.c $(CORE_SRC) build-aarch64/cJSON.o -lm
	qemu-aarch64 build-aarch64/simcheck assets/legs tests/replays/*.rpl

# ---------------------------------------------------------------- files and leg profiles
# (kept together at the end: the harness helper's block)
# The asset generator writes through core/fs (atomic writes, mkdir -p).
$(BUILD)/assetgen: $(BUILD)/src/core/fs.o $(BUILD)/src/core/mem.o

# The built-in leg profiles are assets/legs/*.leg themselves, embedded as C
# strings (in leg order) so the numbers live only in those files.
PROFILE_LEGS := front-left back-left front-right back-right
PROFILE_FILES := $(PROFILE_LEGS:%=assets/legs/%.leg)
PROFILES_GEN := $(BUILD)/gen/profiles_builtin.c
PROFILES_OBJ := $(BUILD)/gen/profiles_builtin.o
$(PROFILES_GEN): $(PROFILE_FILES) Makefile
	@mkdir -p $(@D)
	@{ echo '// Generated by the Makefile from assets/legs/*.leg: do not edit.'; \
	   echo '#include "harness/profiles.h"'; \
	   echo 'const char *const profiles_builtin_text[LEGS_COUNT] = {'; \
	   for f in $(PROFILE_FILES); do \
	       echo "    // $$f"; echo '    ""'; \
	       sed -e 's/\r$$//' -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/?/\\?/g' -e 's/^/    "/' -e 's/$$/\\n"/' "$$f"; \
	       echo '    ,'; \
	   done; \
	   echo '};'; } > $@.tmp && mv $@.tmp $@
$(PROFILES_OBJ): $(PROFILES_GEN) | $(DEPS_OK)
	$(CC) $(CFLAGS) -c $< -o $@
$(BIN) $(TEST_BIN): $(PROFILES_OBJ)
# simcheck is built from sources: the generated one joins them.
CORE_SRC += $(PROFILES_GEN)
check-aarch64: $(PROFILES_GEN)

# ---------------------------------------------------------------- Tiled maps
# levels/tiled/NN-name.tmj: every arena of the rush as a Tiled map, written
# by --convert (test_tmj checks they are current; docs/tiled.md).
.PHONY: tiled
tiled: $(BIN)
	@for f in levels/*.lvl; do ./$(BIN) --convert "$$f" "levels/tiled/$$(basename "$$f" .lvl).tmj" || exit 1; done
	@echo "wrote levels/tiled/*.tmj"

# ---------------------------------------------------------------- browser (WebAssembly)
# `make web`: the game for the browser, built with Debian's emscripten
# against SDL2, SDL2_image, SDL2_mixer, libpng, zlib and cJSON built once
# from Debian's source packages into WEB_CACHE (scripts/web-libs.sh; never
# emscripten's -sUSE_SDL ports, which download). build-web/ then holds
# index.html, index.js, index.wasm and index.data (assets and arenas),
# playable from any static web server; `make web-serve` serves it.
# `make check-wasm`: the SDL-free replay checker (tools/simcheck) built with
# emcc and run under node on every recorded replay. docs/web.md.
WEB_CACHE ?= $(HOME)/.cache/bossrush-web
WEB_BUILD := build-web
WEB_LIB   := $(WEB_CACHE)/prefix/lib
WEB_PORT  ?= 8000
EMCC      ?= emcc
# Debian's emcc runs its own node scripts, which need Debian's node modules.
WEB_ENV   := NODE_PATH=/usr/share/nodejs
# The built SDL2 headers come first: emscripten's own <SDL.h> is SDL 1.2.
WEB_CFLAGS := -std=c11 -D_DEFAULT_SOURCE $(WARN) -O2 -ffp-contract=off -Isrc -I$(WEB_BUILD)/gen \
              -I$(WEB_CACHE)/prefix/include/SDL2 -I$(WEB_CACHE)/prefix/include
WEB_SRC   := $(CORE_SRC) $(APP_SRC) src/platform/web.c
WEB_OBJ   := $(patsubst %.c,$(WEB_BUILD)/obj/%.o,$(WEB_SRC))
WEB_LIBS  := $(WEB_LIB)/libSDL2_image.a $(WEB_LIB)/libSDL2_mixer.a $(WEB_LIB)/libSDL2.a \
             $(WEB_LIB)/libpng.a $(WEB_LIB)/libz.a $(WEB_LIB)/libcjson.a
# Asyncify lets the app's blocking loop yield to the browser each frame;
# SDL2_mixer needs these two JavaScript helpers linked in.
WEB_LDFLAGS := -sASYNCIFY -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=128MB -sTOTAL_STACK=1MB -lidbfs.js \
               -sDEFAULT_LIBRARY_FUNCS_TO_INCLUDE='["$$autoResumeAudioContext","$$dynCall"]' \
               -sMINIFY_HTML=0 --shell-file web/shell.html
# The game's data: the arenas of the rush and assets/; the Tiled maps and
# test arenas stay behind.
WEB_DATA  := --preload-file assets@/assets $(foreach f,$(wildcard levels/*.lvl),--preload-file $(f)@/$(f))

.PHONY: web web-libs web-serve check-wasm test-web
web: $(WEB_BUILD)/index.html

web-libs: $(WEB_LIB)/.complete
# cJSON first (its own rule, which check-wasm uses too), then the rest in one
# run of web-libs.sh (each library stamped, so nothing is built twice and
# two runs never race under -j).
$(WEB_LIB)/.complete: scripts/web-libs.sh $(WEB_LIB)/libcjson.a
	@sh scripts/deps.sh --web
	@sh scripts/web-libs.sh "$(WEB_CACHE)" all
	@touch $@
# The libraries the link names are made by that step: saying so lets a
# first `make web` (and `make -n web`) go on instead of stopping at "No rule
# to make target .../libSDL2_image.a".
$(filter-out $(WEB_LIB)/libcjson.a,$(WEB_LIBS)): $(WEB_LIB)/.complete ;

$(WEB_BUILD)/gen/build_config.h: Makefile
	@mkdir -p $(@D)
	@printf '%s\n' '// build_config.h -- written by make web.' '#define BOSSRUSH_VERSION "$(VERSION) (web)"' \
	    '#define BOSSRUSH_DATADIR "/"' > $@

$(WEB_BUILD)/obj/%.o: %.c $(WEB_BUILD)/gen/build_config.h $(WEB_LIB)/.complete
	@mkdir -p $(@D)
	$(WEB_ENV) $(EMCC) $(WEB_CFLAGS) -MMD -MP -c $< -o $@

$(WEB_BUILD)/index.html: $(WEB_OBJ) $(WEB_LIBS) web/shell.html $(DATA_FILES)
	$(WEB_ENV) $(EMCC) -O2 -o $@ $(WEB_OBJ) $(WEB_LIBS) $(WEB_LDFLAGS) $(WEB_DATA)
	@cp assets/icons/32x32/bossrush.png $(WEB_BUILD)/icon.png
	@ls -l $(WEB_BUILD)/index.* | awk '{print $$5, $$9}'

web-serve: web
	@echo "bossrush: http://127.0.0.1:$(WEB_PORT)/ (Ctrl-C stops)"
	cd $(WEB_BUILD) && python3 -m http.server $(WEB_PORT) --bind 127.0.0.1

# The sim (core, sim, harness) and simcheck alone: no SDL, only cJSON.
$(WEB_CACHE)/prefix/lib/libcjson.a: scripts/web-libs.sh
	@sh scripts/deps.sh --wasm
	@sh scripts/web-libs.sh "$(WEB_CACHE)" cjson
$(WEB_BUILD)/simcheck.js: tools/simcheck/simcheck.c $(CORE_SRC) $(WEB_LIB)/libcjson.a
	@mkdir -p $(@D)
	$(WEB_ENV) $(EMCC) -std=c11 -D_DEFAULT_SOURCE $(WARN) -O2 -ffp-contract=off -Isrc -I$(WEB_CACHE)/prefix/include \
	    -sNODERAWFS=1 -sALLOW_MEMORY_GROWTH=1 -sEXIT_RUNTIME=1 -o $@ tools/simcheck/simcheck.c $(CORE_SRC) \
	    $(WEB_LIB)/libcjson.a
check-wasm: $(WEB_BUILD)/simcheck.js
	node --no-experimental-fetch $(WEB_BUILD)/simcheck.js assets/legs tests/replays/*.rpl

# The page in headless Chromium (tests/web/shot.cjs): loads it from a local
# server, presses a key, saves docs/img/web.png and checks it is not blank.
test-web: web
	@sh scripts/deps.sh --browser
	@sh tests/web/run.sh $(WEB_BUILD)

-include $(shell find $(WEB_BUILD)/obj -name '*.d' 2>/dev/null)

# ---------------------------------------------------------------- desktop files
# `make install` also installs a .desktop entry (Exec names the installed
# binary), the icon in the hicolor sizes (drawn by tools/assetgen), the
# AppStream metainfo (its screenshots are docs/img/ published at
# SCREENSHOT_URL) and the man page; tests/install.sh validates them.
APPS_ID        := io.github.bossrush.bossrush
ICON_SIZES     := 16 24 32 48 64 128 256
SHARE          := $(PREFIX)/share
# The AppStream file lists screenshots only when SCREENSHOT_URL names where
# docs/img/ is published (a packager's choice; none by default, so no
# screenshot link points nowhere); HOMEPAGE is its <url>.
SCREENSHOT_URL ?=
HOMEPAGE       ?= https://github.com/bossrush/bossrush
.PHONY: install-desktop uninstall-desktop
install: install-desktop
uninstall: uninstall-desktop
install-desktop:
	install -d "$(DESTDIR)$(SHARE)/applications" "$(DESTDIR)$(SHARE)/metainfo" "$(DESTDIR)$(SHARE)/man/man6"
	sed 's|@BINDIR@|$(BINDIR)|' dist/bossrush.desktop.in > "$(DESTDIR)$(SHARE)/applications/bossrush.desktop"
	sed -e 's|@SCREENSHOTS@|$(SCREENSHOT_URL)|' -e 's|@HOMEPAGE@|$(HOMEPAGE)|' \
	    $(if $(SCREENSHOT_URL),,-e '/<screenshots>/,/<\/screenshots>/d') \
	    dist/$(APPS_ID).metainfo.xml.in > "$(DESTDIR)$(SHARE)/metainfo/$(APPS_ID).metainfo.xml"
	install -m 644 dist/bossrush.6 "$(DESTDIR)$(SHARE)/man/man6/bossrush.6"
	@for s in $(ICON_SIZES); do \
	    install -D -m 644 assets/icons/$${s}x$${s}/bossrush.png "$(DESTDIR)$(SHARE)/icons/hicolor/$${s}x$${s}/apps/bossrush.png" || exit 1; \
	done
	install -D -m 644 dist/bossrush.svg "$(DESTDIR)$(SHARE)/icons/hicolor/scalable/apps/bossrush.svg"
uninstall-desktop:
	rm -f "$(DESTDIR)$(SHARE)/applications/bossrush.desktop" "$(DESTDIR)$(SHARE)/metainfo/$(APPS_ID).metainfo.xml" \
	      "$(DESTDIR)$(SHARE)/man/man6/bossrush.6" $(foreach s,$(ICON_SIZES),"$(DESTDIR)$(SHARE)/icons/hicolor/$(s)x$(s)/apps/bossrush.png") \
	      "$(DESTDIR)$(SHARE)/icons/hicolor/scalable/apps/bossrush.svg"
# ---------------------------------------------------------------- fuzzing (tests/fuzz/)
# libFuzzer targets, one per tests/fuzz/fuzz_NAME.c, built with clang
# (-fsanitize=fuzzer,address,undefined) into build-fuzz/ over the pure
# layers. `make fuzz` runs each for FUZZ_SECONDS (`make fuzz-NAME` one of
# them), starting from its seeds (tests/fuzz/README.md); what it finds
# lands in build-fuzz/ (crash-*, leak-*, timeout-*). Needs
# `sh scripts/deps.sh --fuzz` (clang and libclang-rt).
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 60
FUZZ_BUILD   := build-fuzz
FUZZ_SAN     := -fsanitize=address,undefined -fno-sanitize-recover=undefined
FUZZ_CFLAGS  := -std=c11 -D_DEFAULT_SOURCE $(WARN) -g -O1 -fno-omit-frame-pointer -ffp-contract=off \
                $(FUZZ_SAN) -Isrc -Itests -MMD -MP
FUZZ_NAMES   := $(patsubst tests/fuzz/fuzz_%.c,%,$(wildcard tests/fuzz/fuzz_*.c))
FUZZ_OBJ     := $(CORE_SRC:%.c=$(FUZZ_BUILD)/obj/%.o) $(PURE_APP_SRC:%.c=$(FUZZ_BUILD)/obj/%.o)
# libFuzzer's options for every run: the dictionary, a per-input time limit
# (any legal file ticks in milliseconds: seconds mean a hang), a memory
# limit, and inputs up to 64 KiB.
# FUZZ_FULL=1: the uncapped mode (tests/fuzz/fuzz.h, fuzz_full): no star
# cap, every level stepped its full ticks, and FUZZ_INPUT_SECONDS a input
# (300 ticks at the 16 ms budget, plus the load, times the sanitizers'
# slowdown): an input over it is a finding (timeout-*).
FUZZ_FULL    ?=
FUZZ_INPUT_SECONDS ?= 30
FUZZ_TIMEOUT := $(if $(FUZZ_FULL),$(FUZZ_INPUT_SECONDS),20)
FUZZ_ENV     := $(if $(FUZZ_FULL),BOSSRUSH_FUZZ_FULL=1)
FUZZ_RUN     := -dict=tests/fuzz/bossrush.dict -timeout=$(FUZZ_TIMEOUT) -rss_limit_mb=2048 -max_len=65536 \
                -print_final_stats=1 -artifact_prefix=$(FUZZ_BUILD)/

.PHONY: fuzz fuzz-build

$(FUZZ_BUILD)/.deps-ok: scripts/deps.sh
	@sh scripts/deps.sh --fuzz
	@mkdir -p $(@D) && touch $@
# The simulation's step code gets coverage counters but no comparison
# tracing (in its hot loops that tracing took most of each execution's
# time); the parsers keep it, so the fuzzer learns their keywords.
FUZZ_PARSERS := src/core/text.c src/sim/level.c src/sim/tmj.c src/sim/tmj_json.c src/sim/input.c \
                src/sim/creatures/params.c src/sim/player/leg_profile.c
FUZZ_HOT     := $(filter-out $(FUZZ_PARSERS),$(filter src/sim/% src/core/dmath.c src/core/hash.c src/core/rng.c,$(CORE_SRC)))
$(FUZZ_HOT:%.c=$(FUZZ_BUILD)/obj/%.o): FUZZ_COV := -fno-sanitize-coverage=trace-cmp
$(FUZZ_BUILD)/obj/%.o: %.c | $(FUZZ_BUILD)/.deps-ok
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link $(FUZZ_COV) -c $< -o $@
$(FUZZ_BUILD)/fuzz_%: tests/fuzz/fuzz_%.c $(FUZZ_OBJ) | $(FUZZ_BUILD)/.deps-ok
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $< $(FUZZ_OBJ) $(CJSON_LIBS) -lm
fuzz-build: $(FUZZ_NAMES:%=$(FUZZ_BUILD)/fuzz_%)

# The seeds: the files the game and the tests ship (every arena but the
# 16 MB worst.lvl, every script, replay and broken file, the leg profiles
# behind a byte that picks the leg) and tests/fuzz/corpus/NAME (findings
# kept as regression inputs). New inputs go to build-fuzz/corpus/NAME.
fuzz_seeds_level  = levels/*.lvl levels/test/*.lvl tests/bad/*.lvl
fuzz_seeds_script = tests/scripts/*.script tests/replays/*.rpl tests/bad/*.script tests/bad/*.rpl
fuzz_seeds_tmj    = levels/tiled/*.tmj levels/test/*.tmj tests/bad/*.tmj
fuzz_seeds_tileset = levels/tiled/*.tsj $(wildcard tests/bad/*.tsj)
fuzz_seeds_convert = $(fuzz_seeds_level) levels/bench/turret-*.lvl
fuzz_seeds_replaynames =            # tests/fuzz/corpus/replaynames: names and level paths
fuzz_seeds_cli =                    # tests/fuzz/corpus/cli: command lines, arguments split at NUL
# Settings and best times: no file of either ships, so tests/fuzz/corpus
# holds a good one of each (every key) and a broken one.
fuzz_seeds_settings =
fuzz_seeds_best     =
$(FUZZ_BUILD)/seeds/%: FORCE
	@rm -rf $@ && mkdir -p $@ $(FUZZ_BUILD)/corpus/$*
	@for f in $(fuzz_seeds_$*); do cp "$$f" $@/; done
	@if [ "$*" = legs ]; then i=0; for f in assets/legs/*.leg; do \
	     { printf "\\$$(printf %03o $$i)"; cat "$$f"; } > $@/$$(basename "$$f"); i=$$((i + 1)); done; fi
	@[ -d tests/fuzz/corpus/$* ] && cp tests/fuzz/corpus/$*/* $@/ 2>/dev/null; true

fuzz-%: $(FUZZ_BUILD)/fuzz_% $(FUZZ_BUILD)/seeds/%
	$(FUZZ_ENV) $(FUZZ_BUILD)/fuzz_$* $(FUZZ_RUN) -max_total_time=$(FUZZ_SECONDS) \
	    $(FUZZ_BUILD)/corpus/$* $(FUZZ_BUILD)/seeds/$*

fuzz:
	@for t in $(FUZZ_NAMES); do $(MAKE) --no-print-directory fuzz-$$t || exit 1; done
-include $(shell find $(FUZZ_BUILD) -name '*.d' 2>/dev/null)
clean: clean-fuzz
.PHONY: clean-fuzz
clean-fuzz:
	rm -rf $(FUZZ_BUILD)

# ---------------------------------------------------------------- soak and valgrind
# `make soak`: every arena in levels/ and levels/test/ played SOAK_TICKS
# ticks (an hour each) with seeded random input, every invariant checked
# every tick, memory flat (tests/soak/soak.c); `make test` runs 3,600
# ticks of each (tests/run.sh). levels/bench/ is left out: worst.lvl would
# take half an hour; --bench is for it.
SOAK_TICKS  ?= 216000
SOAK_LEVELS := $(wildcard levels/*.lvl levels/test/*.lvl)
$(BUILD)/soak: tests/soak/soak.c tests/invariants.h $(CORE_OBJ) $(PROFILES_OBJ)
	$(CC) $(CFLAGS) -Itests -o $@ $< $(CORE_OBJ) $(PROFILES_OBJ) $(LDFLAGS) $(CJSON_LIBS) -lm
test: $(BUILD)/soak
.PHONY: soak valgrind
soak: $(BUILD)/soak
	$(BUILD)/soak --ticks $(SOAK_TICKS) $(SOAK_LEVELS)
# valgrind memcheck over the script and replay suite and every broken input
# (tests/valgrind.sh; about ten minutes on two shared cores).
valgrind: $(BIN)
	@sh scripts/deps.sh --valgrind
	@sh tests/valgrind.sh $(BIN)

# ---------------------------------------------------------------- balance bots
# `make bots`: build/bots, simple patient players that fight an arena headless
# on the simulation and report how long it took (tools/balance/bots.c;
# docs/controls.md, "Balance"). No SDL: the pure layers only.
BOTS := $(BUILD)/bots
STAND := $(BUILD)/stand
.PHONY: bots
# `make bots` also plays every arena (tools/balance/table.sh): per arena and
# difficulty the kill time and hits per minute, and the safe-spot bot's
# longest stand (build/stand, tools/balance/stand.c) on normal.
bots: $(BOTS) $(STAND)
	@sh tools/balance/table.sh $(BOTS) $(STAND)
$(STAND): $(BUILD)/tools/balance/stand.o $(CORE_OBJ) $(PROFILES_OBJ)
	$(CC) $(LDFLAGS) -o $@ $^ $(CJSON_LIBS) -lm
# No safe spot (issue 23): in every arena of the rush, on normal, a player
# standing still anywhere (floor, wall, ceiling) is hit within 20 s (each
# boss lobs at a parked player: creatures/lob.h).
STAND_ARENAS := levels/01-tetran.lvl levels/02-tentacle.lvl levels/03-whale.lvl levels/04-convergence.lvl
.PHONY: test-stand
test-stand: $(STAND)
	@$(STAND) --seconds 30 --max 20 $(STAND_ARENAS) || { echo "FAIL: stand: a spot safe for over 20 s"; exit 1; }
test: test-stand
$(BUILD)/tools/balance/%.o: tools/balance/%.c $(FLAGS_STAMP) | $(DEPS_OK)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -c $< -o $@
$(BOTS): $(BUILD)/tools/balance/bots.o $(CORE_OBJ) $(PROFILES_OBJ)
	$(CC) $(LDFLAGS) -o $@ $^ $(CJSON_LIBS) -lm
# The bots' fights are the game's: on each small duel arena the inputs a
# bot wrote as a script, played by bossrush, end as the bot saw its fight
# end (the game's state and the hearts left). No timing is checked.
BOT_DUELS := tetran-duel tentacle-duel whale-duel
.PHONY: test-bots
test-bots: $(BOTS) $(BIN)
	@for l in $(BOT_DUELS); do \
	    $(BOTS) --dodge --script $(BUILD)/bots-$$l.script --script-level $(CURDIR)/levels/test/$$l.lvl \
	        levels/test/$$l.lvl >/dev/null || exit 1; \
	    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy ./$(BIN) --headless --script $(BUILD)/bots-$$l.script \
	        || { echo "FAIL: bots: $$l"; exit 1; }; \
	done; echo "bots: $(words $(BOT_DUELS)) duels played back as scripts"
test: test-bots
