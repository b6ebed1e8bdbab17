// The kernels the trained networks run on (KernelPath.h), as LibTorch and OpenBLAS report them: inside
// libpx_neural.so (NeuralLibrary.h). The pinning itself is in KernelPin.cpp.
#include "neural/KernelPath.h"
#include "neural/NeuralLibrary.h"

#include <ATen/Version.h>

#include <cctype>
#include <dlfcn.h>
#include <string>

namespace px::neural {
namespace {

// The word after "CPU capability usage: " in at::show_config() (ATen caches its choice on first use).
std::string atenCapability() {
    const std::string config = at::show_config(), key = "CPU capability usage: ";
    const auto at = config.find(key);
    if (at == std::string::npos) return "unknown";
    const auto begin = at + key.size();
    return config.substr(begin, config.find('\n', begin) - begin);
}

// OpenBLAS's kernel family, found by name so that another BLAS simply reports itself as such.
std::string blasKernels() {
    auto coreName = reinterpret_cast<char* (*)()>(dlsym(RTLD_DEFAULT, "openblas_get_corename"));
    if (!coreName) return "BLAS other than OpenBLAS";
    const char* name = coreName();
    std::string s = name ? name : "unknown";
    if (!s.empty()) s[0] = char(std::toupper(static_cast<unsigned char>(s[0])));
    return "OpenBLAS " + s;
}

}  // namespace

std::string torchlib::kernelPathInUse() { return "ATen " + atenCapability() + ", " + blasKernels(); }

}  // namespace px::neural
