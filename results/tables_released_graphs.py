"""Generated text on a GIN trained on released graphs (randomized response, DPRR, or the clean graphs): the seed's GNN
baselines on molecules (docs/trained-networks.md) and GIN-0 on social data sets (docs/experiments.md), from
results/gin/ROW/ (recorded by results/record_gin.py), beside the published numbers and this project's private
densities (results/reproduction/, results/all-trees/)."""
from recorded_runs import RecordedRuns, published

RUNS = RecordedRuns("gin")
REPRODUCTION = RecordedRuns("reproduction")
ALL_TREES = RecordedRuns("all-trees")
MECHANISMS = (("rr", "RR graphs, ε = 1"), ("dprr", 'DPRR graphs, published split "ε = 1" (2-edge-DP)'),
              ("clean", "the clean graphs (no privacy)"))
MOLECULES = (("molbace", "MOLBACE"), ("molbbbp", "MOLBBBP"), ("mollipo", "MOLLIPO"))
SOCIAL = (("imdb-binary", "IMDB-BINARY"), ("collab", "COLLAB"), ("reddit-binary", "REDDIT-BINARY"))
MARGIN = {"value": 0.02, "accuracy": 0.02}  # what counts as level with a control: 0.02 of AUC, 2 points of accuracy


def display_name(dataset):
    """ogbg-molbace, ogbg-mollipo-rebuilt → MOLBACE, MOLLIPO (the names of the published tables)."""
    return dataset.replace("ogbg-", "").replace("-rebuilt", "").upper()


def verdict(margin):
    """Whether a margin (positive: better) carries a claim, at the tables' 0.02."""
    return "holds" if margin > 0.02 else ("is level (within 0.02)" if margin >= -0.02 else "does not hold")


def not_recorded(name):
    return f"Not recorded yet (`python3 results/record_gin.py {name}`).\n"


def graph_mechanism_rows(name):
    """The GIN on RR, DPRR and clean graphs: {(mechanism or "clean", noisy test): summary row}."""
    table = {}
    for r in RUNS.table(name):
        key = "clean" if r["budget"] == "inf" else r["mechanism"]
        table.setdefault((key, r["noisy_test"] == "true"), r)
    return table


def provenance(name):
    meta, result = RUNS.meta(name), RUNS.json(name, "sweep.json")
    return (f"From `results/gin/{name}/` (`{meta['command']}`, commit {meta['commit'][:7]}, {meta['date'][:10]}, "
            f"{meta['machine']['cpu']} with {meta['machine']['cores']} cores, {meta['wall_seconds']:.0f} s, kernel path "
            f"{result.get('kernels', '?')}); split: \"{result['split']}\".\n")


def gin_on_released_graphs(name, title, with_accuracy, published_column):
    """One table: the GIN trained on RR graphs at ε = 1, on DPRR graphs (the published split, 2-edge-DP) and on the
    clean graphs, scored on released (honest) and clean (reference protocol) test graphs, beside its controls."""
    if not RUNS.recorded(name):
        return not_recorded(name)
    table = graph_mechanism_rows(name)
    papers = published("homcounts-published.csv")

    def cell(r):
        spread = r.get("value_fold_std_mean")
        shown = spread and spread != "nan" and float(spread) > 0  # one split (scaffold) has no spread over folds
        auc = f"{float(r['value_mean']):.3f}" + (f" ± {float(spread):.3f}" if shown else "")
        if with_accuracy and r["metric"] == "accuracy":  # several classes: the value is the accuracy itself
            return f"{100 * float(r['accuracy_mean']):.1f}"
        return f"{100 * float(r['accuracy_mean']):.1f} ({auc})" if with_accuracy else auc

    def control(r, which):
        key = f"{which}_accuracy_mean" if with_accuracy else f"{which}_value_mean"
        return f"{(100 if with_accuracy else 1) * float(r[key]):.{1 if with_accuracy else 3}f}"
    head = f"| {title} | " + ("published (mean of 9 runs) | " if published_column else "") + \
        "perturbed test graphs (honest) | clean test graphs (reference protocol) | shuffled within n: perturbed / clean | n alone |"
    lines = [head, "|---" * (head.count("|") - 1) + "|"]
    dataset = display_name(next(iter(table.values()))["dataset"])
    for key, label in MECHANISMS:
        honest, reference = table.get((key, True)), table.get((key, False), table.get((key, True)))
        if not honest:
            continue
        paper = (papers.get(dataset, {}).get(f"{key}_gnn_eps1", "") or "–") if key != "clean" else "–"
        lines.append(f"| {label} | " + (f"{paper} | " if published_column else "") + f"{cell(honest)} | "
                     + ("the same" if key == "clean" else cell(reference)) + f" | {control(honest, 'shuffled')} / "
                     f"{control(reference, 'shuffled')} | {control(honest, 'public')} |")
    return "\n".join(lines) + "\n\n" + provenance(name)


def better(metric):
    """The better of several scores: the largest, or the smallest for an error (RMSE)."""
    return min if metric == "rmse" else max


def gain(metric, value, than):
    """How much better `value` is than `than` (positive: better), whichever way the metric points."""
    return than - value if metric == "rmse" else value - than


def against_controls(r, column):
    """How a score stands against the better of its two controls (n alone, shuffled within n)."""
    metric = r["metric"] if column == "value" else "accuracy"
    value = float(r[f"{column}_mean"])
    margin = gain(metric, value, better(metric)(float(r[f"public_{column}_mean"]), float(r[f"shuffled_{column}_mean"])))
    scale, unit = (100, " points") if column == "accuracy" else (1, "")
    if abs(margin) <= MARGIN[column]:
        return f"level with the better of its controls (within {scale * MARGIN[column]:g}{unit})"
    side = "better than" if margin > 0 else "worse than"
    return f"{scale * abs(margin):.{1 if column == 'accuracy' else 3}f}{unit} {side} the better of its controls"


