# install.mk -- make install and uninstall (PREFIX, BINDIR, DATADIR,
# DESTDIR), the data files and the desktop files.

# DESTDIR stages the files for a package; the binary looks in DATADIR.
# Install and uninstall touch only the files they install, named one by one
# (DATA_FILES): nothing is removed wholesale, so a DATADIR shared with other
# files (DATADIR=/usr/share/games, a folder with your own arenas) keeps
# them. Uninstall then removes the folders it made only when they are empty.
install: $(BIN)
	install -d "$(DESTDIR)$(BINDIR)"
	install -m 755 $(BIN) "$(DESTDIR)$(BINDIR)/bossrush"
	@for f in $(DATA_FILES); do install -D -m 644 "$$f" "$(DESTDIR)$(DATADIR)/$$f" || exit 1; done
	@echo "installed $(DESTDIR)$(BINDIR)/bossrush and $(DESTDIR)$(DATADIR)/"

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/bossrush"
	@for f in $(DATA_FILES); do rm -f "$(DESTDIR)$(DATADIR)/$$f"; done
	@for f in $(DATA_FILES); do d=$$(dirname "$$f"); while [ "$$d" != . ]; do echo "$$d"; d=$$(dirname "$$d"); done; \
	 done | LC_ALL=C sort -ru | while read -r d; do rmdir "$(DESTDIR)$(DATADIR)/$$d" 2>/dev/null; done; \
	 rmdir "$(DESTDIR)$(DATADIR)" 2>/dev/null; true

# ---------------------------------------------------------------- desktop files
# `make install` also installs a .desktop entry (Exec names the installed
# binary), the icon in the hicolor sizes (drawn by tools/assetgen), the
# AppStream metainfo (its screenshots are docs/img/ published at
# SCREENSHOT_URL) and the man page; tests/install.sh validates them.
APPS_ID        := io.github.bossrush.bossrush
ICON_SIZES     := 16 24 32 48 64 128 256
SHARE          := $(PREFIX)/share
# The AppStream file lists screenshots only when SCREENSHOT_URL names where
# docs/img/ is published (a packager's choice; none by default, so no
# screenshot link points nowhere); HOMEPAGE is its <url>.
SCREENSHOT_URL ?=
HOMEPAGE       ?= https://github.com/bossrush/bossrush
.PHONY: install-desktop uninstall-desktop
install: install-desktop
uninstall: uninstall-desktop
install-desktop:
	install -d "$(DESTDIR)$(SHARE)/applications" "$(DESTDIR)$(SHARE)/metainfo" "$(DESTDIR)$(SHARE)/man/man6"
	sed 's|@BINDIR@|$(BINDIR)|' dist/bossrush.desktop.in > "$(DESTDIR)$(SHARE)/applications/bossrush.desktop"
	sed -e 's|@SCREENSHOTS@|$(SCREENSHOT_URL)|' -e 's|@HOMEPAGE@|$(HOMEPAGE)|' \
	    $(if $(SCREENSHOT_URL),,-e '/<screenshots>/,/<\/screenshots>/d') \
	    dist/$(APPS_ID).metainfo.xml.in > "$(DESTDIR)$(SHARE)/metainfo/$(APPS_ID).metainfo.xml"
	install -m 644 dist/bossrush.6 "$(DESTDIR)$(SHARE)/man/man6/bossrush.6"
	@for s in $(ICON_SIZES); do \
	    install -D -m 644 assets/icons/$${s}x$${s}/bossrush.png "$(DESTDIR)$(SHARE)/icons/hicolor/$${s}x$${s}/apps/bossrush.png" || exit 1; \
	done
	install -D -m 644 dist/bossrush.svg "$(DESTDIR)$(SHARE)/icons/hicolor/scalable/apps/bossrush.svg"
uninstall-desktop:
	rm -f "$(DESTDIR)$(SHARE)/applications/bossrush.desktop" "$(DESTDIR)$(SHARE)/metainfo/$(APPS_ID).metainfo.xml" \
	      "$(DESTDIR)$(SHARE)/man/man6/bossrush.6" $(foreach s,$(ICON_SIZES),"$(DESTDIR)$(SHARE)/icons/hicolor/$(s)x$(s)/apps/bossrush.png") \
	      "$(DESTDIR)$(SHARE)/icons/hicolor/scalable/apps/bossrush.svg"
