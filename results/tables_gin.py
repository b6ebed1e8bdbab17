"""Generated text of docs/experiments.md's GIN-0 table (Xu et al.'s protocol, first 3 folds; COLLAB and REDDIT-BINARY
the first), from results/gin/SET/ (recorded by results/record_gin.py) beside results/published/tu-xu2019.csv and the density rows of results/tu-SET/."""
import csv
import os

from record_gin import FIRST_FOLD_SETS, SETS
from recorded_runs import RecordedRuns, published

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))


RUNS = RecordedRuns("gin")
recorded = RUNS.recorded


def read(name):
    """A row's first summary row, its meta.json and pxrun's JSON."""
    return RUNS.table(name)[0], RUNS.meta(name), RUNS.json(name, "sweep.json")


def best_density_row(name):
    """The TU table's best kNN accuracy without noise over its two pattern classes (results/tu-SET/)."""
    rows = csv.DictReader(open(os.path.join(ROOT, "results", "tu-" + name, "sweep-summary.csv"), newline="", encoding="utf-8"))
    return max(float(r["accuracy_mean"]) for r in rows if r["budget"] == "inf")


def folds_run(name):
    """How many of the 10 folds a row ran: the run table's `folds` column."""
    return int(RUNS.table(name, "sweep.csv")[0]["folds"])


def gin_table():
    """GIN-0 here (the first folds, epoch on the fold-mean test curve) beside the published GIN-0 and WL."""
    xu = published("tu-xu2019.csv")
    lines = ["| data set | folds run | GIN-0 here (mean ± sd over the folds run) | epoch chosen | GIN-0 published (10 folds) | WL published | density kNN at ε = ∞ (10 folds) | wall time |",
             "|---|---|---|---|---|---|---|---|"]
    for name in filter(recorded, SETS + FIRST_FOLD_SETS):
        r, meta, _ = read(name)
        paper, folds = xu[r["dataset"]], folds_run(name)
        spread = f" ± {100 * float(r['accuracy_fold_std_mean']):.1f}" if folds > 1 else ""
        lines.append(f"| {r['dataset']} | {'1' if folds == 1 else f'1-{folds}'} | {100 * float(r['accuracy_mean']):.1f}{spread} "
                     f"| {float(r['selected_epoch_mean']):.0f} | {paper['gin0_accuracy_percent']} | {paper['wl_subtree_accuracy_percent']} "
                     f"| {100 * best_density_row(name):.1f} | {meta['wall_seconds']:.0f} s |")
    missing = [s for s in SETS + FIRST_FOLD_SETS if not recorded(s)]
    return "\n".join(lines) + "\n" + (f"\nNot recorded (yet): {', '.join(missing)}.\n" if missing else "")


def gin_provenance():
    """Where the GIN rows come from: command, commit, kernel path, machine."""
    recorded_sets = [s for s in SETS + FIRST_FOLD_SETS if recorded(s)]
    if not recorded_sets:
        return "Not recorded yet (`python3 results/record_gin.py`).\n"
    metas = [read(s) for s in recorded_sets]
    _, meta, result = metas[0]
    commits = sorted({m["commit"][:7] + ("+" if "uncommitted" in m["commit"] else "") for _, m, _ in metas})
    dates = sorted({m["date"][:10] for _, m, _ in metas})
    kernels = sorted({res.get("kernels", "?") for _, _, res in metas})
    return (f"From `results/gin/<set>/` (`python3 results/record_gin.py`: each set's `resources/specs/tu-gin-<set>.json` "
            f"with `--set run_folds=3 --set learner.parallel_trainings=2`, COLLAB and REDDIT-BINARY `run_folds=1`), "
            f"commit {', '.join(commits)}, {', '.join(dates)}, {meta['machine']['cpu']} with {meta['machine']['cores']} cores, "
            f"two trainings at a time (one where one fold runs), kernel path "
            f"{', '.join(kernels)} (a training reproduces bit for bit only on its path). Splits as the run tables name them: "
            + "; ".join(sorted({f'"{res["split"]}"' for _, _, res in metas})) + ".\n")


def gin_honest_mutag():
    """MUTAG's GIN-0 with its epoch chosen on validation graphs (10 folds) beside its two controls."""
    if not recorded("mutag-validation"):
        return "Not recorded yet (`python3 results/record_gin.py mutag-validation`).\n"
    r, meta, result = read("mutag-validation")
    return ("| MUTAG, GIN-0, epoch on the validation part | accuracy | ROC-AUC | n alone | shuffled within n | epoch chosen (mean) | wall time |\n"
            "|---|---|---|---|---|---|---|\n"
            f"| {result['split']} | {100 * float(r['accuracy_mean']):.1f} ± {100 * float(r['accuracy_fold_std_mean']):.1f} "
            f"| {float(r['value_mean']):.3f} ± {float(r['value_fold_std_mean']):.3f} | {100 * float(r['public_accuracy_mean']):.1f} "
            f"| {100 * float(r['shuffled_accuracy_mean']):.1f} | {float(r['selected_epoch_mean']):.1f} | {meta['wall_seconds']:.0f} s |\n\n"
            f"Mean ± sd over the folds. From `results/gin/mutag-validation/` (`{meta['command']}`, commit {meta['commit'][:7]}, "
            f"{meta['date'][:10]}, kernel path {result.get('kernels', '?')}).\n")


GENERATORS = {
    "gin-table": gin_table,
    "gin-provenance": gin_provenance,
    "gin-honest-mutag": gin_honest_mutag,
}
