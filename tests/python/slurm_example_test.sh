#!/bin/bash
# examples/slurm run here without SLURM: the array's tasks one after another (SLURM_ARRAY_TASK_ID/COUNT set as
# sbatch would), then merge.sbatch (and once with a shard missing: it must refuse). The merged
# tables must equal the unsharded `pxrun sweep` apart from the timing column. Then examples/python/dask_sweep.py
# against a scheduler and two workers started from the command line (as dask-sweep.sbatch does with srun).
# Usage: slurm_example_test.sh PXRUN SOURCE_DIR PYTHON
set -euo pipefail
export PXRUN=$1
src=$2
python=$3
work=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT
cd "$work"
cat > spec.json <<'JSON'
{"dataset": "builtin:sbm-cycles", "classes": ["trees", "treewidth:2"], "dims": [8], "pattern_seeds": [1, 2],
 "mechanisms": [{"mechanism": "gaussian", "sensitivity": "counting-lemma"}], "budget": {"axis": "epsilon", "values": [0.5, 2, 8]},
 "noise_seeds": [1, 2], "learner": {"kind": "linear"}}
JSON
"$PXRUN" sweep spec.json --out whole > /dev/null

n=5
for ((i = 0; i < n; i++)); do
  SLURM_ARRAY_TASK_ID=$i SLURM_ARRAY_TASK_COUNT=$n "$src/examples/slurm/sweep-array.sbatch" spec.json sharded > /dev/null 2>&1
done
"$src/examples/slurm/merge.sbatch" sharded $n > /dev/null
if "$src/examples/slurm/merge.sbatch" missing $n 2> err.txt; then echo "merge of missing shards succeeded"; exit 1; fi
grep -q "missing-shard0.csv is missing" err.txt

"$python" - whole sharded <<'PY'
import csv, sys
def table(path):
    rows = list(csv.DictReader(open(path)))
    for r in rows:
        r.pop("seconds", None)
    return rows
a, b = sys.argv[1:]
for suffix in (".csv", "-summary.csv"):
    x, y = table(a + suffix), table(b + suffix)
    assert len(x) == len(y) == (24 if suffix == ".csv" else 6), (suffix, len(x), len(y))
    assert x == y, f"{a}{suffix} and {b}{suffix} differ"
print("SLURM array example: 5 shards merged = the unsharded sweep")
PY

# Dask from the command line: a scheduler, a worker process pair, the example client.
dask-scheduler --scheduler-file sched.json --no-dashboard --port 0 > scheduler.log 2>&1 &
for _ in $(seq 60); do [ -e sched.json ] && break; sleep 1; done
dask-worker --scheduler-file sched.json --nworkers 2 --nthreads 1 --no-dashboard > workers.log 2>&1 &
"$python" "$src/examples/python/dask_sweep.py" spec.json dasked --scheduler-file sched.json --wait-workers 2 > /dev/null
"$python" - whole dasked <<'PY'
import sys
import pandas as pd
a, b = sys.argv[1:]
for suffix in (".csv", "-summary.csv"):
    x = pd.read_csv(a + suffix).drop(columns=["seconds"], errors="ignore")
    y = pd.read_csv(b + suffix).drop(columns=["seconds"], errors="ignore")
    # pxrun's CSV has 10 significant digits, pandas' all 17 (bit-for-bit equality is test_dask.py's)
    pd.testing.assert_frame_equal(x, y, check_exact=False, rtol=1e-9, atol=0, check_dtype=False)
print("Dask example on a scheduler and 2 worker processes = the unsharded sweep")
PY
