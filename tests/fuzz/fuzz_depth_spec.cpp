// Depth-lab specs: strict JSON, then the experiment's kinds, ranges and work estimate (nothing runs).
#include "FuzzSupport.h"
#include "common/JsonInput.h"
#include "depthlab/DepthLab.h"
#include "depthlab/DepthSpecChecks.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    return pxfuzz::guarded([&] {
        const nlohmann::json spec = px::parseJsonInput(text, "depth.json");
        if (!spec.is_object() || !spec.contains("experiment") || !spec["experiment"].is_string()) return;
        nlohmann::json defaults;
        try {
            defaults = px::depthlab::defaultDepthSpec(spec["experiment"].get<std::string>());
        } catch (const std::invalid_argument&) {
            return;  // unknown experiment: refused by runDepthExperiment with its name
        }
        px::depthlab::checkDepthSpec(spec, defaults, "depth.json");
    });
}
