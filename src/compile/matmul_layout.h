// A compile pass after fuse: a batched float32 Matmul on the CPU whose every
// user transposes it the same way, keeping the last axis last (attention's
// (batch, heads, seq, dim) product turned back into (batch, seq, heads,
// dim)), writes its rows straight into that order (Matmul's out_order). The
// transposes become row-contiguous views, so the reshapes after them
// ((batch, seq, heads * dim), then the next product's (rows, d)) are views
// too, instead of a strided copy of the whole product each. Values are those
// of the plain product: the same GEMM calls with a wider row step for C.
#pragma once

#include <vector>

#include "compile/compile_impl.h"

namespace mxcore::detail {

// Not for shapeless functions (run after fuse, as the epilogue pass).
// MXCORE_MATMUL_LAYOUT=0 turns it off (tests compare against it), read at
// each compile.
void compile_matmul_layouts(std::vector<array>& tape, ParentsMap& parents_map,
                            const std::vector<array>& outputs);

} // namespace mxcore::detail
