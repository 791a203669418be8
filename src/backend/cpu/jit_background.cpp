// The queue of background kernel builds and the one worker thread that runs
// them (one compiler at a time, as jit_load does: the other cores keep
// running the program on eager kernels).
#include "backend/cpu/jit_background.h"

#include <sys/resource.h>
#include <unistd.h>

#include <atomic>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <mutex>
#include <thread>
#include <unordered_set>
#include <vector>

#include "backend/cpu/jit_builder.h"
#include "backend/cpu/jit_handoff.h"

namespace mxcore::cpu {

namespace {

struct BuildQueue {
  std::mutex mtx;
  std::condition_variable arrived; // the worker waits for requests
  std::condition_variable drained; // jit_wait_for_background_builds waits for none left
  std::deque<JitRequest> requests;
  std::vector<JitRequest> building; // the batch the compiler runs on now
  std::unordered_set<std::string> pending; // keys queued or being built
  bool worker_started = false;
};

BuildQueue& build_queue() {
  static auto* q = new BuildQueue(); // never destroyed: the worker outlives main
  return *q;
}

std::atomic<bool>& background_flag() {
  static std::atomic<bool> on = [] {
    const char* env = std::getenv("MXCORE_JIT_BACKGROUND");
    return !(env && std::strcmp(env, "0") == 0); // on unless MXCORE_JIT_BACKGROUND=0
  }();
  return on;
}

// Kernels built by one compiler run at most: a long batch delays all of them.
constexpr size_t max_batch = 16;
constexpr int background_niceness = 10;

void run_worker() {
  // The compilers this thread starts inherit its niceness: on busy cores the
  // program's own (eager) work comes first, the builds take the slack.
  ::setpriority(PRIO_PROCESS, static_cast<id_t>(::gettid()), background_niceness);
  auto& q = build_queue();
  std::unique_lock lock(q.mtx);
  while (true) {
    q.arrived.wait(lock, [&] { return !q.requests.empty(); });
    // Everything queued so far goes into one compiler run.
    std::vector<JitRequest> batch;
    while (!q.requests.empty() && batch.size() < max_batch) {
      batch.push_back(std::move(q.requests.front()));
      q.requests.pop_front();
    }
    q.building = batch;
    lock.unlock();
    // Builds, stores and loads (or records the failures, warning once); the
    // next call of each primitive finds its kernel through jit_lookup.
    jit_load_batch(batch);
    lock.lock();
    q.building.clear();
    for (auto& r : batch) q.pending.erase(r.key);
    if (q.pending.empty()) q.drained.notify_all();
  }
}

// At exit: the compiler running now is killed and no other starts; what it
// and the queue held is handed off to a detached build (jit_handoff.h), so
// the next run of the program finds the kernels.
void shut_down() {
  auto& q = build_queue();
  std::vector<JitRequest> unfinished;
  {
    std::lock_guard lock(q.mtx);
    unfinished = q.building;
    for (auto& r : q.requests) unfinished.push_back(std::move(r));
    q.requests.clear();
  }
  jit_shutdown();
  jit_hand_off(unfinished);
}

} // namespace

bool jit_background() { return background_flag().load(std::memory_order_relaxed); }
void set_jit_background(bool on) { background_flag() = on; }

void* jit_find_or_queue(const std::string& key, const std::string& kernel_name,
                        const std::string& stem, const std::string& symbol,
                        const std::function<std::string()>& render) {
  void* fn = nullptr;
  if (jit_lookup(key, fn)) return fn;
  auto& q = build_queue();
  {
    std::lock_guard lock(q.mtx);
    if (q.pending.count(key)) return nullptr;
  }
  auto source = render();
  // A second process finds the kernel on disk: one dlopen, no build.
  if (void* cached = jit_load_cached(key, kernel_name, stem, symbol, source)) return cached;
  if (!jit_available()) return nullptr;
  std::lock_guard lock(q.mtx);
  if (!q.pending.insert(key).second) return nullptr;
  q.requests.push_back({key, kernel_name, stem, symbol, std::move(source)});
  if (!q.worker_started) {
    q.worker_started = true;
    // Registered after the builder's tables exist (they are leaked anyway):
    // at exit the running compiler is killed, its work handed off.
    std::atexit(shut_down);
    std::thread(run_worker).detach();
  }
  q.arrived.notify_one();
  return nullptr;
}

void jit_wait_for_background_builds() {
  auto& q = build_queue();
  std::unique_lock lock(q.mtx);
  q.drained.wait(lock, [&] { return q.pending.empty(); });
}

int64_t jit_background_pending() {
  auto& q = build_queue();
  std::lock_guard lock(q.mtx);
  return static_cast<int64_t>(q.pending.size());
}

} // namespace mxcore::cpu
