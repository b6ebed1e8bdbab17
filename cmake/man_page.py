#!/usr/bin/env python3
"""A manual page (troff, man(7) macros) from a program's --help text, so that the page cannot drift from it.

    PROGRAM --help | python3 man_page.py NAME VERSION "ONE-LINE SUMMARY" > NAME.1
"""
import sys


def escape(line):
    # troff: a backslash starts an escape, and a line starting with . or ' is a request
    line = line.replace("\\", "\\e")
    return "\\&" + line if line.startswith((".", "'")) else line


def main():
    name, version, summary = sys.argv[1:4]
    help_text = sys.stdin.read().rstrip("\n").splitlines()
    out = [f'.TH {name.upper()} 1 "" "PXStudio {version}" "User Commands"',
           ".SH NAME", f"{name} \\- {summary}",
           ".SH SYNOPSIS", f".B {name}", "[\\fIcommand or options\\fR]",
           ".SH DESCRIPTION",
           f"The text of \\fB{name} --help\\fR, from which this page is generated:",
           ".PP", ".nf", ".ft CR"]
    out += [escape(line) for line in help_text]
    out += [".ft R", ".fi",
            ".SH FILES",
            "Example sweep specs, lessons and data under \\fI/usr/share/pxstudio\\fR.",
            ".SH SEE ALSO",
            "\\fBpxstudio\\fR(1), \\fBpxrun\\fR(1); the user guide in the app (F1) and in the project's docs/ folder."]
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
