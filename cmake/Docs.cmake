# `cmake --build build --target docs`: the API reference, warnings-free, in build/docs/api —
#  - core/ by Doxygen (Debian's doxygen): build/docs/api/core/html/index.html;
#  - the Python package's docstrings by Sphinx with autodoc (Debian's python3-sphinx), from the built package:
#    build/docs/api/python/index.html.
# A warning fails the target (Sphinx -W; Doxygen's warning log must stay empty). The test docs_api builds it.
find_program(PX_DOXYGEN doxygen)
find_program(PX_SPHINX_BUILD sphinx-build)
set(PX_DOCS_OUTPUT ${CMAKE_BINARY_DIR}/docs/api)
if(NOT PX_DOXYGEN OR NOT PX_SPHINX_BUILD OR NOT PX_PYTHON)
  add_custom_target(docs COMMAND ${CMAKE_COMMAND} -E echo
                    "docs needs doxygen, sphinx-build and the Python package: apt-get install doxygen python3-sphinx" COMMAND false)
  return()
endif()
set(PX_PYTHON3 ${PX_PYTHON_EXECUTABLE})  # runs docs/api/doxygen_filter.py
configure_file(${CMAKE_SOURCE_DIR}/docs/api/Doxyfile.in ${PX_DOCS_OUTPUT}/Doxyfile @ONLY)
add_custom_target(docs
  COMMAND ${CMAKE_COMMAND} -E rm -f ${PX_DOCS_OUTPUT}/core-warnings.log
  COMMAND ${PX_DOXYGEN} ${PX_DOCS_OUTPUT}/Doxyfile
  COMMAND sh -c "if test -s '${PX_DOCS_OUTPUT}/core-warnings.log'; then cat '${PX_DOCS_OUTPUT}/core-warnings.log'; echo 'doxygen warned (above)'; exit 1; fi"
  COMMAND ${CMAKE_COMMAND} -E env PYTHONPATH=${PX_PYTHON_DIR} PX_DENSITY_CACHE=off
          ${PX_SPHINX_BUILD} -E -W --keep-going -q -b html -d ${PX_DOCS_OUTPUT}/python-doctrees
          ${CMAKE_SOURCE_DIR}/docs/api/python ${PX_DOCS_OUTPUT}/python
  COMMAND ${CMAKE_COMMAND} -E echo "API reference: ${PX_DOCS_OUTPUT}/core/html/index.html and ${PX_DOCS_OUTPUT}/python/index.html"
  DEPENDS pxstudio_python
  VERBATIM)
