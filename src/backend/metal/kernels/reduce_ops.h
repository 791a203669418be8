// The binary folds of reductions and scans (reduce.metal, scan.metal): the
// same NaN rule as the CPU kernels (NaN wins max / min). Included by the
// host into each library's text (eager_support.h).

struct ReduceSum {
  template <typename A> A operator()(A a, A b) const { return a + b; }
};
struct ReduceProd {
  template <typename A> A operator()(A a, A b) const { return a * b; }
};
// NaN wins, as in the CPU kernels.
struct ReduceMax {
  template <typename A> A operator()(A a, A b) const { return (a != a || a > b) ? a : b; }
};
struct ReduceMin {
  template <typename A> A operator()(A a, A b) const { return (a != a || a < b) ? a : b; }
};
struct ReduceAnd {
  template <typename A> A operator()(A a, A b) const { return a && b; }
};
struct ReduceOr {
  template <typename A> A operator()(A a, A b) const { return a || b; }
};
