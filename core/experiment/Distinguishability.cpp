// The distinguishability demo on one pair of graphs (Distinguishability.h): output laws and their overlap.
#include "experiment/Distinguishability.h"

#include "common/Error.h"
#include "generators/Generators.h"
#include "hom/DensityMatrix.h"
#include "hom/HomCounter.h"
#include "patterns/PatternSet.h"
#include "privacy/Accounting.h"

#include <cmath>

namespace px::experiment {

namespace {

// t(F, G1) − t(F, G0) per pattern, exactly 0 where the two hom counts are equal. The densities are
// computed in floating point and two graphs with equal counts can differ in the last bits (a tree on
// decalin and on bicyclopentyl: 4e−19), so whether a pattern separates the pair is decided on the exact
// integer counts hom(F, G) (both graphs have the same n, so equal counts mean equal densities).
std::vector<double> exactDifferences(const PatternSet& set, const DensityMatrix& dm, const Graph& g0, const Graph& g1,
                                     Progress& progress) {
    std::vector<double> diff(dm.cols(), 0.0);
    for (int j = 0; j < dm.cols(); ++j) {
        if (progress.cancelled()) throw Cancelled();
        if (hom::homCount(set.patterns[j], g0) != hom::homCount(set.patterns[j], g1)) diff[j] = dm.t(1, j) - dm.t(0, j);
        progress.report(double(j + 1) / dm.cols());
    }
    return diff;
}

}  // namespace

DistinguishabilityResult distinguishability(const Graph& g0, const Graph& g1, const DistinguishabilityParams& p, Progress& progress) {
    if (g0.numVertices() != g1.numVertices())
        throw std::invalid_argument("the two graphs must have the same number of vertices (n is released as it is)");
    if (p.mechanism.mechanism != privacy::MechanismKind::Gaussian)
        throw std::invalid_argument("the distinguishability demo uses the Gaussian mechanism");
    Dataset pair;
    pair.name = "pair";
    pair.graphs = {g0, g1};
    const privacy::GraphFacts facts = privacy::GraphFacts::of(pair);
    DistinguishabilityResult out;
    out.epsilons = p.epsilons;
    const double share = 1.0 / std::max<std::size_t>(1, p.classes.size());  // of the bar, per class
    for (const auto& key : p.classes) {
        if (progress.cancelled()) throw Cancelled();
        const double base = share * double(out.classes.size());
        SubProgress sampling(progress, base, 0.2 * share), densities(progress, base + 0.2 * share, 0.6 * share),
            exact(progress, base + 0.8 * share, 0.2 * share);
        PatternSamplerParams sp;
        sp.patternClass = PatternClass::parse(key);
        sp.count = p.d;
        sp.size.maxSize = p.maxSize;
        sp.seed = p.seed;
        const PatternSet set = PatternSet::sample(sp, sampling);
        const DensityMatrix dm = DensityMatrix::compute(pair, set, {}, densities);
        ClassDistinguishability c;
        c.patternClass = key;
        c.patterns = dm.cols();
        const std::vector<double> diff = exactDifferences(set, dm, g0, g1, exact);
        double dist2 = 0;
        for (int j = 0; j < dm.cols(); ++j) {
            dist2 += diff[j] * diff[j];
            c.separatingPatterns += diff[j] != 0.0;
        }
        c.cleanDistance = std::sqrt(dist2);
        for (double eps : p.epsilons) {
            privacy::MechanismParams m = p.mechanism;
            m.axis = privacy::BudgetAxis::Epsilon;
            m.epsilon = eps;
            m.degreeBound = std::max(1, std::max(g0.maxDegree(), g1.maxDegree()));
            privacy::NoiseModel model(dm, set.patterns, facts, m, "pair");
            double z2 = 0;
            for (int j = 0; j < dm.cols(); ++j) {
                const double s = model.noiseScale(0, j);
                if (s > 0) z2 += std::pow(diff[j] / s, 2);
            }
            const double tv = 2 * privacy::normalCdf(std::sqrt(z2) / 2) - 1;
            c.overlap.push_back(1 - tv);
        }
        out.classes.push_back(std::move(c));
        progress.report(share * double(out.classes.size()));
    }
    return out;
}

std::vector<GraphPair> demoPairs() {
    const Dataset wl = gen::wlHardPairs();
    std::vector<GraphPair> pairs;
    const char* names[] = {"C6 vs two triangles", "C8 vs two squares", "decalin vs bicyclopentyl", "CSL skip 2 vs skip 3"};
    for (int i = 0; i + 1 < wl.size() && i / 2 < 4; i += 2) pairs.push_back({names[i / 2], wl.graphs[i], wl.graphs[i + 1]});
    // Two neighbouring graphs: decalin and decalin without one edge (what privacy must blur).
    const Graph& decalin = wl.graphs[4];
    auto e = decalin.edges();
    e.pop_back();
    pairs.push_back({"neighbours: decalin vs decalin minus one edge", decalin, Graph::fromEdges(decalin.numVertices(), e)});
    return pairs;
}

}  // namespace px::experiment
