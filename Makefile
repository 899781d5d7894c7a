# The two commands a newcomer needs:   make run    make test
# Each installs what is missing first (Packaging/setup-debian.sh), then builds.

SWIFT ?= swift
PREFIX ?= /usr/local
SETUP := Packaging/setup-debian.sh
# Recorded handwriting for the ink benchmarks, when the shared folder sits beside the checkout.
HANDWRITING ?= $(wildcard ../shared/data/handwriting-1-page.json)

.PHONY: setup build run test test-deb bench bench-live fuzz release install deb clean

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

bench: setup
	$(SWIFT) build -c release --product quire-bench
	.build/release/quire-bench $(if $(HANDWRITING),--handwriting $(HANDWRITING)) $(ARGS)

# Live drawing against Xournal++: Xorg + the inputtest pen at 1 kHz for LIVE_SECONDS into each (as
# root: it starts Xorg; installs xdotool and xournalpp when missing). CPU, memory growth and ratios.
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

# The Swift runtime is linked in (--static-swift-stdlib), so the binary runs where no toolchain is.
release: setup
	$(SWIFT) build -c release --product quire --static-swift-stdlib

# The program, its resources, menu entry, icon, file type, metainfo, manual and completions.
install: release
	Packaging/install-files.sh .build/release/quire "$(DESTDIR)" "$(PREFIX)"

# A Debian package: $(DEB_DIR)/quire_VERSION_ARCH.deb, and quire.deb linked to it.
DEB_DIR := .build/deb
deb: release
	Packaging/make-deb.sh .build/release/quire $(DEB_DIR)

clean:
	rm -rf .build
