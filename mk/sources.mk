# sources.mk -- every source and object list, the build's stamps and the
# per-layer compile flags.

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
