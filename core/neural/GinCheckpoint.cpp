// Checkpoints of a GIN training (TorchCheckpoint.h). One torch archive: "meta" (a JSON text of the counters and the
// fingerprint), "net" and "optimizer" (torch's own serialisation of the module and of Adam), "dropout" (the
// generator's state), and the gathered numbers as double tensors, so that NaN and every bit of a double survive.
#include "neural/TorchCheckpoint.h"

#include "common/AtomicFile.h"
#include "common/Error.h"
#include "common/Rng.h"

#include <nlohmann/json.hpp>
#include <sstream>
#include <sys/stat.h>

namespace px::neural {

namespace {

constexpr const char* kFormat = "pxstudio-gin-checkpoint";
constexpr int kVersion = 1;

// An order-dependent digest of a graph set: vertex counts, edges, labels.
void digestSet(std::uint64_t& h, const GraphSet& set, const std::vector<double>* labels) {
    auto mix = [&h](std::uint64_t v) { h = Rng(h ^ v, "gin-checkpoint").next(); };
    mix(set.graphs.size());
    for (const Graph* g : set.graphs) {
        mix(std::uint64_t(g->numVertices()));
        std::uint64_t edges = 0;  // a position-weighted sum: cheap, and any changed edge changes it
        const std::vector<int>& adj = g->adjacency();
        for (std::size_t i = 0; i < adj.size(); ++i) edges = edges * 0x100000001B3ULL + std::uint64_t(adj[i]) + 1;
        mix(edges);
    }
    for (const std::vector<int>* row : set.nodeLabels)
        for (int l : *row) mix(std::uint64_t(l));
    if (labels)
        for (double y : *labels) mix(std::hash<double>{}(y));
}

torch::Tensor doubles(const std::vector<double>& v) {
    return torch::tensor(v, torch::kDouble).clone();
}

std::vector<double> toVector(const torch::Tensor& t) {
    const torch::Tensor c = t.to(torch::kDouble).contiguous();
    return std::vector<double>(c.data_ptr<double>(), c.data_ptr<double>() + c.numel());
}

torch::Tensor epochTable(const std::vector<EpochRecord>& epochs) {
    std::vector<double> flat;
    for (const EpochRecord& e : epochs) flat.insert(flat.end(), {double(e.epoch), e.trainLoss, e.validMetric, e.seconds});
    return doubles(flat).view({long(epochs.size()), 4});
}

std::vector<EpochRecord> epochRecords(const torch::Tensor& table) {
    const std::vector<double> flat = toVector(table);
    std::vector<EpochRecord> epochs(flat.size() / 4);
    for (std::size_t i = 0; i < epochs.size(); ++i)
        epochs[i] = EpochRecord{int(flat[4 * i]), flat[4 * i + 1], flat[4 * i + 2], flat[4 * i + 3]};
    return epochs;
}

}  // namespace

std::string trainingFingerprint(const GinParams& p, const GinProblem& problem) {
    std::ostringstream o;
    o << describe(p) << ";max_degree=" << p.maxDegreeFeature << ";loss=" << key(p.regressionLoss) << ";seed=" << p.seed
      << ";task=" << int(problem.type) << "/" << problem.classes << "/" << problem.nodeLabelValues;
    std::uint64_t h = hashString(o.str());
    digestSet(h, problem.train, &problem.train.labels);
    digestSet(h, problem.valid, &problem.valid.labels);
    for (const GraphSet& t : problem.tests) digestSet(h, t, nullptr);
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
    return o.str() + ";data=" + hex;
}

void saveCheckpoint(const std::string& path, const std::string& fingerprint, const TrainingState& state, const GinNet& net,
                    const torch::optim::Adam& optimizer, const at::Generator& dropout) {
    const GinOutcome& o = state.outcome;
    nlohmann::json meta = {{"format", kFormat},           {"version", kVersion},
                           {"fingerprint", fingerprint},  {"epochs_done", state.epochsDone},
                           {"since_best", state.sinceBest}, {"selected_epoch", o.selectedEpoch},
                           {"test_sets", o.testScores.size()}, {"curve_epochs", o.testCurve.size()},
                           {"curve_sets", o.testCurve.empty() ? 0 : o.testCurve[0].size()}};
    torch::serialize::OutputArchive archive, netArchive, optimizerArchive, scores, curve;
    archive.write("meta", c10::IValue(meta.dump()));
    net->save(netArchive);
    optimizer.save(optimizerArchive);
    archive.write("net", netArchive);
    archive.write("optimizer", optimizerArchive);
    archive.write("dropout", dropout.get_state());
    archive.write("numbers", doubles({state.best, o.selectedValid, o.seconds}));
    archive.write("epochs", epochTable(o.epochs));
    for (std::size_t t = 0; t < o.testScores.size(); ++t) scores.write(std::to_string(t), doubles(o.testScores[t]));
    archive.write("scores", scores);
    for (std::size_t e = 0; e < o.testCurve.size(); ++e)
        for (std::size_t t = 0; t < o.testCurve[e].size(); ++t)
            curve.write(std::to_string(e) + "." + std::to_string(t), doubles(o.testCurve[e][t]));
    archive.write("curve", curve);
    writeFileAtomically(path, [&](std::ostream& out) { archive.save_to(out); });
}

std::optional<TrainingState> loadCheckpoint(const std::string& path, const std::string& fingerprint, GinNet& net,
                                            torch::optim::Adam& optimizer, at::Generator& dropout, std::string& why) {
    struct stat st;
    if (::stat(path.c_str(), &st) != 0) return std::nullopt;
    try {
        torch::serialize::InputArchive archive;
        archive.load_from(path);
        c10::IValue metaText;
        archive.read("meta", metaText);
        const nlohmann::json meta = nlohmann::json::parse(metaText.toStringRef());
        if (meta.value("format", "") != kFormat || meta.value("version", 0) != kVersion) {
            why = printablePath(path) + ": not a GIN checkpoint of this version";
            return std::nullopt;
        }
        if (meta.value("fingerprint", "") != fingerprint) {
            why = printablePath(path) + ": a checkpoint of another training (other settings or graphs)";
            return std::nullopt;
        }
        TrainingState state;
        state.epochsDone = meta.at("epochs_done").get<int>();
        state.sinceBest = meta.at("since_best").get<int>();
        GinOutcome& o = state.outcome;
        o.selectedEpoch = meta.at("selected_epoch").get<int>();
        torch::Tensor numbers, epochs, dropoutState;
        archive.read("numbers", numbers);
        archive.read("epochs", epochs);
        archive.read("dropout", dropoutState);
        const std::vector<double> n = toVector(numbers);
        state.best = n.at(0);
        o.selectedValid = n.at(1);
        o.seconds = n.at(2);
        o.epochs = epochRecords(epochs);
        torch::serialize::InputArchive scores, curve, netArchive, optimizerArchive;
        archive.read("scores", scores);
        for (int t = 0; t < meta.at("test_sets").get<int>(); ++t) {
            torch::Tensor s;
            scores.read(std::to_string(t), s);
            o.testScores.push_back(toVector(s));
        }
        archive.read("curve", curve);
        for (int e = 0; e < meta.at("curve_epochs").get<int>(); ++e) {
            o.testCurve.emplace_back();
            for (int t = 0; t < meta.at("curve_sets").get<int>(); ++t) {
                torch::Tensor s;
                curve.read(std::to_string(e) + "." + std::to_string(t), s);
                o.testCurve.back().push_back(toVector(s));
            }
        }
        if (int(o.epochs.size()) != state.epochsDone) {
            why = printablePath(path) + ": damaged (" + std::to_string(o.epochs.size()) + " epoch records for " +
                  std::to_string(state.epochsDone) + " epochs)";
            return std::nullopt;
        }
        archive.read("net", netArchive);
        archive.read("optimizer", optimizerArchive);
        net->load(netArchive);
        optimizer.load(optimizerArchive);
        dropout.set_state(dropoutState);
        return state;
    } catch (const std::exception& e) {
        why = printablePath(path) + ": cannot be read (" + std::string(e.what()).substr(0, 200) + ")";
        return std::nullopt;
    }
}

}  // namespace px::neural
