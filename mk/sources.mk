# sources.mk -- every source and object list, the build's stamps and the
# per-layer compile flags, each computed once here (after config.mk, before
# the other fragments): a fragment reads these lists and never appends to
# them, so the fragments may come in any order (tests/make.sh checks).

# The built-in leg profiles are assets/legs/*.leg themselves, embedded as C
# strings (in leg order) so the numbers live only in those files (the rule:
# build.mk).
PROFILE_LEGS := front-left back-left front-right back-right
PROFILE_FILES := $(PROFILE_LEGS:%=assets/legs/%.leg)
PROFILES_GEN := $(BUILD)/gen/profiles_builtin.c
PROFILES_OBJ := $(BUILD)/gen/profiles_builtin.o
# The pure layers (no SDL): core, sim (with its subfolders) and harness,
# and the generated leg profiles (simcheck, the web and fuzz builds compile
# them from this list; the native build links PROFILES_OBJ on its own).
CORE_SRC := $(wildcard src/core/*.c src/sim/*.c src/sim/*/*.c src/harness/*.c) $(PROFILES_GEN)
# platform/web.c is the browser build's alone (make web).
APP_SRC  := $(filter-out $(CORE_SRC) src/platform/web.c,$(wildcard src/*.c src/*/*.c src/*/*/*.c))
TOOL_SRC := $(wildcard tools/assetgen/*.c)
TEST_SRC := $(wildcard tests/unit/test_*.c)
# The platform layer's pure files (no SDL; tests/layers.sh checks) are
# unit-tested with the pure layers: settings, key bindings, best times, the
# replay folder's names and pruning; and so is the app's fight pacing
# (app/pace.c).
PURE_APP_SRC := src/platform/settings.c src/platform/bindings.c src/platform/best.c src/platform/prefs.c \
                src/platform/replays.c src/app/pace.c src/app/hints.c src/app/fight.c src/audio/mixer.c src/audio/wav.c \
                src/audio/ogg.c src/cli_args.c

CORE_OBJ := $(patsubst %.c,$(BUILD)/%.o,$(filter-out $(PROFILES_GEN),$(CORE_SRC)))
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
# The data the game reads at run time: assets/ (sprites, sounds, leg
# profiles) and the arenas of the boss rush, also as Tiled maps with their
# tileset (levels/test/ stays with the tests). Installed (install.mk) and
# packed into the browser build (web.mk).
DATA_FILES = $(shell find assets -type f) $(wildcard levels/*.lvl levels/*.tmj levels/tiled/*)
