// The CPU JIT path of the Compiled primitive: plan the layout, find or build
// the kernel variant, allocate (donating) outputs and run it over the thread
// pool.
#include "backend/cpu/compiled_jit.h"

#include <algorithm>
#include <array>
#include <atomic>

#include "backend/cpu/cpp_dialect.h"
#include "backend/cpu/jit_background.h"
#include "backend/cpu/jit_builder.h"
#include "backend/cpu/reduce.h"
#include "backend/cpu/reducer.h"
#include "backend/cpu/short_rows.h"
#include "backend/cpu/thread_pool.h"
#include "kernel/layout.h"
#include "kernel/row_layout.h"

namespace mxcore::cpu {

namespace {

std::atomic<int64_t> kernel_runs{0};
std::atomic<int64_t> short_row_runs{0};

// Elements per task: large enough to amortise the dispatch
// (2^14: with the pool's workers spinning between regions a piece costs a
// few microseconds to hand out; 2^16 kept a transformer's 512 x 128 layer
// norm on one thread: 36 us against 20 us on two.)
constexpr int64_t jit_grain = 1 << 14;

using ContiguousFn = void (*)(void**, int64_t, int64_t);
using StridedFn = void (*)(void**, const int64_t*, const int64_t*, int64_t, int64_t);
using RowFn = void (*)(void**, int64_t, int64_t, int64_t);

// The last kernels this thread ran, by program name and variant key: a
// repeated call finds its kernel without building the JIT key, hashing it
// or taking the JIT's lock. Loaded kernels stay loaded, so entries never go
// stale; failures are not remembered here.
struct RecentKernel {
  std::string name;
  std::string variant;
  void* fn = nullptr;
};
constexpr size_t recent_kernels = 8;
thread_local std::array<RecentKernel, recent_kernels> recent;
thread_local size_t recent_next = 0;

// The kernel of (program, variant): loaded already, or built now (with
// background builds: queued, nullptr until it is ready). nullptr when it
// cannot be built.
void* find_or_build(const kernel::FusedProgram& program, const kernel::KernelVariant& variant) {
  auto variant_key = variant.key();
  for (auto& r : recent) {
    if (r.fn && r.variant == variant_key && r.name == program.name) return r.fn;
  }
  auto key = program.name + "|" + variant_key;
  void* fn = nullptr;
  if (!jit_lookup(key, fn)) {
    auto symbol = cpp_symbol_name(program, variant);
    if (jit_background()) {
      fn = jit_find_or_queue(key, program.name, symbol, symbol,
                             [&] { return emit_cpp_source(program, variant); });
    } else {
      fn = jit_load(key, program.name, symbol, symbol, emit_cpp_source(program, variant));
    }
  }
  if (fn) {
    auto& slot = recent[recent_next++ % recent_kernels];
    slot.name = program.name;
    slot.variant = std::move(variant_key);
    slot.fn = fn;
  }
  return fn;
}

// The last elementwise layouts planned on this thread: a call whose inputs
// have the shapes, strides and flags of an earlier call of the same program
// reuses that layout and kernel (no planning, no variant key). The program's
// name guards against another program at a freed program's address.
struct RecentLayout {
  const kernel::FusedProgram* program = nullptr;
  std::string name;
  bool force_large_index = false;
  std::vector<Shape> shapes;
  std::vector<Strides> strides;
  std::vector<size_t> data_sizes;
  std::vector<uint8_t> flags;
  Shape out_shape;
  kernel::FusedLayout layout;
  ShortRowWidening widening;
  void* fn = nullptr;
};
constexpr size_t recent_layouts = 8;
thread_local std::array<RecentLayout, recent_layouts> layouts;
thread_local size_t layouts_next = 0;

uint8_t flag_bits(const array& a) {
  auto f = a.flags();
  return uint8_t(f.contiguous) | uint8_t(f.row_contiguous) << 1 | uint8_t(f.col_contiguous) << 2;
}

bool same_inputs(const RecentLayout& r, const std::vector<array>& inputs, const Shape& out_shape,
                 bool force_large_index) {
  if (r.force_large_index != force_large_index || r.shapes.size() != inputs.size() ||
      r.out_shape != out_shape) {
    return false;
  }
  for (size_t i = 0; i < inputs.size(); ++i) {
    auto& x = inputs[i];
    if (r.data_sizes[i] != x.data_size() || r.flags[i] != flag_bits(x) ||
        r.shapes[i] != x.shape() || r.strides[i] != x.strides()) {
      return false;
    }
  }
  return true;
}

const RecentLayout* find_recent_layout(const kernel::FusedProgram& program,
                                       const std::vector<array>& inputs, const Shape& out_shape,
                                       bool force_large_index) {
  for (auto& r : layouts) {
    if (r.program == &program && r.fn && r.name == program.name &&
        same_inputs(r, inputs, out_shape, force_large_index)) {
      return &r;
    }
  }
  return nullptr;
}

void remember_layout(const kernel::FusedProgram& program, const std::vector<array>& inputs,
                     const Shape& out_shape, bool force_large_index,
                     const kernel::FusedLayout& layout, const ShortRowWidening& widening,
                     void* fn) {
  auto& r = layouts[layouts_next++ % recent_layouts];
  r.program = &program;
  r.name = program.name;
  r.force_large_index = force_large_index;
  r.shapes.clear();
  r.strides.clear();
  r.data_sizes.clear();
  r.flags.clear();
  for (auto& x : inputs) {
    r.shapes.push_back(x.shape());
    r.strides.push_back(x.strides());
    r.data_sizes.push_back(x.data_size());
    r.flags.push_back(flag_bits(x));
  }
  r.out_shape = out_shape;
  r.layout = layout;
  r.widening = widening;
  r.fn = fn;
}

// The kernel's argument array: vector inputs then outputs. Regions hold at
// most a few dozen arrays, so it lives on the stack (no allocation per call).
class KernelArgs {
 public:
  KernelArgs(const kernel::FusedProgram& program, const std::vector<array>& inputs,
             std::vector<array>& outputs) {
    size_t n = outputs.size();
    for (size_t i = 0; i < inputs.size(); ++i) n += !program.constant_inputs[i];
    if (n > inline_args) heap_.resize(n);
    data_ = n > inline_args ? heap_.data() : inline_.data();
    size_t k = 0;
    for (size_t i = 0; i < inputs.size(); ++i) {
      if (!program.constant_inputs[i]) data_[k++] = inputs[i].raw_data();
    }
    for (auto& o : outputs) data_[k++] = o.raw_data();
  }
  void** data() { return data_; }

