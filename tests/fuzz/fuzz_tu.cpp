// The TU format: the input holds A, graph_indicator and graph_labels separated by "\n--\n".
#include "FuzzSupport.h"
#include "io/Loaders.h"

#include <sys/stat.h>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto p = pxfuzz::parts(std::string(reinterpret_cast<const char*>(data), size), 3);
    ::mkdir((pxfuzz::folder() + "/tu").c_str(), 0700);
    pxfuzz::write("tu/X_A.txt", p[0]);
    pxfuzz::write("tu/X_graph_indicator.txt", p[1]);
    pxfuzz::write("tu/X_graph_labels.txt", p[2]);
    return pxfuzz::guarded([&] { px::io::loadTu(pxfuzz::folder() + "/tu"); });
}