def private_densities(key):
    """This project's private densities at the published ε ≈ 1.093: {allocation: value} and n alone with that learner."""
    rows = [r for r in REPRODUCTION.table(f"{key}-project") if r["budget"] == "1.093"]
    return {r["allocation"]: float(r["value_mean"]) for r in rows}, float(rows[0]["public_value_mean"])


def molecule_findings():
    """Per recorded molecule set: the reference protocol against the published number, the honest one against the
    controls, the clean GIN, and this project's private densities beside them."""
    parts = []
    for key, label in MOLECULES:
        name = f"gnn-baselines-{key}"
        if not RUNS.recorded(name):
            continue
        t, paper = graph_mechanism_rows(name), published("homcounts-published.csv")[label]
        metric = t[("rr", True)]["metric"]
        pick = better(metric)
        v = {k: float(r["value_mean"]) for k, r in t.items()}
        densities, n_alone = private_densities(key)
        best = pick(densities.values())
        reference, honest = pick(v[("rr", False)], v[("dprr", False)]), pick(v[("rr", True)], v[("dprr", True)])
        parts.append(
            f"- **{label}** ({metric.upper()}, one noise seed): trained on RR graphs at ε = 1 and tested on clean graphs (the reference "
            f"protocol) the GIN scores {v[('rr', False)]:.3f} (published {paper['rr_gnn_eps1']}); tested on graphs released "
            f"the same way, {v[('rr', True)]:.3f}, {against_controls(t[('rr', True)], 'value')}. On DPRR graphs: "
            f"{v[('dprr', False)]:.3f} tested on clean graphs (published {paper['dprr_gnn_eps1']}), {v[('dprr', True)]:.3f} "
            f"honest, {against_controls(t[('dprr', True)], 'value')}. Without privacy: {v[('clean', True)]:.3f}, "
            f"{against_controls(t[('clean', True)], 'value')}. This project's private densities at ε ≈ 1.09 (reproduction "
            f"tables): " + ", ".join(f"{d:.3f} ({a})" for a, d in densities.items()) + f"; n alone {n_alone:.3f} with their "
            f"learner. The headline claim (private densities beat the RR/DPRR GIN) {verdict(gain(metric, best, reference))} against the "
            f"reference protocol (best private {best:.3f} against {reference:.3f}) and {verdict(gain(metric, best, honest))} against the "
            f"honest one (against {honest:.3f}).")
    return "\n".join(parts) + "\n" if parts else "No molecule set recorded yet (`python3 results/record_gin.py gnn-baselines-molbace`).\n"


def social_findings():
    """Per recorded social set: the GIN on RR/DPRR graphs (honest and clean-tested) beside the private tree counts
    with a forest at ε = 1 (the all-trees table)."""
    parts = []
    for key, label in SOCIAL:
        name = f"social-{key}"
        if not (RUNS.recorded(name) and ALL_TREES.recorded(f"{key}-rf")):
            continue
        t = graph_mechanism_rows(name)
        acc = {k: 100 * float(r["accuracy_mean"]) for k, r in t.items()}
        trees = 100 * float(next(r for r in ALL_TREES.table(f"{key}-rf") if r["budget"] == "1")["accuracy_mean"])

        def versus(gin):
            return f"{abs(trees - gin):.1f} points {'above' if trees > gin else 'below'}"
        trained = [(k, label) for k, label in (("rr", "RR graphs at ε = 1"), ("dprr", "DPRR graphs (2-edge-DP)")) if (k, True) in t]
        honest = "; ".join(f"trained on {label} reaches {acc[(k, True)]:.1f} %, {against_controls(t[(k, True)], 'accuracy')}" for k, label in trained)
        reference = " and ".join(f"{acc[(k, False)]:.1f} % ({k.upper()})" for k, _ in trained if (k, False) in t)
        parts.append(
            f"- **{label}** (split: {RUNS.json(name, 'sweep.json')['split']}): tested honestly, the GIN {honest}. "
            f"Tested on clean graphs (the reference protocol): {reference}. Without privacy {acc[('clean', True)]:.1f} %. "
            f"The private counts of all trees up to 6 vertices with a forest at ε = 1 (all-trees table, 10 folds, 3 noise "
            f"seeds) give {trees:.1f} %: " + " and ".join(f"{versus(acc[(k, True)])} the honest {k.upper()} GIN" for k, _ in trained) + ".")
    return "\n".join(parts) + "\n" if parts else "No social set recorded yet.\n"


GENERATORS = {
    "gin-rr-dprr-imdb-binary": lambda: gin_on_released_graphs("social-imdb-binary", "IMDB-BINARY, GIN-0 trained on", True, False),
    "gin-rr-dprr-collab": lambda: gin_on_released_graphs("social-collab", "COLLAB, GIN-0 trained on", True, False),
    "gin-rr-dprr-reddit-binary": lambda: gin_on_released_graphs("social-reddit-binary", "REDDIT-BINARY, GIN-0 trained on", True, False),
    "gin-rr-dprr-social-findings": social_findings,
    "gnn-baselines-molbace": lambda: gin_on_released_graphs("gnn-baselines-molbace", "MOLBACE, GIN trained on (test ROC-AUC)", False, True),
    "gnn-baselines-molbbbp": lambda: gin_on_released_graphs("gnn-baselines-molbbbp", "MOLBBBP, GIN trained on (test ROC-AUC)", False, True),
    "gnn-baselines-mollipo": lambda: gin_on_released_graphs("gnn-baselines-mollipo", "MOLLIPO, GIN trained on (test RMSE)", False, True),
    "gnn-baselines-findings": molecule_findings,
}
