// The registry of primitive codecs: for every primitive class of the library,
// a stable tag and the fields of its state, written and read back in a fixed
// order. Export writes (tag, state); import rebuilds the primitive from them.
#pragma once

#include <memory>
#include <string>

#include "export/byte_stream.h"
#include "mxcore/primitives.h"

namespace mxcore::export_detail {

// The tag of p's class; its state is appended to `state`. Raises
// std::invalid_argument naming the primitive when its class cannot be
// exported (a user's custom primitive, a Compiled region).
std::string write_primitive(const Primitive& p, ByteWriter& state);

// The primitive of class `tag` with the state in `state` (which must be
// consumed exactly), on stream s. Raises FormatError for an unknown tag or
// invalid state.
std::shared_ptr<Primitive> read_primitive(const std::string& tag, ByteReader& state, Stream s);

// Number of registered primitive classes (for tests).
size_t registered_primitive_count();

} // namespace mxcore::export_detail
