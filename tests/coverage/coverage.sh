#!/bin/sh
# Line and branch coverage of the quick suite, per module of core/, app/ and widgets/.
#
#     tests/coverage/coverage.sh [BUILD_DIR] [OUT_DIR]
#
# Configures BUILD_DIR (default build-coverage) with gcc --coverage -O1 -fprofile-update=atomic (counters
# that stay exact when TBB runs a loop on two threads; no -march=native, no LibTorch, no Python package),
# builds it, runs `ctest -L quick` there (less docs_api, which builds the API reference and runs no code of
# ours), then gcovr (Debian's python3 gcovr) writes OUT_DIR (default results/coverage/DATE):
#   coverage.json   gcovr's JSON (per line and branch counts; tests/mutation/sample.py reads it)
#   summary.md      line and branch coverage per module, the uncovered functions; command, date, machine
# A full build: about an hour on 2 shared cores. JOBS=2 by default (env JOBS). Mutants change the sources in
# place (tests/mutation): build from a copy of the tree while they run (the paths in the JSON are relative).
set -eu
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=$(realpath -m "${1:-$ROOT/build-coverage}")
OUT=$(realpath -m "${2:-$ROOT/results/coverage/$(date -u +%F)}")
JOBS=${JOBS:-2}
SHARED=$(realpath -m "${PX_SHARED_DATA:-$ROOT/../shared/data}")  # the real data sets (tests skip without them)
command -v gcovr >/dev/null || { echo "coverage.sh: gcovr not found (apt-get install gcovr)" >&2; exit 2; }
mkdir -p "$OUT"
started=$(date -u +%FT%TZ)
flags="-O1 -g --coverage -fprofile-update=atomic -DNDEBUG"
cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Coverage -DCMAKE_CXX_FLAGS_COVERAGE="$flags" \
      -DCMAKE_EXE_LINKER_FLAGS_COVERAGE=--coverage -DCMAKE_SHARED_LINKER_FLAGS_COVERAGE=--coverage \
      -DCMAKE_MODULE_LINKER_FLAGS_COVERAGE=--coverage \
      -DPX_NATIVE=OFF -DPX_NEURAL=OFF -DPX_PYTHON=OFF -DPX_SHARED_DATA="$SHARED" >"$OUT/configure.log"
build_start=$(date +%s)
nice -n 5 cmake --build "$BUILD" -j"$JOBS" >"$OUT/build.log" 2>&1 || { tail -30 "$OUT/build.log"; exit 1; }
build_end=$(date +%s)
find "$BUILD" -name '*.gcda' -delete  # counts of this run only
# Qt Test stops a test function after 5 minutes; at -O1 with counters, on a busy machine, seven app tests were
# stopped so (2026-12-07): their coverage was of the part that had run. ctest's timeout still ends a hang.
export QTEST_FUNCTION_TIMEOUT=${QTEST_FUNCTION_TIMEOUT:-1800000}
nice -n 5 ctest --test-dir "$BUILD" -L quick -E '^docs_api$' -j"$JOBS" --timeout 1800 >"$OUT/ctest.log" 2>&1 \
  || echo "coverage.sh: some tests failed (see $OUT/ctest.log); coverage is of the run as it went" >&2
tests_end=$(date +%s)
cd "$ROOT"
nice -n 5 gcovr --root "$ROOT" --object-directory "$BUILD" -j"$JOBS" \
      --filter 'core/' --filter 'app/' --filter 'widgets/' --exclude '.*/tst_.*' --exclude-throw-branches \
      --exclude-unreachable-branches --json "$OUT/coverage.json" >"$OUT/gcovr.log" 2>&1
python3 "$ROOT/tests/coverage/summarise.py" "$OUT/coverage.json" \
  --command "tests/coverage/coverage.sh $*" --started "$started" \
  --build-seconds $((build_end - build_start)) --test-seconds $((tests_end - build_end)) \
  --ctest-log "$OUT/ctest.log" >"$OUT/summary.md"
cat "$OUT/summary.md"
