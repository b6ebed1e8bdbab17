#!/usr/bin/env bash
# Times README's test command from a fresh clone and records what it printed, for results/test-command/.
# Usage: tests/timing/record.sh CLONE OUT_DIR
#   CLONE: a fresh clone of the commit to time (its ../shared/data is used as usual)
#   OUT_DIR: where to write command.log (all it printed, with the phase times) and meta.json
# Then: python3 tests/timing/summarise.py OUT_DIR   (tests.csv, and README's table of durations)
set -euo pipefail
clone=$(cd "$1" && pwd)
out=$(mkdir -p "$2" && cd "$2" && pwd)
cd "$clone"
commit=$(git rev-parse HEAD)
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
phase() {  # $1: name, rest: the command; appends "phase NAME SECONDS rc" to the log
  local name=$1 start rc=0; shift
  start=$(date +%s.%N)
  "$@" >> "$out/command.log" 2>&1 || rc=$?
  echo "phase $name $(echo "$(date +%s.%N) - $start" | bc) $rc" >> "$out/command.log"
  return $rc
}
: > "$out/command.log"
phase configure cmake -S . -B build
phase build cmake --build build -j2
phase ctest ctest --test-dir build --output-on-failure -j2 || true
# The inner loop: an incremental build (nothing to do) and the quick label.
echo "== quick" >> "$out/command.log"
phase quick_build cmake --build build -j2
phase quick ctest --test-dir build -L quick -j2 || true
cat > "$out/meta.json" <<JSON
{"commit": "$commit", "date": "$(date -u +%Y-%m-%dT%H:%M:%SZ)", "cpu": "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)",
 "cores": $(nproc), "memory_gib": $(awk '/MemTotal/ {printf "%.0f", $2/1048576}' /proc/meminfo),
 "compiler": "$(g++ --version | head -1)", "load_before": "$load_before", "load_after": "$(cut -d' ' -f1-3 /proc/loadavg)",
 "command": "cmake -S . -B build && cmake --build build -j2 && ctest --test-dir build --output-on-failure -j2"}
JSON
echo "recorded in $out"
