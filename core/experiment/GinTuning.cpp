// The GIN's hyper-parameters chosen on one inner hold-out (GinTuning.h).
#include "experiment/GinTuning.h"

#include <stdexcept>

namespace px::experiment {

#ifdef PX_HAVE_NEURAL
GinTuning tuneGinOnValidation(const learn::LearnerConfig& base, const learn::TuningGrid& grid, const neural::GinProblem& problem,
                              Progress& progress) {
    if (problem.valid.graphs.empty())
        throw std::invalid_argument("tuning: a GIN is tuned on validation graphs, and this split holds none out");
    const std::vector<learn::LearnerConfig> configs =
        learn::gridConfigurations(base, grid.empty() ? learn::defaultGrid(learn::LearnerKind::Gin) : grid);
    GinTuning t;
    const double share = 1.0 / double(configs.size());
    for (std::size_t c = 0; c < configs.size(); ++c) {
        SubProgress part(progress, double(c) * share, share);
        neural::GinOutcome out = neural::trainGin(configs[c].gin, problem, part);
        t.validScores.push_back(out.selectedValid);
        t.seconds += out.seconds;
        if (learn::chooseByValidation(t.validScores, problem.lowerIsBetter) == c) {  // the best so far: keep its training
            t.chosen = configs[c];
            t.chosenIndex = c;
            t.outcome = std::move(out);
        }
    }
    return t;
}
#else
GinTuning tuneGinOnValidation(const learn::LearnerConfig&, const learn::TuningGrid&, const neural::GinProblem&, Progress&) {
    throw std::invalid_argument("the learner \"gin\" needs the neural layer, and this build has none (configured with -DPX_NEURAL=OFF)");
}
#endif

}  // namespace px::experiment
