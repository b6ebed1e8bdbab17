"""A plain PyTorch GIN (written here with torch.nn only) against `pxrun bench gin`, same graphs, same shape.

Both train 5 GIN-0 layers of width 300 (MLP Linear-ReLU-Linear, then BatchNorm and ReLU), mean pooling, a
Linear-ReLU-Linear head, all-ones node features, Adam 1e-3, shuffled batches of 64 graphs, one thread, and
report the median epoch time. Usage (Debian's python3 has torch from python3-torch):

    PYTHONPATH=build/python /usr/bin/python3 examples/python/bench_gin.py ../shared/data/ogbg-molbace [build/app/pxrun] [epochs] [sum]

The neighbour sum `sum` is `index_add` (default: gather the messages, then scatter-add them) or `sparse` (one
sparse-matrix product per layer with the batch's adjacency as a CSR tensor, torch.sparse.mm), the two ways a
PyTorch user writes it without PyTorch Geometric.
"""
import os
import statistics
import subprocess
import sys
import time
import warnings

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # torch.set_num_threads does not reach OpenBLAS's own pool

from typing import Any, List, Sequence, Tuple

import numpy as np
import torch

warnings.filterwarnings("ignore", message="Sparse CSR tensor support is in beta")

import pxstudio as px
from gin_bench_data import labelled_graphs

path = sys.argv[1]
pxrun = sys.argv[2] if len(sys.argv) > 2 else "build/app/pxrun"
epochs, layers, hidden, batch = int(sys.argv[3]) if len(sys.argv) > 3 else 5, 5, 300, 64
neighbour_sum = sys.argv[4] if len(sys.argv) > 4 else "index_add"
if neighbour_sum not in ("index_add", "sparse"):
    sys.exit(f"bench_gin.py: the neighbour sum must be index_add or sparse, not {neighbour_sum!r}")
torch.set_num_threads(1)
torch.manual_seed(1)

data = px.load(path)
labels, keep, classes, outputs = labelled_graphs(data)
edges = [torch.as_tensor(data.edge_index(i), dtype=torch.long) for i in keep]
sizes = [int(data.num_vertices[i]) for i in keep]
y_all = torch.as_tensor(labels[keep])


def collate(members: Sequence[int]) -> Tuple[Any, Any, Any, Any, int, Any]:
    """One block-diagonal batch: node features, directed edge list, graph index of every node."""
    offsets = np.cumsum([0] + [sizes[m] for m in members])
    src = torch.cat([edges[m][0] + int(offsets[k]) for k, m in enumerate(members)])
    dst = torch.cat([edges[m][1] + int(offsets[k]) for k, m in enumerate(members)])
    of = torch.cat([torch.full((sizes[m],), k, dtype=torch.long) for k, m in enumerate(members)])
    nodes = int(offsets[-1])
    adjacency: Any = None
    if neighbour_sum == "sparse":  # row = receiver: (A x)[v] = sum of x[u] over the edges u -> v
        adjacency = torch.sparse_coo_tensor(torch.stack([dst, src]), torch.ones(len(src)), (nodes, nodes)).coalesce().to_sparse_csr()
    return torch.ones(nodes, 1), src, dst, of, len(members), adjacency


class Gin(torch.nn.Module):  # type: ignore[misc]  # torch is not followed (python/mypy.ini)
    def __init__(self) -> None:
        super().__init__()
        widths = [1] + [hidden] * layers
        self.mlps = torch.nn.ModuleList(
            torch.nn.Sequential(torch.nn.Linear(widths[i], hidden), torch.nn.ReLU(), torch.nn.Linear(hidden, hidden))
            for i in range(layers))
        self.norms = torch.nn.ModuleList(torch.nn.BatchNorm1d(hidden) for _ in range(layers))
        self.head = torch.nn.Sequential(torch.nn.Linear(hidden, hidden), torch.nn.ReLU(), torch.nn.Linear(hidden, outputs))

    def forward(self, x: Any, src: Any, dst: Any, of: Any, graphs: int, adjacency: Any) -> Any:
        for mlp, norm in zip(self.mlps, self.norms):
            summed = x + torch.sparse.mm(adjacency, x) if adjacency is not None else x.index_add(0, dst, x.index_select(0, src))
            x = torch.relu(norm(mlp(summed)))
        counts = torch.zeros(graphs).index_add(0, of, torch.ones(x.shape[0])).clamp(min=1)
        pooled = torch.zeros(graphs, x.shape[1]).index_add(0, of, x) / counts[:, None]
        out = self.head(pooled)
        return out if outputs > 1 else out.view(-1)


model = Gin()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
if classes > 2:
    y_all = y_all.long()
loss_fn = torch.nn.CrossEntropyLoss() if classes > 2 else torch.nn.BCEWithLogitsLoss() if classes == 2 else torch.nn.L1Loss()
times: List[float] = []
for epoch in range(epochs):
    start = time.perf_counter()
    order = torch.randperm(len(keep)).tolist()
    for b in range(0, len(order), batch):
        members = order[b:b + batch]
        optimizer.zero_grad()
        loss = loss_fn(model(*collate(members)), y_all[members])
        loss.backward()
        optimizer.step()
    times.append(time.perf_counter() - start)
print(f"PyTorch (Python) GIN, neighbour sum {neighbour_sum}: median epoch {statistics.median(times):.3f} s over {epochs} epochs "
      f"(first {times[0]:.3f} s, last loss {loss.item():.4f}), torch {torch.__version__}, 1 thread")
print(subprocess.run([pxrun, "bench", "gin", "--data", path, "--epochs", str(epochs), "--layers", str(layers),
                      "--hidden", str(hidden), "--batch", str(batch), "--threads", "1"],
                     capture_output=True, text=True, check=True).stdout)
