#!/usr/bin/env python3
"""Records the depth lab's tables of docs/depth-lab-experiments.md that take seconds to minutes: one `pxrun depth`
run per row into results/depth/ROW/ (python3 results/record_depth.py [ROW ...], from the repository root, after
building; with no ROW, every row not yet recorded). The trained NAG grids are recorded reduced to d = 32 and 3
trials (the specs: d ∈ {32, 128} and 5 trials, about an hour each on 2 cores).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import record  # noqa: E402

CORA = "../shared/data/cora"
SELECTION_CHAIN1 = ['schemes=["gap","caribou","caribou-reference"]', "epsilons=[1]", "hops=[1,2,3,4,5,6,7,8,9,10,15]",
                    "contractions=[0.6,0.7,0.8,0.9]", "alpha1s=[0.9,1.0]", "betas=[0.1,1,10]", 'rows="selection"']
SELECTION_CORA = ['schemes=["gap","caribou","caribou-reference","none"]', "epsilons=[1]", "hops=[1,2]", "betas=[10,15]",
                  "contractions=[0.8,0.9]", "alpha1s=[0.9,1.0]", "trials=3", 'rows="selection"']
# row name → (experiment or spec, changes, data)
ROWS = {
    "chain8-limit": ("propagation", ["epsilons=[64,1000,100000]", "hops=[1,8]"], None),
    "chain1-selection": ("propagation", SELECTION_CHAIN1, "builtin:chain-1"),
    "cora-selection-linear": ("propagation", SELECTION_CORA + ['model="linear"'], CORA),
    "cora-selection-gap": ("propagation", SELECTION_CORA + ['model="gap"'], CORA),
    "chain8-gap": ("propagation", ["epsilons=[1,8,64]", "hops=[1,8]", 'model="gap"'], None),
    "chain1-selection-gap": ("propagation", SELECTION_CHAIN1 + ['model="gap"'], "builtin:chain-1"),
    "asamp-sbm-least-squares": ("asamp", [], None),
    "asamp-sbm-logistic": ("asamp", ['base="logistic"'], None),
    "asamp-cora-least-squares": ("asamp", [], CORA),
    "asamp-cora-logistic": ("asamp", ['base="logistic"'], CORA),
    "audit": ("propagation-audit", [], None),
}
NAG_REDUCED = ["widths=[32]", "trials=3", "parallel_trainings=2"]
for grid in ("cora", "cora-constrained", "citeseer"):
    ROWS[f"nag-{grid}"] = (f"resources/specs/depth-nag-trained-{grid}.json", NAG_REDUCED, None)


def main():
    record.record_batch("depth", ROWS, sys.argv[1:], command_name="depth", data_of=lambda row: row[2])


if __name__ == "__main__":
    main()
