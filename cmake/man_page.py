#!/usr/bin/env python3
"""A manual page (troff, man(7) macros) from a program's own description of its usage, so that the page cannot
drift from its --help: NAME, SYNOPSIS, DESCRIPTION, OPTIONS (one .TP entry per option), EXAMPLES, ENVIRONMENT,
FILES, SEE ALSO; man(1) fills and wraps the text to the reader's width.

    pxrun --help-json | python3 man_page.py --json pxrun VERSION "ONE-LINE SUMMARY" > pxrun.1
    pxstudio --help-all | python3 man_page.py --qt pxstudio VERSION "ONE-LINE SUMMARY" > pxstudio.1

--json reads pxrun's usage table (app/pxrun/Usage.h); --qt reads the text QCommandLineParser prints, whose
entries it splits into options and arguments (the app's examples, files and environment are below).
"""
import json
import re
import sys

GROUPS = [("", None), ("mechanism", "Mechanism options (embed, audit)"), ("every", "Options of every command"),
          ("top", "Options on their own")]


def roff(text):
    """Text safe in troff: backslashes escaped, hyphens as minus signs where they start an option, no request."""
    text = text.replace("\\", "\\e")
    text = re.sub(r"(?<![\w])-(?=[-\w])", r"\\-", text)
    # the hyphens inside an option's name too ("--max-size"): troff may break a line after "-", never after "\-"
    text = re.sub(r"\\-\\-(\w+(?:-\w+)+)", lambda m: "\\-\\-" + m.group(1).replace("-", "\\-"), text)
    return "\\&" + text if text.startswith((".", "'")) else text


def synopsis(text):
    """A command's synopsis in troff: a bracketed group ("[--scheme a|b]") is not broken across lines."""
    out, depth = [], 0
    for char in roff(text):
        out.append("\\ " if char == " " and depth > 0 else char)
        depth += {"[": 1, "]": -1}.get(char, 0)
    return "".join(out)


def header(name, version, summary):
    return [f'.TH {name.upper()} 1 "" "PXStudio {version}" "User Commands"', ".nh", ".ad l",
            ".SH NAME", f"{name} \\- {roff(summary)}"]


def tagged(tag, text):
    return [".TP", tag, roff(text)]


def option_tag(name, value):
    return f"\\fB{roff(name)}\\fR" + (f" \\fI{roff(value)}\\fR" if value else "")


def pxrun_page(doc, name, version, summary):
    out = header(name, version, summary)
    out += [".SH SYNOPSIS", f".B {name}", "\\fIcommand\\fR [\\fIoptions\\fR]", ".SH DESCRIPTION",
            f"\\fB{name}\\fR runs the PXStudio engine without the desktop application: batch sweeps, density "
            "matrices, figures, privacy audits and benchmarks. Each command below names the options it takes.",
            ".SS Commands"]
    for command in doc["commands"]:
        words = command["synopsis"].split(" ")
        out += [".PP", f"\\fB{roff(words[0])}\\fR {synopsis(' '.join(words[1:]))}".rstrip(), ".RS", roff(command["text"]),
                ".RE"]
    out += [".SH OPTIONS"]
    for group, title in GROUPS:
        if title:
            out += [f".SS {title}"]
        for option in (o for o in doc["options"] if o["group"] == group):
            out += tagged(option_tag(option["name"], option["value"]), option["text"])
    out += [".SH EXAMPLES"]
    for example in doc["examples"]:
        out += [".PP", f"\\fB{roff(example['name'])}\\fR", ".RS", roff(example["text"]), ".RE"]
    out += [".SH ENVIRONMENT"]
    for variable in doc["environment"]:
        out += tagged(f"\\fB{roff(variable['name'])}\\fR", variable["text"])
    out += [".SH FILES"]
    for f in doc["files"]:
        out += tagged(f"\\fI{roff(f['name'])}\\fR", f["text"])
    return out + see_also(name)


QT_ENTRY = re.compile(r"^  (\S.*?)(?:\s{2,}(\S.*))?$")
PXSTUDIO_EXTRA = {
    "examples": [("pxstudio", "open the application with its start page"),
                 ("pxstudio --lesson 1", "play the first lesson"),
                 ("pxstudio session.json", "reopen a saved session")],
    "environment": [("QT_QPA_PLATFORM", "the Qt platform plugin; offscreen runs the application without a display"),
                    ("PX_DENSITY_CACHE=FOLDER|off", "where densities are kept between runs (see pxrun(1))")],
    "files": [("/usr/share/pxstudio/lessons", "the lessons --lesson plays by number or name"),
              ("/usr/share/pxstudio/specs", "example sweep specs")],
}


def qt_entries(lines):
    """Qt's help as {heading: [[entry, text]]} (entries start two spaces in, their text goes on indented deeper)
    and the paragraphs outside the lists (the description, an epilogue)."""
    sections, current, prose = {}, None, []
    for line in lines[1:]:
        if line.endswith(":") and not line.startswith(" "):
            current = sections.setdefault(line[:-1], [])
        elif not line.strip():
            continue
        elif not line.startswith(" "):
            current = None
            prose.append(line.strip())
        elif current is not None and not line.startswith("   "):
            m = QT_ENTRY.match(line)
            current.append([m.group(1), m.group(2) or ""])
        elif current:
            current[-1][1] = (current[-1][1] + " " + line.strip()).strip()
    return sections, prose


def qt_page(lines, name, version, summary):
    sections, prose = qt_entries(lines)
    usage = re.match(r"^Usage: \S+ ?(.*)$", lines[0])
    out = header(name, version, summary)
    out += [".SH SYNOPSIS", f".B {name}", synopsis(usage.group(1) if usage else "[options]").replace(
        "[options]", "[\\fIoptions\\fR]"), ".SH DESCRIPTION"]
    for paragraph in prose:
        out += [".PP", roff(paragraph)]
    for entry, text in sections.get("Arguments", []):
        out += tagged(f"\\fI{roff(entry)}\\fR", text)
    out += [".SH OPTIONS"]
    for entry, text in sections.get("Options", []):
        flags = re.match(r"^(.*?)(?: <(.*)>| ([A-Z][A-Za-z]*))?$", entry)
        out += tagged(option_tag(flags.group(1), flags.group(2) or flags.group(3)), text)
    for title, key in (("EXAMPLES", "examples"), ("ENVIRONMENT", "environment"), ("FILES", "files")):
        out += [f".SH {title}"]
        for entry, text in PXSTUDIO_EXTRA[key]:
            out += tagged(f"\\fB{roff(entry)}\\fR", text)
    return out + see_also(name)


def see_also(name):
    other = "pxstudio" if name == "pxrun" else "pxrun"
    return [".SH SEE ALSO", f"\\fB{other}\\fR(1); the user guide in the application (F1)."]


def main():
    mode, name, version, summary = sys.argv[1:5]
    text = sys.stdin.read()
    if mode == "--json":
        out = pxrun_page(json.loads(text), name, version, summary)
    else:
        out = qt_page(text.rstrip("\n").splitlines(), name, version, summary)
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
