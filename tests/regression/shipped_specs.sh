#!/bin/sh
# Runs a set of the shipped specs with a built pxrun and writes their run tables to OUTDIR, so that two builds
# (before and after a refactoring) can be compared table for table:
#   tests/regression/shipped_specs.sh BUILD_BEFORE /tmp/before
#   tests/regression/shipped_specs.sh BUILD_AFTER /tmp/after
#   tests/regression/compare_tables.sh /tmp/before /tmp/after
# The real data sets are read from ../shared/data beside the repository (PX_DATA overrides); the GIN sweep is
# shortened to 20 epochs, the depth-lab grids to a few points (--set), so that the whole set runs in about two minutes.
set -eu
build=$(cd "$1" && pwd)
out=$2
here=$(cd "$(dirname "$0")/../.." && pwd)
data=${PX_DATA:-$here/../shared/data}
specs=$here/resources/specs
pxrun=$build/app/pxrun
mkdir -p "$out"
run() { name=$1; shift; echo "== $name: $*"; start=$(date +%s); "$pxrun" "$@" >"$out/$name.log" 2>&1 || { echo "failed, see $out/$name.log"; exit 1; }; echo "   $(( $(date +%s) - start )) s"; }
run builtin-sbm sweep "$specs/builtin-sbm-quick.json" --out "$out/builtin-sbm"
run mutag sweep "$specs/tu-mutag.json" --data "$data/MUTAG" --out "$out/mutag"
run mutag-all-trees sweep "$specs/tu-mutag-all-trees.json" --data "$data/MUTAG" --out "$out/mutag-all-trees"
run collab sweep "$specs/tu-collab.json" --data "$data/COLLAB-gin" --out "$out/collab"
run gin-mutag sweep "$specs/tu-gin-mutag.json" --data "$data/MUTAG" --set learner.epochs=20 --out "$out/gin-mutag"
run depth-cosera depth "$specs/depth-cosera-er.json" --set trials=2 --out "$out/depth-cosera"
run depth-propagation depth "$specs/depth-propagation-cora.json" --data "$data/cora" --set 'epsilons=[1,4]' --set 'hops=[1,4]' --set attack=true --out "$out/depth-propagation"
run depth-propagation-selection depth "$specs/depth-propagation-cora.json" --data "$data/cora" --set 'epsilons=[1]' --set 'hops=[2]' --set 'rows="selection"' --set trials=2 --out "$out/depth-propagation-selection"
run depth-propagation-runs depth "$specs/depth-propagation-cora.json" --data "$data/cora" --set 'epsilons=[1]' --set 'hops=[2]' --set 'rows="runs"' --set trials=2 --out "$out/depth-propagation-runs"
