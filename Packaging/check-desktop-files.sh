#!/usr/bin/env bash
# Part of `make test`: the files that tell the desktop about Quire, checked with the desktop's own tools.
#
#   Packaging/check-desktop-files.sh BINARY      (a debug build will do)
#
# - the menu entry: desktop-file-validate; its StartupWMClass is the class the window sets;
# - the AppStream metainfo: appstreamcli validate --no-net;
# - the file type: xmllint (well-formed), update-mime-database (what file managers read), and GLib's
#   content-type lookup on real files: a notebook by its name, and by its bytes when renamed, while
#   a plain SQLite database stays one;
# - the thumbnailer entry: its Exec line and type, and a thumbnail made by running that line;
# - the icon: the PNG sizes the hicolor theme gets are the sizes their names say;
# - the manual and the completions generate (Packaging/install-files.sh into a temporary root) and the
#   manual formats without a groff warning; the bash completion parses.
set -euo pipefail

binary=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
top=$(dirname "$here")
id=io.github.quire.Quire
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "check-desktop-files: FAILED: $*" >&2; exit 1; }

for tool in desktop-file-validate appstreamcli xmllint update-mime-database gio groff python3; do
    command -v "$tool" >/dev/null || fail "$tool is missing (Packaging/setup-debian.sh installs it)"
done

desktop="$here/desktop/$id.desktop"
out=$(desktop-file-validate "$desktop" 2>&1) || fail "desktop-file-validate: $out"
[[ -z "$out" ]] || fail "desktop-file-validate has remarks: $out"
grep -qx 'StartupWMClass=Quire' "$desktop" || fail "StartupWMClass is not the window's class, Quire"
grep -q 'className: "Quire"' "$top/Sources/QuireX11/X11Window.swift" || fail "the window's class is no longer Quire"
grep -qx 'Exec=quire %f' "$desktop" || fail "Exec is not 'quire %f'"
grep -qx 'MimeType=application/x-quire-notebook;' "$desktop" || fail "the entry does not open notebooks"

appstreamcli validate --no-net "$here/desktop/$id.metainfo.xml" > "$work/appstream.txt" 2>&1 ||
    fail "appstreamcli validate: $(cat "$work/appstream.txt")"
version=$("$binary" --version)
grep -q "<release version=\"$version\"" "$here/desktop/$id.metainfo.xml" ||
    fail "the metainfo has no <release> for version $version (Sources/quire/QuireVersion.swift)"

mime="$here/desktop/$id.xml"
xmllint --noout "$mime" || fail "xmllint: $mime is not well-formed XML"
mkdir -p "$work/share/mime/packages"
# freedesktop.org.xml (shared-mime-info) defines application/vnd.sqlite3, which ours is a subclass of.
cp /usr/share/mime/packages/freedesktop.org.xml "$mime" "$work/share/mime/packages/"
out=$(XDG_DATA_DIRS="$work/share" update-mime-database "$work/share/mime" 2>&1) || fail "update-mime-database: $out"
[[ -z "$out" ]] || fail "update-mime-database has remarks: $out"
content_type() {
    XDG_DATA_DIRS="$work/share" XDG_DATA_HOME="$work/share" gio info -a standard::content-type "$1" |
        sed -n 's/^ *standard::content-type: //p'
}
"$binary" new Typed --library "$work/notebooks" > /dev/null
notebook="$work/notebooks/Typed.quire"
cp "$notebook" "$work/renamed.bin"
# The same bytes with another application_id (header bytes 68–71): just an SQLite database.
cp "$notebook" "$work/plain.db.bin"
printf '\0\0\0\0' | dd of="$work/plain.db.bin" bs=1 seek=68 conv=notrunc status=none
[[ $(content_type "$notebook") == application/x-quire-notebook ]] || fail "a .quire file is $(content_type "$notebook")"
[[ $(content_type "$work/renamed.bin") == application/x-quire-notebook ]] ||
    fail "a notebook under another name is $(content_type "$work/renamed.bin"): the magic does not match"
[[ $(content_type "$work/plain.db.bin") == application/vnd.sqlite3 ]] ||
    fail "a plain SQLite database is $(content_type "$work/plain.db.bin"), not application/vnd.sqlite3"

# The thumbnailer entry file managers run (the thumbnails themselves are tested in
# ThumbnailerCommandLineTests, through this same Exec line).
thumbnailer="$here/desktop/quire.thumbnailer"
[[ $(head -1 "$thumbnailer") == "[Thumbnailer Entry]" ]] || fail "quire.thumbnailer does not start with [Thumbnailer Entry]"
grep -qx 'Exec=quire thumbnail %i %o --size %s' "$thumbnailer" || fail "quire.thumbnailer's Exec is not 'quire thumbnail %i %o --size %s'"
grep -qx 'MimeType=application/x-quire-notebook;' "$thumbnailer" || fail "quire.thumbnailer is not for the notebook type"
grep -q 'mime-type type="application/x-quire-notebook"' "$mime" || fail "the file type is no longer application/x-quire-notebook"
"$binary" new Pictured --library "$work/notebooks" > /dev/null
sed -n 's/^Exec=//p' "$thumbnailer" | sed "s|^quire|$binary|; s|%i|$work/notebooks/Pictured.quire|; s|%o|$work/thumbnail.png|; s|%s|128|" > "$work/exec.sh"
bash "$work/exec.sh" || fail "the thumbnailer's Exec line failed: $(cat "$work/exec.sh")"
[[ $(od -An -tx1 -N8 "$work/thumbnail.png" | tr -d ' \n') == 89504e470d0a1a0a ]] || fail "the thumbnailer wrote no PNG"

for png in "$top"/Resources/Icons/quire-*.png; do
    size=$(basename "$png" .png); size=${size#quire-}
    # The PNG header: width and height, big-endian, at bytes 16 and 20.
    read -r width height < <(od -An -tu1 -j16 -N8 "$png" |
        awk '{print $1*16777216+$2*65536+$3*256+$4, $5*16777216+$6*65536+$7*256+$8}')
    [[ "$width" == "$size" && "$height" == "$size" ]] || fail "$png is ${width}×${height}"
done
xmllint --noout "$top/Resources/Icons/$id.svg" || fail "the SVG icon is not well-formed"

"$here/install-files.sh" "$binary" "$work/root" /usr
man="$work/root/usr/share/man/man1/quire.1.gz"
warnings=$(zcat "$man" | groff -man -Tutf8 -ww -z 2>&1)
[[ -z "$warnings" ]] || fail "groff warns about quire.1: $warnings"
# What it must say: every command, the options, the key table, the version.
for expected in ".B quire new" ".SS scraps move" '\fB\-\-export\-png\fR' "Ctrl+Shift+Delete" ".SH KEYS" "Quire $version"; do
    zcat "$man" | grep -qF -- "$expected" || fail "quire.1 lacks $expected"
done
completions=("$work/root/usr/share/bash-completion/completions/quire" "$work/root/usr/share/zsh/vendor-completions/_quire"
             "$work/root/usr/share/fish/vendor_completions.d/quire.fish")
bash -n "${completions[0]}" || fail "the bash completion does not parse"
for completion in "${completions[@]}"; do
    # Every shell's script knows the subcommands and their options.
    grep -q "scraps" "$completion" && grep -q "export-png" "$completion" || fail "$completion lacks the commands"
done
echo "check-desktop-files: passed (menu entry, metainfo, file type, thumbnailer, icon, manual, completions)"
