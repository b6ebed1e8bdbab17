"""Generators of results/tables.py for the density benchmarks (results/speed/densities-DATE/, recorded by
results/record_densities.py)."""
import csv
import glob
import json
import os

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))

# The targets the benchmarks were built against (issues of this project), by benchmark name.
TARGETS = {"MOLHIV × 50 trees": "≤ 1.5 s", "MOLHIV × 50 treewidth ≤ 3, m ≤ 16, q = 0.9": "≤ 20 s",
           "COLLAB × 50 trees": "≤ 3 s", "COLLAB × 50 treewidth ≤ 2, m ≤ 8": "≤ 20 s",
           "REDDIT-BINARY × 50 treewidth ≤ 2, m ≤ 8": "≤ 30 s"}


def latest_run(pattern, table):
    """The latest recorded folder results/speed/PATTERN: its path, its meta.json and the rows of its run table."""
    folder = sorted(glob.glob(os.path.join(ROOT, "results", "speed", pattern)))[-1]
    return folder, json.load(open(os.path.join(folder, "meta.json"))), read(folder, table)


def read(folder, name):
    return list(csv.DictReader(open(os.path.join(folder, name), newline="", encoding="utf-8")))


def provenance(folder, meta):
    absent = f" Not run (data absent): {', '.join(meta['absent_data_sets'])}." if meta["absent_data_sets"] else ""
    return (f"From `results/speed/{os.path.basename(folder)}/` (`{meta['command']}`, commit {meta['commit'][:7]}, "
            f"{meta['date']}, {meta['machine']['cpu']} with {meta['machine']['cores']} cores, load {meta['load_average_at_start']} "
            f"at the start; the commands' output in `logs/`).{absent}\n")


def paths_taken(r):
    named = [("sparse DP", r["sparse_dp_pct"]), ("scatter", r["scatter_pct"]), ("GEMM", r["gemm_pct"])]
    return ", ".join(f"{float(p):.0f} % {name}" for name, p in named if float(p) >= 0.5)


def density_benchmarks():
    """`pxrun bench densities` on real data: load + densities, per pair, paths, memory, beside the targets."""
    folder, meta, benchmarks = latest_run("densities-*", "benchmarks.csv")
    lines = ["| benchmark | command | load + densities | target | per (graph, pattern) | paths taken | peak memory |",
             "|---|---|---|---|---|---|---|"]
    for r in benchmarks:
        load, dens = float(r["load_s"]), float(r["densities_s"])
        lines.append(f"| {r['benchmark']} | `{r['command']}` | {load + dens:.2f} s ({load:.2f} + {dens:.2f}) | "
                     f"{TARGETS.get(r['benchmark'], '–')} | {float(r['per_pair_us']):.2f} µs | {paths_taken(r)} | {float(r['peak_mib']):.0f} MiB |")
    gemm = sorted(float(r["gemm_peak_gflops"]) for r in benchmarks)
    return ("\n".join(lines) + "\n\n"
            f"Medians of {meta['reps']} runs, both cores, 50 patterns (seed 1); peak memory is the whole process's resident "
            f"memory, data set included. The GEMM peak measured in the same runs: {gemm[0]:.1f}–{gemm[-1]:.1f} GFLOP/s per thread. "
            + provenance(folder, meta))


def scaling_cells(rows, density, n):
    by_class = {r["class"]: r for r in rows if r["density"] == density and r["n"] == n}
    return by_class.get("trees"), by_class.get("treewidth:2")


def density_scaling(density):
    """`pxrun bench scaling` on Erdős–Rényi graphs of growing n, one thread: µs per (graph, pattern) pair."""
    folder, meta, rows = latest_run("densities-*", "scaling.csv")
    sizes = list(dict.fromkeys(r["n"] for r in rows if r["density"] == density))
    peak = next((r["gemm_peak_gflops"] for r in rows if r["density"] == density and r["gemm_peak_gflops"]), "")
    dense = density == "dense" and peak
    lines = ["| n | edges | trees: µs per pair | treewidth ≤ 2: µs per pair" + (" | treewidth ≤ 2, in n × n products |" if dense else " |"),
             "|---|---|---|---" + ("|---|" if dense else "|")]
    for n in sizes:
        trees, tw2 = scaling_cells(rows, density, n)
        edges = (tw2 or trees)["edges"]
        cells = [f"{int(n):,}", f"{int(edges):,}", f"{float(trees['us_per_pair']):,.1f}" if trees else "–",
                 f"{float(tw2['us_per_pair']):,.1f}" if tw2 else "–"]
        if dense:
            cells.append(f"{float(tw2['n3_products_per_pattern']):.2f}" if tw2 else "–")
        lines.append("| " + " | ".join(cells) + " |")
    note = (f"The last column is a pattern's time in units of one n × n × n matrix product at this machine's GEMM rate, "
            f"measured in the same run (Eigen, one thread, n = 1,000, best of 5 after a warm-up: {peak} GFLOP/s). " if dense else "")
    return "\n".join(lines) + "\n\n" + note + provenance(folder, meta)


GENERATORS = {
    "density-benchmarks": density_benchmarks,
    "density-scaling-dense": lambda: density_scaling("dense"),
    "density-scaling-sparse": lambda: density_scaling("sparse"),
}


STARTUP_TARGETS = {"pxrun --version": "≤ 50 ms", "pxrun info COLLAB-gin": "≤ 0.6 s", "python3 -c 'import pxstudio'": "≤ 0.2 s",
                   "pxstudio: window on screen": "≤ 1 s"}


