// Internal to the renderer: the state of one kernel being written and the
// pieces every loop shares (cstyle_renderer.cpp, cstyle_row_loop.cpp).
#pragma once

#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "kernel/dialect.h"

namespace mxcore::kernel::cstyle {

// Element expressions of one loop body: where an input is read, where an
// output is stored.
using ElementFn = std::function<std::string(const std::string& name)>;
// The same for one of several interleaved element streams.
using StreamElementFn = std::function<std::string(const std::string& name, int stream)>;

struct Writer {
  const Dialect& d;
  const FusedProgram& p;
  const KernelVariant& v;
  std::ostringstream os;
  std::vector<std::string> invariants; // nodes loop_invariants() wrote

  Writer(const Dialect& d, const FusedProgram& p, const KernelVariant& v) : d(d), p(p), v(v) {}

  InputKind kind_of(size_t input) const { return v.input_kinds[input]; }
  InputKind kind_of(const std::string& input_name) const;
  // A half value that only feeds output stores needs no rounding of its own:
  // the store's round-to-nearest-even conversion gives the same bits.
  bool feeds_only_stores(const std::string& name) const;

  // "const T name = expr;" for one tape node; rounded = false leaves a half
  // value unrounded (a row loop then rounds the block it is stored in).
  // `rename`, if given, spells the names of the node and its inputs.
  void node(const FusedNode& n, const char* indent, bool rounded = true,
            const ElementFn& rename = nullptr);
  // Loop-invariant values (constants, scalars) and, for range dialects, the
  // buffer pointers bound from `void** args`, in input order.
  void arguments();
  // Tape nodes whose inputs are all constants, scalars or such nodes (Adam's
  // 1 - b1**step): written once before the loop, and left out of body().
  void loop_invariants(const char* indent);
  // Reads the per-element inputs, runs the tape, stores the outputs. Inputs
  // and outputs named in `as_values` are read and written as value_type
  // (block scratch the loop's caller converts), not through load / store.
  void body(const char* indent, const ElementFn& load, const ElementFn& store,
            const std::vector<std::string>& as_values = {});
  // body() for `streams` independent elements at once, statement by
  // statement interleaved (names suffixed _s0, _s1, ... when more than one):
  // load / store spell element (name, stream).
  void interleaved_body(const char* indent, int streams, const StreamElementFn& load,
                        const StreamElementFn& store,
                        const std::vector<std::string>& as_values = {});
  // How many independent elements a range loop should interleave: 1, or
  // more where the tape's dependent chain is long enough that one element's
  // latency, not the core's throughput, would bound the loop.
  int latency_streams() const;
  // Range dialects: "const T* __restrict name" and "T* __restrict name".
  std::string pointer(Dtype t, const std::string& name, bool is_const) const;

  void range_contiguous();
  void range_strided();
  void range_row(); // cstyle_row_loop.cpp
  void grid_contiguous();
  void grid_strided();
};

} // namespace mxcore::kernel::cstyle
