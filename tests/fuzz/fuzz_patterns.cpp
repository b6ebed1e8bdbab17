// Pattern files (strict JSON, every pattern's vertices, edges and elimination order).
#include "FuzzSupport.h"
#include "patterns/PatternSet.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    return pxfuzz::guarded([&] { px::PatternSet::fromJson(text, "patterns.json"); });
}
