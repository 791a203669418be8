#include "backend/cpu/kernel_cache.h"

#include <dirent.h>
#include <dlfcn.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <vector>

#include "backend/cpu/elf_check.h"
#include "backend/cpu/jit_warning.h"
#include "backend/cpu/private_files.h"
#include "backend/cpu/sha256.h"

namespace mxcore::cpu {

namespace fs = std::filesystem;

namespace {

constexpr std::string_view entry_magic = "MXCORE-KERNEL-1\n";
constexpr size_t digest_size = 32;
constexpr size_t header_size = entry_magic.size() + digest_size;
constexpr size_t key_size = 32;
constexpr uint64_t max_entry_bytes = uint64_t(1) << 30;
constexpr const char* kernels_subdir = "kernels";
// Scratch files of crashed processes are removed once this old.
constexpr auto stale_scratch_age = std::chrono::hours(1);
constexpr const char* handoff_prefix = ".handoff-";

// The cache directories, opened and checked for one use.
struct CacheDirs {
  Fd root;
  Fd kernels;
  std::string kernels_path;
  std::string key;
};

// Reads root/key into *key, creating it first if absent; "" on success.
std::string load_key(int root, const std::string& root_path, std::string* key) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    Fd fd(::openat(root, "key", O_RDONLY | O_NOFOLLOW | O_CLOEXEC));
    if (fd.ok()) {
      struct stat st;
      if (::fstat(fd.get(), &st) != 0 || !S_ISREG(st.st_mode) || st.st_uid != ::geteuid() ||
          (st.st_mode & 077) != 0) {
        return root_path + "/key is not a private file of this user";
      }
      if (read_all(fd.get(), *key, key_size) && key->size() == key_size) return "";
      ::unlinkat(root, "key", 0); // damaged: a new key only invalidates the entries
      continue;
    }
    if (errno != ENOENT) return root_path + "/key cannot be opened: " + errno_text();
    auto fresh = random_bytes(key_size);
    if (fresh.empty()) return "no random bytes for a key: " + errno_text();
    // Written aside, then linked: a concurrent process's key is never replaced.
    auto tmp = scratch_name(".key-");
    if (!write_private_file(root, tmp, fresh)) {
      return root_path + "/key cannot be written: " + errno_text();
    }
    ::linkat(root, tmp.c_str(), root, "key", 0);
    ::unlinkat(root, tmp.c_str(), 0);
  }
  return root_path + "/key cannot be created";
}

