#pragma once
// Which CPU kernels the trained networks run on. A training is bit-for-bit reproducible for one seed only
// on one kernel path: ATen (torch's own operators) and OpenBLAS (its matrix products) each pick vector
// kernels for the CPU they find, and AVX-512 and AVX2 kernels round differently. Over hundreds of epochs
// a rounding difference grows into another trajectory: one small GIN sweep (builtin:er, RR at ε = 1,
// 400 epochs) scored AUC 0.659 on ATen AVX2 + OpenBLAS Haswell, 0.651 with ATen AVX-512, 0.639 with
// ATen's scalar kernels and 0.527 with OpenBLAS SkylakeX. OpenBLAS 0.3.21's own choice also varies with
// CPUs it does not know: Prescott (SSE3, 3x slower) on a virtual Intel Xeon, Cooperlake on a Zen 4,
// Haswell on a Zen 5 (1.5x slower there than its SkylakeX kernels). So the executables pin one path per
// class of CPU, the fastest that every CPU of the class runs:
//   AVX-512 (F, CD, BW, DQ, VL)  ATen avx2, OpenBLAS SkylakeX
//   AVX2 and FMA                 ATen avx2, OpenBLAS Haswell
// PX_KERNELS=portable gives the AVX2 path on both classes (the same table on every AVX2 CPU, slower on
// AVX-512 ones); PX_KERNELS=native leaves both libraries to choose; a variable the user set always wins.
#include <string>
#include <utility>
#include <vector>

namespace px::neural {

// The environment this process should get: ATEN_CPU_CAPABILITY and OPENBLAS_CORETYPE for this CPU's class
// and PX_KERNELS (auto, portable or native), each only if the user has not set it.
std::vector<std::pair<std::string, std::string>> pinnedKernelSettings();

// First thing in an executable's main: applies pinnedKernelSettings(). OpenBLAS reads its variable when it
// is loaded. If it is not in the process yet, setting the variable suffices (libpx_neural.so brings it on the
// first training, NeuralLibrary.h); if it is (liblinear links the system BLAS, which Debian may point at
// OpenBLAS), the process re-executes itself once (/proc/self/exe, same arguments; PX_KERNELS_PINNED marks
// the second start), which costs milliseconds since LibTorch is not loaded at start. If the re-execution
// fails, ATen is still pinned.
void pinKernels(char** argv);

// The kernels this process uses, e.g. "ATen AVX2, OpenBLAS SkylakeX" (recorded in GIN sweep results). Loads
// libpx_neural.so if it is not loaded yet.
std::string kernelPathInUse();

}  // namespace px::neural
