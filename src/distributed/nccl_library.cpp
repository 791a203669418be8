// Loading NCCL at run time (see nccl_abi.h for where it is looked for).
#include <dlfcn.h>

#include <cstdlib>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

#include "distributed/nccl_abi.h"

namespace mxcore::distributed::nccl {

namespace {

struct Library {
  Api api{};
  bool loaded = false;
  int version = 0;
  std::string error;
};

template <typename F>
bool resolve(void* handle, F& fn, const char* name, std::string& error) {
  fn = reinterpret_cast<F>(dlsym(handle, name));
  if (!fn) error += std::string("missing ") + name + "; ";
  return fn != nullptr;
}

bool resolve_all(void* h, Api& a, std::string& e) {
  return resolve(h, a.GetVersion, "ncclGetVersion", e) &
         resolve(h, a.GetUniqueId, "ncclGetUniqueId", e) &
         resolve(h, a.CommInitRank, "ncclCommInitRank", e) &
         resolve(h, a.CommSplit, "ncclCommSplit", e) &
         resolve(h, a.CommDestroy, "ncclCommDestroy", e) &
         resolve(h, a.CommCount, "ncclCommCount", e) &
         resolve(h, a.CommUserRank, "ncclCommUserRank", e) &
         resolve(h, a.GetErrorString, "ncclGetErrorString", e) &
         resolve(h, a.GetLastError, "ncclGetLastError", e) &
         resolve(h, a.AllReduce, "ncclAllReduce", e) &
         resolve(h, a.AllGather, "ncclAllGather", e) &
         resolve(h, a.ReduceScatter, "ncclReduceScatter", e) &
         resolve(h, a.Send, "ncclSend", e) & resolve(h, a.Recv, "ncclRecv", e);
}

struct Candidate {
  std::string path;
  bool quiet_if_absent; // a wheel folder without NCCL is the rule, not worth reporting
};

std::vector<Candidate> candidates() {
  if (const char* forced = std::getenv("MXCORE_NCCL_LIBRARY")) return {{forced, false}};
  std::vector<Candidate> paths;
  if (const char* dirs = std::getenv("MXCORE_CUDA_LIBRARY_PATH")) {
    std::string all = dirs;
    size_t start = 0;
    while (start <= all.size()) {
      size_t end = all.find(':', start);
      if (end == std::string::npos) end = all.size();
      if (end > start) paths.push_back({all.substr(start, end - start) + "/libnccl.so.2", true});
      start = end + 1;
    }
  }
  paths.push_back({"libnccl.so.2", false});
  return paths;
}

Library load() {
  // NVLink multicast (NVLS) can put a shared host's GPUs out of service:
  // off unless the user chose otherwise, before NCCL first reads it.
  setenv("NCCL_NVLS_ENABLE", "0", /*overwrite=*/0);
  Library lib;
  for (const auto& [path, quiet] : candidates()) {
    void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
      const char* why = dlerror();
      std::string text = why ? why : "not loadable";
      if (!quiet || text.find("No such file") == std::string::npos) {
        lib.error += path + ": " + text + "; ";
      }
      continue;
    }
    std::string missing;
    if (!resolve_all(handle, lib.api, missing)) {
      lib.error += path + ": " + missing;
      dlclose(handle);
      continue;
    }
    lib.api.GetVersion(&lib.version);
    lib.loaded = true;
    return lib;
  }
  if (lib.error.size() >= 2) lib.error.resize(lib.error.size() - 2); // the last "; "
  if (lib.error.empty()) lib.error = "no NCCL library found";
  return lib;
}

Library& library() {
  static Library lib = load();
  return lib;
}

} // namespace

const Api* api(std::string* why) {
  Library& lib = library();
  if (!lib.loaded) {
    if (why) *why = lib.error;
    return nullptr;
  }
  return &lib.api;
}

int version() { return library().version; }

void check(Result r, const char* op, Comm comm) {
  if (r == Success) return;
  const Api* a = api();
  std::string text = a ? a->GetErrorString(r) : "NCCL is not loaded";
  if (a) { // the communicator's last error, or the thread's when there is none
    const char* last = a->GetLastError(comm);
    if (last && *last) text += " (" + std::string(last) + ")";
  }
  throw std::runtime_error(std::string("[") + op + "] NCCL error: " + text + ".");
}

} // namespace mxcore::distributed::nccl
