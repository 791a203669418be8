// The JIT's batched builds (jit_load_batch): several kernels from one
// compiler run, each stored under its own cache entry; a batch with a broken
// source falls back to one build per kernel, so the good kernels still load.
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "backend/cpu/jit_builder.h"
#include "test_framework.h"

using namespace mxcore::cpu;

namespace {

struct FreshCache {
  std::string dir;
  FreshCache() {
    char tmpl[] = "/tmp/mxcore_jit_batch_test_XXXXXX";
    dir = ::mkdtemp(tmpl);
    ::setenv("MXCORE_CACHE_DIR", dir.c_str(), 1);
  }
  ~FreshCache() {
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
  }
} fresh_cache;

using KernelFn = int (*)(int);

// A header-free source in the shape of an emitted kernel: a helper in a
// namespace, a type alias and the extern "C" entry point.
JitRequest request(const std::string& tag, int factor, int offset) {
  std::string symbol = "mxk_batch_test_" + tag + "_" + std::to_string(::getpid());
  std::string source =
      "namespace helpers { inline int scale(int x) { return x * " + std::to_string(factor) +
      "; } }\nusing index_t = int;\nextern \"C\" int " + symbol +
      "(int x) { return helpers::scale(x) + index_t(" + std::to_string(offset) + "); }\n";
  return {"batch-test|" + symbol, "batch_test_" + tag, symbol, symbol, source};
}

int call(const JitRequest& r, int x) {
  void* fn = nullptr;
  if (!jit_lookup(r.key, fn) || !fn) return -1;
  return reinterpret_cast<KernelFn>(fn)(x);
}

size_t entries() {
  size_t n = 0;
  for (auto& e : std::filesystem::directory_iterator(jit_cache_dir())) {
    n += e.path().extension() == ".kernel";
  }
  return n;
}

} // namespace

TEST_CASE("jit batch: three kernels, one compiler run, one entry each") {
  if (!jit_available()) return; // no compiler on this machine: nothing to build
  std::vector<JitRequest> batch = {request("a", 2, 1), request("b", 3, 0), request("c", -1, 7)};
  auto runs = jit_compiler_invocations();
  jit_load_batch(batch);
  CHECK(jit_compiler_invocations() == runs + 1);
  CHECK(call(batch[0], 5) == 11);
  CHECK(call(batch[1], 5) == 15);
  CHECK(call(batch[2], 5) == 2);
  CHECK(entries() == 3);
  CHECK(jit_source("batch_test_b") == batch[1].source);

  // Loaded kernels are not built again.
  jit_load_batch(batch);
  CHECK(jit_compiler_invocations() == runs + 1);
}

TEST_CASE("jit batch: a broken source costs only itself") {
  if (!jit_available()) return;
  auto good1 = request("d", 4, 0), good2 = request("e", 5, 1);
  auto bad = request("f", 1, 0);
  bad.source += "this is not C++;\n";
  auto runs = jit_compiler_invocations();
  jit_load_batch({good1, bad, good2});
  // The batch, then each kernel alone.
  CHECK(jit_compiler_invocations() == runs + 4);
  CHECK(call(good1, 2) == 8);
  CHECK(call(good2, 2) == 11);
  void* fn = reinterpret_cast<void*>(1);
  CHECK(jit_lookup(bad.key, fn) && fn == nullptr); // failed, remembered, eager from now on
  CHECK(jit_available()); // one bad kernel does not switch the JIT off
}
