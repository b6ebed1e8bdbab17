# The documentation site: every page of docs/ (Markdown through myst-parser), the Python API (autodoc) and the C++ API
# (Doxygen's HTML, copied in), one HTML site. `cmake --build build --target docs` builds it into build/docs/site
# (cmake/Docs.cmake); the test docs_site builds it with warnings as errors and checks its links (tests/docs/).
#
# Environment, set by the docs target and the test:
#   PYTHONPATH       reaches the built package (build/python), for autodoc.
#   PX_DOXYGEN_HTML  Doxygen's HTML of core/ (build/docs/api/core/html), copied to cpp/; absent: cpp/ says so.
#   PX_MATHJAX_DIR   Debian's MathJax 2 (libjs-mathjax, default /usr/share/javascript/mathjax), copied to
#                    _static/mathjax: the site renders its formulas offline, and the repository vendors no MathJax.
import os
import sys

from pygments.lexers.special import TextLexer

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "site"))
import site_assets  # noqa: E402  (docs/site/site_assets.py)

project = "PXStudio"
author = "PXStudio developers"
extensions = ["myst_parser", "sphinx.ext.autodoc", "sphinx.ext.napoleon", "sphinx.ext.mathjax"]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
# The Doxygen main page is Doxygen's input, not a page of the site.
exclude_patterns = ["_build", "api/core-mainpage.md"]

# Markdown: $…$ and $$…$$ formulas (dollarmath), LaTeX environments (amsmath), and anchors for the headings that
# pages link to (page.md#a-heading), as GitHub names them.
myst_enable_extensions = ["dollarmath", "amsmath"]
myst_heading_anchors = 3

# The Python package's reference (docs/api/python/index.rst), from its docstrings.
autodoc_default_options = {"members": True, "undoc-members": False, "show-inheritance": True}
autodoc_member_order = "bysource"
napoleon_numpy_docstring = True
napoleon_google_docstring = False
napoleon_use_ivar = True  # "Attributes" as fields: autodoc documents the members themselves

# MathJax 2 from the site itself. myst marks each page's top section "tex2jax_ignore" and each formula "math":
# MathJax typesets the formulas only, never a stray $ or \( in the prose.
mathjax_path = "mathjax/MathJax.js?config=TeX-AMS_CHTML"
mathjax2_config = {"tex2jax": {"processClass": "tex2jax_process|mathjax_process|math|output_area",
                               "ignoreClass": "tex2jax_ignore|mathjax_ignore"}}

html_theme = "alabaster"
html_title = "PXStudio documentation"
html_show_copyright = False
# The guide's pages are in a hidden toctree (docs/index.md): reached from the guide's contents, not listed twice.
html_theme_options = {"fixed_sidebar": True, "show_relbars": True, "sidebar_includehidden": False}


def keep_mathjax2(app):
    """myst-parser (myst_update_mathjax) writes its classes into MathJax 3's configuration; the site loads
    MathJax 2, configured above, so that MathJax 3 block is dropped (it would also load MathJax 2 deferred)."""
    app.config.mathjax3_config = None


def setup(app):
    site_assets.setup(app)
    app.connect("builder-inited", keep_mathjax2, priority=900)  # after myst-parser's own handler (500)
    # The module graph of docs/architecture.md is a Mermaid flowchart; Mermaid's script is not packaged by Debian,
    # so the site shows its source, as text.
    app.add_lexer("mermaid", TextLexer)
