# Compile time (README "Build times"). Most of a build goes into parsing the same third-party headers again
# and again (g++ 12 at -O2: torch/torch.h ~15 s, qcustomplot.h ~7 s, QtTest ~4 s, Eigen and nlohmann/json
# ~2 s each). Two remedies, each with an option to turn it off:
#  - unity builds: a library's files are compiled in batches of eight, so each batch parses them once;
#  - precompiled headers: a target's heavy headers are parsed once for all its files (and the tests reuse
#    one set per kind of test).
option(PX_UNITY_BUILD "Compile each library's sources in batches (unity build)" ON)
option(PX_PCH "Precompile the heavy third-party headers of each target" ON)

set(PX_PCH_STD <algorithm> <cmath> <functional> <map> <memory> <stdexcept> <string> <vector>)
set(PX_PCH_CORE ${PX_PCH_STD} <Eigen/Core> <Eigen/Dense> <nlohmann/json.hpp> <tbb/blocked_range.h> <tbb/parallel_for.h>)
set(PX_PCH_QT_WIDGETS <QtWidgets> <qcustomplot.h>)

# px_batch_sources(TARGET): TARGET's sources compile in batches of eight.
function(px_batch_sources target)
  if(PX_UNITY_BUILD)
    set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE 8)
  endif()
endfunction()

# px_precompile(TARGET HEADER...): TARGET precompiles HEADER... for its own sources.
function(px_precompile target)
  if(PX_PCH)
    target_precompile_headers(${target} PRIVATE ${ARGN})
    px_moc_without_pch(${target})
  endif()
endfunction()

# px_precompile_like(TARGET HOST): TARGET reuses HOST's precompiled header (same flags and definitions).
function(px_precompile_like target host)
  if(PX_PCH)
    target_precompile_headers(${target} REUSE_FROM ${host})
    px_moc_without_pch(${target})
  endif()
endfunction()

# The file that AUTOMOC generates mostly includes little or nothing (a test's moc is included by its .cpp):
# loading the precompiled header would cost it more than it saves.
function(px_moc_without_pch target)
  get_target_property(automoc ${target} AUTOMOC)
  if(automoc)
    set_source_files_properties(${CMAKE_CURRENT_BINARY_DIR}/${target}_autogen/mocs_compilation.cpp
                                TARGET_DIRECTORY ${target} PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
  endif()
endfunction()
