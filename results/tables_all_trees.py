"""Generated text of docs/experiments.md's all-trees and pattern-budget tables, from results/all-trees/ROW/
(recorded by results/record_all_trees.py, whose ROWS name each row's spec, changes and label)."""

from record_all_trees import ROWS
from recorded_runs import RecordedRuns, published

# The table's rows, data set by data set (best learner first, as the rows were chosen).
ORDER = ["collab-rf", "collab-knn", "reddit-binary-rf", "reddit-binary-knn", "imdb-binary-svm", "imdb-binary-rf",
         "imdb-binary-knn", "imdb-multi-rf", "imdb-multi-knn", "mutag-knn", "mutag-svm", "mutag-rf", "proteins-svm",
         "proteins-rf", "nci1-rf", "enzymes-svm", "enzymes-rf", "ptc-mr-svm", "ptc-mr-rf"]
BUDGET = ["collab-rf", "collab-rf-trees8", "collab-rf-trees10", "imdb-binary-rf", "imdb-binary-rf-trees10"]
BUDGETS = ["0.1", "1", "10", "inf"]


RUNS = RecordedRuns("all-trees")
recorded, meta = RUNS.recorded, RUNS.meta


def by_budget(row):
    return {r["budget"]: r for r in RUNS.table(row)}


def seconds(row):
    wall = meta(row)["wall_seconds"]
    return f"{wall:.0f} s" if wall >= 10 else f"{wall:.1f} s"


def percent(value):
    return f"{100 * float(value):.1f}"


def private_cell(r):
    """Mean ± 2 sd over the noise seeds, in %, with a dot when the point is not above both controls."""
    dot = " ·" if r["no_structural_signal"] == "true" else ""
    return f"{percent(r['accuracy_mean'])} ± {percent(2 * float(r['accuracy_std']))}{dot}"


def anchors(dataset):
    """The published non-private numbers beside a data set's first row."""
    ghc, xu = published("ghc-nguyen2020.csv").get(dataset, {}), published("tu-xu2019.csv").get(dataset, {})
    parts = []
    if ghc.get("ghc_tree_svm_accuracy_percent"):
        parts.append(f"GHC {ghc['ghc_tree_svm_accuracy_percent']} (test-fold tuned)")
    if ghc.get("ghc_forest_log_accuracy_percent"):
        parts.append(f"GHC forest logs {ghc['ghc_forest_log_accuracy_percent']}")
    if xu.get("gin0_accuracy_percent", "—") != "—":
        parts.append(f"GIN-0 published {xu['gin0_accuracy_percent'].split(' ')[0]}")
    return "; ".join(parts)


