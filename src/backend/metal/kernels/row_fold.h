// The folds of row programs on Metal (the MSL dialect's row variant of the
// shared row loop, kernel/cstyle_row_loop.cpp): one threadgroup per row,
// each thread folds its columns (c0 = lid, lid + lanes, ...) into its own
// accumulator, and finish() combines the threads' accumulators with a tree
// over threadgroup memory. Identities and the NaN rule are the eager
// reductions' (NaN wins max / min); half types fold in float.

template <typename A, bool has_infinity = numeric_limits<A>::has_infinity>
struct RowExtremes {
  static A lowest() { return -numeric_limits<A>::infinity(); }
  static A highest() { return numeric_limits<A>::infinity(); }
};
template <typename A>
struct RowExtremes<A, false> {
  static A lowest() { return numeric_limits<A>::lowest(); }
  static A highest() { return numeric_limits<A>::max(); }
};

struct RowSum {
  template <typename A> static A init() { return A(0); }
  template <typename A> static A fold(A a, A b) { return A(a + b); }
};
struct RowProd {
  template <typename A> static A init() { return A(1); }
  template <typename A> static A fold(A a, A b) { return A(a * b); }
};
struct RowMax {
  template <typename A> static A init() { return RowExtremes<A>::lowest(); }
  template <typename A> static A fold(A a, A b) { return (b > a || b != b) ? b : a; }
};
struct RowMin {
  template <typename A> static A init() { return RowExtremes<A>::highest(); }
  template <typename A> static A fold(A a, A b) { return (b < a || b != b) ? b : a; }
};

template <typename Op, typename A>
struct RowGroupFold {
  A acc;
  RowGroupFold(int64_t) : acc(Op::template init<A>()) {}
  // The row loop's interface: n values from x (this thread's columns).
  template <typename P>
  void add(P x, int64_t, int64_t n) {
    for (int64_t j = 0; j < n; ++j) acc = Op::fold(acc, static_cast<A>(x[j]));
  }
  bool again() const { return false; } // the fold is exact: never asks twice
  // Every thread of the group calls it (it has barriers); partial: the
  // group's threadgroup array of A (one per thread); lanes: a power of two.
  template <typename S>
  A finish(S partial, uint lid, uint lanes) {
    partial[lid] = acc;
    threadgroup_barrier(mem_flags::mem_threadgroup);
    for (uint stride = lanes / 2; stride > 0; stride /= 2) {
      if (lid < stride) partial[lid] = Op::fold(partial[lid], partial[lid + stride]);
      threadgroup_barrier(mem_flags::mem_threadgroup);
    }
    const A result = partial[0];
    threadgroup_barrier(mem_flags::mem_threadgroup); // the next fold reuses the scratch
    return result;
  }
};
