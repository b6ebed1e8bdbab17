#!/usr/bin/env bash
# Runs every test of the hardening tree (clang, AddressSanitizer + UBSan; built by clang-tree.sh). Any
# sanitizer report fails the test that triggered it.
# Usage: tests/hardening/sanitized-suite.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$(cd "$1" && pwd)  # absolute: what runs here changes folder
out=$2/hardening
[ -f "$out/CTestTestfile.cmake" ] || { echo "no hardening tree in $out: run tests/hardening/clang-tree.sh $src $2 first"; exit 1; }
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:detect_stack_use_after_return=1
export LSAN_OPTIONS=suppressions=$src/tests/hardening/lsan.supp:print_suppressions=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
# The random-action test of the views (tst_onetruth) plays 200 actions in the plain tree; under the sanitizers a
# computation takes three to four times as long, so 60 actions (about eight idle checks) keep it within its timeout.
export PX_ONETRUTH_ACTIONS=${PX_ONETRUTH_ACTIONS:-60}
# Qt Test stops a test function after 5 minutes; under the sanitizers on a loaded machine the heaviest functions
# (tst_controller, tst_pxrun_resume, tst_mainwindow) came near it and were aborted. Each test's ctest timeout
# (600-1200 s) still ends a hang.
export QTEST_FUNCTION_TIMEOUT=${QTEST_FUNCTION_TIMEOUT:-900000}
ctest --test-dir "$out" --output-on-failure -j2
