# Installing and packaging: `cmake --install BUILD --prefix /usr` and `cpack -G DEB` (in BUILD) lay out
#   bin/pxstudio, bin/pxrun                     the programs
#   lib/pxstudio/libpx_neural.so                the trained networks, loaded on first use (NeuralLoader.cpp)
#   lib/python3/dist-packages/pxstudio/         the Python package (Debian's python3 finds it there), and its
#   lib/python3/dist-packages/pxstudio-VERSION.dist-info   metadata (importlib.metadata.version("pxstudio"))
#   share/applications, share/metainfo, share/icons/hicolor/{scalable,NxN}/apps   menu entry, AppStream, icon
#   share/man/man1/{pxrun,pxstudio}.1.gz        manual pages generated from the programs' usage (--help)
#   share/bash-completion/completions/pxrun     completion generated from pxrun's usage (--help-json)
#   share/pxstudio/{specs,lessons,examples}     example sweep specs, the lessons, example pattern files
# tests/package/check_package.sh builds the package and checks it (the ctest debian_package).
find_program(PX_GZIP gzip REQUIRED)
find_program(PX_PYTHON3_FOR_BUILD NAMES python3 PATHS /usr/bin NO_DEFAULT_PATH)
find_program(PX_PYTHON3_FOR_BUILD python3 REQUIRED)
set(PX_GENERATED ${CMAKE_BINARY_DIR}/generated)
file(MAKE_DIRECTORY ${PX_GENERATED})

install(TARGETS pxstudio pxrun RUNTIME DESTINATION bin)
if(TARGET px_neural)
  install(TARGETS px_neural LIBRARY DESTINATION lib/pxstudio)
endif()
if(PX_PYTHON)
  install(DIRECTORY ${PX_PYTHON_DIR}/pxstudio DESTINATION lib/python3/dist-packages
          PATTERN __pycache__ EXCLUDE PATTERN libpx_neural.so EXCLUDE)
endif()
install(FILES ${PROJECT_SOURCE_DIR}/resources/org.pxstudio.PXStudio.desktop DESTINATION share/applications)
# AppStream: the project has no public address yet, so the metainfo names none. Once it has one, configure with
# -DPX_HOMEPAGE=URL (the <url type="homepage">) and -DPX_SCREENSHOT_BASE=URL (where docs/figures is served:
# <screenshots> of the app's committed pictures); appstreamcli validate checks the result (check_package.sh).
set(PX_HOMEPAGE "" CACHE STRING "the project's homepage, for the AppStream metainfo (none: left out)")
set(PX_SCREENSHOT_BASE "" CACHE STRING "the URL docs/figures is served from, for AppStream screenshots (none: left out)")
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/resources/org.pxstudio.PXStudio.metainfo.xml)
file(READ ${PROJECT_SOURCE_DIR}/resources/org.pxstudio.PXStudio.metainfo.xml PX_METAINFO)
set(PX_METAINFO_EXTRA "")
if(PX_HOMEPAGE)
  string(APPEND PX_METAINFO_EXTRA "  <url type=\"homepage\">${PX_HOMEPAGE}</url>\n")
endif()
if(PX_SCREENSHOT_BASE)
  string(APPEND PX_METAINFO_EXTRA "  <screenshots>\n"
         "    <screenshot type=\"default\">\n      <caption>A data set, a pattern class and a privacy budget, and what a learner and an attacker see</caption>\n"
         "      <image>${PX_SCREENSHOT_BASE}/app-1366x768.png</image>\n    </screenshot>\n"
         "    <screenshot>\n      <caption>A lesson in projector mode</caption>\n"
         "      <image>${PX_SCREENSHOT_BASE}/app-1366x768-projector-lesson.png</image>\n    </screenshot>\n"
         "  </screenshots>\n")
endif()
string(REPLACE "  <launchable" "${PX_METAINFO_EXTRA}  <launchable" PX_METAINFO "${PX_METAINFO}")
file(GENERATE OUTPUT ${PX_GENERATED}/org.pxstudio.PXStudio.metainfo.xml CONTENT "${PX_METAINFO}")
install(FILES ${PX_GENERATED}/org.pxstudio.PXStudio.metainfo.xml DESTINATION share/metainfo)
install(FILES ${PROJECT_SOURCE_DIR}/resources/icons/pxstudio.svg DESTINATION share/icons/hicolor/scalable/apps)
foreach(size 16 32 48 64 128 256)
  install(FILES ${PROJECT_SOURCE_DIR}/resources/icons/pxstudio-${size}.png DESTINATION share/icons/hicolor/${size}x${size}/apps
          RENAME pxstudio.png)
endforeach()
install(DIRECTORY ${PROJECT_SOURCE_DIR}/resources/specs ${PROJECT_SOURCE_DIR}/resources/lessons ${PROJECT_SOURCE_DIR}/resources/examples
        DESTINATION share/pxstudio)

