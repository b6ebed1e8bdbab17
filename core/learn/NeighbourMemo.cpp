// Neighbour lists kept between kNN calls on the same rows, within a memory limit (NeighbourMemo.h).
#include "learn/NeighbourMemo.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <list>
#include <mutex>

namespace px::learn {

bool NeighbourKey::operator==(const NeighbourKey& o) const {
    return trainRows == o.trainRows && queryRows == o.queryRows && cols == o.cols && trainHash[0] == o.trainHash[0] &&
           trainHash[1] == o.trainHash[1] && queryHash[0] == o.queryHash[0] && queryHash[1] == o.queryHash[1];
}

namespace {

struct Entry {
    NeighbourKey key;
    std::shared_ptr<const NeighbourLists> lists;
};

struct Memo {
    std::mutex mutex;
    std::list<Entry> entries;  // most recently used first
    std::size_t limit = 0, bytes = 0, hits = 0, misses = 0;

    void evictTo(std::size_t cap) {
        while (bytes > cap && !entries.empty()) {
            bytes -= entries.back().lists->bytes();
            entries.pop_back();
        }
    }
};

Memo& memo() {
    static Memo m;
    return m;
}

// Two multiply-xorshift chains over the values' 64-bit patterns, with different odd multipliers and seeds: a
// 128-bit identity, beside the shapes. Rows that differ anywhere (one ulp included) give other hashes unless by a
// coincidence of both chains; the memo is in memory only, so nothing from outside the process is ever matched.
void hashValues(const double* values, std::size_t count, std::uint64_t out[2]) {
    std::uint64_t a = 0x9e3779b97f4a7c15ull ^ count, b = 0xc2b2ae3d27d4eb4full + count;
    for (std::size_t i = 0; i < count; ++i) {
        std::uint64_t w;
        std::memcpy(&w, values + i, sizeof w);
        a = (a ^ w) * 0xff51afd7ed558ccdull;
        a ^= a >> 32;
        b = (b ^ (w + i)) * 0x94d049bb133111ebull;
        b ^= b >> 29;
    }
    out[0] = a;
    out[1] = b;
}

}  // namespace

void setNeighbourMemoLimit(std::size_t bytes) {
    Memo& m = memo();
    std::lock_guard lock(m.mutex);
    m.limit = bytes;
    m.evictTo(bytes);
}

std::size_t neighbourMemoLimit() {
    Memo& m = memo();
    std::lock_guard lock(m.mutex);
    return m.limit;
}

NeighbourMemoStats neighbourMemoStats() {
    Memo& m = memo();
    std::lock_guard lock(m.mutex);
    return {m.hits, m.misses, m.bytes, m.entries.size()};
}

NeighbourKey neighbourKey(const double* train, Eigen::Index trainRows, const double* queries, Eigen::Index queryRows,
                          Eigen::Index cols) {
    NeighbourKey key;
    key.trainRows = trainRows;
    key.queryRows = queryRows;
    key.cols = cols;
    hashValues(train, std::size_t(trainRows * cols), key.trainHash);
    hashValues(queries, std::size_t(queryRows * cols), key.queryHash);
    return key;
}

std::shared_ptr<const NeighbourLists> findNeighbourLists(const NeighbourKey& key, int k, bool* shorterKept) {
    Memo& m = memo();
    std::lock_guard lock(m.mutex);
    if (shorterKept) *shorterKept = false;
    if (m.limit == 0) return nullptr;
    for (auto it = m.entries.begin(); it != m.entries.end(); ++it)
        if (it->key == key) {
            if (it->lists->k < k) {
                if (shorterKept) *shorterKept = true;
                break;
            }
            m.entries.splice(m.entries.begin(), m.entries, it);
            ++m.hits;
            return it->lists;
        }
    ++m.misses;
    return nullptr;
}

void keepNeighbourLists(const NeighbourKey& key, std::shared_ptr<const NeighbourLists> lists) {
    Memo& m = memo();
    std::lock_guard lock(m.mutex);
    if (lists->bytes() > m.limit) return;
    // A shorter list of the same search is replaced by the longer one.
    for (auto it = m.entries.begin(); it != m.entries.end(); ++it)
        if (it->key == key) {
            m.bytes -= it->lists->bytes();
            m.entries.erase(it);
            break;
        }
    m.bytes += lists->bytes();
    m.entries.push_front({key, std::move(lists)});
    m.evictTo(m.limit);
}

int neighboursToKeep(int k, Eigen::Index trainRows, bool shorterKept, bool exploringK) {
    if (!exploringK && !shorterKept) return k;
    return int(std::min<Eigen::Index>(trainRows, std::max(2 * k, 32)));
}

}  // namespace px::learn
