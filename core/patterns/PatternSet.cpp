// A sampled pattern vector with what reproduces it: sampling, duplicates, JSON (PatternSet.h).
#include "patterns/PatternSet.h"
#include "patterns/TreeDecomposition.h"
#include "patterns/TreeEnumeration.h"

#include "common/AtomicFile.h"
#include "common/Error.h"
#include "common/JsonFields.h"
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

namespace {
// all-trees:k: every tree on 2..k vertices (1..k with single vertices allowed) once, smallest first; d, the
// size law, edge retention and the seed do not apply (d is recorded as the number of trees).
PatternSet enumerateAllTrees(const PatternSamplerParams& params, Progress& progress) {
    PatternSet set;
    set.params = params;
    const int k = params.patternClass.param;
    for (int m = params.allowSingleVertex ? 1 : 2; m <= k; ++m) {
        if (progress.cancelled()) throw Cancelled();
        for (Graph& t : allFreeTrees(m)) {
            std::vector<int> order = minDegreeOrder(t);
            set.patterns.emplace_back(std::move(t), order);
            set.duplicateOf.push_back(-1);
        }
        progress.report(double(m) / k);
    }
    set.params.count = set.size();
    return set;
}
}  // namespace

PatternSet PatternSet::sample(const PatternSamplerParams& params, Progress& progress) {
    if (params.patternClass.enumerated()) return enumerateAllTrees(params, progress);
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
    namespace F = json_fields;
    const nlohmann::json j = parseJsonInput(text, src);
    try {
        F::checkKeys(j, {"format", "version", "params", "redrawn_duplicates", "redrawn_disconnected", "warnings", "patterns"}, "");
        if (F::getString(j, "format", "", "") != "pxstudio-patterns") F::fail("format", "\"pxstudio-patterns\"", j.value("format", nlohmann::json()));
        if (F::getInteger(j, "version", 0, "", 0, 1000) != 1) F::fail("version", "1 (the only version)", j["version"]);
        if (!j.contains("params")) throw std::invalid_argument("missing field \"/params\"");
        if (!j.contains("patterns")) throw std::invalid_argument("missing field \"/patterns\"");
        PatternSet set;
        const auto& p = j.at("params");
        F::checkKeys(p, {"class", "count", "size_mean", "size_max", "edge_retention", "connected", "allow_single_vertex",
                         "duplicates", "seed", "max_attempts"}, "params");
        set.params.patternClass = PatternClass::parse(F::getString(p, "class", "trees", "params"));
        set.params.count = int(F::getInteger(p, "count", set.params.count, "params", 1, 100000));
        set.params.size.mean = F::getNumber(p, "size_mean", set.params.size.mean, "params", 1, 64);
        set.params.size.maxSize = int(F::getInteger(p, "size_max", set.params.size.maxSize, "params", 0, 64));
        set.params.edgeRetention = F::getNumber(p, "edge_retention", set.params.edgeRetention, "params", 0, 1);
        set.params.connected = F::getBool(p, "connected", set.params.connected, "params");
        set.params.allowSingleVertex = F::getBool(p, "allow_single_vertex", set.params.allowSingleVertex, "params");
        set.params.duplicates = F::getString(p, "duplicates", "resample", "params") == "keep" ? DuplicatePolicy::Keep : DuplicatePolicy::Resample;
        set.params.seed = std::uint64_t(F::getInteger(p, "seed", 1, "params", 0, 9007199254740991LL));
        set.params.maxAttempts = int(F::getInteger(p, "max_attempts", 200, "params", 1, 1000000));
        set.redrawnDuplicates = int(F::getInteger(j, "redrawn_duplicates", 0, "", 0, 1LL << 40));
        set.redrawnDisconnected = int(F::getInteger(j, "redrawn_disconnected", 0, "", 0, 1LL << 40));
        if (j.contains("warnings")) {
            if (!j["warnings"].is_array()) F::fail("warnings", "a list of strings", j["warnings"]);
            for (const auto& w : j["warnings"]) set.warnings.push_back(w.is_string() ? w.get<std::string>() : w.dump());
        }
        const auto& list = j.at("patterns");
        if (!list.is_array() || list.empty()) F::fail("patterns", "a non-empty list of patterns", list);
        for (std::size_t idx = 0; idx < list.size(); ++idx) {
            const auto& q = list[idx];
            const std::string where = "patterns[" + std::to_string(idx) + "]";
            F::checkKeys(q, {"m", "edges", "elimination_order", "duplicate_of"}, where);
            if (!q.contains("m") || !q.contains("edges") || !q.contains("elimination_order"))
                throw std::invalid_argument("field \"" + jsonPointer(where) + "\": needs \"m\", \"edges\" and \"elimination_order\"");
            const int m = int(F::integer(q["m"], where + ".m", 1, 64));
            std::vector<Edge> edges;
            const auto& es = q["edges"];
            if (!es.is_array()) F::fail(where + ".edges", "a list of [u, v] pairs", es);
            for (std::size_t k = 0; k < es.size(); ++k) {
                const std::string at = where + ".edges[" + std::to_string(k) + "]";
                if (!es[k].is_array() || es[k].size() != 2) F::fail(at, "a pair [u, v]", es[k]);
                const int u = int(F::integer(es[k][0], at + "[0]", 0, m - 1)), v = int(F::integer(es[k][1], at + "[1]", 0, m - 1));
                if (u == v) F::fail(at, "two different vertices (no self loops)", es[k]);
                edges.push_back({u, v});
            }
            const auto& ord = q["elimination_order"];
            if (!ord.is_array() || int(ord.size()) != m) F::fail(where + ".elimination_order", "a list of the m vertices 0..m-1", ord);
            std::vector<int> order, seen(m, 0);
            for (std::size_t k = 0; k < ord.size(); ++k) {
                const int v = int(F::integer(ord[k], where + ".elimination_order[" + std::to_string(k) + "]", 0, m - 1));
                if (seen[v]++) F::fail(where + ".elimination_order", "each vertex 0..m-1 once", ord);
                order.push_back(v);
            }
            set.patterns.emplace_back(Graph::fromEdges(m, edges), order);
            const int width = set.patterns.back().treewidthBound(), bound = set.params.patternClass.treewidthBound();
            if (width > bound)  // the DP's tables grow as n^(width + 1): a bad order makes a small pattern intractable
                throw std::invalid_argument("field \"" + jsonPointer(where + ".elimination_order") + "\": its width is " + std::to_string(width) + ", above " +
                                            std::to_string(bound) + ", the treewidth bound of the file's class " +
                                            set.params.patternClass.key() + " (counting would need n^" + std::to_string(width + 1) +
                                            " entries per graph); give an order of width at most " + std::to_string(bound));
            const int dup = int(F::getInteger(q, "duplicate_of", -1, where, -1, (long long)idx - 1));
            set.duplicateOf.push_back(dup);
        }
        return set;
    } catch (const std::invalid_argument& e) {
        throw InputError(src, 0, e.what());
    }
}

PatternSet PatternSet::load(const std::string& path) {
    return fromJson(readRegularFile(path), path);
}

}  // namespace px
