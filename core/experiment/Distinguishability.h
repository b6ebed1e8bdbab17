#pragma once
// The teaching demo of expressivity against privacy on one pair of graphs G0, G1 with the same n:
// for each pattern class, do the clean embeddings differ (expressivity), and how much do the two
// released distributions overlap as ε varies (privacy)? For the Gaussian mechanism both releases
// are N(t(Gi), diag σ²) with the same σ (it depends on n and public quantities only), so the
// total-variation distance is exact: TV = 2Φ(‖(t1 − t0)/σ‖₂ / 2) − 1, the best test's accuracy is
// (1 + TV)/2 and the overlap of the two distributions is 1 − TV. The public degree bound is the pair's
// own maximum degree (the tightest assumption under which both may be released).
#include "common/Progress.h"
#include "graph/Graph.h"
#include "patterns/PatternClass.h"
#include "privacy/Mechanism.h"

#include <string>
#include <vector>

namespace px::experiment {

struct DistinguishabilityParams {
    std::vector<std::string> classes = {"trees", "fan-cactus:2", "treewidth:2", "treewidth:3"};
    int d = 30;                               // patterns per class
    int maxSize = 8;
    std::uint64_t seed = 1;
    privacy::MechanismParams mechanism;       // Gaussian; ε and D are replaced (grid value; the pair's Δ)
    std::vector<double> epsilons = {0.01, 0.03, 0.1, 0.3, 1, 3, 10, 30, 100, 300, 1000};
};

struct ClassDistinguishability {
    std::string patternClass;
    double cleanDistance = 0;                 // ‖t(F, G1) − t(F, G0)‖₂ (0: the class cannot tell them apart)
    int separatingPatterns = 0;               // patterns whose densities differ ...
    int patterns = 0;                         // ... of this many (the demo's own d, not the sweep's)
    std::vector<double> overlap;              // 1 − TV for each ε of the grid
};

struct DistinguishabilityResult {
    std::vector<double> epsilons;
    std::vector<ClassDistinguishability> classes;
};

// Throws std::invalid_argument if the graphs differ in n (n is released as it is: always telling). Reports its
// progress (each class an equal share: sampling, densities, exact counts) and throws px::Cancelled once `progress`
// is cancelled.
DistinguishabilityResult distinguishability(const Graph& g0, const Graph& g1, const DistinguishabilityParams& p,
                                            Progress& progress = noProgress());

// The demo's built-in pairs: name and the two graphs.
struct GraphPair {
    std::string name;
    Graph g0, g1;
};
std::vector<GraphPair> demoPairs();

}  // namespace px::experiment
