// pxrun bench nag: training time per epoch of the depth lab's trained networks on one node data set (Cora by
// default): the NAG network with each aggregator (core/neural/NagTrainer.h) and GAP's encoder and
// classification module (core/neural/GapModels.h), with the GFLOP/s of the NAG networks' dense products.
#include "BenchSupport.h"
#include "Commands.h"
#include "depthlab/DepthLab.h"
#ifdef PX_HAVE_NEURAL
#include "neural/GapModels.h"
#include "neural/NagTrainer.h"
#endif

#include <cstdio>
#include <stdexcept>
#include <string>

namespace pxrun {

int benchNag(const Args& a) {
#ifndef PX_HAVE_NEURAL
    (void)a;
    throw std::invalid_argument("bench nag needs the neural layer, and this build has none (configured with -DPX_NEURAL=OFF)");
#else
    namespace nn = px::neural;
    px::NodeDataset data = px::depthlab::loadNodeData(a.get("data", std::string(PX_DEFAULT_DATA) + "/cora"));
    data.splitPlanetoidStyle(20, 500, 1000, 1);
    const int epochs = int(a.getLong("epochs", 50)), reps = int(a.getLong("reps", 3));
    if (epochs < 1 || reps < 1) throw std::invalid_argument("--epochs and --reps must be at least 1");
    nn::NodeProblem problem{&data.graph, &data.features, data.labels, std::max(2, data.numClasses()), data.train, data.valid, data.test};
    std::printf("data     %s: %d nodes, %ld edges, %ld features; %d epochs, median of %d runs, 1 thread\n", data.name.c_str(),
                data.numNodes(), data.graph.numEdges(), long(data.features.cols()), epochs, reps);
    nn::NagTrainParams p;
    p.width = int(a.getLong("width", 64));
    p.sigma = 1.0;
    p.epochs = epochs;
    p.scheme = nn::nagSchemeFromString(a.get("scheme", "unconstrained"));
    for (nn::NagAggregator agg : {nn::NagAggregator::Sum, nn::NagAggregator::Mean, nn::NagAggregator::Gcn, nn::NagAggregator::Max,
                                  nn::NagAggregator::Attention, nn::NagAggregator::None}) {
        p.aggregator = agg;
        std::vector<double> perEpoch;
        double flops = 0;
        for (int r = 0; r < reps; ++r) {
            const nn::NagOutcome o = nn::trainNag(p, problem);
            perEpoch.push_back(o.seconds / epochs);  // the whole training over its epochs (one inference pass included)
            flops = o.flopsPerEpoch;
        }
        const double t = median(perEpoch);
        std::printf("NAG %-9s d = %d, %s: %7.2f ms per epoch, %5.1f GFLOP/s of dense products\n", nn::key(agg), p.width,
                    nn::key(p.scheme), 1e3 * t, flops / t / 1e9);
    }
    nn::GapModelParams g;
    g.encoderEpochs = g.epochs = epochs;
    const nn::NodeLabels nodes{data.labels, std::max(2, data.numClasses()), data.train, data.valid, data.test};
    std::vector<double> encoder, classifier;
    for (int r = 0; r < reps; ++r) {
        auto t0 = Clock::now();
        const nn::RowMatrix x0 = nn::trainGapEncoder(g, data.features, nodes);
        auto t1 = Clock::now();
        nn::trainGapClassifier(g, {x0, x0, x0}, nodes);  // X₀ and two hops' worth of inputs
        auto t2 = Clock::now();
        encoder.push_back(seconds(t0, t1) / epochs);
        classifier.push_back(seconds(t1, t2) / epochs);
    }
    std::printf("GAP encoder (f → 16 → 16):            %7.2f ms per epoch\n", 1e3 * median(encoder));
    std::printf("GAP classifier (3 inputs, 16 each):     %7.2f ms per epoch\n", 1e3 * median(classifier));
    std::printf("peak memory   %.0f MiB\n", peakRssMiB());
    return 0;
#endif
}

}  // namespace pxrun
