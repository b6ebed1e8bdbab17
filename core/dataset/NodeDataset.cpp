// One graph with node features and labels (NodeDataset.h): checks and the seeded train/validation/test splits.
#include "dataset/NodeDataset.h"

#include "common/Rng.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace px {

void NodeDataset::splitRandomly(double trainFraction, double validFraction, std::uint64_t seed) {
    if (trainFraction <= 0 || validFraction < 0 || trainFraction + validFraction >= 1)
        throw std::invalid_argument("split fractions must be positive and sum to less than 1");
    train.clear(); valid.clear(); test.clear();
    std::vector<std::vector<int>> byClass(classNames.size());
    for (int v = 0; v < numNodes(); ++v) byClass.at(labels[v]).push_back(v);
    for (std::size_t c = 0; c < byClass.size(); ++c) {
        auto& nodes = byClass[c];
        Rng rng(seed, "node split", c);
        for (std::size_t i = nodes.size(); i > 1; --i) std::swap(nodes[i - 1], nodes[rng.below(i)]);
        const std::size_t nt = std::max<std::size_t>(1, std::size_t(std::lround(trainFraction * nodes.size())));
        const std::size_t nv = std::size_t(std::lround(validFraction * nodes.size()));
        for (std::size_t i = 0; i < nodes.size(); ++i)
            (i < nt ? train : i < nt + nv ? valid : test).push_back(nodes[i]);
    }
    for (auto* s : {&train, &valid, &test}) std::sort(s->begin(), s->end());
}

void NodeDataset::splitPlanetoidStyle(int perClass, int validCount, int testCount, std::uint64_t seed) {
    if (perClass < 1 || validCount < 0 || testCount < 1) throw std::invalid_argument("Planetoid split: per class ≥ 1, valid ≥ 0, test ≥ 1");
    train.clear(); valid.clear(); test.clear();
    std::vector<std::vector<int>> byClass(classNames.size());
    for (int v = 0; v < numNodes(); ++v) byClass.at(labels[v]).push_back(v);
    std::vector<int> rest;
    for (std::size_t c = 0; c < byClass.size(); ++c) {
        auto& nodes = byClass[c];
        Rng rng(seed, "planetoid split", c);
        for (std::size_t i = nodes.size(); i > 1; --i) std::swap(nodes[i - 1], nodes[rng.below(i)]);
        for (std::size_t i = 0; i < nodes.size(); ++i) (int(i) < perClass ? train : rest).push_back(nodes[i]);
    }
    std::sort(rest.begin(), rest.end());
    Rng rng(seed, "planetoid split rest");
    for (std::size_t i = rest.size(); i > 1; --i) std::swap(rest[i - 1], rest[rng.below(i)]);
    std::size_t nv = std::size_t(validCount), nt = std::size_t(testCount);
    if (nv + nt > rest.size()) {
        nv = rest.size() / 3;
        nt = rest.size() - nv;
    }
    valid.assign(rest.begin(), rest.begin() + long(nv));
    test.assign(rest.begin() + long(nv), rest.begin() + long(nv + nt));
    for (auto* s : {&train, &valid, &test}) std::sort(s->begin(), s->end());
}

double NodeDataset::majorityClassAccuracy() const {
    if (test.empty()) return std::nan("");
    std::vector<int> count(classNames.size(), 0);
    for (int v : test) ++count.at(labels[v]);
    return double(*std::max_element(count.begin(), count.end())) / double(test.size());
}

}  // namespace px
