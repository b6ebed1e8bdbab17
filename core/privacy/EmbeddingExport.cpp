// Export of released embeddings as CSV, .npy and a JSON sidecar (EmbeddingExport.h).
#include "common/JsonFields.h"
#include "privacy/EmbeddingExport.h"

#include "common/AtomicFile.h"

#include <cstdio>
#include <vector>

namespace px::privacy {

namespace {
const char* axisName(BudgetAxis a) { return a == BudgetAxis::Epsilon ? "epsilon" : "rho"; }
}  // namespace

nlohmann::json toJson(const MechanismParams& p) {
    nlohmann::json j = {{"mechanism", key(p.mechanism)},
            {"sensitivity", p.sensitivity == SensitivitySource::PublicDegreeBound ? "degree-bound" : "counting-lemma"},
            {"degree_bound", p.degreeBound},
            {"allocation", key(p.allocation)},
            {"weights", p.weights},
            {"axis", axisName(p.axis)},
            {"epsilon", p.epsilon},
            {"rho", p.rho},
            {"delta", p.delta},
            {"beta", p.beta},
            {"reference_mode", p.referenceMode},
            {"secure", p.secure},
            {"seed", p.seed}};
    if (p.mechanism == MechanismKind::DegreePreservingRR)
        j["dprr_split"] = p.dprrSplit == DprrSplit::Published ? "published" : "project";
    // Only the budget of the active axis: a ρ left over from an earlier ρ-axis run says nothing here.
    if (p.axis == BudgetAxis::Epsilon) j.erase("rho");
    else if (p.mechanism == MechanismKind::Gaussian || p.mechanism == MechanismKind::SmoothGaussian) j.erase("epsilon");
    return j;
}

MechanismParams mechanismParamsFromJson(const nlohmann::json& j, const std::string& path) {
    namespace F = json_fields;
    F::checkKeys(j, {"mechanism", "sensitivity", "degree_bound", "allocation", "weights", "axis", "epsilon", "rho", "delta",
                     "beta", "reference_mode", "secure", "seed", "dprr_split"}, path);
    MechanismParams p;
    p.mechanism = mechanismFromString(F::getString(j, "mechanism", "gaussian", path));
    const std::string sens = F::getString(j, "sensitivity", "degree-bound", path);
    if (sens != "degree-bound" && sens != "counting-lemma") F::fail(F::at(path, "sensitivity"), "degree-bound or counting-lemma", j["sensitivity"]);
    p.sensitivity = sens == "degree-bound" ? SensitivitySource::PublicDegreeBound : SensitivitySource::CountingLemma;
    p.degreeBound = int(F::getInteger(j, "degree_bound", p.degreeBound, path, 1, 2147483647LL));
    p.allocation = allocationFromString(F::getString(j, "allocation", "isotropic", path));
    if (j.contains("weights")) {
        const auto& w = j["weights"];
        if (!w.is_array()) F::fail(F::at(path, "weights"), "a list of positive numbers", w);
        for (std::size_t i = 0; i < w.size(); ++i) p.weights.push_back(F::number(w[i], F::at(path, "weights") + "[" + std::to_string(i) + "]", 1e-300, 1e300));
    }
    const std::string axis = F::getString(j, "axis", "epsilon", path);
    if (axis != "epsilon" && axis != "rho") F::fail(F::at(path, "axis"), "\"epsilon\" or \"rho\"", j["axis"]);
    p.axis = axis == "epsilon" ? BudgetAxis::Epsilon : BudgetAxis::Rho;
    p.epsilon = F::getNumber(j, "epsilon", p.epsilon, path, 1e-12, 1e12);
    p.rho = F::getNumber(j, "rho", p.rho, path, 1e-300, 1e300);
    p.delta = F::getNumber(j, "delta", p.delta, path, 1e-300, 0.999999);
    p.beta = F::getNumber(j, "beta", p.beta, path, 0, 1e6);
    p.referenceMode = F::getBool(j, "reference_mode", false, path);
    p.secure = F::getBool(j, "secure", false, path);
    const std::string split = F::getString(j, "dprr_split", "project", path);
    if (split != "project" && split != "published") F::fail(F::at(path, "dprr_split"), "\"project\" or \"published\"", j["dprr_split"]);
    p.dprrSplit = split == "published" ? DprrSplit::Published : DprrSplit::Project;
    p.seed = std::uint64_t(F::getInteger(j, "seed", (long long)p.seed, path, 0, 9007199254740991LL));
    return p;
}

void writeNpy(const std::string& path, const double* data, long rows, long cols) {
    std::string header = "{'descr': '<f8', 'fortran_order': False, 'shape': (" + std::to_string(rows) + ", " +
                         std::to_string(cols) + "), }";
    // Magic (6) + version (2) + header length (2) + header, padded with spaces to a multiple of 64,
    // ending in a newline.
    const std::size_t total = 10 + header.size() + 1;
    header.append((64 - total % 64) % 64, ' ');
    header.push_back('\n');
    writeFileAtomically(path, [&](std::ostream& out) {
        out.write("\x93NUMPY\x01\x00", 8);
        const unsigned short len = static_cast<unsigned short>(header.size());
        const char lenBytes[2] = {char(len & 0xff), char(len >> 8)};  // little endian
        out.write(lenBytes, 2);
        out.write(header.data(), std::streamsize(header.size()));
        out.write(reinterpret_cast<const char*>(data), std::streamsize(sizeof(double) * std::size_t(rows * cols)));
    });
}

void exportEmbedding(const std::string& prefix, const NoisyEmbedding& e, const nlohmann::json& metadata) {
    const long N = e.values.rows(), d = e.values.cols();
    writeFileAtomically(prefix + ".csv", [&](std::ostream& out) {
        if (!e.report.validGuarantee) out << "# REFERENCE-CODE REPRODUCTION MODE: NO VALID PRIVACY GUARANTEE\n";
        out << "graph,n";
        for (long j = 0; j < d; ++j) out << ",F" << j;
        out << "\n";
        char buf[32];
        for (long i = 0; i < N; ++i) {
            out << i << "," << long(e.n(i));
            for (long j = 0; j < d; ++j) {
                std::snprintf(buf, sizeof buf, ",%.17g", e.values(i, j));
                out << buf;
            }
            out << "\n";
        }
    });
    std::vector<double> m(std::size_t(N * (d + 1)));
    for (long i = 0; i < N; ++i) {
        m[std::size_t(i * (d + 1))] = e.n(i);
        for (long j = 0; j < d; ++j) m[std::size_t(i * (d + 1) + 1 + j)] = e.values(i, j);
    }
    writeNpy(prefix + ".npy", m.data(), N, d + 1);
    nlohmann::json side = metadata;
    side["format"] = "pxstudio-embedding";
    side["version"] = PX_VERSION;
    side["columns"] = "n, then the released densities F0..F" + std::to_string(d - 1);
    side["privacy_report"] = e.report.toJson();
    side["privacy_summary"] = e.report.summary();
    writeFileAtomically(prefix + ".json", [&](std::ostream& out) { out << side.dump(1) << "\n"; });
}

}  // namespace px::privacy
