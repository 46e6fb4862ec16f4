# web.mk -- make web, web-serve, test-web and check-wasm (WebAssembly).

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
# -msimd128: WebAssembly's SIMD128, core/lanes.h's back end for the
# starfield and tentacle passes (every browser since 2021, node 16+).
WEB_SIMD  := -msimd128
WEB_CFLAGS := -std=c11 -D_DEFAULT_SOURCE $(WARN) -O2 $(WEB_SIMD) -ffp-contract=off -Isrc -I$(WEB_BUILD)/gen \
              -I$(WEB_CACHE)/prefix/include/SDL2 -I$(WEB_CACHE)/prefix/include
WEB_SRC   := $(CORE_SRC) $(APP_SRC) src/platform/web.c
WEB_OBJ   := $(patsubst %.c,$(WEB_BUILD)/obj/%.o,$(WEB_SRC))
WEB_LIBS  := $(WEB_LIB)/libSDL2_image.a $(WEB_LIB)/libSDL2_mixer.a $(WEB_LIB)/libSDL2.a \
             $(WEB_LIB)/libpng.a $(WEB_LIB)/libz.a $(WEB_LIB)/libvorbis.a $(WEB_LIB)/libogg.a \
             $(WEB_LIB)/libcjson.a $(WEB_LIB)/libexpat.a
# No Asyncify: the app's loop is a function the browser calls once a frame
# (platform/web.h's web_main_loop), and web/storage.js loads the stored
# preference folder before main. SDL2_mixer needs these two JavaScript
# helpers linked in.
WEB_LDFLAGS := -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=128MB -sTOTAL_STACK=1MB -lidbfs.js \
               -sDEFAULT_LIBRARY_FUNCS_TO_INCLUDE='["$$autoResumeAudioContext","$$dynCall"]' \
               -sMINIFY_HTML=0 --shell-file web/shell.html --pre-js web/storage.js
