// Row loops (range dialects): one row at a time, one pass per reduction over
// the row (in L1/L2 after the first), then one pass storing the per-element
// outputs. Each value has a level: uniform (loop invariant), per row, or per
// element of the row.
//
// Every pass is a plain counted loop over a block of columns (it
// vectorizes): a reduction's pass writes its operand into a block of
// accumulators that the dialect's row fold then folds in the eager reduce's
// order. A per-element value a later pass needs again is recomputed, unless
// computing it costs more than a load (an exp, a division): then the pass
// that first computes it stores it into a row cache and later passes read it
// back (softmax computes each exp once).
//
// A half input that several passes read is converted to float once per row
// into a row buffer (in L1 while the row is short enough), and every pass
// reads the floats from there instead of converting the row again.
//
// A float16 value a pass stores into its row cache (and uses nowhere else in
// the pass) is stored unrounded, and the cached block is rounded after the
// element loop through the dialect's block conversions: two hardware
// conversions per 16 values where the CPU has them, against a software
// rounding per element inside the loop (GCC does not vectorize the
// hardware's scalar conversions).
#include <algorithm>
#include <stdexcept>
#include <unordered_map>
#include <unordered_set>

#include "kernel/cstyle_writer.h"

namespace mxcore::kernel::cstyle {

namespace {

enum class Level { uniform, row, element };

// Columns per block: block scratch (converted half inputs and outputs, the
// accumulators of a reduction) stays in L1. A multiple of the row fold's
// lanes.
constexpr int row_block = 512;

// Float columns of the rows converted once (all whole-row inputs together):
// 32 KB, in L1 beside the output's block.
constexpr int whole_row_columns = 8192;

// Cheap element ops a later pass recomputes rather than reading a row cache.
constexpr int max_recompute = 8;

// Ops about as cheap as reading their result back from a cache.
bool is_cheap(const FusedNode& n) {
  switch (n.kind) {
    case NodeKind::astype:
    case NodeKind::broadcast:
    case NodeKind::alias:
      return true;
    case NodeKind::reduce:
      return false;
    default:
      break;
  }
  switch (n.op) {
    case Op::Add: case Op::Subtract: case Op::Multiply: case Op::Negative: case Op::Abs:
    case Op::Square: case Op::Maximum: case Op::Minimum: case Op::Sign: case Op::Select:
    case Op::Equal: case Op::NotEqual: case Op::Less: case Op::LessEqual: case Op::Greater:
    case Op::GreaterEqual: case Op::LogicalNot: case Op::LogicalAnd: case Op::LogicalOr:
    case Op::BitwiseAnd: case Op::BitwiseOr: case Op::BitwiseXor: case Op::BitwiseInvert:
    case Op::Floor: case Op::Ceil: case Op::Round:
      return true;
    default:
      return false;
  }
}

// One pass over the row: a reduction's (reduce >= 0, the tape index) or the
// output pass.
struct Pass {
  int reduce = -1;
  std::vector<std::string> targets;
  std::vector<std::string> values;     // computed here, program order
  std::vector<std::string> from_cache; // read from row caches
};

struct RowLoop {
  Writer& w;
  std::unordered_map<std::string, Level> levels;
  std::unordered_map<std::string, bool> expensive; // element nodes
  std::vector<Pass> passes;
  std::vector<std::string> cached; // values with a row cache, program order
  // The row buffer each cached value lives in: a value's buffer is reused by
  // a later value once no pass reads it any more (a chain of softmaxes needs
  // three buffers, not two per softmax, and they stay in L1).
  std::unordered_map<std::string, std::string> cache_buffer;
  std::vector<std::string> buffers; // distinct cache buffers, first use order
  // Half full-row inputs read by two or more passes: converted once per row.
  std::unordered_set<std::string> whole_row_inputs;

