// Elementwise fused programs on the GPU and the Compiled primitive's kernel:
// layout planning (kernel/layout.h) picks the variant, the CUDA dialect
// renders it, NVRTC builds it once per (program, variant).
#include <algorithm>
#include <climits>
#include <cstdlib>
#include <sstream>
#include <stdexcept>

#include "backend/cuda/cuda_backend.h"
#include "backend/cuda/cuda_dialect.h"
#include "backend/cuda/cuda_fused.h"
#include "compile/compiled.h"
#include "kernel/cstyle_renderer.h"
#include "kernel/cstyle_writer.h"
#include "kernel/layout.h"
#include "kernel/row_layout.h"
#include "kernel/strides.h"

namespace mxcore::cuda {

using kernel::InputKind;
using kernel::LoopKind;

const char* const cuda_kernel_support = R"(
struct alignas(16) mxc_u4 { unsigned int x, y, z, w; };
// C 16-byte transfers between a thread's registers and memory.
template <int C, typename T> __device__ inline void mxc_load(T* dst, const T* src) {
#pragma unroll
  for (int c = 0; c < C; ++c) reinterpret_cast<mxc_u4*>(dst)[c] = reinterpret_cast<const mxc_u4*>(src)[c];
}
template <int C, typename T> __device__ inline void mxc_store(T* dst, const T* src) {
#pragma unroll
  for (int c = 0; c < C; ++c) reinterpret_cast<mxc_u4*>(dst)[c] = reinterpret_cast<const mxc_u4*>(src)[c];
}
// The same with streaming (evict-first) cache hints: data touched once.
template <int C, typename T> __device__ inline void mxc_load_cs(T* dst, const T* src) {
#pragma unroll
  for (int c = 0; c < C; ++c) reinterpret_cast<uint4*>(dst)[c] = __ldcs(reinterpret_cast<const uint4*>(src) + c);
}
template <int C, typename T> __device__ inline void mxc_store_cs(T* dst, const T* src) {
#pragma unroll
  for (int c = 0; c < C; ++c) __stcs(reinterpret_cast<uint4*>(dst) + c, reinterpret_cast<const uint4*>(src)[c]);
}
// Warp shuffles of any 1-, 2-, 4- or 8-byte value: from lane ^ lane_arg
// (butterfly) or from lane lane_arg.
__device__ inline unsigned mxc_shfl_u32(unsigned u, int lane_arg, bool butterfly) {
  return butterfly ? __shfl_xor_sync(0xffffffffu, u, lane_arg) : __shfl_sync(0xffffffffu, u, lane_arg);
}
template <typename T> __device__ inline T mxc_shfl(T v, int lane_arg, bool butterfly) {
  if constexpr (sizeof(T) == 8) {
    unsigned long long u; __builtin_memcpy(&u, &v, 8);
    unsigned lo = mxc_shfl_u32(unsigned(u), lane_arg, butterfly);
    unsigned hi = mxc_shfl_u32(unsigned(u >> 32), lane_arg, butterfly);
    u = (unsigned long long)(hi) << 32 | lo;
    __builtin_memcpy(&v, &u, 8);
    return v;
  } else {
    unsigned u = 0; __builtin_memcpy(&u, &v, sizeof(T));
    u = mxc_shfl_u32(u, lane_arg, butterfly);
    __builtin_memcpy(&v, &u, sizeof(T));
    return v;
  }
}
template <typename T> __device__ inline T mxc_shfl_xor(T v, int lane_mask) { return mxc_shfl(v, lane_mask, true); }
)";

