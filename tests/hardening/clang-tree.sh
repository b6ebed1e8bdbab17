#!/usr/bin/env bash
# Builds the one hardening tree, BUILD/hardening: the whole project, its tests and the libFuzzer targets with
# clang, AddressSanitizer and UBSan; -DPX_FUZZ=ON adds libFuzzer's coverage to the parsers and the fuzz targets
# only, so the sanitized suite and the fuzz targets share one compilation and the suite does not pay for
# coverage hooks in the numerical code (30 % of its time when every file had them). Line tables only: what the sanitizers
# need for exact reports, at a fraction of the compile and link time of full debug information. -O2, not
# ASan's usual -O1: at -O1 Boost's isomorphism test alone runs 80 s (tst_generators) instead of about 1 s.
# Usage: tests/hardening/clang-tree.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$(cd "$1" && pwd)  # absolute: what runs here changes folder
out=$2/hardening
mkdir -p "$out"
start=$(date +%s)
CC=clang CXX=clang++ cmake -S "$src" -B "$out" -DPX_SANITIZE=ON -DPX_FUZZ=ON -DPX_PYTHON=OFF -DPX_NEURAL=OFF \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -gline-tables-only -DNDEBUG" \
  -DPX_SHARED_DATA="$src/../shared/data" > "$out.configure.log" 2>&1 || { cat "$out.configure.log"; exit 1; }
cmake --build "$out" -j2 > "$out.build.log" 2>&1 || { grep -m5 -A10 "error" "$out.build.log"; tail -20 "$out.build.log"; exit 1; }
echo "hardening tree built in $(( $(date +%s) - start )) s: $out"
