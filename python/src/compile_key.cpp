#include "compile_key.h"

#include <cstring>
#include <string>

namespace mxpy {

namespace {

// Each item of the encoding starts with a tag naming its kind; variable
// length items carry their length, so the encoding of a tree is a prefix-free
// word sequence: equal sequences mean equal trees.
enum Tag : uint64_t {
  array_tag = 0x6d78'0001'0000'0000ull,
  list_tag,
  tuple_tag,
  dict_tag,
  end_tag,
  none_tag,
  bool_tag,
  int_tag,
  big_int_tag,
  float_tag,
  str_tag,
  subclass_tag, // followed by the interned type, then the container
  interned_tag, // followed by the id of an object interned by equality
};

PyTypeObject* array_type() {
  static PyTypeObject* type =
      reinterpret_cast<PyTypeObject*>(py::type::of<mxcore::array>().ptr());
  return type;
}

// Objects that have no exact encoding (dict keys of any hashable type, int or
// str subclasses such as enum members, container subclasses) get a number:
// equal objects of the same type share it. The table keeps them alive; it
// grows with the number of distinct such objects a program passes.
uint64_t intern(py::handle obj) {
  static py::dict* table = new py::dict(); // leaked: must survive interpreter teardown
  auto entry = py::make_tuple(py::type::handle_of(obj), obj);
  PyObject* found = PyDict_GetItemWithError(table->ptr(), entry.ptr());
  if (found) return PyLong_AsUnsignedLongLong(found);
  if (PyErr_Occurred()) throw py::error_already_set();
  uint64_t id = py::len(*table);
  (*table)[entry] = py::int_(id);
  return id;
}

void append_bytes(const char* data, size_t size, std::vector<uint64_t>& key) {
  key.push_back(size);
  for (size_t i = 0; i < size; i += 8) {
    uint64_t word = 0;
    std::memcpy(&word, data + i, std::min<size_t>(8, size - i));
    key.push_back(word);
  }
}

[[noreturn]] void bad_leaf(py::handle obj) {
  auto type = py::type::handle_of(obj);
  throw py::value_error(
      "[compile] Function arguments must be trees of arrays or constants (floats, ints, "
      "or strings), but received type " +
      std::string(py::str(type.attr("__module__"))) + "." +
      std::string(py::str(type.attr("__qualname__"))) + ".");
}

void append_interned(py::handle obj, std::vector<uint64_t>& key) {
  key.push_back(interned_tag);
  key.push_back(intern(obj));
}

// as_key: obj is a dict key (any hashable object is allowed; arrays in keys
// are constants, not inputs).
void append(py::handle obj, std::vector<mxcore::array>& arrays, std::vector<uint64_t>& key,
            bool as_key) {
  PyObject* p = obj.ptr();
  if (!as_key && PyObject_TypeCheck(p, array_type())) {
    key.push_back(array_tag);
    arrays.push_back(py::cast<mxcore::array>(obj));
    return;
  }
  if (p == Py_None) {
    key.push_back(none_tag);
    return;
  }
  if (PyBool_Check(p)) {
    key.push_back(bool_tag);
    key.push_back(p == Py_True);
    return;
  }
  if (PyLong_CheckExact(p)) {
    int overflow = 0;
    long long value = PyLong_AsLongLongAndOverflow(p, &overflow);
    if (!overflow) {
      key.push_back(int_tag);
      key.push_back(static_cast<uint64_t>(value));
      return;
    }
    // Hexadecimal: decimal conversion of huge ints is capped by Python.
    auto digits = py::reinterpret_steal<py::object>(PyNumber_ToBase(p, 16));
    if (!digits) throw py::error_already_set();
    auto text = digits.cast<std::string>();
    key.push_back(big_int_tag);
    append_bytes(text.data(), text.size(), key);
    return;
  }
  if (PyFloat_CheckExact(p)) {
    double value = PyFloat_AS_DOUBLE(p);
    uint64_t bits;
    std::memcpy(&bits, &value, sizeof(bits));
    key.push_back(float_tag);
    key.push_back(bits);
    return;
  }
  if (PyUnicode_CheckExact(p)) {
    Py_ssize_t size = 0;
    const char* text = PyUnicode_AsUTF8AndSize(p, &size);
    if (!text) { // lone surrogates: no UTF-8 form
      PyErr_Clear();
      append_interned(obj, key);
      return;
    }
    key.push_back(str_tag);
    append_bytes(text, static_cast<size_t>(size), key);
    return;
  }
  bool is_list = PyList_Check(p), is_tuple = PyTuple_Check(p), is_dict = PyDict_Check(p);
  if (((is_list || is_dict) && !as_key) || is_tuple) {
    if (!PyList_CheckExact(p) && !PyTuple_CheckExact(p) && !PyDict_CheckExact(p)) {
      // A named tuple or a dict subclass: its type is part of the structure.
      key.push_back(subclass_tag);
      key.push_back(intern(py::type::handle_of(obj)));
    }
    if (is_dict) {
      key.push_back(dict_tag);
      key.push_back(PyDict_Size(p));
      PyObject *k, *v;
      Py_ssize_t pos = 0;
      while (PyDict_Next(p, &pos, &k, &v)) {
        append(k, arrays, key, /* as_key = */ true);
        append(v, arrays, key, as_key);
      }
    } else {
      auto seq = py::reinterpret_steal<py::object>(PySequence_Fast(p, ""));
      if (!seq) throw py::error_already_set();
      Py_ssize_t n = PySequence_Fast_GET_SIZE(seq.ptr());
      PyObject** items = PySequence_Fast_ITEMS(seq.ptr());
      key.push_back(is_list ? list_tag : tuple_tag);
      key.push_back(n);
      for (Py_ssize_t i = 0; i < n; ++i) append(items[i], arrays, key, as_key);
    }
    key.push_back(end_tag);
    return;
  }
  // Subclasses of the constant types (enum members, ...) and, in dict keys,
  // any hashable object: compared by equality through the intern table.
  if (as_key || PyLong_Check(p) || PyFloat_Check(p) || PyUnicode_Check(p)) {
    append_interned(obj, key);
    return;
  }
  bad_leaf(obj);
}

} // namespace

void append_call_key(py::handle tree, std::vector<mxcore::array>& arrays,
                     std::vector<uint64_t>& key) {
  append(tree, arrays, key, /* as_key = */ false);
}

} // namespace mxpy