def startup():
    """How fast the programs start (results/record_startup.py): median, range, target."""
    folder, meta, rows = latest_run("startup-[0-9]*", "runs.csv")
    lines = ["| started | median | fastest – slowest | target |", "|---|---|---|---|"]
    for what in dict.fromkeys(r["what"] for r in rows):
        times = sorted(float(r["wall_s"]) for r in rows if r["what"] == what)
        mid = times[len(times) // 2]
        lines.append(f"| `{what}` | {mid * 1000:.0f} ms | {times[0] * 1000:.0f} – {times[-1] * 1000:.0f} ms | {STARTUP_TARGETS.get(what, '–')} |")
    loads = [float(r["load_at_start"]) for r in rows]
    absent = f" Not run (data absent): {', '.join(meta['data_absent'])}." if meta["data_absent"] else ""
    return ("\n".join(lines) + "\n\n"
            f"Median of {meta['repeat']} starts each (after one untimed start), load average {min(loads):.2f}–{max(loads):.2f}; "
            f"the window is timed from the start of the process to its main window mapped on an Xvfb display. "
            f"From `results/speed/{os.path.basename(folder)}/` (`{meta['command']}`, commit {meta['commit'][:7]}, {meta['date']}, "
            f"{meta['machine']['cpu']} with {meta['machine']['cores']} cores).{absent}\n")


GENERATORS["startup"] = startup


PROTOCOLS = {"full": "the full sweep", "subsample": "stratified subsample (the app's preview, on the large sets)",
             "pattern-seed": "first pattern seed, every graph and fold", "first-fold": "first fold and first pattern seed"}


def preview_fidelity():
    """Which early estimate of the app's sweep is the most faithful for its cost (tests/bench/bench_preview)."""
    folder, meta, rows = latest_run("[0-9]*", "preview.csv")
    lines = ["| data set | protocol | graphs used | time from nothing | mean absolute difference | largest absolute difference |",
             "|---|---|---|---|---|---|"]
    best = {}
    for r in rows:
        full = r["protocol"] == "full"
        diff = ("–", "–") if full else (f"{100 * float(r['mean_abs_difference']):.1f} pt", f"{100 * float(r['max_abs_difference']):.1f} pt")
        spread = f" (seed sd {100 * float(r['full_mean_seed_sd']):.1f} pt)" if full else ""
        lines.append(f"| {r['dataset']} | {PROTOCOLS.get(r['protocol'], r['protocol'])}{spread} | {int(r['graphs_used']):,} | "
                     f"{float(r['seconds']):.2f} s | {diff[0]} | {diff[1]} |")
        if not full:
            best.setdefault(r["dataset"], []).append(r)
    closest = {name: min(rs, key=lambda r: float(r["mean_abs_difference"]))["protocol"] for name, rs in best.items()}
    fastest = {name: min(rs, key=lambda r: float(r["seconds"]))["protocol"] for name, rs in best.items()}
    if len(set(closest.values())) == 1 and len(set(fastest.values())) == 1:
        said = (f"On every data set the closest estimate is the {PROTOCOLS[next(iter(closest.values()))]} and the fastest the "
                f"{PROTOCOLS[next(iter(fastest.values()))]}")
    else:
        said = "; ".join(f"{name}: closest {PROTOCOLS[closest[name]]}, fastest {PROTOCOLS[fastest[name]]}" for name in best)
    return ("\n".join(lines) + "\n\n"
            f"Differences are of the mean accuracy per budget against the full sweep's, in percentage points, over the 10 budgets; "
            f"the full sweep's seed sd is the mean over its grid points of the sd over its pattern and noise seeds. {said}. "
            f"The app previews only data sets of at least 1,500 graphs and 500,000 edges (here COLLAB and REDDIT-BINARY). "
            f"From `results/speed/{os.path.basename(folder)}/preview.csv` (`build/tests/bench_preview`, recorded by "
            f"`python3 results/record_speed.py`, commit {meta['commit'][:7]}, {meta['date']}).\n")


GENERATORS["preview-fidelity"] = preview_fidelity


def dask_scaling():
    """pxstudio.dask on LocalClusters beside one process (examples/python/bench_dask.py), medians."""
    folder, meta, rows = latest_run("dask-*", "runs.csv")
    groups = list(dict.fromkeys((r["where"], r["workers"], r["threads"]) for r in rows))
    med = {g: sorted(float(r["seconds"]) for r in rows if (r["where"], r["workers"], r["threads"]) == g) for g in groups}
    med = {g: v[len(v) // 2] for g, v in med.items()}
    single = next((med[g] for g in groups if g[0] == "dask" and g[1] == "1" and g[2] == "1"), None)
    lines = ["| where | wall time |", "|---|---|"]
    for g in groups:
        where = ("one process, the engine's own threads (`px.sweep_result`)" if g[0] == "one process"
                 else f"Dask, {g[1]} worker process{'es' if g[1] != '1' else ''} × {g[2]} thread{'s' if g[2] != '1' else ''}")
        ratio = f" ({single / med[g]:.2f}× the single worker)" if g[0] == "dask" and single and g != ("dask", "1", "1") else ""
        lines.append(f"| {where} | {med[g]:.2f} s{ratio} |")
    same = all(r["same_tables"] == "true" for r in rows)
    return ("\n".join(lines) + "\n\n"
            f"Medians of {meta['reps']}; {rows[0]['runs']} runs; {'every table equal to the one-process sweep' if same else 'TABLES DIFFER'}; "
            f"densities computed, never read from a cache. From `results/speed/{os.path.basename(folder)}/` (`{meta['command']}`, "
            f"commit {meta['commit'][:7]}, {meta['date']}, {meta['machine']['cpu']} with {meta['machine']['cores']} cores, "
            f"load {meta['load_average_at_start']} at the start).\n")


GENERATORS["dask-scaling"] = dask_scaling
