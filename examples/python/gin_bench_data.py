"""What the two GIN benchmarks (bench_gin.py, bench_gin_pyg.py) read of a data set: the same graphs for both."""
import numpy as np


def labelled_graphs(data):
    """The first task's labels and the graphs that have one: (labels, keep, classes, outputs). classes is the
    number of classes (0 for a regression task); outputs the network's output width (1 for binary and regression)."""
    labels = np.asarray(data.labels, dtype=np.float32)[:, 0]
    keep = [i for i in range(len(data)) if not np.isnan(labels[i])]
    values = set(np.unique(labels[keep]).tolist())
    classes = int(max(values)) + 1 if all(float(v).is_integer() for v in values) else 0  # 0: regression
    return labels, keep, classes, classes if classes > 2 else 1
