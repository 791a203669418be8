// Parsing of NumPy-style indices (ints, slices, None, Ellipsis, integer
// arrays) shared by reading (indexing_bindings.cpp) and writing
// (indexing_scatter.cpp).
#pragma once

#include <optional>
#include <vector>

#include "convert.h"

namespace mxpy::indexing {

using mxcore::array;
using mxcore::Shape;

// One source axis of the array: the window it is cut to, and whether an int
// index removes it from the result.
struct AxisWindow {
  int start = 0;
  int stop = 0;
  int stride = 1;
  int length = 0;
  bool removed = false;
};

// The parsed index: a window per source axis plus the result's shape (where
// None inserts a size-1 axis and an int removes one).
struct BasicIndex {
  std::vector<AxisWindow> windows;
  Shape result_shape;
};

enum class Kind { integer, slice, none, ellipsis, array };

// One entry of the index tuple; `arr` holds an integer index array.
struct Item {
  Kind kind;
  py::object obj;
  std::optional<array> arr;
};

// The index tuple as items, the Ellipsis expanded to full slices and the
// unindexed trailing axes appended as full slices; axis_of[k] is the source
// axis of item k (-1 for None).
struct ParsedIndex {
  std::vector<Item> items;
  std::vector<int> axis_of;
  bool has_array = false;
};

[[noreturn]] void boolean_index_error();
AxisWindow int_window(const py::handle& obj, int axis, int n);
AxisWindow slice_window(const py::handle& obj, int n);
ParsedIndex parse_items(const array& a, const py::object& idx);
BasicIndex basic_index(const array& a, const ParsedIndex& p);
void window_params(const BasicIndex& index, Shape& start, Shape& stop, Shape& strides);
// Where the broadcast advanced-index dims go in the result (-1: none).
int advanced_position(const ParsedIndex& p);
Shape result_shape(const ParsedIndex& p, const Shape& B, const Shape& slice_dims);
std::vector<array> advanced_arrays(const ParsedIndex& p, std::vector<int>& axes);
Shape broadcast_all(const std::vector<array>& arrays);
std::optional<array> boolean_mask(const py::object& idx);

} // namespace mxpy::indexing
