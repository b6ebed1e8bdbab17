#pragma once
// The trained networks live in a shared library of their own, libpx_neural.so, which the engine loads the
// first time a network is trained (NeuralLoader.cpp). Until then no process loads LibTorch or OpenBLAS:
// pxrun, the app and the Python module start in a few milliseconds instead of ~0.6 s, and the kernel
// path (KernelPath.h) is pinned by setting two variables before the load, with no re-execution.
//
// The library exports one C function, pxNeuralLibrary, which takes the few engine services it calls back
// and returns this table of its entry points. Everything else in it is hidden, so its copy of LibTorch's
// helpers never meets the engine's symbols. Both sides are built by the same compiler in the same tree; the
// table's `abi` guards against a library left over from another build.
#include "neural/GapModels.h"
#include "neural/GinTrainer.h"
#include "neural/NagTrainer.h"

#include <functional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace px::neural {

constexpr int kNeuralLibraryAbi = 1;  // raise with any change to the two tables below

struct NeuralHostServices {
    void (*writeFileAtomically)(const std::string& path, const std::function<void(std::ostream&)>& write);
};

struct NeuralLibraryTable {
    int abi = kNeuralLibraryAbi;
    GinOutcome (*trainGin)(const GinParams&, const GinProblem&, Progress&, const TrainingCheckpoint&);
    std::vector<std::vector<double>> (*ginGraphEmbeddings)(const GinParams&, const GraphSet&, int nodeLabelValues);
    void (*withTrainingThreads)(int threads, const std::function<void()>& work);
    NagOutcome (*trainNag)(const NagTrainParams&, const NodeProblem&, Progress&);
    RowMatrix (*trainGapEncoder)(const GapModelParams&, const RowMatrix& features, const NodeLabels&, Progress&);
    std::pair<double, double> (*trainGapClassifier)(const GapModelParams&, const std::vector<RowMatrix>& inputs,
                                                    const NodeLabels&, Progress&);
    std::string (*kernelPathInUse)();
};

// The implementations behind the table (GinTrainer.cpp, NagTrainer.cpp, GapModels.cpp, KernelPath.cpp). Inside
// the library only; the engine calls the functions of the same names in px::neural, which load it.
namespace torchlib {
GinOutcome trainGin(const GinParams&, const GinProblem&, Progress&, const TrainingCheckpoint&);
std::vector<std::vector<double>> ginGraphEmbeddings(const GinParams&, const GraphSet&, int nodeLabelValues);
void withTrainingThreads(int threads, const std::function<void()>& work);
NagOutcome trainNag(const NagTrainParams&, const NodeProblem&, Progress&);
RowMatrix trainGapEncoder(const GapModelParams&, const RowMatrix& features, const NodeLabels&, Progress&);
std::pair<double, double> trainGapClassifier(const GapModelParams&, const std::vector<RowMatrix>& inputs, const NodeLabels&,
                                             Progress&);
std::string kernelPathInUse();
}  // namespace torchlib

// Where this process loaded libpx_neural.so from (loading it if it has not been): for --version and tests.
std::string neuralLibraryPath();

}  // namespace px::neural

extern "C" const px::neural::NeuralLibraryTable* pxNeuralLibrary(const px::neural::NeuralHostServices* host);
