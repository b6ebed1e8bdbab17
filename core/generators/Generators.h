#pragma once
// Seeded, deterministic graph and data set generators: the desktop app's built-in data, and
// synthetic inputs for tests and benchmarks. Equal arguments give equal output on every platform.
#include "common/Rng.h"
#include "dataset/Dataset.h"

#include <string>
#include <vector>

namespace px::gen {

// G(n, p) by geometric edge skipping (Batagelj & Brandes 2005), O(n + e).
Graph erdosRenyi(int n, double p, Rng& rng);
// Stochastic block model: vertices split into blocks of the given sizes, edge probability pIn
// inside a block and pOut between blocks.
Graph stochasticBlockModel(const std::vector<int>& blockSizes, double pIn, double pOut, Rng& rng);
// Degree-preserving randomisation by `swapsPerEdge`·e accepted double-edge swaps.
Graph rewireDegreePreserving(const Graph& g, double swapsPerEdge, Rng& rng);
Graph cycle(int n);
Graph path(int n);
Graph star(int leaves);
Graph complete(int n);
// Circular skip link graph (Murphy et al. 2019): C_n plus chords i ~ i+skip (mod n).
Graph circularSkipLink(int n, int skip);
// Relabels the vertices by a uniformly random permutation.
Graph permuted(const Graph& g, Rng& rng);

// ---- built-in data sets ----
// Two classes with identical degree sequences: an SBM graph (clustered, many short cycles) and its
// degree-preserving rewiring (few short cycles). Trees see little difference; cycles see it.
Dataset sbmCycleTask(int numGraphs, std::uint64_t seed);
// CSL: 10 classes of 41-vertex 4-regular skip-link graphs (skips 2,3,4,5,6,9,11,12,13,16), 15
// randomly relabelled copies each; 1-WL cannot tell any two of them apart.
Dataset cslDataset(std::uint64_t seed, int copiesPerClass = 15);
// Two ER classes on n ∈ [nMin, nMax] vertices with edge probabilities p0 and p1.
Dataset erdosRenyiTask(int numGraphs, int nMin, int nMax, double p0, double p1, std::uint64_t seed);
// Pairs of non-isomorphic graphs that 1-WL cannot tell apart (C6 vs 2·C3, C8 vs 2·C4,
// decalin vs bicyclopentyl, two CSL graphs); label = which member of its pair.
Dataset wlHardPairs();
// Names of the built-in data sets and a factory for them (default sizes and seed).
std::vector<std::string> builtinNames();
Dataset builtin(const std::string& name, std::uint64_t seed = 1);

}  // namespace px::gen
