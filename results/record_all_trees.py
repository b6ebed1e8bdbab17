#!/usr/bin/env python3
"""Records the all-trees and pattern-budget tables of docs/experiments.md: one pxrun sweep per row, each into
results/all-trees/ROW/ (python3 results/record_all_trees.py [ROW ...], from the repository root, after building).

Every row is a spec of resources/specs/tu-<set>-all-trees.json (13 trees on 2..6 vertices, equal-SNR Gaussian,
3 noise seeds, both controls), changed by pxrun's --set where the row's learner or feature map differs. Rows run
cheapest first; with no ROW given, every row not yet recorded runs.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import record  # noqa: E402

def spec(dataset):
    return f"resources/specs/tu-{dataset}-all-trees.json"


RF = ['learner={"kind":"rf"}', 'feature_map="count"', 'tuning="none"']  # untuned forest on counts
# row name → (spec, changes, the row's label in the table)
ROWS = {
    "mutag-rf": (spec("mutag"), RF, "counts, rf"),
    "mutag-knn": (spec("mutag"), [], "log counts, kNN (k = 20)"),
    "ptc-mr-rf": (spec("ptc-mr"), RF, "counts, rf"),
    "enzymes-rf": (spec("enzymes"), RF, "counts, rf"),
    "imdb-binary-knn": (spec("imdb-binary"), ['learner={"kind":"knn"}'], "log counts, kNN nested"),
    "proteins-rf": (spec("proteins"), RF, "counts, rf"),
    "mutag-svm": (spec("mutag"), ['learner={"kind":"svm"}', 'tuning="nested"'], "log counts, SVM nested"),
    "imdb-multi-knn": (spec("imdb-multi"), ['learner={"kind":"knn"}'], "log counts, kNN nested"),
    "reddit-binary-knn": (spec("reddit-binary"), [], "log counts, kNN nested"),
    "imdb-binary-rf": (spec("imdb-binary"), RF, "counts, rf"),
    "ptc-mr-svm": (spec("ptc-mr"), [], "log counts, SVM nested"),
    "imdb-multi-rf": (spec("imdb-multi"), RF, "counts, rf"),
    "reddit-binary-rf": (spec("reddit-binary"), RF, "counts, rf"),
    "imdb-binary-rf-trees10": (spec("imdb-binary"), RF + ['classes=["all-trees:10"]'], "counts, rf"),
    "nci1-rf": ("nci1", RF, "counts, rf"),
    "collab-knn": (spec("collab"), [], "log counts, kNN nested"),
    "collab-rf": (spec("collab"), RF, "counts, rf"),
    "enzymes-svm": (spec("enzymes"), [], "log counts, SVM nested"),
    "collab-rf-trees8": (spec("collab"), RF + ['classes=["all-trees:8"]'], "counts, rf"),
    "imdb-binary-svm": (spec("imdb-binary"), [], "log counts, SVM nested"),
    "proteins-svm": (spec("proteins"), [], "log counts, SVM nested"),
    "collab-rf-trees10": (spec("collab"), RF + ['classes=["all-trees:10"]'], "counts, rf"),
}


def main():
    record.record_batch("all-trees", ROWS, sys.argv[1:])


if __name__ == "__main__":
    main()
