#pragma once
// Checks of a depth-lab spec before anything runs: every numeric field (and every element of a
// numeric list) has the right kind (an integer field refuses 60.9) and lies in its range, and the
// work of the attack grids is estimated and refused beyond a limit, with the estimate.
#include <nlohmann/json.hpp>
#include <cstddef>
#include <string>

namespace px::depthlab {

// The longest list a depth spec's list field (dims, sigmas, epsilons, hops, sampling, …) may hold.
constexpr std::size_t kMaxDepthListValues = 1000;

// spec: the user's fields (defaults fill the rest); throws px::InputError naming the source and the field.
void checkDepthSpec(const nlohmann::json& spec, const nlohmann::json& defaults, const std::string& source,
                    double maxMinutes = 60.0);

}  // namespace px::depthlab
