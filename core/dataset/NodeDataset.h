#pragma once
// One graph whose nodes carry features and a class label: the input of the depth lab (COSERA
// attacks, private propagation, subsampling stability). Cora and Citeseer load into it; the chain
// data sets and the two-block SBM are generated into it.
#include "graph/Graph.h"

#include <Eigen/Dense>
#include <string>
#include <vector>

namespace px {

struct NodeDataset {
    using Features = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

    std::string name;
    Graph graph;
    Features features;                 // n × f
    std::vector<int> labels;           // class of every node, in [0, classNames.size())
    std::vector<std::string> classNames;
    std::vector<int> train, valid, test;  // node indices of a split
    std::vector<std::string> warnings;    // what a loader dropped (self loops, unknown ids, ...)
    // Edge entries the published code's loader stores for this data (−1: 2m, both directions).
    // Only the CARIBOU reference mode reads it (its δ = 10^−digits(entries)).
    long publishedEdgeEntries = -1;

    int numNodes() const { return graph.numVertices(); }
    int numClasses() const { return int(classNames.size()); }
    long edgeEntries() const { return publishedEdgeEntries >= 0 ? publishedEdgeEntries : 2 * long(graph.numEdges()); }
    // The best constant predictor's test accuracy: the share of the most frequent class among the
    // test nodes (the "baseline acc" a majority-class line shows).
    double majorityClassAccuracy() const;
    // Random stratified split with the given fractions of every class (rest: test), seeded.
    void splitRandomly(double trainFraction, double validFraction, std::uint64_t seed);
    // The Planetoid protocol's shape (Yang et al. 2016), drawn at random with a seed: `perClass` training
    // nodes of every class (all of a smaller class), then `validCount` validation and `testCount` test nodes
    // from the rest. A graph too small for that splits the rest one third validation, two thirds test.
    // (The LINQS files of Cora and Citeseer do not carry the published Planetoid indices.)
    void splitPlanetoidStyle(int perClass, int validCount, int testCount, std::uint64_t seed);
};

}  // namespace px
