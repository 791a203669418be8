// graph_utils: graphviz export to a stream and to a file path.
#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "mxcore/mxcore.h"
#include "test_framework.h"

using namespace mxcore;

TEST_CASE("export_to_dot writes the same text to a file path as to a stream") {
  array x = array({1.0f, 2.0f});
  array y = exp(add(x, array(1.0f)));
  std::ostringstream expected;
  export_to_dot(expected, {y});
  std::string path = "test_graph_utils_out.dot";
  export_to_dot(path, {y});
  std::ifstream in(path);
  std::stringstream written;
  written << in.rdbuf();
  CHECK(written.str() == expected.str());
  CHECK(written.str().find("Exp") != std::string::npos);
  CHECK(written.str().find("Add") != std::string::npos);
  std::remove(path.c_str());
}

TEST_CASE("export_to_dot to an unwritable path raises naming it") {
  array y = exp(array(1.0f));
  bool thrown = false;
  try {
    export_to_dot(std::string("/nonexistent-dir/graph.dot"), {y});
  } catch (const std::runtime_error& e) {
    thrown = std::string(e.what()).find("/nonexistent-dir/graph.dot") != std::string::npos;
  }
  CHECK(thrown);
}
