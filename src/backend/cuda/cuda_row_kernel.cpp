// Row programs (reductions over the last axis fused with their elementwise
// neighbours: softmax, layer norm, rms norm) as one kernel with one block
// per row. Each thread holds its columns' inputs in registers (16-byte
// loads when the row allows), each reduction is a pass over those values
// folded per thread, across the warp with shuffles and across warps through
// shared memory; the last pass computes and stores the per-element outputs.
// Levels (uniform / per row / per element) are the CPU row loop's.
#include <algorithm>
#include <cstdlib>
#include <sstream>
#include <stdexcept>
#include <unordered_map>
#include <unordered_set>

#include "backend/cuda/cuda_backend.h"
#include "backend/cuda/cuda_dialect.h"
#include "backend/cuda/cuda_fused.h"
#include "kernel/cstyle_renderer.h"
#include "kernel/cstyle_writer.h"
#include "kernel/row_layout.h"

namespace mxcore::cuda {

using kernel::InputKind;
using kernel::NodeKind;

namespace {

enum class Level { uniform, row, element };

// Registers per thread for cached rows: up to this many columns.
constexpr int max_cached_columns = 32;

// Columns a thread holds at most when the row allows more threads;
// MXCORE_CUDA_ROW_ELEMENTS overrides it for tuning sweeps
// (benchmarks/gpu_row_sweep.py), read once.
int max_row_elements() {
  static const int n = [] {
    const char* e = std::getenv("MXCORE_CUDA_ROW_ELEMENTS");
    const int v = e ? std::atoi(e) : 0;
    return v >= 4 && v <= 64 ? v : 16;
  }();
  return n;
}

struct RowWriter {
  kernel::cstyle::Writer& w;
  const RowShape& shape;
  const std::vector<bool>& tiled; // per input, or empty: none
  std::unordered_map<std::string, Level> levels;
  // Cached rows: per-element nodes an earlier pass computed and kept in
  // registers (name_c[K * V]), so later passes (the output pass of softmax
  // re-using exp) read them instead of computing them again.
  std::unordered_set<std::string> kept;
  int reductions = 0; // emitted so far (picks the shared buffer)

  RowWriter(kernel::cstyle::Writer& w, const RowShape& shape, const std::vector<bool>& tiled)
      : w(w), shape(shape), tiled(tiled) {
    for (size_t i = 0; i < w.p.inputs.size(); ++i) {
      auto k = w.kind_of(i);
      levels[w.p.inputs[i].name] = k == InputKind::constant || k == InputKind::scalar
                                       ? Level::uniform
                                   : k == InputKind::row ? Level::row
                                                         : Level::element;
    }
    for (auto& n : w.p.tape) {
      Level l = Level::uniform;
      if (n.kind == NodeKind::reduce) {
        l = Level::row;
      } else {
        for (auto& in : n.inputs) l = std::max(l, levels.at(in));
      }
      levels[n.name] = l;
    }
    for (size_t o = 0; o < w.p.outputs.size(); ++o) {
      if (w.v.per_row_outputs[o] && levels.at(w.p.outputs[o].value) == Level::element) {
        throw std::invalid_argument(
            "[compile] A per-row output of a row kernel varies along the row.");
      }
    }
  }

  bool cached() const { return shape.chunks > 0; }
  // Every chunk lies inside the row: no per-column bounds checks.
  bool exact() const { return cached() && shape.exact; }

  std::vector<std::string> element_closure(const std::vector<std::string>& targets) const {
    std::unordered_set<std::string> need(targets.begin(), targets.end());
    for (auto it = w.p.tape.rbegin(); it != w.p.tape.rend(); ++it) {
      if (!need.count(it->name) || levels.at(it->name) != Level::element) continue;
      for (auto& in : it->inputs) need.insert(in);
    }
    std::vector<std::string> order;
    for (auto& in : w.p.inputs) {
      if (need.count(in.name) && levels.at(in.name) == Level::element) order.push_back(in.name);
    }
    for (auto& n : w.p.tape) {
      if (need.count(n.name) && levels.at(n.name) == Level::element) order.push_back(n.name);
    }
    return order;
  }

