// The NCCL rank bootstrap: the launch environment, and the rendezvous that
// hands rank 0's ncclUniqueId to every rank (a TCP server on rank 0, or an
// MPI all-gather under mpiexec).
#include "distributed/nccl_bootstrap.h"

#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <set>
#include <stdexcept>
#include <thread>
#include <utility>
#include <vector>

namespace mxcore::distributed::detail {

namespace {

using Clock = std::chrono::steady_clock;

const char* env(const char* name) {
  const char* v = std::getenv(name);
  return v && *v ? v : nullptr;
}

long parse_int(const char* name, const char* text, long lo, long hi) {
  char* end = nullptr;
  errno = 0;
  long v = std::strtol(text, &end, 10);
  if (errno != 0 || end == text || *end != '\0' || v < lo || v > hi) {
    throw std::invalid_argument("[distributed] " + std::string(name) + "='" + text +
                                "' must be an integer from " + std::to_string(lo) + " to " +
                                std::to_string(hi) + ".");
  }
  return v;
}

// A socket closed when it goes out of scope.
struct Socket {
  int fd = -1;
  explicit Socket(int f = -1) : fd(f) {}
  Socket(Socket&& o) noexcept : fd(o.fd) { o.fd = -1; }
  Socket& operator=(Socket&& o) noexcept {
    std::swap(fd, o.fd);
    return *this;
  }
  ~Socket() {
    if (fd >= 0) ::close(fd);
  }
};

struct Rendezvous {
  std::string where; // host:port, for messages
  Clock::time_point deadline;

