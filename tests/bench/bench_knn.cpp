// Exact kNN at MOLHIV's shape (32,901 training rows, 4,113 queries, 51 features, k = 1000): this
// project's Eigen GEMM implementation against FAISS IndexFlatL2, median wall time of 5 runs each.
// Built only when FAISS is installed (libfaiss-dev); run: ./build/tests/bench_knn
#include "common/Rng.h"
#include "learn/Knn.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <faiss/IndexFlat.h>
#include <vector>

int main() {
    const int nt = 32901, nq = 4113, d = 51, k = 1000, reps = 5;
    px::Rng rng(1, "bench-knn");
    px::learn::RowMatrix train(nt, d), queries(nq, d);
    for (Eigen::Index i = 0; i < train.size(); ++i) train.data()[i] = rng.normal();
    for (Eigen::Index i = 0; i < queries.size(); ++i) queries.data()[i] = rng.normal();
    auto time = [&](auto f) {
        std::vector<double> t;
        for (int r = 0; r < reps; ++r) {
            auto s = std::chrono::steady_clock::now();
            f();
            t.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - s).count());
        }
        std::sort(t.begin(), t.end());
        return t[reps / 2];
    };
    std::vector<std::vector<int>> eigenResult;
    const double eigen = time([&] { eigenResult = px::learn::knnIndices(train, queries, k); });
    std::vector<float> tf(train.data(), train.data() + train.size()), qf(queries.data(), queries.data() + queries.size());
    std::vector<faiss::Index::idx_t> labels(std::size_t(nq) * k);
    std::vector<float> dist(std::size_t(nq) * k);
    const double faissTime = time([&] {
        faiss::IndexFlatL2 index(d);
        index.add(nt, tf.data());
        index.search(nq, qf.data(), k, dist.data(), labels.data());
    });
    // Agreement: fraction of neighbour sets that coincide (FAISS works in float32).
    long same = 0;
    for (int q = 0; q < nq; ++q) {
        std::vector<int> a = eigenResult[q];
        std::vector<int> b(labels.begin() + long(q) * k, labels.begin() + long(q + 1) * k);
        std::sort(a.begin(), a.end());
        std::sort(b.begin(), b.end());
        same += a == b;
    }
    std::printf("kNN %d x %d, %d queries, k = %d, median of %d runs\n", nt, d, nq, k, reps);
    std::printf("Eigen GEMM (float64, this project)  %.3f s\n", eigen);
    std::printf("FAISS IndexFlatL2 (float32)         %.3f s\n", faissTime);
    std::printf("identical neighbour sets            %.1f %% of queries\n", 100.0 * double(same) / nq);
    return 0;
}
