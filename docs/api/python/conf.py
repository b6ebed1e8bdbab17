# The Python package's reference (Sphinx with autodoc), built by `cmake --build build --target docs` into
# build/docs/api/python. PYTHONPATH must reach the built package (the docs target sets it to build/python).
project = "pxstudio"
author = "PXStudio developers"
extensions = ["sphinx.ext.autodoc", "sphinx.ext.napoleon"]
autodoc_default_options = {"members": True, "undoc-members": False, "show-inheritance": True}
autodoc_member_order = "bysource"
napoleon_numpy_docstring = True
napoleon_google_docstring = False
napoleon_use_ivar = True  # "Attributes" as fields: autodoc documents the members themselves
html_theme = "alabaster"
exclude_patterns = ["_build"]
