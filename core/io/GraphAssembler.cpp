#include "io/GraphAssembler.h"

namespace px::io {

Graph GraphAssembler::build(int n, const std::string& file, std::vector<std::string>& warnings) {
    EdgeCleanup cleanup;
    Graph g = Graph::fromEdges(n, edges_, &cleanup);
    auto note = [&](std::size_t pos, const char* what) {
        if (listed_ < kMaxListed) {
            auto [u, v] = edges_[pos];
            warnings.push_back(file + ":" + std::to_string(lines_[pos]) + ": " + what + " " +
                               std::to_string(u) + "-" + std::to_string(v) + " dropped");
            ++listed_;
        } else {
            ++unlisted_;
        }
    };
    for (auto p : cleanup.selfLoops) note(p, "self loop");
    for (auto p : cleanup.duplicates) note(p, "duplicate edge");
    edges_.clear();
    lines_.clear();
    return g;
}

void GraphAssembler::finish(const std::string& file, std::vector<std::string>& warnings) {
    if (unlisted_ > 0)
        warnings.push_back(file + ": " + std::to_string(unlisted_) +
                           " more self loops or duplicate edges dropped");
    listed_ = unlisted_ = 0;
}

}  // namespace px::io
