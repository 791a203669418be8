// dlopen of the driver, NVRTC and cuBLAS (cuda_api.h).
#include "backend/cuda/cuda_api.h"

#include <dirent.h>
#include <unistd.h>
#include <dlfcn.h>

#include <cstdlib>
#include <mutex>
#include <stdexcept>
#include <vector>

namespace mxcore::cuda {

namespace {

// The system's search (""), the CUDA toolkit's folder, then the folders of
// $MXCORE_CUDA_LIBRARY_PATH (wheels): a toolkit matching the driver wins.
std::vector<std::string> library_dirs() {
  std::vector<std::string> dirs{""};
  if (const char* home = std::getenv("CUDA_HOME")) dirs.push_back(std::string(home) + "/lib64");
  dirs.push_back("/usr/local/cuda/lib64");
  if (const char* env = std::getenv("MXCORE_CUDA_LIBRARY_PATH")) {
    std::string s = env;
    size_t start = 0;
    while (start <= s.size()) {
      size_t end = s.find(':', start);
      if (end == std::string::npos) end = s.size();
      if (end > start) dirs.push_back(s.substr(start, end - start));
      start = end + 1;
    }
  }
  return dirs;
}

void* open_first(const std::vector<const char*>& names, std::string* tried) {
  for (auto& dir : library_dirs()) {
    for (auto* name : names) {
      auto path = dir.empty() ? std::string(name) : dir + "/" + name;
      if (void* h = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL)) return h;
      if (tried) *tried += (tried->empty() ? "" : ", ") + path;
    }
  }
  return nullptr;
}

// NVRTC dlopens its builtins library by soname, which a folder outside the
// loader's path (a wheel's) does not satisfy: loading the one beside the
// chosen libnvrtc first, by path, does.
void preload_nvrtc_builtins(const std::string& dir) {
  DIR* d = ::opendir(dir.c_str());
  if (!d) return;
  while (dirent* e = ::readdir(d)) {
    std::string name = e->d_name;
    if (name.rfind("libnvrtc-builtins.so.", 0) == 0) {
      ::dlopen((dir + "/" + name).c_str(), RTLD_NOW | RTLD_GLOBAL);
    }
  }
  ::closedir(d);
}

// Whether some folder holds `name`: *found is it ("" when already loaded).
bool find_library_dir(const char* name, std::string* found) {
  for (auto& dir : library_dirs()) {
    if (dir.empty()) {
      if (void* h = ::dlopen(name, RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD)) {
        ::dlclose(h);
        *found = "";
        return true;
      }
      continue;
    }
    if (::access((dir + "/" + name).c_str(), R_OK) == 0) {
      *found = dir;
      return true;
    }
  }
  return false;
}

template <typename F>
bool bind(void* lib, F& fn, const char* symbol) {
  fn = reinterpret_cast<F>(::dlsym(lib, symbol));
  return fn != nullptr;
}

#define MXCORE_BIND(lib, table, fn, sym) ok = bind(lib, table.fn, sym) && ok

Driver* load_driver() {
  void* lib = open_first({"libcuda.so.1", "libcuda.so"}, nullptr);
  if (!lib) return nullptr;
  static Driver d;
  bool ok = true;
  MXCORE_BIND(lib, d, cuInit, "cuInit");
  MXCORE_BIND(lib, d, cuDeviceGetCount, "cuDeviceGetCount");
  MXCORE_BIND(lib, d, cuDeviceGet, "cuDeviceGet");
  MXCORE_BIND(lib, d, cuDeviceGetAttribute, "cuDeviceGetAttribute");
  MXCORE_BIND(lib, d, cuDeviceGetName, "cuDeviceGetName");
  MXCORE_BIND(lib, d, cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain");
  MXCORE_BIND(lib, d, cuCtxSetCurrent, "cuCtxSetCurrent");
  MXCORE_BIND(lib, d, cuCtxSynchronize, "cuCtxSynchronize");
  MXCORE_BIND(lib, d, cuMemAlloc, "cuMemAlloc_v2");
  MXCORE_BIND(lib, d, cuMemFree, "cuMemFree_v2");
  MXCORE_BIND(lib, d, cuMemAllocHost, "cuMemAllocHost_v2");
  MXCORE_BIND(lib, d, cuMemFreeHost, "cuMemFreeHost");
  MXCORE_BIND(lib, d, cuMemGetInfo, "cuMemGetInfo_v2");
  MXCORE_BIND(lib, d, cuMemcpyHtoDAsync, "cuMemcpyHtoDAsync_v2");
  MXCORE_BIND(lib, d, cuMemcpyDtoHAsync, "cuMemcpyDtoHAsync_v2");
  MXCORE_BIND(lib, d, cuMemcpyDtoDAsync, "cuMemcpyDtoDAsync_v2");
  MXCORE_BIND(lib, d, cuMemsetD8Async, "cuMemsetD8Async");
  MXCORE_BIND(lib, d, cuStreamCreate, "cuStreamCreate");
  MXCORE_BIND(lib, d, cuStreamSynchronize, "cuStreamSynchronize");
  MXCORE_BIND(lib, d, cuStreamWaitEvent, "cuStreamWaitEvent");
  MXCORE_BIND(lib, d, cuEventCreate, "cuEventCreate");
  MXCORE_BIND(lib, d, cuEventRecord, "cuEventRecord");
  MXCORE_BIND(lib, d, cuEventQuery, "cuEventQuery");
  MXCORE_BIND(lib, d, cuEventSynchronize, "cuEventSynchronize");
  MXCORE_BIND(lib, d, cuEventDestroy, "cuEventDestroy_v2");
  MXCORE_BIND(lib, d, cuModuleLoadData, "cuModuleLoadData");
  MXCORE_BIND(lib, d, cuModuleGetFunction, "cuModuleGetFunction");
  MXCORE_BIND(lib, d, cuLaunchKernel, "cuLaunchKernel");
  MXCORE_BIND(lib, d, cuGetErrorString, "cuGetErrorString");
  if (!ok || d.cuInit(0) != 0) return nullptr;
  int count = 0;
  if (d.cuDeviceGetCount(&count) != 0 || count < 1) return nullptr;
  return &d;
}

} // namespace

const Driver* driver() {
  static Driver* d = load_driver();
  return d;
}

const Nvrtc& nvrtc() {
  static std::once_flag once;
  static Nvrtc n;
  static std::string error;
  std::call_once(once, [] {
    std::string tried, dir;
    for (const char* name : {"libnvrtc.so.13", "libnvrtc.so.12"}) {
      if (find_library_dir(name, &dir)) {
        if (!dir.empty()) preload_nvrtc_builtins(dir);
        break;
      }
    }
    void* lib = open_first({"libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so"}, &tried);
    if (!lib) {
      error = "[cuda] NVRTC (libnvrtc.so) was not found; tried " + tried +
              ". Install the nvidia-cuda-nvrtc wheel (scripts/cuda_deps.sh).";
      return;
    }
    bool ok = true;
    MXCORE_BIND(lib, n, nvrtcVersion, "nvrtcVersion");
    MXCORE_BIND(lib, n, nvrtcCreateProgram, "nvrtcCreateProgram");
    MXCORE_BIND(lib, n, nvrtcCompileProgram, "nvrtcCompileProgram");
    MXCORE_BIND(lib, n, nvrtcGetProgramLogSize, "nvrtcGetProgramLogSize");
    MXCORE_BIND(lib, n, nvrtcGetProgramLog, "nvrtcGetProgramLog");
    MXCORE_BIND(lib, n, nvrtcGetCUBINSize, "nvrtcGetCUBINSize");
    MXCORE_BIND(lib, n, nvrtcGetCUBIN, "nvrtcGetCUBIN");
    MXCORE_BIND(lib, n, nvrtcDestroyProgram, "nvrtcDestroyProgram");
    MXCORE_BIND(lib, n, nvrtcGetErrorString, "nvrtcGetErrorString");
    if (!ok) error = "[cuda] The NVRTC library found lacks an entry point mxcore uses.";
  });
  if (!error.empty()) throw std::runtime_error(error);
  return n;
}

const Cublas& cublas() {
  static std::once_flag once;
  static Cublas c;
  static std::string error;
  std::call_once(once, [] {
    std::string tried;
    void* lib = open_first({"libcublas.so.13", "libcublas.so.12", "libcublas.so"}, &tried);
    if (!lib) {
      error = "[cuda] cuBLAS (libcublas.so) was not found; tried " + tried +
              ". Install the nvidia-cublas wheel (scripts/cuda_deps.sh).";
      return;
    }
    bool ok = true;
    MXCORE_BIND(lib, c, cublasCreate, "cublasCreate_v2");
    MXCORE_BIND(lib, c, cublasSetStream, "cublasSetStream_v2");
    MXCORE_BIND(lib, c, cublasGemmStridedBatchedEx, "cublasGemmStridedBatchedEx");
    if (!bind(lib, c.cublasSetWorkspace, "cublasSetWorkspace_v2")) c.cublasSetWorkspace = nullptr;
    if (!ok) error = "[cuda] The cuBLAS library found lacks an entry point mxcore uses.";
  });
  if (!error.empty()) throw std::runtime_error(error);
  return c;
}

void check(CUresult r, const char* what) {
  if (r == 0) return;
  const char* msg = nullptr;
  if (auto* d = driver()) d->cuGetErrorString(r, &msg);
  throw std::runtime_error(std::string("[cuda] ") + what + " failed: " +
                           (msg ? msg : "error " + std::to_string(r)));
}

} // namespace mxcore::cuda
