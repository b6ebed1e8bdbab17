// Training loop of the noisy-aggregation networks (NagTrainer.h).
#include "neural/NagTrainer.h"
#include "neural/NeuralLibrary.h"

#include "common/Error.h"
#include "common/Rng.h"
#include "neural/TorchNag.h"
#include "neural/TorchOps.h"

#include <chrono>
#include <cmath>
#include <stdexcept>

namespace px::neural {

namespace {

void checkNagInput(const NagTrainParams& p, const NodeProblem& problem) {
    auto require = [](bool ok, const std::string& what) {
        if (!ok) throw std::invalid_argument("NAG network: " + what);
    };
    require(p.depth >= 1 && p.depth <= 16, "depth must be in [1, 16]");
    require(p.width >= 1 && p.width <= 16384, "width d must be in [1, 16384]");
    require(p.sigma >= 0 && std::isfinite(p.sigma), "sigma must be a finite number ≥ 0");
    require(p.epochs >= 0, "epochs must be ≥ 0");
    require(p.lr > 0 && std::isfinite(p.lr), "lr must be a positive number");
    require(problem.graph && problem.features, "a graph and its node features are needed");
    const int n = problem.graph->numVertices();
    require(problem.features->rows() == n, "one feature row per node");
    require(problem.features->cols() >= 1, "at least one node feature");
    require(problem.features->allFinite(), "node features must be finite");
    require(int(problem.labels.size()) == n, "one label per node");
    require(problem.classes >= 2, "at least two classes");
    for (int y : problem.labels) require(y >= 0 && y < problem.classes, "labels must lie in [0, classes)");
    require(!problem.train.empty(), "no training nodes");
    for (const auto* part : {&problem.train, &problem.valid, &problem.test})
        for (int v : *part) require(v >= 0 && v < n, "node indices of the split must lie in [0, n)");
}

double accuracyOf(const torch::Tensor& predicted, const std::vector<int>& ids, const std::vector<int>& labels) {
    if (ids.empty()) return std::nan("");
    const auto* pred = predicted.data_ptr<std::int64_t>();
    long correct = 0;
    for (int v : ids) correct += pred[v] == labels[std::size_t(v)];
    return double(correct) / double(ids.size());
}

double flopsPerEpoch(const NagTrainParams& p, long n, long features, int classes, bool trainEncoder) {
    const double d = p.width;
    const double forward = 2.0 * n * (features * d + (p.depth - 1) * d * d + d * classes);
    // backward: the weight gradients (≈ forward) and the input gradients of all layers but the first
    return trainEncoder ? 3 * forward - 2.0 * n * features * d : forward + 2.0 * 2 * n * d * classes;
}

}  // namespace

NagOutcome torchlib::trainNag(const NagTrainParams& p, const NodeProblem& problem, Progress& progress) {
    checkNagInput(p, problem);
    const auto t0 = std::chrono::steady_clock::now();
    ThreadScope threads(p.threads);
    at::Generator weights = at::make_generator<at::CPUGeneratorImpl>(Rng(p.seed, "nag-weights").next());
    at::Generator trainingNoise = at::make_generator<at::CPUGeneratorImpl>(Rng(p.seed, "nag-training-noise").next());
    at::Generator inferenceNoise = at::make_generator<at::CPUGeneratorImpl>(Rng(p.inferenceSeed, "nag-inference-noise").next());

    const NodeGraph g = nodeGraph(*problem.graph);
    const RowMatrix& features = *problem.features;
    const torch::Tensor x = torch::from_blob(const_cast<double*>(features.data()), {features.rows(), features.cols()}, torch::kDouble)
                                .to(torch::kFloat);
    const torch::Tensor normalized = normalizeRows(x);
    const torch::Tensor firstInput =
        p.aggregator == NagAggregator::Attention ? normalized : aggregateFixed(p.aggregator, normalized, g).detach();

    NagNet net(int(features.cols()), problem.classes, p, weights);
    if (!p.trainEncoder)
        for (auto& t : net->encoderParameters()) t.requires_grad_(false);
    std::vector<torch::Tensor> trained;
    for (auto& t : net->parameters())
        if (t.requires_grad()) trained.push_back(t);
    torch::optim::Adam optimizer(trained, torch::optim::AdamOptions(p.lr));
    const torch::Tensor trainIds = indexTensor(problem.train);
    std::vector<std::int64_t> trainLabels;
    for (int v : problem.train) trainLabels.push_back(problem.labels[std::size_t(v)]);
    const torch::Tensor target = torch::tensor(trainLabels);

    NagOutcome out;
    for (const auto& t : trained) out.parameters += t.numel();
    out.flopsPerEpoch = flopsPerEpoch(p, g.nodes, features.cols(), problem.classes, p.trainEncoder);
    net->train();
    for (int epoch = 1; epoch <= p.epochs; ++epoch) {
        if (progress.cancelled()) throw Cancelled();
        optimizer.zero_grad();
        const torch::Tensor logits = net->decode(net->encode(firstInput, g, trainingNoise));
        torch::Tensor loss = torch::nn::functional::cross_entropy(logits.index_select(0, trainIds), target);
        loss.backward();
        optimizer.step();
        out.trainLoss.push_back(loss.item<double>());
        progress.report(double(epoch) / (p.epochs + 1));
    }
    if (progress.cancelled()) throw Cancelled();
    net->eval();
    {
        torch::NoGradGuard noGrad;
        const torch::Tensor h = net->encode(firstInput, g, inferenceNoise);
        const torch::Tensor predicted = net->decode(h).argmax(1).contiguous();
        out.trainAccuracy = accuracyOf(predicted, problem.train, problem.labels);
        out.validAccuracy = accuracyOf(predicted, problem.valid, problem.labels);
        out.testAccuracy = accuracyOf(predicted, problem.test, problem.labels);
        const torch::Tensor hd = h.to(torch::kDouble).contiguous();
        out.representations = Eigen::Map<const RowMatrix>(hd.data_ptr<double>(), hd.size(0), hd.size(1));
    }
    out.opNorms = net->operatorNorms();
    progress.report(1.0);
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return out;
}

}  // namespace px::neural
