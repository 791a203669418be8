#include "backend/metal/emulator/threadgroup_runner.h"

#include <setjmp.h>
#include <signal.h>
#include <sys/mman.h>
#include <ucontext.h>

#include <mutex>
#include <new>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "backend/metal/emulator/emulated_buffer.h"

namespace mxcore::metal::emulator {

namespace {

// ---- faults: a kernel's SIGSEGV/SIGBUS jumps back to its dispatch.
thread_local sigjmp_buf* fault_jump = nullptr;
thread_local void* fault_address = nullptr;
struct sigaction previous_segv {}, previous_bus {};

void on_fault(int sig, siginfo_t* info, void* context) {
  if (fault_jump != nullptr) {
    fault_address = info->si_addr;
    siglongjmp(*fault_jump, 1);
  }
  // Not ours: hand it to whoever was there before (or the default action).
  const struct sigaction& prev = sig == SIGSEGV ? previous_segv : previous_bus;
  if (prev.sa_flags & SA_SIGINFO) {
    prev.sa_sigaction(sig, info, context);
  } else if (prev.sa_handler != SIG_IGN && prev.sa_handler != SIG_DFL) {
    prev.sa_handler(sig);
  } else {
    ::signal(sig, SIG_DFL); // returning re-runs the faulting access: default action
  }
}

void install_fault_handler() {
  static std::once_flag once;
  std::call_once(once, [] {
    struct sigaction sa {};
    sa.sa_sigaction = &on_fault;
    sa.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigemptyset(&sa.sa_mask);
    ::sigaction(SIGSEGV, &sa, &previous_segv);
    ::sigaction(SIGBUS, &sa, &previous_bus);
  });
}

// ---- fibers for threadgroups with barriers.
constexpr size_t fiber_stack_size = 256 * 1024;

struct Fiber {
  ucontext_t context;
  void* stack = nullptr;
  enum class State { running, at_barrier, done } state = State::running;
};

struct Group {
  ucontext_t scheduler;
  std::vector<Fiber> fibers; // stacks reused across groups and dispatches
  std::vector<mxemu_Launch> launches;
  const mxemu_Entry* entry = nullptr;
  size_t current = 0;
  mxemu_Hooks hooks{};

