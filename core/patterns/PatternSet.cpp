#include "patterns/PatternSet.h"

#include "common/AtomicFile.h"
#include "common/Error.h"
#include "common/JsonInput.h"
#include "graph/GraphAlgorithms.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

namespace px {

int PatternSet::distinctCount() const {
    return int(std::count(duplicateOf.begin(), duplicateOf.end(), -1));
}

int PatternSet::maxVertices() const {
    int m = 0;
    for (const auto& p : patterns) m = std::max(m, p.vertices());
    return m;
}

int PatternSet::maxTreewidthBound() const {
    int w = 0;
    for (const auto& p : patterns) w = std::max(w, p.treewidthBound());
    return w;
}

namespace {
int drawSize(const PatternSamplerParams& p, Rng& rng) {
    const double mean = std::max(1.0, p.size.mean);
    for (int attempt = 0; attempt < 100000; ++attempt) {
        int m = 1 + int(std::min<std::uint64_t>(rng.geometric(1.0 / mean), 1000000));
        if (!p.allowSingleVertex && m == 1) continue;
        if (p.size.maxSize > 0 && m > p.size.maxSize) continue;
        return m;
    }
    throw std::invalid_argument("size law admits no pattern size (check maxSize and single-vertex option)");
}

int findIsomorphic(const std::vector<Pattern>& earlier, const Graph& g) {
    for (std::size_t i = 0; i < earlier.size(); ++i)
        if (isIsomorphic(earlier[i].graph, g)) return int(i);
    return -1;
}
}  // namespace

PatternSet PatternSet::sample(const PatternSamplerParams& params, Progress& progress) {
    if (params.count < 1) throw std::invalid_argument("number of patterns must be at least 1");
    if (params.size.maxSize == 1 && !params.allowSingleVertex)
        throw std::invalid_argument("maximum pattern size 1 needs single-vertex patterns allowed");
    if (params.edgeRetention <= 0.0 || params.edgeRetention > 1.0)
        throw std::invalid_argument("edge retention q must be in (0, 1]");
    PatternSet set;
    set.params = params;
    bool exhausted = false;
    for (int i = 0; i < params.count; ++i) {
        if (progress.cancelled()) throw Cancelled();
        Pattern chosen;
        int dupOf = -1;
        bool have = false;
        for (int attempt = 0; attempt < params.maxAttempts * 50 && !have; ++attempt) {
            Rng rng(params.seed, "pattern", std::uint64_t(i), std::uint64_t(attempt));
            Pattern p = samplePattern(params.patternClass, drawSize(params, rng), params.edgeRetention, rng);
            if (params.connected && p.components() > 1) { ++set.redrawnDisconnected; continue; }
            int dup = findIsomorphic(set.patterns, p.graph);
            if (dup >= 0 && params.duplicates == DuplicatePolicy::Resample && !exhausted) {
                ++set.redrawnDuplicates;
                if (attempt + 1 >= params.maxAttempts) {
                    exhausted = true;
                    set.warnings.push_back("no new non-isomorphic pattern found in " +
                                           std::to_string(params.maxAttempts) + " draws at pattern " +
                                           std::to_string(i) + "; duplicates kept from here on");
                }
                continue;
            }
            chosen = std::move(p);
            dupOf = dup;
            have = true;
        }
        if (!have) throw std::runtime_error("could not draw a connected pattern (edge retention too low?)");
        set.patterns.push_back(std::move(chosen));
        set.duplicateOf.push_back(dupOf);
        progress.report(double(i + 1) / params.count);
    }
    return set;
}

namespace {
const char* policyName(DuplicatePolicy p) { return p == DuplicatePolicy::Keep ? "keep" : "resample"; }
}

std::string PatternSet::toJson() const {
    nlohmann::json j;
    j["format"] = "pxstudio-patterns";
    j["version"] = 1;
    auto& p = j["params"];
    p["class"] = params.patternClass.key();
    p["count"] = params.count;
    p["size_mean"] = params.size.mean;
    p["size_max"] = params.size.maxSize;
    p["edge_retention"] = params.edgeRetention;
    p["connected"] = params.connected;
    p["allow_single_vertex"] = params.allowSingleVertex;
    p["duplicates"] = policyName(params.duplicates);
    p["seed"] = params.seed;
    p["max_attempts"] = params.maxAttempts;
    j["redrawn_duplicates"] = redrawnDuplicates;
    j["redrawn_disconnected"] = redrawnDisconnected;
    j["warnings"] = warnings;
    auto& arr = j["patterns"] = nlohmann::json::array();
    for (std::size_t i = 0; i < patterns.size(); ++i) {
        nlohmann::json q;
        q["m"] = patterns[i].vertices();
        auto edges = nlohmann::json::array();
        for (auto [u, v] : patterns[i].graph.edges()) edges.push_back({u, v});
        q["edges"] = edges;
        q["elimination_order"] = patterns[i].decomposition.eliminated;
        q["duplicate_of"] = duplicateOf[i];
        arr.push_back(q);
    }
    return j.dump(1);
}

void PatternSet::save(const std::string& path) const {
    writeFileAtomically(path, [&](std::ostream& out) { out << toJson() << "\n"; });
}

PatternSet PatternSet::fromJson(const std::string& text, const std::string& src) {
    const nlohmann::json j = parseJsonInput(text, src);
    auto fail = [&](const std::string& what) -> void { throw InputError(src, 0, what); };
    try {
        if (j.value("format", "") != "pxstudio-patterns") fail("expected \"format\": \"pxstudio-patterns\"");
        if (j.value("version", 0) != 1) fail("unsupported version (expected 1)");
        PatternSet set;
        const auto& p = j.at("params");
        set.params.patternClass = PatternClass::parse(p.at("class").get<std::string>());
        set.params.count = p.at("count").get<int>();
        set.params.size.mean = p.at("size_mean").get<double>();
        set.params.size.maxSize = p.at("size_max").get<int>();
        set.params.edgeRetention = p.at("edge_retention").get<double>();
        set.params.connected = p.at("connected").get<bool>();
        set.params.allowSingleVertex = p.at("allow_single_vertex").get<bool>();
        set.params.duplicates = p.at("duplicates").get<std::string>() == "keep" ? DuplicatePolicy::Keep
                                                                                : DuplicatePolicy::Resample;
        set.params.seed = p.at("seed").get<std::uint64_t>();
        set.params.maxAttempts = p.value("max_attempts", 200);
        set.redrawnDuplicates = j.value("redrawn_duplicates", 0);
        set.redrawnDisconnected = j.value("redrawn_disconnected", 0);
        set.warnings = j.value("warnings", std::vector<std::string>{});
        int idx = 0;
        for (const auto& q : j.at("patterns")) {
            const std::string where = "pattern " + std::to_string(idx);
            int m = q.at("m").get<int>();
            if (m < 1 || m > 64) fail(where + ": expected 1 ≤ m ≤ 64");
            std::vector<Edge> edges;
            for (const auto& e : q.at("edges")) {
                int u = e.at(0).get<int>(), v = e.at(1).get<int>();
                if (u < 0 || v < 0 || u >= m || v >= m || u == v) fail(where + ": bad edge " + e.dump());
                edges.push_back({u, v});
            }
            std::vector<int> order = q.at("elimination_order").get<std::vector<int>>();
            std::vector<int> sorted = order;
            std::sort(sorted.begin(), sorted.end());
            for (int i = 0; i < int(sorted.size()); ++i)
                if (sorted[i] != i || int(sorted.size()) != m) fail(where + ": elimination_order must list 0..m-1 once");
            set.patterns.emplace_back(Graph::fromEdges(m, edges), order);
            int dup = q.value("duplicate_of", -1);
            if (dup < -1 || dup >= idx) fail(where + ": duplicate_of must name an earlier pattern or be -1");
            set.duplicateOf.push_back(dup);
            ++idx;
        }
        if (set.patterns.empty()) fail("no patterns");
        return set;
    } catch (const nlohmann::json::exception& e) {
        throw InputError(src, 0, std::string("missing or mistyped field: ") + e.what());
    } catch (const std::invalid_argument& e) {
        throw InputError(src, 0, e.what());
    }
}

PatternSet PatternSet::load(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError(path, 0, "cannot open file");
    std::stringstream ss;
    ss << in.rdbuf();
    return fromJson(ss.str(), path);
}

}  // namespace px
