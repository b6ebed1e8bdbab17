"""AUC against ε on MOLBACE (scaffold split): private tree densities beside the public vertex count alone."""
import sys
from typing import Any, List, Sequence, Tuple

import matplotlib.pyplot as plt
import numpy as np
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

import pxstudio as px
from pxstudio.sklearn import HomDensityEmbedding

data = px.load(sys.argv[1] if len(sys.argv) > 1 else "../shared/data/ogbg-molbace")
X, y, split = px.graph_list(data), data.labels[:, 0], data.split
if split is None:
    sys.exit(f"tradeoff.py: {data.name} has no shipped split (an OGB data set has one)")
train, test = split["train"], split["test"]


def pick(idx: Sequence[int]) -> List[Tuple[int, Any]]:
    """The graphs of X at the given indices."""
    return [X[i] for i in idx]


epsilons, seeds = [0.1, 0.3, 1, 3, 10, 30, 100, np.inf], range(5)
auc = np.zeros((len(epsilons), len(seeds)))
for a, eps in enumerate(epsilons):
    for s in seeds:  # every graph's release is noisy, test graphs included
        model = make_pipeline(HomDensityEmbedding("trees", d=50, epsilon=eps, degree_bound=None, random_state=100 * s + 1),
                              StandardScaler(), LogisticRegression(max_iter=5000))
        model.fit(pick(train), y[train])
        auc[a, s] = roc_auc_score(y[test], model.predict_proba(pick(test))[:, 1])
n = data.num_vertices.reshape(-1, 1).astype(float)
public = roc_auc_score(y[test], LogisticRegression().fit(n[train], y[train]).predict_proba(n[test])[:, 1])
x = [e if np.isfinite(e) else 300 for e in epsilons]
plt.figure(figsize=(4.5, 3))
plt.errorbar(x, auc.mean(1), yerr=auc.std(1), marker="o", capsize=3, label="trees, d = 50 (mean ± std, 5 seeds)")
plt.axhline(public, color="gray", ls="--", label=f"public n alone ({public:.3f})")
plt.xscale("log"), plt.xlabel("ε (rightmost: no noise)"), plt.ylabel("test ROC-AUC"), plt.ylim(0.68, 0.83), plt.legend(fontsize=7, loc="upper left")
plt.title(f"{data.name}, scaffold split", fontsize=9), plt.tight_layout(), plt.savefig("tradeoff.png", dpi=150)
for e, m, sd in zip(epsilons, auc.mean(1), auc.std(1)):
    print(f"eps={e:>6}: AUC {m:.3f} ± {sd:.3f}   (public n alone {public:.3f})")
