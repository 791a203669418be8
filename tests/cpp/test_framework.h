// A minimal test harness: TEST_CASE registers, CHECK records failures,
// main() runs all cases and prints "N passed, N failed".
#pragma once

#include <cmath>
#include <functional>
#include <iostream>
#include <string>
#include <vector>

namespace mxtest {

struct Case {
  std::string name;
  std::function<void()> fn;
};
inline std::vector<Case>& registry() {
  static std::vector<Case> cases;
  return cases;
}
inline int& failures() {
  static int n = 0;
  return n;
}
struct Register {
  Register(const char* name, std::function<void()> fn) {
    registry().push_back({name, std::move(fn)});
  }
};

} // namespace mxtest

#define MXTEST_CONCAT2(a, b) a##b
#define MXTEST_CONCAT(a, b) MXTEST_CONCAT2(a, b)
#define TEST_CASE(name)                                              \
  static void MXTEST_CONCAT(test_fn_, __LINE__)();                   \
  static mxtest::Register MXTEST_CONCAT(test_reg_, __LINE__)(        \
      name, MXTEST_CONCAT(test_fn_, __LINE__));                      \
  static void MXTEST_CONCAT(test_fn_, __LINE__)()

#define CHECK(cond)                                                          \
  do {                                                                       \
    if (!(cond)) {                                                           \
      ++mxtest::failures();                                                  \
      std::cerr << __FILE__ << ":" << __LINE__ << ": CHECK(" #cond ") failed\n"; \
    }                                                                        \
  } while (0)

#define CHECK_CLOSE(a, b, tol) CHECK(std::abs((a) - (b)) <= (tol))

#define CHECK_THROWS_AS(expr, type)                                        \
  do {                                                                     \
    bool thrown = false;                                                   \
    try {                                                                  \
      (void)(expr);                                                        \
    } catch (const type&) {                                                \
      thrown = true;                                                       \
    }                                                                      \
    if (!thrown) {                                                         \
      ++mxtest::failures();                                                \
      std::cerr << __FILE__ << ":" << __LINE__ << ": expected " #type " from " #expr "\n"; \
    }                                                                      \
  } while (0)

int main() {
  int passed = 0, failed = 0;
  for (auto& c : mxtest::registry()) {
    int before = mxtest::failures();
    try {
      c.fn();
    } catch (const std::exception& e) {
      ++mxtest::failures();
      std::cerr << c.name << ": unexpected exception: " << e.what() << "\n";
    }
    if (mxtest::failures() == before) {
      ++passed;
    } else {
      ++failed;
      std::cerr << "FAILED: " << c.name << "\n";
    }
  }
  std::cout << passed << " passed, " << failed << " failed" << std::endl;
  return failed == 0 ? 0 : 1;
}
