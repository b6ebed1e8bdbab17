#include "privacy/EmbeddingExport.h"

#include "common/AtomicFile.h"

#include <cstdio>
#include <vector>

namespace px::privacy {

namespace {
const char* axisName(BudgetAxis a) { return a == BudgetAxis::Epsilon ? "epsilon" : "rho"; }
}  // namespace

nlohmann::json toJson(const MechanismParams& p) {
    return {{"mechanism", key(p.mechanism)},
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
}

MechanismParams mechanismParamsFromJson(const nlohmann::json& j) {
    MechanismParams p;
    try {
        p.mechanism = mechanismFromString(j.value("mechanism", "gaussian"));
        const std::string sens = j.value("sensitivity", "degree-bound");
        if (sens != "degree-bound" && sens != "counting-lemma")
            throw std::invalid_argument("sensitivity must be degree-bound or counting-lemma, not '" + sens + "'");
        p.sensitivity = sens == "degree-bound" ? SensitivitySource::PublicDegreeBound : SensitivitySource::CountingLemma;
        p.degreeBound = j.value("degree_bound", p.degreeBound);
        p.allocation = allocationFromString(j.value("allocation", "isotropic"));
        p.weights = j.value("weights", std::vector<double>{});
        const std::string axis = j.value("axis", "epsilon");
        if (axis != "epsilon" && axis != "rho") throw std::invalid_argument("axis must be epsilon or rho, not '" + axis + "'");
        p.axis = axis == "epsilon" ? BudgetAxis::Epsilon : BudgetAxis::Rho;
        p.epsilon = j.value("epsilon", p.epsilon);
        p.rho = j.value("rho", p.rho);
        p.delta = j.value("delta", p.delta);
        p.beta = j.value("beta", p.beta);
        p.referenceMode = j.value("reference_mode", false);
        p.secure = j.value("secure", false);
        p.seed = j.value("seed", p.seed);
    } catch (const nlohmann::json::exception& e) {
        throw std::invalid_argument(std::string("mechanism parameters: mistyped field: ") + e.what());
    }
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