 private:
  static constexpr size_t inline_args = 32;
  std::array<void*, inline_args> inline_;
  std::vector<void*> heap_;
  void** data_;
};

// This call's tiles of a widened layout (short_rows.h), counted.
void tile_short_rows(const ShortRowWidening& w, const std::vector<array>& inputs,
                     KernelArgs& args, std::vector<std::vector<uint8_t>>& tiles) {
  if (w.k == 1) return;
  build_short_row_tiles(w, inputs, args.data(), tiles);
  short_row_runs.fetch_add(1, std::memory_order_relaxed);
}

// parallel_for, except that work of one grain runs here directly (tiny calls
// skip building the std::function and asking the pool).
template <typename F>
void run_split(int64_t n, int64_t grain, F&& f) {
  if (n <= 0) return;
  if (n <= grain) {
    f(int64_t(0), n);
    return;
  }
  parallel_for(n, grain, f);
}

bool eval_row_jit(const kernel::FusedProgram& program, const std::vector<array>& inputs,
                  std::vector<array>& outputs) {
  auto full = kernel::row_full_shape(program, inputs, outputs);
  auto layout = kernel::plan_row_layout(inputs, program.constant_inputs, outputs, full);
  if (!layout.supported) return false; // e.g. a transposed input: run eagerly
  void* fn = find_or_build(program, layout.variant());
  if (!fn) return false;
  kernel::allocate_row_outputs(inputs, outputs, layout);
  kernel_runs.fetch_add(1, std::memory_order_relaxed);
  if (layout.rows == 0) return true;

  KernelArgs args(program, inputs, outputs);
  auto f = reinterpret_cast<RowFn>(fn);
  const int64_t cols = layout.cols;
  const int64_t grain = std::max<int64_t>(1, jit_grain / std::max<int64_t>(cols, 1));
  if (layout.tile_rows == 0 || layout.tile_rows >= layout.rows) {
    run_split(layout.rows, grain, [&](int64_t b, int64_t e) { f(args.data(), cols, b, e); });
    return true;
  }
  // Tiled inputs: rows [b, e) run one tile at a time, every other argument
  // moved to the tile's first row, so the kernel reads the tile's row r - t0
  // where the others read row r.
  const auto strides =
      kernel::row_arg_strides(inputs, program.constant_inputs, outputs, layout);
  const int64_t tile = layout.tile_rows;
  run_split(layout.rows, grain, [&](int64_t b, int64_t e) {
    std::vector<void*> moved(strides.size());
    for (int64_t t0 = b / tile * tile; t0 < e; t0 += tile) {
      for (size_t k = 0; k < strides.size(); ++k) {
        moved[k] = static_cast<char*>(args.data()[k]) + t0 * strides[k];
      }
      f(moved.data(), cols, std::max(b, t0) - t0, std::min(e, t0 + tile) - t0);
    }
  });
  return true;
}

} // namespace

bool eval_compiled_jit(const kernel::FusedProgram& program, const std::vector<array>& inputs,
                       std::vector<array>& outputs) {
  if (!jit_available()) return false;
  if (program.row) return eval_row_jit(program, inputs, outputs);
  const Shape& out_shape = outputs[0].shape();
  const bool force_large = jit_force_large_index();
  const kernel::FusedLayout* planned = nullptr;
  const ShortRowWidening* widened = nullptr;
  void* fn = nullptr;
  kernel::FusedLayout fresh;
  ShortRowWidening fresh_widening;
  if (auto* recent = find_recent_layout(program, inputs, out_shape, force_large)) {
    planned = &recent->layout;
    widened = &recent->widening;
    fn = recent->fn;
  } else {
    fresh = kernel::plan_fused_layout(inputs, program.constant_inputs, out_shape, force_large);
    planned = &fresh;
    widened = &fresh_widening;
    if (fresh.size == 0) { // nothing to compute
      kernel::allocate_fused_outputs(inputs, program.constant_inputs, outputs, fresh);
      return true;
    }
    fresh_widening = widen_short_rows(fresh, inputs, program.constant_inputs);
    // Find the variant, building it on first use (before touching outputs, so
    // the caller can still fall back to eager kernels).
    fn = find_or_build(program, fresh.range_variant());
    if (!fn) return false;
    remember_layout(program, inputs, out_shape, force_large, fresh, fresh_widening, fn);
  }
  const kernel::FusedLayout& layout = *planned;

  kernel::allocate_fused_outputs(inputs, program.constant_inputs, outputs, layout);
  kernel_runs.fetch_add(1, std::memory_order_relaxed);
  KernelArgs args(program, inputs, outputs);

  if (layout.contiguous) {
    auto f = reinterpret_cast<ContiguousFn>(fn);
    run_split(layout.size, jit_grain,
              [&](int64_t b, int64_t e) { f(args.data(), b, e); });
  } else {
    std::vector<std::vector<uint8_t>> tiles;
    tile_short_rows(*widened, inputs, args, tiles);
    auto f = reinterpret_cast<StridedFn>(fn);
    const int64_t inner = layout.shape.back();
    const int64_t rows = layout.size / inner;
    std::vector<int64_t> strides;
    for (auto& s : layout.strides) strides.insert(strides.end(), s.begin(), s.end());
    run_split(rows, std::max<int64_t>(1, jit_grain / inner), [&](int64_t b, int64_t e) {
      f(args.data(), layout.shape.data(), strides.data(), b, e);
    });
  }
  return true;
}

bool eval_compiled_jit_column_sum(const kernel::FusedProgram& program,
                                  const std::vector<array>& inputs,
                                  std::vector<array>& outputs, size_t summed, bool keep,
                                  int64_t cols, float* sums) {
  if (!jit_available() || program.row || cols <= 0) return false;
  auto layout = kernel::plan_fused_layout(inputs, program.constant_inputs, outputs[0].shape(),
                                          jit_force_large_index());
  const int64_t rows = layout.size / cols;
  if (rows == 0 || layout.size % cols != 0) return false;
  // Blocks of whole rows (a power of two, so chunks hold whole blocks) that
  // also hold whole rows of the strided loop.
  int64_t block_rows = 1;
  while (block_rows * 2 <= kColumnChunkRows && block_rows * 2 * cols <= 4096) block_rows *= 2;
  const auto widening =
      widen_short_rows(layout, inputs, program.constant_inputs, block_rows * cols);
  const int64_t inner = layout.contiguous ? 1 : layout.shape.back();
  if ((block_rows * cols) % inner != 0) return false;
  if (layout.contiguous && !layout.out_flags.row_contiguous) return false; // transposed
  void* fn = find_or_build(program, layout.range_variant());
  if (!fn) return false;
  kernel::allocate_fused_outputs(inputs, program.constant_inputs, outputs, layout);
  kernel_runs.fetch_add(1, std::memory_order_relaxed);
  KernelArgs args(program, inputs, outputs);
  std::vector<std::vector<uint8_t>> tiles;
  tile_short_rows(widening, inputs, args, tiles);
  size_t slot = summed;
  for (size_t i = 0; i < inputs.size(); ++i) slot += !program.constant_inputs[i];
  const size_t n_args = slot - summed + outputs.size();
  std::vector<int64_t> strides;
  for (auto& s : layout.strides) strides.insert(strides.end(), s.begin(), s.end());

  const int64_t chunks = (rows + kColumnChunkRows - 1) / kColumnChunkRows;
  std::vector<float> partial(chunks * cols);
  const float* kept = keep ? outputs[summed].data<float>() : nullptr;
  // The eager sum's loop over a block of rows: the same fold order, in registers.
  const ReduceKernels& sum_loops = reduce_detail::Loops<reduce_ops::Sum, float>::table;
  run_split(chunks, std::max<int64_t>(1, jit_grain / (kColumnChunkRows * cols)),
            [&](int64_t c0, int64_t c1) {
    std::vector<void*> local(args.data(), args.data() + n_args);
    std::vector<float> block(kept ? 0 : block_rows * cols);
    for (int64_t c = c0; c < c1; ++c) {
      float* part = partial.data() + c * cols;
      std::fill(part, part + cols, 0.0f);
      const int64_t r_end = std::min(rows, (c + 1) * kColumnChunkRows);
      for (int64_t r = c * kColumnChunkRows; r < r_end; r += block_rows) {
        const int64_t n = std::min(block_rows, r_end - r);
        const int64_t begin = r * cols, end = (r + n) * cols;
        // The kernel stores element i at out[i]: aim out[begin] at block[0]
        // (or fold the kept output where it was written).
        const float* written = kept ? kept + begin : block.data();
        if (!kept) {
          local[slot] = reinterpret_cast<void*>(reinterpret_cast<uintptr_t>(block.data()) -
                                                uintptr_t(begin) * sizeof(float));
        }
        if (layout.contiguous) {
          reinterpret_cast<ContiguousFn>(fn)(local.data(), begin, end);
        } else {
          reinterpret_cast<StridedFn>(fn)(local.data(), layout.shape.data(), strides.data(),
                                          begin / inner, end / inner);
        }
        sum_loops.fold_block(written, cols, n, cols, part);
      }
    }
  });
  for (int64_t j = 0; j < cols; ++j) {
    float acc = 0.0f;
    for (int64_t c = 0; c < chunks; ++c) acc += partial[c * cols + j];
    sums[j] = acc;
  }
  return true;
}

bool prepare_contiguous_jit(const kernel::FusedProgram& program, const std::vector<array>& inputs,
                            std::vector<array>& outputs, ContiguousCall& call) {
  if (!jit_available() || program.row) return false;
  auto layout = kernel::plan_fused_layout(inputs, program.constant_inputs, outputs[0].shape(),
                                          jit_force_large_index());
  if (!layout.contiguous || !layout.out_flags.row_contiguous || layout.size == 0) return false;
  void* fn = find_or_build(program, layout.range_variant());
  if (!fn) return false;
  kernel::allocate_fused_outputs(inputs, program.constant_inputs, outputs, layout);
  kernel_runs.fetch_add(1, std::memory_order_relaxed);
  KernelArgs args(program, inputs, outputs);
  size_t n = outputs.size();
  for (size_t i = 0; i < inputs.size(); ++i) n += !program.constant_inputs[i];
  call.args.assign(args.data(), args.data() + n);
  call.fn = reinterpret_cast<ContiguousFn>(fn);
  return true;
}

int64_t jit_kernel_runs() { return kernel_runs.load(std::memory_order_relaxed); }
int64_t jit_short_row_runs() { return short_row_runs.load(std::memory_order_relaxed); }

} // namespace mxcore::cpu
