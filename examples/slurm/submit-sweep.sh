#!/bin/bash
# Submits a sweep as a SLURM array of N shards and, after all of them succeed, the merge:
#   examples/slurm/submit-sweep.sh SPEC.json OUT_PREFIX N
# Run it on the login node from the folder the outputs should go to; the nodes must see SPEC, its data set and
# that folder (a shared file system).
set -euo pipefail
spec=${1:?usage: submit-sweep.sh SPEC.json OUT_PREFIX N}
out=${2:?usage: submit-sweep.sh SPEC.json OUT_PREFIX N}
n=${3:?usage: submit-sweep.sh SPEC.json OUT_PREFIX N}
here=$(cd "$(dirname "$0")" && pwd)
array=$(sbatch --parsable --array=0-$((n - 1)) "$here/sweep-array.sbatch" "$spec" "$out")
array=${array%%;*}  # "jobid;cluster" on federated clusters
merge=$(sbatch --parsable --dependency=afterok:"$array" "$here/merge.sbatch" "$out" "$n")
echo "submitted: array job $array ($n shards), merge job ${merge%%;*} after it"
