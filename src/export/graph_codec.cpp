// Encoding of a traced graph. Every array gets an id in order of appearance
// (inputs, then constants and node outputs along the tape); a node refers to
// its inputs by id, so a reader checks each reference is to an earlier array.
#include "export/graph_codec.h"

#include <cstring>
#include <unordered_map>

#include "export/primitive_codec.h"
#include "mxcore/memory.h"
#include "mxcore/primitives.h"

namespace mxcore::export_detail {

namespace {

enum EntryKind : uint8_t { constant_entry = 1, node_entry = 2 };

// The elements of an evaluated array in row-major order (views, broadcasts
// and transposes included).
std::vector<uint8_t> row_major_bytes(const array& a) {
  size_t item = a.itemsize();
  std::vector<uint8_t> out(a.nbytes());
  if (a.size() == 0) return out;
  auto* base = static_cast<const uint8_t*>(a.raw_data());
  if (a.flags().row_contiguous) {
    std::memcpy(out.data(), base, out.size());
    return out;
  }
  int nd = a.ndim();
  std::vector<int32_t> index(nd, 0);
  int64_t offset = 0;
  for (size_t e = 0; e < a.size(); ++e) {
    std::memcpy(out.data() + e * item, base + offset * static_cast<int64_t>(item), item);
    for (int d = nd - 1; d >= 0; --d) {
      offset += a.strides()[d];
      if (++index[d] < a.shape()[d]) break;
      offset -= a.strides()[d] * a.shape()[d];
      index[d] = 0;
    }
  }
  return out;
}

void write_signature(const array& a, ByteWriter& w) {
  w.dtype(a.dtype());
  w.ints(a.shape());
}

} // namespace

void write_graph(const TracedGraph& g, ByteWriter& w) {
  w.u32(g.num_args);
  w.u32(static_cast<uint32_t>(g.kwarg_names.size()));
  for (auto& name : g.kwarg_names) w.string(name);

  std::unordered_map<std::uintptr_t, uint64_t> ids;
  uint64_t next_id = 0;
  w.u32(static_cast<uint32_t>(g.inputs.size()));
  for (auto& in : g.inputs) {
    write_signature(in, w);
    ids.emplace(in.id(), next_id++);
  }

  ByteWriter entries;
  uint64_t num_entries = 0;
  for (auto& a : g.tape) {
    if (ids.count(a.id())) continue; // an input
    ++num_entries;
    if (!a.has_primitive()) {
      entries.u8(constant_entry);
      write_signature(a, entries);
      auto bytes = row_major_bytes(a);
      entries.u64(bytes.size());
      entries.bytes(bytes.data(), bytes.size());
      ids.emplace(a.id(), next_id++);
      continue;
    }
    entries.u8(node_entry);
    ByteWriter state;
    entries.string(write_primitive(a.primitive(), state));
    entries.block(state);
    entries.u32(static_cast<uint32_t>(a.inputs().size()));
    for (auto& in : a.inputs()) entries.u64(ids.at(in.id()));
    auto outs = a.outputs();
    entries.u32(static_cast<uint32_t>(outs.size()));
    for (auto& o : outs) {
      write_signature(o, entries);
      ids.emplace(o.id(), next_id++);
    }
  }
  w.u64(num_entries);
  w.bytes(entries.data().data(), entries.data().size());

  w.u32(static_cast<uint32_t>(g.outputs.size()));
  for (auto& o : g.outputs) w.u64(ids.at(o.id()));
}

TracedGraph read_graph(ByteReader& r, Stream s) {
  TracedGraph g;
  g.num_args = r.u32();
  uint32_t num_kwargs = r.u32();
  if (num_kwargs > r.remaining()) throw FormatError("too many keyword inputs");
  for (uint32_t i = 0; i < num_kwargs; ++i) {
    g.kwarg_names.push_back(r.string());
    if (i > 0 && !(g.kwarg_names[i - 1] < g.kwarg_names[i])) {
      throw FormatError("keyword inputs are not sorted");
    }
  }

  std::vector<array> by_id;
  uint32_t num_inputs = r.u32();
  if (num_inputs != g.num_args + static_cast<uint64_t>(num_kwargs)) {
    throw FormatError("the input count does not match the signature");
  }
  for (uint32_t i = 0; i < num_inputs; ++i) {
    Dtype t = r.dtype();
    array in(r.shape(), t, nullptr, {});
    g.inputs.push_back(in);
    by_id.push_back(in);
  }
  auto lookup = [&](uint64_t id) -> const array& {
    if (id >= by_id.size()) throw FormatError("a node refers to an array not defined before it");
    return by_id[id];
  };

  uint64_t num_entries = r.u64();
  if (num_entries > r.remaining()) throw FormatError("too many graph entries");
  for (uint64_t e = 0; e < num_entries; ++e) {
    uint8_t kind = r.u8();
    if (kind == constant_entry) {
      Dtype t = r.dtype();
      Shape shape = r.shape();
      uint64_t nbytes = r.u64();
      if (nbytes != shape_size(shape) * t.size) throw FormatError("a constant has the wrong size");
      const uint8_t* data = r.bytes(nbytes);
      auto buffer = allocator::malloc(nbytes ? nbytes : 1);
      if (nbytes) std::memcpy(buffer.ptr, data, nbytes);
      array c(buffer, std::move(shape), t);
      g.tape.push_back(c);
      by_id.push_back(std::move(c));
    } else if (kind == node_entry) {
      std::string tag = r.string();
      ByteReader state = r.block();
      auto prim = read_primitive(tag, state, s);
      uint32_t num_in = r.u32();
      if (num_in > r.remaining()) throw FormatError("too many node inputs");
      std::vector<array> inputs;
      inputs.reserve(num_in);
      for (uint32_t i = 0; i < num_in; ++i) inputs.push_back(lookup(r.u64()));
      uint32_t num_out = r.u32();
      if (num_out == 0 || num_out > r.remaining()) throw FormatError("invalid node output count");
      std::vector<Shape> shapes;
      std::vector<Dtype> dtypes;
      for (uint32_t i = 0; i < num_out; ++i) {
        dtypes.push_back(r.dtype());
        shapes.push_back(r.shape());
      }
      if (num_out == 1) {
        array out(std::move(shapes[0]), dtypes[0], std::move(prim), std::move(inputs));
        g.tape.push_back(out);
        by_id.push_back(std::move(out));
      } else {
        auto outs = array::make_arrays(std::move(shapes), dtypes, std::move(prim), inputs);
        g.tape.push_back(outs[0]);
        for (auto& o : outs) by_id.push_back(std::move(o));
      }
    } else {
      throw FormatError("invalid graph entry kind " + std::to_string(kind));
    }
  }

  uint32_t num_outputs = r.u32();
  if (num_outputs > r.remaining()) throw FormatError("too many outputs");
  for (uint32_t i = 0; i < num_outputs; ++i) g.outputs.push_back(lookup(r.u64()));
  return g;
}

} // namespace mxcore::export_detail
