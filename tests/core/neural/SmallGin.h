#pragma once
// A GIN small enough to train in well under a second on a few dozen graphs (tests only).
#include "neural/GinParams.h"

#include <cstdint>

inline px::neural::GinParams smallParams(std::uint64_t seed = 1) {
    px::neural::GinParams p;
    p.layers = 3;
    p.hidden = 16;
    p.epochs = 60;
    p.lr = 0.01;
    p.batch = 4;
    p.seed = seed;
    return p;
}
