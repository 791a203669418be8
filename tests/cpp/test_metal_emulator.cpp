// The emulated Metal device on its own: MSL libraries built as C++,
// dispatches over grids with partial edge threadgroups, threadgroup memory
// and barriers (a tree reduction), bounds-checked device buffers, and a
// barrier not every thread reaches.
#include <cstring>
#include <numeric>
#include <stdexcept>
#include <string>

#include "backend/metal/device_api.h"
#include "backend/metal/emulator/msl_signatures.h"
#include "test_framework.h"

using namespace mxcore::metal;

namespace {

const char* const library_source = R"MSL(
#include <metal_stdlib>
using namespace metal;

// Writes each thread's ids so the test can check the grid mapping.
[[kernel]] void ids(
    device uint* out [[buffer(0)]],
    constant const uint& width [[buffer(1)]],
    uint2 pos [[thread_position_in_grid]],
    uint2 tg [[threadgroup_position_in_grid]],
    uint index [[thread_index_in_threadgroup]],
    uint2 size [[threads_per_threadgroup]]) {
  uint at = pos.y * width + pos.x;
  out[4 * at + 0] = tg.x;
  out[4 * at + 1] = tg.y;
  out[4 * at + 2] = index;
  out[4 * at + 3] = size.x * size.y;
}

// Sums each block of 64 values with a tree over threadgroup memory.
template <typename T>
[[kernel]] void block_sum(
    device const T* in [[buffer(0)]],
    device T* out [[buffer(1)]],
    uint lid [[thread_position_in_threadgroup]],
    uint gid [[threadgroup_position_in_grid]],
    uint n [[threads_per_threadgroup]]) {
  threadgroup T partial[64];
  partial[lid] = in[gid * n + lid];
  threadgroup_barrier(mem_flags::mem_threadgroup);
  for (uint stride = n / 2; stride > 0; stride /= 2) {
    if (lid < stride) partial[lid] += partial[lid + stride];
    threadgroup_barrier(mem_flags::mem_threadgroup);
  }
  if (lid == 0) out[gid] = partial[0];
}
template [[host_name("block_sum_float")]] [[kernel]] decltype(block_sum<float>) block_sum<float>;
template [[host_name("block_sum_int")]] [[kernel]] decltype(block_sum<int>) block_sum<int>;

// Reads `offset` elements past the thread's position.
[[kernel]] void shifted_copy(
    device const float* in [[buffer(0)]],
    device float* out [[buffer(1)]],
    constant const int& offset [[buffer(2)]],
    uint pos [[thread_position_in_grid]]) {
  out[pos] = in[int(pos) + offset];
}

// Only even threads reach the barrier.
[[kernel]] void divergent(device float* out [[buffer(0)]], uint lid [[thread_position_in_threadgroup]]) {
  if (lid % 2 == 0) threadgroup_barrier(mem_flags::mem_threadgroup);
  out[lid] = 1.0f;
}
)MSL";

struct Fixture {
  std::shared_ptr<api::Device> device = api::emulated_device();
  std::shared_ptr<api::Library> library = device->new_library("emulator_test", library_source);
  std::shared_ptr<api::CommandQueue> queue = device->new_command_queue();

  // One dispatch in its own command buffer; returns the buffer's error.
  template <typename Bind>
  std::string run(const std::string& kernel, api::Size3 size, api::Size3 group, bool uniform,
                  Bind bind) {
    auto cb = queue->command_buffer();
    auto& enc = cb->compute_encoder();
    enc.set_pipeline(library->pipeline(kernel));
    bind(enc);
    if (uniform) {
      enc.dispatch_threadgroups(size, group);
    } else {
      enc.dispatch_threads(size, group);
    }
    enc.end_encoding();
    bool handler_ran = false;
    cb->add_completed_handler([&] { handler_ran = true; });
    cb->commit();
    cb->wait_until_completed();
    CHECK(handler_ran);
    return cb->error();
  }
};

} // namespace

TEST_CASE("emulator: entry points are read from the MSL source") {
  auto entries = emulator::parse_kernel_entry_points(library_source);
  CHECK(entries.size() == 5);
  CHECK(entries[0].host_name == "ids");
  CHECK(entries[0].params.size() == 6);
  CHECK(entries[0].params[1].kind == emulator::KernelParam::Kind::buffer_reference);
  CHECK(entries[0].params[2].builtin == "thread_position_in_grid");
  CHECK(entries[0].params[2].width == 2);
  CHECK(entries[1].host_name == "block_sum_float");
  CHECK(entries[1].callee == "block_sum<float>");
  CHECK(entries[1].params[1].buffer == 1);
  CHECK_THROWS_AS(emulator::parse_kernel_entry_points(
                      "[[kernel]] void k(device float* x [[buffer(0)]], uint q [[simdgroup_index_in_threadgroup]]) {}"),
                  std::invalid_argument);
}

