#!/usr/bin/env python3
"""Records the reproduction tables of docs/experiments.md (the published OGB numbers, and RR / DPRR as density
mechanisms): one pxrun sweep per row into results/reproduction/ROW/
(python3 results/record_reproduction.py [ROW ...], from the repository root, after building; with no ROW, every
row not yet recorded).

"reference" rows run resources/specs/reproduce-<set>.json (the published code's path: smooth bound, BDRS ε, clean
test features); "project" rows run defaults-<set>.json (Gaussian with a public degree bound, isotropic and equal
SNR, every embedding noisy); "rr-dprr" rows run defaults-<set>.json with the two graph mechanisms at ε = 1 and 2.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import record  # noqa: E402

SETS = ["molbace", "molbbbp", "mollipo", "moltox21", "moltox21-all", "molhiv"]  # cheapest first
GRAPH_MECHANISMS = ['mechanisms=[{"mechanism":"rr"},{"mechanism":"dprr"}]', 'budget={"axis":"epsilon","values":[1,2]}']
ONE_SEED = ['noise_seeds=[1]', 'attack=false']  # the large sets: 3 runs per point
# row name → (spec, changes)
ROWS = {
    **{f"{s}-reference": (f"resources/specs/reproduce-{s}.json", []) for s in SETS},
    **{f"{s}-project": (f"resources/specs/defaults-{s}.json", []) for s in SETS},
    "molbace-rr-dprr": ("resources/specs/defaults-molbace.json", GRAPH_MECHANISMS),
    "molbbbp-rr-dprr": ("resources/specs/defaults-molbbbp.json", GRAPH_MECHANISMS),
    "mollipo-rr-dprr": ("resources/specs/defaults-mollipo.json", GRAPH_MECHANISMS + ONE_SEED),
    "mollipo-knn-rr-dprr": ("resources/specs/defaults-mollipo.json", GRAPH_MECHANISMS + ONE_SEED + ['learner={"kind":"knn","k":50}']),
    "molhiv-rr-dprr": ("resources/specs/defaults-molhiv.json", GRAPH_MECHANISMS + ONE_SEED),
    # the published code's own path (train_on_molbace): standardised on the noisy rows, clean test rows, no n column
    "molbace-code-path": ("resources/specs/reproduce-molbace.json", ["standardize=true", "append_n=false", "attack=false"]),
}


def main():
    record.record_batch("reproduction", ROWS, sys.argv[1:])


if __name__ == "__main__":
    main()