namespace {

size_t itemsize_of(Dtype t) { return size_of(t); }

// The vectorized contiguous variant's shape: 16-byte groups per thread of
// the narrowest buffer, and whether its transfers carry streaming cache
// hints. The H200 sweep (benchmarks/gpu_gelu_sweep.py, README) put float32
// gelu nearest copy speed with one group (4 elements a thread; 4 groups lost
// 3-4%), and float16 gelu, bound by its arithmetic, fastest with four (32
// elements a thread, which spreads the index work). MXCORE_CUDA_VECTOR_GROUPS
// (1, 2, 4, 8) and MXCORE_CUDA_STREAMING=1 override them for such sweeps;
// they are read once per process.
struct VectorTuning {
  int groups = 0;  // 0: by the narrowest element size
  bool streaming = false;
};

const VectorTuning& vector_tuning() {
  static const VectorTuning t = [] {
    VectorTuning v;
    if (const char* g = std::getenv("MXCORE_CUDA_VECTOR_GROUPS")) {
      const int n = std::atoi(g);
      if (n == 1 || n == 2 || n == 4 || n == 8) v.groups = n;
    }
    if (const char* c = std::getenv("MXCORE_CUDA_STREAMING")) v.streaming = std::string(c) == "1";
    return v;
  }();
  return t;
}

int vector_groups(size_t narrow) {
  if (vector_tuning().groups) return vector_tuning().groups;
  return narrow >= 4 ? 1 : 4;
}

// The narrowest element size among the vectorized variant's buffers.
size_t narrowest(const kernel::FusedProgram& p, const kernel::KernelVariant& v) {
  size_t narrow = 16;
  for (size_t i = 0; i < p.inputs.size(); ++i) {
    if (v.input_kinds[i] == InputKind::contiguous) narrow = std::min(narrow, itemsize_of(p.inputs[i].dtype));
  }
  for (auto& o : p.outputs) narrow = std::min(narrow, itemsize_of(o.dtype));
  return narrow;
}

// Elements per thread of the vectorized variant: vector_groups 16-byte
// transfers of the narrowest buffer, so every buffer moves whole 16-byte
// units and each thread has several loads in flight.
int vector_width(const kernel::FusedProgram& p, const kernel::KernelVariant& v) {
  const size_t narrow = narrowest(p, v);
  return static_cast<int>(vector_groups(narrow) * 16 / narrow);
}

// Device buffers for the outputs, as the kernel writes them (the layout's
// strides for a contiguous variant, else row-major); a donatable device
// input of the same size and element size is taken over.
void allocate_outputs(const std::vector<array>& inputs, const std::vector<bool>& is_constant,
                      std::vector<array>& outputs, const kernel::FusedLayout& layout) {
  std::vector<bool> used(inputs.size(), false);
  Strides row_major = row_major_strides(outputs[0].shape());
  for (auto& out : outputs) {
    bool donated = false;
    for (size_t i = 0; i < inputs.size() && !donated; ++i) {
      auto& in = inputs[i];
      if (used[i] || is_constant[i] || layout.kinds[i] == InputKind::scalar ||
          in.itemsize() != out.itemsize() || in.shape() != out.shape() || !in.is_donatable() ||
          !on_device(in)) {
        continue;
      }
      if (layout.contiguous) {
        out.copy_shared_buffer(in, layout.out_strides, layout.out_flags, in.data_size());
      } else {
        if (!in.flags().row_contiguous) continue;
        out.copy_shared_buffer(in, row_major, in.flags(), in.data_size());
      }
      used[i] = donated = true;
    }
    if (donated) continue;
    if (layout.contiguous && !layout.out_flags.row_contiguous) {
      size_t n = static_cast<size_t>(layout.size);
      auto data = std::make_shared<array::Data>(
          device_allocator().malloc(n * out.itemsize()),
          [](allocator::Buffer b) { device_allocator().free(b); });
      out.set_data(std::move(data), n, layout.out_strides, layout.out_flags);
    } else {
      allocate_device(out);
    }
  }
}

template <typename T>
struct Dims {
  T v[8];
};

// row_major: the outputs must be row-major (dense copies); a contiguous
// plan that would keep a transposed layout becomes a strided one.
void run_elementwise(const kernel::FusedProgram& p, const std::vector<array>& inputs,
                     std::vector<array>& outputs, const Stream& s, bool row_major) {
  auto layout = kernel::plan_fused_layout(inputs, p.constant_inputs, outputs[0].shape());
  if (row_major && layout.contiguous && !layout.out_flags.row_contiguous) {
    const Shape& shape = outputs[0].shape();
    layout.contiguous = false;
    layout.shape.assign(shape.begin(), shape.end());
    layout.strides.clear();
    for (size_t i = 0; i < inputs.size(); ++i) {
      if (layout.kinds[i] != InputKind::contiguous) continue;
      layout.kinds[i] = InputKind::strided;
      Strides st(shape.size(), 0);
      const size_t lead = shape.size() - inputs[i].ndim();
      for (int d = 0; d < inputs[i].ndim(); ++d) {
        st[lead + d] = inputs[i].shape(d) == 1 ? 0 : inputs[i].strides()[d];
      }
      layout.strides.push_back(std::move(st));
    }
  }
  if (layout.size == 0) {
    allocate_outputs(inputs, p.constant_inputs, outputs, layout);
    return;
  }
  if (!layout.contiguous && layout.shape.size() > 8) {
    throw std::invalid_argument("[cuda] A fused kernel's layout has more than 8 dims after "
                                "collapsing; copy an input to a contiguous array first.");
  }
  auto v = layout.variant();
  CUstream stream = cuda_stream(s);
  // Device addresses first (uploads of host inputs), then the outputs.
  std::vector<CUdeviceptr> in_ptrs(inputs.size(), 0);
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (!p.constant_inputs[i]) in_ptrs[i] = device_address(inputs[i], s);
  }
  allocate_outputs(inputs, p.constant_inputs, outputs, layout);
  std::vector<CUdeviceptr> out_ptrs;
  for (auto& o : outputs) out_ptrs.push_back(reinterpret_cast<CUdeviceptr>(o.raw_data()));