// Opens and checks root_path and its kernels directory; "" on success.
std::string open_dirs(const std::string& root_path, CacheDirs& out) {
  make_private_dirs(root_path);
  out.root = Fd(::open(root_path.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (!out.root.ok()) return root_path + " cannot be opened: " + errno_text();
  if (auto why = directory_problem(out.root.get(), root_path); !why.empty()) return why;
  auto kernels_path = root_path + "/" + kernels_subdir;
  if (::mkdirat(out.root.get(), kernels_subdir, 0700) == 0) {
    Fd created(::openat(out.root.get(), kernels_subdir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW));
    if (created.ok()) ::fchmod(created.get(), 0700);
  }
  struct stat st;
  if (::fstatat(out.root.get(), kernels_subdir, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
      S_ISLNK(st.st_mode)) {
    return kernels_path + " is a symbolic link";
  }
  out.kernels = Fd(::openat(out.root.get(), kernels_subdir,
                            O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
  if (!out.kernels.ok()) return kernels_path + " cannot be opened: " + errno_text();
  if (auto why = directory_problem(out.kernels.get(), kernels_path); !why.empty()) return why;
  out.kernels_path = kernels_path;
  return load_key(out.root.get(), root_path, &out.key);
}

struct PrivateRoot {
  std::string path;
  pid_t owner; // a forked child exiting must not remove its parent's cache
};
std::vector<PrivateRoot>& private_roots() {
  static auto* roots = new std::vector<PrivateRoot>(); // never destroyed: used at exit
  return *roots;
}

void remove_private_roots() {
  std::error_code ec;
  for (auto& r : private_roots()) {
    if (r.owner == ::getpid()) fs::remove_all(r.path, ec);
  }
}

// A fresh 0700 directory under $TMPDIR (or /tmp) that no one else can have
// prepared, removed at exit; "" if none can be made.
std::string make_private_root() {
  const char* tmp = std::getenv("TMPDIR");
  std::string base = tmp && tmp[0] == '/' ? tmp : "/tmp";
  std::string templ = base + "/mxcore-cache-XXXXXX";
  if (!::mkdtemp(templ.data())) {
    templ = "/tmp/mxcore-cache-XXXXXX";
    if (!::mkdtemp(templ.data())) return "";
  }
  ::chmod(templ.c_str(), 0700);
  if (private_roots().empty()) std::atexit(remove_private_roots);
  private_roots().push_back({templ, ::getpid()});
  return templ;
}

// The configured root, or "" when there is no HOME to put it in.
std::string configured_root() {
  if (const char* d = std::getenv("MXCORE_CACHE_DIR"); d && *d) return d;
  if (const char* x = std::getenv("XDG_CACHE_HOME"); x && *x) return std::string(x) + "/mxcore";
  if (const char* h = std::getenv("HOME"); h && *h) return std::string(h) + "/.cache/mxcore";
  return "";
}

struct CacheState {
  std::mutex mtx;
  bool chosen = false;
  std::string root_path;
};
CacheState& cache_state() {
  static auto* s = new CacheState(); // never destroyed: kernels may load at exit
  return *s;
}

// Opens the cache for one use (caller holds the state mutex), replacing an
// unsafe root by a private one with one warning. False if none is usable.
bool open_checked(CacheState& s, CacheDirs& dirs) {
  if (!s.chosen) {
    s.root_path = configured_root();
    std::error_code ec;
    if (!s.root_path.empty()) { // a later chdir must not move the cache
      auto absolute = fs::absolute(s.root_path, ec);
      if (!ec) s.root_path = absolute.string();
    }
    if (s.root_path.empty()) s.root_path = make_private_root();
    s.chosen = true;
  }
  if (s.root_path.empty()) return false;
  auto why = open_dirs(s.root_path, dirs);
  if (why.empty()) return true;
  auto refused = s.root_path;
  s.root_path = make_private_root();
  jit_warn_once("unsafe-cache-dir",
                "refusing the kernel cache " + refused + ": " + why +
                    "; kernels are cached in the private directory " +
                    (s.root_path.empty() ? std::string("(none could be made)") : s.root_path) +
                    " for this process instead.");
  if (s.root_path.empty()) return false;
  dirs = CacheDirs();
  return open_dirs(s.root_path, dirs).empty();
}

Digest256 entry_digest(const std::string& key, const std::string& name, std::string_view object) {
  // The name is authenticated too: a valid entry cannot stand in for another.
  return hmac_sha256(key, {entry_magic, name, std::string_view("\0", 1), object});
}

// dlopens a private copy of verified bytes: what is loaded is what was
// checked, whatever happens to the cache file meanwhile.
void* load_private_copy(const CacheDirs& dirs, std::string_view object, std::string* error) {
  auto name = scratch_name(".load-") + ".so";
  if (!write_private_file(dirs.kernels.get(), name, object)) {
    *error = "cannot write a private copy in " + dirs.kernels_path + ": " + errno_text();
    return nullptr;
  }
  // Through the checked directory's descriptor, not its path; the file name
  // is unique for the life of the process, as dlopen matches loaded names.
  static const bool proc_fd = ::access("/proc/self/fd", X_OK) == 0;
  auto path = (proc_fd ? "/proc/self/fd/" + std::to_string(dirs.kernels.get())
                       : dirs.kernels_path) +
              "/" + name;
  void* lib = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    const char* e = ::dlerror();
    *error = e ? e : "dlopen failed";
  }
  ::unlinkat(dirs.kernels.get(), name.c_str(), 0);
  return lib;
}

double cache_cap_bytes() {
  if (const char* env = std::getenv("MXCORE_CACHE_MAX_MB"); env && *env) {
    char* end = nullptr;
    double mb = std::strtod(env, &end);
    if (end != env && *end == '\0' && mb >= 0) return mb * 1024 * 1024;
  }
  return 1024.0 * 1024 * 1024;
}

bool is_scratch(const std::string& name) {
  return name.rfind(".tmp-", 0) == 0 || name.rfind(".load-", 0) == 0 ||
         name.rfind(".build-", 0) == 0 || name.rfind(handoff_prefix, 0) == 0;
}

struct EntryFile {
  std::string name;
  uint64_t size;
  int64_t mtime_ns;
};

// Calls visit(name, st) for each file of the kernels directory (its lstat).
template <typename Visit>
void for_each_file(const CacheDirs& dirs, Visit&& visit) {
  // A descriptor of its own: reading must not move the shared one's offset.
  int fd = ::openat(dirs.kernels.get(), ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  DIR* dir = ::fdopendir(fd);
  if (!dir) {
    ::close(fd);
    return;
  }
  while (auto* e = ::readdir(dir)) {
    std::string name = e->d_name;
    if (name == "." || name == "..") continue;
    struct stat st;
    if (::fstatat(dirs.kernels.get(), name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) continue;
    visit(name, st);
  }
  ::closedir(dir);
}

// Lists the entries, removing scratch files of crashed processes on the way
// (and every entry too if remove_entries).
std::vector<EntryFile> scan_entries(const CacheDirs& dirs, bool remove_entries) {
  std::vector<EntryFile> entries;
  auto now_ns = std::chrono::duration_cast<std::chrono::nanoseconds>(
                    std::chrono::system_clock::now().time_since_epoch())
                    .count();
  auto stale_ns = std::chrono::duration_cast<std::chrono::nanoseconds>(stale_scratch_age).count();
  for_each_file(dirs, [&](const std::string& name, const struct stat& st) {
    int64_t mtime_ns = int64_t(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
    if (name[0] == '.') {
      if (is_scratch(name) && now_ns - mtime_ns > stale_ns) {
        std::error_code ec;
        fs::remove_all(dirs.kernels_path + "/" + name, ec);
      }
      return;
    }
    if (S_ISDIR(st.st_mode)) return;
    if (remove_entries) {
      ::unlinkat(dirs.kernels.get(), name.c_str(), 0);
      return;
    }
    // Compiler --version probes (a few hundred bytes, one per compiler binary)
    // stay out of the size cap: clearing removes them, eviction does not.
    const bool probe = name.size() > 6 && name.compare(name.size() - 6, 6, ".probe") == 0;
    if (S_ISREG(st.st_mode) && !probe) entries.push_back({name, uint64_t(st.st_size), mtime_ns});
  });
  return entries;
}

// Deletes the least recently used entries until the cap holds; `keep` (the
// entry just written) stays.
void evict(const CacheDirs& dirs, const std::string& keep) {
  auto entries = scan_entries(dirs, false);
  double total = 0;
  for (auto& e : entries) total += double(e.size);
  double cap = cache_cap_bytes();
  if (total <= cap) return;
  std::sort(entries.begin(), entries.end(),
            [](const EntryFile& a, const EntryFile& b) { return a.mtime_ns < b.mtime_ns; });
  for (auto& e : entries) {
    if (total <= cap) break;
    if (e.name == keep) continue;
    if (::unlinkat(dirs.kernels.get(), e.name.c_str(), 0) == 0) total -= double(e.size);
  }
}

// Deletes entry `name` if it is still the file `opened` (not a fresh one a
// concurrent process renamed into place meanwhile).
void remove_entry(const CacheDirs& dirs, const std::string& name, const struct stat& opened) {
  struct stat now;
  if (::fstatat(dirs.kernels.get(), name.c_str(), &now, AT_SYMLINK_NOFOLLOW) == 0 &&
      now.st_dev == opened.st_dev && now.st_ino == opened.st_ino) {
    ::unlinkat(dirs.kernels.get(), name.c_str(), 0);
  }
}

} // namespace

std::string kernel_entry_name(const std::string& stem,
                              std::initializer_list<std::string_view> identity) {
  Sha256 h;
  for (auto part : identity) {
    uint64_t n = part.size(); // length-prefixed: no two part lists hash alike
    h.update(&n, sizeof(n));
    h.update(part);
  }
  std::string clean;
  for (char c : stem) {
    if (clean.size() == 48) break;
    bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    clean += plain ? c : '_';
  }
  return (clean.empty() ? "kernel" : clean) + "-" + to_hex(h.finish()) + ".kernel";
}

void* kernel_cache_load(const std::string& name, const std::string& symbol,
                        std::string* rejected) {
  auto& s = cache_state();
  std::lock_guard lock(s.mtx);
  CacheDirs dirs;
  if (!open_checked(s, dirs)) return nullptr;
  Fd fd(::openat(dirs.kernels.get(), name.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC));
  if (!fd.ok()) {
    if (errno == ENOENT) return nullptr;
    *rejected = "it cannot be opened as a plain file (" + errno_text() + ")";
    ::unlinkat(dirs.kernels.get(), name.c_str(), 0);
    return nullptr;
  }
  struct stat st;
  if (::fstat(fd.get(), &st) != 0) return nullptr;
  auto reject = [&](const std::string& why) -> void* {
    *rejected = why;
    remove_entry(dirs, name, st);
    return nullptr;
  };
  if (!S_ISREG(st.st_mode)) return reject("it is not a regular file");
  if (st.st_uid != ::geteuid()) return reject("it is owned by another user");
  if (uint64_t(st.st_size) > max_entry_bytes) return reject("it is too large");
  // read(), not mmap: a file truncated under us cannot raise SIGBUS.
  std::string data;
  if (!read_all(fd.get(), data, max_entry_bytes)) return reject("it cannot be read");
  if (data.size() < header_size) return reject("it is truncated");
  if (std::string_view(data).substr(0, entry_magic.size()) != entry_magic) {
    return reject("it is not a kernel cache entry");
  }
  std::string_view object = std::string_view(data).substr(header_size);
  auto expected = entry_digest(dirs.key, name, object);
  if (!digests_equal(expected.data(),
                     reinterpret_cast<const uint8_t*>(data.data()) + entry_magic.size(),
                     digest_size)) {
    return reject("its digest does not match its contents (modified, truncated or planted)");
  }
  if (auto why = shared_object_problem(object, symbol); !why.empty()) return reject("it is " + why);
  std::string error;
  void* lib = load_private_copy(dirs, object, &error);
  if (!lib) return reject("it cannot be loaded: " + error);
  ::futimens(fd.get(), nullptr); // recently used: evicted last
  return lib;
}

void* kernel_cache_store(const std::string& name, const std::string& object,
                         const std::string& symbol, std::string* error) {
  auto& s = cache_state();
  std::lock_guard lock(s.mtx);
  CacheDirs dirs;
  if (!open_checked(s, dirs)) {
    *error = "no usable kernel cache directory";
    return nullptr;
  }
  if (auto why = shared_object_problem(object, symbol); !why.empty()) {
    *error = "the compiler output is " + why;
    return nullptr;
  }
  auto digest = entry_digest(dirs.key, name, object);
  std::string entry;
  entry.reserve(header_size + object.size());
  entry.append(entry_magic);
  entry.append(reinterpret_cast<const char*>(digest.data()), digest.size());
  entry.append(object);
  auto tmp = scratch_name(".tmp-");
  if (!write_private_file(dirs.kernels.get(), tmp, entry)) {
    *error = "cannot write to " + dirs.kernels_path + ": " + errno_text();
    return nullptr;
  }
  if (::renameat(dirs.kernels.get(), tmp.c_str(), dirs.kernels.get(), name.c_str()) != 0) {
    *error = "cannot rename an entry in " + dirs.kernels_path + ": " + errno_text();
    ::unlinkat(dirs.kernels.get(), tmp.c_str(), 0);
    return nullptr;
  }
  void* lib = load_private_copy(dirs, object, error);
  evict(dirs, name);
  return lib;
}

namespace {
std::string make_dir_in_cache(const std::string& prefix, bool outlives_process) {
  auto& s = cache_state();
  std::lock_guard lock(s.mtx);
  CacheDirs dirs;
  if (!open_checked(s, dirs)) return "";
  if (outlives_process) {
    // A private root is removed at exit: nothing in it outlives the process.
    for (auto& r : private_roots()) {
      if (r.path == s.root_path) return "";
    }
  }
  std::string templ = dirs.kernels_path + "/" + scratch_name(prefix) + "-XXXXXX";
  if (!::mkdtemp(templ.data())) return "";
  ::chmod(templ.c_str(), 0700);
  return templ;
}
} // namespace

std::string kernel_cache_make_build_dir() { return make_dir_in_cache(".build-", false); }

std::string kernel_cache_make_handoff_dir() { return make_dir_in_cache(handoff_prefix, true); }

std::vector<std::string> kernel_cache_handoff_dirs() {
  auto& s = cache_state();
  std::lock_guard lock(s.mtx);
  std::vector<std::string> found;
  CacheDirs dirs;
  if (!open_checked(s, dirs)) return found;
  for_each_file(dirs, [&](const std::string& name, const struct stat& st) {
    // Only what this user made as its own: a private directory, no link.
    if (name.rfind(handoff_prefix, 0) == 0 && S_ISDIR(st.st_mode) && st.st_uid == ::geteuid() &&
        (st.st_mode & 077) == 0) {
      found.push_back(dirs.kernels_path + "/" + name);
    }
  });
  return found;
}

void kernel_cache_remove_build_dir(const std::string& path) {
  std::error_code ec;
  if (!path.empty()) fs::remove_all(path, ec);
}

std::string kernel_cache_keep(const std::string& file_path, const std::string& kept_name) {
  auto& s = cache_state();
  std::lock_guard lock(s.mtx);
  CacheDirs dirs;
  if (!open_checked(s, dirs)) return "";
  if (::chmod(file_path.c_str(), 0600) != 0 ||
      ::renameat(AT_FDCWD, file_path.c_str(), dirs.kernels.get(), kept_name.c_str()) != 0) {
    return "";
  }
  return dirs.kernels_path + "/" + kept_name;
}

std::string kernel_cache_directory() {
  auto& s = cache_state();
  std::lock_guard lock(s.mtx);
  CacheDirs dirs;
  return open_checked(s, dirs) ? dirs.kernels_path : "";
}

void clear_kernel_cache() {
  auto& s = cache_state();
  std::lock_guard lock(s.mtx);
  CacheDirs dirs;
  if (open_checked(s, dirs)) scan_entries(dirs, true);
}

bool kernel_cache_read_blob(const std::string& name, std::string* bytes) {
  auto& s = cache_state();
  std::lock_guard lock(s.mtx);
  CacheDirs dirs;
  if (!open_checked(s, dirs)) return false;
  Fd fd(::openat(dirs.kernels.get(), name.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC));
  if (!fd.ok()) {
    if (errno != ENOENT) ::unlinkat(dirs.kernels.get(), name.c_str(), 0);
    return false;
  }
  struct stat st;
  if (::fstat(fd.get(), &st) != 0) return false;
  std::string data;
  bool ok = S_ISREG(st.st_mode) && st.st_uid == ::geteuid() &&
            uint64_t(st.st_size) <= max_entry_bytes && read_all(fd.get(), data, max_entry_bytes) &&
            data.size() >= header_size &&
            std::string_view(data).substr(0, entry_magic.size()) == entry_magic;
  if (ok) {
    std::string_view object = std::string_view(data).substr(header_size);
    auto expected = entry_digest(dirs.key, name, object);
    ok = digests_equal(expected.data(),
                       reinterpret_cast<const uint8_t*>(data.data()) + entry_magic.size(),
                       digest_size);
    if (ok) bytes->assign(object);
  }
  if (!ok) {
    remove_entry(dirs, name, st);
    return false;
  }
  ::futimens(fd.get(), nullptr);
  return true;
}

bool kernel_cache_write_blob(const std::string& name, const std::string& bytes) {
  auto& s = cache_state();
  std::lock_guard lock(s.mtx);
  CacheDirs dirs;
  if (!open_checked(s, dirs)) return false;
  auto digest = entry_digest(dirs.key, name, bytes);
  std::string entry;
  entry.reserve(header_size + bytes.size());
  entry.append(entry_magic);
  entry.append(reinterpret_cast<const char*>(digest.data()), digest.size());
  entry.append(bytes);
  auto tmp = scratch_name(".tmp-");
  if (!write_private_file(dirs.kernels.get(), tmp, entry)) return false;
  if (::renameat(dirs.kernels.get(), tmp.c_str(), dirs.kernels.get(), name.c_str()) != 0) {
    ::unlinkat(dirs.kernels.get(), tmp.c_str(), 0);
    return false;
  }
  evict(dirs, name);
  return true;
}

} // namespace mxcore::cpu
