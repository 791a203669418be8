// Row loops (range dialects): one row at a time, one pass per reduction over
// the row (in L1 after the first), then one pass storing the per-element
// outputs. Each value has a level: uniform (loop invariant), per row, or per
// element of the row.
#include <algorithm>
#include <stdexcept>
#include <unordered_map>
#include <unordered_set>

#include "kernel/cstyle_writer.h"

namespace mxcore::kernel::cstyle {

namespace {

enum class Level { uniform, row, element };

// Half inputs read per element are converted a block of columns at a time
// into float scratch (F16C where the CPU has it: one instruction per 8
// values) rather than one value at a time in every pass; half outputs are
// computed into scratch and converted the same way. Blocks stay in L1.
constexpr int row_block = 512;

const char* block_loop = "for (int64_t c0 = 0; c0 < cols; c0 += row_block) {\n";
const char* block_size = "const int64_t cn = cols - c0 < row_block ? cols - c0 : row_block;\n";

struct RowLoop {
  Writer& w;
  std::unordered_map<std::string, Level> levels;

  explicit RowLoop(Writer& w) : w(w) {
    // A reduction is per row; anything else varies as much as its inputs.
    for (size_t i = 0; i < w.p.inputs.size(); ++i) {
      auto k = w.kind_of(i);
      levels[w.p.inputs[i].name] = k == InputKind::constant || k == InputKind::scalar
                                       ? Level::uniform
                                   : k == InputKind::row ? Level::row
                                                         : Level::element;
    }
    for (auto& n : w.p.tape) {
      Level l = Level::uniform;
      if (n.kind == NodeKind::reduce) {
        l = Level::row;
      } else {
        for (auto& in : n.inputs) l = std::max(l, levels.at(in));
      }
      levels[n.name] = l;
    }
    for (size_t o = 0; o < w.p.outputs.size(); ++o) {
      if (w.v.per_row_outputs[o] && levels.at(w.p.outputs[o].value) == Level::element) {
        throw std::invalid_argument(
            "[compile] A per-row output of a row kernel varies along the row.");
      }
    }
  }

  bool block_converted(size_t input) const {
    auto k = w.kind_of(input);
    return !w.d.block_conversion(w.p.inputs[input].dtype, true).empty() &&
           (k == InputKind::contiguous || k == InputKind::column);
  }

  // Names of the per-element values (inputs and nodes) that `targets` need,
  // in program order: what one pass over the row must compute.
  std::vector<std::string> element_closure(const std::vector<std::string>& targets) const {
    std::unordered_set<std::string> need(targets.begin(), targets.end());
    for (auto it = w.p.tape.rbegin(); it != w.p.tape.rend(); ++it) {
      if (!need.count(it->name) || levels.at(it->name) != Level::element) continue;
      for (auto& in : it->inputs) need.insert(in);
    }
    std::vector<std::string> order;
    for (auto& in : w.p.inputs) {
      if (need.count(in.name) && levels.at(in.name) == Level::element) order.push_back(in.name);
    }
    for (auto& n : w.p.tape) {
      if (need.count(n.name) && levels.at(n.name) == Level::element) order.push_back(n.name);
    }
    return order;
  }

  // Converts the current block [c0, c0 + cn) of the half inputs among `values`.
  void block_loads(const std::vector<std::string>& values, const char* indent) {
    std::unordered_set<std::string> used(values.begin(), values.end());
    for (size_t i = 0; i < w.p.inputs.size(); ++i) {
      auto& in = w.p.inputs[i];
      if (!block_converted(i) || !used.count(in.name)) continue;
      w.os << indent << w.d.block_conversion(in.dtype, true) << "(" << in.name << "_blk, "
           << in.name << (w.kind_of(i) == InputKind::column ? "_ptr" : "_row")
           << " + c0, cn);\n";
    }
  }

