#pragma once
// Neighbour lists kept between kNN calls on the same rows. A change of k in the explorer re-evaluates every run
// on the same standardised releases; with the lists of an earlier evaluation kept for a larger k, the k nearest
// are a prefix of them (the order is by (distance, training index), a total order), so the new predictions are
// the ones a fresh search gives, bit for bit, without the distance products. Off unless a memory limit is set
// (the app sets one; pxrun and Python leave it off). Thread-safe; least recently used lists go first.
#include <Eigen/Core>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace px::learn {

// Nearest training rows of every query, `k` per query, row-major (query q's list at q·k).
struct NeighbourLists {
    int k = 0;
    std::vector<int> nearest;
    std::size_t bytes() const { return nearest.size() * sizeof(int); }
};

// What identifies a search: the shapes and two independent 64-bit hashes of the rows' bytes.
struct NeighbourKey {
    Eigen::Index trainRows = 0, queryRows = 0, cols = 0;
    std::uint64_t trainHash[2] = {0, 0}, queryHash[2] = {0, 0};
    bool operator==(const NeighbourKey& o) const;
};

// Sets the memory kept (bytes; 0 turns the memo off and forgets every list).
void setNeighbourMemoLimit(std::size_t bytes);
std::size_t neighbourMemoLimit();

struct NeighbourMemoStats {
    std::size_t hits = 0, misses = 0, bytes = 0, entries = 0;
};
NeighbourMemoStats neighbourMemoStats();

// The key of a search of `queries` among `train` (hashes every value; ~0.1 ms for 4,500 × 20 rows).
NeighbourKey neighbourKey(const double* train, Eigen::Index trainRows, const double* queries, Eigen::Index queryRows,
                          Eigen::Index cols);

// Kept lists with at least k per query, or null (then `shorterKept` says whether fewer are kept for the key).
std::shared_ptr<const NeighbourLists> findNeighbourLists(const NeighbourKey& key, int k, bool* shorterKept = nullptr);
void keepNeighbourLists(const NeighbourKey& key, std::shared_ptr<const NeighbourLists> lists);

// How many neighbours a search for k keeps. A search for twice the neighbours costs ~40 % more (each extra neighbour
// ~0.4 µs per query on 4,500 rows), so a first search keeps what it was asked for; one made while k is being
// explored (`exploringK`: the caller says so, e.g. the app's recompute that changed k alone), or that finds fewer
// kept for its rows, keeps 2k (at least 32).
int neighboursToKeep(int k, Eigen::Index trainRows, bool shorterKept, bool exploringK);

}  // namespace px::learn
