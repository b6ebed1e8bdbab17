// GML files (io/GmlReader: the tokenizer and the stack parser, with their limits and refusals).
#include "FuzzSupport.h"
#include "io/Loaders.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string path = pxfuzz::write("g.gml", std::string(reinterpret_cast<const char*>(data), size));
    return pxfuzz::guarded([&] { px::io::loadDataset(path); });
}
