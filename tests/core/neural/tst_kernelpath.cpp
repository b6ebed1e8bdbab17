// The pinned kernel path (KernelPath.h): which environment pxrun, the app and Python set, and when not.
// tst_pxrun checks that a started pxrun runs on it; on a CPU whose own choice already is the pinned one
// only this test tells a missing pin from a working one.
#include "neural/KernelPath.h"
#include "neural/NeuralLibrary.h"

#include <QtTest>
#include <cstdlib>
#include <map>

using px::neural::pinnedKernelSettings;
using Settings = std::map<std::string, std::string>;

namespace {

bool hasAvx2() { return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"); }

bool hasAvx512() {
    return hasAvx2() && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512cd") &&
           __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl");
}

Settings pinned() {
    const auto s = pinnedKernelSettings();
    return {s.begin(), s.end()};
}

void clearKernelVariables() {
    for (const char* name : {"ATEN_CPU_CAPABILITY", "OPENBLAS_CORETYPE", "PX_KERNELS"}) unsetenv(name);
}

}  // namespace

class TestKernelPath : public QObject {
    Q_OBJECT
private slots:
    void init() { clearKernelVariables(); }
    void cleanup() { clearKernelVariables(); }

    // First: the library is loaded once per process, and a failed load is tried again on the next call.
    void aMissingNeuralLibraryIsNamedThenTheBuildsOwnLoads() {
        setenv("PX_NEURAL_LIBRARY", "/nonexistent/libpx_neural.so", 1);
        try {
            px::neural::kernelPathInUse();
            QFAIL("a library that does not exist was loaded");
        } catch (const std::runtime_error& e) {
            const QString why = e.what();
            QVERIFY2(why.contains("/nonexistent/libpx_neural.so") && why.contains("PX_NEURAL_LIBRARY"), qPrintable(why));
        }
        unsetenv("PX_NEURAL_LIBRARY");
        QVERIFY(QString::fromStdString(px::neural::kernelPathInUse()).startsWith("ATen "));
        const QString path = QString::fromStdString(px::neural::neuralLibraryPath());
        QVERIFY2(path.endsWith("/libpx_neural.so") && QFile::exists(path), qPrintable(path));
    }
    void eachClassOfCpuGetsItsPath() {
        if (!hasAvx2()) QSKIP("this CPU has no AVX2 and FMA: nothing is pinned on it");
        const std::string blas = hasAvx512() ? "SkylakeX" : "Haswell";
        QVERIFY(pinned() == (Settings{{"ATEN_CPU_CAPABILITY", "avx2"}, {"OPENBLAS_CORETYPE", blas}}));
        setenv("PX_KERNELS", "auto", 1);
        QVERIFY(pinned() == (Settings{{"ATEN_CPU_CAPABILITY", "avx2"}, {"OPENBLAS_CORETYPE", blas}}));
    }
    void portableIsTheAvx2PathOnEveryClass() {
        if (!hasAvx2()) QSKIP("this CPU has no AVX2 and FMA: nothing is pinned on it");
        setenv("PX_KERNELS", "portable", 1);
        QVERIFY(pinned() == (Settings{{"ATEN_CPU_CAPABILITY", "avx2"}, {"OPENBLAS_CORETYPE", "Haswell"}}));
    }
    void aKernelTheUserNamedIsKept() {
        if (!hasAvx2()) QSKIP("this CPU has no AVX2 and FMA: nothing is pinned on it");
        setenv("OPENBLAS_CORETYPE", "Sandybridge", 1);
        QVERIFY(pinned() == (Settings{{"ATEN_CPU_CAPABILITY", "avx2"}}));
        setenv("ATEN_CPU_CAPABILITY", "avx512", 1);
        QVERIFY(pinned().empty());
        setenv("ATEN_CPU_CAPABILITY", "", 1);  // an empty value counts as unset
        QCOMPARE(pinned().size(), std::size_t(1));
    }
    void nativePinsNothing() {
        setenv("PX_KERNELS", "native", 1);
        QVERIFY(pinned().empty());
    }
};

QTEST_GUILESS_MAIN(TestKernelPath)
#include "tst_kernelpath.moc"