  explicit RowLoop(Writer& w) : w(w) {
    // A reduction is per row; anything else varies as much as its inputs.
    for (size_t i = 0; i < w.p.inputs.size(); ++i) {
      auto k = w.kind_of(i);
      levels[w.p.inputs[i].name] = k == InputKind::constant || k == InputKind::scalar
                                       ? Level::uniform
                                   : k == InputKind::row ? Level::row
                                                         : Level::element;
    }
    // Recomputing a value re-runs its chain of cheap element ops back to the
    // inputs or to cached values: past max_recompute ops it is cached too
    // (else a chain of layernorms recomputes every earlier layer in every
    // pass: quadratic work).
    std::unordered_map<std::string, int> recompute_ops;
    for (auto& n : w.p.tape) {
      Level l = Level::uniform;
      bool costly = !is_cheap(n);
      int ops = 1;
      if (n.kind == NodeKind::reduce) {
        l = Level::row;
      } else {
        for (auto& in : n.inputs) {
          l = std::max(l, levels.at(in));
          auto e = expensive.find(in);
          costly = costly || (e != expensive.end() && e->second);
          auto r = recompute_ops.find(in);
          if (r != recompute_ops.end() && !expensive.at(in)) ops += r->second;
        }
      }
      levels[n.name] = l;
      if (l == Level::element) {
        expensive[n.name] = costly || ops > max_recompute;
        recompute_ops[n.name] = ops;
      }
    }
    for (size_t o = 0; o < w.p.outputs.size(); ++o) {
      if (w.v.per_row_outputs[o] && levels.at(w.p.outputs[o].value) == Level::element) {
        throw std::invalid_argument(
            "[compile] A per-row output of a row kernel varies along the row.");
      }
    }
    plan();
  }

  bool is_element(const std::string& name) const { return levels.at(name) == Level::element; }
  bool is_cached(const std::string& name) const {
    return std::find(cached.begin(), cached.end(), name) != cached.end();
  }
  int input_index(const std::string& name) const {
    for (size_t i = 0; i < w.p.inputs.size(); ++i) {
      if (w.p.inputs[i].name == name) return static_cast<int>(i);
    }
    return -1;
  }
  bool is_half(Dtype t) const { return !w.d.block_conversion(t, true).empty(); }

  // The passes in order and what each computes: walking back from a pass's
  // targets, an expensive value an earlier pass computed is read from its
  // cache instead of computed again.
  void plan() {
    for (size_t i = 0; i < w.p.tape.size(); ++i) {
      if (w.p.tape[i].kind == NodeKind::reduce) {
        passes.push_back({static_cast<int>(i), {w.p.tape[i].inputs[0]}, {}, {}});
      }
    }
    Pass out;
    for (size_t o = 0; o < w.p.outputs.size(); ++o) {
      if (!w.v.per_row_outputs[o]) out.targets.push_back(w.p.outputs[o].value);
    }
    if (!out.targets.empty()) passes.push_back(out);

    std::unordered_set<std::string> computed; // by an earlier pass
    std::unordered_set<std::string> cache_set;
    for (auto& pass : passes) {
      std::unordered_set<std::string> need(pass.targets.begin(), pass.targets.end());
      std::unordered_set<std::string> loads;
      for (auto it = w.p.tape.rbegin(); it != w.p.tape.rend(); ++it) {
        if (!need.count(it->name) || !is_element(it->name)) continue;
        if (computed.count(it->name) && expensive.at(it->name) && w.d.row_caches()) {
          loads.insert(it->name);
          cache_set.insert(it->name);
          continue;
        }
        for (auto& in : it->inputs) need.insert(in);
      }
      for (auto& in : w.p.inputs) {
        if (need.count(in.name) && is_element(in.name)) pass.values.push_back(in.name);
      }
      for (auto& n : w.p.tape) {
        if (!need.count(n.name) || !is_element(n.name)) continue;
        (loads.count(n.name) ? pass.from_cache : pass.values).push_back(n.name);
      }
      for (auto& v : pass.values) computed.insert(v);
    }
    for (auto& n : w.p.tape) {
      if (cache_set.count(n.name)) cached.push_back(n.name);
    }
    for (size_t i = 0; i < w.p.inputs.size(); ++i) {
      auto& in = w.p.inputs[i];
      if (w.kind_of(i) != InputKind::contiguous || !is_half(in.dtype)) continue;
      int readers = 0;
      for (auto& pass : passes) {
        readers += std::count(pass.values.begin(), pass.values.end(), in.name) > 0;
      }
      if (readers >= 2) whole_row_inputs.insert(in.name);
    }
    assign_cache_buffers();
  }

