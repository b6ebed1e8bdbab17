// The compiled part of the Python package pxstudio (python/pxstudio/__init__.py wraps it).
#include "Bindings.h"
#include "Docstrings.h"

#include "learn/LearnerRegistry.h"

#include <cstring>
#ifdef PX_HAVE_NEURAL
#include "neural/KernelPath.h"
#include "neural/NeuralLibrary.h"
#endif

namespace pxpy {

void setError(PyObject* type, const char* message) {
    // A message may quote bytes of a file that are not UTF-8 (PyErr_SetString would then raise an empty
    // error): undecodable bytes become U+FFFD.
    PyObject* text = PyUnicode_DecodeUTF8(message, Py_ssize_t(std::strlen(message)), "replace");
    PyErr_SetObject(type, text);
    Py_XDECREF(text);
}

std::string typeName(const py::handle& value) {
    const py::handle type = py::type::handle_of(value);
    const std::string module = py::str(type.attr("__module__")), name = py::str(type.attr("__qualname__"));
    return module == "builtins" ? name : module + "." + name;
}

void wrongType(const std::string& function, const std::string& argument, const std::string& expected, const py::handle& value) {
    throw py::type_error(function + ": the argument `" + argument + "` expects " + expected + ", got " + typeName(value));
}

void requireCallable(const py::handle& value, const std::string& function, const std::string& argument) {
    if (!value.is_none() && !PyCallable_Check(value.ptr()))
        wrongType(function, argument, "a callable taking the fraction done (or None)", value);
}

namespace {
PyObject* inputErrorType = nullptr;  // pxstudio.InputError: a ValueError with file, line, field and problem

// The field a message names, as its JSON pointer (`field "/learner/k": ...`), or "".
std::string fieldOf(const std::string& problem) {
    const std::string mark = "field \"";
    const auto at = problem.find(mark);
    if (at == std::string::npos) return {};
    const auto end = problem.find('"', at + mark.size());
    return end == std::string::npos ? std::string() : problem.substr(at + mark.size(), end - at - mark.size());
}

PyObject* text(const std::string& s) { return PyUnicode_DecodeUTF8(s.data(), Py_ssize_t(s.size()), "replace"); }

// Raises pxstudio.InputError(message) with the error's parts as attributes (None where there is none).
void raiseInputError(const px::InputError& e) {
    PyObject* message = text(e.what());
    PyObject* error = PyObject_CallOneArg(inputErrorType, message);
    Py_XDECREF(message);
    if (!error) return;  // Python already has an error to report
    const std::string field = fieldOf(e.problem());
    PyObject* attributes[][2] = {{text("file"), text(e.file())},
                                 {text("line"), e.line() > 0 ? PyLong_FromLong(e.line()) : Py_NewRef(Py_None)},
                                 {text("field"), field.empty() ? Py_NewRef(Py_None) : text(field)},
                                 {text("problem"), text(e.problem())}};
    for (auto& [name, value] : attributes) {
        PyObject_SetAttr(error, name, value);
        Py_XDECREF(name);
        Py_XDECREF(value);
    }
    PyErr_SetObject(inputErrorType, error);
    Py_DECREF(error);
}
}  // namespace

void bindErrors(py::module_& m) {
    static py::exception<px::ResourceError> resource(m, "ResourceError", PyExc_MemoryError);
    static py::exception<px::InputError> input(m, "InputError", PyExc_ValueError);
    inputErrorType = input.ptr();
    resource.attr("__doc__") = doc::kResourceError;
    input.attr("__doc__") = doc::kInputError;
    py::register_exception_translator([](std::exception_ptr p) {
        try {
            if (p) std::rethrow_exception(p);
        } catch (const px::InputError& e) {
            // A file that is not there (or cannot be opened) is an OSError; a malformed one a ValueError.
            const std::string& problem = e.problem();
            if (problem.rfind("cannot open file: no such file", 0) == 0 || problem.rfind("no such file", 0) == 0)
                setError(PyExc_FileNotFoundError, e.what());
            else if (problem.rfind("cannot open", 0) == 0)
                setError(PyExc_OSError, e.what());
            else
                raiseInputError(e);
        } catch (const std::invalid_argument& e) {
            setError(PyExc_ValueError, e.what());
        } catch (const px::ResourceError& e) {
            resource(e.what());
        } catch (const px::Cancelled&) {
            PyErr_SetNone(PyExc_KeyboardInterrupt);
        }
    });
}

}  // namespace pxpy

PYBIND11_MODULE(_pxstudio, m) {
    m.doc() = "PXStudio's engine: data sets, pattern sampling, homomorphism densities, private release, sweeps";
    m.attr("__version__") = PX_VERSION;
    pxpy::bindErrors(m);
    m.def("kernel_path", [] {
#ifdef PX_HAVE_NEURAL
        return px::neural::kernelPathInUse();
#else
        return std::string("no neural layer in this build");
#endif
    }, pxpy::doc::kKernelPath);
    m.def("neural_library", [] {
#ifdef PX_HAVE_NEURAL
        return px::neural::neuralLibraryPath();
#else
        return std::string();
#endif
    }, "Where libpx_neural.so (the trained networks, loaded on first use) was loaded from; '' without them.");
    m.def("learners", [] {
        py::list out;
        for (const px::learn::LearnerDescription& d : px::learn::learnerRegistry()) {
            py::list parameters;
            for (const px::learn::LearnerParameter& p : d.parameters)
                parameters.append(py::dict(py::arg("name") = p.name, py::arg("meaning") = p.meaning, py::arg("min") = p.min,
                                           py::arg("max") = p.max, py::arg("default") = p.defaultValue, py::arg("integer") = p.integer));
            out.append(py::dict(py::arg("kind") = d.key, py::arg("title") = d.title, py::arg("summary") = d.summary,
                                py::arg("parameters") = parameters, py::arg("needs_graphs") = d.needsGraphs,
                                py::arg("available") = !d.needsNeuralLayer || px::learn::haveNeuralLayer(),
                                py::arg("margin_scores") = d.marginScores, py::arg("tuning") = d.tuning));
        }
        return out;
    }, pxpy::doc::kLearners);
    pxpy::bindData(m);
    pxpy::bindEdgeArrays(m);
    pxpy::bindPatterns(m);
    pxpy::bindDensities(m);
    pxpy::bindPrivacy(m);
    pxpy::bindSweep(m);
}
