#include "backend/cpu/kernel_ops_row_fold.h"

namespace mxcore::cpu {

const char* const jit_row_fold_text = R"(namespace mxcore_jit {
// One fold step on a float/double scalar or a vector of them, as the eager
// reduce_ops.h folds: NaN wins in Max/Min (an earlier NaN stays).
template <typename V> inline V fold_float(Sum, V acc, V x) { return acc + x; }
template <typename V> inline V fold_float(Prod, V acc, V x) { return acc * x; }
template <typename V> inline V fold_float(Max, V acc, V x) {
  return ((x > acc) | ((x != x) & (acc == acc))) ? x : acc;
}
template <typename V> inline V fold_float(Min, V acc, V x) {
  return ((x < acc) | ((x != x) & (acc == acc))) ? x : acc;
}
// Max/Min ignoring NaN (one maxps/minps, any order: see RowFold).
template <typename V> inline V fold_quick(Max, V acc, V x) { return x > acc ? x : acc; }
template <typename V> inline V fold_quick(Min, V acc, V x) { return x < acc ? x : acc; }
template <typename A>
constexpr bool is_float_acc = traits::is_same_v<A, float> || traits::is_same_v<A, double>;
template <typename Op, typename A> inline void fold_one(A& acc, A x) {
  if constexpr (is_float_acc<A>) acc = fold_float(Op{}, acc, x);
  else Op::fold(acc, x);
}
// The lanes as one vector (float and double; a stand-in for other types).
template <typename A, bool = is_float_acc<A>> struct lane_vector { typedef float V __attribute__((vector_size(32))); };
template <typename A> struct lane_vector<A, true> { typedef A V __attribute__((vector_size(8 * sizeof(A)))); };
template <typename Op, typename A>
struct RowFold {
  static constexpr int lanes = 8;  // rows of 16 to 63 elements
  static constexpr int wide = 32;  // rows of 64 or more: four dependency chains of 8 floats
  // Float Max/Min first fold in any order, in independent vectors (the
  // order can only change which of +0/-0 or which NaN wins: a row whose
  // result is a zero or that holds a NaN is folded again, exactly).
  static constexpr bool quick =
      is_float_acc<A> && (traits::is_same_v<Op, Max> || traits::is_same_v<Op, Min>);
  typedef typename lane_vector<A>::V V;
  typedef decltype(V{} != V{}) M;
  A part[wide];
  A acc;
  int64_t cols, width, lanes_end;
  bool exact = !quick;
  V q[4];
  M nan;
  explicit RowFold(int64_t n)
      : cols(n), width(n >= 2 * wide ? wide : n >= 2 * lanes ? lanes : 0),
        lanes_end(width > 0 ? n - n % width : 0) { reset(); }
  void reset() {
    acc = Op::template init<A>();
    for (int l = 0; l < wide; ++l) part[l] = acc;
    if constexpr (quick) {
      for (int k = 0; k < 4; ++k) q[k] = V{} + acc;
    }
    nan = M{};
  }
  // After the last block: whether the row must be given again (then folded
  // exactly).
  bool again() {
    if constexpr (!quick) return false;
    if (exact) return false;
    bool any_nan = false;
    for (int l = 0; l < lanes; ++l) any_nan |= nan[l] != 0;
    if (!any_nan && acc != A(0)) return false;
    exact = true;
    reset();
    return true;
  }
  // Folds x[0, stop) into the lanes: `chains` vectors of 8 lanes, element
  // i into lane i % (8 * chains). (Four named vectors, not one vector of
  // 32: g++ takes ten times as long over a 128-byte vector type.)
  template <int chains> void fold_lanes(const A* __restrict x, int64_t stop) {
    V v[chains];
    for (int k = 0; k < chains; ++k) __builtin_memcpy(&v[k], part + k * lanes, sizeof(V));
    for (int64_t i = 0; i < stop; i += chains * lanes) {
      for (int k = 0; k < chains; ++k) {
        V xi;
        __builtin_memcpy(&xi, x + i + k * lanes, sizeof(V));
        v[k] = fold_float(Op{}, v[k], xi);
      }
    }
    for (int k = 0; k < chains; ++k) __builtin_memcpy(part + k * lanes, &v[k], sizeof(V));
  }
  // Elements [c0, c0 + n) of the row; blocks come in order, every block but
  // the last a multiple of the wide lanes long.
  // Out of line: called once a block, and inlined into a kernel of many
  // folds it would use up g++'s inlining budget for the element loops (a
  // chain of ten softmaxes then called exp out of line, unvectorized).
  __attribute__((noinline)) void add(const A* __restrict x, int64_t c0, int64_t n) {
    if constexpr (quick) {
      if (!exact) {
        int64_t i = 0;
        for (; i + 4 * lanes <= n; i += 4 * lanes) {
          for (int k = 0; k < 4; ++k) {
            V xi;
            __builtin_memcpy(&xi, x + i + k * lanes, sizeof(V));
            q[k] = fold_quick(Op{}, q[k], xi);
            nan |= xi != xi;
          }
        }
        for (; i + lanes <= n; i += lanes) {
          V xi;
          __builtin_memcpy(&xi, x + i, sizeof(V));
          q[0] = fold_quick(Op{}, q[0], xi);
          nan |= xi != xi;
        }
        for (; i < n; ++i) {
          acc = fold_quick(Op{}, acc, x[i]);
          nan[0] |= x[i] != x[i] ? -1 : 0;
        }
        if (c0 + n < cols) return;
        // A tree, not a chain of 32 dependent folds (a third of a short
        // row's time): any order gives the quick fold's result.
        V m = fold_quick(Op{}, fold_quick(Op{}, q[0], q[1]), fold_quick(Op{}, q[2], q[3]));
        for (int l = 0; l < lanes; ++l) acc = fold_quick(Op{}, acc, m[l]);
        return;
      }
    }
    int64_t stop = lanes_end - c0;
    stop = stop < 0 ? 0 : stop > n ? n : stop;
    if constexpr (is_float_acc<A>) {
      if (width == wide) fold_lanes<wide / lanes>(x, stop);
      else fold_lanes<1>(x, stop);
    } else {
      for (int64_t i = 0; i < stop; i += width) {
        for (int l = 0; l < width; ++l) Op::fold(part[l], x[i + l]);
      }
    }
    if (c0 + n < cols) return;
    for (int l = 0; l < width; ++l) fold_one<Op>(acc, part[l]);
    for (int64_t i = stop; i < n; ++i) fold_one<Op>(acc, x[i]);
  }
};
} // namespace mxcore_jit
)";

} // namespace mxcore::cpu
