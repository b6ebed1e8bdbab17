// GAP's encoder and classification module on LibTorch (GapModels.h).
#include "neural/GapModels.h"
#include "neural/NeuralLibrary.h"

#include "common/Error.h"
#include "common/Rng.h"
#include "neural/TorchOps.h"

#include <cmath>
#include <functional>
#include <stdexcept>

namespace px::neural {

namespace {

torch::Tensor toTensor(const RowMatrix& m) {
    return torch::from_blob(const_cast<double*>(m.data()), {m.rows(), m.cols()}, torch::kDouble).to(torch::kFloat);
}

void checkNodes(const NodeLabels& nodes, long n, const char* what) {
    auto require = [&](bool ok, const std::string& msg) {
        if (!ok) throw std::invalid_argument(std::string(what) + ": " + msg);
    };
    require(long(nodes.labels.size()) == n, "one label per node");
    require(nodes.classes >= 2, "at least two classes");
    for (int y : nodes.labels) require(y >= 0 && y < nodes.classes, "labels must lie in [0, classes)");
    require(!nodes.train.empty(), "no training nodes");
    for (const auto* part : {&nodes.train, &nodes.valid, &nodes.test})
        for (int v : *part) require(v >= 0 && v < n, "node indices must lie in [0, n)");
}

double accuracy(const torch::Tensor& logits, const torch::Tensor& ids, const torch::Tensor& labels) {
    if (ids.numel() == 0) return std::nan("");
    return logits.index_select(0, ids).argmax(1).eq(labels.index_select(0, ids)).to(torch::kDouble).mean().item<double>();
}

// Full-batch Adam on the training nodes; after every epoch the validation accuracy, and `onBest` when it
// improves (always, without validation nodes) with the logits of every node in evaluation mode.
template <class Model, class OnBest>
void fit(Model& model, const std::function<torch::Tensor()>& forward, const NodeLabels& nodes, int epochs, double lr,
         Progress& progress, OnBest onBest) {
    torch::optim::Adam optimizer(model->parameters(), torch::optim::AdamOptions(lr));
    const torch::Tensor labels = torch::tensor(std::vector<std::int64_t>(nodes.labels.begin(), nodes.labels.end()));
    const torch::Tensor train = indexTensor(nodes.train), valid = indexTensor(nodes.valid);
    const torch::Tensor trainLabels = labels.index_select(0, train);
    double best = -1;
    for (int epoch = 1; epoch <= epochs; ++epoch) {
        if (progress.cancelled()) throw Cancelled();
        model->train();
        optimizer.zero_grad();
        torch::Tensor loss = torch::nn::functional::cross_entropy(forward().index_select(0, train), trainLabels);
        loss.backward();
        optimizer.step();
        model->eval();
        torch::NoGradGuard noGrad;
        const torch::Tensor logits = forward();
        const double v = nodes.valid.empty() ? double(epoch) : accuracy(logits, valid, labels);
        if (v > best) {
            best = v;
            onBest(logits, labels);
        }
        progress.report(double(epoch) / epochs);
    }
}

// Linear, batch norm, SELU layers of GAP's MLP (batch norm on every hidden layer).
struct EncoderImpl : torch::nn::Module {
    EncoderImpl(int in, int hidden, int classes, at::Generator& gen)
        : first(register_module("first", drawnLinear(in, hidden, gen))), firstNorm(register_module("first_norm", torch::nn::BatchNorm1d(hidden))),
          second(register_module("second", drawnLinear(hidden, hidden, gen))), norm(register_module("norm", torch::nn::BatchNorm1d(hidden))),
          head(register_module("head", drawnLinear(hidden, classes, gen))) {}
    torch::Tensor encode(const torch::Tensor& x) {
        const torch::Tensor h = second->forward(torch::selu(firstNorm->forward(first->forward(x))));
        return torch::nn::functional::normalize(h, torch::nn::functional::NormalizeFuncOptions().dim(1));
    }
    torch::Tensor forward(const torch::Tensor& x) { return head->forward(torch::selu(norm->forward(encode(x)))); }
    torch::nn::Linear first;
    torch::nn::BatchNorm1d firstNorm;
    torch::nn::Linear second;
    torch::nn::BatchNorm1d norm;
    torch::nn::Linear head;
};
TORCH_MODULE(Encoder);

struct ClassifierImpl : torch::nn::Module {
    ClassifierImpl(const std::vector<long>& widths, int hidden, int classes, at::Generator& gen) {
        for (std::size_t i = 0; i < widths.size(); ++i)
            base.push_back(register_module("base" + std::to_string(i), drawnLinear(int(widths[i]), hidden, gen)));
        norm = register_module("norm", torch::nn::BatchNorm1d(hidden * long(widths.size())));
        head = register_module("head", drawnLinear(hidden * int(widths.size()), classes, gen));
    }
    torch::Tensor forward(const std::vector<torch::Tensor>& inputs) {
        std::vector<torch::Tensor> parts;
        for (std::size_t i = 0; i < inputs.size(); ++i) parts.push_back(base[i]->forward(inputs[i]));
        const torch::Tensor h = torch::nn::functional::normalize(torch::cat(parts, 1), torch::nn::functional::NormalizeFuncOptions().dim(1));
        return head->forward(torch::selu(norm->forward(h)));
    }
    std::vector<torch::nn::Linear> base;
    torch::nn::BatchNorm1d norm{nullptr};
    torch::nn::Linear head{nullptr};
};
TORCH_MODULE(Classifier);

}  // namespace

RowMatrix torchlib::trainGapEncoder(const GapModelParams& p, const RowMatrix& features, const NodeLabels& nodes, Progress& progress) {
    checkNodes(nodes, features.rows(), "GAP encoder");
    if (p.hidden < 1 || p.encoderEpochs < 0 || !(p.lr > 0)) throw std::invalid_argument("GAP encoder: hidden and lr must be positive, epochs ≥ 0");
    ThreadScope threads(p.threads);
    at::Generator gen = at::make_generator<at::CPUGeneratorImpl>(Rng(p.seed, "gap-encoder").next());
    Encoder encoder(int(features.cols()), p.hidden, nodes.classes, gen);
    const torch::Tensor x = toTensor(features);
    torch::Tensor best;
    fit(encoder, [&] { return encoder->forward(x); }, nodes, p.encoderEpochs, p.lr, progress,
        [&](const torch::Tensor&, const torch::Tensor&) { best = encoder->encode(x).to(torch::kDouble).contiguous(); });
    if (!best.defined()) {  // no epoch: the encoder at its initialisation (the untrained stand-in)
        encoder->eval();
        torch::NoGradGuard noGrad;
        best = encoder->encode(x).to(torch::kDouble).contiguous();
    }
    return Eigen::Map<const RowMatrix>(best.data_ptr<double>(), best.size(0), best.size(1));
}

std::pair<double, double> torchlib::trainGapClassifier(const GapModelParams& p, const std::vector<RowMatrix>& inputs, const NodeLabels& nodes,
                                             Progress& progress) {
    if (inputs.empty()) throw std::invalid_argument("GAP classifier: no inputs");
    checkNodes(nodes, inputs.front().rows(), "GAP classifier");
    for (const RowMatrix& m : inputs)
        if (m.rows() != inputs.front().rows() || m.cols() < 1) throw std::invalid_argument("GAP classifier: inputs of one row per node");
    if (p.hidden < 1 || p.epochs < 1 || !(p.lr > 0)) throw std::invalid_argument("GAP classifier: hidden, epochs and lr must be positive");
    ThreadScope threads(p.threads);
    at::Generator gen = at::make_generator<at::CPUGeneratorImpl>(Rng(p.seed, "gap-classifier").next());
    std::vector<torch::Tensor> xs;
    std::vector<long> widths;
    for (const RowMatrix& m : inputs) {
        xs.push_back(toTensor(m));
        widths.push_back(m.cols());
    }
    Classifier model(widths, p.hidden, nodes.classes, gen);
    const torch::Tensor valid = indexTensor(nodes.valid), test = indexTensor(nodes.test);
    std::pair<double, double> result{std::nan(""), std::nan("")};
    fit(model, [&] { return model->forward(xs); }, nodes, p.epochs, p.lr, progress, [&](const torch::Tensor& logits, const torch::Tensor& labels) {
        result = {accuracy(logits, valid, labels), accuracy(logits, test, labels)};
    });
    return result;
}

}  // namespace px::neural