  ~Group() {
    for (auto& f : fibers) ::munmap(f.stack, fiber_stack_size);
  }
  void reserve(size_t n) {
    while (fibers.size() < n) {
      void* s = ::mmap(nullptr, fiber_stack_size, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
      if (s == MAP_FAILED) throw std::bad_alloc();
      fibers.emplace_back();
      fibers.back().stack = s;
    }
  }
};

thread_local Group* running_group = nullptr;

void fiber_main() {
  Group& g = *running_group;
  size_t i = g.current;
  g.entry->run(&g.launches[i]);
  g.fibers[i].state = Fiber::State::done; // returns to g.scheduler (uc_link)
}

void fiber_barrier(void* self) {
  auto& g = *static_cast<Group*>(self);
  Fiber& f = g.fibers[g.current];
  f.state = Fiber::State::at_barrier;
  ::swapcontext(&f.context, &g.scheduler);
}

void loop_barrier(void*) {
  // Only reached by a kernel of a library without barriers in its text.
}

Group& thread_group_state() {
  thread_local Group g;
  return g;
}

uint64_t ceil_div(uint64_t a, uint64_t b) { return (a + b - 1) / b; }

} // namespace

void run_dispatch(const mxemu_Table& table, const mxemu_Entry& entry, void* const* buffers,
                  api::Size3 grid_or_groups, api::Size3 group, bool uniform) {
  install_fault_handler();
  if (group.x * group.y * group.z == 0) return;
  const api::Size3 groups = uniform ? grid_or_groups
                                    : api::Size3{ceil_div(grid_or_groups.x, group.x),
                                                 ceil_div(grid_or_groups.y, group.y),
                                                 ceil_div(grid_or_groups.z, group.z)};
  const api::Size3 grid = uniform ? api::Size3{groups.x * group.x, groups.y * group.y,
                                               groups.z * group.z}
                                  : grid_or_groups;
  if (grid.x * grid.y * grid.z == 0) return;
  auto dim = [](uint64_t x, uint64_t y, uint64_t z) {
    return mxemu_dim3{unsigned(x), unsigned(y), unsigned(z)};
  };

  Group& g = thread_group_state();
  const bool fibers = entry.uses_barriers && group.x * group.y * group.z > 1;
  g.entry = &entry;
  g.hooks = fibers ? mxemu_Hooks{&fiber_barrier, &g} : mxemu_Hooks{&loop_barrier, nullptr};
  table.set_hooks(&g.hooks);

  sigjmp_buf jump;
  if (sigsetjmp(jump, 1) != 0) {
    fault_jump = nullptr;
    running_group = nullptr;
    std::string where = describe_guard_fault(fault_address);
    std::ostringstream msg;
    msg << "[metal::emulator] Kernel '" << entry.host_name << "' faulted: "
        << (where.empty() ? "invalid memory access" : "out-of-bounds access of " + where) << ".";
    throw std::runtime_error(msg.str());
  }
  fault_jump = &jump;

  for (uint64_t gz = 0; gz < groups.z; ++gz) {
    for (uint64_t gy = 0; gy < groups.y; ++gy) {
      for (uint64_t gx = 0; gx < groups.x; ++gx) {
        // This group's real size (partial at the grid's edges).
        const uint64_t sx = std::min(group.x, grid.x - gx * group.x);
        const uint64_t sy = std::min(group.y, grid.y - gy * group.y);
        const uint64_t sz = std::min(group.z, grid.z - gz * group.z);
        g.launches.clear();
        for (uint64_t z = 0; z < sz; ++z) {
          for (uint64_t y = 0; y < sy; ++y) {
            for (uint64_t x = 0; x < sx; ++x) {
              mxemu_Launch l;
              l.buffers = buffers;
              l.thread_position_in_grid =
                  dim(gx * group.x + x, gy * group.y + y, gz * group.z + z);
              l.threads_per_grid = dim(grid.x, grid.y, grid.z);
              l.thread_position_in_threadgroup = dim(x, y, z);
              l.threads_per_threadgroup = dim(sx, sy, sz);
              l.threadgroup_position_in_grid = dim(gx, gy, gz);
              l.threadgroups_per_grid = dim(groups.x, groups.y, groups.z);
              l.thread_index_in_threadgroup = unsigned(x + sx * (y + sy * z));
              g.launches.push_back(l);
            }
          }
        }
        if (!fibers) {
          for (auto& l : g.launches) entry.run(&l);
          continue;
        }
        const size_t n = g.launches.size();
        g.reserve(n);
        running_group = &g;
        for (size_t i = 0; i < n; ++i) {
          Fiber& f = g.fibers[i];
          f.state = Fiber::State::running;
          ::getcontext(&f.context);
          f.context.uc_stack.ss_sp = f.stack;
          f.context.uc_stack.ss_size = fiber_stack_size;
          f.context.uc_link = &g.scheduler;
          ::makecontext(&f.context, &fiber_main, 0);
        }
        // Phases between barriers: every live thread runs to its next
        // barrier (or its end) before any passes it.
        while (true) {
          size_t done = 0, waiting = 0;
          for (size_t i = 0; i < n; ++i) {
            Fiber& f = g.fibers[i];
            if (f.state == Fiber::State::done) continue;
            f.state = Fiber::State::running;
            g.current = i;
            ::swapcontext(&g.scheduler, &f.context);
          }
          for (size_t i = 0; i < n; ++i) {
            done += g.fibers[i].state == Fiber::State::done;
            waiting += g.fibers[i].state == Fiber::State::at_barrier;
          }
          if (done == n) break;
          if (done > 0 && waiting > 0) {
            fault_jump = nullptr;
            running_group = nullptr;
            throw std::runtime_error("[metal::emulator] Kernel '" + std::string(entry.host_name) +
                                     "': threadgroup_barrier was not reached by every thread "
                                     "of its threadgroup (it would hang on a GPU).");
          }
        }
        running_group = nullptr;
      }
    }
  }
  fault_jump = nullptr;
}

} // namespace mxcore::metal::emulator
