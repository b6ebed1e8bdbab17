"""What the two GIN benchmarks (bench_gin.py, bench_gin_pyg.py) read of a data set: the same graphs for both."""
from typing import List, Tuple

import numpy as np
import numpy.typing as npt

import pxstudio as px


def labelled_graphs(data: px.Dataset) -> Tuple[npt.NDArray[np.float32], List[int], int, int]:
    """The first task's labels and the graphs that have one: (labels, keep, classes, outputs). classes is the
    number of classes (0 for a regression task); outputs the network's output width (1 for binary and regression)."""
    labels = np.asarray(data.labels, dtype=np.float32)[:, 0]
    keep = [i for i in range(len(data)) if not np.isnan(labels[i])]
    values = set(np.unique(labels[keep]).tolist())
    classes = int(max(values)) + 1 if all(float(v).is_integer() for v in values) else 0  # 0: regression
    return labels, keep, classes, classes if classes > 2 else 1
