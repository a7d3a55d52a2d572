# flyfun — the two commands a newcomer needs: `make run` and `make test`.
SWIFT ?= swift
# bsdutils (`script`) and util-linux (`mount`) are used by the robustness tests; both are in a base Debian.
APT_PACKAGES := libedit-dev libsqlite3-dev pkg-config bsdutils util-linux
SUDO := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)

.PHONY: all deps build run test bench eval data fuzz clean install uninstall

all: build

## Install the system libraries the build links against, when missing (Debian/Ubuntu).
deps:
	@missing=""; \
	for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  if command -v apt-get >/dev/null 2>&1; then \
	    echo "Installing$$missing"; \
	    $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq $$missing; \
	  else echo "Please install:$$missing"; exit 1; fi; \
	fi

## Release build of the flyfun binary.
build: deps
	$(SWIFT) build -c release

## Build everything and start the chat on the bundled data.
run: build
	.build/release/flyfun

## The whole test suite: unit, corpus, fuzz, transcripts (in-process and through the binary) and the eval gate.
test: deps
	$(SWIFT) build
	$(SWIFT) test

## Benchmarks (release build): start-up, answer latency, decoder throughput, memory.
bench: build
	.build/release/flyfun bench

## The intent evaluation set, with per-tool and per-argument scores.
eval: build
	.build/release/flyfun eval

## Coverage-guided fuzzing of the METAR/TAF parsers (libFuzzer + AddressSanitizer), FUZZ_SECONDS long.
FUZZ_SECONDS ?= 60
fuzz:
	scripts/fuzz/run.sh $(FUZZ_SECONDS)

## Rebuild the airport database from Data/.
data: build
	.build/release/flyfun data build

clean:
	rm -rf .build

## Install the binary, its catalog/prompts/data, man page and shell completions under PREFIX (DESTDIR for staging).
PREFIX ?= /usr/local
DESTDIR ?=
install: build
	PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" BIN=.build/release/flyfun scripts/install.sh install

## Remove exactly the files `make install` put under PREFIX (it keeps a list in share/flyfun/INSTALLED_FILES).
uninstall:
	PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" scripts/install.sh uninstall
