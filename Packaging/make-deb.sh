#!/usr/bin/env bash
# Builds the Debian package from a release build of quire (`make deb` runs it after building).
#
#   Packaging/make-deb.sh BINARY OUTDIR     writes OUTDIR/quire_VERSION_ARCH.deb, links OUTDIR/quire.deb
#                                           to it, and prints its path
#   DEB_MAINTAINER="Name <mail>"            the Maintainer field and the changelog's signature (default: the
#                                           project's own address, Quire developers <quire@users.noreply.github.com>;
#                                           a distribution sets its packager's)
#
# The binary must carry the Swift runtime inside it (swift build --static-swift-stdlib), so the package
# runs where no Swift toolchain is; this is checked. Depends is computed from the libraries the binary
# links (dpkg-shlibdeps), plus Mesa's drivers, which it loads at run time rather than links.
set -euo pipefail

binary=$(realpath "$1")
mkdir -p "$2"
outdir=$(realpath "$2")
here=$(cd "$(dirname "$0")" && pwd)
top=$(dirname "$here")

# A Swift runtime library among the binary's needs means the toolchain would have to be installed too.
if readelf -d "$binary" | grep -E 'NEEDED.*(libswift|libFoundation|libdispatch|libBlocksRuntime|lib_Foundation)'; then
    echo "make-deb: $binary links the Swift runtime dynamically; build it with --static-swift-stdlib" >&2
    exit 1
fi

# The manual's date and dpkg-deb's time stamps: the last commit's, so a rebuild gives the same package.
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git -C "$top" log -1 --format=%ct 2>/dev/null || date +%s)}
version=$("$binary" --version)
[[ "$version" =~ ^[0-9][A-Za-z0-9.+~-]*$ ]] || { echo "make-deb: '$version' is not a Debian version" >&2; exit 1; }
arch=$(dpkg --print-architecture)
work="$outdir/work"
stage="$work/root"
rm -rf "$work"
mkdir -p "$stage" "$work/debian"

"$here/install-files.sh" "$binary" "$stage" /usr
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$stage/usr/bin/quire"
maintainer=${DEB_MAINTAINER:-Quire developers <quire@users.noreply.github.com>}
# The documentation a user of the package reads: the README, the licences of what the binary carries
# (DEP-5) and the changelog. INSTALL.md is for building from source, which the package does not need.
install -D -m 644 "$top/README.md" "$stage/usr/share/doc/quire/README.md"
install -D -m 644 "$here/debian/copyright" "$stage/usr/share/doc/quire/copyright"
# The changelog is written from the metainfo's <release> entries (the release notes' one place), its
# newest entry's version checked against the binary's (QuireVersion, the version's one place).
python3 "$here/tools/make-changelog.py" "$here/desktop/io.github.quire.Quire.metainfo.xml" "$version" "$maintainer" \
    | gzip -9n > "$stage/usr/share/doc/quire/changelog.gz"
chmod 644 "$stage/usr/share/doc/quire/changelog.gz"

# dpkg-shlibdeps wants a source package around the binary: a control file naming it is enough.
printf 'Source: quire\n\nPackage: quire\nArchitecture: any\n' > "$work/debian/control"
shlibs=$(cd "$work" && dpkg-shlibdeps -O "root/usr/bin/quire" 2>"$work/shlibdeps.log") || {
    cat "$work/shlibdeps.log" >&2; exit 1; }
depends=${shlibs#shlibs:Depends=}
# OpenGL through libglvnd finds its driver at run time: Mesa's (llvmpipe runs everywhere, and headless
# export needs its EGL), or a GPU vendor's, which provides the same virtual packages.
depends="$depends, libegl-mesa0 | libegl-vendor, libglx-mesa0 | libglx-vendor"
# The interface's text is drawn in DejaVu Sans, which fontconfig finds (a font, not a linked library).
depends="$depends, fonts-dejavu-core"

mkdir -p "$stage/DEBIAN"
cat > "$stage/DEBIAN/control" <<CONTROL
Package: quire
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $(du -sk --exclude=DEBIAN "$stage" | cut -f1)
Depends: $depends
Recommends: libgl1-mesa-dri
Section: graphics
Priority: optional
Description: handwritten notebooks and drawing with a pen tablet
 Quire is a notebook and drawing program for the X11 desktop. Write and draw
 with a Wacom pen, a touchscreen or the mouse: pressure and tilt shape the ink,
 two fingers pan and zoom, and photos become scraps you move, turn and scale.
 Every finished stroke is saved to the notebook at once.
CONTROL

# What dpkg --verify checks installed files against.
(cd "$stage" && find usr -type f -print0 | LC_ALL=C sort -z | xargs -0 md5sum) > "$stage/DEBIAN/md5sums"
chmod 644 "$stage/DEBIAN/md5sums"

deb="$outdir/quire_${version}_${arch}.deb"
dpkg-deb --root-owner-group -Zxz --build "$stage" "$deb" >/dev/null
ln -sf "$(basename "$deb")" "$outdir/quire.deb"
rm -rf "$work"
echo "$deb"
