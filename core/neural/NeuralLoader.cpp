// The engine's side of libpx_neural.so (NeuralLibrary.h): the public entry points of the trained networks load
// the library on first use and call through its table.
#include "neural/NeuralLibrary.h"

#include "common/AtomicFile.h"

#include <cstdlib>
#include <dlfcn.h>
#include <mutex>
#include <stdexcept>

namespace px::neural {
namespace {

const char* kLibraryName = "libpx_neural.so";

struct Loaded {
    const NeuralLibraryTable* table = nullptr;
    std::string path;
};

void hostWriteFile(const std::string& path, const std::function<void(std::ostream&)>& write) {
    writeFileAtomically(path, write);
}

// The folder of the executable or shared object that holds this code (pxrun, the app, _pxstudio.so).
std::string folderOfThisCode() {
    Dl_info info{};
    if (!dladdr(reinterpret_cast<void*>(&hostWriteFile), &info) || !info.dli_fname) return {};
    std::string file = info.dli_fname;
    if (file.find('/') == std::string::npos) return {};
    return file.substr(0, file.rfind('/'));
}

// Where to look, in order: $PX_NEURAL_LIBRARY (a file), beside this code (a wheel), lib/pxstudio of an installed
// tree (cmake/Packaging.cmake) seen from bin/ or from the Python package, and the build tree that compiled this code.
std::vector<std::string> candidates() {
    std::vector<std::string> paths;
    if (const char* chosen = std::getenv("PX_NEURAL_LIBRARY"); chosen && *chosen) return {chosen};
    if (const std::string here = folderOfThisCode(); !here.empty()) {
        paths.push_back(here + "/" + kLibraryName);
        paths.push_back(here + "/../lib/pxstudio/" + kLibraryName);           // bin/ of an installed tree
        paths.push_back(here + "/../../../pxstudio/" + kLibraryName);         // lib/python3/dist-packages/pxstudio/
    }
#ifdef PX_NEURAL_BUILD_DIR
    paths.push_back(std::string(PX_NEURAL_BUILD_DIR) + "/" + kLibraryName);
#endif
    return paths;
}

Loaded load() {
    static const NeuralHostServices host{&hostWriteFile};
    std::string tried;
    for (const std::string& path : candidates()) {
        // GLOBAL: OpenBLAS and LibTorch join the process as they did when linked in (KernelPath finds
        // OpenBLAS by name); the library itself exports nothing but pxNeuralLibrary.
        void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_GLOBAL);
        if (!handle) {
            const char* why = dlerror();
            tried += "\n  " + path + ": " + (why ? why : "not loadable");
            continue;
        }
        using Entry = const NeuralLibraryTable* (*)(const NeuralHostServices*);
        auto entry = reinterpret_cast<Entry>(dlsym(handle, "pxNeuralLibrary"));
        const NeuralLibraryTable* table = entry ? entry(&host) : nullptr;
        if (!table || table->abi != kNeuralLibraryAbi) {
            tried += "\n  " + path + ": not this build's library (rebuild it: cmake --build BUILD --target px_neural)";
            continue;
        }
        return {table, path};
    }
    throw std::runtime_error("The trained networks (GIN, NAG, GAP) need " + std::string(kLibraryName) +
                             ", which was not found or not loaded:" + tried +
                             "\n(set PX_NEURAL_LIBRARY to its path, or build without them: -DPX_NEURAL=OFF)");
}

const Loaded& loaded() {
    static std::mutex mutex;
    static Loaded library;
    std::lock_guard<std::mutex> lock(mutex);
    if (!library.table) library = load();  // a failed load throws and is tried again on the next call
    return library;
}

const NeuralLibraryTable& library() { return *loaded().table; }

}  // namespace

std::string neuralLibraryPath() { return loaded().path; }

GinOutcome trainGin(const GinParams& p, const GinProblem& problem, Progress& progress, const TrainingCheckpoint& checkpoint) {
    return library().trainGin(p, problem, progress, checkpoint);
}

std::vector<std::vector<double>> ginGraphEmbeddings(const GinParams& p, const GraphSet& graphs, int nodeLabelValues) {
    return library().ginGraphEmbeddings(p, graphs, nodeLabelValues);
}

void withTrainingThreads(int threads, const std::function<void()>& work) { library().withTrainingThreads(threads, work); }

NagOutcome trainNag(const NagTrainParams& p, const NodeProblem& problem, Progress& progress) {
    return library().trainNag(p, problem, progress);
}

RowMatrix trainGapEncoder(const GapModelParams& p, const RowMatrix& features, const NodeLabels& nodes, Progress& progress) {
    return library().trainGapEncoder(p, features, nodes, progress);
}

std::pair<double, double> trainGapClassifier(const GapModelParams& p, const std::vector<RowMatrix>& inputs,
                                             const NodeLabels& nodes, Progress& progress) {
    return library().trainGapClassifier(p, inputs, nodes, progress);
}

std::string kernelPathInUse() { return library().kernelPathInUse(); }

}  // namespace px::neural
