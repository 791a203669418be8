// einsum: parses the subscripts (with '...' and implicit output), takes
// diagonals for labels repeated inside one operand, sums labels nobody else
// needs, then contracts the operands left to right, each pair as one batched
// matmul (or multiply + sum for integer types, which matmul rejects).
#include <algorithm>
#include <map>
#include <set>

#include "ops/util.h"

namespace mxcore {

namespace {

using Labels = std::vector<int>;  // one label id per axis

constexpr int kEllipsisBase = 1000;  // ids of the dims '...' stands for

std::string strip_spaces(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c != ' ') out.push_back(c);
  }
  return out;
}

[[noreturn]] void einsum_error(const std::string& what) {
  throw std::invalid_argument("[einsum] " + what);
}

// Letters before and after an optional '...'.
struct Term {
  std::string before, after;
  bool ellipsis = false;
};

Term split_term(const std::string& t) {
  Term term;
  auto pos = t.find("...");
  term.ellipsis = pos != std::string::npos;
  term.before = term.ellipsis ? t.substr(0, pos) : t;
  term.after = term.ellipsis ? t.substr(pos + 3) : "";
  for (char c : term.before + term.after) {
    if (!std::isalpha(static_cast<unsigned char>(c))) {
      einsum_error(std::string("Invalid character '") + c + "' in subscripts.");
    }
  }
  return term;
}

Labels term_labels(const Term& t, int ellipsis_dims, int max_ellipsis) {
  Labels out;
  for (char c : t.before) out.push_back(c);
  // Ellipsis dims are right aligned, as in broadcasting.
  for (int i = 0; i < ellipsis_dims; ++i) {
    out.push_back(kEllipsisBase + max_ellipsis - ellipsis_dims + i);
  }
  for (char c : t.after) out.push_back(c);
  return out;
}

// Takes the diagonal over every label repeated inside one operand.
array take_diagonals(array x, Labels& labels, Stream s) {
  for (size_t p = 0; p < labels.size(); ++p) {
    for (size_t q = p + 1; q < labels.size();) {
      if (labels[q] != labels[p]) {
        ++q;
        continue;
      }
      int n = x.shape(p);
      if (x.shape(q) != n) einsum_error("Repeated subscript with different dimension sizes.");
      Shape mask_shape(x.ndim(), 1);
      mask_shape[p] = mask_shape[q] = n;
      array mask = reshape(eye(n, x.dtype(), s), mask_shape, s);
      x = sum(multiply(x, mask, s), static_cast<int>(q), false, s);
      labels.erase(labels.begin() + q);
    }
  }
  return x;
}

// Sums the axes whose labels are not in `keep`.
array sum_unneeded(array x, Labels& labels, const std::multiset<int>& keep, Stream s) {
  std::vector<int> axes;
  Labels kept;
  for (size_t i = 0; i < labels.size(); ++i) {
    if (keep.count(labels[i])) {
      kept.push_back(labels[i]);
    } else {
      axes.push_back(static_cast<int>(i));
    }
  }
  labels = kept;
  return axes.empty() ? x : sum(x, axes, false, s);
}

array permute_to(const array& x, const Labels& from, const Labels& to, Stream s) {
  std::vector<int> perm;
  for (int l : to) perm.push_back(static_cast<int>(std::find(from.begin(), from.end(), l) - from.begin()));
  return transpose(x, perm, s);
}

// Contracts a and b over their shared labels not in keep.
array contract(const array& a, Labels& la, const array& b, const Labels& lb,
               const std::multiset<int>& keep, const std::map<int, int>& size, Stream s) {
  Labels batch, contracted, a_only, b_only;
  auto in = [](const Labels& l, int x) { return std::find(l.begin(), l.end(), x) != l.end(); };
  for (int l : la) {
    if (!in(lb, l)) a_only.push_back(l);
    else if (keep.count(l)) batch.push_back(l);
    else contracted.push_back(l);
  }
  for (int l : lb) {
    if (!in(la, l)) b_only.push_back(l);
  }
  Labels out_labels = batch;
  out_labels.insert(out_labels.end(), a_only.begin(), a_only.end());
  out_labels.insert(out_labels.end(), b_only.begin(), b_only.end());
  Labels a_order = batch, b_order = batch;
  a_order.insert(a_order.end(), a_only.begin(), a_only.end());
  a_order.insert(a_order.end(), contracted.begin(), contracted.end());
  b_order.insert(b_order.end(), contracted.begin(), contracted.end());
  b_order.insert(b_order.end(), b_only.begin(), b_only.end());
  array at = permute_to(a, la, a_order, s);
  array bt = permute_to(b, lb, b_order, s);
  Shape out_shape, batch_shape;
  auto prod = [&](const Labels& ls) {
    int p = 1;
    for (int l : ls) p *= size.at(l);
    return p;
  };
  for (int l : out_labels) out_shape.push_back(size.at(l));
  for (int l : batch) batch_shape.push_back(size.at(l));
  array result = [&] {
    if (is_inexact(promote_types(a.dtype(), b.dtype()))) {
      Shape sa = batch_shape, sb = batch_shape;
      sa.insert(sa.end(), {prod(a_only), prod(contracted)});
      sb.insert(sb.end(), {prod(contracted), prod(b_only)});
      return matmul(reshape(at, sa, s), reshape(bt, sb, s), s);
    }
    // Integers: (batch, a, 1, c) * (batch, 1, b, c) summed over c.
    Shape sa = batch_shape, sb = batch_shape;
    sa.insert(sa.end(), {prod(a_only), 1, prod(contracted)});
    sb.insert(sb.end(), {1, prod(b_only), prod(contracted)});
    array bt2 = permute_to(b, lb, [&] {
      Labels o = batch;
      o.insert(o.end(), b_only.begin(), b_only.end());
      o.insert(o.end(), contracted.begin(), contracted.end());
      return o;
    }(), s);
    return sum(multiply(reshape(at, sa, s), reshape(bt2, sb, s), s), -1, false, s);
  }();
  la = out_labels;
  return reshape(result, out_shape, s);
}

} // namespace

