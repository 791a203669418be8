// Load: an array whose bytes are read from a file when it is evaluated (MLX's
// lazy load). Errors of the read (a file truncated after load returned, a
// short read) surface at eval, on the stream that evaluates.
#pragma once

#include <memory>
#include <optional>

#include "mxcore/io.h"
#include "mxcore/primitives.h"

namespace mxcore::io_detail {

class Load : public UnaryPrimitive {
 public:
  // nbytes at offset of `reader`; swap_bytes reverses each scalar's bytes
  // (a complex64 holds two), bool bytes are normalised to 0/1.
  Load(Stream stream, std::shared_ptr<io::Reader> reader, size_t offset, bool swap_bytes)
      : UnaryPrimitive(stream), reader_(std::move(reader)), offset_(offset),
        swap_bytes_(swap_bytes) {}
  void eval_cpu(const std::vector<array>& inputs, array& out) override;
  std::vector<array> jvp(const std::vector<array>&, const std::vector<array>&,
                         const std::vector<int>&) override {
    return {};
  }
  std::vector<array> vjp(const std::vector<array>&, const std::vector<array>&,
                         const std::vector<int>&, const std::vector<array>&) override {
    return {};
  }
  std::pair<std::vector<array>, std::vector<int>> vmap(const std::vector<array>&,
                                                       const std::vector<int>&) override {
    throw std::invalid_argument("[Load] vmap over a primitive without inputs.");
  }
  MXCORE_DEFINE_NAME(Load)

 private:
  std::shared_ptr<io::Reader> reader_;
  size_t offset_;
  bool swap_bytes_;
};

// Fills buffer (nbytes, of dtype) from `in` at offset (or sequentially),
// then swaps bytes and normalises bools.
void read_into(io::Reader& in, char* buffer, size_t nbytes, Dtype dtype,
               std::optional<size_t> offset, bool swap_bytes);

} // namespace mxcore::io_detail
