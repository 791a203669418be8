// The headers nearly every binding file parses, precompiled once for the
// extension (target_precompile_headers in CMakeLists.txt): they were ~60% of
// a binding file's front end (5.6 s -> 2.1 s for ops_elementwise.cpp).
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "mxcore/array.h"
#include "mxcore/ops.h"
