"""Mutation sites of C++ sources: where a one-line mutant can be made, and what it is.

A site is one place on one line (file, line, column) with the text found there and its replacement. The
operators are those of the mutation literature's usual set [Offutt 1996; Jia & Harman 2011]: arithmetic and
comparison operators swapped, logical connectives swapped, an integer constant plus or minus one, a condition
negated, an index one further ([i] → [i + 1]), a statement removed, a returned value replaced by the type's default ({}).
Comments, string and character literals are masked first, preprocessor lines are skipped, and only lines in
`executed` (a set of line numbers; None: all lines) are used.
"""
import re
from dataclasses import dataclass

SWAPS = {" + ": " - ", " - ": " + ", " * ": " / ", " / ": " * ", " < ": " <= ", " <= ": " < ", " > ": " >= ",
         " >= ": " > ", " == ": " != ", " != ": " == ", " && ": " || ", " || ": " && ", " += ": " -= ", " -= ": " += "}
SWAP_PATTERN = re.compile("|".join(re.escape(k) for k in sorted(SWAPS, key=len, reverse=True)))
INTEGER = re.compile(r"(?<![\w.])(\d+)(?![\w.'])")
IF_CONDITION = re.compile(r"\b(if|while) \(")
INDEX = re.compile(r"(?<=[\w)\]])\[([^\[\]]+)\]")
STATEMENT = re.compile(r"^(\+\+|--)?[\w.:>\[\]()-]+(\(.*\)|\s*[-+*/|&]?=\s.*|\+\+|--);$")
RETURN = re.compile(r"\breturn (.+?);")


@dataclass(frozen=True)
class Site:
    file: str
    line: int  # 1-based
    column: int  # 0-based, in the line
    kind: str
    find: str
    replace: str

    def describe(self):
        return f"{self.kind}: `{self.find.strip()}` → `{self.replace.strip()}`"

    def key(self):
        return f"{self.file}:{self.line}:{self.column}:{self.kind}"


def mask(text):
    """The text with comments and string/char literals replaced by spaces (newlines kept): same offsets."""
    out = list(text)
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
        elif c == "R" and text.startswith('R"', i) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            delim = text[i + 2:text.find("(", i + 2)]
            j = text.find(")" + delim + '"', i)
            j = n if j < 0 else j + len(delim) + 2
        elif c in "\"'" and not (c == "'" and i > 0 and text[i - 1].isalnum()):  # 1'000 is a digit separator
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            j += 1
        else:
            i += 1
            continue
        for k in range(i, min(j, n)):
            if out[k] != "\n":
                out[k] = " "
        i = j
    return "".join(out)


def matching_paren(line, open_at):
    depth = 0
    for k in range(open_at, len(line)):
        depth += {"(": 1, ")": -1}.get(line[k], 0)
        if depth == 0:
            return k
    return -1


def line_sites(path, number, code):
    """The sites of one masked line (no comments or strings in it)."""
    stripped = code.strip()
    if not stripped or stripped.startswith("#") or "template" in code or "operator" in code:
        return []
    found = []
    for m in SWAP_PATTERN.finditer(code):
        found.append(Site(path, number, m.start(), "operator", m.group(0), SWAPS[m.group(0)]))
    for m in INTEGER.finditer(code):
        value = int(m.group(1))
        found.append(Site(path, number, m.start(), "constant+1", m.group(1), str(value + 1)))
        if value > 0:
            found.append(Site(path, number, m.start(), "constant-1", m.group(1), str(value - 1)))
    for m in IF_CONDITION.finditer(code):
        close = matching_paren(code, m.end() - 1)
        if close > 0 and ";" not in code[m.end():close]:  # not `if (init; condition)`
            cond = code[m.end():close]
            found.append(Site(path, number, m.end(), "negated", cond, "!(" + cond + ")"))
    for m in INDEX.finditer(code):
        inner = m.group(1)
        if inner.strip() and not re.search(r"[&=]|\bthis\b", inner):
            found.append(Site(path, number, m.start(1), "index+1", inner, inner + " + 1"))
    if STATEMENT.match(stripped) and stripped.count("(") == stripped.count(")") and not stripped.startswith("return"):
        found.append(Site(path, number, code.index(stripped), "removed", stripped, ";"))
    m = RETURN.search(code)
    if m and m.group(1).strip() not in ("{}", "true", "false", "0", "nullptr", "*this"):
        found.append(Site(path, number, m.start(1), "return", m.group(1), "{}"))
    return found


def file_sites(root, path, executed=None):
    """Every site of the file at root/path on the lines in `executed` (None: every line)."""
    text = open(f"{root}/{path}", encoding="utf-8").read()
    sites = []
    for number, (code, original) in enumerate(zip(mask(text).split("\n"), text.split("\n")), start=1):
        if executed is None or number in executed:
            sites.extend(unmasked(site, original) for site in line_sites(path, number, code))
    return sites


def unmasked(site, original):
    """The site with its text read from the line as written (masking keeps the columns)."""
    find = original[site.column:site.column + len(site.find)]
    if find == site.find:
        return site
    replace = {"removed": ";", "return": "{}", "negated": "!(" + find + ")", "index+1": find + " + 1"}.get(site.kind, site.replace)
    return Site(site.file, site.line, site.column, site.kind, find, replace)


def apply(text, site):
    """The file's text with the site's mutation applied; ValueError when the text at the site has changed."""
    lines = text.split("\n")
    line = lines[site.line - 1]
    if line[site.column:site.column + len(site.find)] != site.find:
        raise ValueError(f"{site.file}:{site.line}: `{site.find}` is no longer at column {site.column}")
    lines[site.line - 1] = line[:site.column] + site.replace + line[site.column + len(site.find):]
    return "\n".join(lines)
