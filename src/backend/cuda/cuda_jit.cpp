// NVRTC builds, the module caches and launches (cuda_jit.h).
#include "backend/cuda/cuda_jit.h"

#include <atomic>
#include <mutex>
#include <stdexcept>
#include <unordered_map>

#include "backend/cpu/kernel_cache.h"
#include "backend/cuda/cuda_backend.h"

namespace mxcore::cuda {

namespace {

std::atomic<int> builds{0};

std::string nvrtc_error(const Nvrtc& n, int r) {
  const char* s = n.nvrtcGetErrorString ? n.nvrtcGetErrorString(r) : nullptr;
  return s ? s : "error " + std::to_string(r);
}

struct ModuleCache {
  std::mutex mtx;
  std::unordered_map<std::string, CUfunction> functions;
};

ModuleCache& modules() {
  static ModuleCache* c = new ModuleCache(); // modules outlive statics
  return *c;
}

} // namespace

std::string compile_cubin(const std::string& source, const std::string& name, int arch) {
  const Nvrtc& n = nvrtc();
  nvrtcProgram prog = nullptr;
  int r = n.nvrtcCreateProgram(&prog, source.c_str(), (name + ".cu").c_str(), 0, nullptr, nullptr);
  if (r != 0) throw std::runtime_error("[cuda] nvrtcCreateProgram: " + nvrtc_error(n, r));
  std::string arch_opt = "--gpu-architecture=sm_" + std::to_string(arch);
  // -default-device: the shared scalar-math text has no __device__ marks.
  const char* opts[] = {arch_opt.c_str(), "-std=c++20", "-default-device", "-w"};
  r = n.nvrtcCompileProgram(prog, 4, opts);
  if (r != 0) {
    size_t log_size = 0;
    n.nvrtcGetProgramLogSize(prog, &log_size);
    std::string log(log_size, '\0');
    if (log_size) n.nvrtcGetProgramLog(prog, log.data());
    n.nvrtcDestroyProgram(&prog);
    throw std::runtime_error("[cuda] NVRTC could not compile kernel " + name + ": " +
                             nvrtc_error(n, r) + "\n" + log);
  }
  size_t size = 0;
  n.nvrtcGetCUBINSize(prog, &size);
  std::string cubin(size, '\0');
  n.nvrtcGetCUBIN(prog, cubin.data());
  n.nvrtcDestroyProgram(&prog);
  ++builds;
  return cubin;
}

namespace {

// The module of source: its cubin from the disk cache or NVRTC.
CUmodule load_module(const std::string& source, const std::string& name) {
  const int arch = compute_capability();
  int major = 0, minor = 0;
  nvrtc().nvrtcVersion(&major, &minor);
  auto entry = cpu::kernel_entry_name(
      "cuda_" + name.substr(0, 48),
      {source, "sm_" + std::to_string(arch), std::to_string(major) + "." + std::to_string(minor)});
  std::string cubin;
  if (!cpu::kernel_cache_read_blob(entry, &cubin)) {
    cubin = compile_cubin(source, name, arch);
    cpu::kernel_cache_write_blob(entry, cubin);
  }
  CUmodule module = nullptr;
  check(driver()->cuModuleLoadData(&module, cubin.data()), "cuModuleLoadData");
  return module;
}

CUfunction function_of(CUmodule module, const std::string& symbol) {
  CUfunction fn = nullptr;
  check(driver()->cuModuleGetFunction(&fn, module, symbol.c_str()), "cuModuleGetFunction");
  return fn;
}

} // namespace

CUfunction find_or_build(const std::string& key, const std::string& source,
                         const std::string& symbol) {
  auto& c = modules();
  {
    std::lock_guard lock(c.mtx);
    if (auto it = c.functions.find(key); it != c.functions.end()) return it->second;
  }
  CUfunction fn = function_of(load_module(source, symbol), symbol);
  std::lock_guard lock(c.mtx);
  c.functions.emplace(key, fn);
  return fn;
}

std::vector<CUfunction> find_or_build_all(const std::string& key,
                                          const std::function<std::string()>& render,
                                          const std::vector<std::string>& symbols) {
  auto& c = modules();
  std::vector<CUfunction> fns;
  {
    std::lock_guard lock(c.mtx);
    for (auto& sym : symbols) {
      auto it = c.functions.find(key + "/" + sym);
      if (it == c.functions.end()) break;
      fns.push_back(it->second);
    }
  }
  if (fns.size() == symbols.size()) return fns;
  fns.clear();
  CUmodule module = load_module(render(), symbols.front());
  for (auto& sym : symbols) fns.push_back(function_of(module, sym));
  std::lock_guard lock(c.mtx);
  for (size_t i = 0; i < symbols.size(); ++i) c.functions.emplace(key + "/" + symbols[i], fns[i]);
  return fns;
}

CUfunction find_or_build(const std::string& key,
                         const std::function<std::string(std::string* symbol)>& render) {
  {
    auto& c = modules();
    std::lock_guard lock(c.mtx);
    if (auto it = c.functions.find(key); it != c.functions.end()) return it->second;
  }
  std::string symbol;
  std::string source = render(&symbol);
  return find_or_build(key, source, symbol);
}

void launch(CUfunction fn, const Launch& l, std::vector<void*>& args, CUstream stream) {
  check(driver()->cuLaunchKernel(fn, l.grid[0], l.grid[1], l.grid[2], l.block[0], l.block[1],
                                 l.block[2], l.shared_bytes, stream, args.data(), nullptr),
        "cuLaunchKernel");
}

int nvrtc_builds() { return builds.load(); }

} // namespace mxcore::cuda
