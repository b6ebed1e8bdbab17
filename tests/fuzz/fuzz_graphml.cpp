// GraphML files (io/GraphMLReader: libexpat with the reader's limits and refusals).
#include "FuzzSupport.h"
#include "io/Loaders.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string path = pxfuzz::write("g.graphml", std::string(reinterpret_cast<const char*>(data), size));
    return pxfuzz::guarded([&] { px::io::loadDataset(path); });
}