  // One pass's per-element values at column c0 + j of the current block.
  void element_values(const std::vector<std::string>& values, const char* indent) {
    for (auto& name : values) {
      bool is_input = false;
      for (size_t i = 0; i < w.p.inputs.size(); ++i) {
        auto& in = w.p.inputs[i];
        if (in.name != name) continue;
        is_input = true;
        std::string value =
            block_converted(i)
                ? in.name + "_blk[j]"
                : w.d.load(in.dtype, in.name +
                                         (w.kind_of(i) == InputKind::column ? "_ptr" : "_row") +
                                         "[c0 + j]");
        w.os << indent << "const " << w.d.value_type(in.dtype) << " " << in.name << " = "
             << value << ";\n";
      }
      if (is_input) continue;
      for (auto& n : w.p.tape) {
        if (n.name == name) w.node(n, indent);
      }
    }
  }

  // One pass over the row folding the closure `values` of the reduced value
  // into part[lanes] with `fold` (text with the placeholders
  // {acc} and {x}); `probe`, when not empty, is a statement on {x} and the
  // lane {lane}, run for every element too.
  void reduction_pass(const std::vector<std::string>& values, const std::string& v,
                      const std::string& A, const std::string& fold_acc_x,
                      const std::string& probe) {
    auto& os = w.os;
    auto& d = w.d;
    auto fill = [&](const std::string& lane) {
      std::string x = d.convert(A, v);
      std::string text = fold_acc_x;
      text.replace(text.find("{acc}"), 5, "part[" + lane + "]");
      text.replace(text.find("{x}"), 3, x);
      if (!probe.empty()) {
        std::string p = probe;
        p.replace(p.find("{lane}"), 6, lane);
        p.replace(p.find("{x}"), 3, x);
        text += "; " + p;
      }
      return text + ";\n";
    };
    os << "      " << block_loop << "        " << block_size;
    block_loads(values, "        ");
    os << "        int64_t j0 = 0;\n"
       << "        for (; j0 + lanes <= cn; j0 += lanes) {\n"
       << "          for (int l = 0; l < lanes; ++l) {\n"
       << "            const int64_t j = j0 + l;\n";
    element_values(values, "            ");
    os << "            " << fill("l") << "          }\n        }\n"
       << "        for (int64_t j = j0; j < cn; ++j) {\n";
    element_values(values, "          ");
    os << "          " << fill("0") << "        }\n      }\n";
  }

  // The pass computing reduction n of the current row into n.name. Max and
  // Min of floats first fold with a plain compare (it vectorizes; the exact
  // fold's NaN test does not) while summing x * 0, which is NaN exactly when
  // some x is NaN or infinite; such a row is folded again exactly.
  void reduction(const FusedNode& n) {
    auto& os = w.os;
    auto& d = w.d;
    auto& v = n.inputs[0];
    auto values = element_closure({v});
    std::string A = d.accumulator_type(n.dtype);
    const bool real_float = n.dtype == float32 || n.dtype == float64 || n.dtype == float16 ||
                            n.dtype == bfloat16;
    const bool ordered_first = real_float && (n.op == Op::Max || n.op == Op::Min);
    std::string init = "      for (int l = 0; l < lanes; ++l) part[l] = " +
                       d.reduce_init(n.op, A) + ";\n";
    os << "    " << d.value_type(n.dtype) << " " << n.name << ";\n    {\n"
       << "      constexpr int lanes = 16; // independent folds: the pass vectorizes\n"
       << "      " << A << " part[lanes];\n" << init;
    if (ordered_first) {
      os << "      " << A << " probe[lanes];\n"
         << "      for (int l = 0; l < lanes; ++l) probe[l] = " << A << "(0);\n";
      reduction_pass(values, v, A, d.reduce_fold_ordered(n.op, "{acc}", "{x}"),
                     "probe[{lane}] += {x} * " + A + "(0)");
      os << "      " << A << " unordered = " << A << "(0);\n"
         << "      for (int l = 0; l < lanes; ++l) unordered += probe[l];\n"
         << "      if (unordered != unordered) { // a NaN or an infinity: fold exactly\n"
         << init;
      reduction_pass(values, v, A, d.reduce_fold(n.op, "{acc}", "{x}"), "");
      os << "      }\n";
    } else {
      reduction_pass(values, v, A, d.reduce_fold(n.op, "{acc}", "{x}"), "");
    }
    os << "      " << A << " acc = part[0];\n"
       << "      for (int l = 1; l < lanes; ++l) " << d.reduce_fold(n.op, "acc", "part[l]")
       << ";\n"
       << "      " << n.name << " = " << d.reduce_result(n.dtype, "acc") << ";\n    }\n";
  }

