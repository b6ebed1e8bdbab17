#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, AddressSanitizer + UBSan) in BUILD/hardening-fuzz and runs each
# from its seed corpus in tests/fuzz/corpus for a fixed number of inputs (seeded: the same inputs on
# every run). Any crash, sanitizer report, hang or unexpected exception fails.
# Usage: tests/hardening/fuzz.sh SOURCE_DIR BUILD_DIR [RUNS]
set -euo pipefail
src=$1
out=$2/hardening-fuzz
mkdir -p "$out"
runs=${3:-${PX_FUZZ_RUNS:-20000}}
CC=clang CXX=clang++ cmake -S "$src" -B "$out" -DPX_FUZZ=ON -DPX_BUILD_APP=OFF -DPX_BUILD_TESTS=OFF -DPX_PYTHON=OFF -DPX_NEURAL=OFF \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPX_SHARED_DATA="$src/../shared/data" > "$out.configure.log" 2>&1 \
  || { cat "$out.configure.log"; exit 1; }
cmake --build "$out" -j2 > "$out.build.log" 2>&1 || { tail -40 "$out.build.log"; exit 1; }
status=0
for target in edgelist graphml dot gin tu linqs sweep_spec depth_spec patterns; do
  corpus="$out/corpus-$target"
  rm -rf "$corpus" && mkdir -p "$corpus" && cp "$src/tests/fuzz/corpus/$target/"* "$corpus/"
  start=$(date +%s)
  if "$out/tests/fuzz/fuzz_$target" -seed=1 -runs="$runs" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
       -print_final_stats=1 "$corpus" > "$out/fuzz_$target.log" 2>&1; then
    echo "fuzz_$target: $runs inputs clean in $(( $(date +%s) - start )) s ($(grep -c . <(ls "$corpus")) in the corpus)"
  else
    echo "fuzz_$target: FAILED"; tail -40 "$out/fuzz_$target.log"; status=1
  fi
done
exit $status
