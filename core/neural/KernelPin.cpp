// Pinning the kernel path of the trained networks (KernelPath.h): environment variables only, no LibTorch.
#include "neural/KernelPath.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <unistd.h>

namespace px::neural {
namespace {

bool isSet(const char* name) {
    const char* v = std::getenv(name);
    return v && *v;
}

enum class CpuClass { Other, Avx2, Avx512 };

CpuClass cpuClass() {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    if (!__builtin_cpu_supports("avx2") || !__builtin_cpu_supports("fma")) return CpuClass::Other;
    const bool avx512 = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512cd") &&
                        __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512dq") &&
                        __builtin_cpu_supports("avx512vl");  // what OpenBLAS's SkylakeX kernels use
    return avx512 ? CpuClass::Avx512 : CpuClass::Avx2;
#else
    return CpuClass::Other;
#endif
}

}  // namespace

std::vector<std::pair<std::string, std::string>> pinnedKernelSettings() {
    const char* choice = std::getenv("PX_KERNELS");
    const std::string mode = choice && *choice ? choice : "auto";
    const CpuClass cpu = cpuClass();
    if (mode == "native" || cpu == CpuClass::Other) return {};
    const bool skylake = cpu == CpuClass::Avx512 && mode != "portable";
    std::vector<std::pair<std::string, std::string>> settings;
    if (!isSet("ATEN_CPU_CAPABILITY")) settings.emplace_back("ATEN_CPU_CAPABILITY", "avx2");
    if (!isSet("OPENBLAS_CORETYPE")) settings.emplace_back("OPENBLAS_CORETYPE", skylake ? "SkylakeX" : "Haswell");
    return settings;
}

void pinKernels(char** argv) {
    if (isSet("PX_KERNELS_PINNED")) return;
    const char* choice = std::getenv("PX_KERNELS");
    if (choice && *choice && std::strcmp(choice, "auto") && std::strcmp(choice, "portable") && std::strcmp(choice, "native"))
        std::fprintf(stderr, "warning: PX_KERNELS=%s is not auto, portable or native; using auto\n", choice);
    bool blasChanged = false;
    for (const auto& [name, value] : pinnedKernelSettings()) {
        setenv(name.c_str(), value.c_str(), 0);
        blasChanged |= name == "OPENBLAS_CORETYPE";
    }
    // OpenBLAS reads its variable when it is loaded: start again only if it is in the process already.
    if (!blasChanged || !dlsym(RTLD_DEFAULT, "openblas_get_corename")) return;
    setenv("PX_KERNELS_PINNED", "1", 1);
    execv("/proc/self/exe", argv);  // returns only on failure: go on with ATen pinned
}

}  // namespace px::neural
