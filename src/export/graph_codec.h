// One exported trace: its input signature and its graph (inputs, constants,
// primitive nodes in topological order, outputs), encoded as bytes.
#pragma once

#include <string>
#include <vector>

#include "export/byte_stream.h"
#include "mxcore/array.h"
#include "mxcore/stream.h"

namespace mxcore::export_detail {

struct TracedGraph {
  uint32_t num_args = 0;                // positional inputs come first,
  std::vector<std::string> kwarg_names; // then keyword inputs, sorted by name
  std::vector<array> inputs;            // placeholders (no data, no primitive)
  // Topological order, one entry per primitive node; entries without a
  // primitive are inputs or constants.
  std::vector<array> tape;
  std::vector<array> outputs;
};

void write_graph(const TracedGraph& graph, ByteWriter& w);
// Primitives are rebuilt on stream s. Raises FormatError on invalid data.
TracedGraph read_graph(ByteReader& r, Stream s);

} // namespace mxcore::export_detail
