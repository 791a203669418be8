// What the CUDA kernels need from the backend: the CUDA stream of an
// mxcore stream, device addresses of inputs (host inputs are copied over:
// the one place an array crosses to the device), device outputs.
#pragma once

#include <functional>
#include <string>

#include "backend/cuda/cuda_allocator.h"
#include "mxcore/backend.h"

namespace mxcore::cuda {

// The registered backend's allocator.
DeviceAllocator& device_allocator();

// The CUDA stream of s, with the device's context current on this thread.
CUstream cuda_stream(const Stream& s);

// The device address of a's first element. A host array's whole buffer is
// copied to a device block on s first (freed at the stream's next
// synchronization); a device array's address is its own.
void* device_data(const array& a, const Stream& s);
inline CUdeviceptr device_address(const array& a, const Stream& s) {
  return reinterpret_cast<CUdeviceptr>(device_data(a, s));
}
// Whether a's data lives in device memory.
bool on_device(const array& a);

// A device record (4 int64: claimed, axis, index, unused) that a kernel
// fills at an out-of-range index (mxc_report_index); the stream's next
// synchronize raises std::out_of_range(message(axis, index)). Nothing waits
// here: the error surfaces late, as on MLX's Metal backend (eval always
// ends with a synchronize).
CUdeviceptr deferred_index_check(const Stream& s,
                                 std::function<std::string(int64_t axis, int64_t index)> message);

// Gives out a row-major device buffer of out.nbytes().
void allocate_device(array& out);

// The kernels of each file, added to the backend's table at registration.
void add_fused_kernels(backend::KernelTable& table);  // cuda_compiled.cpp
void add_eager_kernels(backend::KernelTable& table);  // cuda_eager.cpp
void add_reduce_kernels(backend::KernelTable& table); // cuda_reduce.cpp
void add_matmul_kernels(backend::KernelTable& table); // cuda_matmul.cpp
void add_nccl_kernels(backend::KernelTable& table);   // nccl_collectives.cpp
// The device of this process among `count`: its launch rank % count, one GPU
// per rank (nccl_device.cpp).
int process_device(int count);
void add_scan_kernels(backend::KernelTable& table);   // cuda_scan.cpp
void add_sort_kernels(backend::KernelTable& table);   // cuda_sort.cpp
void add_indexing_kernels(backend::KernelTable& table); // cuda_indexing.cpp
void add_copy_into_kernels(backend::KernelTable& table); // cuda_copy_into.cpp
void add_random_kernels(backend::KernelTable& table); // cuda_random.cpp

// Compute capability (90 on Hopper) and name of device 0.
int compute_capability();

} // namespace mxcore::cuda
