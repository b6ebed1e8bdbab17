// Breiman's random forest, grown in parallel from seeded streams (RandomForest.h).
#include "learn/RandomForest.h"

#include "common/Error.h"

#include "common/Rng.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

namespace px::learn {

namespace {

struct Node {
    int feature = -1;        // −1: leaf
    double threshold = 0;    // rows with x[feature] <= threshold go left
    int left = -1, right = -1;
    std::vector<double> value;  // leaf: class frequencies (classification) or {mean}
};

// One tree over the rows with non-zero weight. Impurity: Gini or variance, weighted.
class TreeBuilder {
public:
    TreeBuilder(const RowMatrix& x, const std::vector<double>& y, const std::vector<double>& w, int classes,
                const ForestParams& p, int maxFeatures, Rng& rng)
        : x_(x), y_(y), w_(w), classes_(classes), p_(p), maxFeatures_(maxFeatures), rng_(rng) {}

    std::vector<Node> build(std::vector<int> rows) {
        nodes_.clear();
        grow(rows, 0);
        return std::move(nodes_);
    }

private:
    const RowMatrix& x_;
    const std::vector<double>& y_;
    const std::vector<double>& w_;
    int classes_;  // 0: regression
    const ForestParams& p_;
    int maxFeatures_;
    Rng& rng_;
    std::vector<Node> nodes_;

    // Sufficient statistics of a set of rows: class weights, or (weight, Σwy, Σwy²).
    struct Stats {
        std::vector<double> s;
        explicit Stats(int classes) : s(classes > 0 ? std::size_t(classes) : 3, 0.0) {}
    };
    void add(Stats& st, int row, double sign) const {
        const double w = sign * w_[std::size_t(row)];
        if (classes_ > 0) {
            st.s[std::size_t(std::lround(y_[std::size_t(row)]))] += w;
        } else {
            const double y = y_[std::size_t(row)];
            st.s[0] += w; st.s[1] += w * y; st.s[2] += w * y * y;
        }
    }
    double weight(const Stats& st) const {
        return classes_ > 0 ? std::accumulate(st.s.begin(), st.s.end(), 0.0) : st.s[0];
    }
    // Weighted impurity × weight (so children's values add up).
    double impurityMass(const Stats& st) const {
        const double n = weight(st);
        if (n <= 0) return 0;
        if (classes_ > 0) {
            double sq = 0;
            for (double c : st.s) sq += c * c;
            return n - sq / n;  // n · (1 − Σ p²)
        }
        return std::max(0.0, st.s[2] - st.s[1] * st.s[1] / n);  // n · variance
    }

    int leaf(const Stats& st) {
        Node node;
        const double n = weight(st);
        if (classes_ > 0) {
            node.value.resize(std::size_t(classes_));
            for (int c = 0; c < classes_; ++c) node.value[std::size_t(c)] = st.s[std::size_t(c)] / n;
        } else {
            node.value = {st.s[1] / n};
        }
        nodes_.push_back(std::move(node));
        return int(nodes_.size()) - 1;
    }

