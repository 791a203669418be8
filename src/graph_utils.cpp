// Graph inspection: graphviz export and primitive listings.
#include "mxcore/graph_utils.h"

#include <fstream>
#include <functional>
#include <stdexcept>
#include <unordered_map>
#include <unordered_set>

#include "mxcore/primitives.h"
#include "letter_names.h"

namespace mxcore {

namespace {

// Calls visit(node) for every array of the graph of `outputs`, inputs before
// users, each primitive once (siblings are visited through one of them).
void topological_walk(const std::vector<array>& outputs,
                      const std::function<void(const array&)>& visit) {
  std::unordered_set<uintptr_t> seen;
  struct Frame {
    array node;
    size_t next;
  };
  std::vector<Frame> stack;
  for (auto& out : outputs) {
    if (!seen.insert(out.id()).second) continue;
    stack.push_back({out, 0});
    while (!stack.empty()) {
      auto& top = stack.back();
      if (top.next < top.node.inputs().size()) {
        const array& in = top.node.inputs()[top.next++];
        if (seen.insert(in.id()).second) stack.push_back({in, 0});
        continue;
      }
      array node = std::move(top.node);
      stack.pop_back();
      for (auto& s : node.siblings()) seen.insert(s.id());
      visit(node);
    }
  }
}

class Namer {
 public:
  explicit Namer(const std::vector<std::pair<array, std::string>>& names) {
    for (auto& [a, n] : names) names_.emplace(a.id(), n);
  }
  const std::string& get(const array& x) {
    auto it = names_.find(x.id());
    if (it != names_.end()) return it->second;
    return names_.emplace(x.id(), letter_name(count_++)).first->second;
  }

 private:
  std::unordered_map<uintptr_t, std::string> names_;
  size_t count_ = 0;
};

} // namespace

void export_to_dot(std::ostream& os, const std::vector<array>& outputs,
                   const std::vector<std::pair<array, std::string>>& names) {
  Namer namer(names);
  std::unordered_set<uintptr_t> output_set;
  for (auto& o : outputs) output_set.insert(o.id());
  std::vector<array> sources;

  os << "digraph {" << std::endl;
  topological_walk(outputs, [&](const array& x) {
    if (!x.has_primitive()) {
      sources.push_back(x);
      return;
    }
    os << "{ " << x.primitive_id() << " [label=\"";
    x.primitive().print(os);
    os << "\", shape=rectangle]; }" << std::endl;
    for (auto& in : x.inputs()) {
      os << '"' << namer.get(in) << "\" -> " << x.primitive_id() << std::endl;
    }
    for (auto& a : x.outputs()) {
      os << "{ ";
      if (output_set.count(a.id())) os << "rank=sink; ";
      os << '"' << namer.get(a) << "\"; }" << std::endl;
      os << x.primitive_id() << " -> \"" << namer.get(a) << '"' << std::endl;
    }
  });
  for (auto& s : sources) {
    os << "{ rank=source; \"" << namer.get(s) << "\"; }" << std::endl;
  }
  os << "}" << std::endl;
}

void export_to_dot(const std::string& path, const std::vector<array>& outputs,
                   const std::vector<std::pair<array, std::string>>& names) {
  std::ofstream file(path);
  if (!file) {
    throw std::runtime_error("[export_to_dot] Cannot open '" + path + "' for writing.");
  }
  export_to_dot(file, outputs, names);
  if (!file.flush()) {
    throw std::runtime_error("[export_to_dot] Writing '" + path + "' failed.");
  }
}

std::vector<std::string> graph_primitive_names(const std::vector<array>& outputs) {
  std::vector<std::string> names;
  topological_walk(outputs, [&](const array& x) {
    if (x.has_primitive()) names.emplace_back(x.primitive().name());
  });
  return names;
}

} // namespace mxcore