# Manual pages and completion from the programs' own usage (pxrun's usage table, app/pxrun/Usage.h, as JSON;
# the app's QCommandLineParser text), so that they cannot drift from --help (each step's failure fails the
# build: the usage is written to a file first, then converted). The dist-info lets importlib.metadata find
# the installed Python package.
set(PX_MAN_PY ${PROJECT_SOURCE_DIR}/cmake/man_page.py)
set(PX_DIST_INFO ${PX_GENERATED}/dist-info)
add_custom_command(
  OUTPUT ${PX_GENERATED}/pxrun.1.gz ${PX_GENERATED}/pxstudio.1.gz ${PX_GENERATED}/pxrun.bash
  COMMAND sh -c "$<TARGET_FILE:pxrun> --help-json > pxrun.json"
  COMMAND sh -c "QT_QPA_PLATFORM=offscreen $<TARGET_FILE:pxstudio> --help-all > pxstudio.help"
  COMMAND sh -c "${PX_PYTHON3_FOR_BUILD} ${PX_MAN_PY} --json pxrun ${PROJECT_VERSION} 'batch runs of the PXStudio engine: sweeps, densities, figures, audits, benchmarks' < pxrun.json > pxrun.1"
  COMMAND sh -c "${PX_PYTHON3_FOR_BUILD} ${PX_MAN_PY} --qt pxstudio ${PROJECT_VERSION} 'explore privacy and expressivity of graph representations' < pxstudio.help > pxstudio.1"
  COMMAND sh -c "${PX_GZIP} -9n -f pxrun.1 pxstudio.1"
  COMMAND sh -c "${PX_PYTHON3_FOR_BUILD} ${PROJECT_SOURCE_DIR}/cmake/bash_completion.py < pxrun.json > pxrun.bash"
  WORKING_DIRECTORY ${PX_GENERATED}
  DEPENDS pxrun pxstudio ${PX_MAN_PY} ${PROJECT_SOURCE_DIR}/cmake/bash_completion.py
  VERBATIM)
add_custom_command(
  OUTPUT ${PX_DIST_INFO}/pxstudio-${PROJECT_VERSION}.dist-info/METADATA
  COMMAND ${CMAKE_COMMAND} -E rm -rf ${PX_DIST_INFO}
  COMMAND ${PX_PYTHON3_FOR_BUILD} ${PROJECT_SOURCE_DIR}/cmake/dist_info.py ${PROJECT_SOURCE_DIR}/pyproject.toml
          ${PROJECT_VERSION} ${PX_DIST_INFO}
  DEPENDS ${PROJECT_SOURCE_DIR}/cmake/dist_info.py ${PROJECT_SOURCE_DIR}/pyproject.toml VERBATIM)
add_custom_target(px_manuals ALL DEPENDS ${PX_GENERATED}/pxrun.1.gz ${PX_GENERATED}/pxstudio.1.gz ${PX_GENERATED}/pxrun.bash
                                         ${PX_DIST_INFO}/pxstudio-${PROJECT_VERSION}.dist-info/METADATA)
install(FILES ${PX_GENERATED}/pxrun.1.gz ${PX_GENERATED}/pxstudio.1.gz DESTINATION share/man/man1)
install(FILES ${PX_GENERATED}/pxrun.bash DESTINATION share/bash-completion/completions RENAME pxrun)
if(PX_PYTHON)
  install(DIRECTORY ${PX_DIST_INFO}/pxstudio-${PROJECT_VERSION}.dist-info DESTINATION lib/python3/dist-packages)
endif()

# Debian's copyright file and changelog (a native package: changelog.gz), as lintian expects them.
add_custom_command(OUTPUT ${PX_GENERATED}/changelog.gz
                   COMMAND sh -c "${PX_GZIP} -9n < ${PROJECT_SOURCE_DIR}/resources/debian/changelog > changelog.gz"
                   WORKING_DIRECTORY ${PX_GENERATED} DEPENDS ${PROJECT_SOURCE_DIR}/resources/debian/changelog VERBATIM)
add_custom_target(px_debian_changelog ALL DEPENDS ${PX_GENERATED}/changelog.gz)
install(FILES ${PROJECT_SOURCE_DIR}/resources/debian/copyright ${PX_GENERATED}/changelog.gz DESTINATION share/doc/pxstudio)

# The Debian package: pxstudio_VERSION_ARCH.deb, its Depends computed by dpkg-shlibdeps from the libraries the
# programs link (Qt 6, QCustomPlot, TBB, LibTorch, ...) plus what the Python package needs.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME pxstudio)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_PACKAGE_CONTACT "PXStudio developers <noreply@pxstudio.invalid>")  # no mailing list yet: a reserved name
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "explore privacy and expressivity of graph representations")
# CPack writes the summary as the synopsis line; this is the extended description below it.
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "PXStudio describes graphs by their homomorphism densities and
releases them with edge-level differential privacy. A desktop
application (pxstudio), a batch tool (pxrun) and a Python package on
one engine show how well a learner still tells the classes apart, how
well an attacker still tells the graphs apart, and how both compare
with what the public information alone achieves.")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "python3, python3-numpy")
# the fast BLAS the GIN kernels are measured on, and the libraries the Python package imports when asked to
# (pxstudio.sklearn, .dask; networkx graphs, pandas tables, tqdm progress bars)
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "libopenblas0-pthread, python3-sklearn, python3-pandas, python3-dask, python3-distributed")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "python3-networkx, python3-tqdm")
# Maintainer scripts: py3compile on install, py3clean before removal (as dh_python3's), so that no __pycache__
# outlives the package; having a postinst and postrm of its own, CPack adds no ldconfig call (not needed:
# /usr/lib/pxstudio is private).
set(CPACK_DEBIAN_PACKAGE_CONTROL_EXTRA "${PROJECT_SOURCE_DIR}/resources/debian/postinst;${PROJECT_SOURCE_DIR}/resources/debian/prerm;${PROJECT_SOURCE_DIR}/resources/debian/postrm")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
set(CPACK_STRIP_FILES ON)
include(CPack)
