# bossrush -- `make` builds ./bossrush, `make run` plays, `make test` tests,
# `make install` installs (PREFIX, DESTDIR). sim/ and core/ never see SDL's
# flags (an SDL include there fails to build); the app layers do.

include mk/config.mk
include mk/sources.mk
include mk/build.mk
include mk/tests.mk
include mk/tools.mk
include mk/install.mk
include mk/cross.mk
include mk/web.mk
include mk/fuzz.mk
include mk/bots.mk