  int width = 0;
  if (layout.contiguous) {
    bool aligned = true;
    for (size_t i = 0; i < inputs.size(); ++i) {
      if (v.input_kinds[i] == InputKind::contiguous) aligned = aligned && in_ptrs[i] % 16 == 0;
    }
    for (auto q : out_ptrs) aligned = aligned && q % 16 == 0;
    width = aligned ? vector_width(p, v) : 0;
    if (!aligned) v.work_per_thread = 4;
  } else {
    v.work_per_thread = 4;
  }
  CUfunction fn = find_or_build(
      p.name + "|" + v.key() + "|w" + std::to_string(width) + "|n" +
          std::to_string(v.work_per_thread) + (vector_tuning().streaming ? "|cs" : ""),
      [&](std::string* symbol) { return elementwise_source(p, v, width, symbol); });

  // Parameters in grid_kernel_args order.
  std::vector<Dims<int64_t>> strides(inputs.size());
  std::vector<void*> args;
  size_t strided_index = 0;
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (v.input_kinds[i] == InputKind::constant) continue;
    args.push_back(&in_ptrs[i]);
    if (v.input_kinds[i] == InputKind::strided) {
      auto& st = layout.strides[strided_index++];
      std::copy(st.begin(), st.end(), strides[i].v);
      args.push_back(&strides[i]);
    }
  }
  for (auto& q : out_ptrs) args.push_back(&q);
  int32_t size32 = static_cast<int32_t>(std::min<int64_t>(layout.size, INT32_MAX));
  int64_t size64 = layout.size;
  Dims<int32_t> shape{};
  Launch l;
  l.block[0] = block_threads;
  auto blocks = [](int64_t threads) {
    return static_cast<unsigned>((threads + block_threads - 1) / block_threads);
  };
  if (layout.contiguous) {
    args.push_back(v.large_index ? static_cast<void*>(&size64) : static_cast<void*>(&size32));
    const int per_thread = width > 0 ? width : v.work_per_thread;
    l.grid[0] = blocks((layout.size + per_thread - 1) / per_thread);
  } else {
    const int nd = static_cast<int>(layout.shape.size());
    for (int d = 0; d < nd; ++d) shape.v[d] = static_cast<int32_t>(layout.shape[d]);
    args.push_back(&shape);
    const int64_t inner = layout.shape.back();
    const int64_t y = nd > 1 ? layout.shape[nd - 2] : 1;
    int64_t z = 1;
    for (int d = 0; d + 2 < nd; ++d) z *= layout.shape[d];
    // Rows shorter than a block share it: blockDim.x threads cover a row
    // (a transposed (b, t, heads, 64) view's rows are 16 threads' work),
    // blockDim.y rows sit side by side. The kernel strides over rows beyond
    // the grid's y and z limits.
    const int64_t inner_threads = (inner + v.work_per_thread - 1) / v.work_per_thread;
    int bx = block_threads;
    while (bx > 1 && bx / 2 >= inner_threads) bx /= 2;
    const int by = block_threads / bx;
    l.block[0] = static_cast<unsigned>(bx);
    l.block[1] = static_cast<unsigned>(by);
    l.grid[0] = static_cast<unsigned>((inner_threads + bx - 1) / bx);
    l.grid[1] = static_cast<unsigned>(std::min<int64_t>((y + by - 1) / by, 65535));
    l.grid[2] = static_cast<unsigned>(std::min<int64_t>(z, 65535));
  }
  launch(fn, l, args, stream);
}

} // namespace

