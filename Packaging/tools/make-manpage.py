#!/usr/bin/env python3
"""Writes quire(1) from the command line's own definitions, so the manual cannot drift from the program.

    make-manpage.py DUMP.json KEYS.txt VERSION > quire.1

DUMP.json is what `quire --experimental-dump-help` prints (swift-argument-parser's description of
every command, argument and option); KEYS.txt is `quire keys` (the key table the window acts by).

Why not swift-argument-parser's own `generate-manual` plugin: it builds every product of the package
again in release mode (the benchmark and the fuzzer too) just to run `--experimental-dump-help`, and it
writes the key table, which lives in the command's discussion, as one run-on paragraph. Reading the
same dump here is a second's work, and the keys become a proper list. Standard library only.
"""
import datetime
import json
import os
import re
import sys


def roff(text):
    """Escapes text for a roff line: backslashes, hyphens in options, non-ASCII, and a leading dot or quote."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    text = re.sub(r"`([^`]+)`", r"\\fB\1\\fR", text)
    # Non-ASCII (×, –, −) as groff's Unicode escapes: right whether or not the formatter reads UTF-8.
    text = "".join(c if ord(c) < 128 else "\\[u%04X]" % ord(c) for c in text)
    return "\\&" + text if text[:1] in (".", "'") else text


def option_names(argument):
    names = []
    for name in argument.get("names", []):
        dashes = "-" if name["kind"] == "short" else "--"
        names.append(dashes + name["name"])
    return names


def synopsis_part(argument):
    """One argument as the usage line shows it: [--size <WIDTHxHEIGHT>], <notebook>, [<pictures> ...]."""
    value = "<%s>" % argument.get("valueName", "value")
    if argument["kind"] == "positional":
        text = value
    else:
        text = (option_names(argument) or ["?"])[-1]
        if argument["kind"] == "option":
            text += " " + value
    if argument.get("isRepeating"):
        text += " ..."
    return "[%s]" % text if argument.get("isOptional") else text


def shown(arguments):
    return [a for a in arguments or [] if a.get("shouldDisplay", True)
            and not {"help", "version"} & {n["name"] for n in a.get("names", [])}]


def paragraphs(text):
    """Text as .PP paragraphs: blank lines split paragraphs; an indented line stays a line of its own."""
    out = []
    for block in re.split(r"\n\s*\n", text.strip()):
        lines = block.split("\n")
        out.append(".PP")
        for line in lines:
            if line.startswith(" "):
                out += [".br", roff(line.strip())]
            else:
                out.append(roff(line))
    return out


def argument_entries(arguments):
    out = []
    for argument in arguments:
        if argument["kind"] == "positional":
            head = "\\fI%s\\fR" % roff(argument.get("valueName", "value"))
        else:
            names = ", ".join("\\fB%s\\fR" % roff(n) for n in option_names(argument))
            head = names + (" \\fI%s\\fR" % roff(argument.get("valueName", "value")) if argument["kind"] == "option" else "")
        abstract = argument.get("abstract", "")
        if "defaultValue" in argument:
            abstract += " (default: %s)" % argument["defaultValue"]
        out += [".TP", head, roff(abstract)]
    return out


def commands(command, path):
    """Each displayed subcommand, depth first, as (words, command)."""
    for sub in command.get("subcommands", []):
        if not sub.get("shouldDisplay", True) or sub["commandName"] == "help":
            continue
        words = path + [sub["commandName"]]
        if sub.get("subcommands"):
            yield from commands(sub, words)
        else:
            yield words, sub


def key_table(text):
    """`quire keys`: "Heading:" lines, then a key and what it does, separated by two or more spaces."""
    out = []
    for line in text.splitlines():
        if not line.strip():
            continue
        if line.endswith(":"):
            out += [".SS %s" % roff(line[:-1])]
            continue
        key, _, does = re.split(r"(\s{2,})", line.strip(), maxsplit=1)
        out += [".TP", "\\fB%s\\fR" % roff(key), roff(does.strip())]
    return out


def manual(dump, keys, version):
    root = dump["command"]
    name = root["commandName"]
    # The root's discussion ends with the key table; the KEYS section has it as a list instead.
    description = root.get("discussion", "").split("\nKeys (")[0]
    # SOURCE_DATE_EPOCH (reproducible builds) when the build sets it, else today.
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    date = (datetime.datetime.fromtimestamp(int(epoch), datetime.timezone.utc).date() if epoch
            else datetime.date.today()).isoformat()
    out = [
        '.\\" Written by Packaging/tools/make-manpage.py from `quire --experimental-dump-help` and `quire keys`.',
        '.TH %s 1 "%s" "Quire %s" "User Commands"' % (name.upper(), date, version),
        ".SH NAME",
        "%s \\- %s" % (name, roff(root.get("abstract", "").rstrip("."))),
        ".SH SYNOPSIS",
    ]
    default = root.get("defaultSubcommand")
    for words, command in commands(root, [name]):
        parts = [synopsis_part(a) for a in shown(command.get("arguments"))]
        if words[1:] == [default]:
            out += [".B %s" % name, " ".join(["[%s]" % default] + [roff(p) for p in parts]), ".br"]
        else:
            out += [".B %s" % roff(" ".join(words)), roff(" ".join(parts)), ".br"]
    out += [".B %s" % name, "\\fB\\-\\-version\\fR | \\fB\\-\\-help\\fR", ".SH DESCRIPTION"]
    out += paragraphs(description)
    out += [".SH COMMANDS"]
    for words, command in commands(root, [name]):
        out += [".SS %s" % roff(" ".join(words[1:]))]
        out += [roff(command.get("abstract", ""))]
        if command.get("discussion"):
            out += paragraphs(command["discussion"])
        entries = argument_entries(shown(command.get("arguments")))
        if entries:
            out += [".PP"] + entries
    out += [".SH KEYS", "In the window (also printed by \\fBquire keys\\fR):"]
    out += key_table(keys)
    out += [
        ".SH FILES",
        ".TP", "\\fI$XDG_DATA_HOME/quire/notebooks\\fR (\\fI~/.local/share/quire/notebooks\\fR)",
        "The notebooks, one SQLite file each (\\fI*.quire\\fR).",
        ".TP", "\\fI$XDG_CONFIG_HOME/quire/config\\fR (\\fI~/.config/quire/config\\fR)",
        "Settings, lines of \\fIkey\\fR = \\fIvalue\\fR: pen.lower\\-button, pen.upper\\-button (pan, erase, "
        "select or none), touch.palm\\-rejection\\-ms; and for each of pen, marker, highlighter and eraser "
        "(the pen settings panel, W, writes them): \\fITOOL\\fR.width (lightest and firmest, page pixels), "
        "\\fITOOL\\fR.opacity (0 to 1), \\fITOOL\\fR.smoothing (0 to 1), \\fITOOL\\fR.pressure\\-curve "
        "(x1 y1 x2 y2 from 0 to 1, as xsetwacom's PressureCurve / 100).",
        ".TP", "\\fI/usr/share/quire\\fR",
        "Brush textures and the icon (\\fBQUIRE_RESOURCES\\fR names another folder).",
        ".SH ENVIRONMENT",
        ".TP", "\\fBDISPLAY\\fR", "The X display the window opens on (or \\fB\\-\\-display\\fR).",
        ".TP", "\\fBQUIRE_RESOURCES\\fR", "A folder holding Brushes/ to use instead of the installed one.",
        ".SH EXIT STATUS",
        "0 on success, 1 when the work failed (the message says why), 64 for a mistake on the command line.",
        ".SH SEE ALSO",
        "The README and INSTALL.md in /usr/share/doc/quire.",
    ]
    return "\n".join(out) + "\n"


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: make-manpage.py DUMP.json KEYS.txt VERSION > quire.1")
    with open(sys.argv[1]) as f:
        dump = json.load(f)
    with open(sys.argv[2]) as f:
        keys = f.read()
    sys.stdout.write(manual(dump, keys, sys.argv[3]))


if __name__ == "__main__":
    main()
