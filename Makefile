# bossrush -- `make` builds ./bossrush, `make run` plays, `make test` tests.
# sim/ and core/ never see SDL's flags (an SDL include there fails to build);
# the app layers do.

CC      ?= cc
BUILD   ?= build
OPT     ?= -O2 -g
SAN     ?=
CLANG   ?=
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

WARN    := -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes \
           -Wmissing-prototypes -Wvla -Wundef
CFLAGS  += -std=c11 -D_DEFAULT_SOURCE $(WARN) $(OPT) -ffp-contract=off -Isrc -MMD -MP
LDFLAGS += $(LDSAN)

# Evaluated when a recipe runs (after deps.sh), not when make starts.
SDL_CFLAGS = $(shell pkg-config --cflags sdl2 SDL2_image SDL2_mixer)
SDL_LIBS   = $(shell pkg-config --libs sdl2 SDL2_image SDL2_mixer)
CMOCKA_LIBS = $(shell pkg-config --libs cmocka)

# The pure layers (no SDL): core, sim (with its subfolders) and harness.
CORE_SRC := $(wildcard src/core/*.c src/sim/*.c src/sim/*/*.c src/harness/*.c)
APP_SRC  := $(filter-out $(CORE_SRC),$(wildcard src/*.c src/*/*.c src/*/*/*.c))
TOOL_SRC := $(wildcard tools/assetgen/*.c)
TEST_SRC := $(wildcard tests/unit/test_*.c)

CORE_OBJ := $(CORE_SRC:%.c=$(BUILD)/%.o)
APP_OBJ  := $(APP_SRC:%.c=$(BUILD)/%.o)
TOOL_OBJ := $(TOOL_SRC:%.c=$(BUILD)/%.o)
TEST_BIN := $(TEST_SRC:tests/unit/%.c=$(BUILD)/tests/%)
DEPS_OK  := $(BUILD)/.deps-ok

.SECONDARY:

.PHONY: check-aarch64 all run test test-unit test-scripts test-layers test-san test-clang assets rebless clean deps bench

all: $(BIN)

deps: $(DEPS_OK)
$(DEPS_OK): scripts/deps.sh
	@sh scripts/deps.sh
	@mkdir -p $(@D) && touch $@

$(BUILD)/src/core/%.o: src/core/%.c | $(DEPS_OK)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -c $< -o $@
$(BUILD)/src/sim/%.o: src/sim/%.c | $(DEPS_OK)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -c $< -o $@
$(BUILD)/src/harness/%.o: src/harness/%.c | $(DEPS_OK)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -c $< -o $@
$(BUILD)/src/%.o: src/%.c | $(DEPS_OK)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(SDL_CFLAGS) -c $< -o $@
$(BUILD)/tools/%.o: tools/%.c | $(DEPS_OK)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -Itools/assetgen $(SDL_CFLAGS) -c $< -o $@
$(BUILD)/tests/unit/%.o: tests/unit/%.c | $(DEPS_OK)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -Itests/unit -c $< -o $@

$(BIN): $(CORE_OBJ) $(APP_OBJ)
	$(CC) $(LDFLAGS) -o $@ $^ $(SDL_LIBS) -lm

$(BUILD)/tests/%: $(BUILD)/tests/unit/%.o $(CORE_OBJ)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $^ $(CMOCKA_LIBS) -lm

$(BUILD)/assetgen: $(TOOL_OBJ)
	$(CC) $(LDFLAGS) -o $@ $^ $(SDL_LIBS) -lm

run: $(BIN)
	./$(BIN)

# The layer rules: no SDL in the pure layers (also enforced by the flags).
test-layers:
	@if grep -rnE '#[[:space:]]*include[[:space:]]*[<"]SDL|SDL_[A-Za-z]' src/core src/sim src/harness; then \
	    echo "layer violation: SDL used in src/core, src/sim or src/harness"; exit 1; fi
	@echo "layers: ok"

test-unit: $(TEST_BIN)
test-scripts: $(BIN)

test: $(BIN) $(TEST_BIN) test-layers
	@sh tests/run.sh $(BIN) $(BUILD)

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

bench: $(BIN)
	./$(BIN) --bench levels/01-tetran.lvl

clean:
	rm -rf build build-san build-clang build-aarch64 bossrush

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)

# Cross-check determinism on another CPU: the SDL-free replay checker built
# for arm64 runs every recorded replay under qemu-user (needs the Debian
# packages gcc-aarch64-linux-gnu and qemu-user).
CROSS_CC ?= aarch64-linux-gnu-gcc
check-aarch64:
	@mkdir -p build-aarch64
	$(CROSS_CC) -std=c11 -D_DEFAULT_SOURCE -O2 -ffp-contract=off -Isrc -static \
	    -o build-aarch64/simcheck tools/simcheck/simcheck.c $(CORE_SRC) -lm
	qemu-aarch64 build-aarch64/simcheck assets/legs tests/replays/*.rpl

# ---------------------------------------------------------------- files and leg profiles
# (kept together at the end: the harness helper's block)
# The asset generator writes through core/fs (atomic writes, mkdir -p).
$(BUILD)/assetgen: $(BUILD)/src/core/fs.o $(BUILD)/src/core/mem.o
