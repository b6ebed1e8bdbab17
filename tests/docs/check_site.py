#!/usr/bin/env python3
"""The documentation site (docs/conf.py): it builds without a warning, its links resolve, its maths renders offline.

`check_site.py --root .` builds the site with Sphinx into a temporary folder, warnings as errors
(`sphinx-build -W --keep-going`), then checks the built HTML; `--site DIR` checks a site already built (the docs
target checks build/docs/site so, Doxygen's pages included). The checks:

- links: every relative href and src of every page the site wrote (Doxygen's pages and MathJax's files are
  targets, not scanned) names a file of the site, and a #fragment names an id (or a name) in its target page;
  no network is needed, so http(s) links are not followed;
- maths: the page of formulas (mathematics.html) holds formulas, loads MathJax from a path inside the site that
  exists with the configuration and fonts MathJax fetches, and no page loads a script from another host;
- diagram: architecture.html draws the module graph as an SVG drawn by Graphviz at build time (a file of the
  site, or inline), whose text names every module of core/;
- rendering, where Debian's chromium is installed: headless chromium, offline, opens mathematics.html and MathJax
  typesets every formula on it without an error. Without chromium this check is named as not run.

Exit 0 when all pass, 1 with every failure listed (page, link), 77 (ctest's SKIP_RETURN_CODE) when sphinx or
myst-parser is not installed.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "style"))
import layers  # noqa: E402  (tests/style/layers.py: the floors of core/)

SKIP = 77
NOT_SCANNED = ("_static/", "_sources/", "api/core/", "_repo/")  # files the site copies in: link targets only
MATHS_PAGE = "mathematics.html"
MATHJAX_FILES = ["_static/mathjax/MathJax.js", "_static/mathjax/config/TeX-AMS_CHTML.js",
                 "_static/mathjax/jax/output/CommonHTML/jax.js", "_static/mathjax/jax/input/TeX/jax.js",
                 "_static/mathjax/fonts/HTML-CSS/TeX/woff/MathJax_Main-Regular.woff"]

# How MathJax 2 (CommonHTML output) marks a formula it could not typeset, in the page it leaves.
MATHJAX_ERRORS = {"a TeX syntax error": 'class="mjx-noError"', "an error element": "<merror", "an undefined macro":
                  'mathcolor="red"', "a failure of its own": "Math Processing Error"}


class PageParser(HTMLParser):
    """The links (href, src), ids and names, script sources and formula elements of one HTML page."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.links, self.anchors, self.scripts = [], set(), []
        self.formulas = 0

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        for key in ("href", "src"):
            if attributes.get(key) is not None and tag != "script":
                self.links.append(attributes[key])
        if tag == "script" and attributes.get("src"):
            self.scripts.append(attributes["src"])
        for key in ("id", "name"):
            if attributes.get(key):
                self.anchors.add(attributes[key])
        classes = (attributes.get("class") or "").split()
        if "math" in classes and tag in ("span", "div"):
            self.formulas += 1


def parse(path, cache):
    if path not in cache:
        parser = PageParser()
        parser.feed(path.read_text(encoding="utf-8", errors="replace"))
        cache[path] = parser
    return cache[path]


def link_failure(site, page, link, cache):
    """Why a relative link of page does not resolve inside site, or None when it does."""
    parts = urlsplit(link)
    if parts.scheme or parts.netloc:
        return None  # another host (http, https, mailto): not followed offline
    target = page if not parts.path else (page.parent / unquote(parts.path)).resolve()
    if not str(target).startswith(str(site.resolve())):
        return "points outside the site"
    if target.is_dir():
        target = target / "index.html"
    if not target.is_file():
        return "no such file"
    fragment = unquote(parts.fragment)
    if fragment and target.suffix == ".html" and fragment not in parse(target, cache).anchors:
        return f"no id '{fragment}' in {target.relative_to(site.resolve())}"
    return None


def check_links(site):
    site = site.resolve()
    cache, failures, pages = {}, [], 0
    for page in sorted(site.rglob("*.html")):
        relative = page.relative_to(site).as_posix()
        if relative.startswith(NOT_SCANNED):
            continue
        pages += 1
        for link in dict.fromkeys(parse(page, cache).links + parse(page, cache).scripts):  # each link once
            why = link_failure(site, page, link, cache)
            if why:
                failures.append(f"{relative}: link '{link}': {why}")
    if pages == 0:
        failures.append(f"{site}: no HTML page was built")
    return failures, pages


