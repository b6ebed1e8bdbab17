// Collects one graph's edges as they are read, dropping self loops and repeats with a warning (GraphAssembler.h).
#include "io/GraphAssembler.h"

#include "common/Error.h"
#include "common/MemoryBudget.h"

#include <algorithm>

namespace px::io {

void GraphAssembler::note(const char* what, int u, int v, long line) {
    if (listed_ < kMaxListed) {
        pending_.emplace_back(line, printablePath(file_) + (line > 0 ? ":" + std::to_string(line) : std::string()) + ": " + what + " " + std::to_string(u) +
                           "-" + std::to_string(v) + " dropped");
        ++listed_;
    } else {
        ++unlisted_;
    }
}

void GraphAssembler::addEdge(int u, int v, long line) {
    if (u == v) {
        note("self loop", u, v, line);
        return;
    }
    const auto key = (std::uint64_t(std::uint32_t(std::min(u, v))) << 32) | std::uint32_t(std::max(u, v));
    if (!seen_.insert(key).second) {
        note("duplicate edge", u, v, line);
        return;
    }
    edges_.push_back({u, v});
    if ((++held_ & ((1 << 20) - 1)) == 0)
        checkMemory(file_ + ":" + std::to_string(line), "the " + std::to_string(held_) + " distinct edges read so far",
                    double(held_) * kBytesPerEdge);
}

Graph GraphAssembler::build(int n, std::vector<std::string>& warnings) {
    Graph g = Graph::fromEdges(n, edges_);
    std::stable_sort(pending_.begin(), pending_.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (auto& [line, text] : pending_) warnings.push_back(std::move(text));
    pending_.clear();
    edges_.clear();
    edges_.shrink_to_fit();
    seen_.clear();
    return g;
}

void GraphAssembler::finish(std::vector<std::string>& warnings) {
    if (unlisted_ > 0) warnings.push_back(printablePath(file_) + ": " + std::to_string(unlisted_) + " more self loops or duplicate edges dropped");
    listed_ = unlisted_ = 0;
}

}  // namespace px::io
