// Python bindings of serialization: save, save_safetensors, and the private
// _load_npy / _load_safetensors that python/mxcore/_io.py builds mx.load,
// savez and the .npz format on. Files are paths (str, os.PathLike) or binary
// file objects (anything with read/readinto, tell, seek, or with write).
#include "convert.h"
#include "io/io_util.h"
#include "mxcore/io.h"

using namespace mxcore;

namespace {

// A Python binary file object as an io::Reader. Called with the GIL held
// (loading is eager, see mxcore/io.h).
class PyFileReader : public io::Reader {
 public:
  explicit PyFileReader(py::object file) : file_(std::move(file)) {}

  bool is_open() const override {
    return !py::hasattr(file_, "closed") || !file_.attr("closed").cast<bool>();
  }
  size_t tell() override { return file_.attr("tell")().cast<size_t>(); }

  void read(char* data, size_t n) override {
    size_t done = 0;
    bool has_readinto = py::hasattr(file_, "readinto");
    while (done < n) {
      size_t got;
      if (has_readinto) {
        auto view = py::memoryview::from_memory(data + done, static_cast<ssize_t>(n - done));
        py::object r = file_.attr("readinto")(view);
        got = r.is_none() ? 0 : r.cast<size_t>();
      } else {
        py::bytes chunk = file_.attr("read")(n - done);
        std::string_view bytes = chunk;
        std::copy(bytes.begin(), bytes.end(), data + done);
        got = bytes.size();
      }
      if (got == 0) {
        throw std::runtime_error("[read] Unable to read " + std::to_string(n) +
                                 " bytes from file-like object.");
      }
      done += got;
    }
  }

  void read(char* data, size_t n, size_t offset) override {
    py::object here = file_.attr("tell")();
    file_.attr("seek")(offset);
    read(data, n);
    file_.attr("seek")(here);
  }

  std::string label() const override {
    if (py::hasattr(file_, "name")) return py::str(file_.attr("name"));
    return "file-like object";
  }

 private:
  py::object file_;
};

class PyFileWriter : public io::Writer {
 public:
  explicit PyFileWriter(py::object file) : file_(std::move(file)) {}

  bool is_open() const override {
    return !py::hasattr(file_, "closed") || !file_.attr("closed").cast<bool>();
  }
  void write(const char* data, size_t n) override {
    size_t done = 0;
    while (done < n) {
      auto view = py::memoryview::from_memory(data + done, static_cast<ssize_t>(n - done));
      py::object r = file_.attr("write")(view);
      // Buffered files write everything and return n; raw files may write less.
      size_t put = r.is_none() ? n - done : r.cast<size_t>();
      if (put == 0) throw std::runtime_error("[write] Unable to write to file-like object.");
      done += put;
    }
  }
  std::string label() const override { return "file-like object"; }

 private:
  py::object file_;
};

bool is_path(const py::handle& file) {
  return py::isinstance<py::str>(file) || py::isinstance<py::bytes>(file) ||
         py::hasattr(file, "__fspath__");
}

std::string path_of(const py::handle& file) {
  return py::module_::import("os").attr("fsdecode")(file).cast<std::string>();
}

std::shared_ptr<io::Reader> reader_for(const py::object& file, const char* op) {
  if (is_path(file)) return std::make_shared<io::FileReader>(path_of(file));
  if (py::hasattr(file, "read")) return std::make_shared<PyFileReader>(file);
  throw std::invalid_argument(std::string("[") + op +
                              "] Input must be a file-like object, or string");
}

std::shared_ptr<io::Writer> writer_for(const py::object& file, const char* op) {
  if (py::hasattr(file, "write")) return std::make_shared<PyFileWriter>(file);
  throw std::invalid_argument(std::string("[") + op +
                              "] Input must be a file-like object, or string");
}

py::dict to_dict(const std::unordered_map<std::string, array>& arrays) {
  py::dict out;
  for (auto& [k, v] : arrays) out[py::str(k)] = py::cast(v);
  return out;
}

} // namespace

void init_io(py::module_& m) {
  m.def(
      "save",
      [](const py::object& file, const array& arr) {
        if (is_path(file)) {
          save(path_of(file), arr);
        } else {
          save(writer_for(file, "save"), arr);
        }
      },
      py::arg("file"), py::arg("arr"),
      R"pbdoc(Save the array to a binary file in ``.npy`` format.

Args:
    file (str, pathlib.Path, file): File to which the array is saved
    arr (array): Array to be saved.)pbdoc");

  m.def(
      "save_safetensors",
      [](const py::object& file, const py::dict& arrays, const py::object& metadata) {
        std::unordered_map<std::string, array> arrs;
        for (auto [k, v] : arrays) {
          if (!py::isinstance<py::str>(k) || !py::isinstance<array>(v)) {
            throw py::type_error(
                "[save_safetensors] Arrays must be a dictionary with string keys and array values");
          }
          arrs.insert_or_assign(k.cast<std::string>(), v.cast<array>());
        }
        std::unordered_map<std::string, std::string> meta;
        if (!metadata.is_none()) {
          bool ok = py::isinstance<py::dict>(metadata);
          if (ok) {
            for (auto [k, v] : metadata.cast<py::dict>()) {
              if (!py::isinstance<py::str>(k) || !py::isinstance<py::str>(v)) {
                ok = false;
                break;
              }
              meta[k.cast<std::string>()] = v.cast<std::string>();
            }
          }
          if (!ok) {
            throw std::invalid_argument(
                "[save_safetensors] Metadata must be a dictionary with string keys and values");
          }
        }
        if (is_path(file)) {
          save_safetensors(path_of(file), std::move(arrs), std::move(meta));
        } else {
          save_safetensors(writer_for(file, "save_safetensors"), std::move(arrs), std::move(meta));
        }
      },
      py::arg("file"), py::arg("arrays"), py::arg("metadata") = py::none(),
      R"pbdoc(Save array(s) to a binary file in ``.safetensors`` format.

See the `Safetensors documentation <https://huggingface.co/docs/safetensors/index>`_
for more information on the format.

Args:
    file (file, str, pathlib.Path): File in which the array is saved.
    arrays (dict(str, array)): The dictionary of names to arrays to be saved.
    metadata (dict(str, str), optional): The dictionary of metadata to be saved.)pbdoc");

  m.def(
      "_load_npy",
      [](const py::object& file, mxpy::StreamArg s) { return load(reader_for(file, "load"), s); },
      py::arg("file"), py::kw_only(), py::arg("stream") = py::none());

  m.def(
      "_load_safetensors",
      [](const py::object& file, mxpy::StreamArg s) {
        auto [arrays, metadata] = load_safetensors(reader_for(file, "load_safetensors"), s);
        return py::make_tuple(to_dict(arrays), py::cast(metadata));
      },
      py::arg("file"), py::kw_only(), py::arg("stream") = py::none());

  // Raw row-major tensor data for the .gguf codec in python/mxcore/_gguf.py.
  m.def(
      "_read_raw",
      [](const py::object& file, size_t offset, const Shape& shape, Dtype dtype,
         mxpy::StreamArg s) {
        to_stream(s); // validates the stream argument
        return io_detail::read_array(*reader_for(file, "load"), shape, dtype, offset);
      },
      py::arg("file"), py::arg("offset"), py::arg("shape"), py::arg("dtype"), py::kw_only(),
      py::arg("stream") = py::none());
  m.def(
      "_write_raw",
      [](const py::object& file, const array& a) {
        io_detail::write_data(*writer_for(file, "save"), io_detail::row_major_for_write(a));
      },
      py::arg("file"), py::arg("arr"));
}
