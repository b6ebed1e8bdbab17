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

RF = ['learner={"kind":"rf"}', 'feature_map="count"', 'tuning="none"']  # untuned forest on counts
# row name → (data set's spec, changes, the row's label in the table)
ROWS = {
    "mutag-rf": ("mutag", RF, "counts, rf"),
    "mutag-knn": ("mutag", [], "log counts, kNN (k = 20)"),
    "ptc-mr-rf": ("ptc-mr", RF, "counts, rf"),
    "enzymes-rf": ("enzymes", RF, "counts, rf"),
    "imdb-binary-knn": ("imdb-binary", ['learner={"kind":"knn"}'], "log counts, kNN nested"),
    "proteins-rf": ("proteins", RF, "counts, rf"),
    "mutag-svm": ("mutag", ['learner={"kind":"svm"}', 'tuning="nested"'], "log counts, SVM nested"),
    "imdb-multi-knn": ("imdb-multi", ['learner={"kind":"knn"}'], "log counts, kNN nested"),
    "reddit-binary-knn": ("reddit-binary", [], "log counts, kNN nested"),
    "imdb-binary-rf": ("imdb-binary", RF, "counts, rf"),
    "ptc-mr-svm": ("ptc-mr", [], "log counts, SVM nested"),
    "imdb-multi-rf": ("imdb-multi", RF, "counts, rf"),
    "reddit-binary-rf": ("reddit-binary", RF, "counts, rf"),
    "imdb-binary-rf-trees10": ("imdb-binary", RF + ['classes=["all-trees:10"]'], "counts, rf"),
    "nci1-rf": ("nci1", RF, "counts, rf"),
    "collab-knn": ("collab", [], "log counts, kNN nested"),
    "collab-rf": ("collab", RF, "counts, rf"),
    "enzymes-svm": ("enzymes", [], "log counts, SVM nested"),
    "collab-rf-trees8": ("collab", RF + ['classes=["all-trees:8"]'], "counts, rf"),
    "imdb-binary-svm": ("imdb-binary", [], "log counts, SVM nested"),
    "proteins-svm": ("proteins", [], "log counts, SVM nested"),
    "collab-rf-trees10": ("collab", RF + ['classes=["all-trees:10"]'], "counts, rf"),
}


def main():
    wanted = sys.argv[1:] or [r for r in ROWS if not os.path.exists(os.path.join(record.ROOT, "results", "all-trees", r, "meta.json"))]
    unknown = [r for r in wanted if r not in ROWS]
    if unknown:
        sys.exit(f"unknown rows: {', '.join(unknown)} (known: {', '.join(ROWS)})")
    built_from = record.commit()  # the binary's tree, taken once: editing docs during the batch does not change it
    for row in wanted:
        dataset, changes, _ = ROWS[row]
        print(f"== {row}", flush=True)
        record.record(os.path.join("all-trees", row), os.path.join(record.ROOT, "resources", "specs", f"tu-{dataset}-all-trees.json"),
                      overrides=changes, commit_id=built_from)


if __name__ == "__main__":
    main()
