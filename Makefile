# The two commands a newcomer needs:   make run    make test
# Each installs what is missing first (Packaging/setup-debian.sh), then builds.

SWIFT ?= swift
PREFIX ?= /usr/local
SETUP := Packaging/setup-debian.sh
# Recorded handwriting for the ink benchmarks, when the shared folder sits beside the checkout.
HANDWRITING ?= $(wildcard ../shared/data/handwriting-1-page.json)

.PHONY: setup build run test test-deb bench bench-live fuzz libfuzz release install deb clean

setup:
	@$(SETUP)

build: setup
	$(SWIFT) build

# Opens the Quire window on $$DISPLAY. Pass options with ARGS="--size 1280x960".
run: build
	.build/debug/quire $(ARGS)

# Everything, real X servers included: QUIRE_REQUIRE_ALL turns a missing X server or GL into a
# failure instead of a skip. The tests are XCTest, so Swift Testing's empty run is left out.
test: setup
	$(SWIFT) build --build-tests
	Packaging/check-desktop-files.sh .build/debug/quire
	QUIRE_REQUIRE_ALL=1 $(SWIFT) test --disable-swift-testing

# The Debian package installed into a clean Debian 12 root (debootstrap; needs root and the mirror)
# and run there: --version, new, info --json, a headless replay export. About 4 minutes past the build.
test-deb: deb
	Packaging/test-deb.sh $(DEB_DIR)/quire.deb $(DEB_DIR)/screenshot.png

# The latency benchmark opens the quire window in an Xvfb of its own: quire is built beside quire-bench.
bench: setup
	$(SWIFT) build -c release --product quire
	$(SWIFT) build -c release --product quire-bench
	.build/release/quire-bench $(if $(HANDWRITING),--handwriting $(HANDWRITING)) $(ARGS)

# Live drawing against Xournal++: Xorg + the inputtest pen at 1 kHz into each, hovering, then
# LIVE_SECONDS of long strokes and of recorded handwriting (as root: it starts Xorg; installs xdotool
# and xournalpp when missing). CPU, memory growth per stored sample, and ratios.
LIVE_SECONDS ?= 60
bench-live: setup
	$(SWIFT) build -c release --product quire
	command -v xdotool >/dev/null || apt-get install -y --no-install-recommends xdotool
	python3 Tools/bench_live.py --quire .build/release/quire --seconds $(LIVE_SECONDS) $(ARGS)

# A long fuzzing pass over every loader: FUZZ_CASES seeded cases each (ARGS="--seed S --only png" …).
FUZZ_CASES ?= 20000
fuzz: setup
	$(SWIFT) build -c release --product quire-fuzz
	.build/release/quire-fuzz --cases $(FUZZ_CASES) $(ARGS)

# Coverage-guided fuzzing with libFuzzer: the fuzz targets built with -sanitize=fuzzer (their own build
# folder, everything instrumented), LIBFUZZ_SECONDS on LIBFUZZ_TARGET (samples, log, png, jpeg, notebook, history, text, clipboard,
# pdf). The corpus starts from the targets' seeds and grows in .build/fuzz-corpus/TARGET between runs;
# crashing cases are written to .build/fuzz-crashes/.
LIBFUZZ_TARGET ?= pdf
LIBFUZZ_SECONDS ?= 300
SWIFTC ?= $(patsubst %swift,%swiftc,$(SWIFT))
libfuzz: setup
	$(SWIFT) build -c release --product quire-fuzz
	$(SWIFT) build -c release -Xswiftc -sanitize=fuzzer --product QuireFuzzTargets --build-path .build/libfuzzer
	$(SWIFTC) -sanitize=fuzzer -parse-as-library Tools/libfuzzer-main.swift -L .build/libfuzzer/release \
	    -lQuireFuzzTargets -Xlinker -rpath=$(CURDIR)/.build/libfuzzer/release -o .build/libfuzzer/quire-libfuzz
	.build/release/quire-fuzz --write-seeds .build/fuzz-corpus
	mkdir -p .build/fuzz-crashes
	QUIRE_FUZZ_TARGET=$(LIBFUZZ_TARGET) .build/libfuzzer/quire-libfuzz -max_total_time=$(LIBFUZZ_SECONDS) -timeout=20 \
	    -rss_limit_mb=4096 -artifact_prefix=.build/fuzz-crashes/$(LIBFUZZ_TARGET)- .build/fuzz-corpus/$(LIBFUZZ_TARGET)

# The Swift runtime is linked in (--static-swift-stdlib), so the binary runs where no toolchain is.
# -z now (with the toolchain's default -z relro: full RELRO) binds every symbol at start, so the table
# of them is read-only while Quire runs, as Debian builds its own packages (lintian: hardening-no-bindnow).
release: setup
	$(SWIFT) build -c release --product quire --static-swift-stdlib -Xlinker -z -Xlinker now

# The program, its resources, menu entry, icon, file type, metainfo, manual and completions.
install: release
	Packaging/install-files.sh .build/release/quire "$(DESTDIR)" "$(PREFIX)"

# A Debian package: $(DEB_DIR)/quire_VERSION_ARCH.deb, and quire.deb linked to it.
DEB_DIR := .build/deb
deb: release
	Packaging/make-deb.sh .build/release/quire $(DEB_DIR)

clean:
	rm -rf .build
