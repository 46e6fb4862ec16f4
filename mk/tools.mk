# tools.mk -- the asset generator, make assets, pictures, bench and tiled.

$(BUILD)/assetgen: $(TOOL_OBJ)
	$(CC) $(LDFLAGS) -o $@ $^ $(SDL_LIBS) $(VORBISENC_LIBS) -lm

assets: $(BUILD)/assetgen
	SDL_VIDEODRIVER=dummy $(BUILD)/assetgen assets

# Frame strips of every creature's and the spider's key motions into
# docs/img/ (tools/pictures/*.sh; needs ImageMagick: scripts/deps.sh
# --with-tools). Look at them after an animation change.
pictures: $(BIN)
	@for f in tools/pictures/*.sh; do [ "$$f" = tools/pictures/lib.sh ] && continue; echo "pictures: $$f"; sh "$$f" || exit 1; done

# The standard bench set, 5 runs each, into docs/bench.md (tools/bench.sh).
bench: $(BIN)
	tools/bench.sh ./$(BIN) docs/bench.md

# The asset generator writes through core/fs (atomic writes, mkdir -p).
$(BUILD)/assetgen: $(BUILD)/src/core/fs.o $(BUILD)/src/core/mem.o
# ---------------------------------------------------------------- Tiled maps
# levels/tiled/NN-name.tmj: every arena of the rush as a Tiled map, written
# by --convert (test_tmj checks they are current; docs/tiled.md), and the
# Tiled project file from the parameter tables (test_params checks it).
.PHONY: tiled
tiled: $(BIN) $(BUILD)/tests/test_params
	@for f in levels/*.lvl; do ./$(BIN) --convert "$$f" "levels/tiled/$$(basename "$$f" .lvl).tmj" || exit 1; done
	@$(BUILD)/tests/test_params --tiled-project > levels/tiled/bossrush.tiled-project
	@echo "wrote levels/tiled/*.tmj and bossrush.tiled-project"
