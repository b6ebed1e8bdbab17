"""Generated text of docs/depth-lab-experiments.md, from results/depth/ROW/ (recorded by results/record_depth.py) and
the released CARIBOU logs transcribed in results/published/caribou-chains1-runs.csv."""
import csv
import os

from recorded_runs import RecordedRuns

SCHEMES = {"caribou": "CARIBOU (valid)", "caribou-reference": "CARIBOU reference code (no valid guarantee)", "gap": "GAP"}


RUNS = RecordedRuns("depth")
recorded = RUNS.recorded


def rows(row):
    return RUNS.table(row, "depth.csv")


def source(*names):
    """Where the text's numbers come from: the rows' folders, with their commands and commits."""
    metas = [(n, RUNS.meta(n)) for n in names]
    return "; ".join(f"`results/depth/{n}/` (`{m['command']}`, commit {m['commit'][:7]}, {m['date'][:10]}, {m['wall_seconds']:g} s)"
                     for n, m in metas)


def needs(*names):
    """A generator that reads these rows: until each is recorded, it says which to record instead."""
    def wrap(generate):
        def run():
            absent = [n for n in names if not recorded(n)]
            return f"Not recorded yet (`python3 results/record_depth.py {' '.join(absent)}`).\n" if absent else generate()
        run.__doc__ = generate.__doc__
        return run
    return wrap


CORA_MODELS = ("cora-selection-linear", "cora-selection-gap")
GAP_CHAINS = ("chain1-selection-gap", "chain8-gap")
ASAMP = ("asamp-sbm-least-squares", "asamp-sbm-logistic", "asamp-cora-least-squares", "asamp-cora-logistic")


def f3(value):
    return f"{float(value):.3f}"


@needs("chain8-limit")
def chain8_limit():
    """The chain data's non-private line is not the limit of the private schemes."""
    at = {(r["scheme"], r["epsilon"]): r for r in rows("chain8-limit") if r["hops"] == "8"}
    top, low = at[("gap", "100000")], at[("gap", "64")]
    return (f"On `builtin:chain-8` at K = 8: at ε = 10⁵ (σ = {float(top['sigma']):.3f}) GAP reaches {f3(top['test_accuracy_mean'])} and "
            f"CARIBOU {f3(at[('caribou', '100000')]['test_accuracy_mean'])}, against {f3(at[('none', 'inf')]['test_accuracy_mean'])} "
            f"non-private and {f3(top['features_only_accuracy'])} for the features alone; at ε = 64 both stay near the "
            f"features-alone level ({f3(low['test_accuracy_mean'])} and {f3(at[('caribou', '64')]['test_accuracy_mean'])}); "
            f"{int(top['runs'])} runs each. From {source('chain8-limit')}.\n")


@needs("chain1-selection")
def selection_table():
    """Chain-1, the published grid: each scheme's mean run, spread, worst, best and expected best of k."""
    table = rows("chain1-selection")
    k = table[0]["best_of_k"]
    lines = [f"| scheme | runs | mean run | sd | worst | best | expected best of {k} |", "|---|---|---|---|---|---|---|"]
    for r in table:
        lines.append(f"| {SCHEMES.get(r['scheme'], r['scheme'])} | {r['runs']} | {f3(r['test_accuracy_mean'])} | {f3(r['test_accuracy_sd'])} "
                     f"| {f3(r['test_accuracy_worst'])} | {f3(r['test_accuracy_best'])} | {f3(r['test_accuracy_expected_best_of_k'])} |")
    r = table[0]
    lines.append(f"| controls: the most frequent test class {f3(r['majority_accuracy'])}, features alone "
                 f"{f3(r['features_only_accuracy'])} | | | | | | |")
    return "\n".join(lines) + f"\n\nFrom {source('chain1-selection')}.\n"


@needs(*CORA_MODELS)
def cora_models_table():
    """Cora at ε = 1, read by the linear probe and by GAP's trained models: mean run (best)."""
    names = CORA_MODELS
    lines = ["| Cora, ε = 1 | valid CARIBOU | reference code (no valid guarantee) | GAP | features alone | non-private |",
             "|---|---|---|---|---|---|"]
    for name, label in zip(names, ("linear probe (PCA 64, logistic regression)", "GAP's trained encoder and MLP heads")):
        by = {r["scheme"]: r for r in rows(name)}
        cells = [f"{f3(by[s]['test_accuracy_mean'])} ({f3(by[s]['test_accuracy_best'])})" for s in ("caribou", "caribou-reference", "gap")]
        lines.append(f"| {label} | " + " | ".join(cells) + f" | {f3(by['gap']['features_only_accuracy'])} "
                     f"| {f3(by['none']['test_accuracy_mean'])} ({f3(by['none']['test_accuracy_best'])}) |")
    return "\n".join(lines) + f"\n\nFrom {source(*names)}.\n"


