// Installs the docstring tables into the module's function objects.
//
// pybind11 functions are CPython builtin functions whose __doc__ is read from
// their PyMethodDef's ml_doc on each access. pybind11 owns that string (it
// strdup's it when it builds the signatures and frees it with the function),
// so it is replaced the same way pybind11 installs it: free, then strdup.
#include <cstdlib>
#include <cstring>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>

#include "docstrings.h"

#include "../bindings.h"

namespace mxpy::docs {

namespace {

std::vector<Entry> all_entries() {
  std::vector<Entry> all;
  for (auto part : {creation_entries, elementwise_entries, binary_entries, shape_entries,
                    reduce_entries, indexing_entries, linalg_entries, random_entries,
                    fft_entries, fast_entries, transforms_entries, device_memory_entries,
                    io_entries, misc_entries, array_method_entries}) {
    auto entries = part();
    all.insert(all.end(), entries.begin(), entries.end());
  }
  return all;
}

// "random.normal" -> the object, walking attributes from mxcore._core.
py::object resolve(py::module_& core, const std::string& path) {
  py::object obj = core;
  std::stringstream parts(path);
  std::string part;
  while (std::getline(parts, part, '.')) {
    if (!py::hasattr(obj, part.c_str())) {
      throw std::runtime_error("[docstrings] '" + path + "' names nothing in mxcore.");
    }
    obj = obj.attr(part.c_str());
  }
  return obj;
}

PyCFunctionObject* builtin_of(py::handle obj) {
  PyObject* f = obj.ptr();
  if (PyInstanceMethod_Check(f)) f = PyInstanceMethod_GET_FUNCTION(f);
  if (PyMethod_Check(f)) f = PyMethod_GET_FUNCTION(f);
  if (!PyCFunction_Check(f)) return nullptr;
  return reinterpret_cast<PyCFunctionObject*>(f);
}

// The pybind11 signature lines of a generated doc ("name(...) -> ..." or,
// for overloads, "1. name(...) -> ..."), in order. pybind11 writes them
// unindented; indented lines are the binding's own text (an example such as
// "    exporter(mx.array(1))" is not a signature).
std::string signature_lines(const char* doc, const std::string& name) {
  std::string out;
  std::stringstream lines(doc ? doc : "");
  std::string line;
  while (std::getline(lines, line)) {
    size_t at = line.find_first_not_of("0123456789");
    if (at != 0 && at != std::string::npos && line.compare(at, 2, ". ") == 0) at += 2;
    else if (at != 0) continue; // digits not followed by ". ": not a signature
    if (line.compare(at, name.size() + 1, name + "(") == 0) out += line.substr(at) + "\n";
  }
  return out;
}

} // namespace

void apply(py::module_& core) {
  // An alias (mx.acos = mx.arccos) is the same function object as its
  // original: it has one doc, so it must have one entry.
  std::map<PyCFunctionObject*, std::string> documented;
  for (const Entry& e : all_entries()) {
    std::string path = e.path;
    py::object obj = resolve(core, path);
    PyCFunctionObject* fn = builtin_of(obj);
    if (!fn) {
      throw std::runtime_error("[docstrings] '" + path + "' is not a bound function.");
    }
    auto [it, fresh] = documented.emplace(fn, path);
    if (!fresh) {
      throw std::runtime_error("[docstrings] '" + path + "' and '" + it->second +
                               "' are the same function: keep one entry.");
    }
    // The signatures carry the bound name (arccos for mx.acos).
    std::string doc = signature_lines(fn->m_ml->ml_doc, fn->m_ml->ml_name);
    doc += "\n";
    doc += e.text;
    std::free(const_cast<char*>(fn->m_ml->ml_doc));
    fn->m_ml->ml_doc = strdup(doc.c_str());
  }
}

} // namespace mxpy::docs
