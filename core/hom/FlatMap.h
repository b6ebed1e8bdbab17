#pragma once
// Open-addressing hash map from packed 64-bit keys to values, made for the homomorphism DP:
// reused across graphs and patterns without freeing memory, cleared in O(entries used).
#include <cstdint>
#include <vector>

namespace px::hom {

template <class T>
class FlatMap {
public:
    static constexpr std::uint64_t kEmpty = ~std::uint64_t(0);

    // Empties the map; keeps capacity.
    void clear() {
        if (used_.size() * 4 < keys_.size()) {
            for (std::uint32_t s : used_) keys_[s] = kEmpty;
        } else {
            std::fill(keys_.begin(), keys_.end(), kEmpty);
        }
        used_.clear();
    }
    std::size_t size() const { return used_.size(); }

    // Reference to the value of key, inserted as zero if absent.
    T& at(std::uint64_t key) {
        if ((used_.size() + 1) * 2 > keys_.size()) grow();
        std::size_t s = slot(key);
        while (keys_[s] != kEmpty && keys_[s] != key) s = (s + 1) & mask_;
        if (keys_[s] == kEmpty) {
            keys_[s] = key;
            vals_[s] = T(0);
            used_.push_back(std::uint32_t(s));
        }
        return vals_[s];
    }
    // Calls f(key, value) for every entry, in insertion order.
    template <class F>
    void forEach(F&& f) const {
        for (std::uint32_t s : used_) f(keys_[s], vals_[s]);
    }
    // Value of key, or zero if absent.
    T get(std::uint64_t key) const {
        if (keys_.empty()) return T(0);
        std::size_t s = slot(key);
        while (keys_[s] != kEmpty) {
            if (keys_[s] == key) return vals_[s];
            s = (s + 1) & mask_;
        }
        return T(0);
    }

private:
    std::size_t slot(std::uint64_t key) const {
        return std::size_t((key * 0x9E3779B97F4A7C15ULL) >> shift_) & mask_;
    }
    void grow() {
        std::vector<std::uint64_t> oldKeys;
        std::vector<T> oldVals;
        std::vector<std::uint32_t> oldUsed;
        oldKeys.swap(keys_);
        oldVals.swap(vals_);
        oldUsed.swap(used_);
        std::size_t cap = oldKeys.empty() ? 64 : oldKeys.size() * 2;
        keys_.assign(cap, kEmpty);
        vals_.resize(cap);
        mask_ = cap - 1;
        shift_ = 64 - __builtin_ctzll(cap);
        for (std::uint32_t s : oldUsed) at(oldKeys[s]) = oldVals[s];
    }
    std::vector<std::uint64_t> keys_;
    std::vector<T> vals_;
    std::vector<std::uint32_t> used_;
    std::size_t mask_ = 0;
    int shift_ = 58;
};

}  // namespace px::hom
