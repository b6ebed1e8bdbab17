#pragma once
// The GIN's hyper-parameters chosen without leakage, on one inner hold-out. Every point of the grid
// (learn::TuningGrid: hidden, batch, dropout, lr; Xu et al.'s grid by default) trains on the training part
// with the same seed and picks its epoch on the validation part; the point whose selected validation metric
// is best wins (learn::chooseByValidation: the first on ties), and its test scores, taken at its own epoch,
// are the result. The test graphs enter only as graphs to score: a GinProblem carries no test label, so no
// choice can depend on one. Cost: one training per grid point.
#include "learn/Learners.h"
#include "learn/Tuning.h"
#include "neural/GinTrainer.h"

namespace px::experiment {

struct GinTuning {
    learn::LearnerConfig chosen;        // the winning grid point (base's other settings)
    std::size_t chosenIndex = 0;        // into learn::gridConfigurations(base, grid)
    std::vector<double> validScores;    // every grid point's validation metric at its selected epoch
    neural::GinOutcome outcome;         // the winner's training
    double seconds = 0;                 // all grid points' trainings
};

// An empty grid is learn::defaultGrid("gin")'s. Throws std::invalid_argument without validation graphs,
// px::Cancelled on cancel (progress runs over all grid points).
GinTuning tuneGinOnValidation(const learn::LearnerConfig& base, const learn::TuningGrid& grid, const neural::GinProblem& problem,
                              Progress& progress = noProgress());

}  // namespace px::experiment
