// Saving and loading arrays: NumPy .npy and .safetensors (MLX's C++ io API).
//
// Loading from a file on disk is lazy, as in MLX: the arrays read their bytes
// when evaluated (a Load primitive), so a read error surfaces at eval. Other
// readers (Python file objects, which need the GIL and may be closed right
// after load returns) are read eagerly.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>

#include "mxcore/array.h"
#include "mxcore/ops.h"

namespace mxcore {

namespace io {

// A byte source. Sequential reads advance the position; positioned reads use
// offsets counted from the start of the stream and leave the position alone.
class Reader {
 public:
  virtual ~Reader() = default;
  virtual bool is_open() const = 0;
  virtual size_t tell() = 0;
  // Reads exactly n bytes or throws std::runtime_error.
  virtual void read(char* data, size_t n) = 0;
  virtual void read(char* data, size_t n, size_t offset) = 0;
  // Names the source in error messages (the path for files).
  virtual std::string label() const = 0;
};

// A byte sink.
class Writer {
 public:
  virtual ~Writer() = default;
  virtual bool is_open() const = 0;
  // Writes all n bytes or throws std::runtime_error.
  virtual void write(const char* data, size_t n) = 0;
  virtual std::string label() const = 0;
};

// A file on disk, opened for reading. is_open() is false when it cannot be opened.
class FileReader : public Reader {
 public:
  explicit FileReader(std::string path);
  ~FileReader() override;
  FileReader(const FileReader&) = delete;
  FileReader& operator=(const FileReader&) = delete;
  bool is_open() const override { return fd_ >= 0; }
  size_t tell() override { return pos_; }
  void read(char* data, size_t n) override;
  void read(char* data, size_t n, size_t offset) override;
  std::string label() const override { return path_; }

 private:
  std::string path_;
  int fd_ = -1;
  size_t pos_ = 0;
};

// A file on disk, created or truncated for writing.
class FileWriter : public Writer {
 public:
  explicit FileWriter(std::string path);
  ~FileWriter() override;
  FileWriter(const FileWriter&) = delete;
  FileWriter& operator=(const FileWriter&) = delete;
  bool is_open() const override { return fd_ >= 0; }
  void write(const char* data, size_t n) override;
  std::string label() const override { return path_; }

 private:
  std::string path_;
  int fd_ = -1;
};

} // namespace io

// ---- .npy

// Writes a in NumPy's .npy format (version 1.0, or 2.0 for huge headers).
void save(std::shared_ptr<io::Writer> out, array a);
// Appends ".npy" to file when it has another extension or none (like MLX).
void save(std::string file, array a);

// Reads a .npy array: every dtype mxcore has (bfloat16 as MLX writes it,
// '<V2'), either byte order, C or Fortran order.
array load(std::shared_ptr<io::Reader> in, StreamOrDevice s = {});
array load(std::string file, StreamOrDevice s = {});

// ---- .safetensors

using SafetensorsLoad = std::pair<std::unordered_map<std::string, array>,
                                  std::unordered_map<std::string, std::string>>;

SafetensorsLoad load_safetensors(std::shared_ptr<io::Reader> in, StreamOrDevice s = {});
SafetensorsLoad load_safetensors(const std::string& file, StreamOrDevice s = {});

void save_safetensors(std::shared_ptr<io::Writer> out,
                      std::unordered_map<std::string, array> arrays,
                      std::unordered_map<std::string, std::string> metadata = {});
// Appends ".safetensors" to file when missing (like MLX).
void save_safetensors(std::string file, std::unordered_map<std::string, array> arrays,
                      std::unordered_map<std::string, std::string> metadata = {});

} // namespace mxcore
