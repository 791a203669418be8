// The CUDA driver API, NVRTC and cuBLAS, loaded at run time with dlopen: the
// build needs no CUDA headers or libraries, and a machine without an NVIDIA
// driver (or without the nvidia-* wheels) imports mxcore as before. Only
// the handful of entry points the backend uses are declared here, with the
// ABI of their C headers.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace mxcore::cuda {

using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
using CUcontext = struct CUctx_st*;
using CUmodule = struct CUmod_st*;
using CUfunction = struct CUfunc_st*;
using CUstream = struct CUstream_st*;
using CUevent = struct CUevent_st*;
using nvrtcProgram = struct _nvrtcProgram*;
using cublasHandle_t = struct cublasContext*;

// The driver: every entry point the backend calls.
struct Driver {
  CUresult (*cuInit)(unsigned);
  CUresult (*cuDeviceGetCount)(int*);
  CUresult (*cuDeviceGet)(CUdevice*, int);
  CUresult (*cuDeviceGetAttribute)(int*, int, CUdevice);
  CUresult (*cuDeviceGetName)(char*, int, CUdevice);
  CUresult (*cuDevicePrimaryCtxRetain)(CUcontext*, CUdevice);
  CUresult (*cuCtxSetCurrent)(CUcontext);
  CUresult (*cuCtxSynchronize)();
  CUresult (*cuMemAlloc)(CUdeviceptr*, size_t);
  CUresult (*cuMemFree)(CUdeviceptr);
  CUresult (*cuMemAllocHost)(void**, size_t);
  CUresult (*cuMemFreeHost)(void*);
  CUresult (*cuMemGetInfo)(size_t*, size_t*);
  CUresult (*cuMemcpyHtoDAsync)(CUdeviceptr, const void*, size_t, CUstream);
  CUresult (*cuMemcpyDtoHAsync)(void*, CUdeviceptr, size_t, CUstream);
  CUresult (*cuMemcpyDtoDAsync)(CUdeviceptr, CUdeviceptr, size_t, CUstream);
  CUresult (*cuMemsetD8Async)(CUdeviceptr, unsigned char, size_t, CUstream);
  CUresult (*cuStreamCreate)(CUstream*, unsigned);
  CUresult (*cuStreamSynchronize)(CUstream);
  CUresult (*cuStreamWaitEvent)(CUstream, CUevent, unsigned);
  CUresult (*cuEventCreate)(CUevent*, unsigned);
  CUresult (*cuEventRecord)(CUevent, CUstream);
  CUresult (*cuEventQuery)(CUevent);
  CUresult (*cuEventSynchronize)(CUevent);
  CUresult (*cuEventDestroy)(CUevent);
  CUresult (*cuModuleLoadData)(CUmodule*, const void*);
  CUresult (*cuModuleGetFunction)(CUfunction*, CUmodule, const char*);
  CUresult (*cuLaunchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned,
                             unsigned, unsigned, CUstream, void**, void**);
  CUresult (*cuGetErrorString)(CUresult, const char**);
};

struct Nvrtc {
  int (*nvrtcVersion)(int*, int*);
  int (*nvrtcCreateProgram)(nvrtcProgram*, const char*, const char*, int, const char* const*,
                            const char* const*);
  int (*nvrtcCompileProgram)(nvrtcProgram, int, const char* const*);
  int (*nvrtcGetProgramLogSize)(nvrtcProgram, size_t*);
  int (*nvrtcGetProgramLog)(nvrtcProgram, char*);
  int (*nvrtcGetCUBINSize)(nvrtcProgram, size_t*);
  int (*nvrtcGetCUBIN)(nvrtcProgram, char*);
  int (*nvrtcDestroyProgram)(nvrtcProgram*);
  const char* (*nvrtcGetErrorString)(int);
};

struct Cublas {
  int (*cublasCreate)(cublasHandle_t*);
  int (*cublasSetStream)(cublasHandle_t, CUstream);
  int (*cublasGemmStridedBatchedEx)(cublasHandle_t, int, int, int, int, int, const void*,
                                    const void*, int, int, long long, const void*, int, int,
                                    long long, const void*, void*, int, int, long long, int, int,
                                    int);
  int (*cublasSetWorkspace)(cublasHandle_t, void*, size_t); // null where the library lacks it
};

// cudaDataType / cublasComputeType_t / cublasOperation_t values used.
enum : int {
  CUDA_R_32F = 0, CUDA_R_64F = 1, CUDA_R_16F = 2, CUDA_R_16BF = 14,
  CUBLAS_COMPUTE_32F = 68, CUBLAS_COMPUTE_64F = 70,
  CUBLAS_OP_N = 0, CUBLAS_OP_T = 1, CUBLAS_GEMM_DEFAULT = -1,
};
enum : int {
  CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16,
  CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75,
  CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76,
};
constexpr CUresult CUDA_ERROR_NOT_READY = 600;

// The driver with a device, or nullptr (no libcuda, no device, cuInit
// failed). Loaded once; never throws.
const Driver* driver();
// NVRTC and cuBLAS, loaded on first use from the system library path or
// $MXCORE_CUDA_LIBRARY_PATH (colon-separated folders; mx.cuda fills it with
// the nvidia-* wheels' lib folders). std::runtime_error naming what was
// looked for when missing.
const Nvrtc& nvrtc();
const Cublas& cublas();

// Throws std::runtime_error "[cuda] <what>: <driver message>" on failure.
void check(CUresult r, const char* what);

} // namespace mxcore::cuda
