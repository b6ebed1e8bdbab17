// Training loop of the GIN learner (GinTrainer.h).
#include "neural/GinTrainer.h"
#include "neural/NeuralLibrary.h"

#include "common/Error.h"
#include "common/Rng.h"
#include "neural/TorchCheckpoint.h"
#include "neural/TorchGin.h"
#include "neural/TorchOps.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>
#include <numeric>
#include <stdexcept>

namespace px::neural {

namespace {

using Clock = std::chrono::steady_clock;
double since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

void checkParams(const GinParams& p, const GinProblem& problem) {
    auto require = [](bool ok, const std::string& what) {
        if (!ok) throw std::invalid_argument("GIN: " + what);
    };
    require(p.layers >= 1 && p.layers <= 64, "layers must be in [1, 64]");
    require(p.hidden >= 1 && p.hidden <= 65536, "hidden must be in [1, 65536]");
    require(p.epochs >= 1, "epochs must be at least 1");
    require(p.lr > 0 && std::isfinite(p.lr), "lr must be a positive number");
    require(p.batch >= 1, "batch must be at least 1");
    require(p.dropout >= 0 && p.dropout < 1, "dropout must be in [0, 1)");
    require(p.maxDegreeFeature >= 1, "max degree feature must be at least 1");
    require(p.lrDecayEvery >= 0 && p.lrDecay > 0 && p.lrDecay <= 1, "lr decay must be in (0, 1], every ≥ 0 epochs");
    require(p.iterationsPerEpoch >= 0, "iterations per epoch must be ≥ 0");
    if (p.features == NodeFeatures::Labels) {
        require(problem.nodeLabelValues >= 1, "node features \"labels\" need the data set's node labels (this data set has none; use ones or degree)");
        bool complete = problem.train.nodeLabels.size() == problem.train.graphs.size() &&
                        problem.valid.nodeLabels.size() == problem.valid.graphs.size();
        for (const GraphSet& t : problem.tests) complete = complete && t.nodeLabels.size() == t.graphs.size();
        require(complete, "node features \"labels\": node labels for every training, validation and test graph");
    }
    require(!problem.train.graphs.empty(), "no training graphs");
    require(problem.train.graphs.size() == problem.train.labels.size(), "one label per training graph");
    require(problem.valid.graphs.size() == problem.valid.labels.size(), "one label per validation graph");
    require(problem.valid.graphs.empty() || bool(problem.validMetric), "a validation metric is needed with validation graphs");
    require(problem.type != TaskType::MultiClass || problem.classes >= 2, "a multi-class task needs at least 2 classes");
}

int outputWidth(const GinProblem& problem) { return problem.type == TaskType::MultiClass ? problem.classes : 1; }

torch::Tensor lossOf(const torch::Tensor& out, const torch::Tensor& target, const GinProblem& problem, const GinParams& p) {
    namespace F = torch::nn::functional;
    switch (problem.type) {
        case TaskType::Binary: return F::binary_cross_entropy_with_logits(out.view({-1}), target);
        case TaskType::MultiClass: return F::cross_entropy(out, target.to(torch::kLong));
        case TaskType::Regression:
            return p.regressionLoss == RegressionLoss::L1 ? F::l1_loss(out.view({-1}), target) : F::mse_loss(out.view({-1}), target);
    }
    return {};
}

// Scores of every graph of `batches` in eval mode (the outcome's convention).
std::vector<double> scoreAll(GinNet& net, std::vector<GraphBatch>& batches, TaskType type) {
    torch::NoGradGuard noGrad;
    std::vector<double> scores;
    for (GraphBatch& b : batches) {
        torch::Tensor out = net->forward(b);
        torch::Tensor s = type == TaskType::Binary       ? torch::sigmoid(out.view({-1}))
                          : type == TaskType::MultiClass ? out.argmax(1).to(torch::kFloat)
                                                         : out.view({-1});
        s = s.to(torch::kDouble).contiguous();
        scores.insert(scores.end(), s.data_ptr<double>(), s.data_ptr<double>() + s.numel());
    }
    return scores;
}

double trainFlops(const GinParams& p, const GinProblem& problem) {
    double nodes = 0;
    for (const Graph* g : problem.train.graphs) nodes += g->numVertices();
    double graphs = double(problem.train.graphs.size());
    if (p.iterationsPerEpoch > 0) {  // random batches: the mean graph, iterations × batch times
        const double seen = double(p.iterationsPerEpoch) * std::min<double>(p.batch, graphs);
        nodes *= seen / graphs;
        graphs = seen;
    }
    const double h = p.hidden, out = outputWidth(problem);
    const double perNode = 2 * (featureWidth(p, problem.nodeLabelValues) * h + h * h) + (p.layers - 1) * 2 * (2 * h * h);
    const double perGraph = p.readout == Readout::LastLayer ? 2 * (h * h + h * out) : 2 * (featureWidth(p, problem.nodeLabelValues) + p.layers * h) * out;
    return 3 * (nodes * perNode + graphs * perGraph);
}

// The training graphs of batch k of an epoch: consecutive slices of `order` (one pass), or with
// iterationsPerEpoch a fresh random sample of `batch` graphs per batch (Xu et al.'s epochs).
std::vector<int> batchMembers(const GinParams& p, int nTrain, int epoch, int k, std::vector<int>& order) {
    if (p.iterationsPerEpoch == 0)
        return std::vector<int>(order.begin() + long(k) * p.batch, order.begin() + std::min(nTrain, (k + 1) * p.batch));
    std::iota(order.begin(), order.end(), 0);
    Rng draw(p.seed, "gin-sampled-batch", std::uint64_t(epoch), std::uint64_t(k));
    const int size = std::min(nTrain, p.batch);
    for (int i = 0; i < size; ++i) std::swap(order[i], order[i + int(draw.below(std::uint64_t(nTrain - i)))]);
    return std::vector<int>(order.begin(), order.begin() + size);
}

void setLearningRate(torch::optim::Adam& optimizer, double lr) {
    for (auto& group : optimizer.param_groups()) static_cast<torch::optim::AdamOptions&>(group.options()).lr(lr);
}

// The network, its optimizer and its dropout stream, as a fresh training starts them.
struct Model {
    Model(const GinParams& p, const GinProblem& problem)
        : weights(at::make_generator<at::CPUGeneratorImpl>(Rng(p.seed, "gin-weights").next())),
          dropout(at::make_generator<at::CPUGeneratorImpl>(Rng(p.seed, "gin-dropout").next())),
          net(featureWidth(p, problem.nodeLabelValues), outputWidth(problem), p, weights),
          optimizer(net->parameters(), torch::optim::AdamOptions(p.lr)) {}
    at::Generator weights, dropout;
    GinNet net;
    torch::optim::Adam optimizer;
};

// Restores `model` and `state` from the checkpoint if there is one of this training; a refused one is noted
// in the outcome and the model built afresh (its loading may have changed part of it).
void resumeFromCheckpoint(const TrainingCheckpoint& checkpoint, const std::string& fingerprint, const GinParams& p,
                          const GinProblem& problem, std::unique_ptr<Model>& model, TrainingState& state) {
    std::string why;
    if (auto restored = loadCheckpoint(checkpoint.path, fingerprint, model->net, model->optimizer, model->dropout, why)) {
        state = std::move(*restored);
        state.outcome.resumedAfterEpoch = state.epochsDone;
    } else if (!why.empty()) {
        model = std::make_unique<Model>(p, problem);
        state.outcome.checkpointNote = why;
    }
}

// Writes a checkpoint; returns whether to go on writing them (false after a best-effort write failed).
bool saveOrNote(const TrainingCheckpoint& checkpoint, const std::string& fingerprint, TrainingState& state, const GinNet& net,
                const torch::optim::Adam& optimizer, const at::Generator& dropout) {
    try {
        saveCheckpoint(checkpoint.path, fingerprint, state, net, optimizer, dropout);
        return true;
    } catch (const InputError& e) {
        if (!checkpoint.bestEffort) throw;
        state.outcome.checkpointNote = std::string("checkpoints stopped: ") + e.what();
        return false;
    }
}

}  // namespace

GinOutcome torchlib::trainGin(const GinParams& p, const GinProblem& problem, Progress& progress, const TrainingCheckpoint& checkpoint) {
    checkParams(p, problem);
    const auto t0 = Clock::now();
    ThreadScope threads(p.threads);
    const int labelValues = problem.nodeLabelValues;
    auto model = std::make_unique<Model>(p, problem);

    TrainingState state;
    state.best = problem.lowerIsBetter ? INFINITY : -INFINITY;
    state.outcome.selectedValid = std::nan("");
    const std::string fingerprint = checkpoint.path.empty() ? std::string() : trainingFingerprint(p, problem);
    if (!checkpoint.path.empty()) resumeFromCheckpoint(checkpoint, fingerprint, p, problem, model, state);
    if (state.epochsDone > 0) progress.skip(double(state.epochsDone) / p.epochs);  // restored, not trained now
    GinNet& net = model->net;
    torch::optim::Adam& optimizer = model->optimizer;
    at::Generator& dropout = model->dropout;
    GinOutcome& outcome = state.outcome;
    const double secondsBefore = outcome.seconds;
    outcome.parameters = 0;
    for (const auto& t : net->parameters()) outcome.parameters += t.numel();
    outcome.trainFlopsPerEpoch = trainFlops(p, problem);
    std::vector<GraphBatch> validBatches = makeBatches(problem.valid, p, labelValues);
    std::vector<std::vector<GraphBatch>> testBatches;
    for (const auto& t : problem.tests) testBatches.push_back(makeBatches(t, p, labelValues));
    const torch::Tensor labels = torch::tensor(problem.train.labels, torch::kFloat);

    const int nTrain = int(problem.train.graphs.size());
    const int batchesPerEpoch = p.iterationsPerEpoch > 0 ? p.iterationsPerEpoch : (nTrain + p.batch - 1) / p.batch;
    std::vector<int> order(nTrain);
    double& best = state.best;
    int& sinceBest = state.sinceBest;
    auto lastSave = Clock::now();
    bool saving = !checkpoint.path.empty();
    for (int epoch = state.epochsDone + 1; epoch <= p.epochs; ++epoch) {  // a checkpoint is never one of a stopped training
        const auto e0 = Clock::now();
        if (p.lrDecayEvery > 0) setLearningRate(optimizer, p.lr * std::pow(p.lrDecay, double((epoch - 1) / p.lrDecayEvery)));
        std::iota(order.begin(), order.end(), 0);
        Rng shuffle(p.seed, "gin-batches", std::uint64_t(epoch));
        for (int i = nTrain - 1; i > 0; --i) std::swap(order[i], order[shuffle.below(std::uint64_t(i) + 1)]);
        net->train();
        double lossSum = 0, seen = 0;
        for (int k = 0; k < batchesPerEpoch; ++k) {
            if (progress.cancelled()) throw Cancelled();
            const std::vector<int> members = batchMembers(p, nTrain, epoch, k, order);
            const GraphBatch b = makeBatch(problem.train, members, p, labelValues);
            if (b.nodes < 2) continue;  // batch norm needs two values per channel
            const torch::Tensor target = labels.index_select(0, torch::tensor(std::vector<std::int64_t>(members.begin(), members.end())));
            optimizer.zero_grad();
            torch::Tensor loss = lossOf(net->forward(b, &dropout), target, problem, p);
            loss.backward();
            optimizer.step();
            lossSum += loss.item<double>() * double(members.size());
            seen += double(members.size());
            progress.report((double(epoch - 1) + double(k + 1) / batchesPerEpoch) / p.epochs);
        }
        net->eval();
        EpochRecord rec;
        rec.epoch = epoch;
        rec.trainLoss = lossSum / std::max(1.0, seen);
        rec.validMetric = std::nan("");
        bool improved = problem.valid.graphs.empty();
        if (!problem.valid.graphs.empty()) {
            rec.validMetric = problem.validMetric(scoreAll(net, validBatches, problem.type));
            improved = problem.lowerIsBetter ? rec.validMetric < best : rec.validMetric > best;
        }
        if (improved) {
            best = rec.validMetric;
            outcome.selectedEpoch = epoch;
            outcome.selectedValid = rec.validMetric;
            outcome.testScores.clear();
            for (auto& tb : testBatches) outcome.testScores.push_back(scoreAll(net, tb, problem.type));
            sinceBest = 0;
        } else {
            ++sinceBest;
        }
        if (p.selection == EpochSelection::TestCurve) {
            outcome.testCurve.emplace_back();
            for (auto& tb : testBatches) outcome.testCurve.back().push_back(scoreAll(net, tb, problem.type));
        }
        rec.seconds = since(e0);
        outcome.epochs.push_back(rec);
        state.epochsDone = epoch;
        if (p.patience > 0 && sinceBest >= p.patience) break;
        if (saving && epoch < p.epochs && since(lastSave) >= checkpoint.everySeconds) {
            outcome.seconds = secondsBefore + since(t0);
            saving = saveOrNote(checkpoint, fingerprint, state, net, optimizer, dropout);
            lastSave = Clock::now();
        }
    }
    if (outcome.selectedEpoch == 0) {  // validation never gave a number (NaN metric): take the last epoch
        outcome.selectedEpoch = int(outcome.epochs.size());
        outcome.testScores.clear();
        for (auto& tb : testBatches) outcome.testScores.push_back(scoreAll(net, tb, problem.type));
    }
    outcome.seconds = secondsBefore + since(t0);
    if (!checkpoint.path.empty()) std::remove(checkpoint.path.c_str());
    return std::move(outcome);
}

void torchlib::withTrainingThreads(int threads, const std::function<void()>& work) {
    ThreadScope scope(threads);
    work();
}

std::vector<std::vector<double>> torchlib::ginGraphEmbeddings(const GinParams& p, const GraphSet& graphs, int nodeLabelValues) {
    ThreadScope threads(p.threads);
    at::Generator weights = at::make_generator<at::CPUGeneratorImpl>(Rng(p.seed, "gin-weights").next());
    GinNet net(featureWidth(p, nodeLabelValues), 1, p, weights);
    net->eval();
    torch::NoGradGuard noGrad;
    std::vector<std::vector<double>> rows;
    for (GraphBatch& b : makeBatches(graphs, p, nodeLabelValues)) {
        const torch::Tensor e = net->embed(b).to(torch::kDouble).contiguous();
        for (long i = 0; i < e.size(0); ++i)
            rows.emplace_back(e[i].data_ptr<double>(), e[i].data_ptr<double>() + e.size(1));
    }
    return rows;
}

}  // namespace px::neural
