# bossrush -- `make` builds ./bossrush, `make run` plays, `make test` tests,
# `make install` installs (PREFIX, DESTDIR). sim/ and core/ never see SDL's
# flags (an SDL include there fails to build); the app layers do.
#
# The build in pieces (docs/build.md): mk/config.mk (options and flags) and
# mk/sources.mk (every list, computed once) first, then one fragment per
# concern, which only read those lists and define their own names, so their
# order does not matter (tests/make.sh includes them in reverse: MK_ORDER).

.DEFAULT_GOAL := all
MK_ORDER ?= build tests tools install cross web fuzz bots
include mk/config.mk mk/sources.mk $(MK_ORDER:%=mk/%.mk)
