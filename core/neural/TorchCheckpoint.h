#pragma once
// A GIN training's state between two epochs, on disk (internal to core/neural, LibTorch side): the network's
// parameters and buffers, Adam's moments and step counts, the dropout generator's state, and what the loop
// has gathered (epoch records, the best epoch's scores, the test curve). Restoring it and training on gives
// the same outcome as an unbroken training: the batch order of an epoch depends on the seed and the epoch
// only (GinTrainer.cpp), so nothing else carries over between epochs.
#include "neural/TorchGin.h"

#include <optional>
#include <string>

namespace px::neural {

struct TrainingState {
    int epochsDone = 0;
    double best = 0;          // the best validation metric so far (±inf before the first)
    int sinceBest = 0;        // epochs since it
    GinOutcome outcome;       // selectedEpoch, selectedValid, testScores, testCurve, epochs; seconds so far
};

// What identifies a training: every setting of `p` and the shape and content of every graph set (vertex
// counts, edges, labels). A checkpoint of another training is never restored.
std::string trainingFingerprint(const GinParams& p, const GinProblem& problem);

// Written atomically (a temporary file renamed over `path`): a kill while writing leaves the previous one.
// Throws InputError naming the file if it cannot be written.
void saveCheckpoint(const std::string& path, const std::string& fingerprint, const TrainingState& state, const GinNet& net,
                    const torch::optim::Adam& optimizer, const at::Generator& dropout);

// Restores `net`, `optimizer` and `dropout` from `path` and returns the loop's state. Nothing (and nothing
// changed) when the file does not exist. A file of another training (fingerprint) or one that cannot be read
// gives nothing as well, with `why` saying so; `net`, `optimizer` and `dropout` may then be half-restored and
// must be built afresh by the caller.
std::optional<TrainingState> loadCheckpoint(const std::string& path, const std::string& fingerprint, GinNet& net,
                                            torch::optim::Adam& optimizer, at::Generator& dropout, std::string& why);

}  // namespace px::neural
