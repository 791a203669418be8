// io::FileReader and io::FileWriter: POSIX file descriptors, so that
// positioned reads (pread) do not disturb the sequential position.
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <stdexcept>

#include "mxcore/io.h"

namespace mxcore::io {

namespace {

[[noreturn]] void short_read(size_t n, const std::string& label) {
  throw std::runtime_error("[read] Unable to read " + std::to_string(n) +
                           " bytes from file " + label + ".");
}

} // namespace

FileReader::FileReader(std::string path) : path_(std::move(path)) {
  fd_ = ::open(path_.c_str(), O_RDONLY);
}

FileReader::~FileReader() {
  if (fd_ >= 0) ::close(fd_);
}

void FileReader::read(char* data, size_t n) {
  read(data, n, pos_);
  pos_ += n;
}

void FileReader::read(char* data, size_t n, size_t offset) {
  size_t done = 0;
  while (done < n) {
    ssize_t got = ::pread(fd_, data + done, n - done, static_cast<off_t>(offset + done));
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) short_read(n, path_);
    done += static_cast<size_t>(got);
  }
}

FileWriter::FileWriter(std::string path) : path_(std::move(path)) {
  fd_ = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
}

FileWriter::~FileWriter() {
  if (fd_ >= 0) ::close(fd_);
}

void FileWriter::write(const char* data, size_t n) {
  size_t done = 0;
  while (done < n) {
    ssize_t put = ::write(fd_, data + done, n - done);
    if (put < 0 && errno == EINTR) continue;
    if (put <= 0) {
      throw std::runtime_error("[write] Unable to write " + std::to_string(n) +
                               " bytes to file " + path_ + ".");
    }
    done += static_cast<size_t>(put);
  }
}

} // namespace mxcore::io
