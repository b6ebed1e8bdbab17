// Graphviz DOT files (io/DotNesting's lexer, then Boost's reader).
#include "FuzzSupport.h"
#include "io/Loaders.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string path = pxfuzz::write("g.dot", std::string(reinterpret_cast<const char*>(data), size));
    return pxfuzz::guarded([&] { px::io::loadDataset(path); });
}
