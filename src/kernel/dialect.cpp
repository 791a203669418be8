// Defaults of the Dialect hooks one family of dialects never calls.
#include "kernel/dialect.h"

#include <stdexcept>

namespace mxcore::kernel {

namespace {
[[noreturn]] void missing(const char* hook) {
  throw std::logic_error(std::string("[kernel] This dialect does not provide ") + hook + ".");
}
} // namespace

// Grid dialects take buffers as parameters and read a scalar's element 0.
std::string Dialect::buffer_binding(const std::string&, const std::string&, bool, int) const {
  return "";
}
std::string Dialect::scalar_element(const std::string& name, Dtype, int) const {
  return name + "_ptr[0]";
}

std::string Dialect::accumulator_type(Dtype) const { missing("row-loop accumulators"); }
std::string Dialect::convert(const std::string&, const std::string&) const {
  missing("conversions");
}
std::string Dialect::row_fold_type(Op, const std::string&) const { missing("reductions"); }
std::string Dialect::row_buffer(const std::string&, const std::string&,
                                const std::string&) const {
  missing("row buffers");
}
std::string Dialect::row_buffer_release(const std::string&) const { missing("row buffers"); }
std::string Dialect::reduce_result(Dtype, const std::string&) const { missing("reductions"); }
std::string Dialect::block_conversion(Dtype, bool) const { return ""; }

std::string Dialect::row_kernel_open(const FusedProgram& p, const KernelVariant& v) const {
  return "void " + kernel_name(p, v) +
         "(void** args, int64_t cols, int64_t row_begin, int64_t row_end) {\n";
}
std::string Dialect::row_loop_open() const {
  return "  for (int64_t row = row_begin; row < row_end; ++row) {\n";
}
std::string Dialect::row_block_loop() const {
  return "for (int64_t c0 = 0; c0 < cols; c0 += row_block) {\n";
}
std::string Dialect::row_block_size() const {
  return "const int64_t cn = cols - c0 < row_block ? cols - c0 : row_block;\n";
}

std::string Dialect::buffer_param(const std::string&, bool) const { missing("grid parameters"); }
std::string Dialect::constant_param(const std::string&, bool) const {
  missing("grid parameters");
}
std::string Dialect::grid_kernel_open(const std::string&, const std::vector<KernelArg>&) const {
  missing("grid kernels");
}
std::string Dialect::thread_position(char) const { missing("thread positions"); }
std::string Dialect::grid_size(char) const { missing("grid sizes"); }

} // namespace mxcore::kernel
