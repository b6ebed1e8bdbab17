#!/usr/bin/env python3
"""Doxygen's INPUT_FILTER for core/'s headers: their comments are plain // comments, written for a reader of the
header; this shows them to Doxygen as documentation without changing a file.

- the comment block that opens a header (after #pragma once) becomes the file's description (\\file);
- a // block right above a declaration outside a function body becomes that declaration's ///;
- a trailing // after a member or enumerator (`int threads = 0;  // 0: all`) becomes ///<.
Comments inside function bodies stay plain. Lines keep their numbers, except that the added \\file line moves
the ones below it down by one.
"""
import re
import sys

OPENERS = re.compile(r"\b(namespace|struct|class|enum|union)\b")


def escaped(text):
    """Comment text as Doxygen reads it literally: no command (\\, @), link (#), HTML tag (<...>) of its own."""
    for ch in "\\@#<>":
        text = text.replace(ch, "\\" + ch)
    return text


def code_part(line):
    """The line's code before a // comment that is not inside a string, and the comment's column (or -1)."""
    quoted = False
    for i, ch in enumerate(line):
        if ch == '"' and (i == 0 or line[i - 1] != "\\"):
            quoted = not quoted
        elif not quoted and line.startswith("//", i):
            return line[:i], i
    return line, -1


def filtered(lines):
    out, stack, seen_code = [], [], False
    for line in lines:
        stripped = line.strip()
        in_body = "body" in stack
        if stripped.startswith("//") and not stripped.startswith("///") and not in_body:
            text = escaped(stripped[2:])
            indent = line[: len(line) - len(line.lstrip())]
            if not seen_code:  # the header's opening comment: the file's description
                first = not out or not out[-1].lstrip().startswith("///")
                out.append((f"{indent}/// \\file\n" if first else "") + f"{indent}///{text}")
            else:
                out.append(f"{indent}///{text}")
            continue
        code, column = code_part(line)
        if stripped and not stripped.startswith("#"):
            seen_code = True
        if column >= 0 and not in_body and code.strip() and code.rstrip().endswith((";", ",")) and not code.strip().startswith("#"):
            line = code + "///<" + escaped(line[column + 2:])
        for ch in code:
            if ch == "{":
                stack.append("scope" if OPENERS.search(code) else "body")
            elif ch == "}" and stack:
                stack.pop()
        out.append(line)
    return out


if __name__ == "__main__":
    source = open(sys.argv[1], encoding="utf-8").read().split("\n")
    sys.stdout.write("\n".join(filtered(source)))