def check_maths(site):
    failures = []
    page = site / MATHS_PAGE
    if not page.is_file():
        return [f"{MATHS_PAGE}: not built"]
    parsed = PageParser()
    parsed.feed(page.read_text(encoding="utf-8"))
    if parsed.formulas == 0:
        failures.append(f"{MATHS_PAGE}: no formula (no element of class 'math')")
    mathjax = [src for src in parsed.scripts if "MathJax.js" in src]
    if not mathjax:
        failures.append(f"{MATHS_PAGE}: does not load MathJax")
    for src in mathjax:
        if urlsplit(src).scheme or src.startswith("//"):
            failures.append(f"{MATHS_PAGE}: MathJax from another host: {src}")
        elif not (page.parent / urlsplit(src).path).is_file():
            failures.append(f"{MATHS_PAGE}: MathJax script {src} is not in the site")
    failures += [f"{name}: missing (MathJax fetches it)" for name in MATHJAX_FILES if not (site / name).is_file()]
    for other in sorted(site.rglob("*.html")):
        if other.relative_to(site).as_posix().startswith(NOT_SCANNED):
            continue
        failures += [f"{other.relative_to(site)}: script from another host: {src}"
                     for src in parse(other, {}).scripts if urlsplit(src).scheme or src.startswith("//")]
    return failures, parsed.formulas


def render_maths(site, formulas):
    """Typeset mathematics.html in headless chromium; failures, or None when chromium is not installed."""
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if not browser:
        return None
    with tempfile.TemporaryDirectory(prefix="px-chromium-") as profile:
        command = [browser, "--headless", "--no-sandbox", "--disable-gpu", f"--user-data-dir={profile}",
                   "--virtual-time-budget=20000", "--dump-dom", (site / MATHS_PAGE).resolve().as_uri()]
        run = subprocess.run(command, capture_output=True, text=True, timeout=180)
    if run.returncode != 0:
        return [f"chromium failed ({run.returncode}): {run.stderr[-500:]}"]
    typeset = len(re.findall(r'class="mjx-chtml MathJax_CHTML"', run.stdout))  # one per formula, inline or display
    failures = [f"{MATHS_PAGE}: MathJax shows {name} ({mark!r} in the page it typeset)"
                for name, mark in MATHJAX_ERRORS.items() if mark in run.stdout]
    if typeset != formulas:
        failures.append(f"{MATHS_PAGE}: MathJax typeset {typeset} of its {formulas} formulas")
    return failures


def build(root, out):
    """sphinx-build -W --keep-going into out; its output, and whether it passed."""
    command = [sys.executable, "-m", "sphinx", "-E", "-W", "--keep-going", "-q", "-b", "html",
               "-d", str(out / "doctrees"), str(root / "docs"), str(out / "html")]
    run = subprocess.run(command, capture_output=True, text=True)
    return run.stdout + run.stderr, run.returncode == 0


def check_diagram(site):
    """The module graph of architecture.html: an SVG of the site (object data, img src or inline) naming each
    module of core/ (the floors of tests/style/layers.py)."""
    page = site / "architecture.html"
    if not page.is_file():
        return [f"{page.name}: missing"]
    html = page.read_text(encoding="utf-8", errors="replace")
    svgs = [html[m.start():html.find("</svg>", m.start())] for m in re.finditer(r"<svg\b", html)]
    for link in re.findall(r'(?:data|src)="([^"#?]+\.svg)"', html):
        target = (page.parent / link).resolve()
        if target.is_file():
            svgs.append(target.read_text(encoding="utf-8", errors="replace"))
    modules = [m for floor in layers.FLOORS for m in floor]
    drawn = [svg for svg in svgs if all(f">{m}<" in svg for m in modules)]
    if not drawn:
        return [f"{page.name}: no SVG naming every module of core/ ({len(svgs)} SVG found): the module graph is not drawn"]
    print(f"{page.name}: the module graph is drawn as SVG ({len(modules)} modules)")
    return []


def check(site):
    failures, pages = check_links(site)
    failures += check_diagram(site)
    maths_failures, formulas = check_maths(site)
    failures += maths_failures
    rendered = render_maths(site, formulas) if formulas else []
    print(f"{site}: links of {pages} pages checked; {MATHS_PAGE}: {formulas} formulas, MathJax's source checked")
    if rendered is None:
        print("rendering not checked: chromium is not installed (apt-get install chromium)")
    else:
        failures += rendered
        if not rendered:
            print(f"chromium, offline: MathJax typeset all {formulas} formulas of {MATHS_PAGE}")
    for failure in failures:
        print("FAIL " + failure)
    return 1 if failures else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, help="the repository: build its docs/ into a temporary folder")
    parser.add_argument("--site", type=Path, help="check this built site instead of building one")
    args = parser.parse_args()
    if args.site:
        return check(args.site)
    for module in ("sphinx", "myst_parser"):
        try:
            __import__(module)
        except ImportError:
            print(f"docs_site: {module} is not installed (apt-get install python3-sphinx python3-myst-parser)")
            return SKIP
    with tempfile.TemporaryDirectory(prefix="px-docs-site-") as scratch:
        output, passed = build(args.root.resolve(), Path(scratch))
        if not passed:
            print(output + "\nFAIL sphinx-build -W --keep-going: the warnings above")
            return 1
        return check(Path(scratch) / "html")


if __name__ == "__main__":
    sys.exit(main())