  [[noreturn]] void fail(const std::string& what) const {
    throw std::runtime_error("[distributed] NCCL rendezvous at " + where + ": " + what + ".");
  }
  int remaining_ms() const {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    return left.count() > 0 ? static_cast<int>(left.count()) : 0;
  }
  void wait_for(int fd, short events, const char* what) const {
    pollfd p{fd, events, 0};
    int r = 0;
    do {
      r = ::poll(&p, 1, remaining_ms());
    } while (r < 0 && errno == EINTR);
    if (r == 0) fail(std::string("timed out ") + what + " (MXCORE_NCCL_TIMEOUT)");
    if (r < 0) fail(std::string(what) + ": " + std::strerror(errno));
  }
  void read_all(int fd, void* data, size_t n, const char* what) const {
    auto* p = static_cast<char*>(data);
    while (n > 0) {
      wait_for(fd, POLLIN, what);
      ssize_t got = ::recv(fd, p, n, 0);
      if (got < 0 && errno == EINTR) continue;
      if (got <= 0) fail(std::string(what) + ": the connection closed");
      p += got;
      n -= static_cast<size_t>(got);
    }
  }
  void write_all(int fd, const void* data, size_t n, const char* what) const {
    auto* p = static_cast<const char*>(data);
    while (n > 0) {
      wait_for(fd, POLLOUT, what);
      ssize_t put = ::send(fd, p, n, MSG_NOSIGNAL);
      if (put < 0 && errno == EINTR) continue;
      if (put <= 0) fail(std::string(what) + ": " + std::strerror(errno));
      p += put;
      n -= static_cast<size_t>(put);
    }
  }
  addrinfo* resolve(const NcclLaunch& l, bool passive) const {
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    if (passive) hints.ai_flags = AI_PASSIVE;
    addrinfo* found = nullptr;
    int r = ::getaddrinfo(l.host.c_str(), std::to_string(l.port).c_str(), &hints, &found);
    if (r != 0) fail(std::string("cannot resolve NCCL_HOST_IP: ") + ::gai_strerror(r));
    return found;
  }
};

// What a peer sends: who it is; what rank 0 answers: 0 and the id, or the
// world size it expects.
struct Hello {
  int32_t rank;
  int32_t size;
};
struct Answer {
  int32_t expected_size; // 0: accepted
  nccl::UniqueId id;
};

void serve(const NcclLaunch& l, const nccl::UniqueId& id, const Rendezvous& rv) {
  addrinfo* found = rv.resolve(l, /*passive=*/true);
  Socket server;
  std::string why = "no address";
  for (addrinfo* a = found; a; a = a->ai_next) {
    Socket s(::socket(a->ai_family, a->ai_socktype, a->ai_protocol));
    if (s.fd < 0) continue;
    int one = 1;
    ::setsockopt(s.fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
    if (::bind(s.fd, a->ai_addr, a->ai_addrlen) == 0 && ::listen(s.fd, l.size) == 0) {
      server = std::move(s);
      break;
    }
    why = std::strerror(errno);
  }
  ::freeaddrinfo(found);
  if (server.fd < 0) rv.fail("rank 0 cannot listen there: " + why);
  std::set<int> joined;
  while (static_cast<int>(joined.size()) < l.size - 1) {
    rv.wait_for(server.fd, POLLIN, "waiting for the other ranks to connect");
    Socket peer(::accept(server.fd, nullptr, nullptr));
    if (peer.fd < 0) continue;
    Hello hello{};
    rv.read_all(peer.fd, &hello, sizeof(hello), "reading a rank's greeting");
    Answer answer{};
    answer.id = id;
    if (hello.size != l.size) {
      answer.expected_size = l.size;
      rv.write_all(peer.fd, &answer, sizeof(answer), "answering a rank");
      rv.fail("rank " + std::to_string(hello.rank) + " has MLX_WORLD_SIZE=" +
              std::to_string(hello.size) + " but rank 0 has " + std::to_string(l.size));
    }
    if (hello.rank <= 0 || hello.rank >= l.size || !joined.insert(hello.rank).second) {
      rv.fail("rank " + std::to_string(hello.rank) + " connected twice or is out of range");
    }
    rv.write_all(peer.fd, &answer, sizeof(answer), "sending the NCCL id");
  }
}

nccl::UniqueId fetch(const NcclLaunch& l, const Rendezvous& rv) {
  std::string why = "no address";
  while (true) {
    addrinfo* found = rv.resolve(l, /*passive=*/false);
    for (addrinfo* a = found; a; a = a->ai_next) {
      Socket s(::socket(a->ai_family, a->ai_socktype, a->ai_protocol));
      if (s.fd < 0) continue;
      if (::connect(s.fd, a->ai_addr, a->ai_addrlen) != 0) {
        why = std::strerror(errno);
        continue;
      }
      ::freeaddrinfo(found);
      Hello hello{l.rank, l.size};
      rv.write_all(s.fd, &hello, sizeof(hello), "greeting rank 0");
      Answer answer{};
      rv.read_all(s.fd, &answer, sizeof(answer), "waiting for rank 0's NCCL id");
      if (answer.expected_size != 0) {
        rv.fail("rank 0 has MLX_WORLD_SIZE=" + std::to_string(answer.expected_size) +
                " but this rank has " + std::to_string(l.size));
      }
      return answer.id;
    }
    ::freeaddrinfo(found);
    // Rank 0 may not be listening yet.
    if (rv.remaining_ms() == 0) rv.fail("timed out connecting to rank 0 (" + why + ")");
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
}

} // namespace

NcclLaunch read_nccl_launch() {
  NcclLaunch l;
  if (const char* t = env("MXCORE_NCCL_TIMEOUT")) {
    char* end = nullptr;
    double v = std::strtod(t, &end);
    if (end == t || *end != '\0' || !(v > 0) || !std::isfinite(v)) {
      throw std::invalid_argument(std::string("[distributed] MXCORE_NCCL_TIMEOUT='") + t +
                                  "' must be a positive number of seconds.");
    }
    l.timeout_s = v;
  }
  const char* rank = env("MLX_RANK");
  const char* size = env("MLX_WORLD_SIZE");
  if (!rank && !size) {
    if (!launched_by_mpi()) return l; // alone: rank 0 of 1
    std::string why;
    l.mpi = mpi_world(/*require_launcher=*/true, why);
    if (!l.mpi) {
      // Each rank alone would be N worlds of one: say so instead.
      throw std::runtime_error("[distributed] The NCCL backend under an MPI launcher takes its "
                               "ranks from MPI, but " + why +
                               " (or set MLX_RANK, MLX_WORLD_SIZE, NCCL_HOST_IP, NCCL_PORT).");
    }
    l.source = NcclLaunch::Source::mpi;
    l.rank = l.mpi->rank();
    l.size = l.mpi->size();
    return l;
  }
  if (!rank || !size) {
    throw std::invalid_argument(
        std::string("[distributed] The NCCL backend needs both MLX_RANK and MLX_WORLD_SIZE, but "
                    "only ") +
        (rank ? "MLX_RANK" : "MLX_WORLD_SIZE") + " is set.");
  }
  l.source = NcclLaunch::Source::env;
  l.size = static_cast<int>(parse_int("MLX_WORLD_SIZE", size, 1, 1 << 20));
  l.rank = static_cast<int>(parse_int("MLX_RANK", rank, 0, l.size - 1));
  if (l.size == 1) return l;
  const char* host = env("NCCL_HOST_IP");
  const char* port = env("NCCL_PORT");
  if (!host || !port) {
    throw std::invalid_argument(
        "[distributed] The NCCL backend with MLX_WORLD_SIZE=" + std::to_string(l.size) +
        " needs rank 0's address in NCCL_HOST_IP and NCCL_PORT (" +
        (host ? "NCCL_PORT" : port ? "NCCL_HOST_IP" : "both") + " unset).");
  }
  l.host = host;
  l.port = static_cast<int>(parse_int("NCCL_PORT", port, 1, 65535));
  return l;
}

nccl::UniqueId share_unique_id(const NcclLaunch& l,
                               const std::function<nccl::UniqueId()>& make_id) {
  if (l.size == 1) return make_id();
  if (l.source == NcclLaunch::Source::mpi) {
    // Every rank contributes its bytes; rank 0's are the id.
    std::vector<uint8_t> mine(nccl::UniqueIdBytes, 0);
    if (l.rank == 0) {
      nccl::UniqueId id = make_id();
      std::memcpy(mine.data(), id.internal, sizeof(id.internal));
    }
    array in(mine.begin(), Shape{nccl::UniqueIdBytes}, uint8);
    array out(allocator::malloc(static_cast<size_t>(l.size) * nccl::UniqueIdBytes),
              Shape{l.size * nccl::UniqueIdBytes}, uint8);
    l.mpi->all_gather(in, out);
    nccl::UniqueId id{};
    std::memcpy(id.internal, out.raw_data(), sizeof(id.internal));
    return id;
  }
  Rendezvous rv;
  rv.where = l.host + ":" + std::to_string(l.port);
  rv.deadline = Clock::now() + std::chrono::milliseconds(static_cast<int64_t>(l.timeout_s * 1000));
  if (l.rank == 0) {
    nccl::UniqueId id = make_id();
    serve(l, id, rv);
    return id;
  }
  return fetch(l, rv);
}

} // namespace mxcore::distributed::detail
