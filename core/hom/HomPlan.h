#pragma once
// A pattern compiled for homomorphism counting: for every bag of its elimination-form tree
// decomposition, the order in which the bag's vertices are enumerated and, per step, where the
// candidates come from (neighbours of an earlier image, or all vertices), which further pattern
// edges must be checked, and which child messages become fully determined (and can prune).
#include "patterns/Pattern.h"

#include <vector>

namespace px::hom {

struct ChildLookup {
    int bag;                   // child bag whose message is read
    std::vector<int> keySteps; // step index of each of the child's separator vertices, in its key order
};

struct Step {
    int vertex = -1;                 // pattern vertex assigned at this step
    int anchor = -1;                 // earlier step whose image's neighbours are the candidates; −1: all
    std::vector<int> mustBeAdjacent; // further earlier steps joined to this vertex by a pattern edge
    std::vector<ChildLookup> lookups;// child messages complete after this step
    // For a step without anchor: candidates come from the entries of lookups[generator]'s child
    // message that agree with the earlier steps (a join), instead of from all n vertices.
    int generator = -1;
    int generatorKeyPos = -1;        // position of this step's vertex in that child's key
};

struct BagPlan {
    int eliminated = -1;             // the pattern vertex summed out at this bag
    std::vector<int> separator;      // key vertices (sorted); the message is a function of their images
    std::vector<int> keySteps;       // step index of each separator vertex
    std::vector<Step> steps;
    int parent = -1;                 // bag that reads this message; −1: a root (scalar factor)
    int indexedKeyPos = -1;          // ≥ 0: the parent generates candidates from this message,
                                     // indexed by all key positions except this one
};

struct HomPlan {
    int m = 0;                       // pattern vertices
    bool forest = false;             // use the message-passing path for trees
    std::vector<BagPlan> bags;       // in elimination order: children before parents
    int maxSeparator = 0;
    // Forest path: post-order of each component with parent links (−1 at a root).
    std::vector<int> treeOrder, treeParent;
    std::vector<int> treeChildren;   // number of children of each vertex

    explicit HomPlan(const Pattern& p);
};

}  // namespace px::hom
