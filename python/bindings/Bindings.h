#pragma once
// Shared pieces of the pybind11 module _pxstudio: one bind function per area, and a runner that
// keeps long work interruptible from Python (Ctrl-C, KeyboardInterrupt) with a progress callback.
#include "common/Error.h"
#include "common/Progress.h"

#include <pybind11/functional.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <nlohmann/json.hpp>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>

namespace py = pybind11;

namespace pxpy {

void bindErrors(py::module_& m);
void bindData(py::module_& m);
void bindEdgeArrays(py::module_& m);
void bindPatterns(py::module_& m);
void bindDensities(py::module_& m);
void bindPrivacy(py::module_& m);
void bindSweep(py::module_& m);

// A JSON value as the Python value json.loads gives (dicts, lists, numbers, strings).
inline py::object fromJson(const nlohmann::json& j) { return py::module_::import("json").attr("loads")(j.dump()); }

// Progress seen by the worker: the fraction done, and a cancel flag the Python thread sets.
class PythonProgress : public px::Progress {
public:
    void report(double fraction) override { fraction_.store(fraction, std::memory_order_relaxed); }
    bool cancelled() const override { return cancel_.load(std::memory_order_relaxed); }
    void cancel() { cancel_.store(true, std::memory_order_relaxed); }
    double fraction() const { return fraction_.load(std::memory_order_relaxed); }

private:
    std::atomic<double> fraction_{0.0};
    std::atomic<bool> cancel_{false};
};

// Runs work(progress) on a worker thread with the GIL released. The calling (Python) thread wakes
// every 10 ms: it runs Python's signal handlers (a KeyboardInterrupt cancels the work, waits for it
// to stop and is raised), and calls `callback(fraction)` if one is given (an exception there cancels too).
template <class Work>
auto runInterruptible(Work work, const py::object& callback = py::none()) -> decltype(work(std::declval<px::Progress&>())) {
    using Result = decltype(work(std::declval<px::Progress&>()));
    PythonProgress progress;
    std::optional<Result> result;
    std::exception_ptr failure;
    std::mutex mutex;
    std::condition_variable finished;
    bool done = false;
    std::thread worker([&] {
        try {
            result.emplace(work(progress));
        } catch (...) {
            failure = std::current_exception();
        }
        std::lock_guard<std::mutex> lock(mutex);
        done = true;
        finished.notify_all();
    });
    auto stopAndRethrow = [&](auto&& raise) {
        progress.cancel();
        {
            py::gil_scoped_release nogil;
            worker.join();
        }
        raise();
    };
    for (;;) {
        bool isDone = false;
        {
            py::gil_scoped_release nogil;
            std::unique_lock<std::mutex> lock(mutex);
            finished.wait_for(lock, std::chrono::milliseconds(10), [&] { return done; });
            isDone = done;
        }
        if (isDone) break;
        if (PyErr_CheckSignals() != 0) stopAndRethrow([] { throw py::error_already_set(); });
        if (!callback.is_none()) {
            try {
                callback(progress.fraction());
            } catch (py::error_already_set&) {
                stopAndRethrow([] { throw; });  // still inside the handler: rethrows the callback's error
            }
        }
    }
    worker.join();
    if (failure) std::rethrow_exception(failure);
    if (!callback.is_none()) callback(1.0);
    return std::move(*result);
}

// A numpy array viewing `owner`'s row-major storage without a copy; the array keeps owner alive.
template <class Owner>
py::array_t<double> arrayOwning(Owner* owner, double* data, long rows, long cols) {
    py::capsule keep(owner, [](void* p) { delete static_cast<Owner*>(p); });
    return py::array_t<double>({rows, cols}, {long(sizeof(double)) * cols, long(sizeof(double))}, data, keep);
}

// Raises `type` with a message that may hold bytes that are not UTF-8 (replaced, never an empty error).
void setError(PyObject* type, const char* message);

// Arguments of the wrong type raise a TypeError naming the function, the argument and what it expects, as
// pxstudio's Python side does (python/pxstudio/_arguments.py): pybind11's own error names none of them.
// The type of a value as such a message names it: 'int', 'networkx.classes.graph.Graph'.
std::string typeName(const py::handle& value);
[[noreturn]] void wrongType(const std::string& function, const std::string& argument, const std::string& expected,
                            const py::handle& value);
// `value` as T, or wrongType.
template <class T>
T argumentAs(const py::handle& value, const std::string& function, const std::string& argument, const std::string& expected) {
    try {
        return value.cast<T>();
    } catch (const py::cast_error&) {
        wrongType(function, argument, expected, value);
    }
}
// None or a callable (a progress callback), else wrongType.
void requireCallable(const py::handle& value, const std::string& function, const std::string& argument);

}  // namespace pxpy

// Arguments the compiled code takes as any Python object and checks itself (argumentAs, requireCallable): each is
// named in the signatures (docstrings, python/pxstudio/_pxstudio.pyi) by what it accepts, not pybind11's `object`.
#define PXPY_NAMED_OBJECT(Name, Text)                                                        \
    namespace pxpy {                                                                        \
    class Name : public py::object {                                                        \
    public:                                                                                 \
        using py::object::object;                                                           \
        Name() = default;                                                                   \
        Name(const py::object& o) : py::object(o) {} /* NOLINT(google-explicit-constructor) */ \
        static bool check_(py::handle) { return true; }                                     \
    };                                                                                      \
    }                                                                                       \
    namespace pybind11::detail {                                                            \
    template <>                                                                             \
    struct handle_type_name<pxpy::Name> {                                                   \
        static constexpr auto name = const_name(Text);                                      \
    };                                                                                      \
    }

PXPY_NAMED_OBJECT(OptionalInt, "Optional[int]")
PXPY_NAMED_OBJECT(OptionalFloat, "Optional[float]")
PXPY_NAMED_OBJECT(OptionalFloats, "Optional[Sequence[float]]")
PXPY_NAMED_OBJECT(OptionalIntArray, "Optional[numpy.ndarray]")
PXPY_NAMED_OBJECT(ProgressArg, "Optional[Callable[[float], Any]]")
PXPY_NAMED_OBJECT(PatternsArg, "Union[PatternSet, Pattern, Sequence[Pattern]]")
PXPY_NAMED_OBJECT(PatternListArg, "Union[PatternSet, Sequence[Pattern]]")
PXPY_NAMED_OBJECT(OptionalDataset, "Optional[Dataset]")
PXPY_NAMED_OBJECT(EdgePairs, "Sequence[Tuple[int, int]]")