  // Greedy over the cached values in order of the pass that stores them: a
  // buffer is free for a value stored in pass k when its last reader ran
  // before pass k (never the same pass, whose loop may read one buffer while
  // it writes the other).
  void assign_cache_buffers() {
    struct Use {
      std::string name;
      size_t first = 0, last = 0;
    };
    std::vector<Use> uses;
    for (auto& name : cached) {
      Use u{name, 0, 0};
      for (size_t k = 0; k < passes.size(); ++k) {
        auto& ps = passes[k];
        if (std::find(ps.values.begin(), ps.values.end(), name) != ps.values.end()) {
          u.first = k;
          break;
        }
      }
      for (size_t k = 0; k < passes.size(); ++k) {
        auto& fc = passes[k].from_cache;
        if (std::find(fc.begin(), fc.end(), name) != fc.end()) u.last = std::max(u.last, k);
      }
      uses.push_back(u);
    }
    std::stable_sort(uses.begin(), uses.end(),
                     [](const Use& a, const Use& b) { return a.first < b.first; });
    struct Buffer {
      std::string name, type;
      size_t last;
    };
    std::vector<Buffer> pool;
    for (auto& u : uses) {
      std::string type = w.d.value_type(w.p.dtype_of(u.name));
      Buffer* free = nullptr;
      for (auto& b : pool) {
        if (b.type == type && b.last < u.first) {
          free = &b;
          break;
        }
      }
      if (free) {
        free->last = u.last;
        cache_buffer[u.name] = free->name;
      } else {
        pool.push_back({u.name + "_cache", type, u.last});
        cache_buffer[u.name] = u.name + "_cache";
        buffers.push_back(u.name);
      }
    }
  }
  const std::string& cache_of(const std::string& name) const { return cache_buffer.at(name); }

  // Whether the pass that computes `name` first is `pass` (it stores the cache).
  bool first_computed_in(const std::string& name, const Pass& pass) const {
    for (auto& p : passes) {
      if (std::find(p.values.begin(), p.values.end(), name) != p.values.end()) return &p == &pass;
    }
    return false;
  }

  const FusedNode* tape_node(const std::string& name) const {
    for (auto& n : w.p.tape) {
      if (n.name == name) return &n;
    }
    return nullptr;
  }
  bool computed_in(const Pass& pass, const std::string& name) const {
    return std::find(pass.values.begin(), pass.values.end(), name) != pass.values.end();
  }
  // Whether a value the pass computes, other than `except`, reads `name`.
  bool read_in_pass(const Pass& pass, const std::string& name, const std::string& except) const {
    for (auto& v : pass.values) {
      auto* n = v == except ? nullptr : tape_node(v);
      if (n && std::find(n->inputs.begin(), n->inputs.end(), name) != n->inputs.end()) return true;
    }
    return false;
  }

  // The float16 node whose rounding moves from the element loop to the
  // block of cache `stored` (the cached value itself, or the half value a
  // float32 astype of it caches), or nullptr. bfloat16 keeps its in-loop
  // rounding: a few integer ops, no cheaper as block conversions.
  const FusedNode* deferred_round(const Pass& pass, const std::string& stored) const {
    const FusedNode* n = tape_node(stored);
    if (!n || !computed_in(pass, stored) || read_in_pass(pass, stored, "")) return nullptr;
    if (n->kind == NodeKind::astype && n->dtype == float32) {
      const FusedNode* half = tape_node(n->inputs[0]);
      if (!half || !computed_in(pass, half->name) || is_cached(half->name) ||
          read_in_pass(pass, half->name, stored)) {
        return nullptr;
      }
      n = half;
    }
    bool rounds_itself = n->kind != NodeKind::broadcast && n->kind != NodeKind::alias &&
                         n->kind != NodeKind::reduce;
    if (n->dtype != float16 || !rounds_itself || !is_half(n->dtype)) return nullptr;
    if (w.d.value_type(w.p.dtype_of(stored)) != w.d.value_type(float32)) return nullptr;
    return n;
  }
  // The caches a reduction pass stores with their rounding deferred, and the
  // nodes left unrounded in its element loop (never the value the loop also
  // stores into the accumulator block, `operand`).
  void deferred_rounds(const Pass& pass, const std::string& operand,
                       std::vector<std::string>& caches,
                       std::unordered_set<std::string>& unrounded) const {
    if (pass.reduce < 0) return;
    for (auto& name : pass.values) {
      if (!is_cached(name) || !first_computed_in(name, pass) || name == operand) continue;
      auto* n = deferred_round(pass, name);
      if (n && n->name != operand) {
        caches.push_back(cache_of(name));
        unrounded.insert(n->name);
      }
    }
  }
  // Rounds block [c0, c0 + cn) of float cache `cache` to float16, in place.
  void round_cache_block(const std::string& cache, const char* indent) {
    w.os << indent << "{\n"
         << indent << "  alignas(64) " << w.d.storage_type(float16) << " round_blk[row_block];\n"
         << indent << "  " << w.d.block_conversion(float16, false) << "(round_blk, " << cache
         << " + c0, cn);\n"
         << indent << "  " << w.d.block_conversion(float16, true) << "(" << cache
         << " + c0, round_blk, cn);\n"
         << indent << "}\n";
  }