  // Where input i's element at column j of this row is in memory.
  std::string element_address(size_t i, const std::string& j) const {
    auto& in = w.p.inputs[i];
    return w.kind_of(i) == InputKind::column ? in.name + "_ptr[" + j + "]"
                                             : in.name + "_row[" + j + "]";
  }

  // The chunk loop: column j = (k * T + tid) * V + c.
  void open_chunks(const char* indent) {
    auto& os = w.os;
    if (cached()) {
      os << indent << "#pragma unroll\n" << indent << "for (int k = 0; k < K; ++k) {\n";
    } else {
      os << indent << "for (int k = 0; k < num_chunks; ++k) {\n";
    }
    os << indent << "  const int64_t j0 = (int64_t(k) * T + tid) * V;\n"
       << indent << "#pragma unroll\n"
       << indent << "  for (int c = 0; c < V; ++c) {\n"
       << indent << "    const int64_t j = j0 + c;\n"
       << indent << (exact() ? "    {\n" : "    if (j < cols) {\n");
  }
  void close_chunks(const char* indent) { w.os << indent << "    }\n" << indent << "  }\n" << indent << "}\n"; }

  void element_values(const std::vector<std::string>& values, const char* indent,
                      bool keep = false) {
    for (auto& name : values) {
      if (kept.count(name)) {
        w.os << indent << "const " << w.d.value_type(w.p.dtype_of(name)) << " " << name << " = "
             << name << "_c[k * V + c];\n";
        continue;
      }
      bool is_input = false;
      for (size_t i = 0; i < w.p.inputs.size(); ++i) {
        auto& in = w.p.inputs[i];
        if (in.name != name) continue;
        is_input = true;
        std::string value = cached() ? in.name + "_c[k * V + c]"
                                     : w.d.load(in.dtype, element_address(i, "j"));
        w.os << indent << "const " << w.d.value_type(in.dtype) << " " << in.name << " = "
             << value << ";\n";
      }
      if (is_input) continue;
      for (auto& n : w.p.tape) {
        if (n.name != name) continue;
        w.node(n, indent);
        if (keep) w.os << indent << name << "_c[k * V + c] = " << name << ";\n";
      }
    }
  }

  void reduction(const kernel::FusedNode& n) {
    auto& os = w.os;
    auto& d = w.d;
    const std::string A = d.accumulator_type(n.dtype);
    const std::string acc = n.name + "_acc";
    const std::string fold_other = reduce_fold(n.op, acc, "other");
    os << "  " << A << " " << acc << " = " << reduce_init(n.op, A) << ";\n";
    open_chunks("  ");
    auto values = element_closure({n.inputs[0]});
    element_values(values, "        ", cached());
    os << "        " << reduce_fold(n.op, acc, d.convert(A, n.inputs[0])) << ";\n";
    close_chunks("  ");
    for (auto& v : values) {
      if (cached() && !w.p.find_input(v)) kept.insert(v);
    }
    // Across the block with one barrier: each warp's fold goes to shared
    // memory, then every warp folds all of them and takes lane 0's result
    // (lanes may differ in a zero's sign: max(+0, -0)), the same in every
    // warp. Reductions alternate between two buffers, so the next one's
    // writes never race with this one's reads.
    const std::string buf = "reinterpret_cast<" + A + "*>(mxc_smem + " +
                            std::to_string(reductions++ % 2 * 32 * 8) + ")";
    os << "  for (int o = 16; o > 0; o >>= 1) { " << A << " other = mxc_shfl_xor(" << acc
       << ", o); " << fold_other << "; }\n";
    if (shape.threads == 32) { // a warp per row: the shuffles did it all
      os << "  " << acc << " = mxc_shfl(" << acc << ", 0, false);\n"
         << "  const " << d.value_type(n.dtype) << " " << n.name << " = "
         << d.reduce_result(n.dtype, acc) << ";\n";
      return;
    }
    os << "  if (lane == 0) " << buf << "[warp] = " << acc << ";\n"
       << "  __syncthreads();\n"
       << "  " << acc << " = lane < T / 32 ? " << buf << "[lane] : " << reduce_init(n.op, A)
       << ";\n"
       << "  for (int o = 16; o > 0; o >>= 1) { " << A << " other = mxc_shfl_xor(" << acc
       << ", o); " << fold_other << "; }\n"
       << "  " << acc << " = mxc_shfl(" << acc << ", 0, false);\n"
       << "  const " << d.value_type(n.dtype) << " " << n.name << " = "
       << d.reduce_result(n.dtype, acc) << ";\n";
  }

