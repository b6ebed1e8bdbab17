#pragma once
// Keys of what a view shows. A key names the settings a drawn result was computed for, restricted to the
// settings that determine that view (its scope), as 16 hex digits of a hash of their session JSON. A view is
// current exactly when the key of what it draws equals the key of the settings now in the panels; a view that
// compares keys before it draws cannot show another setting's result unmarked (ViewState.h).
// Qt-free: the rules are unit-tested without a window (tests/app/pxstudio/tst_viewstate.cpp).
#include "ExplorerSettings.h"

#include <string>

namespace viewkeys {

// What determines a view, from the fewest settings to the most.
enum class Scope {
    Patterns,  // the pattern sample: class, d, size law, connectivity, duplicates, first seed (the gallery)
    Release,   // the data set and its label source, the patterns and the mechanism with its ε (privacy report, noise anatomy, embedding)
    Sweep,     // every setting but ε and the view (the sweep over the ε grid: trade-off curve, results table)
    AtEpsilon, // every setting but the view (computations at the slider's ε: expressivity, utility vs d)
};

// The settings of `s` that `scope` depends on, as one JSON object (for the trace and for tests).
nlohmann::json scoped(const ExplorerSettings& s, Scope scope);
// 16 hex digits: FNV-1a (Fowler, Noll and Vo 1991) of scoped(s, scope).dump() — stable across runs and builds.
std::string key(const ExplorerSettings& s, Scope scope);
// A key of any JSON value (the distinguishability demo's parameters, a composite of two keys).
std::string keyOf(const nlohmann::json& value);
// The trade-off view: the sweep's key and the ε its marker and readout stand at.
std::string tradeoffKey(const ExplorerSettings& computedFor, double markerEpsilon);

}  // namespace viewkeys
