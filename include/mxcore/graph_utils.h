// Inspecting lazy graphs: graphviz export.
#pragma once

#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "mxcore/array.h"

namespace mxcore {

// Writes the graph computing `outputs` as graphviz dot text. Primitive nodes
// are labelled with Primitive::print (a fused node reads "Compiled(Exp, Add)");
// arrays are named A, B, ... unless `names` gives (array, name) pairs.
void export_to_dot(std::ostream& os, const std::vector<array>& outputs,
                   const std::vector<std::pair<array, std::string>>& names = {});

// The same, written to the file at `path` (std::runtime_error naming the path
// if it cannot be written).
void export_to_dot(const std::string& path, const std::vector<array>& outputs,
                   const std::vector<std::pair<array, std::string>>& names = {});

// The primitive names of the unevaluated graph of `outputs`, inputs first.
std::vector<std::string> graph_primitive_names(const std::vector<array>& outputs);

} // namespace mxcore