array einsum(const std::string& subscripts_in, const std::vector<array>& operands,
             StreamOrDevice s_or_d) {
  auto s = to_stream(s_or_d);
  std::string subscripts = strip_spaces(subscripts_in);
  auto arrow = subscripts.find("->");
  std::string lhs = subscripts.substr(0, arrow);
  std::vector<Term> terms;
  for (size_t start = 0;;) {
    auto comma = lhs.find(',', start);
    terms.push_back(split_term(lhs.substr(start, comma - start)));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  if (terms.size() != operands.size()) {
    einsum_error("Number of subscripts (" + std::to_string(terms.size()) +
                 ") does not match the number of operands (" +
                 std::to_string(operands.size()) + ").");
  }
  // How many dims each '...' covers.
  std::vector<int> ell(terms.size(), 0);
  int max_ell = 0;
  for (size_t i = 0; i < terms.size(); ++i) {
    int letters = static_cast<int>(terms[i].before.size() + terms[i].after.size());
    int nd = operands[i].ndim();
    if (terms[i].ellipsis ? nd < letters : nd != letters) {
      einsum_error("Operand " + std::to_string(i) + " has " + std::to_string(nd) +
                   " dimensions but its subscript names " + std::to_string(letters) + ".");
    }
    ell[i] = nd - letters;
    max_ell = std::max(max_ell, ell[i]);
  }
  std::vector<Labels> labels;
  std::map<char, int> counts;
  for (size_t i = 0; i < terms.size(); ++i) {
    labels.push_back(term_labels(terms[i], ell[i], max_ell));
    for (char c : terms[i].before + terms[i].after) counts[c]++;
  }
  // Output labels: explicit, or NumPy's implicit rule (ellipsis dims, then
  // the letters used exactly once, sorted).
  Labels out;
  if (arrow != std::string::npos) {
    Term t = split_term(subscripts.substr(arrow + 2));
    out = term_labels(t, t.ellipsis ? max_ell : 0, max_ell);
    std::set<int> seen;
    for (int l : out) {
      if (!seen.insert(l).second) einsum_error("Output subscript repeated.");
      if (l < kEllipsisBase && !counts.count(static_cast<char>(l))) {
        einsum_error(std::string("Output subscript '") + static_cast<char>(l) +
                     "' does not appear in the inputs.");
      }
    }
    if (!t.ellipsis && max_ell > 0) {
      einsum_error("Output must include '...' when the inputs do.");
    }
  } else {
    for (int i = 0; i < max_ell; ++i) out.push_back(kEllipsisBase + i);
    for (auto [c, n] : counts) {
      if (n == 1) out.push_back(c);
    }
  }
  // Diagonals, then label sizes (size-1 dims broadcast).
  std::vector<array> xs;
  std::map<int, int> size;
  for (size_t i = 0; i < operands.size(); ++i) {
    xs.push_back(take_diagonals(operands[i], labels[i], s));
    for (size_t d = 0; d < labels[i].size(); ++d) {
      int& sz = size.try_emplace(labels[i][d], 1).first->second;
      int n = xs[i].shape(d);
      if (sz != 1 && n != 1 && n != sz) {
        einsum_error("Size of subscript dimension does not match: " + std::to_string(sz) +
                     " vs " + std::to_string(n) + ".");
      }
      sz = std::max(sz, n);
    }
  }
  for (int l : out) size.try_emplace(l, 1);
  for (size_t i = 0; i < xs.size(); ++i) {
    Shape full;
    for (int l : labels[i]) full.push_back(size[l]);
    xs[i] = broadcast_to(xs[i], full, s);
  }
  // Labels still needed after operand i: the output's and later operands'.
  auto needed_after = [&](size_t i) {
    std::multiset<int> keep(out.begin(), out.end());
    for (size_t j = i + 1; j < labels.size(); ++j) keep.insert(labels[j].begin(), labels[j].end());
    return keep;
  };
  Labels acc_labels = labels[0];
  std::multiset<int> keep0 = needed_after(0);
  array acc = sum_unneeded(xs[0], acc_labels, keep0, s);
  for (size_t i = 1; i < xs.size(); ++i) {
    auto keep = needed_after(i);
    // A label of the next operand that the accumulator shares stays for the
    // contraction; its own private unneeded labels are summed first.
    auto keep_b = keep;
    keep_b.insert(acc_labels.begin(), acc_labels.end());
    Labels lb = labels[i];
    array b = sum_unneeded(xs[i], lb, keep_b, s);
    auto keep_a = keep;
    keep_a.insert(lb.begin(), lb.end());
    acc = sum_unneeded(acc, acc_labels, keep_a, s);
    acc = contract(acc, acc_labels, b, lb, keep, size, s);
  }
  acc = sum_unneeded(acc, acc_labels, std::multiset<int>(out.begin(), out.end()), s);
  return permute_to(acc, acc_labels, out, s);
}

} // namespace mxcore
