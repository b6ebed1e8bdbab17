// libpx_neural.so's one exported function (NeuralLibrary.h), and the engine services the library calls back.
#include "neural/NeuralLibrary.h"

#include "common/AtomicFile.h"

namespace {
const px::neural::NeuralHostServices* engine = nullptr;
}

namespace px {
// The engine's own atomic write (checkpoints), so that its fault injection and limits apply here too.
void writeFileAtomically(const std::string& path, const std::function<void(std::ostream&)>& write) {
    engine->writeFileAtomically(path, write);
}
}  // namespace px

extern "C" __attribute__((visibility("default"))) const px::neural::NeuralLibraryTable* pxNeuralLibrary(
    const px::neural::NeuralHostServices* host) {
    namespace lib = px::neural::torchlib;
    static const px::neural::NeuralLibraryTable table{px::neural::kNeuralLibraryAbi, &lib::trainGin, &lib::ginGraphEmbeddings,
                                                      &lib::withTrainingThreads,     &lib::trainNag, &lib::trainGapEncoder,
                                                      &lib::trainGapClassifier,      &lib::kernelPathInUse};
    engine = host;
    return &table;
}
