# bots.mk -- make bots, test-stand and test-bots (tools/balance/).

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
