// Per-primitive timing of eval, for finding where a real program's time goes.
// Off unless MXCORE_LOG contains "profile" (or the Python side turns it on):
// then every primitive eval runs is timed (wall ns and the page faults it
// took), keyed by what it prints plus its first output's shape and dtype, and
// the time eval spends between primitives is counted as the gap.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "mxcore/array.h"
#include "mxcore/primitives.h"

namespace mxcore::detail {

struct EvalProfileRow {
  std::string key;
  int64_t calls = 0;
  int64_t ns = 0;
  int64_t minor_faults = 0;
};

struct EvalProfileReport {
  std::vector<EvalProfileRow> rows; // slowest first
  int64_t evals = 0;                // eval calls
  int64_t eval_ns = 0;              // wall time inside those evals
  int64_t kernel_ns = 0;            // sum of the rows' ns
};

bool eval_profile_enabled();
void set_eval_profile(bool on);
// What was recorded since the last reset; `reset` clears it.
EvalProfileReport eval_profile_report(bool reset);

// Lives for one eval while profiling is on; brackets each primitive's kernel.
class EvalProfileTimer {
 public:
  EvalProfileTimer();
  ~EvalProfileTimer();
  void before_kernel();
  void after_kernel(Primitive& prim, const std::vector<array>& outs);

 private:
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point kernel_start_;
  int64_t faults_ = 0;
};

} // namespace mxcore::detail