@needs(*GAP_CHAINS)
def gap_on_chains():
    """GAP's trained models on the chain data: the selection grid on chain-1 and chain-8's private schemes."""
    names = GAP_CHAINS
    by = {r["scheme"]: r for r in rows("chain1-selection-gap")}
    c, ref, gap = by["caribou"], by["caribou-reference"], by["gap"]
    private = [float(r["test_accuracy_mean"]) for r in rows("chain8-gap") if r["scheme"] != "none"]
    clean = [r for r in rows("chain8-gap") if r["scheme"] == "none" and r["hops"] == "8"][0]
    return (f"- **On chain-1** (the selection grid above, read by GAP's models): GAP {f3(gap['test_accuracy_mean'])} ± "
            f"{f3(gap['test_accuracy_sd'])} (best {f3(gap['test_accuracy_best'])}), valid CARIBOU {f3(c['test_accuracy_mean'])} ± "
            f"{f3(c['test_accuracy_sd'])} (best {f3(c['test_accuracy_best'])}, expected best of {c['best_of_k']}: "
            f"{f3(c['test_accuracy_expected_best_of_k'])}), reference code {f3(ref['test_accuracy_mean'])} ± {f3(ref['test_accuracy_sd'])} "
            f"(best {f3(ref['test_accuracy_best'])}). The features alone give {f3(c['features_only_accuracy'])}, the most frequent "
            f"class {f3(c['majority_accuracy'])}: with 8 training nodes the trained heads are no better than the linear probe, "
            f"and selecting the best of many runs again turns a mean run at chance into a high number.\n"
            f"- **On chain-8** (ε ∈ {{1, 8, 64}}, K ∈ {{1, 8}}): the private schemes stay at {min(private):.2f}–{max(private):.2f} "
            f"at every ε ≤ 64; without noise the models reach {f3(clean['test_accuracy_mean'])} at K = 8, against "
            f"{f3(clean['features_only_accuracy'])} for the features alone.\n"
            f"From {source(*names)}.\n")


@needs(*ASAMP)
def asamp_table():
    """AsampGCN: accuracy of released labels / abstention / overall, in and beyond the feasible range."""
    names = ASAMP
    feasible = float(rows(names[0])[0]["max_sampling"])
    lines = [f"| data, base fit | p_s ≤ 0.01 (feasible up to {feasible:.4f}) | p_s = 0.02 | p_s ≥ 0.05 | base classifier on the whole graph (not private) |",
             "|---|---|---|---|---|"]
    labels = ("SBM (built in), least squares", "SBM, logistic", "Cora (class 1 vs rest), least squares", "Cora, logistic")

    def cell(group):
        shown = {(f3(r["accuracy_released"]), f3(r["abstention"]), f3(r["accuracy_overall"])) for r in group}
        if all(float(r["abstention"]) == 1 for r in group):
            return "⊥ everywhere"
        return " or ".join(" / ".join(t) for t in sorted(shown))
    for name, label in zip(names, labels):
        table = rows(name)
        low = [r for r in table if float(r["sampling"]) <= 0.01]
        mid = [r for r in table if abs(float(r["sampling"]) - 0.02) < 1e-12]
        high = [r for r in table if float(r["sampling"]) >= 0.05]
        lines.append(f"| {label} | {cell(low)} | {cell(mid)} | {cell(high)} | {f3(table[0]['base_accuracy'])} |")
    return "\n".join(lines) + f"\n\nFrom {source(*names)}.\n"


@needs("audit")
def audit_table():
    """The statistical audit of CARIBOU: a lower bound on ε per scheme, depth and β; bold where it refutes the claim."""
    table = rows("audit")
    betas = list(dict.fromkeys(r["beta"] for r in table))
    lines = ["| scheme | K | " + " | ".join(f"β = {b}" for b in betas) + " |", "|---" * (2 + len(betas)) + "|"]
    for scheme in dict.fromkeys(r["scheme"] for r in table):
        mine = [r for r in table if r["scheme"] == scheme]
        claim = f"claims ε = {mine[0]['claimed_epsilon']} at δ = {float(mine[0]['delta']):g}"
        label = f"{'CARIBOU reference code' if scheme == 'caribou-reference' else 'CARIBOU, this project'} ({claim})"
        for hops in dict.fromkeys(r["hops"] for r in mine):
            cells = []
            for b in betas:
                r = next(x for x in mine if x["hops"] == hops and x["beta"] == b)
                shown = f"ε ≥ {float(r['epsilon_lower_bound']):.2f}"
                cells.append(f"**{shown}**" if r["contradicts_claim"] == "true" else shown)
            lines.append(f"| {label} | {hops} | " + " | ".join(cells) + " |")
            label = ""
    return "\n".join(lines) + f"\n\n{table[0]['samples']} draws per graph. From {source('audit')}.\n"


def published_chain_logs():
    """CARIBOU's and GAP's released chain-1 logs at ε = 1 (results/published/caribou-chains1-runs.csv): how the
    published number relates to the runs behind it."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "published", "caribou-chains1-runs.csv")
    runs = list(csv.DictReader(open(path, newline="", encoding="utf-8")))

    def of(scheme):
        return [float(r["test_accuracy_percent"]) for r in runs if r["scheme"] == scheme]
    caribou, gap = of("caribou"), of("gap")
    majority = float(runs[0]["majority_percent"])
    mean = sum(caribou) / len(caribou)
    return (f"- **The published figure is the best single run of the {len(caribou)}** ({max(caribou):.2f} %).\n"
            f"- The mean run is **{mean:.1f} %**, {'below' if mean < majority else 'above'} the log's own majority-class "
            f"baseline of {majority:.2f} %.\n"
            f"- GAP's log (`gap_chains1_e.txt`) has **{len(gap)} runs** at ε = 1: best {max(gap):.1f} %, mean "
            f"{sum(gap) / len(gap):.1f} %.\n\nTranscribed in `results/published/caribou-chains1-runs.csv` "
            f"(`results/published/transcribe_caribou_logs.py`).\n")


GENERATORS = {
    "depth-published-chain-logs": published_chain_logs,
    "depth-audit-table": audit_table,
    "depth-chain8-limit": chain8_limit,
    "depth-selection-table": selection_table,
    "depth-cora-models": cora_models_table,
    "depth-gap-on-chains": gap_on_chains,
    "depth-asamp-table": asamp_table,
}
