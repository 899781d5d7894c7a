#!/usr/bin/env bash
# Installs the Debian packages Quire needs to build, run and test. Idempotent: when everything is
# already there it only checks (well under a second) and changes nothing. Uses sudo when not root.
#
#   Packaging/setup-debian.sh           build + run + test packages
#   Packaging/setup-debian.sh --runtime only what running a release build needs
set -euo pipefail

# Building: the C libraries Quire's shims link against (cairo writes PDF and SVG, poppler-glib reads PDFs,
# qpdf keeps an annotated PDF's own pages, links and outline in its export, Clipper (libpolyclipping) takes erasers' shapes
# out of the page in vector export,
# zlib unpacks and packs Xournal++ files, libxml2 parses them, FreeType draws the interface's text in the font fontconfig finds,
# Xcursor makes the tools' pointers).
build_packages=(libx11-dev libxi-dev libxrandr-dev libgl-dev libegl-dev libpng-dev libjpeg62-turbo-dev libsqlite3-dev
                libcairo2-dev libpoppler-glib-dev libqpdf-dev libpolyclipping-dev zlib1g-dev libxml2-dev libfreetype-dev libfontconfig-dev libxcursor-dev)
# Running: Mesa's GLX and EGL drivers (a GPU vendor's driver works as well).
runtime_packages=(libx11-6 libxi6 libxrandr2 libgl1 libegl1 libpng16-16 libjpeg62-turbo libsqlite3-0 libgl1-mesa-dri libglx-mesa0 libegl-mesa0
                  libcairo2 libpoppler-glib8 libqpdf29 libpolyclipping22 zlib1g libxml2 libfreetype6 libfontconfig1 fonts-dejavu-core libxcursor1)
# Testing: real X servers and XTEST to drive them; Xorg with the dummy screen and the built-in
# inputtest driver (emulated pen, touchscreen, keyboard) and XInput2 to watch them, XFixes to read the pointer's picture back. The tests carry a
# copy of inputtest's protocol header; xserver-xorg-dev holds the original they are checked against.
# Xournal++ opens the .xopp files Quire writes (its --create-pdf), and is the benchmarks' yardstick;
# librsvg's rsvg-convert draws exported SVG back to compare with the PNG export.
test_packages=(xvfb xauth libxtst-dev xserver-xorg-core xserver-xorg-video-dummy xserver-xorg-dev libxi-dev
               libxfixes-dev xournalpp librsvg2-bin xclip)
# Packaging (make install, make deb) and its tests: python3 writes the manual page, dpkg-dev's
# dpkg-shlibdeps computes Depends, binutils strips; the desktop's own tools check the menu entry,
# metainfo, file type and manual (desktop-file-utils, appstream, libxml2-utils, shared-mime-info,
# libglib2.0-bin's gio, groff-base); debootstrap makes the clean Debian root `make test-deb` installs into
# (checking the mirror's signature with debian-archive-keyring); lintian checks the package as Debian would.
packaging_packages=(python3 dpkg-dev binutils desktop-file-utils appstream libxml2-utils shared-mime-info
                    libglib2.0-bin groff-base debootstrap debian-archive-keyring lintian)

wanted=("${runtime_packages[@]}")
if [[ "${1:-}" != "--runtime" ]]; then
    wanted+=("${build_packages[@]}" "${test_packages[@]}" "${packaging_packages[@]}")
fi

missing=()
for package in "${wanted[@]}"; do
    status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
    [[ "$status" == "install ok installed" ]] || missing+=("$package")
done

if ((${#missing[@]})); then
    echo "Quire set-up: installing ${missing[*]}"
    if [[ $(id -u) -eq 0 ]]; then
        sudo=()
    elif command -v sudo >/dev/null; then
        sudo=(sudo)
    else
        echo "Quire set-up: these Debian packages are missing and I am not root and have no sudo:" >&2
        echo "  apt-get install ${missing[*]}" >&2
        exit 1
    fi
    export DEBIAN_FRONTEND=noninteractive
    "${sudo[@]}" apt-get update -qq
    "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

if [[ "${1:-}" != "--runtime" ]] && ! command -v swift >/dev/null; then
    echo "Quire set-up: no Swift toolchain on PATH. Install Swift 6 for Debian 12 from swift.org" >&2
    echo "  and put its usr/bin on PATH (e.g. export PATH=/opt/swift/usr/bin:\$PATH)." >&2
    exit 1
fi