    int grow(std::vector<int>& rows, int depth) {
        Stats all(classes_);
        for (int r : rows) add(all, r, 1);
        const double parent = impurityMass(all);
        if (int(rows.size()) < p_.minSamplesSplit || parent <= 1e-12 * weight(all) ||
            (p_.maxDepth > 0 && depth >= p_.maxDepth))
            return leaf(all);
        const int d = int(x_.cols());
        std::vector<int> features(static_cast<std::size_t>(d));
        std::iota(features.begin(), features.end(), 0);
        // As scikit-learn's BestSplitter: features drawn without replacement until max_features
        // non-constant ones have been searched; the best threshold is taken even at zero gain.
        int bestFeature = -1, visited = 0;
        double bestGain = -1, bestThreshold = 0;
        std::vector<std::pair<double, int>> sorted(rows.size());
        for (int f = 0; f < d && visited < maxFeatures_; ++f) {
            std::swap(features[std::size_t(f)], features[std::size_t(f + int(rng_.below(std::uint64_t(d - f))))]);
            const int feat = features[std::size_t(f)];
            for (std::size_t i = 0; i < rows.size(); ++i) sorted[i] = {x_(rows[i], feat), rows[i]};
            std::sort(sorted.begin(), sorted.end());
            if (sorted.back().first <= sorted.front().first + p_.featureTolerance) continue;  // constant here: does not count
            ++visited;
            Stats left(classes_), right = all;
            for (std::size_t i = 0; i + 1 < sorted.size(); ++i) {
                add(left, sorted[i].second, 1);
                add(right, sorted[i].second, -1);
                if (sorted[i + 1].first <= sorted[i].first + p_.featureTolerance) continue;
                const double gain = parent - impurityMass(left) - impurityMass(right);
                if (gain > bestGain) {
                    bestGain = gain;
                    bestFeature = feat;
                    bestThreshold = sorted[i].first + (sorted[i + 1].first - sorted[i].first) / 2;
                    if (bestThreshold >= sorted[i + 1].first) bestThreshold = sorted[i].first;  // rounding
                }
            }
        }
        if (bestFeature < 0) return leaf(all);
        std::vector<int> l, r;
        for (int row : rows) (x_(row, bestFeature) <= bestThreshold ? l : r).push_back(row);
        const int self = int(nodes_.size());
        nodes_.push_back(Node{bestFeature, bestThreshold, -1, -1, {}});
        rows.clear();
        rows.shrink_to_fit();
        const int li = grow(l, depth + 1);
        const int ri = grow(r, depth + 1);
        nodes_[std::size_t(self)].left = li;
        nodes_[std::size_t(self)].right = ri;
        return self;
    }
};

const std::vector<double>& predictTree(const std::vector<Node>& tree, const RowMatrix& x, long row) {
    int i = 0;
    while (tree[std::size_t(i)].feature >= 0) {
        const Node& n = tree[std::size_t(i)];
        i = x(row, n.feature) <= n.threshold ? n.left : n.right;
    }
    return tree[std::size_t(i)].value;
}

}  // namespace

std::vector<double> randomForestPredict(const ForestParams& p, const RowMatrix& xTrain, const std::vector<double>& yTrain,
                                        const RowMatrix& xTest, TaskType type) {
    const long n = xTrain.rows();
    if (n < 1 || long(yTrain.size()) != n) throw std::invalid_argument("random forest: one label per training row expected");
    if (p.trees < 1 || p.minSamplesSplit < 2 || p.maxDepth < 0)
        throw std::invalid_argument("random forest: trees >= 1, min_samples_split >= 2, max_depth >= 0 expected");
    if (xTest.cols() != xTrain.cols()) throw std::invalid_argument("random forest: test and training rows differ in width");
    int classes = 0;
    if (type != TaskType::Regression) {
        for (double y : yTrain) {
            if (y < 0 || y != std::floor(y)) throw std::invalid_argument("random forest: class labels must be 0, 1, 2, ...");
            classes = std::max(classes, int(y) + 1);
        }
        classes = std::max(classes, 2);
    }
    const int d = int(xTrain.cols());
    const int maxFeatures = p.maxFeatures > 0 ? std::min(p.maxFeatures, d)
                            : type == TaskType::Regression ? d
                                                           : std::max(1, int(std::sqrt(double(d))));
    const int width = classes > 0 ? classes : 1;
    std::vector<std::vector<double>> sums(std::size_t(p.trees), std::vector<double>(std::size_t(xTest.rows() * width), 0.0));
    tbb::parallel_for(0, p.trees, [&](int t) {
        if (p.stop && p.stop->cancelled()) return;  // the rest of the trees are skipped; thrown below
        Rng rng(p.seed, "random forest tree", std::uint64_t(t));
        std::vector<double> w(std::size_t(n), p.bootstrap ? 0.0 : 1.0);
        if (p.bootstrap)
            for (long i = 0; i < n; ++i) w[std::size_t(rng.below(std::uint64_t(n)))] += 1.0;
        std::vector<int> rows;
        for (long i = 0; i < n; ++i)
            if (w[std::size_t(i)] > 0) rows.push_back(int(i));
        TreeBuilder builder(xTrain, yTrain, w, classes, p, maxFeatures, rng);
        const std::vector<Node> tree = builder.build(rows);
        for (long i = 0; i < xTest.rows(); ++i) {
            const auto& v = predictTree(tree, xTest, i);
            for (int c = 0; c < width; ++c) sums[std::size_t(t)][std::size_t(i * width + c)] = v[std::size_t(c)];
        }
    });
    if (p.stop && p.stop->cancelled()) throw Cancelled();
    std::vector<double> out(std::size_t(xTest.rows()));
    for (long i = 0; i < xTest.rows(); ++i) {
        std::vector<double> mean(std::size_t(width), 0.0);
        for (int t = 0; t < p.trees; ++t)
            for (int c = 0; c < width; ++c) mean[std::size_t(c)] += sums[std::size_t(t)][std::size_t(i * width + c)] / p.trees;
        if (type == TaskType::Regression) out[std::size_t(i)] = mean[0];
        else if (type == TaskType::Binary) out[std::size_t(i)] = mean[1];
        else out[std::size_t(i)] = double(std::max_element(mean.begin(), mean.end()) - mean.begin());
    }
    return out;
}

}  // namespace px::learn
