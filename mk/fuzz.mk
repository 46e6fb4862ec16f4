# fuzz.mk -- make fuzz, fuzz-NAME and fuzz-build (libFuzzer, tests/fuzz/).

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
                $(FUZZ_SAN) -DBOSSRUSH_ASSERTS -Isrc -Itests -MMD -MP
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
FUZZ_PARSERS := src/core/text.c src/sim/level.c src/sim/tmj.c src/sim/tmj_json.c src/sim/tmx.c src/sim/input.c \
                src/sim/creatures/params.c src/sim/player/leg_profile.c
FUZZ_HOT     := $(filter-out $(FUZZ_PARSERS),$(filter src/sim/% src/core/dmath.c src/core/hash.c src/core/rng.c,$(CORE_SRC)))
$(FUZZ_HOT:%.c=$(FUZZ_BUILD)/obj/%.o): FUZZ_COV := -fno-sanitize-coverage=trace-cmp
$(FUZZ_BUILD)/obj/%.o: %.c | $(FUZZ_BUILD)/.deps-ok
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link $(FUZZ_COV) -c $< -o $@
$(FUZZ_BUILD)/fuzz_%: tests/fuzz/fuzz_%.c $(FUZZ_OBJ) | $(FUZZ_BUILD)/.deps-ok
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $< $(FUZZ_OBJ) $(VORBIS_LIBS) $(CJSON_LIBS) -lm
fuzz-build: $(FUZZ_NAMES:%=$(FUZZ_BUILD)/fuzz_%)

# The seeds: the files the game and the tests ship (every arena but the
# 16 MB worst.lvl, every script, replay and broken file, the leg profiles
# behind a byte that picks the leg) and tests/fuzz/corpus/NAME (findings
# kept as regression inputs). New inputs go to build-fuzz/corpus/NAME.
fuzz_seeds_level  = levels/*.lvl levels/test/*.lvl tests/bad/*.lvl
fuzz_seeds_script = tests/scripts/*.script tests/replays/*.rpl tests/bad/*.script tests/bad/*.rpl
fuzz_seeds_tmj    = levels/tiled/*.tmj levels/test/*.tmj tests/bad/*.tmj levels/test/*.tmx tests/bad/*.tmx
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
