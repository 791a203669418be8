// Streams: ordered queues of work on a device. Work is run in program order
// on the evaluating thread, so a stream is mainly bookkeeping and a compile
// cache key.
#pragma once

#include <ostream>

#include "mxcore/device.h"

namespace mxcore {

struct Stream {
  int index;
  Device device;
  Stream(int index, Device device) : index(index), device(device) {}
};

inline bool operator==(const Stream& a, const Stream& b) { return a.index == b.index; }
inline bool operator!=(const Stream& a, const Stream& b) { return a.index != b.index; }

Stream default_stream(Device d);
// Sets the calling thread's default stream of s's device type.
void set_default_stream(Stream s);
Stream new_stream(Device d);
// Wait for all work on the stream (all streams when none given).
void synchronize();
void synchronize(Stream s);

std::ostream& operator<<(std::ostream& os, const Stream& s);

// Device or stream argument of an op; monostate means the default stream.
} // namespace mxcore
