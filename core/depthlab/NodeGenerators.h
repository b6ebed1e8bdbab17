#pragma once
// Generated node-classification data sets for the depth lab (built-in, no files needed).
#include "dataset/NodeDataset.h"

#include <cstdint>
#include <string>
#include <vector>

namespace px::depthlab {

// Chains (IGNN protocol, [Gu et al. 2020]; [Zheng et al. 2026, §VI]): `classes` × `chainsPerClass` paths of
// `length` nodes, 5 features; the first node of every chain carries the one-hot code of its class
// (classes ≤ 5), all other features are 0; every node has its chain's label. Solving it needs
// information to travel length − 1 hops. Split: stratified, 5 % train, 10 % validation.
NodeDataset chainDataset(int classes, int chainsPerClass, int length, std::uint64_t seed);

// The chain data of CARIBOU's experiments ([Zheng et al. 2026]; its public code's "chain-1"): 2 classes × 3
// chains × 8 nodes = 48 nodes, 5 features (one-hot class code on each chain's first node), and a
// shuffled split of 8 training, 8 validation and 32 test nodes (not stratified, as published; the
// shuffle is this project's seeded one, so the majority-class baseline differs from the published
// 56.25 %). The published loader stores each chain edge once, directed, plus a self-loop on every
// node (42 + 48 = 90 entries); CARIBOU's code symmetrises that and zeroes the diagonal before it
// propagates, so the graph here is the undirected chains and the 90 is kept as
// publishedEdgeEntries (it sets the reference mode's δ = 10⁻²).
NodeDataset chainOneDataset(std::uint64_t seed);

// Two-block SBM (sizes n/2, edge probabilities pIn, pOut) whose nodes carry `featureDims` noisy
// features: class mean ±signal on the first coordinate plus N(0, 1) noise everywhere. Split 20/10/70.
NodeDataset sbmNodeDataset(int n, double pIn, double pOut, double signal, int featureDims, std::uint64_t seed);

// Names and factory of the built-in node data sets: "chain-1", "chain-8", "chain-16", "sbm-nodes".
std::vector<std::string> builtinNodeDatasets();
NodeDataset builtinNodeDataset(const std::string& name, std::uint64_t seed = 1);

}  // namespace px::depthlab
