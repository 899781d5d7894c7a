#!/usr/bin/env bash
# `make test-deb`: the Debian package on a machine that has never seen Swift.
#
#   Packaging/test-deb.sh DEB [SCREENSHOT]
#
# 1. Lists the package (dpkg-deb -c) and checks every file a desktop program needs is there.
# 2. Makes a clean Debian 12 root (debootstrap --variant=minbase, in a temporary folder), installs the
#    package there with apt, which fetches its Depends from the mirror, and checks there is no Swift
#    toolchain or runtime library in the root but the package's.
# 3. Runs there: quire --version, quire new, quire info --json, and quire replay … --export-png, which
#    draws a page of recorded handwriting headless (EGL on Mesa's surfaceless platform, llvmpipe): no
#    X server. The page is copied to SCREENSHOT (the AppStream screenshot comes from here).
# 4. Runs the installed thumbnailer entry's Exec line, as a file manager does, on notebooks of ink, a photo
#    and a PDF page, and on a damaged one, which it must refuse without writing a file.
#
# Needs root (debootstrap, chroot, mounting /proc) and the network (DEB_MIRROR, default deb.debian.org).
# Takes about 4 minutes, most of it debootstrap; nothing is cached between runs.
set -euo pipefail

deb=$(realpath "$1")
screenshot=${2:-}
here=$(cd "$(dirname "$0")" && pwd)
mirror=${DEB_MIRROR:-http://deb.debian.org/debian}
id=io.github.quire.Quire
started=$SECONDS
step() { echo "test-deb: [$((SECONDS - started)) s] $*"; }
fail() { echo "test-deb: FAILED: $*" >&2; exit 1; }

[[ $(id -u) -eq 0 ]] || fail "needs root (debootstrap and chroot); run it as root or through sudo"
for tool in debootstrap dpkg-deb chroot; do
    command -v "$tool" >/dev/null || fail "$tool is missing (Packaging/setup-debian.sh installs it)"
done

step "listing $deb"
listing=$(dpkg-deb -c "$deb" | awk '{print $6}' | sed 's|^\./|/|')
expected=(
    /usr/bin/quire
    /usr/share/quire/Brushes/soft-round.png
    /usr/share/quire/Icons/quire-64.png
    /usr/share/applications/$id.desktop
    /usr/share/metainfo/$id.metainfo.xml
    /usr/share/mime/packages/$id.xml
    /usr/share/thumbnailers/quire.thumbnailer
    /usr/share/icons/hicolor/scalable/apps/$id.svg
    /usr/share/man/man1/quire.1.gz
    /usr/share/bash-completion/completions/quire
    /usr/share/zsh/vendor-completions/_quire
    /usr/share/fish/vendor_completions.d/quire.fish
    /usr/share/doc/quire/README.md
    /usr/share/doc/quire/copyright
    /usr/share/doc/quire/changelog.gz
)
for size in 16 22 24 32 48 64 128 256 512; do expected+=("/usr/share/icons/hicolor/${size}x${size}/apps/$id.png"); done
for path in "${expected[@]}"; do
    grep -qxF "$path" <<<"$listing" || fail "the package lacks $path"
done
# Nothing outside /usr: a package must not write into /etc, /opt or a home.
outside=$(grep -v -e '^/$' -e '^/usr/' -e '^/usr$' <<<"$listing" || true)
[[ -z "$outside" ]] || fail "files outside /usr: $outside"
# lintian, as a distribution would run it: no error and no warning. Its info tags (not shown at
# lintian's default level) are allowed where they are the statically linked Swift runtime's (spelling in
# ICU's and BoringSSL's tables, C code without _FORTIFY_SOURCE); none is about what Quire ships. The
# binary is linked -z now (`make release`), so the info tag for that is refused too.
step "lintian"
command -v lintian >/dev/null || fail "lintian is missing (Packaging/setup-debian.sh installs it)"
tags=$(lintian --fail-on error,warning "$deb" 2>&1 | { grep -v 'running with root privileges' || true; }) ||
    fail "lintian: $tags"
[[ -z "$tags" ]] || fail "lintian has tags for the package: $tags"
lintian -I "$deb" 2>&1 | grep -q hardening-no-bindnow && fail "the binary is not linked -z now (lintian: hardening-no-bindnow)"
grep -qxF /usr/share/doc/quire/INSTALL.md <<<"$listing" && fail "the package carries INSTALL.md (building from source)"
depends=$(dpkg-deb -f "$deb" Depends)
for library in libc6 libx11-6 libxi6 libegl1 libgl1 libpng16-16 libjpeg62-turbo libsqlite3-0 libegl-mesa0 libcairo2 libpoppler-glib8 libqpdf29 libpolyclipping22 libfreetype6 libfontconfig1 fonts-dejavu-core libxcursor1; do
    grep -q "\b$library\b" <<<"$depends" || fail "Depends lacks $library: $depends"
done
grep -qi swift <<<"$depends" && fail "Depends names Swift: $depends"
version=$(dpkg-deb -f "$deb" Version)

root=$(mktemp -d /tmp/quire-clean-root.XXXXXX)
chmod 755 "$root"  # apt fetches as the _apt user, who must get in
cleanup() {
    umount "$root/proc" 2>/dev/null || true
    rm -rf --one-file-system "$root"
}
trap cleanup EXIT

step "debootstrap --variant=minbase bookworm $root ($mirror)"
debootstrap --variant=minbase bookworm "$root" "$mirror" > "$root.log" 2>&1 || { tail -20 "$root.log"; rm -f "$root.log"; fail "debootstrap"; }
rm -f "$root.log"
mount -t proc proc "$root/proc"
run() { chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive "$@"; }

run sh -c 'command -v swift swiftc' && fail "the clean root has a Swift toolchain"
cp "$deb" "$root/tmp/quire.deb"
step "apt-get install ./quire.deb (its Depends from the mirror)"
run apt-get -qq -o Dpkg::Use-Pty=0 update
run apt-get install -y -qq -o Dpkg::Use-Pty=0 /tmp/quire.deb > /dev/null || fail "apt could not install the package and its Depends"
run dpkg-query -W -f='${Status} ${Version}\n' quire | grep -qx "install ok installed $version" || fail "quire is not installed"
swift_libraries=$(find "$root" -xdev -name 'libswiftCore*' -o -xdev -name 'libFoundation*.so*' | head)
[[ -z "$swift_libraries" ]] || fail "Swift runtime libraries in the clean root: $swift_libraries"

step "quire --version"
said=$(run quire --version) || fail "quire --version exited $?"
[[ "$said" == "$version" ]] || fail "quire --version printed '$said', the package is $version"

step "quire new, quire info --json"
run quire new "Clean Root" --library /root/notebooks --background ruled || fail "quire new"
info=$(run quire info "Clean Root" --library /root/notebooks --json) || fail "quire info --json"
grep -q '"title" *: *"Clean Root"' <<<"$info" || fail "quire info --json lacks the title: $info"

step "quire replay --export-png (headless: EGL surfaceless, llvmpipe)"
cp "$here/desktop/screenshot-input.jsonl" "$root/tmp/"
said=$(run quire replay /tmp/screenshot-input.jsonl --export-png /tmp/page.png) || fail "quire replay exited $?: $said"
grep -q "194 strokes" <<<"$said" || fail "the replay did not draw the log's 194 strokes: $said"
[[ $(head -c 8 "$root/tmp/page.png" | od -An -tx1 | tr -d ' \n') == 89504e470d0a1a0a ]] || fail "the replay wrote no PNG"
# Ink, not a blank page: a white Letter page compresses to a few kilobytes.
[[ $(stat -c %s "$root/tmp/page.png") -gt 20000 ]] || fail "the exported page has no ink ($(stat -c %s "$root/tmp/page.png") bytes)"
if [[ -n "$screenshot" ]]; then cp "$root/tmp/page.png" "$screenshot"; fi

step "thumbnails by the installed thumbnailer entry's Exec line: ink, a photo, a PDF page; a damaged notebook"
# As a file manager runs it: the entry's Exec line with %i, %o and %s substituted.
exec_line=$(sed -n 's/^Exec=//p' "$root/usr/share/thumbnailers/quire.thumbnailer")
[[ -n "$exec_line" ]] || fail "the installed thumbnailer entry has no Exec line"
thumbnail() {  # NOTEBOOK OUTPUT SIZE
    local line=${exec_line//%i/$1}; line=${line//%o/$2}; line=${line//%s/$3}
    run sh -c "$line"
}
png_size() {  # the PNG's width and height, from its header
    od -An -tu1 -j16 -N8 "$root$1" | awk '{print $1*16777216+$2*65536+$3*256+$4 "x" $5*16777216+$6*65536+$7*256+$8}'
}
# Ink: the recorded handwriting, as a Xournal++ file of one stroke would bring it too; a photo: the page
# just drawn, imported as a scrap; a PDF: that notebook exported, imported as pages, the first (blank)
# page deleted so the thumbnail is the PDF page.
cat > "$root/tmp/ink.xml" <<'XOPP'
<?xml version="1.0" standalone="no"?>
<xournal creator="test-deb" fileversion="4"><page width="612" height="792"><background type="solid" color="#ffffffff" style="plain"/>
<layer><stroke tool="pen" color="#000000ff" width="8">60 60 200 200 400 300 550 700</stroke></layer></page></xournal>
XOPP
run sh -c 'gzip -c /tmp/ink.xml > /tmp/ink.xopp'
run quire import-xopp /tmp/ink.xopp --library /root/notebooks > /dev/null || fail "quire import-xopp"
run quire import "Clean Root" /tmp/page.png --library /root/notebooks > /dev/null || fail "quire import of a photo"
run quire export "Clean Root" --pdf /tmp/pages.pdf --library /root/notebooks > /dev/null || fail "quire export --pdf"
run quire new Paper --library /root/notebooks > /dev/null || fail "quire new Paper"
run quire import Paper /tmp/pages.pdf --library /root/notebooks > /dev/null || fail "quire import of a PDF"
run quire pages delete Paper 1 --library /root/notebooks > /dev/null || fail "quire pages delete"
for notebook in ink "Clean Root" Paper; do
    file="/root/notebooks/$notebook.quire"
    [[ -f "$root$file" ]] || fail "no notebook at $file"
    before=$(md5sum < "$root$file")
    thumbnail "'$file'" /tmp/thumbnail.png 128 || fail "the thumbnailer failed on $notebook"
    [[ $(png_size /tmp/thumbnail.png) == 99x128 ]] || fail "the $notebook thumbnail is $(png_size /tmp/thumbnail.png), not 99x128"
    [[ $(md5sum < "$root$file") == "$before" ]] || fail "the thumbnailer changed $file"
    rm "$root/tmp/thumbnail.png"
done
head -c 4096 "$root/root/notebooks/ink.quire" > "$root/tmp/damaged.quire"
head -c 60000 /dev/urandom >> "$root/tmp/damaged.quire"
thumbnail /tmp/damaged.quire /tmp/thumbnail.png 128 2> /dev/null && fail "the thumbnailer made a thumbnail of a damaged notebook"
[[ ! -e "$root/tmp/thumbnail.png" ]] || fail "the thumbnailer left a file for a damaged notebook"

step "removing the package"
run apt-get remove -y -qq -o Dpkg::Use-Pty=0 quire > /dev/null || fail "apt-get remove quire"
[[ ! -e "$root/usr/bin/quire" && ! -e "$root/usr/share/quire" && ! -e "$root/usr/share/thumbnailers/quire.thumbnailer" ]] || fail "files left after removal"

step "passed"
