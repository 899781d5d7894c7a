#!/usr/bin/env bash
# Installs a built quire and everything that makes it a desktop program: the resources, the menu entry,
# the icon in the hicolor theme, the notebook file type and its thumbnailer, the AppStream metainfo, the manual page and
# the shell completions. `make install` and `make deb` both install through here, so the package and a
# prefix install hold the same files.
#
#   Packaging/install-files.sh BINARY DESTDIR PREFIX
#
# The manual and the completions are written by the binary itself (its argument-parser definitions),
# so BINARY must run on this machine. Needs python3 (Packaging/tools/make-manpage.py) and gzip.
set -euo pipefail

binary=$1 destdir=$2 prefix=$3
root="$destdir$prefix"
here=$(cd "$(dirname "$0")" && pwd)
top=$(dirname "$here")
id=io.github.quire.Quire
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

install -D -m 755 "$binary" "$root/bin/quire"
mkdir -p "$root/share/quire"
cp -R "$top/Resources/." "$root/share/quire/"
# Files are read by everyone whatever the umask of the checkout.
find "$root/share/quire" -name ".*" -type f -delete  # .gitkeep and the like
chmod -R u=rwX,go=rX "$root/share/quire"

install -D -m 644 "$here/desktop/$id.desktop" "$root/share/applications/$id.desktop"
install -D -m 644 "$here/desktop/$id.metainfo.xml" "$root/share/metainfo/$id.metainfo.xml"
install -D -m 644 "$here/desktop/$id.xml" "$root/share/mime/packages/$id.xml"
# What file managers (GNOME's, through GnomeDesktopThumbnailFactory; others through tumbler or the
# same entries) run to show a notebook's first page as its icon.
install -D -m 644 "$here/desktop/quire.thumbnailer" "$root/share/thumbnailers/quire.thumbnailer"
for png in "$top"/Resources/Icons/quire-*.png; do
    size=$(basename "$png" .png); size=${size#quire-}
    install -D -m 644 "$png" "$root/share/icons/hicolor/${size}x${size}/apps/$id.png"
done
install -D -m 644 "$top/Resources/Icons/$id.svg" "$root/share/icons/hicolor/scalable/apps/$id.svg"

"$binary" --experimental-dump-help > "$work/dump.json"
"$binary" keys > "$work/keys.txt"
version=$("$binary" --version)
python3 "$here/tools/make-manpage.py" "$work/dump.json" "$work/keys.txt" "$version" > "$work/quire.1"
mkdir -p "$root/share/man/man1"
# -n: no name or time stamp in the gzip header, so the package is the same on every build.
gzip -9n < "$work/quire.1" > "$root/share/man/man1/quire.1.gz"
chmod 644 "$root/share/man/man1/quire.1.gz"

mkdir -p "$root/share/bash-completion/completions" "$root/share/zsh/vendor-completions" \
         "$root/share/fish/vendor_completions.d"
# bash-completion sources its files, so the generated script's #! line is dropped (lintian: a
# completion is not a program).
"$binary" --generate-completion-script bash | sed '1{/^#!/d}' > "$root/share/bash-completion/completions/quire"
"$binary" --generate-completion-script zsh > "$root/share/zsh/vendor-completions/_quire"
"$binary" --generate-completion-script fish > "$root/share/fish/vendor_completions.d/quire.fish"
chmod 644 "$root/share/bash-completion/completions/quire" "$root/share/zsh/vendor-completions/_quire" \
          "$root/share/fish/vendor_completions.d/quire.fish"
