// Files and directories only this user can touch: the kernel cache's
// building blocks (owner and mode checks, 0600 files created exclusively,
// unguessable scratch names).
#pragma once

#include <sys/types.h>
#include <unistd.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

namespace mxcore::cpu {

// Owns a file descriptor, closing it on destruction.
class Fd {
 public:
  explicit Fd(int fd = -1) : fd_(fd) {}
  Fd(Fd&& o) noexcept : fd_(o.fd_) { o.fd_ = -1; }
  Fd& operator=(Fd&& o) noexcept {
    std::swap(fd_, o.fd_);
    return *this;
  }
  Fd(const Fd&) = delete;
  ~Fd() {
    if (fd_ >= 0) ::close(fd_);
  }
  int get() const { return fd_; }
  bool ok() const { return fd_ >= 0; }

 private:
  int fd_;
};

std::string errno_text();
std::string mode_text(mode_t mode);

// "" if fd is a directory owned by this user that group and others cannot
// write; else why not (naming `path`).
std::string directory_problem(int fd, const std::string& path);

// Creates the missing directories of `path`, each 0700 whatever the umask.
void make_private_dirs(const std::string& path);

// Reads fd to its end into `out`; false on an error or past `limit` bytes.
bool read_all(int fd, std::string& out, uint64_t limit);
bool write_all(int fd, std::string_view data);

// Creates dir/name (which must not exist) as a 0600 file holding `data`.
bool write_private_file(int dir, const std::string& name, std::string_view data);

// n bytes from getrandom, or "" if it fails.
std::string random_bytes(size_t n);

// A name no other process or thread uses for its scratch files.
std::string scratch_name(const std::string& prefix);

} // namespace mxcore::cpu
