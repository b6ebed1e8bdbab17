// The compiled part of the Python package pxstudio (python/pxstudio/__init__.py wraps it).
#include "Bindings.h"

#include <cstring>

namespace pxpy {

void bindErrors(py::module_& m) {
    static py::exception<px::ResourceError> resource(m, "ResourceError", PyExc_MemoryError);
    py::register_exception_translator([](std::exception_ptr p) {
        try {
            if (p) std::rethrow_exception(p);
        } catch (const px::InputError& e) {
            // A file that is not there (or cannot be opened) is an OSError; a malformed one a ValueError.
            const std::string& problem = e.problem();
            if (problem.rfind("cannot open file: no such file", 0) == 0 || problem.rfind("no such file", 0) == 0)
                PyErr_SetString(PyExc_FileNotFoundError, e.what());
            else if (problem.rfind("cannot open", 0) == 0)
                PyErr_SetString(PyExc_OSError, e.what());
            else
                PyErr_SetString(PyExc_ValueError, e.what());
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
    pxpy::bindData(m);
    pxpy::bindPatterns(m);
    pxpy::bindDensities(m);
    pxpy::bindPrivacy(m);
    pxpy::bindSweep(m);
}
