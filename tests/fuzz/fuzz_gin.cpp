// The DGCNN/GIN text format (one file in a folder).
#include "FuzzSupport.h"
#include "io/Loaders.h"

#include <sys/stat.h>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    ::mkdir((pxfuzz::folder() + "/gin").c_str(), 0700);
    pxfuzz::write("gin/G.txt", std::string(reinterpret_cast<const char*>(data), size));
    return pxfuzz::guarded([&] { px::io::loadGin(pxfuzz::folder() + "/gin"); });
}