TEST_CASE("emulator: grid ids with partial edge threadgroups") {
  Fixture f;
  const uint32_t w = 10, h = 3;
  auto out = f.device->new_buffer(4 * w * h * sizeof(uint32_t));
  auto err = f.run("ids", {w, h, 1}, {4, 2, 1}, false, [&](api::Encoder& e) {
    e.set_buffer(out, 0, 0);
    e.set_bytes(&w, sizeof(w), 1);
  });
  CHECK(err.empty());
  auto* o = static_cast<uint32_t*>(out->contents());
  // Thread (9, 2): group (2, 1), a 2 x 1 edge group; index x + 2*y = 1.
  uint32_t at = 2 * w + 9;
  CHECK(o[4 * at] == 2 && o[4 * at + 1] == 1 && o[4 * at + 2] == 1 && o[4 * at + 3] == 2);
  // Thread (5, 1): group (1, 0), full 4 x 2; index 1 + 4*1 = 5.
  at = 1 * w + 5;
  CHECK(o[4 * at] == 1 && o[4 * at + 1] == 0 && o[4 * at + 2] == 5 && o[4 * at + 3] == 8);
}

TEST_CASE("emulator: a threadgroup tree reduction with barriers") {
  Fixture f;
  const int blocks = 5, n = 64;
  auto in = f.device->new_buffer(blocks * n * sizeof(float));
  auto out = f.device->new_buffer(blocks * sizeof(float));
  auto* x = static_cast<float*>(in->contents());
  for (int i = 0; i < blocks * n; ++i) x[i] = float(i % 7) - 1.5f;
  auto err = f.run("block_sum_float", {blocks, 1, 1}, {n, 1, 1}, true, [&](api::Encoder& e) {
    e.set_buffer(in, 0, 0);
    e.set_buffer(out, 0, 1);
  });
  CHECK(err.empty());
  for (int b = 0; b < blocks; ++b) {
    float want = 0;
    for (int i = 0; i < n; ++i) want += x[b * n + i];
    CHECK_CLOSE(static_cast<float*>(out->contents())[b], want, 1e-4f);
  }
  // int instantiation, host memory wrapped as a buffer, 32-thread groups.
  std::vector<int> xi(64), yi(2);
  std::iota(xi.begin(), xi.end(), 0);
  auto hin = f.device->wrap_host_memory(xi.data(), xi.size() * sizeof(int));
  auto hout = f.device->wrap_host_memory(yi.data(), yi.size() * sizeof(int));
  err = f.run("block_sum_int", {2, 1, 1}, {32, 1, 1}, true, [&](api::Encoder& e) {
    e.set_buffer(hin, 0, 0);
    e.set_buffer(hout, 0, 1);
  });
  CHECK(err.empty());
  CHECK(yi[0] == 31 * 32 / 2);
  CHECK(yi[1] == (32 + 63) * 32 / 2);
}

TEST_CASE("emulator: device buffers are bounds-checked") {
  Fixture f;
  const int n = 256;
  auto in = f.device->new_buffer(n * sizeof(float));
  auto out = f.device->new_buffer(n * sizeof(float));
  auto* x = static_cast<float*>(in->contents());
  for (int i = 0; i < n; ++i) x[i] = float(i);
  int offset = 0;
  auto bind = [&](api::Encoder& e) {
    e.set_buffer(in, 0, 0);
    e.set_buffer(out, 0, 1);
    e.set_bytes(&offset, sizeof(offset), 2);
  };
  CHECK(f.run("shifted_copy", {n, 1, 1}, {64, 1, 1}, false, bind).empty());
  CHECK(static_cast<float*>(out->contents())[200] == 200.0f);
  offset = 1024 + 8; // a page past the end
  auto err = f.run("shifted_copy", {n, 1, 1}, {64, 1, 1}, false, bind);
  CHECK(err.find("Kernel 'shifted_copy' faulted: out-of-bounds access of a buffer of 1024 "
                 "bytes") != std::string::npos);
  CHECK(err.find("past its end") != std::string::npos);
  offset = -1024; // before the pages of the buffer (ends sit at the guard page)
  err = f.run("shifted_copy", {n, 1, 1}, {64, 1, 1}, false, bind);
  CHECK(err.find("before its start") != std::string::npos);
  // The queue keeps working after a fault.
  offset = 0;
  CHECK(f.run("shifted_copy", {n, 1, 1}, {64, 1, 1}, false, bind).empty());
}

TEST_CASE("emulator: a barrier not every thread reaches is an error") {
  Fixture f;
  auto out = f.device->new_buffer(8 * sizeof(float));
  auto err = f.run("divergent", {1, 1, 1}, {8, 1, 1}, true,
                   [&](api::Encoder& e) { e.set_buffer(out, 0, 0); });
  CHECK(err.find("threadgroup_barrier was not reached by every thread") != std::string::npos);
  CHECK_THROWS_AS(f.library->pipeline("no_such_kernel"), std::invalid_argument);
  CHECK_THROWS_AS(f.device->start_capture("/tmp/x.gputrace"), std::runtime_error);
}