  // The current block of a half full-row input, as floats.
  std::string half_block(const std::string& name) const {
    return name + (whole_row_inputs.count(name) ? "_b" : "_blk");
  }

  // Where column j of the current block of an element input is read.
  std::string input_element(size_t i) const {
    auto& in = w.p.inputs[i];
    bool column = w.kind_of(i) == InputKind::column;
    if (is_half(in.dtype)) return column ? in.name + "_col[c0 + j]" : half_block(in.name) + "[j]";
    return w.d.load(in.dtype, in.name + (column ? "_ptr" : "_row") + "[c0 + j]");
  }

  // Converts the current block [c0, c0 + cn) of the half full-row inputs
  // among `values` (half columns are converted once, at the start; inputs
  // converted whole at the start of the row are read from there).
  void block_loads(const std::vector<std::string>& values, const char* indent) {
    for (auto& name : values) {
      int i = input_index(name);
      if (i < 0 || w.kind_of(i) != InputKind::contiguous || !is_half(w.p.inputs[i].dtype)) continue;
      const bool whole = whole_row_inputs.count(name) > 0;
      w.os << indent << (whole ? "if (!whole_rows) " : "")
           << w.d.block_conversion(w.p.inputs[i].dtype, true) << "(" << name << "_blk, " << name
           << "_row + c0, cn);\n";
      if (whole) {
        w.os << indent << "const float* __restrict " << name << "_b = whole_rows ? " << name
             << "_rowf + c0 : " << name << "_blk;\n";
      }
    }
  }

  // The pass's per-element values at column c0 + j of the current block,
  // storing the caches it fills.
  void element_values(const Pass& pass, const char* indent,
                      const std::unordered_set<std::string>& unrounded = {}) {
    for (auto& name : pass.from_cache) {
      w.os << indent << "const " << w.d.value_type(w.p.dtype_of(name)) << " " << name << " = "
           << cache_of(name) << "[c0 + j];\n";
    }
    for (auto& name : pass.values) {
      int i = input_index(name);
      if (i >= 0) {
        w.os << indent << "const " << w.d.value_type(w.p.inputs[i].dtype) << " " << name
             << " = " << input_element(i) << ";\n";
        continue;
      }
      for (auto& n : w.p.tape) {
        if (n.name == name) w.node(n, indent, !unrounded.count(n.name));
      }
    }
    for (auto& name : pass.values) {
      if (is_cached(name) && first_computed_in(name, pass)) {
        w.os << indent << cache_of(name) << "[c0 + j] = " << name << ";\n";
      }
    }
  }

  // Where a reduction reads its operand straight from a buffer (no
  // elementwise loop): "" unless the pass only reads an input (through
  // casts that keep its value: aliases, half to float32) or a row cache, of
  // the accumulator's type.
  std::string direct_operand(const Pass& pass, const FusedNode& n) const {
    std::string v = n.inputs[0];
    auto t = w.p.dtype_of(v);
    if (t != n.dtype || t == bool_ || t == complex64) return "";
    if (pass.values.empty() && pass.from_cache.size() == 1 && pass.from_cache[0] == v) {
      return cache_of(v) + " + c0";
    }
    if (!pass.from_cache.empty()) return "";
    size_t chain = 1;
    while (input_index(v) < 0) {
      const FusedNode* node = nullptr;
      for (auto& m : w.p.tape) {
        if (m.name == v) node = &m;
      }
      if (!node || is_cached(v)) return "";
      auto from = w.p.dtype_of(node->inputs[0]);
      bool keeps_value = node->kind == NodeKind::alias || node->kind == NodeKind::broadcast ||
                         (node->kind == NodeKind::astype && node->dtype == float32 &&
                          (from == float32 || from == float16 || from == bfloat16));
      if (!keeps_value || (from != t && !(t == float32 && is_half(from)))) return "";
      v = node->inputs[0];
      ++chain;
    }
    if (pass.values.size() != chain) return "";
    int i = input_index(v);
    bool column = w.kind_of(i) == InputKind::column;
    if (is_half(w.p.inputs[i].dtype)) return column ? v + "_col + c0" : half_block(v);
    return v + (column ? "_ptr + c0" : "_row + c0");
  }