# The game's data: the arenas of the rush and assets/; the Tiled maps and
# test arenas stay behind.
WEB_DATA  := --preload-file assets@/assets $(foreach f,$(wildcard levels/*.lvl),--preload-file $(f)@/$(f))

.PHONY: web web-libs web-serve check-wasm test-web wasm-speed web-speed
web: $(WEB_BUILD)/index.html

web-libs: $(WEB_LIB)/.complete
# cJSON first (its own rule, which check-wasm uses too), then the rest in one
# run of web-libs.sh (each library stamped, so nothing is built twice and
# two runs never race under -j).
$(WEB_LIB)/.complete: scripts/web-libs.sh $(WEB_LIB)/libcjson.a $(WEB_LIB)/libexpat.a
	@sh scripts/deps.sh --web
	@sh scripts/web-libs.sh "$(WEB_CACHE)" all
	@touch $@
# The libraries the link names are made by that step: saying so lets a
# first `make web` (and `make -n web`) go on instead of stopping at "No rule
# to make target .../libSDL2_image.a".
$(filter-out $(WEB_LIB)/libcjson.a $(WEB_LIB)/libexpat.a,$(WEB_LIBS)): $(WEB_LIB)/.complete ;

# Rewritten only when its text changes, so that an edit of this file does not
# recompile the whole game.
$(WEB_BUILD)/gen/build_config.h: mk/web.mk
	@mkdir -p $(@D)
	@printf '%s\n' '// build_config.h -- written by make web.' '#define BOSSRUSH_VERSION "$(VERSION) (web)"' \
	    '#define BOSSRUSH_DATADIR "/"' > $@.tmp
	@if cmp -s $@.tmp $@; then rm $@.tmp; else mv $@.tmp $@; fi

$(WEB_BUILD)/obj/%.o: %.c $(WEB_BUILD)/gen/build_config.h $(WEB_LIB)/.complete
	@mkdir -p $(@D)
	$(WEB_ENV) $(EMCC) $(WEB_CFLAGS) -MMD -MP -c $< -o $@

# Linked at -O1, as simcheck.js (below): emcc's -O2 link runs binaryen's
# optimizer, whose one-caller inlining folds every system's step into
# world_tick_system, which V8 optimizes late and badly. In headless Chromium
# (make web-speed, median of 5, builds measured in the same rounds) the -O1
# page was the quickest or level on every figure (on a quiet machine: the
# replays 0.39 s against 0.44 s, 36,000 ticks of an arena 0.93 s against
# 0.97 s; docs/web.md). The objects are LLVM's -O2 either way.
# WEB_LINK_OPT=-O2 to compare. -O1 leaves emscripten's JavaScript
# unminified (index.js 96 KB gzipped instead of 55 KB).
WEB_LINK_OPT ?= -O1
$(WEB_BUILD)/index.html: $(WEB_OBJ) $(WEB_LIBS) web/shell.html web/page.js web/storage.js $(DATA_FILES) mk/web.mk
	$(WEB_ENV) $(EMCC) $(WEB_LINK_OPT) $(WEB_SIMD) -o $@ $(WEB_OBJ) $(WEB_LIBS) $(WEB_LDFLAGS) $(WEB_DATA)
	@cp assets/icons/32x32/bossrush.png $(WEB_BUILD)/icon.png
	@cp web/page.js $(WEB_BUILD)/page.js
	@ls -l $(WEB_BUILD)/index.* | awk '{print $$5, $$9}'

web-serve: web
	@echo "bossrush: http://127.0.0.1:$(WEB_PORT)/ (Ctrl-C stops)"
	cd $(WEB_BUILD) && python3 -m http.server $(WEB_PORT) --bind 127.0.0.1

# The sim (core, sim, harness) and simcheck alone: no SDL, only cJSON and
# expat (Tiled maps; expat's rule runs after cJSON's, never beside it).
$(WEB_CACHE)/prefix/lib/libcjson.a: scripts/web-libs.sh
	@sh scripts/deps.sh --wasm
	@sh scripts/web-libs.sh "$(WEB_CACHE)" cjson
$(WEB_CACHE)/prefix/lib/libexpat.a: scripts/web-libs.sh $(WEB_CACHE)/prefix/lib/libcjson.a
	@sh scripts/web-libs.sh "$(WEB_CACHE)" expat
# Compiled file by file at -O2 (LLVM), linked at -O1: emcc's -O2 link runs
# binaryen's optimizer, whose inlining puts every function with one caller
# into it, so world_tick_system became one function of about 150,000 lines
# of text (every creature's, the player's and the starfield's step). V8
# optimizes a function as a whole, and such a giant one late and badly:
# node 2.5x native instead of 3.3x under its default tiering, 1.4x instead
# of 1.6x optimized at load (docs/web.md, make wasm-speed). The code of
# each function is LLVM's either way, so the bits are the same.
WEB_SIM_OBJ := $(patsubst %.c,$(WEB_BUILD)/sim/%.o,tools/simcheck/simcheck.c $(CORE_SRC))
$(WEB_BUILD)/sim/%.o: %.c $(WEB_LIB)/libcjson.a $(WEB_LIB)/libexpat.a mk/web.mk
	@mkdir -p $(@D)
	$(WEB_ENV) $(EMCC) -std=c11 -D_DEFAULT_SOURCE $(WARN) -O2 $(WEB_SIMD) -ffp-contract=off -Isrc -I$(WEB_CACHE)/prefix/include \
	    -MMD -MP -c $< -o $@
# tools/simcheck/node-pre.js: under node the module is compiled optimized at
# load (V8's flags set by the program, before it compiles the module), so a
# plain `node simcheck.js` is not left in node's lazy tiers (2.5x native).
$(WEB_BUILD)/simcheck.js: $(WEB_SIM_OBJ) $(WEB_LIB)/libcjson.a $(WEB_LIB)/libexpat.a tools/simcheck/node-pre.js
	$(WEB_ENV) $(EMCC) -O1 $(WEB_SIMD) -sNODERAWFS=1 -sALLOW_MEMORY_GROWTH=1 -sEXIT_RUNTIME=1 \
	    --pre-js tools/simcheck/node-pre.js -o $@ $(WEB_SIM_OBJ) $(WEB_LIB)/libcjson.a $(WEB_LIB)/libexpat.a
# core/lanes.h's primitives on SIMD128 against its scalar C (tests/unit/test_lanes.c).
$(WEB_BUILD)/test_lanes.js: tests/unit/test_lanes.c tests/unit/lanes_text.h $(wildcard src/core/lanes*.h) src/core/cpu.c
	@mkdir -p $(@D)
	$(WEB_ENV) $(EMCC) -std=c11 -D_DEFAULT_SOURCE $(WARN) -O2 $(WEB_SIMD) -ffp-contract=off -Isrc -Itests/unit \
	    -DLANES_STANDALONE -sEXIT_RUNTIME=1 -o $@ tests/unit/test_lanes.c src/core/cpu.c src/core/dmath.c
# On a desync the WebAssembly build dumps the World's fields at the first
# bad tick and tools/statediff.sh names those that differ from this
# machine's build at that tick (docs/fields.md), as check-aarch64 does.
check-wasm: $(WEB_BUILD)/simcheck.js $(WEB_BUILD)/test_lanes.js $(BUILD)/simcheck
	node --no-experimental-fetch $(WEB_BUILD)/test_lanes.js
	@rm -rf $(WEB_BUILD)/fields
	node $(WEB_BUILD)/simcheck.js --fields $(WEB_BUILD)/fields assets/legs tests/replays/*.rpl || \
	    { sh tools/statediff.sh $(BUILD)/simcheck $(WEB_BUILD)/fields; exit 1; }
	@node --trace-wasm-compilation-times $(WEB_BUILD)/simcheck.js assets/legs | awk '/^Compiled function/ {n++; if (!/using TurboFan/) l++} \
	    END {printf "simcheck.js under plain node: %d functions compiled at load, %d not by TurboFan\n", n, l; exit !(n > 100 && !l)}'

# Issue 25's figure: simcheck over every replay under node against the
# native simcheck (the release build's flags), median of 5, start-up
# subtracted (tools/wasm-speed.sh; timing only, never in make test).
$(BUILD)/simcheck: tools/simcheck/simcheck.c $(CORE_OBJ) $(PROFILES_OBJ)
	@mkdir -p $(BUILD)/tools/simcheck
	$(CC) $(CFLAGS) -c -o $(BUILD)/tools/simcheck/simcheck.o $<
	$(CC) $(LDFLAGS) -o $@ $(BUILD)/tools/simcheck/simcheck.o $(CORE_OBJ) $(PROFILES_OBJ) $(CJSON_LIBS) -lm
wasm-speed: $(BUILD)/simcheck $(WEB_BUILD)/simcheck.js
	tools/wasm-speed.sh $(BUILD)/simcheck $(WEB_BUILD)/simcheck.js

# The page in headless Chromium (tests/web/shot.cjs): the start overlay,
# fullscreen, touch controls, drag and drop, replay links (docs/web.md).
# Screenshots go to a folder under /tmp unless WEB_SHOTS names one.
test-web: web
	@sh scripts/deps.sh --browser
	@WEB_SHOTS="$(WEB_SHOTS)" sh tests/web/run.sh $(WEB_BUILD)

# The simulation's speed in the page (tools/web-speed.sh): headless Chromium
# runs the build's own index.wasm with the game's command line (every replay
# verified, a bench) against the native bossrush, median of 5 (docs/web.md).
web-speed: web $(BIN)
	@sh scripts/deps.sh --browser
	tools/web-speed.sh ./$(BIN) $(WEB_BUILD)

-include $(shell find $(WEB_BUILD)/obj $(WEB_BUILD)/sim -name '*.d' 2>/dev/null)
