"""Generated text of docs/depth-lab-experiments.md's trained NAG grids (`pxrun depth nag-trained`), from
results/depth/nag-*/ (recorded by results/record_depth.py)."""
from tables_depth import f3, needs, rows, source

NAG_GRIDS = ("nag-cora", "nag-cora-constrained", "nag-citeseer")
NO_EDGE = "none (features alone)"


def sd(value):
    """A spread as the tables print it: .017 for 0.017."""
    return f"{float(value):.3f}".lstrip("0")


def noisy(table):
    return [r for r in table if float(r["sigma"]) > 0 and r["aggregation"] != NO_EDGE]


def span(values, digits=2):
    low, high = (f"{f(v):.{digits}f}" for f, v in zip((min, max), [[float(v) for v in values]] * 2))
    return low if low == high else f"{low}–{high}"


def nag_grid(name, title, constrained):
    """One grid: a row per aggregation and width, a column per σ. Unconstrained cells: accuracy ± sd / COSERA AUROC
    ± sd (largest ‖W_l‖_op); constrained: accuracy ± sd / AUROC / COSERA's ERR ≥ Theorem 6.1's bound."""
    table = rows(name)
    sigmas = list(dict.fromkeys(r["sigma"] for r in table))
    by = {(r["aggregation"], r["width"], r["sigma"]): r for r in table}

    def cell(r):
        if r is None:
            return "–"
        if constrained:
            return (f"{f3(r['accuracy_mean'])} ± {sd(r['accuracy_sd'])} / {f3(r['auroc_mean'])} / ERR "
                    f"{float(r['err_mean']):.2f} ≥ {float(r['err_lower_bound_mean']):.2f}")
        return f"{f3(r['accuracy_mean'])} ± {sd(r['accuracy_sd'])} / {f3(r['auroc_mean'])} ± {sd(r['auroc_sd'])} ({float(r['op_norm_max_mean']):.0f})"
    lines = [f"| {title}, aggregation, d | " + " | ".join(f"σ = {float(s):g}" for s in sigmas) + " |", "|---" * (1 + len(sigmas)) + "|"]
    for aggregation, width in dict.fromkeys((r["aggregation"], r["width"]) for r in table):
        lines.append(f"| {aggregation}, {width} | " + " | ".join(cell(by.get((aggregation, width, s))) for s in sigmas) + " |")
    r = table[0]
    return ("\n".join(lines) + f"\n\n{r['trials']} trials of {r['epochs']} epochs each (mean ± sd over the trials); "
            f"{r['test_edges']} edges among the {r['test_nodes']} test nodes; the most frequent class gives "
            f"{f3(r['majority_accuracy'])}, chance AUROC 0.5. From {source(name)}.\n")


def unconstrained_findings(name, label):
    table = rows(name)
    alone = [r for r in table if r["aggregation"] == NO_EDGE]
    clean = [r for r in table if float(r["sigma"]) == 0 and r["aggregation"] != NO_EDGE]
    loud = noisy(table)
    top = max(float(r["sigma"]) for r in table)
    at_top = {r["aggregation"]: r for r in loud if float(r["sigma"]) == top}
    bound = max(float(r["err_lower_bound_mean"]) for r in loud)
    kept = [a for a, r in at_top.items() if float(r["accuracy_mean"]) > float(r["majority_accuracy"]) + 0.1]
    lost = [a for a in at_top if a not in kept]
    text = (f"- **{label}.** Without noise COSERA reaches AUROC {span(r['auroc_mean'] for r in clean)} on the test nodes; "
            f"the features alone (no edge used) give {span(r['auroc_mean'] for r in alone)}. The trained networks' largest "
            f"operator norm is {span((r['op_norm_max_mean'] for r in clean), 0)} without noise and "
            f"{span((r['op_norm_max_mean'] for r in loud), 0)} with it, and Theorem 6.1's bound on COSERA's error is "
            + (f"at most {bound:.2g}" if bound > 0 else "0") + " in every noisy row"
            + (": training outgrows the noise." if bound < 0.01 else "."))
    if kept:
        text += (f" At σ = {top:g}, {', '.join(kept)} keep{'s' if len(kept) == 1 else ''} accuracy "
                 f"{span(at_top[a]['accuracy_mean'] for a in kept)} and the attack keeps AUROC {span(at_top[a]['auroc_mean'] for a in kept)}")
    if lost:
        text += (f"{';' if kept else f' At σ = {top:g},'} {', '.join(lost)} fall to accuracy "
                 f"{span(at_top[a]['accuracy_mean'] for a in lost)} (no more than 0.1 above the most frequent class's "
                 f"{float(at_top[lost[0]]['majority_accuracy']):.2f}) with AUROC "
                 f"{span(at_top[a]['auroc_mean'] for a in lost)}")
    return text + (f". The largest sd over the trials: {max(float(r['auroc_sd']) for r in table if r['auroc_sd']):.3f} in AUROC, "
                   f"{max(float(r['accuracy_sd']) for r in table):.3f} in accuracy.")


