#!/usr/bin/env bash
# Builds the whole project and its tests with clang, AddressSanitizer and UBSan in BUILD/hardening-asan
# and runs every test there (any sanitizer report fails the test that triggered it).
# Usage: tests/hardening/sanitized-suite.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1
out=$2/hardening-asan
mkdir -p "$out"
CC=clang CXX=clang++ cmake -S "$src" -B "$out" -DPX_SANITIZE=ON -DPX_PYTHON=OFF -DPX_NEURAL=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DPX_SHARED_DATA="$src/../shared/data" > "$out.configure.log" 2>&1 || { cat "$out.configure.log"; exit 1; }
cmake --build "$out" -j2 > "$out.build.log" 2>&1 || { tail -40 "$out.build.log"; exit 1; }
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:detect_stack_use_after_return=1
export LSAN_OPTIONS=suppressions=$src/tests/hardening/lsan.supp:print_suppressions=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
ctest --test-dir "$out" --output-on-failure -j2
