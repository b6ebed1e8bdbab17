// Several GIN trainings of one run, one by one or side by side, with their joint progress (ParallelTrainings.h).
#include "experiment/ParallelTrainings.h"

#ifdef PX_HAVE_NEURAL
#include "neural/GinTrainer.h"
#endif

#include <tbb/info.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <cmath>

namespace px::experiment {

void runTrainings(int count, const neural::GinParams& gin, const std::function<void(int)>& train) {
    runTrainings(count, gin.parallelTrainings, gin.threads, train);
}

void runTrainings(int count, int parallelTrainings, int threads, const std::function<void(int)>& train) {
#ifdef PX_HAVE_NEURAL
    if (parallelTrainings > 1 && count > 1) {
        neural::withTrainingThreads(threads, [&] {
            tbb::task_arena arena(std::min({parallelTrainings, count, tbb::info::default_concurrency()}));
            arena.execute([&] { tbb::parallel_for(0, count, 1, [&](int i) { train(i); }); });
        });
        return;
    }
#endif
    (void)threads;
    (void)parallelTrainings;  // without the neural layer there is nothing to train side by side
    for (int i = 0; i < count; ++i) train(i);
}

namespace {
nlohmann::json scoresToJson(const std::vector<TaskScore>& scores) {
    nlohmann::json out = nlohmann::json::array();
    for (const TaskScore& s : scores) out.push_back({s.metric, s.value, s.accuracy});
    return out;
}

std::vector<TaskScore> scoresFromJson(const nlohmann::json& j) {
    std::vector<TaskScore> out;
    for (const auto& s : j) out.push_back({s.at(0).get<std::string>(), s.at(1).get<double>(), s.at(2).get<double>()});
    return out;
}
}  // namespace

nlohmann::json toJson(const Trained& t) {
    nlohmann::json curve = nlohmann::json::array();
    for (const auto& epoch : t.curve) curve.push_back(scoresToJson(epoch));
    nlohmann::json valid = nlohmann::json::array();
    for (double v : t.validCurve) valid.push_back(std::isnan(v) ? nlohmann::json() : nlohmann::json(v));  // NaN as null
    return {{"tests", scoresToJson(t.tests)}, {"curve", curve}, {"valid_curve", valid}, {"epoch", t.epoch},
            {"epochs_run", t.epochsRun}, {"seconds", t.seconds}, {"gflops", t.gflopPerSecond}, {"tuned", t.tuned}};
}

Trained trainedFromJson(const nlohmann::json& j) {
    Trained t;
    t.tests = scoresFromJson(j.at("tests"));
    for (const auto& epoch : j.at("curve")) t.curve.push_back(scoresFromJson(epoch));
    t.epoch = j.at("epoch").get<int>();
    t.epochsRun = j.at("epochs_run").get<int>();
    t.seconds = j.at("seconds").get<double>();
    t.gflopPerSecond = j.at("gflops").get<double>();
    t.tuned = j.value("tuned", std::string());  // absent in journals written before tuning
    if (j.contains("valid_curve"))              // absent in journals written before it was kept
        for (const auto& v : j.at("valid_curve")) t.validCurve.push_back(v.is_number() ? v.get<double>() : std::nan(""));
    return t;
}

}  // namespace px::experiment
