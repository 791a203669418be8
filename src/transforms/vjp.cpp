// Reverse mode: trace the function on tracer copies of the primals, then walk
// the dependent part of its graph backwards, accumulating cotangents per array.
#include <algorithm>
#include <optional>
#include <sstream>
#include <typeinfo>
#include <unordered_map>

#include "mxcore/ops.h"
#include "mxcore/transforms.h"
#include "ops/util.h"
#include "primitives/elementwise.h"
#include "primitives/elementwise_rules.h"
#include "primitives/shape.h"
#include "transforms/tape.h"
#include "transforms_impl.h"

namespace mxcore {

namespace {

// Pairs each output with its cotangent; outputs whose gradient is stopped
// take none (value_and_grad stops the gradient of auxiliary outputs).
std::vector<std::pair<size_t, size_t>> pair_cotangents(
    const std::vector<array>& outputs, const std::vector<array>& cotangents) {
  std::vector<std::pair<size_t, size_t>> pairs;
  size_t cotan_index = 0;
  for (size_t i = 0; i < outputs.size(); ++i) {
    auto& out = outputs[i];
    if (out.has_primitive() && typeid(out.primitive()) == typeid(StopGradient)) {
      continue;
    }
    if (cotan_index >= cotangents.size()) {
      std::ostringstream msg;
      msg << "[vjp] Number of outputs to compute gradients for ("
          << outputs.size() << ") does not match number of cotangents ("
          << cotangents.size() << ").";
      throw std::invalid_argument(msg.str());
    }
    auto& cotan = cotangents[cotan_index];
    if (out.shape() != cotan.shape()) {
      std::ostringstream msg;
      msg << "[vjp] Output shape " << shape_str(out.shape())
          << " does not match cotangent shape " << shape_str(cotan.shape()) << ".";
      if (outputs.size() == 1 && cotan.ndim() == 0) {
        msg << " If you are using grad your function must return a scalar.";
      }
      throw std::invalid_argument(msg.str());
    }
    pairs.emplace_back(i, cotan_index++);
  }
  return pairs;
}

// Every element is +0 (or the integer 0): the bytes of the constant it
// fills itself with are 0 (a cast of them is 0 in every dtype).
bool is_zero_fill(const array& a) {
  const array* c = detail::fill_constant(a);
  if (c == nullptr) return false;
  const auto* bytes = static_cast<const unsigned char*>(c->raw_data());
  return std::all_of(bytes, bytes + c->nbytes(), [](unsigned char b) { return b == 0; });
}

const SliceUpdate* as_slice_update(const array& a) {
  return a.has_primitive() ? dynamic_cast<const SliceUpdate*>(&a.primitive()) : nullptr;
}

// The indices [lo, hi) a window of `n` elements spans on axis d (either
// stride sign).
std::pair<int64_t, int64_t> span(const SliceUpdate& w, int64_t n, size_t d) {
  const int64_t first = w.start()[d], last = first + int64_t(w.strides()[d]) * (n - 1);
  return {std::min(first, last), std::max(first, last) + 1};
}

// Windows (of the update arrays ua, ub) that share no element: on some axis
// their index ranges do not meet.
bool disjoint(const SliceUpdate& a, const array& ua, const SliceUpdate& b, const array& ub) {
  if (ua.size() == 0 || ub.size() == 0) return true;
  for (size_t d = 0; d < a.start().size(); ++d) {
    auto [alo, ahi] = span(a, ua.shape(d), d);
    auto [blo, bhi] = span(b, ub.shape(d), d);
    if (ahi <= blo || bhi <= alo) return true;
  }
  return false;
}

// When `c` writes one window into zeros and `acc` is zeros with other
// windows written into it, none meeting c's, acc + c is acc with c's window
// written: the updates of one buffer (donated, so each writes only its
// window), where add() read and wrote the whole array per window. The
// cotangents of an RNN's per-step slices of its input projection add up so.
std::optional<array> add_disjoint_windows(const array& acc, const array& c, Stream s) {
  const SliceUpdate* u = as_slice_update(c);
  if (u == nullptr || acc.dtype() != c.dtype() || acc.shape() != c.shape() ||
      !is_zero_fill(c.inputs()[0])) {
    return std::nullopt;
  }
  const array* link = &acc;
  while (const SliceUpdate* w = as_slice_update(*link)) {
    if (!disjoint(*w, link->inputs()[1], *u, c.inputs()[1])) return std::nullopt;
    link = &link->inputs()[0];
  }
  if (link == &acc || !is_zero_fill(*link)) return std::nullopt;
  return array(acc.shape(), acc.dtype(),
               std::make_shared<SliceUpdate>(s, u->start(), u->stop(), u->strides()),
               {acc, c.inputs()[1]});
}

} // namespace

std::pair<std::vector<array>, std::vector<array>> vjp(
    const ArrayFn& fun,
    const std::vector<array>& primals,
    const std::vector<array>& cotangents) {
  detail::InTracing in_tracing(false, /* grad = */ true);

  // Fresh tracer handles (shallow copies) make the primals distinguishable
  // from any other use of the same arrays, even when one is passed twice.
  std::vector<array> tracers;
  for (auto& p : primals) {
    tracers.push_back(copy(p, detail::stream_of(p)));
    tracers.back().set_tracer(true);
  }
  auto outputs = fun(tracers);
  auto pairs = pair_cotangents(outputs, cotangents);

  std::unordered_set<std::uintptr_t> needs_grad;
  for (auto& t : tracers) {
    t.set_tracer(false);
    needs_grad.insert(t.id());
  }
  auto tape = detail::dependent_tape(outputs, needs_grad, detail::TapeKind::gradient);

  std::unordered_map<std::uintptr_t, array> cotan_map;
  auto accumulate = [&cotan_map](std::uintptr_t id, const array& c, Stream s) {
    if (auto it = cotan_map.find(id); it != cotan_map.end()) {
      auto windows = add_disjoint_windows(it->second, c, s);
      it->second = windows ? *windows : add(it->second, c, s);
    } else {
      cotan_map.insert({id, c});
    }
  };
  for (auto [out_index, cotan_index] : pairs) {
    auto& o = outputs[out_index];
    auto s = detail::stream_of(o);
    accumulate(o.id(), astype(cotangents[cotan_index], o.dtype(), s), s);
  }

  for (auto it = tape.rbegin(); it != tape.rend(); ++it) {
    auto& node = *it;
    auto& node_outputs = node.outputs;
    bool has_cotangent = false;
    for (auto& o : node_outputs) has_cotangent |= cotan_map.count(o.id()) > 0;
    if (!has_cotangent) continue;

    auto s = node.primitive->stream();
    std::vector<array> node_cotangents;
    for (auto& o : node_outputs) {
      if (auto c = cotan_map.find(o.id()); c != cotan_map.end()) {
        node_cotangents.push_back(std::move(c->second));
        cotan_map.erase(c);
      } else {
        // An output nobody uses: its cotangent is zero.
        node_cotangents.push_back(zeros_like(o, s));
      }
    }
    std::vector<int> argnums;
    for (size_t i = 0; i < node.inputs.size(); ++i) {
      if (needs_grad.count(node.inputs[i].id())) argnums.push_back(static_cast<int>(i));
    }
    auto vjps = node.primitive->vjp(node.inputs, node_cotangents, argnums, node_outputs);
    if (vjps.size() != argnums.size()) {
      std::ostringstream msg;
      msg << "[vjp] The vjp of " << node.primitive->name() << " returned "
          << vjps.size() << " results for " << argnums.size() << " inputs.";
      throw std::runtime_error(msg.str());
    }
    for (size_t i = 0; i < argnums.size(); ++i) {
      accumulate(node.inputs[argnums[i]].id(), vjps[i], s);
    }
  }

  std::vector<array> vjps;
  for (auto& t : tracers) {
    if (auto c = cotan_map.find(t.id()); c != cotan_map.end()) {
      vjps.push_back(c->second);
    } else {
      // The output does not depend on this input.
      vjps.push_back(zeros_like(t, detail::stream_of(t)));
    }
  }
  return {outputs, vjps};
}

std::pair<array, array> vjp(const std::function<array(const array&)>& fun,
                            const array& primal, const array& cotangent) {
  auto vec_fun = [&fun](const std::vector<array>& inputs) {
    return std::vector<array>{fun(inputs[0])};
  };
  auto [outputs, vjps] = vjp(vec_fun, {primal}, {cotangent});
  return {outputs[0], vjps[0]};
}

} // namespace mxcore
