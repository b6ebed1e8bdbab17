#pragma once
// The whole percentage the window says of a piece of work (the status bar's words, a view's note): rounded down,
// so that "100 %" means done. Rounded to the nearest, a sweep whose last runs weigh little in its bar read
// "sweep 100 %" beside "Computing… 38 runs so far" (a new user's trial).
#include <algorithm>
#include <cmath>

inline int wholePercentDone(double fraction) {
    if (!(fraction > 0)) return 0;
    if (fraction >= 1) return 100;
    return std::min(99, int(std::floor(fraction * 100 + 1e-9)));  // 0.29 * 100 is 28.999…: read as 29
}