std::string elementwise_source(const kernel::FusedProgram& p, const kernel::KernelVariant& v,
                               int width, std::string* symbol) {
  const auto& d = cuda_dialect();
  std::string head = d.preamble(p, v) + cuda_kernel_support;
  if (width == 0) {
    *symbol = d.kernel_name(p, v);
    return head + kernel::render_kernel_function(d, p, v);
  }
  // The vectorized contiguous loop. A block covers blockDim * width
  // consecutive elements in groups of 16 bytes of the narrowest buffer
  // (group_width elements): group c of thread t is group c * blockDim + t
  // of the block, so each transfer instruction of a warp reads or writes one
  // contiguous span (coalesced). A block at the end runs a scalar loop.
  kernel::cstyle::Writer w(d, p, v);
  *symbol = d.kernel_name(p, v) + "_vec" + std::to_string(width);
  const auto idx = d.index_type(v.large_index);
  const int group_width = width / vector_groups(narrowest(p, v));
  const std::string hint = vector_tuning().streaming ? "_cs" : "";
  auto& os = w.os;
  os << d.grid_kernel_open(*symbol, kernel::grid_kernel_args(d, p, v))
     << "  constexpr int N = " << width << ", G = " << group_width << ", C = N / G;\n";
  w.arguments();
  os << "  const " << idx << " base = " << idx << "(blockIdx.x) * " << idx << "(blockDim.x) * N;\n"
     << "  if (size - base >= " << idx << "(blockDim.x) * N) {\n";
  auto group_at = [&](const std::string& ptr) {
    return ptr + " + base + (" + idx + "(c) * blockDim.x + threadIdx.x) * G";
  };
  for (size_t i = 0; i < p.inputs.size(); ++i) {
    if (v.input_kinds[i] != InputKind::contiguous) continue;
    auto& in = p.inputs[i];
    auto st = d.storage_type(in.dtype);
    os << "    alignas(16) " << st << " " << in.name << "_v[N];\n"
       << "#pragma unroll\n    for (int c = 0; c < C; ++c) mxc_load" << hint << "<G * sizeof(" << st
       << ") / 16>(" << in.name << "_v + c * G, " << group_at(in.name + "_ptr") << ");\n";
  }
  for (auto& o : p.outputs) {
    os << "    alignas(16) " << d.storage_type(o.dtype) << " " << o.name << "_v[N];\n";
  }
  os << "#pragma unroll\n    for (int w = 0; w < N; ++w) {\n";
  auto at = [](const std::string& n) { return n + "_v[w]"; };
  w.body("      ", at, at);
  os << "    }\n";
  for (auto& o : p.outputs) {
    os << "#pragma unroll\n    for (int c = 0; c < C; ++c) mxc_store" << hint << "<G * sizeof("
       << d.storage_type(o.dtype) << ") / 16>(" << group_at(o.name + "_ptr") << ", " << o.name
       << "_v + c * G);\n";
  }
  os << "  } else {\n    for (" << idx << " i = base + threadIdx.x; i < size; i += blockDim.x) {\n";
  auto flat = [](const std::string& n) { return n + "_ptr[i]"; };
  w.body("      ", flat, flat);
  os << "    }\n  }\n}\n";
  return head + os.str();
}

void add_fused_kernels(backend::KernelTable& table) {
  table.add<Compiled>([](Compiled& c, const std::vector<array>& inputs,
                         std::vector<array>& outputs) {
    if (!c.program()) {
      throw std::invalid_argument(
          "[cuda] This compiled region holds a primitive with no fused-kernel op; it cannot "
          "run on the GPU.");
    }
    run_fused(*c.program(), inputs, outputs, c.stream());
  });
}

// Row programs are in cuda_row_kernel.cpp (run_row).
void run_row(const kernel::FusedProgram& p, const std::vector<array>& inputs,
             std::vector<array>& outputs, const Stream& s);

void run_fused(const kernel::FusedProgram& p, const std::vector<array>& inputs,
               std::vector<array>& outputs, const Stream& s, bool row_major) {
  if (p.row) {
    run_row(p, inputs, outputs, s);
  } else {
    run_elementwise(p, inputs, outputs, s, row_major);
  }
}

} // namespace mxcore::cuda
