// Groups: the global group chosen by init(), the singleton group used when
// no engine runs, and the backend names MLX programs pass.
#include <cstring>
#include <mutex>
#include <optional>
#include <stdexcept>

#include "distributed/group_impl.h"
#include "distributed/nccl_group.h"

namespace mxcore::distributed {

namespace detail {
namespace {

// One process: every collective is a copy; there is nobody to talk to.
class SingletonGroup : public GroupImpl {
 public:
  int rank() const override { return 0; }
  int size() const override { return 1; }
  const char* backend() const override { return "singleton"; }
  std::shared_ptr<GroupImpl> split(int, int) override {
    throw std::runtime_error("Cannot split the distributed group further.");
  }
  void all_reduce(const array& in, array& out, ReduceOp) override { copy(in, out); }
  void all_gather(const array& in, array& out) override { copy(in, out); }
  void sum_scatter(const array& in, array& out) override { copy(in, out); }
  void send(const array&, int) override {
    throw std::invalid_argument("[send] Cannot send to a singleton group.");
  }
  void recv(array&, int) override {
    throw std::invalid_argument("[recv] Cannot recv from a singleton group.");
  }

 private:
  static void copy(const array& in, array& out) {
    if (in.nbytes() > 0 && in.raw_data() != out.raw_data()) {
      std::memcpy(out.raw_data(), in.raw_data(), in.nbytes());
    }
  }
};

std::mutex global_mutex;
std::optional<Group>& global_group() {
  static std::optional<Group> group;
  return group;
}

void check_backend(const std::string& backend) {
  for (const char* known : {"any", "mpi", "ring", "jaccl", "nccl"}) {
    if (backend == known) return;
  }
  throw std::invalid_argument(
      "[distributed] The only valid values for backend are 'any', 'mpi', 'nccl', 'jaccl' "
      "and 'ring' but '" + backend + "' was provided.");
}

} // namespace
} // namespace detail

int Group::rank() const { return impl_->rank(); }
int Group::size() const { return impl_->size(); }
Group Group::split(int color, int key) const { return Group(impl_->split(color, key)); }

bool is_available(const std::string& backend) {
  detail::check_backend(backend);
  if (backend == "any" || backend == "mpi") return detail::mpi_loadable();
  if (backend == "nccl") return detail::nccl_usable();
  return false; // ring and jaccl are not built into this library
}

Group init(bool strict, const std::string& backend) {
  detail::check_backend(backend);
  std::lock_guard<std::mutex> lock(detail::global_mutex);
  auto& global = detail::global_group();
  // A strict call after a fallback still has to find a real backend.
  if (global && (!strict || std::string(global->impl()->backend()) != "singleton")) {
    return *global;
  }
  std::string why;
  std::shared_ptr<detail::GroupImpl> impl;
  if (backend == "any" || backend == "mpi") {
    // "any" takes MPI only under an MPI launcher; "mpi" also runs alone.
    impl = detail::mpi_world(/*require_launcher=*/backend == "any", why);
  } else if (backend == "nccl") {
    impl = detail::nccl_world(why);
  } else {
    why = "the '" + backend + "' backend is not built into mxcore (MPI and NCCL are)";
  }
  if (!impl) {
    if (strict) {
      throw std::runtime_error("[distributed] Couldn't initialize " +
                               (backend == "any" ? std::string("any backend")
                                                 : "the '" + backend + "' backend") +
                               ": " + why + ".");
    }
    impl = std::make_shared<detail::SingletonGroup>();
  }
  global = Group(std::move(impl));
  return *global;
}

} // namespace mxcore::distributed
