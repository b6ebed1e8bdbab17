"""pxstudio.densities against `pxrun bench densities` on the same data, class, d and seed (median of runs)."""
import statistics
import subprocess
import sys
import time

import pxstudio as px

path, pxrun = sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else "build/app/pxrun"
data = px.load(path)
patterns = px.sample_patterns("trees", d=50, seed=1, max_size=16)
times = []
for _ in range(5):
    start = time.perf_counter()
    px.densities(data, patterns)
    times.append(time.perf_counter() - start)
print(f"pxstudio.densities: median {statistics.median(times):.3f} s over 5 runs ({len(data)} graphs x {len(patterns)} patterns)")
print(subprocess.run([pxrun, "bench", "densities", "--data", path, "--class", "trees", "--d", "50", "--max-size", "16", "--reps", "5"],
                     capture_output=True, text=True, check=True).stdout)
