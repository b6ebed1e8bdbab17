#pragma once
// Several trainings of a GIN sweep (folds, shuffled controls) run one by one or side by side, and the progress
// they report together. Each training keeps its own seed and threads, so the results do not depend on the order.
#include "common/Progress.h"
#include "experiment/Evaluation.h"
#include "neural/GinParams.h"

#include <nlohmann/json.hpp>

#include <atomic>
#include <functional>
#include <vector>

namespace px::experiment {

// What one training of a GIN sweep yields.
struct Trained {
    std::vector<TaskScore> tests;               // [released test graphs, clean test graphs]
    std::vector<std::vector<TaskScore>> curve;  // epoch_selection test_curve: [epoch − 1][released, clean]
    std::vector<double> validCurve;             // the validation metric after each epoch (NaN without validation graphs)
    int epoch = 0, epochsRun = 0;
    double seconds = 0, gflopPerSecond = 0;
    std::string tuned;                          // nested tuning: the chosen hyper-parameters; else empty
};
// A training as a run-journal part (exact doubles), so that a long run resumes after its last finished training.
nlohmann::json toJson(const Trained& t);
Trained trainedFromJson(const nlohmann::json& j);

// Progress of several trainings that may run at once: each reports its own fraction, the sweep sees their mean.
class TrainingsProgress {
public:
    TrainingsProgress(Progress& parent, double base, double span, int count)
        : parent_(parent), base_(base), span_(span), fractions_(std::size_t(count)) {
        for (auto& f : fractions_) f.store(0);
    }
    class Part : public Progress {
    public:
        Part(TrainingsProgress& all, int index) : all_(all), index_(std::size_t(index)) {}
        void report(double f) override { all_.set(index_, f); }
        void skip(double amount) override { all_.parent_.skip(all_.span_ * amount / double(all_.fractions_.size())); }
        // Finished before the sweep was stopped: its share counts as done, and as done in no time.
        void restored() {
            skip(1.0);
            report(1.0);
        }
        bool cancelled() const override { return all_.parent_.cancelled(); }

    private:
        TrainingsProgress& all_;
        std::size_t index_;
    };

private:
    void set(std::size_t i, double f) {
        fractions_[i].store(f);
        double sum = 0;
        for (const auto& x : fractions_) sum += x.load();
        parent_.report(base_ + span_ * sum / double(fractions_.size()));
    }
    Progress& parent_;
    double base_, span_;
    std::vector<std::atomic<double>> fractions_;
};

// train(i) for i in [0, count): one after the other, or `parallelTrainings` at once (each training keeps its
// own seed and runs on its own threads, so the results do not depend on the order).
void runTrainings(int count, const neural::GinParams& gin, const std::function<void(int)>& train);
// The same for any trainings: `parallelTrainings` at once, each on `threads` (the process-wide count is set once
// around them all, so that no training's end changes it under another).
void runTrainings(int count, int parallelTrainings, int threads, const std::function<void(int)>& train);

}  // namespace px::experiment
