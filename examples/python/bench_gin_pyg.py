"""The same GIN in PyTorch Geometric against `pxrun bench gin`, on the same graphs, in one run.

PyTorch Geometric (PyG) is the peer people measure a GNN against; it is not a dependency of PXStudio. PyG
2.3.x runs on Debian's torch 1.13 from its source tree on PYTHONPATH (no compiled extensions needed):

    git clone --branch 2.3.1 https://github.com/pyg-team/pytorch_geometric /tmp/pyg
    PYTHONPATH=build/python:/tmp/pyg /usr/bin/python3 examples/python/bench_gin_pyg.py DATA [PXRUN] [EPOCHS] [edge_index|csr] [--csv FILE]

Both train what `pxrun bench gin` trains: 5 GIN-0 layers of width 300 (GINConv with eps = 0 and the MLP
Linear-ReLU-Linear, then BatchNorm and ReLU), mean pooling, a Linear-ReLU-Linear head, all-ones node features,
Adam 1e-3, shuffled batches of 64 graphs, one thread; each reports its median epoch time. PyG's neighbour sum
takes the batch's `edge_index` (gather and scatter, the usual way) or, with `csr`, its adjacency as a sparse CSR
tensor (one sparse product per layer). --csv appends one row per program to FILE.
"""
import csv
from typing import Any, List
import os
import re
import statistics
import subprocess
import sys
import time
import warnings

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # torch.set_num_threads does not reach OpenBLAS's own pool

import torch

warnings.filterwarnings("ignore", message="Sparse CSR tensor support is in beta")
try:
    import torch_geometric
    from torch_geometric.data import Data
    from torch_geometric.loader import DataLoader
    from torch_geometric.nn import GINConv, global_mean_pool
except ImportError:
    sys.exit("bench_gin_pyg.py: PyTorch Geometric is not importable (put its 2.3.x source tree on PYTHONPATH, see above)")

import pxstudio as px
from gin_bench_data import labelled_graphs

arguments = [a for a in sys.argv[1:] if not a.startswith("--")]
csv_path = sys.argv[sys.argv.index("--csv") + 1] if "--csv" in sys.argv else None
if csv_path in arguments:
    arguments.remove(csv_path)
path = arguments[0]
pxrun = arguments[1] if len(arguments) > 1 else "build/app/pxrun"
epochs, layers, hidden, batch = int(arguments[2]) if len(arguments) > 2 else 3, 5, 300, 64
mode = arguments[3] if len(arguments) > 3 else "edge_index"
if mode not in ("edge_index", "csr"):
    sys.exit(f"bench_gin_pyg.py: the neighbour sum must be edge_index or csr, not {mode!r}")
torch.set_num_threads(1)
torch.manual_seed(1)

data = px.load(path)
labels, keep, classes, outputs = labelled_graphs(data)
graphs = [Data(x=torch.ones(int(data.num_vertices[i]), 1), edge_index=torch.as_tensor(data.edge_index(i), dtype=torch.long),
               y=torch.tensor([labels[i]])) for i in keep]


class Gin(torch.nn.Module):  # type: ignore[misc]  # torch is not followed (python/mypy.ini)
    def __init__(self) -> None:
        super().__init__()
        widths = [1] + [hidden] * layers
        self.convs = torch.nn.ModuleList(
            GINConv(torch.nn.Sequential(torch.nn.Linear(widths[i], hidden), torch.nn.ReLU(), torch.nn.Linear(hidden, hidden)),
                    eps=0.0, train_eps=False) for i in range(layers))
        self.norms = torch.nn.ModuleList(torch.nn.BatchNorm1d(hidden) for _ in range(layers))
        self.head = torch.nn.Sequential(torch.nn.Linear(hidden, hidden), torch.nn.ReLU(), torch.nn.Linear(hidden, outputs))

    def forward(self, x: Any, adjacency: Any, of: Any, count: int) -> Any:
        for conv, norm in zip(self.convs, self.norms):
            x = torch.relu(norm(conv(x, adjacency)))
        out = self.head(global_mean_pool(x, of, count))
        return out if outputs > 1 else out.view(-1)


def adjacency_of(b: Any) -> Any:
    if mode == "edge_index":
        return b.edge_index
    src, dst = b.edge_index  # row = receiver: (A x)[v] sums x[u] over the edges u -> v
    n = b.num_nodes
    return torch.sparse_coo_tensor(torch.stack([dst, src]), torch.ones(src.numel()), (n, n)).coalesce().to_sparse_csr()


model = Gin()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
loss_fn = torch.nn.CrossEntropyLoss() if classes > 2 else torch.nn.BCEWithLogitsLoss() if classes == 2 else torch.nn.L1Loss()
loader = DataLoader(graphs, batch_size=batch, shuffle=True)
times: List[float] = []
for epoch in range(epochs):
    start = time.perf_counter()
    for b in loader:
        optimizer.zero_grad()
        y = b.y.long() if classes > 2 else b.y
        loss = loss_fn(model(b.x, adjacency_of(b), b.batch, b.num_graphs), y)
        loss.backward()
        optimizer.step()
    times.append(time.perf_counter() - start)
pyg_median = statistics.median(times)
print(f"PyTorch Geometric {torch_geometric.__version__} GIN, {mode}: median epoch {pyg_median:.3f} s over {epochs} epochs "
      f"(first {times[0]:.3f} s, last loss {loss.item():.4f}), torch {torch.__version__}, 1 thread", flush=True)
ours = subprocess.run([pxrun, "bench", "gin", "--data", path, "--epochs", str(epochs), "--layers", str(layers),
                       "--hidden", str(hidden), "--batch", str(batch), "--threads", "1"], capture_output=True, text=True, check=True).stdout
print(ours)
if csv_path:
    found = re.search(r"epoch\s+median ([0-9.]+) s", ours)
    row = {"dataset": data.name, "graphs": len(keep), "epochs": epochs, "pyg_version": torch_geometric.__version__,
           "torch_version": torch.__version__, "pyg_neighbour_sum": mode, "pyg_median_epoch_s": f"{pyg_median:.3f}",
           "pxrun_median_epoch_s": found.group(1) if found else "", "pxrun_output": " ".join(ours.split())}
    fresh = not os.path.exists(csv_path)
    with open(csv_path, "a", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(row))
        if fresh:
            writer.writeheader()
        writer.writerow(row)
