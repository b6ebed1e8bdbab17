# `cmake --build build --target docs`: the documentation site, warnings-free, in build/docs/site (docs/conf.py):
#  - every page of docs/ (Markdown, by Sphinx with myst-parser: Debian's python3-sphinx, python3-myst-parser), the
#    user guide included, formulas typeset by MathJax 2 copied in from Debian's libjs-mathjax (offline);
#  - the Python package's docstrings by autodoc, from the built package (docs/api/python/index.rst);
#  - core/ by Doxygen (Debian's doxygen), first, when it is found: build/docs/api/core/html, copied into the
#    site's api/core/ (without doxygen that page of the site says it was not built).
# A warning fails the target (Sphinx -W; Doxygen's warning log must stay empty); then tests/docs/check_site.py
# checks the built site's links and maths. The test docs_api builds this target; docs_site builds the site alone.
find_program(PX_DOXYGEN doxygen)
find_program(PX_SPHINX_BUILD sphinx-build)
set(PX_DOCS_OUTPUT ${CMAKE_BINARY_DIR}/docs/api)
set(PX_DOCS_SITE ${CMAKE_BINARY_DIR}/docs/site)
set(PX_DOCS_SITE_TOOLS OFF)
if(PX_SPHINX_BUILD AND PX_PYTHON)
  execute_process(COMMAND ${PX_PYTHON_EXECUTABLE} -c "import sphinx, myst_parser" RESULT_VARIABLE px_myst_missing
                  OUTPUT_QUIET ERROR_QUIET)
  if(px_myst_missing EQUAL 0)
    set(PX_DOCS_SITE_TOOLS ON)
  endif()
endif()
if(NOT PX_DOCS_SITE_TOOLS)
  add_custom_target(docs COMMAND ${CMAKE_COMMAND} -E echo
                    "docs needs sphinx-build, myst-parser, MathJax and the Python package (PX_PYTHON): apt-get install python3-sphinx python3-myst-parser libjs-mathjax doxygen"
                    COMMAND false)
  return()
endif()
set(px_doxygen_steps)
set(px_doxygen_html)
if(PX_DOXYGEN)
  set(PX_PYTHON3 ${PX_PYTHON_EXECUTABLE})  # runs docs/api/doxygen_filter.py
  configure_file(${CMAKE_SOURCE_DIR}/docs/api/Doxyfile.in ${PX_DOCS_OUTPUT}/Doxyfile @ONLY)
  set(px_doxygen_steps
    COMMAND ${CMAKE_COMMAND} -E rm -f ${PX_DOCS_OUTPUT}/core-warnings.log
    COMMAND ${PX_DOXYGEN} ${PX_DOCS_OUTPUT}/Doxyfile
    # (no ';' in a list's element: it would split the command)
    COMMAND sh -c "test ! -s '${PX_DOCS_OUTPUT}/core-warnings.log' || (cat '${PX_DOCS_OUTPUT}/core-warnings.log' && echo 'doxygen warned (above)' && false)")
  set(px_doxygen_html PX_DOXYGEN_HTML=${PX_DOCS_OUTPUT}/core/html)
else()
  message(STATUS "doxygen not found: the docs site is built without the C++ API (apt-get install doxygen)")
endif()
add_custom_target(docs
  ${px_doxygen_steps}
  COMMAND ${CMAKE_COMMAND} -E env PYTHONPATH=${PX_PYTHON_DIR} PX_DENSITY_CACHE=off ${px_doxygen_html}
          ${PX_PYTHON_EXECUTABLE} -m sphinx -E -W --keep-going -q -b html -d ${CMAKE_BINARY_DIR}/docs/site-doctrees
          ${CMAKE_SOURCE_DIR}/docs ${PX_DOCS_SITE}
  COMMAND ${PX_PYTHON_EXECUTABLE} ${CMAKE_SOURCE_DIR}/tests/docs/check_site.py --site ${PX_DOCS_SITE}
  COMMAND ${CMAKE_COMMAND} -E echo "Documentation site: ${PX_DOCS_SITE}/index.html"
  DEPENDS pxstudio_python
  VERBATIM)
