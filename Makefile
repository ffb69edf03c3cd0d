# Build, test, benchmark and install authflow.
#   make && sudo make install [PREFIX=/usr/local] [DESTDIR=/tmp/stage]
# `make` builds everything installed (binary, man pages, completions) as you; `make install` only copies, so
# `sudo make install` never runs the compiler as root nor leaves root-owned files in .build.
# The binary links the Swift runtime and Foundation statically: it runs on machines without a Swift toolchain
# and starts in about half the time, which matters for `authflow handle-url` on the path of a browser click.
# Installs the binary, the HTML templates it serves and the script partials they include (found at
# ../share/authflow/templates from the binary, with each language's editions in a subdirectory), its message catalogues (share/locale/<lang>/LC_MESSAGES), the
# desktop entry for custom-scheme handoff (share/applications/authflow.desktop, naming no scheme),
# its man pages (generated from the command's own help, so they cannot drift) and shell completions for bash,
# zsh and fish, where Linux distributions look for them.

PREFIX ?= /usr/local
DESTDIR ?=
bindir := $(PREFIX)/bin
datadir := $(PREFIX)/share
mandir := $(datadir)/man

# .build/release links to the release products of the host's triple; asking SwiftPM for the path would touch
# .build, which `make install` (often as root) must not.
binary := .build/release/authflow
manual_dir := .build/manual
completions_dir := .build/completions

.PHONY: all build test bench fuzz manual completions install uninstall

all: build manual completions

build:
	swift build -c release --static-swift-stdlib --product authflow

test:
	swift test --disable-xctest

bench:
	bench/all

# libFuzzer targets (fuzz/README.md): every target for 1,000,000 executions, one after the other.
fuzz:
	fuzz/run

# From the binary just built (argument-parser's generate-manual plugin built the whole package in release a second
# time, and dropped non-ASCII text): authflow.1, authflow-phone.1, authflow-phone-sign-in.1, … in UTF-8.
manual: build
	scripts/generate-manual $(binary) $(manual_dir)

completions: build
	mkdir -p $(completions_dir)
	$(binary) --generate-completion-script bash >$(completions_dir)/authflow.bash
	$(binary) --generate-completion-script zsh >$(completions_dir)/_authflow
	$(binary) --generate-completion-script fish >$(completions_dir)/authflow.fish

install:
	@for file in $(binary) $(completions_dir)/authflow.bash $(completions_dir)/_authflow \
	    $(completions_dir)/authflow.fish; do \
	  [ -f "$$file" ] || { echo "make install: $$file is missing: run make first (as yourself, not root)" >&2; exit 1; }; \
	done
	@ls $(manual_dir)/*.1 >/dev/null 2>&1 || { echo "make install: no man pages: run make first" >&2; exit 1; }
	install -D -m 755 $(binary) $(DESTDIR)$(bindir)/authflow
	install -d $(DESTDIR)$(datadir)/authflow/templates
	install -m 644 templates/*.html templates/*.js $(DESTDIR)$(datadir)/authflow/templates/
	for dir in templates/*/; do \
	  language=$$(basename "$$dir"); \
	  install -d $(DESTDIR)$(datadir)/authflow/templates/$$language; \
	  for file in "$$dir"*.html "$$dir"*.js; do \
	    [ ! -f "$$file" ] || install -m 644 "$$file" $(DESTDIR)$(datadir)/authflow/templates/$$language/; \
	  done; \
	done
	for catalogue in locale/*/LC_MESSAGES/authflow.mo; do \
	  install -D -m 644 "$$catalogue" $(DESTDIR)$(datadir)/$$catalogue; \
	done
	install -d $(DESTDIR)$(datadir)/applications
	sed 's|^Exec=authflow |Exec=$(bindir)/authflow |' examples/desktop/authflow.desktop >$(DESTDIR)$(datadir)/applications/authflow.desktop
	chmod 644 $(DESTDIR)$(datadir)/applications/authflow.desktop
	install -d $(DESTDIR)$(mandir)/man1
	install -m 644 $(manual_dir)/*.1 $(DESTDIR)$(mandir)/man1/
	install -D -m 644 $(completions_dir)/authflow.bash $(DESTDIR)$(datadir)/bash-completion/completions/authflow
	install -D -m 644 $(completions_dir)/_authflow $(DESTDIR)$(datadir)/zsh/site-functions/_authflow
	install -D -m 644 $(completions_dir)/authflow.fish $(DESTDIR)$(datadir)/fish/vendor_completions.d/authflow.fish

uninstall:
	rm -f $(DESTDIR)$(bindir)/authflow $(DESTDIR)$(mandir)/man1/authflow.1 $(DESTDIR)$(mandir)/man1/authflow-*.1
	rm -f $(DESTDIR)$(mandir)/man1/authflow.*.1  # the names of earlier versions' pages
	rm -rf $(DESTDIR)$(datadir)/authflow/templates
	rm -f $(DESTDIR)$(datadir)/locale/*/LC_MESSAGES/authflow.mo
	rm -f $(DESTDIR)$(datadir)/applications/authflow.desktop
	rm -f $(DESTDIR)$(datadir)/bash-completion/completions/authflow $(DESTDIR)$(datadir)/zsh/site-functions/_authflow
	rm -f $(DESTDIR)$(datadir)/fish/vendor_completions.d/authflow.fish
