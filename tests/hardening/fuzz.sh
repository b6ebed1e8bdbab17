#!/usr/bin/env bash
# Runs each libFuzzer target of the hardening tree (clang, AddressSanitizer + UBSan; built by clang-tree.sh)
# from its seed corpus in tests/fuzz/corpus, two targets at a time, for a fixed number of seeded inputs (the
# same inputs on every run) or SECONDS per target, whichever comes first. Any crash, sanitizer report, hang
# or unexpected exception fails; the log says how many inputs each target ran.
# Usage: tests/hardening/fuzz.sh SOURCE_DIR BUILD_DIR [RUNS [SECONDS]]
set -euo pipefail
src=$(cd "$1" && pwd)  # absolute: what runs here changes folder
out=$2/hardening
[ -d "$out/tests/fuzz" ] || { echo "no fuzz targets in $out: run tests/hardening/clang-tree.sh $src $2 first"; exit 1; }
runs=${3:-${PX_FUZZ_RUNS:-20000}}
seconds=${4:-${PX_FUZZ_SECONDS:-60}}
export src out runs seconds
fuzz_one() {  # $1: the target's name
  local target=$1 corpus="$out/corpus-$1" log="$out/fuzz_$1.log" start
  rm -rf "$corpus" && mkdir -p "$corpus" && cp "$src/tests/fuzz/corpus/$target/"* "$corpus/"
  start=$(date +%s)
  if "$out/tests/fuzz/fuzz_$target" -seed=1 -runs="$runs" -max_total_time="$seconds" -max_len=4096 -timeout=10 \
       -rss_limit_mb=2048 -print_final_stats=1 "$corpus" > "$log" 2>&1; then
    echo "fuzz_$target: $(grep -m1 -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$') inputs" \
         "clean in $(( $(date +%s) - start )) s ($(ls "$corpus" | wc -l) in the corpus)"
  else
    echo "fuzz_$target: FAILED"; tail -40 "$log"; return 1
  fi
}
export -f fuzz_one
printf '%s\n' edgelist graphml gml dot gin tu linqs sweep_spec depth_spec patterns run_table lesson | xargs -P2 -I{} bash -c 'fuzz_one {}'
