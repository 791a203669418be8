// The CPU backend's one thread policy: num_threads() threads compute, the
// caller plus num_threads() - 1 pool workers. Between regions a worker spins
// briefly (pool_spin(), MXCORE_POOL_SPIN_US) and then sleeps on a condition
// variable: waking a sleeping thread costs tens of microseconds, and on a
// virtual machine, whose idle vCPU halts, up to a hundred or more, as long as
// a 512 x 128 x 128 product, so the back-to-back regions of a training step
// found the worker asleep and the caller ran every piece itself. The caller
// likewise spins before it sleeps waiting for the workers, and a worker keeps
// off the caller's CPU (leave_caller_cpu). OpenBLAS keeps to
// the calling thread (matmul.cpp splits large products over the pool), so its
// own threads, which spin for a while after every call, never run beside the
// pool's.
#include "backend/cpu/thread_pool.h"

#include <cblas.h>
#include <pthread.h>
#include <sched.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace mxcore::cpu {

namespace {

thread_local bool inside_parallel_region = false;

// Pieces a thread of parallel_for, at most (when the grain allows).
constexpr int64_t pieces_per_thread = 4;

// How long a waiting thread polls before it sleeps: longer than the gap
// between two kernels of an eval (a few microseconds of dispatch), short
// enough that an idle process gives its cores back at once.
std::chrono::nanoseconds pool_spin() {
  static const std::chrono::nanoseconds spin = [] {
    int64_t us = 200;
    if (const char* env = std::getenv("MXCORE_POOL_SPIN_US")) us = std::max(0, std::atoi(env));
    return std::chrono::nanoseconds(us * 1000);
  }();
  return spin;
}

// How long the caller of a region polls for the workers' last pieces.
constexpr std::chrono::nanoseconds caller_spin{50'000};

// Polls done() for at most `spin`; true when it became true.
template <typename Done>
bool spin_until(Done done, std::chrono::nanoseconds spin) {
  if (spin.count() == 0) return done();
  const auto deadline = std::chrono::steady_clock::now() + spin;
  // No pause instruction: KVM's pause-loop exiting takes a vCPU that pauses
  // in a tight loop for a lock waiter and may deschedule it, the very wake-up
  // delay this spin avoids.
  while (true) {
    for (int i = 0; i < 64; ++i) {
      if (done()) return true;
    }
    if (std::chrono::steady_clock::now() >= deadline) return done();
  }
}

class ThreadPool {
 public:
  explicit ThreadPool(int n) {
    // The CPUs this process may use, when there are enough for every thread.
    cpu_set_t allowed;
    CPU_ZERO(&allowed);
    if (sched_getaffinity(0, sizeof(allowed), &allowed) == 0 && CPU_COUNT(&allowed) >= n &&
        n > 1) {
      allowed_ = allowed;
      steer_ = true;
    }
    for (int i = 0; i < n - 1; ++i) {
      workers_.emplace_back([this, i] {
        pthread_setname_np(pthread_self(), "mxcore-pool");
        work(i + 1);
      });
    }
  }
  ~ThreadPool() {
    {
      std::lock_guard lock(mtx_);
      stop_ = true;
    }
    cv_.notify_all();
    for (auto& w : workers_) w.join();
  }

  int size() const { return static_cast<int>(workers_.size()) + 1; }

  // Runs task(i) for i in [0, chunks); chunk 0 on the caller.
  void run(int chunks, const std::function<void(int)>& task) {
    std::unique_lock run_lock(run_mtx_); // one parallel region at a time
    if (steer_) caller_cpu_.store(sched_getcpu(), std::memory_order_relaxed);
    {
      std::lock_guard lock(mtx_);
      task_ = &task;
      chunks_ = chunks;
      pending_.store(chunks - 1, std::memory_order_relaxed);
      error_ = nullptr;
      generation_.fetch_add(1, std::memory_order_release);
    }
    cv_.notify_all();
    run_chunk(0);
    auto finished = [this] { return pending_.load(std::memory_order_acquire) == 0; };
    // The caller waits for the pieces the workers hold, a few microseconds
    // when they run. Longer means a worker was taken off its core (more
    // runnable threads than cores): spinning on would keep the core it needs.
    const bool done = spin_until(finished, std::min(pool_spin(), caller_spin));
    if (!done) caller_asleep_.store(true, std::memory_order_release);
    std::unique_lock lock(mtx_);
    done_cv_.wait(lock, finished);
    caller_asleep_.store(false, std::memory_order_relaxed);
    task_ = nullptr;
    if (error_) std::rethrow_exception(error_);
  }

 private:
  // A worker on the caller's CPU moves off it. The scheduler places a woken
  // thread beside its waker and, on some (virtual) machines, left the two on
  // one core for seconds while the other idled: each region then ran on half
  // a core. The worker may use every allowed CPU (the process's when the
  // pool started) but the caller's; it follows when the caller moves.
  void leave_caller_cpu() {
    const int caller = caller_cpu_.load(std::memory_order_relaxed);
    if (caller < 0 || sched_getcpu() != caller) return;
    cpu_set_t elsewhere = allowed_;
    CPU_CLR(caller, &elsewhere);
    if (CPU_COUNT(&elsewhere) > 0) {
      pthread_setaffinity_np(pthread_self(), sizeof(elsewhere), &elsewhere);
    }
  }

  void run_chunk(int i) {
    inside_parallel_region = true;
    try {
      (*task_)(i);
    } catch (...) {
      std::lock_guard lock(mtx_);
      if (!error_) error_ = std::current_exception();
    }
    inside_parallel_region = false;
  }

  void work(int index) {
    uint64_t seen = 0;
    bool spin = true;
    while (true) {
      auto posted = [&] {
        return stop_.load(std::memory_order_relaxed) ||
               generation_.load(std::memory_order_acquire) != seen;
      };
      spin_until(posted, spin ? pool_spin() : std::chrono::nanoseconds(0));
      {
        std::unique_lock lock(mtx_);
        cv_.wait(lock, posted);
        if (stop_) return;
        seen = generation_.load(std::memory_order_relaxed);
        if (index >= chunks_) continue;
      }
      if (steer_) leave_caller_cpu();
      run_chunk(index);
      // A caller that went to sleep is woken onto this core (the scheduler
      // places a wakee beside its waker) and would share it with this
      // worker's spin until the load balancer parts them, milliseconds of
      // one core for two threads: the worker sleeps instead.
      spin = !caller_asleep_.load(std::memory_order_acquire);
      if (pending_.fetch_sub(1, std::memory_order_acq_rel) == 1) {
        std::lock_guard lock(mtx_); // the caller may be between its check and its wait
        done_cv_.notify_one();
      }
    }
  }

  std::vector<std::thread> workers_;
  std::mutex mtx_;
  std::mutex run_mtx_;
  std::condition_variable cv_;
  std::condition_variable done_cv_;
  const std::function<void(int)>* task_ = nullptr;
  int chunks_ = 0;
  std::atomic<int> pending_{0};
  std::atomic<uint64_t> generation_{0};
  std::atomic<bool> stop_{false};
  std::atomic<bool> caller_asleep_{false};
  // Keeping workers off the caller's CPU (leave_caller_cpu).
  bool steer_ = false;
  cpu_set_t allowed_{};
  std::atomic<int> caller_cpu_{-1};
  std::exception_ptr error_;
};

// At load, before any BLAS call: OpenBLAS's threads start at its own load
// and go to sleep after their spin timeout; with one BLAS thread they are
// never woken again.
[[maybe_unused]] const bool blas_single_threaded = [] {
  scipy_openblas_set_num_threads(1);
  return true;
}();

ThreadPool& pool() {
  // Leaked on purpose: worker threads must not be joined during static destruction.
  static ThreadPool* p = new ThreadPool(num_threads());
  return *p;
}

} // namespace

int num_threads() {
  static int n = [] {
    if (const char* env = std::getenv("MXCORE_NUM_THREADS")) {
      int v = std::atoi(env);
      if (v > 0) return v;
    }
    return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  }();
  return n;
}

void parallel_for(int64_t n, int64_t grain,
                  const std::function<void(int64_t, int64_t)>& fn) {
  if (n <= 0) return;
  grain = std::max<int64_t>(grain, 1);
  const int64_t threads = std::min<int64_t>(num_threads(), (n + grain - 1) / grain);
  if (threads <= 1 || inside_parallel_region) {
    fn(0, n);
    return;
  }
  // Pieces taken from a shared counter, several a thread: a thread the OS
  // takes off its core (another process, a library's spinning threads) holds
  // up one piece, not a fixed share of the loop. The pieces' bounds depend
  // on n, grain and num_threads() only, never on which thread runs what.
  // A loop of exactly `threads` pieces (a team with barriers) keeps one
  // piece a thread: its pieces must run at once.
  const int64_t pieces = std::min<int64_t>(threads * pieces_per_thread, (n + grain - 1) / grain);
  const int64_t per = (n + pieces - 1) / pieces;
  std::atomic<int64_t> next{0};
  pool().run(static_cast<int>(threads), [&](int) {
    for (int64_t i = next.fetch_add(1, std::memory_order_relaxed); i < pieces;
         i = next.fetch_add(1, std::memory_order_relaxed)) {
      const int64_t begin = i * per;
      const int64_t end = std::min(n, begin + per);
      if (begin < end) fn(begin, end);
    }
  });
}

} // namespace mxcore::cpu