  // Whether reduction n's operand is a value its pass stores into a row
  // cache of the accumulator's type.
  bool folds_own_cache(const Pass& pass, const FusedNode& n) const {
    auto& v = n.inputs[0];
    auto t = w.p.dtype_of(v);
    return t == n.dtype && t != bool_ && t != complex64 && is_cached(v) &&
           first_computed_in(v, pass);
  }

  // The pass computing reduction n of the current row into n.name. Max and
  // Min may ask for the row again (RowFold::again: a NaN or a zero result).
  void reduction(const Pass& pass) {
    auto& os = w.os;
    auto& d = w.d;
    auto& n = w.p.tape[pass.reduce];
    auto& v = n.inputs[0];
    std::string A = d.accumulator_type(n.dtype);
    const bool retry = n.op == Op::Max || n.op == Op::Min;
    const std::string direct = direct_operand(pass, n);
    os << "    " << d.value_type(n.dtype) << " " << n.name << ";\n    {\n"
       << "      " << d.row_fold_type(n.op, A) << " fold(cols);\n";
    if (direct.empty() && !folds_own_cache(pass, n)) {
      os << "      alignas(64) " << A << " acc_blk[row_block];\n";
    }
    if (retry) os << "      do {\n";
    os << "      " << d.row_block_loop() << "        " << d.row_block_size();
    block_loads(pass.values, "        ");
    if (direct.empty()) {
      // An operand this pass stores into its row cache is folded from there.
      const bool from_own_cache = folds_own_cache(pass, n);
      std::vector<std::string> round_caches;
      std::unordered_set<std::string> unrounded;
      deferred_rounds(pass, from_own_cache ? "" : v, round_caches, unrounded);
      os << d.vectorize_hint() << "        for (int64_t j = 0; j < cn; ++j) {\n";
      element_values(pass, "          ", unrounded);
      if (!from_own_cache) os << "          acc_blk[j] = " << d.convert(A, v) << ";\n";
      os << "        }\n";
      for (auto& cache : round_caches) round_cache_block(cache, "        ");
      os << "        fold.add(" << (from_own_cache ? cache_of(v) + " + c0" : "acc_blk")
         << ", c0, cn);\n";
    } else {
      os << "        fold.add(" << direct << ", c0, cn);\n";
    }
    os << "      }\n";
    if (retry) os << "      } while (fold.again());\n";
    os << "      " << n.name << " = " << d.row_fold_result(n.dtype, "fold") << ";\n    }\n";
  }

  void output_pass(const Pass& pass) {
    auto& os = w.os;
    auto& d = w.d;
    auto& p = w.p;
    auto half_out = [&](size_t o) { return !w.v.per_row_outputs[o] && is_half(p.outputs[o].dtype); };
    for (size_t o = 0; o < p.outputs.size(); ++o) {
      if (w.v.per_row_outputs[o]) continue;
      os << "    " << w.pointer(p.outputs[o].dtype, p.outputs[o].name + "_row", false) << " = "
         << p.outputs[o].name << "_ptr + row * cols;\n";
    }
    os << "    " << d.row_block_loop() << "      " << d.row_block_size();
    block_loads(pass.values, "      ");
    os << d.vectorize_hint() << "      for (int64_t j = 0; j < cn; ++j) {\n";
    element_values(pass, "        ");
    for (size_t o = 0; o < p.outputs.size(); ++o) {
      auto& out = p.outputs[o];
      if (w.v.per_row_outputs[o]) continue;
      if (half_out(o)) {
        os << "        " << out.name << "_blk[j] = " << out.value << ";\n";
      } else {
        os << "        " << out.name << "_row[c0 + j] = " << d.store(out.dtype, out.value)
           << ";\n";
      }
    }
    os << "      }\n";
    for (size_t o = 0; o < p.outputs.size(); ++o) {
      if (half_out(o)) {
        os << "      " << d.block_conversion(p.outputs[o].dtype, false) << "("
           << p.outputs[o].name << "_row + c0, " << p.outputs[o].name << "_blk, cn);\n";
      }
    }
    os << "    }\n";
  }

