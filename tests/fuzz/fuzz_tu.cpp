// The TU format: the input holds A, graph_indicator, graph_labels and (optionally) node_labels separated by
// "\n--\n"; without a fourth part there is no node_labels file.
#include "FuzzSupport.h"
#include "io/Loaders.h"

#include <sys/stat.h>
#include <unistd.h>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string input(reinterpret_cast<const char*>(data), size);
    const auto p = pxfuzz::parts(input, 4);
    std::size_t separators = 0;
    for (std::size_t at = input.find("\n--\n"); at != std::string::npos && separators < 3; at = input.find("\n--\n", at + 4)) ++separators;
    const bool nodeLabels = separators == 3;
    ::mkdir((pxfuzz::folder() + "/tu").c_str(), 0700);
    pxfuzz::write("tu/X_A.txt", p[0]);
    pxfuzz::write("tu/X_graph_indicator.txt", p[1]);
    pxfuzz::write("tu/X_graph_labels.txt", p[2]);
    const std::string labels = pxfuzz::folder() + "/tu/X_node_labels.txt";
    if (nodeLabels) pxfuzz::write("tu/X_node_labels.txt", p[3]);
    else ::unlink(labels.c_str());
    return pxfuzz::guarded([&] { px::io::loadTu(pxfuzz::folder() + "/tu"); });
}
