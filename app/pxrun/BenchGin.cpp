// pxrun bench gin: epoch time of the GIN learner (core/neural) on a data set's graphs, the GFLOP/s of its
// dense layers, and peak memory. examples/python/bench_gin.py runs a plain PyTorch GIN of the same shape on
// the same graphs and then this command, so both are measured in one run.
#include "BenchSupport.h"
#include "Commands.h"
#include "CommonOptions.h"
#ifdef PX_HAVE_NEURAL
#include "neural/GinTrainer.h"
#endif

#include <cstdio>
#include <dlfcn.h>
#include <string>
#include <stdexcept>

namespace pxrun {

int benchGin(const Args& a) {
#ifndef PX_HAVE_NEURAL
    (void)a;
    throw std::invalid_argument("bench gin needs the neural layer, and this build has none (configured with -DPX_NEURAL=OFF)");
#else
    const std::string data = a.get("data", std::string(PX_DEFAULT_DATA) + "/ogbg-molbace");
    const px::Dataset ds = loadData(data);
    px::neural::GinParams p;
    p.layers = int(a.getLong("layers", p.layers));
    p.hidden = int(a.getLong("hidden", p.hidden));
    p.batch = int(a.getLong("batch", p.batch));
    p.epochs = int(a.getLong("epochs", 5));
    p.threads = int(a.getLong("threads", 1));
    p.features = px::neural::nodeFeaturesFromString(a.get("features", "ones"));
    p.seed = std::uint64_t(a.getLong("seed", 1));
    px::neural::GinProblem problem;  // every graph trains; no validation, so an epoch is training alone
    problem.type = ds.tasks.empty() || ds.tasks[0].type == px::TaskType::Regression ? px::TaskType::Regression
                   : ds.tasks[0].type == px::TaskType::Binary ? px::TaskType::Binary : px::TaskType::MultiClass;
    problem.classes = 2;
    problem.nodeLabelValues = ds.nodeLabelValues;
    long nodes = 0, edges = 0;
    for (int i = 0; i < ds.size(); ++i) {
        const double y = ds.tasks.empty() ? 0.0 : ds.labels(i, 0);
        if (std::isnan(y)) continue;
        problem.train.graphs.push_back(&ds.graphs[i]);
        if (!ds.nodeLabels.empty()) problem.train.nodeLabels.push_back(&ds.nodeLabels[i]);
        problem.train.labels.push_back(y);
        problem.classes = std::max(problem.classes, int(y) + 1);
        nodes += ds.graphs[i].numVertices();
        edges += ds.graphs[i].numEdges();
    }
    const px::neural::GinOutcome out = px::neural::trainGin(p, problem);
    std::vector<double> times;
    for (const auto& e : out.epochs) times.push_back(e.seconds);
    const double med = median(times);
    std::printf("data          %s: %zu graphs, %ld nodes, %ld edges\n", ds.name.c_str(), problem.train.graphs.size(), nodes, edges);
    std::printf("network       GIN %s, %ld parameters, %d thread(s)\n", px::neural::describe(p).c_str(), out.parameters, p.threads);
    std::printf("epoch         median %.3f s over %d epochs (first %.3f s, last loss %.4f)\n", med, int(times.size()), times.front(),
                out.epochs.back().trainLoss);
    std::printf("dense layers  %.1f GFLOP per epoch (forward + backward), %.1f GFLOP/s\n", out.trainFlopsPerEpoch / 1e9,
                out.trainFlopsPerEpoch / med / 1e9);
    auto coreName = reinterpret_cast<char* (*)()>(dlsym(RTLD_DEFAULT, "openblas_get_corename"));
    std::printf("BLAS          %s\n", coreName ? (std::string("OpenBLAS, kernels for ") + coreName()).c_str() : "not OpenBLAS");
    std::printf("peak memory   %.0f MiB\n", peakRssMiB());
    return 0;
#endif
}

}  // namespace pxrun
