# Installing and packaging: `cmake --install BUILD --prefix /usr` and `cpack -G DEB` (in BUILD) lay out
#   bin/pxstudio, bin/pxrun                     the programs
#   lib/pxstudio/libpx_neural.so                the trained networks, loaded on first use (NeuralLoader.cpp)
#   lib/python3/dist-packages/pxstudio/         the Python package (Debian's python3 finds it there)
#   share/applications, share/metainfo, share/icons/hicolor/{scalable,NxN}/apps   menu entry, AppStream, icon
#   share/man/man1/{pxrun,pxstudio}.1.gz        manual pages generated from the programs' --help
#   share/bash-completion/completions/pxrun     completion generated from pxrun --help
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
install(FILES ${PROJECT_SOURCE_DIR}/resources/org.pxstudio.PXStudio.metainfo.xml DESTINATION share/metainfo)
install(FILES ${PROJECT_SOURCE_DIR}/resources/icons/pxstudio.svg DESTINATION share/icons/hicolor/scalable/apps)
foreach(size 16 32 48 64 128 256)
  install(FILES ${PROJECT_SOURCE_DIR}/resources/icons/pxstudio-${size}.png DESTINATION share/icons/hicolor/${size}x${size}/apps
          RENAME pxstudio.png)
endforeach()
install(DIRECTORY ${PROJECT_SOURCE_DIR}/resources/specs ${PROJECT_SOURCE_DIR}/resources/lessons ${PROJECT_SOURCE_DIR}/resources/examples
        DESTINATION share/pxstudio)

# Manual pages and completion from the help text, so that they cannot drift from it (each step's failure fails
# the build: the help text is written to a file first, then converted).
set(PX_MAN_PY ${PROJECT_SOURCE_DIR}/cmake/man_page.py)
add_custom_command(
  OUTPUT ${PX_GENERATED}/pxrun.1.gz ${PX_GENERATED}/pxstudio.1.gz ${PX_GENERATED}/pxrun.bash
  COMMAND sh -c "$<TARGET_FILE:pxrun> --help > pxrun.help"
  COMMAND sh -c "$<TARGET_FILE:pxstudio> --help-all > pxstudio.help"
  COMMAND sh -c "${PX_PYTHON3_FOR_BUILD} ${PX_MAN_PY} pxrun ${PROJECT_VERSION} 'batch runs of the PXStudio engine: sweeps, densities, figures, audits, benchmarks' < pxrun.help > pxrun.1"
  COMMAND sh -c "${PX_PYTHON3_FOR_BUILD} ${PX_MAN_PY} pxstudio ${PROJECT_VERSION} 'explore privacy and expressivity of graph representations' < pxstudio.help > pxstudio.1"
  COMMAND sh -c "${PX_GZIP} -9n -f pxrun.1 pxstudio.1"
  COMMAND sh -c "${PX_PYTHON3_FOR_BUILD} ${PROJECT_SOURCE_DIR}/cmake/bash_completion.py < pxrun.help > pxrun.bash"
  WORKING_DIRECTORY ${PX_GENERATED}
  DEPENDS pxrun pxstudio ${PX_MAN_PY} ${PROJECT_SOURCE_DIR}/cmake/bash_completion.py
  VERBATIM)
add_custom_target(px_manuals ALL DEPENDS ${PX_GENERATED}/pxrun.1.gz ${PX_GENERATED}/pxstudio.1.gz ${PX_GENERATED}/pxrun.bash)
install(FILES ${PX_GENERATED}/pxrun.1.gz ${PX_GENERATED}/pxstudio.1.gz DESTINATION share/man/man1)
install(FILES ${PX_GENERATED}/pxrun.bash DESTINATION share/bash-completion/completions RENAME pxrun)

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
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "libopenblas0-pthread")  # the fast BLAS the GIN kernels are measured on
set(CPACK_STRIP_FILES ON)
include(CPack)
