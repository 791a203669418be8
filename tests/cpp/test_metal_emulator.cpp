// The emulated Metal device on its own: MSL libraries built as C++,
// dispatches over grids with partial edge threadgroups, threadgroup memory
// and barriers (a tree reduction), bounds-checked device buffers, and a
// barrier not every thread reaches.
#include <chrono>
#include <cstring>
#include <numeric>
#include <stdexcept>
#include <string>
#include <thread>

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

TEST_CASE("emulator: a command buffer waits on the device for another queue's event") {
  Fixture f;
  auto other = f.device->new_command_queue();
  auto event = f.device->new_shared_event();
  const int n = 64;
  auto in = f.device->new_buffer(n * sizeof(float));
  auto out = f.device->new_buffer(n * sizeof(float));
  std::iota(static_cast<float*>(in->contents()), static_cast<float*>(in->contents()) + n, 0.0f);
  std::memset(out->contents(), 0, n * sizeof(float));
  auto waiting = f.queue->command_buffer();
  waiting->encode_wait(event, 2);
  auto& enc = waiting->compute_encoder();
  enc.set_pipeline(f.library->pipeline("shifted_copy"));
  enc.set_buffer(in, 0, 0);
  enc.set_buffer(out, 0, 1);
  const int zero = 0;
  enc.set_bytes(&zero, sizeof(int), 2);
  enc.dispatch_threads({n, 1, 1}, {n, 1, 1});
  enc.end_encoding();
  waiting->commit();
  // Signalling 1 does not release a wait for 2; the host is never blocked.
  auto first = other->command_buffer();
  first->encode_signal(event, 1);
  first->commit();
  first->wait_until_completed();
  CHECK(event->signaled_value() == 1);
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  CHECK(!waiting->is_completed());
  CHECK(static_cast<float*>(out->contents())[5] == 0.0f);
  auto second = other->command_buffer();
  second->encode_signal(event, 2);
  second->commit();
  waiting->wait_until_completed();
  CHECK(waiting->error().empty());
  CHECK(static_cast<float*>(out->contents())[5] == 5.0f);
  event->wait_on_host(2); // returns at once
  CHECK(event->signaled_value() == 2);
}

TEST_CASE("emulator: atomics and as_type of the shim") {
  // Every thread adds its value into one of four 16-bit counters through a
  // compare-and-swap on the 32-bit word that holds it (Metal's pattern for
  // types narrower than an atomic).
  const char* source = R"MSL(
#include <metal_stdlib>
using namespace metal;
[[kernel]] void count16(device ushort* counts [[buffer(0)]], uint pos [[thread_position_in_grid]]) {
  const uint at = pos % 4;
  device atomic_uint* word = (device atomic_uint*)counts + at / 2;
  const uint shift = (at % 2) * 16;
  uint expected = atomic_load_explicit(word, memory_order_relaxed);
  while (true) {
    const ushort current = as_type<ushort>(ushort((expected >> shift) & 0xffff));
    const uint desired = (expected & ~(0xffffu << shift)) | (uint(ushort(current + pos)) << shift);
    if (atomic_compare_exchange_weak_explicit(word, &expected, desired, memory_order_relaxed,
                                              memory_order_relaxed)) break;
  }
}
)MSL";
  auto device = api::emulated_device();
  auto library = device->new_library("emulator_atomics_test", source);
  auto queue = device->new_command_queue();
  auto counts = device->new_buffer(4 * sizeof(uint16_t));
  std::memset(counts->contents(), 0, 4 * sizeof(uint16_t));
  auto cb = queue->command_buffer();
  auto& enc = cb->compute_encoder();
  enc.set_pipeline(library->pipeline("count16"));
  enc.set_buffer(counts, 0, 0);
  enc.dispatch_threads({100, 1, 1}, {32, 1, 1});
  enc.end_encoding();
  cb->commit();
  cb->wait_until_completed();
  CHECK(cb->error().empty());
  auto* c = static_cast<uint16_t*>(counts->contents());
  for (int k = 0; k < 4; ++k) {
    int want = 0;
    for (int p = k; p < 100; p += 4) want += p;
    CHECK(c[k] == want);
  }
}
