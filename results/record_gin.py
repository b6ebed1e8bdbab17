#!/usr/bin/env python3
"""Records docs/experiments.md's GIN-0 table (Xu et al.'s protocol) as a reduced protocol: the first 3 of the 10
folds of resources/specs/tu-gin-<set>.json, two trainings at a time, one sweep per data set into
results/gin/SET/ (python3 results/record_gin.py [SET ...], from the repository root, after building; with no SET,
every set not yet recorded). COLLAB and REDDIT-BINARY (20-30 min per training on this machine) run their first fold only;
mutag-validation is MUTAG's honest variant (epoch chosen on validation graphs, all 10 folds, with the controls);
social-{imdb-binary,collab,reddit-binary} and gnn-baselines-{molbace,molbbbp,mollipo} are the GIN on RR and DPRR
graphs, reduced (3 folds of IMDB-BINARY, 1 of COLLAB and REDDIT-BINARY; 1 noise seed of the molecules' 3).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import record  # noqa: E402

REDUCED = ["run_folds=3", "learner.parallel_trainings=2"]
SETS = ["mutag", "ptc-mr", "imdb-binary", "enzymes", "proteins", "imdb-multi", "nci1"]  # cheapest first
ROWS = {s: (f"resources/specs/tu-gin-{s}.json", REDUCED) for s in SETS}
ONE_FOLD = ["run_folds=1", "learner.parallel_trainings=2"]
FIRST_FOLD_SETS = ["collab", "reddit-binary"]  # the first of their 10 shipped folds
ROWS.update({s: (f"resources/specs/tu-gin-{s}.json", ONE_FOLD) for s in FIRST_FOLD_SETS})
# The honest variant on MUTAG, all 10 folds: the epoch chosen on each training part's validation graphs, with controls.
ROWS["mutag-validation"] = ("resources/specs/tu-gin-mutag.json",
                            ['learner.epoch_selection="validation"', "learner.parallel_trainings=2", "controls=true"])
# GIN-0 on RR and DPRR graphs of IMDB-BINARY (docs/experiments.md), the first 3 folds.
ROWS["social-imdb-binary"] = ("resources/specs/social-gin-rr-dprr.json", REDUCED)
# The seed's GNN baselines on MOLBACE (docs/trained-networks.md), one noise seed of three.
ROWS["gnn-baselines-molbace"] = ("resources/specs/reproduce-gnn-baselines.json", ["noise_seeds=[0]", "learner.parallel_trainings=2"])
# The same on MOLBBBP (docs/trained-networks.md), one noise seed.
ROWS["gnn-baselines-molbbbp"] = ("resources/specs/reproduce-gnn-baselines.json",
                                 ['dataset="../shared/data/ogbg-molbbbp"', "noise_seeds=[0]", "learner.parallel_trainings=2"])
# GIN-0 on RR and DPRR graphs of COLLAB and REDDIT-BINARY (docs/experiments.md), the first of the 10 shipped folds;
# REDDIT-BINARY without RR, whose graphs are dense (a training of hours on 2 cores): DPRR and the clean graphs only.
ROWS["social-collab"] = ("resources/specs/social-gin-rr-dprr-collab.json", ONE_FOLD)
ROWS["social-reddit-binary"] = ("resources/specs/social-gin-rr-dprr-reddit-binary.json",
                                ONE_FOLD + ['mechanisms=[{"mechanism":"dprr","dprr_split":"published"}]'])
# MOLLIPO (regression, RMSE), one noise seed.
ROWS["gnn-baselines-mollipo"] = ("resources/specs/reproduce-gnn-baselines.json",
                                 ['dataset="../shared/data/ogbg-mollipo-rebuilt"', "noise_seeds=[0]", "learner.parallel_trainings=2"])


def main():
    record.record_batch("gin", ROWS, sys.argv[1:])


if __name__ == "__main__":
    main()
