# tests.mk -- make test and its parts: the unit tests, layers, assets,
# install, repro, SAN and clang runs, rebless, soak and valgrind.

$(BUILD)/tests/%: $(BUILD)/tests/unit/%.o $(CORE_OBJ) $(PURE_APP_OBJ)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $^ $(CMOCKA_LIBS) $(VORBIS_LIBS) $(CJSON_LIBS) -lm

# tests/unit/test_saved.c fails writes on purpose (a full disk, fsync
# failing, a kill inside the rename) through wrappers of the calls core/fs
# makes: the linker sends its write, fsync and rename to them.
$(BUILD)/tests/test_saved: $(BUILD)/tests/unit/test_saved.o $(CORE_OBJ) $(PURE_APP_OBJ)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -Wl,--wrap=write,--wrap=fsync,--wrap=rename -o $@ $^ $(CMOCKA_LIBS) $(VORBIS_LIBS) $(CJSON_LIBS) -lm

# tests/unit/test_render.c checks the look-only rules by pixel through SDL's
# software renderer (no window): it links the renderer and SDL as well, and
# the PNG writer the renderer saves frames with (platform/png.c).
RENDER_OBJ := $(filter $(BUILD)/src/render/%,$(APP_OBJ)) $(BUILD)/src/platform/png.o
$(BUILD)/tests/unit/test_render.o: tests/unit/test_render.c $(FLAGS_STAMP) | $(DEPS_OK)
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) $(SDL_CFLAGS) -c $< -o $@
$(BUILD)/tests/test_render: $(BUILD)/tests/unit/test_render.o $(CORE_OBJ) $(PURE_APP_OBJ) $(RENDER_OBJ)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $^ $(CMOCKA_LIBS) $(SDL_LIBS) $(VORBIS_LIBS) $(CJSON_LIBS) -lm
# The layer rules (tests/layers.sh): no SDL in core, sim and harness (also
# enforced by the flags), each includes only itself and the layers below,
# and sim does no file I/O.
test-layers:
	@sh tests/layers.sh

# The build's fragments (mk/*.mk) plan the same commands in any order
# (tests/make.sh: make -n in reverse; builds nothing).
.PHONY: test-make
test-make:
	@sh tests/make.sh

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

test: $(BIN) $(TEST_BIN) test-layers test-make test-assets test-install
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

# Re-writes the checksums of tests/replays/*.rpl after an intended change.
rebless: $(BIN)
	@sh tests/rebless.sh $(BIN)

# Re-writes the docs' lists of creature kinds from the kinds' own files (the
# descriptors and probe tables): README's kind table, docs/creatures.md's
# list, docs/level-format.md's budget table, docs/script-format.md's
# creature probes. test_creatures fails until they are current.
.PHONY: docs
docs: $(BUILD)/tests/test_creatures
	@$(BUILD)/tests/test_creatures --write

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
