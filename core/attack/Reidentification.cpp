// The re-identification attack and its ceiling at ε = ∞ (Reidentification.h): nearest clean embedding among graphs
// of equal n.
#include "attack/Reidentification.h"

#include "common/Rng.h"

#include <Eigen/Dense>
#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <numeric>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

namespace px::attack {

namespace {
double topK(long strictlyCloser, long tied, int k) {
    return std::clamp(double(k - strictlyCloser) / double(tied + 1), 0.0, 1.0);
}

// Graphs with equal clean embeddings and n are exact ties: one class each.
std::vector<int> duplicateClasses(const RowMatrix& clean, const Eigen::VectorXd& n) {
    const int N = int(clean.rows()), d = int(clean.cols());
    std::vector<int> dupClass(static_cast<std::size_t>(N));
    std::map<std::vector<double>, int> seen;
    for (int i = 0; i < N; ++i) {
        std::vector<double> key(clean.row(i).data(), clean.row(i).data() + d);
        key.push_back(n(i));
        dupClass[std::size_t(i)] = seen.emplace(std::move(key), int(seen.size())).first->second;
    }
    return dupClass;
}

// Every graph, or a seeded random subset of params.subset graphs.
std::vector<char> attackTargets(int N, const ReidParams& params) {
    std::vector<char> isTarget(std::size_t(N), 1);
    if (params.subset > 0 && params.subset < N) {
        std::fill(isTarget.begin(), isTarget.end(), 0);
        std::vector<int> order(static_cast<std::size_t>(N));
        std::iota(order.begin(), order.end(), 0);
        Rng rng(params.seed, "reid-subset");
        for (int i = 0; i < params.subset; ++i) std::swap(order[i], order[i + rng.below(std::uint64_t(N - i))]);
        for (int i = 0; i < params.subset; ++i) isTarget[order[i]] = 1;
    }
    return isTarget;
}

// Per group of equal n: candidate matrices, tie classes, and whether the whitened metric differs from the
// plain one (it does not when every candidate has the same noise scales: then it is a positive multiple of
// the plain distance plus a constant, and ranks identically).
struct Group {
    const std::vector<int>* members;
    std::vector<int> targets, dupOf;
    RowMatrix T, W, TW;
    Eigen::VectorXd tNorm, wConst;
    bool ownWhitening = false;
};

Group candidateGroup(const std::vector<int>& members, const std::vector<char>& isTarget, const std::vector<int>& dupClass,
                     const RowMatrix& clean, const std::function<double(int, int)>* noiseScale) {
    const int g = int(members.size()), d = int(clean.cols());
    Group gr;
    gr.members = &members;
    for (int pos = 0; pos < g; ++pos)
        if (isTarget[members[pos]]) gr.targets.push_back(pos);
    if (gr.targets.empty()) return gr;
    gr.T.resize(g, d);
    for (int c = 0; c < g; ++c) gr.T.row(c) = clean.row(members[c]);
    gr.tNorm = gr.T.rowwise().squaredNorm();
    gr.dupOf.resize(g);
    for (int c = 0; c < g; ++c) gr.dupOf[c] = dupClass[members[c]];
    if (!noiseScale) return gr;
    gr.W.resize(g, d);
    gr.wConst.resize(g);
    for (int c = 0; c < g; ++c) {
        double ld = 0;
        for (int j = 0; j < d; ++j) {
            const double sc = (*noiseScale)(members[c], j);
            gr.W(c, j) = sc > 0 ? 1.0 / (sc * sc) : 0.0;
            ld += sc > 0 ? 2 * std::log(sc) : 0.0;
        }
        gr.wConst(c) = ld + (gr.T.row(c).array().square() * gr.W.row(c).array()).sum();
    }
    for (int c = 1; c < g && !gr.ownWhitening; ++c) gr.ownWhitening = gr.W.row(c) != gr.W.row(0);
    if (gr.ownWhitening) gr.TW = (gr.T.array() * gr.W.array()).matrix();
    return gr;
}

// The means over the targets of the per-graph scores (plain top-1/10, whitened top-1/10, chance within n).
ReidResult meanOverTargets(const std::vector<char>& isTarget, bool whiten, std::array<const std::vector<double>*, 6> scores) {
    const auto& [p1, p10, w1, w10, c1, c10] = scores;
    const int N = int(isTarget.size());
    int T = 0;
    double s1 = 0, s10 = 0, sw1 = 0, sw10 = 0, sc1 = 0, sc10 = 0;
    for (std::size_t i = 0; i < isTarget.size(); ++i) {
        if (!isTarget[i]) continue;
        ++T;
        s1 += (*p1)[i]; s10 += (*p10)[i]; sc1 += (*c1)[i]; sc10 += (*c10)[i];
        if (whiten) { sw1 += (*w1)[i]; sw10 += (*w10)[i]; }
    }
    ReidResult res;
    res.attacked = T;
    res.graphs = N;
    const double inv = T ? 1.0 / T : 0.0;
    res.top1Plain = s1 * inv;
    res.top10Plain = s10 * inv;
    res.top1Whitened = sw1 * inv;
    res.top10Whitened = sw10 * inv;
    res.top1 = std::max(res.top1Plain, res.top1Whitened);
    res.top10 = std::max(res.top10Plain, res.top10Whitened);
    res.chance1 = 1.0 / N;
    res.chance10 = std::min(1.0, 10.0 / N);
    res.chanceSameN1 = sc1 * inv;
    res.chanceSameN10 = sc10 * inv;
    if (T < N) res.top1HalfWidth = 1.96 * std::sqrt(std::max(res.top1 * (1 - res.top1), 1.0 / T) / T);
    return res;
}
}  // namespace

ReidResult reidentify(const RowMatrix& clean, const Eigen::VectorXd& n, const RowMatrix& released,
                      const std::function<double(int, int)>& noiseScale, const ReidParams& params) {
    const int N = int(clean.rows()), d = int(clean.cols());
    // Candidates: graphs with the same (public) n. Identical clean embeddings are exact ties.
    std::map<long, std::vector<int>> groups;
    for (int i = 0; i < N; ++i) groups[std::lround(n(i))].push_back(i);
    const std::vector<int> dupClass = duplicateClasses(clean, n);
    const std::vector<char> isTarget = attackTargets(N, params);
    const bool whiten = params.whitened && bool(noiseScale);
    std::vector<double> p1(N, -1), p10(N, -1), w1(N, -1), w10(N, -1), c1(N, 0), c10(N, 0);

    std::vector<Group> groupData;
    for (auto& [key, members] : groups) {
        Group gr = candidateGroup(members, isTarget, dupClass, clean, whiten ? &noiseScale : nullptr);
        if (!gr.targets.empty()) groupData.push_back(std::move(gr));
    }
    // Work items: blocks of targets of each group, so that one large group uses every core.
    const int block = 128;
    std::vector<std::pair<int, int>> items;  // (group, first target)
    for (int gi = 0; gi < int(groupData.size()); ++gi)
        for (int b0 = 0; b0 < int(groupData[gi].targets.size()); b0 += block) items.push_back({gi, b0});
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, items.size(), 1), [&](const tbb::blocked_range<std::size_t>& range) {
        for (std::size_t it = range.begin(); it < range.end(); ++it) {
            const Group& gr = groupData[items[it].first];
            const std::vector<int>& members = *gr.members;
            const int g = int(members.size());
            const int b0 = items[it].second;
            const int rows = std::min(block, int(gr.targets.size()) - b0);
            auto score = [&](const double* dist, int self, double& top1, double& top10) {
                const double own = dist[self];
                const int mine = gr.dupOf[self];
                // Ties, broken by a fair coin: exact duplicates of the target, and other graphs at exactly the
                // target's distance (the attacker cannot tell them apart either).
                long closer = 0, tied = 0;
                for (int c = 0; c < g; ++c) {
                    if (c == self) continue;
                    if (gr.dupOf[c] == mine || dist[c] == own) ++tied;
                    else closer += dist[c] < own;
                }
                top1 = topK(closer, tied, 1);
                top10 = topK(closer, tied, 10);
            };
            RowMatrix X(rows, d);
            for (int r = 0; r < rows; ++r) X.row(r) = released.row(members[gr.targets[b0 + r]]);
            // Plain: ‖x‖² + ‖t‖² − 2 x·t (‖x‖² is the same for every candidate: dropped).
            RowMatrix plain = -2.0 * (X * gr.T.transpose());
            plain.rowwise() += gr.tNorm.transpose();
            RowMatrix white;
            if (whiten && gr.ownWhitening) {
                // Σ_j x_j² w_cj − 2 Σ_j x_j t_cj w_cj + (Σ_j t_cj² w_cj + log det)
                white = X.array().square().matrix() * gr.W.transpose() - 2.0 * (X * gr.TW.transpose());
                white.rowwise() += gr.wConst.transpose();
            }
            for (int r = 0; r < rows; ++r) {
                const int self = gr.targets[b0 + r], i = members[self];
                score(plain.row(r).data(), self, p1[i], p10[i]);
                if (whiten && gr.ownWhitening) score(white.row(r).data(), self, w1[i], w10[i]);
                else if (whiten) { w1[i] = p1[i]; w10[i] = p10[i]; }
                c1[i] = 1.0 / g;
                c10[i] = std::min(1.0, 10.0 / g);
            }
        }
    });
    return meanOverTargets(isTarget, whiten, {&p1, &p10, &w1, &w10, &c1, &c10});
}

ReidResult reidentificationCeiling(const RowMatrix& clean, const Eigen::VectorXd& n) {
    ReidParams p;
    p.whitened = false;
    return reidentify(clean, n, clean, nullptr, p);
}

}  // namespace px::attack