  void write() {
    auto& os = w.os;
    auto& d = w.d;
    auto& p = w.p;
    auto per_row = [&](size_t o) { return bool(w.v.per_row_outputs[o]); };
    auto half_block = [&](size_t o) {
      return !per_row(o) && !d.block_conversion(p.outputs[o].dtype, false).empty();
    };
    os << "void " << d.kernel_name(p, w.v)
       << "(void** args, int64_t cols, int64_t row_begin, int64_t row_end) {\n";
    w.arguments();
    os << "  constexpr int64_t row_block = " << row_block << ";\n";
    for (size_t i = 0; i < p.inputs.size(); ++i) {
      if (block_converted(i)) os << "  alignas(32) float " << p.inputs[i].name << "_blk[row_block];\n";
    }
    for (size_t o = 0; o < p.outputs.size(); ++o) {
      if (half_block(o)) os << "  alignas(32) float " << p.outputs[o].name << "_blk[row_block];\n";
    }
    for (auto& n : p.tape) { // loop invariants
      if (levels.at(n.name) == Level::uniform) w.node(n, "  ");
    }
    os << "  for (int64_t row = row_begin; row < row_end; ++row) {\n";
    for (size_t i = 0; i < p.inputs.size(); ++i) {
      auto& in = p.inputs[i];
      if (w.kind_of(i) == InputKind::contiguous) {
        os << "    " << w.pointer(in.dtype, in.name + "_row", true) << " = " << in.name
           << "_ptr + row * cols;\n";
      } else if (w.kind_of(i) == InputKind::row) {
        os << "    const " << d.value_type(in.dtype) << " " << in.name << " = "
           << d.load(in.dtype, in.name + "_ptr[row]") << ";\n";
      }
    }
    // Per-row values in program order: a reduction is a pass over the row.
    for (auto& n : p.tape) {
      if (n.kind == NodeKind::reduce) {
        reduction(n);
      } else if (levels.at(n.name) == Level::row) {
        w.node(n, "    ");
      }
    }
    std::vector<std::string> element_targets;
    for (size_t o = 0; o < p.outputs.size(); ++o) {
      auto& out = p.outputs[o];
      if (per_row(o)) {
        os << "    " << out.name << "_ptr[row] = " << d.store(out.dtype, out.value) << ";\n";
      } else {
        element_targets.push_back(out.value);
      }
    }
    if (!element_targets.empty()) {
      for (size_t o = 0; o < p.outputs.size(); ++o) {
        if (per_row(o)) continue;
        os << "    " << w.pointer(p.outputs[o].dtype, p.outputs[o].name + "_row", false)
           << " = " << p.outputs[o].name << "_ptr + row * cols;\n";
      }
      auto values = element_closure(element_targets);
      os << "    " << block_loop << "      " << block_size;
      block_loads(values, "      ");
      os << d.vectorize_hint() << "      for (int64_t j = 0; j < cn; ++j) {\n";
      element_values(values, "        ");
      for (size_t o = 0; o < p.outputs.size(); ++o) {
        auto& out = p.outputs[o];
        if (per_row(o)) continue;
        if (half_block(o)) {
          os << "        " << out.name << "_blk[j] = " << out.value << ";\n";
        } else {
          os << "        " << out.name << "_row[c0 + j] = " << d.store(out.dtype, out.value)
             << ";\n";
        }
      }
      os << "      }\n";
      for (size_t o = 0; o < p.outputs.size(); ++o) {
        if (half_block(o)) {
          os << "      " << d.block_conversion(p.outputs[o].dtype, false) << "("
             << p.outputs[o].name << "_row + c0, " << p.outputs[o].name << "_blk, cn);\n";
        }
      }
      os << "    }\n";
    }
    os << "  }\n}\n";
  }
};

} // namespace

void Writer::range_row() { RowLoop(*this).write(); }

} // namespace mxcore::kernel::cstyle
