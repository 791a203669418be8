#include "backend/metal/emulator/msl_library.h"

#include <sstream>
#include <stdexcept>

#include "backend/cpu/jit_builder.h"
#include "backend/cpu/kernel_cache.h"
#include "backend/metal/embedded_sources.h"
#include "backend/metal/emulator/msl_signatures.h"

namespace mxcore::metal::emulator {

namespace {

const char* const table_symbol = "mxemu_library_table";

// The argument expression for one parameter of a driver's kernel call.
std::string argument(const KernelParam& p) {
  using K = KernelParam::Kind;
  if (p.kind == K::buffer_pointer) return "mxemu::Ptr{l->buffers[" + std::to_string(p.buffer) + "]}";
  if (p.kind == K::buffer_reference) return "mxemu::Ref{l->buffers[" + std::to_string(p.buffer) + "]}";
  std::string v = "l->" + p.builtin;
  if (p.builtin == "thread_index_in_threadgroup") return p.width == 1 ? v : "uint3{" + v + ", 0, 0}";
  if (p.width == 1) return v + ".x";
  if (p.width == 2) return "uint2{" + v + ".x, " + v + ".y}";
  return "uint3{" + v + ".x, " + v + ".y, " + v + ".z}";
}

// Metal's own headers (<metal_stdlib>, ...) are the shim's job here: their
// #include lines are blanked (kept as empty lines, so line numbers hold).
std::string without_metal_includes(const std::string& msl) {
  std::string out;
  size_t pos = 0;
  while (pos < msl.size()) {
    size_t end = msl.find('\n', pos);
    if (end == std::string::npos) end = msl.size();
    std::string line = msl.substr(pos, end - pos);
    size_t first = line.find_first_not_of(" \t");
    bool metal_include = first != std::string::npos && line.compare(first, 8, "#include") == 0 &&
                         line.find("<metal_") != std::string::npos;
    out += metal_include ? "" : line;
    out += '\n';
    pos = end + 1;
  }
  return out;
}

} // namespace

std::string emulated_library_source(const std::string& msl) {
  auto entries = parse_kernel_entry_points(msl);
  const bool barriers = msl.find("threadgroup_barrier") != std::string::npos;
  std::ostringstream os;
  os << "#define MXCORE_JIT\n";
  if (msl.find("complex64_t") != std::string::npos) os << "#define MXCORE_JIT_COMPLEX\n";
  // The scalar types only: the op functors come with the MSL (the Metal
  // preamble, kernels/op_functors.h), so they are what runs here.
  os << embedded_source("scalar_traits.h") << "\n"
     << embedded_source("scalar_types.h") << "\n"
     << "namespace mxcore { namespace kernel_ops {} }\n"
     << embedded_source("launch_abi.h") << "\n"
     << embedded_source("msl_shim.h") << "\n"
     << "#line 1 \"library.metal\"\n"
     << without_metal_includes(msl) << "\n"
     << "#undef threadgroup\n#undef device\n#undef constant\n#undef thread\n#undef kernel\n";
  for (size_t i = 0; i < entries.size(); ++i) {
    auto& e = entries[i];
    os << "static void mxemu_run_" << i << "(const mxemu_Launch* l) {\n  " << e.callee << "(";
    for (size_t k = 0; k < e.params.size(); ++k) os << (k ? ", " : "") << argument(e.params[k]);
    os << ");\n}\n";
  }
  os << "static const mxemu_Entry mxemu_entries[] = {\n";
  for (size_t i = 0; i < entries.size(); ++i) {
    os << "  {\"" << entries[i].host_name << "\", &mxemu_run_" << i << ", " << int(barriers)
       << "},\n";
  }
  if (entries.empty()) os << "  {\"\", nullptr, 0},\n";
  os << "};\n"
     << "static void mxemu_set_hooks(const mxemu_Hooks* h) { mxemu::hooks = h; }\n"
     << "static const mxemu_Table mxemu_table = {mxemu_entries, " << entries.size()
     << ", &mxemu_set_hooks};\n"
     << "extern \"C\" __attribute__((visibility(\"default\"))) const mxemu_Table* "
     << table_symbol << "() { return &mxemu_table; }\n";
  return os.str();
}

BuiltLibrary build_emulated_library(const std::string& name, const std::string& msl) {
  auto source = emulated_library_source(msl);
  auto stem = "metal_" + name;
  auto key = cpu::kernel_entry_name(stem, {source});
  void* fn = nullptr;
  if (!cpu::jit_lookup(key, fn)) fn = cpu::jit_load(key, stem, stem, table_symbol, source);
  if (!fn) {
    throw std::runtime_error("[metal::emulator] Could not build the Metal library '" + name +
                             "' with the C++ compiler (" +
                             (cpu::jit_compiler().empty() ? "none found" : cpu::jit_compiler()) +
                             "); see the warning above.");
  }
  BuiltLibrary lib;
  lib.table = reinterpret_cast<const mxemu_Table* (*)()>(fn)();
  for (int i = 0; i < lib.table->count; ++i) {
    lib.entries[lib.table->entries[i].host_name] = &lib.table->entries[i];
  }
  return lib;
}

} // namespace mxcore::metal::emulator
