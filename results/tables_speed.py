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


def latest_densities_folder():
    return sorted(glob.glob(os.path.join(ROOT, "results", "speed", "densities-*")))[-1]


def read(folder, name):
    return list(csv.DictReader(open(os.path.join(folder, name))))


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
    folder = latest_densities_folder()
    meta = json.load(open(os.path.join(folder, "meta.json")))
    lines = ["| benchmark | command | load + densities | target | per (graph, pattern) | paths taken | peak memory |",
             "|---|---|---|---|---|---|---|"]
    for r in read(folder, "benchmarks.csv"):
        load, dens = float(r["load_s"]), float(r["densities_s"])
        lines.append(f"| {r['benchmark']} | `{r['command']}` | {load + dens:.2f} s ({load:.2f} + {dens:.2f}) | "
                     f"{TARGETS.get(r['benchmark'], '–')} | {float(r['per_pair_us']):.2f} µs | {paths_taken(r)} | {float(r['peak_mib']):.0f} MiB |")
    gemm = sorted(float(r["gemm_peak_gflops"]) for r in read(folder, "benchmarks.csv"))
    return ("\n".join(lines) + "\n\n"
            f"Medians of {meta['reps']} runs, both cores, 50 patterns (seed 1); peak memory is the whole process's resident "
            f"memory, data set included. The GEMM peak measured in the same runs: {gemm[0]:.1f}–{gemm[-1]:.1f} GFLOP/s per thread. "
            + provenance(folder, meta))


def scaling_cells(rows, density, n):
    by_class = {r["class"]: r for r in rows if r["density"] == density and r["n"] == n}
    return by_class.get("trees"), by_class.get("treewidth:2")


def density_scaling(density):
    """`pxrun bench scaling` on Erdős–Rényi graphs of growing n, one thread: µs per (graph, pattern) pair."""
    folder = latest_densities_folder()
    meta = json.load(open(os.path.join(folder, "meta.json")))
    rows = read(folder, "scaling.csv")
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
    folder = sorted(glob.glob(os.path.join(ROOT, "results", "speed", "startup-[0-9]*")))[-1]
    meta = json.load(open(os.path.join(folder, "meta.json")))
    rows = read(folder, "runs.csv")
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
