// compile: trace a function, simplify and fuse its graph, run fused kernels.
#pragma once

#include <functional>
#include <vector>

#include "mxcore/array.h"

namespace mxcore {

enum class CompileMode { disabled, no_simplify, no_fuse, enabled };

using CompileFn = std::function<std::vector<array>(const std::vector<array>&)>;

// Compiles fun. With shapeless, a change of input shapes (same ndim) does not
// retrace. Cache entries live as long as the returned function's target.
CompileFn compile(CompileFn fun, bool shapeless = false);

void set_compile_mode(CompileMode mode);
CompileMode get_compile_mode();
void disable_compile();
void enable_compile();
void compile_clear_cache();

} // namespace mxcore