  void write() {
    auto& os = w.os;
    auto& d = w.d;
    auto& p = w.p;
    os << d.row_kernel_open(p, w.v);
    w.arguments();
    os << "  constexpr int64_t row_block = " << d.row_block_columns(row_block) << ";\n";
    // Scratch: block buffers of half rows, whole-row buffers of half columns
    // (converted once) and of cached values.
    std::vector<std::string> row_buffers;
    for (size_t i = 0; i < p.inputs.size(); ++i) {
      auto& in = p.inputs[i];
      if (!is_half(in.dtype) || !is_element(in.name)) continue;
      if (w.kind_of(i) == InputKind::contiguous) {
        os << "  alignas(64) float " << in.name << "_blk[row_block];\n";
      } else { // column
        os << d.row_buffer("float", in.name + "_col", "cols");
        os << "  " << d.block_conversion(in.dtype, true) << "(" << in.name << "_col, " << in.name
           << "_ptr, cols);\n";
        row_buffers.push_back(in.name + "_col");
      }
    }
    for (size_t o = 0; o < p.outputs.size(); ++o) {
      if (!w.v.per_row_outputs[o] && is_half(p.outputs[o].dtype)) {
        os << "  alignas(64) float " << p.outputs[o].name << "_blk[row_block];\n";
      }
    }
    for (auto& name : buffers) {
      os << d.row_buffer(d.value_type(p.dtype_of(name)), name + "_cache", "cols");
      row_buffers.push_back(name + "_cache");
    }
    if (!whole_row_inputs.empty()) {
      os << "  const bool whole_rows = cols * " << whole_row_inputs.size()
         << " <= " << whole_row_columns << ";\n";
      for (auto& in : p.inputs) {
        if (!whole_row_inputs.count(in.name)) continue;
        os << d.row_buffer("float", in.name + "_rowf", "whole_rows ? cols : 1");
        row_buffers.push_back(in.name + "_rowf");
      }
    }
    for (auto& n : p.tape) { // loop invariants
      if (levels.at(n.name) == Level::uniform) w.node(n, "  ");
    }
    os << d.row_loop_open();
    for (size_t i = 0; i < p.inputs.size(); ++i) {
      auto& in = p.inputs[i];
      if (w.kind_of(i) == InputKind::contiguous) {
        os << "    " << w.pointer(in.dtype, in.name + "_row", true) << " = " << in.name
           << "_ptr + row * cols;\n";
        if (whole_row_inputs.count(in.name)) {
          os << "    if (whole_rows) " << d.block_conversion(in.dtype, true) << "(" << in.name
             << "_rowf, " << in.name << "_row, cols);\n";
        }
      } else if (w.kind_of(i) == InputKind::row) {
        os << "    const " << d.value_type(in.dtype) << " " << in.name << " = "
           << d.load(in.dtype, in.name + "_ptr[row]") << ";\n";
      }
    }
    // Per-row values in program order: a reduction is a pass over the row.
    size_t next_pass = 0;
    for (size_t i = 0; i < p.tape.size(); ++i) {
      auto& n = p.tape[i];
      if (n.kind == NodeKind::reduce) {
        reduction(passes[next_pass++]);
      } else if (levels.at(n.name) == Level::row) {
        w.node(n, "    ");
      }
    }
    for (size_t o = 0; o < p.outputs.size(); ++o) {
      auto& out = p.outputs[o];
      if (w.v.per_row_outputs[o]) {
        os << "    " << out.name << "_ptr[row] = " << d.store(out.dtype, out.value) << ";\n";
      }
    }
    if (next_pass < passes.size()) output_pass(passes[next_pass]);
    os << "  }\n";
    for (auto& b : row_buffers) os << d.row_buffer_release(b);
    os << "}\n";
  }
};

} // namespace

void Writer::range_row() { RowLoop(*this).write(); }

} // namespace mxcore::kernel::cstyle
