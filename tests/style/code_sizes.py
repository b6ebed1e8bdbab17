#!/usr/bin/env python3
"""Function and file sizes of the project's C++ and Python code.

    python3 tests/style/code_sizes.py [--root DIR] [--max-function 100] [--max-file 400] [--max-test-file 600] [--list N]

Counts the lines of every function body (from the line of its opening brace to the line of its closing
brace, both included) in core/, app/, widgets/ and python/, the lines of every file there, and the lines of
every test file (tests/). Prints every function and file over its limit and exits 1 if there is one, else
prints the longest functions and exits 0.

C++ is read with a small brace scanner: comments, string and character literals are blanked first, then a
'{' opens a function body when the text since the previous ';', '{' or '}' ends in a parameter list (a
')' possibly followed by qualifiers, an initializer list or a trailing return type) and is not a
control statement. Braces inside a body belong to that body, so lambdas count towards the function that
holds them; a lambda at namespace scope counts as a function of its own. Python functions are measured by
their indentation.
"""
import argparse
import os
import re
import sys

SOURCE_DIRS = ("core", "app", "widgets", "python")
CPP_SUFFIXES = (".cpp", ".h", ".inl", ".hpp", ".cc")
CONTROL = re.compile(r"\b(if|for|while|switch|catch|do|else|try)\s*$")
CONTROL_HEAD = re.compile(r"^\s*(if|for|while|switch|catch|return|else)\b")
SCOPE_HEAD = re.compile(r"\b(namespace|class|struct|union|enum)\b[^()]*$")


def blank_literals(text):
    """Replaces comments and the insides of string/char literals by spaces, keeping the newlines."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == 'R' and text.startswith('R"', i) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == '_')):
            k = text.find("(", i)
            delim = ")" + text[i + 2:k] + '"'
            j = text.find(delim, k)
            j = n if j < 0 else j + len(delim)
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c in "\"'":
            if c == "'" and i > 0 and text[i - 1].isalnum():  # digit separator 1'000
                out.append(" ")
                i += 1
                continue
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append(c + " " * (min(j, n) - i - 1) + (c if j < n else ""))
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def is_function_head(head):
    head = head.strip()
    if not head or CONTROL_HEAD.match(head) or CONTROL.search(head):
        return False
    if SCOPE_HEAD.search(head) and ")" not in head:
        return False
    if head.endswith("=") or head.endswith(","):
        return False
    # A parameter list, optionally followed by qualifiers / trailing return / member initializers.
    return re.search(r"\)\s*(const|noexcept|override|final|mutable|->[^{;]*|:[^;]*|\s)*$", head) is not None


def cpp_functions(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        text = blank_literals(f.read())
    text = re.sub(r"^\s*#.*$", "", text, flags=re.M)  # preprocessor lines
    functions, stack = [], []  # stack of (kind, start_line, name)
    line, head_start = 1, 0
    for i, c in enumerate(text):
        if c == "\n":
            line += 1
        elif c in ";":
            if not any(k == "function" for k, _, _ in stack):
                head_start = i + 1
        elif c == "{":
            inside = any(k == "function" for k, _, _ in stack)
            head = text[head_start:i]
            if not inside and is_function_head(head):
                name = re.findall(r"([~\w:]+(?:operator\s*\S+)?)\s*\(", head)
                stack.append(("function", line, name[0] if name else "(lambda)"))
            else:
                stack.append(("block", line, ""))
            head_start = i + 1
        elif c == "}":
            if stack:
                kind, start, name = stack.pop()
                if kind == "function":
                    functions.append((name, start, line - start + 1))
            if not any(k == "function" for k, _, _ in stack):
                head_start = i + 1
    return functions


def python_functions(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        lines = f.read().split("\n")
    functions = []
    for i, text in enumerate(lines):
        m = re.match(r"^(\s*)(async\s+)?def\s+(\w+)", text)
        if not m:
            continue
        indent, end = len(m.group(1)), i
        for j in range(i + 1, len(lines)):
            stripped = lines[j].strip()
            if stripped and not stripped.startswith("#"):
                if len(lines[j]) - len(lines[j].lstrip()) <= indent:
                    break
                end = j
        functions.append((m.group(3), i + 1, end - i + 1))
    return functions


def source_files(root):
    for top in SOURCE_DIRS:
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, top)):
            dirnames[:] = [d for d in dirnames if not d.startswith((".", "build", "__pycache__"))]
            for name in sorted(filenames):
                if name.endswith(CPP_SUFFIXES + (".py",)):
                    yield os.path.join(dirpath, name)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--root", default=os.path.join(os.path.dirname(__file__), "..", ".."))
    parser.add_argument("--max-function", type=int, default=100)
    parser.add_argument("--max-file", type=int, default=400)
    parser.add_argument("--max-test-file", type=int, default=600)
    parser.add_argument("--list", type=int, default=10, help="longest functions to print when all fit")
    args = parser.parse_args()
    root = os.path.abspath(args.root)
    functions, long_files = [], []
    for path in source_files(root):
        rel = os.path.relpath(path, root)
        with open(path, encoding="utf-8", errors="replace") as f:
            count = sum(1 for _ in f)
        if count > args.max_file:
            long_files.append((rel, count))
        found = python_functions(path) if path.endswith(".py") else cpp_functions(path)
        functions += [(length, rel, start, name) for name, start, length in found]
    for dirpath, dirnames, filenames in os.walk(os.path.join(root, "tests")):
        for name in sorted(filenames):
            if name.endswith(CPP_SUFFIXES + (".py", ".sh")):
                path = os.path.join(dirpath, name)
                with open(path, encoding="utf-8", errors="replace") as f:
                    count = sum(1 for _ in f)
                if count > args.max_test_file:
                    long_files.append((os.path.relpath(path, root) + " (a test)", count))
    functions.sort(reverse=True)
    too_long = [f for f in functions if f[0] > args.max_function]
    for length, rel, start, name in too_long:
        print(f"{rel}:{start}: function {name} has {length} lines (at most {args.max_function})")
    for rel, count in long_files:
        limit = args.max_test_file if rel.endswith("(a test)") else args.max_file
        print(f"{rel}: file has {count} lines (at most {limit})")
    if too_long or long_files:
        return 1
    print(f"{len(functions)} functions, none over {args.max_function} lines; no file over {args.max_file} lines, "
          f"no test file over {args.max_test_file}.")
    print("Longest:")
    for length, rel, start, name in functions[:args.list]:
        print(f"  {length:4d}  {rel}:{start}  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
