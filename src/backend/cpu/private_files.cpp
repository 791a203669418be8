#include "backend/cpu/private_files.h"

#include <fcntl.h>
#include <sys/random.h>
#include <sys/stat.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>

namespace mxcore::cpu {

std::string errno_text() { return std::strerror(errno); }

std::string mode_text(mode_t mode) {
  char buf[16];
  std::snprintf(buf, sizeof(buf), "%04o", unsigned(mode & 07777));
  return buf;
}

// "" if fd is a directory owned by this user that group and others cannot
// write; else why not (naming `path`).
std::string directory_problem(int fd, const std::string& path) {
  struct stat st;
  if (::fstat(fd, &st) != 0) return path + " cannot be examined: " + errno_text();
  if (!S_ISDIR(st.st_mode)) return path + " is not a directory";
  if (st.st_uid != ::geteuid()) {
    return path + " is owned by uid " + std::to_string(st.st_uid) + ", not by this user (uid " +
           std::to_string(::geteuid()) + ")";
  }
  if (st.st_mode & (S_IWGRP | S_IWOTH)) {
    return path + " is writable by group or others (mode " + mode_text(st.st_mode) + ")";
  }
  return "";
}

// Creates the missing directories of `path`, each 0700 whatever the umask.
void make_private_dirs(const std::string& path) {
  std::string prefix;
  size_t pos = 0;
  while (pos != std::string::npos) {
    pos = path.find('/', pos + 1);
    prefix = path.substr(0, pos);
    if (prefix.empty()) continue;
    if (::mkdir(prefix.c_str(), 0700) == 0) ::chmod(prefix.c_str(), 0700);
  }
}

bool read_all(int fd, std::string& out, uint64_t limit) {
  out.clear();
  char buf[1 << 16];
  while (true) {
    ssize_t n = ::read(fd, buf, sizeof(buf));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return false;
    if (n == 0) return true;
    out.append(buf, size_t(n));
    if (out.size() > limit) return false;
  }
}

bool write_all(int fd, std::string_view data) {
  while (!data.empty()) {
    ssize_t n = ::write(fd, data.data(), data.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    data.remove_prefix(size_t(n));
  }
  return true;
}

// Creates dir/name (which must not exist) as a 0600 file holding `data`.
bool write_private_file(int dir, const std::string& name, std::string_view data) {
  int fd = ::openat(dir, name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (fd < 0) return false;
  bool ok = ::fchmod(fd, 0600) == 0 && write_all(fd, data); // 0600 whatever the umask
  ok = ::close(fd) == 0 && ok;
  if (!ok) ::unlinkat(dir, name.c_str(), 0);
  return ok;
}

std::string random_bytes(size_t n) {
  std::string out(n, '\0');
  size_t got = 0;
  while (got < n) {
    ssize_t r = ::getrandom(out.data() + got, n - got, 0);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) return "";
    got += size_t(r);
  }
  return out;
}

// A name no other process or thread uses for its scratch files.
std::string scratch_name(const std::string& prefix) {
  static std::atomic<uint64_t> counter{0};
  auto r = random_bytes(4);
  char tail[9] = "00000000";
  if (r.size() == 4) {
    std::snprintf(tail, sizeof(tail), "%02x%02x%02x%02x", uint8_t(r[0]), uint8_t(r[1]),
                  uint8_t(r[2]), uint8_t(r[3]));
  }
  return prefix + std::to_string(::getpid()) + "-" + std::to_string(counter++) + "-" + tail;
}

} // namespace mxcore::cpu
