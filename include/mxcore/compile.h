// compile: trace a function, simplify and fuse its graph, run fused kernels.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <utility>
#include <vector>

#include "mxcore/array.h"

namespace mxcore {

enum class CompileMode { disabled, no_simplify, no_fuse, enabled };

using CompileFn = std::function<std::vector<array>(const std::vector<array>&)>;

// Compiles fun. With shapeless, a change of input shapes (same ndim) does not
// retrace. Cache entries live as long as the returned function's target; a
// plain function pointer is its own key (entries live for the program).
CompileFn compile(CompileFn fun, bool shapeless = false);

void set_compile_mode(CompileMode mode);
CompileMode get_compile_mode();
void disable_compile();
void enable_compile();
void compile_clear_cache();

namespace detail {

// Outputs plus an opaque value the traced function wants back on every call
// (the Python wrapper keeps the output tree structure there).
using ArraysAndExtra = std::pair<std::vector<array>, std::shared_ptr<void>>;
using ArrayFnWithExtra = std::function<ArraysAndExtra(const std::vector<array>&)>;

// Compile keyed on fun_id: the caller owns the id's lifetime and calls
// compile_erase(fun_id) when the function dies. `constants` are hashed
// non-array arguments (and tree structure); they are part of the cache key.
ArrayFnWithExtra compile(ArrayFnWithExtra fun, std::uintptr_t fun_id,
                         bool shapeless = false,
                         std::vector<uint64_t> constants = {});
CompileFn compile(CompileFn fun, std::uintptr_t fun_id, bool shapeless = false,
                  std::vector<uint64_t> constants = {});
// One call of compile(fun, fun_id, shapeless, constants) on inputs, without
// building the callable (bindings call it directly on every call).
ArraysAndExtra compile_call(const ArrayFnWithExtra& fun, std::uintptr_t fun_id, bool shapeless,
                            const std::vector<uint64_t>& constants,
                            const std::vector<array>& inputs);

// Drops every cache entry of fun_id.
void compile_erase(std::uintptr_t fun_id);
// Number of traces run so far (all functions); for tests and debugging.
size_t compile_trace_count();

} // namespace detail

} // namespace mxcore