  void write(const std::string& name) {
    auto& os = w.os;
    auto& d = w.d;
    auto& p = w.p;
    std::vector<kernel::KernelArg> args;
    for (size_t i = 0; i < p.inputs.size(); ++i) {
      if (w.kind_of(i) == InputKind::constant) continue;
      args.push_back({d.buffer_param(d.storage_type(p.inputs[i].dtype), true),
                      p.inputs[i].name + "_ptr", 0});
    }
    for (auto& o : p.outputs) {
      args.push_back({d.buffer_param(d.storage_type(o.dtype), false), o.name + "_ptr", 0});
    }
    args.push_back({"const int64_t", "cols", 0});
    const bool any_tiled = std::find(tiled.begin(), tiled.end(), true) != tiled.end();
    if (any_tiled) args.push_back({"const int64_t", "tile_rows", 0});
    const int R = shape.rows_per_block;
    if (R > 1) args.push_back({"const int64_t", "rows", 0});
    // One block per row: the block size is the launch bound. (Asking for
    // more blocks per SM only made rows with bounds checks spill: 4096
    // halves fit in 64 registers as they are.)
    std::string open = d.grid_kernel_open(name, args);
    const std::string bound = "__launch_bounds__(" + std::to_string(block_threads) + ")";
    open.replace(open.find(bound), bound.size(),
                 "__launch_bounds__(" + std::to_string(shape.threads * R) + ")");
    os << open << "  constexpr int T = " << shape.threads << ";\n"
       << "  constexpr int V = " << shape.vector << ";\n";
    if (cached()) os << "  constexpr int K = " << shape.chunks << ";\n";
    if (R > 1) { // R rows of a warp each; no block-wide barrier follows
      os << "  const int tid = threadIdx.x % 32, lane = tid;\n"
         << "  const int64_t row = int64_t(blockIdx.x) * " << R << " + threadIdx.x / 32;\n"
         << "  if (row >= rows) return;\n";
    } else {
      os << "  __shared__ alignas(16) unsigned char mxc_smem[2 * 32 * 8];\n"
         << "  const int tid = threadIdx.x, lane = tid % 32, warp = tid / 32;\n"
         << "  const int64_t row = blockIdx.x;\n";
    }
    if (!cached()) os << "  const int num_chunks = int((cols + T * V - 1) / (T * V));\n";
    w.arguments();
    for (auto& n : p.tape) {
      if (levels.at(n.name) == Level::uniform) w.node(n, "  ");
    }
    for (size_t i = 0; i < p.inputs.size(); ++i) {
      auto& in = p.inputs[i];
      if (w.kind_of(i) == InputKind::contiguous) {
        const bool is_tiled = i < tiled.size() && tiled[i];
        os << "  const " << d.storage_type(in.dtype) << "* " << in.name << "_row = " << in.name
           << "_ptr + " << (is_tiled ? "row % tile_rows" : "row") << " * cols;\n";
      } else if (w.kind_of(i) == InputKind::row) {
        os << "  const " << d.value_type(in.dtype) << " " << in.name << " = "
           << d.load(in.dtype, in.name + "_ptr[row]") << ";\n";
      }
    }
    // Cached rows: every per-element input read once, 16 bytes at a time
    // when V > 1 (the row's start and length allow it).
    if (cached()) {
      for (size_t i = 0; i < p.inputs.size(); ++i) {
        auto k = w.kind_of(i);
        if (k != InputKind::contiguous && k != InputKind::column) continue;
        auto& in = p.inputs[i];
        auto st = d.storage_type(in.dtype);
        auto base = k == InputKind::column ? in.name + "_ptr" : in.name + "_row";
        os << "  " << d.value_type(in.dtype) << " " << in.name << "_c[K * V];\n"
           << "#pragma unroll\n  for (int k = 0; k < K; ++k) {\n"
           << "    const int64_t j0 = (int64_t(k) * T + tid) * V;\n"
           << "    if (j0 < cols) {\n";
        if (shape.vector > 1) {
          os << "      alignas(16) " << st << " s[V];\n"
             << "      mxc_load<V * sizeof(" << st << ") / 16>(s, " << base << " + j0);\n"
             << "#pragma unroll\n      for (int c = 0; c < V; ++c) " << in.name
             << "_c[k * V + c] = " << d.load(in.dtype, "s[c]") << ";\n";
        } else {
          os << "      " << in.name << "_c[k] = " << d.load(in.dtype, base + "[j0]") << ";\n";
        }
        os << "    }\n  }\n";
      }
    }
    if (cached()) {
      // Unused ones cost nothing: the compiler drops them.
      for (auto& n : p.tape) {
        if (levels.at(n.name) == Level::element && n.kind != NodeKind::reduce) {
          os << "  " << d.value_type(n.dtype) << " " << n.name << "_c[K * V];\n";
        }
      }
    }
    for (auto& n : p.tape) {
      if (n.kind == NodeKind::reduce) {
        reduction(n);
      } else if (levels.at(n.name) == Level::row) {
        w.node(n, "  ");
      }
    }
    std::vector<std::string> targets;
    for (size_t o = 0; o < p.outputs.size(); ++o) {
      auto& out = p.outputs[o];
      if (w.v.per_row_outputs[o]) {
        os << "  if (tid == 0) " << out.name << "_ptr[row] = " << d.store(out.dtype, out.value)
           << ";\n";
      } else {
        targets.push_back(out.value);
      }
    }
    if (targets.empty()) {
      os << "}\n";
      return;
    }
    auto values = element_closure(targets);
    const bool vector_store = cached() && shape.vector > 1;
    if (vector_store) {
      os << "#pragma unroll\n  for (int k = 0; k < K; ++k) {\n"
         << "    const int64_t j0 = (int64_t(k) * T + tid) * V;\n"
         << "    if (j0 >= cols) break;\n";
      for (size_t o = 0; o < p.outputs.size(); ++o) {
        if (w.v.per_row_outputs[o]) continue;
        os << "    alignas(16) " << d.storage_type(p.outputs[o].dtype) << " " << p.outputs[o].name
           << "_s[V];\n";
      }
      os << "#pragma unroll\n    for (int c = 0; c < V; ++c) {\n";
      element_values(values, "      ");
      for (size_t o = 0; o < p.outputs.size(); ++o) {
        auto& out = p.outputs[o];
        if (w.v.per_row_outputs[o]) continue;
        os << "      " << out.name << "_s[c] = " << d.store(out.dtype, out.value) << ";\n";
      }
      os << "    }\n";
      for (size_t o = 0; o < p.outputs.size(); ++o) {
        auto& out = p.outputs[o];
        if (w.v.per_row_outputs[o]) continue;
        os << "    mxc_store<V * sizeof(" << d.storage_type(out.dtype) << ") / 16>(" << out.name
           << "_ptr + row * cols + j0, " << out.name << "_s);\n";
      }
      os << "  }\n}\n";
      return;
    }
    open_chunks("  ");
    element_values(values, "        ");
    for (size_t o = 0; o < p.outputs.size(); ++o) {
      auto& out = p.outputs[o];
      if (w.v.per_row_outputs[o]) continue;
      os << "        " << out.name << "_ptr[row * cols + j] = " << d.store(out.dtype, out.value)
         << ";\n";
    }
    close_chunks("  ");
    os << "}\n";
  }
};

// Device buffers for the outputs (row-major); a full output may take over
// a donatable full device input of its element size.
void allocate_device_row_outputs(const std::vector<array>& inputs, std::vector<array>& outputs,
                          const kernel::RowLayout& layout) {
  std::vector<bool> used(inputs.size(), false);
  for (size_t o = 0; o < outputs.size(); ++o) {
    auto& out = outputs[o];
    bool donated = false;
    for (size_t i = 0; i < inputs.size() && !layout.per_row_outputs[o]; ++i) {
      auto& in = inputs[i];
      if (used[i] || layout.kinds[i] != InputKind::contiguous ||
          in.itemsize() != out.itemsize() || in.shape() != out.shape() || !in.is_donatable() ||
          !on_device(in)) {
        continue;
      }
      out.copy_shared_buffer(in, in.strides(), in.flags(), in.data_size());
      used[i] = donated = true;
      break;
    }
    if (!donated) allocate_device(out);
  }
}

} // namespace

// "_tiled" and one digit per input ("" when none is tiled).
static std::string tiled_tag(const std::vector<bool>& tiled) {
  if (std::find(tiled.begin(), tiled.end(), true) == tiled.end()) return "";
  std::string t = "_tiled";
  for (bool b : tiled) t += b ? '1' : '0';
  return t;
}

std::string RowShape::tag() const {
  return "t" + std::to_string(threads) + "v" + std::to_string(vector) + "k" +
         std::to_string(chunks) + (exact ? "x" : "") +
         (rows_per_block > 1 ? "r" + std::to_string(rows_per_block) : "");
}

RowShape plan_row_shape(const kernel::FusedProgram& p, int64_t cols, bool aligned) {
  size_t narrow = 16;
  for (auto& in : p.inputs) narrow = std::min<size_t>(narrow, size_of(in.dtype));
  for (auto& o : p.outputs) narrow = std::min<size_t>(narrow, size_of(o.dtype));
  RowShape s;
  s.vector = aligned && cols % (16 / narrow) == 0 ? static_cast<int>(16 / narrow) : 1;
  // Threads: enough that each holds at most two chunks (16 halves or 8
  // floats of a 4096-column row over 256 or 512 threads: few registers, so
  // several rows per SM), a warp at least.
  int64_t per_vector = (cols + s.vector - 1) / s.vector;
  int64_t t = 32;
  while (t < 1024 && t * 2 < per_vector) t *= 2;
  s.threads = static_cast<int>(t);
  // At most max_row_elements columns a thread (16 unless tuned): a bool
  // mask's 16-wide vectors would otherwise hold 32 halves and their float
  // values per thread, and the registers cut the SM's occupancy.
  // (More threads only while a thread holds several chunks: one chunk of a
  // vector wider than the limit stays one chunk.)
  while (t < 1024 && (per_vector + t - 1) / t > 1 &&
         (per_vector + t - 1) / t * s.vector > max_row_elements()) {
    t *= 2;
  }
  s.threads = static_cast<int>(t);
  int64_t chunks = (per_vector + t - 1) / t;
  s.chunks = chunks * s.vector <= max_cached_columns ? static_cast<int>(chunks) : 0;
  if (s.chunks == 0) s.vector = 1; // long rows: re-read, one column at a time
  s.exact = s.chunks > 0 && cols == int64_t(s.chunks) * s.threads * s.vector;
  // Short rows: a warp each, 8 to a block (blocks of one warp left the SMs
  // half occupied at their resident-block limit).
  if (s.threads == 32) s.rows_per_block = 8;
  return s;
}

std::string row_source(const kernel::FusedProgram& p, const kernel::KernelVariant& v,
                       const RowShape& shape, std::string* symbol,
                       const std::vector<bool>& tiled) {
  const auto& d = cuda_dialect();
  kernel::cstyle::Writer w(d, p, v);
  *symbol = d.kernel_name(p, v) + "_" + shape.tag() + tiled_tag(tiled);
  RowWriter(w, shape, tiled).write(*symbol);
  return d.preamble(p, v) + cuda_kernel_support + w.os.str();
}

void run_row(const kernel::FusedProgram& p, const std::vector<array>& inputs,
             std::vector<array>& outputs, const Stream& s) {
  auto full = kernel::row_full_shape(p, inputs, outputs);
  auto layout = kernel::plan_row_layout(inputs, p.constant_inputs, outputs, full);
  std::vector<array> dense_inputs;
  const std::vector<array>* ins = &inputs;
  if (!layout.supported) {
    // Layouts the kernel cannot read (transposed, partly broadcast): those
    // inputs are copied to full row-major arrays first.
    dense_inputs = inputs;
    Shape reduced = full;
    reduced.back() = 1;
    for (size_t i = 0; i < inputs.size(); ++i) {
      auto& x = inputs[i];
      if (p.constant_inputs[i] || x.size() == 1 || x.data_size() == 1) continue;
      bool fine = x.flags().row_contiguous && (x.shape() == full || x.shape() == reduced);
      if (!fine) dense_inputs[i] = dense_copy(x, full, s);
    }
    layout = kernel::plan_row_layout(dense_inputs, p.constant_inputs, outputs, full);
    if (!layout.supported) {
      throw std::invalid_argument("[cuda] A row kernel's output layout is not supported.");
    }
    ins = &dense_inputs;
  }
  std::vector<CUdeviceptr> in_ptrs(ins->size(), 0);
  for (size_t i = 0; i < ins->size(); ++i) {
    if (!p.constant_inputs[i]) in_ptrs[i] = device_address((*ins)[i], s);
  }
  allocate_device_row_outputs(*ins, outputs, layout);
  if (layout.rows == 0) return;
  std::vector<CUdeviceptr> out_ptrs;
  for (auto& o : outputs) out_ptrs.push_back(reinterpret_cast<CUdeviceptr>(o.raw_data()));
  bool aligned = true;
  for (size_t i = 0; i < ins->size(); ++i) {
    auto k = layout.kinds[i];
    if (k == InputKind::contiguous || k == InputKind::column) aligned &= in_ptrs[i] % 16 == 0;
  }
  for (size_t o = 0; o < outputs.size(); ++o) {
    if (!layout.per_row_outputs[o]) aligned &= out_ptrs[o] % 16 == 0;
  }
  auto shape = plan_row_shape(p, layout.cols, aligned);
  auto v = layout.variant();
  // Tiled inputs (a (seq, seq) mask of (batch, heads, seq, seq) scores):
  // the kernel reads their row `row % tile_rows`.
  const bool any_tiled = layout.tile_rows > 0 && layout.tile_rows < layout.rows;
  const std::vector<bool> tiled = any_tiled ? layout.tiled : std::vector<bool>{};
  CUfunction fn = find_or_build(
      p.name + "|" + v.key() + "|" + shape.tag() + tiled_tag(tiled),
      [&](std::string* symbol) { return row_source(p, v, shape, symbol, tiled); });
  std::vector<void*> args;
  for (size_t i = 0; i < ins->size(); ++i) {
    if (layout.kinds[i] != InputKind::constant) args.push_back(&in_ptrs[i]);
  }
  for (auto& q : out_ptrs) args.push_back(&q);
  int64_t cols = layout.cols;
  args.push_back(&cols);
  int64_t tile_rows = layout.tile_rows;
  if (any_tiled) args.push_back(&tile_rows);
  int64_t rows = layout.rows;
  if (shape.rows_per_block > 1) args.push_back(&rows);
  Launch l;
  l.grid[0] = static_cast<unsigned>((rows + shape.rows_per_block - 1) / shape.rows_per_block);
  l.block[0] = static_cast<unsigned>(shape.threads * shape.rows_per_block);
  launch(fn, l, args, cuda_stream(s));
}

} // namespace mxcore::cuda
