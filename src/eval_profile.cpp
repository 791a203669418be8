#include "eval_profile.h"

#include <sys/resource.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <sstream>
#include <unordered_map>

#include "mxcore/utils.h"

namespace mxcore::detail {

namespace {

bool env_asks_for_profile() {
  const char* env = std::getenv("MXCORE_LOG");
  if (!env) return false;
  std::stringstream parts(env);
  std::string part;
  while (std::getline(parts, part, ',')) {
    if (part == "profile") return true;
  }
  return false;
}

struct Totals {
  std::unordered_map<std::string, EvalProfileRow> rows;
  int64_t evals = 0;
  int64_t eval_ns = 0;
};

std::mutex totals_mutex;
Totals& totals() {
  static Totals* t = new Totals(); // outlives the exit report
  return *t;
}

std::atomic<bool>& enabled_flag() {
  static std::atomic<bool> on{env_asks_for_profile()};
  return on;
}

int64_t thread_minor_faults() {
  rusage usage{};
  getrusage(RUSAGE_THREAD, &usage);
  return usage.ru_minflt;
}

// MXCORE_LOG=profile prints the totals when the process exits.
struct ExitReport {
  ~ExitReport() {
    if (!env_asks_for_profile()) return;
    EvalProfileReport r = eval_profile_report(false);
    std::fprintf(stderr, "[mxcore profile] %lld evals, %.3f ms in eval, %.3f ms in kernels\n",
                 (long long)r.evals, r.eval_ns / 1e6, r.kernel_ns / 1e6);
    for (size_t i = 0; i < r.rows.size() && i < 60; ++i) {
      const auto& row = r.rows[i];
      std::fprintf(stderr, "[mxcore profile] %10.3f ms %7lld calls %8lld faults  %s\n",
                   row.ns / 1e6, (long long)row.calls, (long long)row.minor_faults,
                   row.key.c_str());
    }
  }
} exit_report;

} // namespace

bool eval_profile_enabled() { return enabled_flag().load(std::memory_order_relaxed); }
void set_eval_profile(bool on) { enabled_flag().store(on); }

EvalProfileReport eval_profile_report(bool reset) {
  std::lock_guard lock(totals_mutex);
  Totals& t = totals();
  EvalProfileReport r;
  r.evals = t.evals;
  r.eval_ns = t.eval_ns;
  for (auto& [key, row] : t.rows) {
    r.rows.push_back(row);
    r.kernel_ns += row.ns;
  }
  std::sort(r.rows.begin(), r.rows.end(),
            [](const EvalProfileRow& a, const EvalProfileRow& b) { return a.ns > b.ns; });
  if (reset) t = Totals();
  return r;
}

EvalProfileTimer::EvalProfileTimer() : start_(std::chrono::steady_clock::now()) {}

void EvalProfileTimer::before_kernel() {
  kernel_start_ = std::chrono::steady_clock::now();
  faults_ = thread_minor_faults();
}

void EvalProfileTimer::after_kernel(Primitive& prim, const std::vector<array>& outs) {
  auto end = std::chrono::steady_clock::now();
  int64_t faults = thread_minor_faults() - faults_;
  std::ostringstream key;
  prim.print(key);
  if (!outs.empty()) key << " -> " << outs[0].dtype() << outs[0].shape();
  std::lock_guard lock(totals_mutex);
  auto& row = totals().rows[key.str()];
  if (row.key.empty()) row.key = key.str();
  row.calls += 1;
  row.ns += std::chrono::duration_cast<std::chrono::nanoseconds>(end - kernel_start_).count();
  row.minor_faults += faults;
}

EvalProfileTimer::~EvalProfileTimer() {
  auto end = std::chrono::steady_clock::now();
  std::lock_guard lock(totals_mutex);
  totals().evals += 1;
  totals().eval_ns += std::chrono::duration_cast<std::chrono::nanoseconds>(end - start_).count();
}

} // namespace mxcore::detail
