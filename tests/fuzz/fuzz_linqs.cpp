// LINQS citation data: NAME.content and NAME.cites separated by "\n--\n".
#include "FuzzSupport.h"
#include "io/LinqsLoader.h"

#include <sys/stat.h>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto p = pxfuzz::parts(std::string(reinterpret_cast<const char*>(data), size), 2);
    ::mkdir((pxfuzz::folder() + "/linqs").c_str(), 0700);
    pxfuzz::write("linqs/x.content", p[0]);
    pxfuzz::write("linqs/x.cites", p[1]);
    return pxfuzz::guarded([&] { px::io::loadLinqs(pxfuzz::folder() + "/linqs"); });
}
