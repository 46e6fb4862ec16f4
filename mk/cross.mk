# cross.mk -- make check-aarch64: every replay from an arm64 build under qemu.

# Cross-check determinism on another CPU: the SDL-free replay checker built
# for arm64 runs every recorded replay under qemu-user (needs the Debian
# packages gcc-aarch64-linux-gnu and qemu-user).
CROSS_CC ?= aarch64-linux-gnu-gcc
# cJSON and expat (Tiled maps) are compiled from Debian's source packages (scripts/web-libs.sh).
CROSS_EXPAT := xmlparse xmlrole xmltok
check-aarch64:
	@mkdir -p build-aarch64
	@sh scripts/web-libs.sh "$(WEB_CACHE)" cjson-src
	@sh scripts/web-libs.sh "$(WEB_CACHE)" expat-src
	$(CROSS_CC) -std=c11 -O2 -c -o build-aarch64/cJSON.o $(WEB_CACHE)/cjson/cJSON.c
	for f in $(CROSS_EXPAT); do $(CROSS_CC) -std=c11 -O2 -I$(WEB_CACHE)/expat -c -o build-aarch64/$$f.o \
	    $(WEB_CACHE)/expat/$$f.c || exit 1; done
	$(CROSS_CC) -std=c11 -D_DEFAULT_SOURCE $(WARN) -O2 -ffp-contract=off -Isrc -I$(WEB_CACHE)/cjson -I$(WEB_CACHE)/expat \
	    -static -o build-aarch64/simcheck tools/simcheck/simcheck.c $(CORE_SRC) build-aarch64/cJSON.o \
	    $(CROSS_EXPAT:%=build-aarch64/%.o) -lm
	@rm -rf build-aarch64/fields
	qemu-aarch64 build-aarch64/simcheck --fields build-aarch64/fields assets/legs tests/replays/*.rpl || \
	    { sh tools/statediff.sh $(BUILD)/simcheck build-aarch64/fields; exit 1; }
	$(CROSS_CC) -std=c11 -D_DEFAULT_SOURCE $(WARN) -O2 -ffp-contract=off -Isrc -Itests/unit -static -DLANES_STANDALONE \
	    -o build-aarch64/test_lanes tests/unit/test_lanes.c src/core/cpu.c src/core/dmath.c -lm
	qemu-aarch64 build-aarch64/test_lanes

# On a desync the arm64 build dumps the World's fields at the first bad tick
# and tools/statediff.sh names those that differ from this machine's build
# at that tick (docs/fields.md).
check-aarch64: $(PROFILES_GEN) $(BUILD)/simcheck
