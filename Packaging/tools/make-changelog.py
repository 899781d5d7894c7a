#!/usr/bin/env python3
"""Writes the Debian changelog (to stdout) from the AppStream metainfo's <release> entries, newest first.

    make-changelog.py METAINFO VERSION "Name <mail>"

The release notes live in one place, the metainfo; the version in another, QuireVersion.swift, which
the built binary prints. The newest <release> must be VERSION, so a release without notes fails the
package build instead of shipping a changelog that stops at the one before. Quire is its own upstream,
a native package: versions without a Debian revision, the changelog named changelog.gz."""
import email.utils
import sys
import textwrap
import xml.etree.ElementTree as ElementTree
from datetime import datetime, timezone

metainfo, version, maintainer = sys.argv[1:4]
releases = ElementTree.parse(metainfo).getroot().findall("./releases/release")
if not releases:
    sys.exit(f"make-changelog: {metainfo} has no <release>")
newest = releases[0].get("version")
if newest != version:
    sys.exit(f"make-changelog: the newest <release> in {metainfo} is {newest}, the binary is {version}: "
             "add a <release> for it")

entries = []
for release in releases:
    date = datetime.strptime(release.get("date"), "%Y-%m-%d").replace(tzinfo=timezone.utc)
    notes = [" ".join("".join(p.itertext()).split()) for p in release.iter() if p.tag in ("p", "li")]
    # Debian's changelog lines stay within 80 columns: "  * " and then the note, wrapped.
    items = "\n".join(textwrap.fill(note, width=78, initial_indent="  * ", subsequent_indent="    ")
                      for note in notes or ["Release " + release.get("version") + "."])
    entries.append(f"quire ({release.get('version')}) unstable; urgency=medium\n\n{items}\n\n"
                   f" -- {maintainer}  {email.utils.format_datetime(date)}\n")
sys.stdout.write("\n".join(entries))