@needs("nag-cora")
def nag_cora():
    return nag_grid("nag-cora", "Cora", False)


@needs("nag-cora-constrained")
def nag_cora_constrained():
    return nag_grid("nag-cora-constrained", "Cora, constrained", True)


@needs("nag-citeseer")
def nag_citeseer():
    return nag_grid("nag-citeseer", "Citeseer", False)


@needs("nag-cora", "nag-citeseer")
def nag_findings():
    """What the unconstrained grids say, and what a training costs."""
    seconds = {}
    for r in rows("nag-cora"):
        if r["aggregation"] != NO_EDGE:
            seconds.setdefault(r["width"], []).append(float(r["train_seconds_mean"]))
    cost = ", ".join(f"{sorted(v)[len(v) // 2]:.0f} s at d = {w}" for w, v in seconds.items())
    return (unconstrained_findings("nag-cora", "Cora") + "\n" + unconstrained_findings("nag-citeseer", "Citeseer") + "\n"
            f"- **Cost**: one training of the Cora grid took a median {cost} (two at a time on the machine its folder names).\n")


@needs("nag-cora-constrained")
def nag_constrained_findings():
    """The constrained grid: where the bound means something, and how far the attack is from it."""
    table = noisy(rows("nag-cora-constrained"))
    top = max(float(r["sigma"]) for r in table)
    loud = [r for r in table if float(r["sigma"]) == top]
    majority = f3(loud[0]["majority_accuracy"])
    below = sum(float(r["err_mean"]) < float(r["err_lower_bound_mean"]) for r in table)
    verdict = "the bound holds, and it is loose" if not below else f"below the bound in {below} rows: check the run"
    return (f"- **With the norm held at 1**, at σ = {top:g} the aggregators reach accuracy "
            f"{span(r['accuracy_mean'] for r in loud)} (the most frequent class: {majority}) and COSERA AUROC "
            f"{span(r['auroc_mean'] for r in loud)}; COSERA's measured error {span(r['err_mean'] for r in loud)} sits above the bound "
            f"({span(r['err_lower_bound_mean'] for r in loud)}): {verdict}.\n"
            + "".join(f"- **At σ = {s:g}**, accuracy / AUROC: " + ", ".join(f"{r['aggregation']} (d = {r['width']}) "
                      f"{f3(r['accuracy_mean'])} / {f3(r['auroc_mean'])}" for r in table if float(r["sigma"]) == s) + ".\n"
                      for s in sorted({float(r["sigma"]) for r in table}) if s < top))


GENERATORS = {
    "depth-nag-cora": nag_cora,
    "depth-nag-cora-constrained": nag_cora_constrained,
    "depth-nag-citeseer": nag_citeseer,
    "depth-nag-findings": nag_findings,
    "depth-nag-constrained-findings": nag_constrained_findings,
}
