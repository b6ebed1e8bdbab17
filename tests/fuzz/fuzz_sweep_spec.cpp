// Sweep specs (strict JSON, then every field's kind and range), and their round trip.
#include "FuzzSupport.h"
#include "experiment/SweepSpec.h"

#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    return pxfuzz::guarded([&] {
        const px::experiment::SweepSpec s = px::experiment::SweepSpec::fromJson(text, "spec.json");
        s.runs();
        // What was accepted must be written back and read again to the same spec.
        const std::string again = px::experiment::SweepSpec::fromJson(s.toJson().dump(), "again").toJson().dump();
        if (again != s.toJson().dump()) std::abort();
    });
}
