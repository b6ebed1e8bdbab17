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
# The RapidCheck properties run a quarter of their cases (tests/PropertySupport.h): the plain tree runs them all and
# checks the properties; here each input kind still reaches the code under the sanitizers, at a quarter of the time
# (tst_pxrun_args took 222 s and tst_lessonreturn 170 s under them with every case).
export PX_PROPERTY_CASES=${PX_PROPERTY_CASES:-25}
# Read by the few checks that depend on no compiled code's memory and take minutes under the sanitizers: they say they
# skip here (QSKIP) and run in the plain tree (tst_pxrun_args' help-table check: 162 of its 191 s).
export PX_SANITIZED_SUITE=1
# Qt Test stops a test function after 5 minutes; under the sanitizers on a loaded machine the heaviest functions
# (tst_controller, tst_pxrun_resume, tst_mainwindow) came near it and were aborted. Each test's ctest timeout
# (600-1200 s) still ends a hang.
export QTEST_FUNCTION_TIMEOUT=${QTEST_FUNCTION_TIMEOUT:-900000}
# The whole output is kept in BUILD_DIR/hardening/sanitized-suite.log; the slowest tests are printed at the end, for
# deciding what the sanitized tree runs (ctest prints this only when a test fails).
rc=0
ctest --test-dir "$out" --output-on-failure -j2 > "$out/sanitized-suite.log" 2>&1 || rc=$?
grep -E 'Test +#[0-9]+: ' "$out/sanitized-suite.log" | sed -E 's/.*Test +#[0-9]+: ([^ ]+) .* ([0-9.]+) sec.*/\2 \1/' | sort -rn | head -15 |
  awk '{printf "sanitized: %8.1f s  %s\n", $1, $2}'
# on success the summary line; on failure all ctest printed (the failed tests' whole output with it)
if [ $rc -eq 0 ]; then grep -E 'tests passed' "$out/sanitized-suite.log"; else cat "$out/sanitized-suite.log"; fi
exit $rc
