// A data set of graphs with labels, splits and folds (Dataset.h): sizes, maximum degree and its content hash.
#include "dataset/Dataset.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <stdexcept>

namespace px {

const char* toString(TaskType t) {
    switch (t) {
        case TaskType::Binary: return "binary";
        case TaskType::MultiClass: return "multiclass";
        case TaskType::Regression: return "regression";
    }
    return "?";
}

long Dataset::totalVertices() const {
    long s = 0;
    for (const auto& g : graphs) s += g.numVertices();
    return s;
}

long Dataset::totalEdges() const {
    long s = 0;
    for (const auto& g : graphs) s += g.numEdges();
    return s;
}

int Dataset::maxDegree() const {
    int d = 0;
    for (const auto& g : graphs) d = std::max(d, g.maxDegree());
    return d;
}

namespace {
struct Fnv {
    std::uint64_t h = 0xCBF29CE484222325ULL;
    void bytes(const void* p, std::size_t n) {
        auto c = static_cast<const unsigned char*>(p);
        for (std::size_t i = 0; i < n; ++i) { h ^= c[i]; h *= 0x100000001B3ULL; }
    }
    template <class T> void value(T v) { bytes(&v, sizeof v); }
    template <class T> void vec(const std::vector<T>& v) { value(v.size()); bytes(v.data(), v.size() * sizeof(T)); }
};
}  // namespace

std::string Dataset::contentHash() const {
    Fnv f;
    f.value(graphs.size());
    for (const auto& g : graphs) { f.vec(g.offsets()); f.vec(g.adjacency()); }
    f.value(static_cast<long>(labels.rows()));
    f.value(static_cast<long>(labels.cols()));
    for (Eigen::Index i = 0; i < labels.size(); ++i) {
        double x = labels.data()[i];
        if (std::isnan(x)) x = std::nan("");  // one canonical NaN
        f.value(x);
    }
    if (split) { f.vec(split->train); f.vec(split->valid); f.vec(split->test); }
    for (const auto& fold : folds) { f.vec(fold.train); f.vec(fold.test); }  // nothing when there are none
    for (const auto& l : nodeLabels) f.vec(l);                                 // nothing when there are none
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(f.h));
    return buf;
}

void Dataset::checkConsistent() const {
    if (labels.rows() != 0 && labels.rows() != size())
        throw std::logic_error(name + ": label rows differ from graph count");
    if (labels.cols() != static_cast<Eigen::Index>(tasks.size()))
        throw std::logic_error(name + ": label columns differ from task count");
    if (split)
        for (const auto* part : {&split->train, &split->valid, &split->test})
            for (int i : *part)
                if (i < 0 || i >= size()) throw std::logic_error(name + ": split index out of range");
    if (!nodeLabels.empty()) {
        if (nodeLabels.size() != graphs.size()) throw std::logic_error(name + ": node labels for a different number of graphs");
        for (std::size_t g = 0; g < graphs.size(); ++g) {
            if (long(nodeLabels[g].size()) != graphs[g].numVertices()) throw std::logic_error(name + ": node labels differ from vertex count");
            for (int l : nodeLabels[g])
                if (l < 0 || l >= nodeLabelValues) throw std::logic_error(name + ": node label out of range");
        }
    }
    for (const auto& fold : folds)
        for (const auto* part : {&fold.train, &fold.test})
            for (int i : *part)
                if (i < 0 || i >= size()) throw std::logic_error(name + ": fold index out of range");
}

}  // namespace px
