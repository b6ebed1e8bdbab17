"""What the documentation site (docs/conf.py) copies in after Sphinx has written its pages.

- MathJax 2 from Debian's libjs-mathjax into _static/mathjax: the parts the TeX-AMS_CHTML configuration loads
  (TeX input, CommonHTML output, its web fonts), so formulas render offline and the repository vendors no MathJax.
- A repository file outside docs/ that a page links to (../results/README.md), as its source text into _repo/,
  with the link pointed at that copy: the site holds what its pages link to.
- Doxygen's HTML of core/ into api/core/, which the C++ API page (docs/api/cpp.md) links to; when the site is
  built without it (no doxygen), api/core/index.html says so instead of leaving the link dangling.
"""
import os
import shutil

from docutils import nodes

DEFAULT_MATHJAX_DIR = "/usr/share/javascript/mathjax"
# Relative to the MathJax directory; what config/TeX-AMS_CHTML.js and its extensions fetch at run time.
MATHJAX_PARTS = ["MathJax.js", "config/TeX-AMS_CHTML.js", "extensions", "jax/input/TeX", "jax/element",
                 "jax/output/CommonHTML", "jax/output/PreviewHTML", "fonts/HTML-CSS/TeX/woff", "localization/en"]
NO_DOXYGEN_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>C++ API: not built</title></head>
<body><h1>C++ API: not built</h1>
<p>This copy of the site was built without Doxygen's output (doxygen was not found, or PX_DOXYGEN_HTML was not
set). Install Debian's doxygen and run <code>cmake --build build --target docs</code> to build the C++ API
reference of core/ into this folder.</p>
<p><a href="../cpp.html">Back to the API page</a></p></body></html>
"""


class SiteAssetError(RuntimeError):
    pass


def mathjax_dir():
    """Debian's MathJax 2: PX_MATHJAX_DIR, else /usr/share/javascript/mathjax; an error names what is missing."""
    path = os.environ.get("PX_MATHJAX_DIR") or DEFAULT_MATHJAX_DIR
    if not os.path.isfile(os.path.join(path, "MathJax.js")):
        raise SiteAssetError(f"MathJax 2 not found: {path}/MathJax.js does not exist "
                             "(apt-get install libjs-mathjax, or set PX_MATHJAX_DIR)")
    return path


def copy_tree_part(source_root, part, target_root):
    source = os.path.join(source_root, part)
    target = os.path.join(target_root, part)
    if not os.path.exists(source):
        raise SiteAssetError(f"MathJax part missing: {source} (is libjs-mathjax complete?)")
    os.makedirs(os.path.dirname(target), exist_ok=True)
    if os.path.isdir(source):
        shutil.copytree(source, target, dirs_exist_ok=True)
    else:
        shutil.copy2(source, target)


def copy_mathjax(outdir):
    source = mathjax_dir()
    for part in MATHJAX_PARTS:
        copy_tree_part(source, part, os.path.join(outdir, "_static", "mathjax"))


def copy_doxygen(outdir):
    target = os.path.join(outdir, "api", "core")
    source = os.environ.get("PX_DOXYGEN_HTML")
    if os.path.isdir(target):
        shutil.rmtree(target)
    if source and os.path.isfile(os.path.join(source, "index.html")):
        shutil.copytree(source, target)
        return
    if source:
        raise SiteAssetError(f"PX_DOXYGEN_HTML={source} has no index.html: run doxygen first")
    os.makedirs(target)
    with open(os.path.join(target, "index.html"), "w", encoding="utf-8") as page:
        page.write(NO_DOXYGEN_PAGE)


def copy_assets(app, exception):
    if exception is not None or app.builder.format != "html":
        return
    copy_mathjax(app.outdir)
    copy_doxygen(app.outdir)


def link_repository_file(app, env, node, contnode):
    """missing-reference: a Markdown link to a file of the repository outside docs/ becomes a link to its copy."""
    if node.get("refdomain") or "reftarget" not in node:
        return None
    target, _, fragment = node["reftarget"].partition("#")
    refdoc = node.get("refdoc", env.docname)
    source_dir = os.path.abspath(app.srcdir)
    repository = os.path.dirname(source_dir)
    path = os.path.normpath(os.path.join(source_dir, os.path.dirname(refdoc), target))
    inside_docs = path.startswith(source_dir + os.sep)
    if inside_docs or not path.startswith(repository + os.sep) or not os.path.isfile(path):
        return None
    relative = os.path.relpath(path, repository)
    copy = os.path.join(app.outdir, "_repo", relative)
    os.makedirs(os.path.dirname(copy), exist_ok=True)
    shutil.copy2(path, copy)
    uri = "../" * refdoc.count("/") + "_repo/" + relative.replace(os.sep, "/") + ("#" + fragment if fragment else "")
    reference = nodes.reference("", "", internal=False, refuri=uri)
    reference += contnode
    return reference


def check_mathjax(app):
    mathjax_dir()  # fail before the pages are read, not after


def setup(app):
    app.connect("builder-inited", check_mathjax)
    app.connect("build-finished", copy_assets)
    app.connect("missing-reference", link_repository_file)