def all_trees_table():
    """Accuracy per ε beside n alone, the shuffled control and the published anchors, one row per recorded sweep."""
    lines = ["| data set (D) | features, learner | ε = 0.1 | ε = 1 | ε = 10 | ε = ∞ | n alone | shuffled within n, ε = 1 | published anchor | wall time |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    shown = None
    for row in filter(recorded, ORDER):
        rows = by_budget(row)
        dataset = rows["inf"]["dataset"]
        first = dataset != shown
        shown = dataset
        label = f"{dataset} ({rows['inf']['degree_bound']})" if first else ""
        cells = [private_cell(rows[b]) for b in BUDGETS[:-1]] + [percent(rows["inf"]["accuracy_mean"])]
        lines.append(f"| {label} | {ROWS[row][2]} | " + " | ".join(cells) + f" | {percent(rows['inf']['public_accuracy_mean'])} "
                     f"| {percent(rows['1']['shuffled_accuracy_mean'])} | {anchors(dataset) if first else ''} | {seconds(row)} |")
    missing = [r for r in ORDER if not recorded(r)]
    note = f"\nNot recorded (yet): {', '.join(missing)}.\n" if missing else ""
    return "\n".join(lines) + "\n" + note


def pattern_budget_table():
    """The forest on counts of all trees up to 6, 8 and 10 vertices: more patterns, each with less of the budget."""
    lines = ["| data set, class | d | ε = 0.1 | ε = 1 | ε = 10 | ε = ∞ | n alone | wall time |", "|---|---|---|---|---|---|---|---|"]
    for row in filter(recorded, BUDGET):
        rows = by_budget(row)
        r = rows["inf"]
        cells = [private_cell(rows[b]) for b in BUDGETS[:-1]] + [percent(r["accuracy_mean"])]
        lines.append(f"| {r['dataset']}, {r['pattern_class']} | {r['d']} | " + " | ".join(cells)
                     + f" | {percent(r['public_accuracy_mean'])} | {seconds(row)} |")
    said = []
    for small, large in (("collab-rf", "collab-rf-trees10"), ("imdb-binary-rf", "imdb-binary-rf-trees10")):
        if recorded(small) and recorded(large):
            a, b = by_budget(small)["1"], by_budget(large)["1"]
            said.append(f"{a['dataset']} {percent(a['accuracy_mean'])} % with d = {a['d']} and {percent(b['accuracy_mean'])} % "
                        f"with d = {b['d']} (n alone {percent(b['public_accuracy_mean'])} %)")
    return "\n".join(lines) + "\n" + ("\nAt ε = 1: " + "; ".join(said) + ".\n" if said else "")


def all_trees_provenance():
    """Where the rows come from: the recorder, commits, dates, machine, load."""
    metas = [meta(r) for r in dict.fromkeys(ORDER + BUDGET) if recorded(r)]
    if not metas:
        return "Not recorded yet (`python3 results/record_all_trees.py`).\n"
    commits = sorted({m["commit"][:7] + ("+" if "uncommitted" in m["commit"] else "") for m in metas})
    dates = sorted(m["date"] for m in metas)
    loads = [m["load_average_at_start"] for m in metas]
    m = metas[0]
    return (f"From `results/all-trees/<row>/` (`python3 results/record_all_trees.py`; each folder's meta.json holds its "
            f"pxrun command with the row's `--set` changes), commit {', '.join(commits)}, {dates[0]} to {dates[-1]}, "
            f"{m['machine']['cpu']} with {m['machine']['cores']} cores, load {min(loads):.1f}–{max(loads):.1f} at the "
            f"start of the sweeps, densities computed, not read from a cache. Wall times are whole sweeps (12 runs and "
            f"their controls).\n")


GENERATORS = {
    "all-trees-table": all_trees_table,
    "pattern-budget-table": pattern_budget_table,
    "all-trees-provenance": all_trees_provenance,
}


def better_control(r):
    return max(float(r["public_accuracy_mean"]), float(r["shuffled_accuracy_mean"]))


def all_trees_findings():
    """What the all-trees table says, its numbers read from the same runs."""
    def row(name):
        return by_budget(name) if recorded(name) else None

    def ghc_forest(dataset):
        return published("ghc-nguyen2020.csv")[dataset]["ghc_forest_log_accuracy_percent"]
    xu = published("tu-xu2019.csv")
    parts = []
    collab, reddit, collab_knn = row("collab-rf"), row("reddit-binary-rf"), row("collab-knn")
    if collab and reddit and collab_knn:
        parts.append(f"- **Without noise**, the untuned forest on counts gives {percent(collab['inf']['accuracy_mean'])} % on COLLAB "
                     f"(GHC's forest logs: {ghc_forest('COLLAB')} %) and {percent(reddit['inf']['accuracy_mean'])} % on REDDIT-BINARY "
                     f"({ghc_forest('REDDIT-BINARY')} %); kNN on log counts stays at {percent(collab_knn['inf']['accuracy_mean'])} % on COLLAB. "
                     f"GHC's SVM numbers had C and γ chosen on the test folds; the nested rows here choose them on each training "
                     f"part only, so they may sit a little lower.")
    social = []
    for name, label in (("collab-rf", "COLLAB"), ("imdb-binary-rf", "IMDB-BINARY"), ("reddit-binary-rf", "REDDIT-BINARY")):
        r = row(name)
        if r:
            social.append(f"{label} {percent(r['1']['accuracy_mean'])} % against {percent(better_control(r['1']))} % for the "
                          f"better control and {percent(r['inf']['accuracy_mean'])} % without noise")
    if social:
        parts.append("- **At ε = 1 (forest on counts)**: " + "; ".join(social) + ".")
    molecules = [n for n in ORDER if n.split("-")[0] in ("mutag", "proteins", "nci1", "enzymes", "ptc") and recorded(n)]
    flagged = sum(by_budget(n)[b]["no_structural_signal"] == "true" for n in molecules for b in BUDGETS[:-1])
    if molecules:
        parts.append(f"- **Molecules and proteins** (MUTAG, PROTEINS, NCI1, ENZYMES, PTC_MR): {flagged} of the "
                     f"{3 * len(molecules)} private points of their {len(molecules)} rows are not above both controls (dotted): "
                     f"there the private features are worth about what the public vertex count gives.")
    if collab:
        a = xu["COLLAB"]
        parts.append(f"- **The seed's claim** that private results approach non-private state of the art, on COLLAB: "
                     f"{percent(collab['1']['accuracy_mean'])} % at ε = 1 against {ghc_forest('COLLAB')} % for GHC's forest, "
                     f"{a['wl_subtree_accuracy_percent'].split(' ')[0]} % for WL and {a['gin0_accuracy_percent'].split(' ')[0]} % "
                     f"for GIN-0 (published, non-private).")
    return "\n".join(parts) + "\n"


GENERATORS["all-trees-findings"] = all_trees_findings
