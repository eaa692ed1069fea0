#include "table_file.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <ctime>
#include <stdexcept>
#include <vector>

namespace on2 {
namespace {

std::string quoted(const std::string& path) {
  return "'" + path + "'";
}

[[noreturn]] void fail(const std::string& what, int error_number) {
  throw std::runtime_error(what + ": " + std::strerror(error_number) + ".");
}

std::string directory_of(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

std::string base_name_of(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

const char* kind_of_file(mode_t mode) {
  if (S_ISLNK(mode)) return "a symbolic link";
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

// Holds back the signals that would end the process (Ctrl-C only sets a flag in on2, but a
// SIGTERM, SIGHUP or SIGXFSZ would kill it) while a temporary file exists; pending ones arrive
// when it is gone.
class stop_signals_held {
 public:
  stop_signals_held() {
    sigset_t held;
    sigemptyset(&held);
    for (int s : {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGXFSZ}) sigaddset(&held, s);
    pthread_sigmask(SIG_BLOCK, &held, &previous_);
  }
  ~stop_signals_held() { pthread_sigmask(SIG_SETMASK, &previous_, nullptr); }
  stop_signals_held(const stop_signals_held&) = delete;
  stop_signals_held& operator=(const stop_signals_held&) = delete;

 private:
  sigset_t previous_;
};

// The temporary file, removed unless it was renamed into place.
class temporary_file {
 public:
  explicit temporary_file(const std::string& target) {
    std::string name = directory_of(target) + "/." + base_name_of(target) + ".XXXXXX";
    std::vector<char> buffer(name.begin(), name.end());
    buffer.push_back('\0');
    descriptor_ = mkostemp(buffer.data(), O_CLOEXEC);  // O_CREAT | O_EXCL, a random name, 0600
    if (descriptor_ < 0) fail("Cannot create a temporary file next to " + quoted(target), errno);
    path_ = buffer.data();
  }
  ~temporary_file() {
    if (descriptor_ >= 0) ::close(descriptor_);
    if (!path_.empty()) ::unlink(path_.c_str());
  }
  temporary_file(const temporary_file&) = delete;
  temporary_file& operator=(const temporary_file&) = delete;

  int descriptor() const { return descriptor_; }
  const std::string& path() const { return path_; }
  void close() {
    const int descriptor = descriptor_;
    descriptor_ = -1;
    if (::close(descriptor) != 0) fail("Cannot write the temporary file " + quoted(path_), errno);
  }
  void renamed() { path_.clear(); }

 private:
  int descriptor_ = -1;
  std::string path_;
};

}  // namespace

std::string read_regular_file(const std::string& path) {
  const int descriptor = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (descriptor < 0) fail("Cannot read the α_p table " + quoted(path), errno);
  struct stat status {};
  std::string contents;
  try {
    if (::fstat(descriptor, &status) != 0) fail("Cannot read the α_p table " + quoted(path), errno);
    if (!S_ISREG(status.st_mode)) {
      throw std::runtime_error("The α_p table " + quoted(path) + " is " +
                               kind_of_file(status.st_mode) + ", not a regular file.");
    }
    char buffer[65536];
    for (;;) {
      const ssize_t got = ::read(descriptor, buffer, sizeof buffer);
      if (got < 0 && errno == EINTR) continue;
      if (got < 0) fail("Cannot read the α_p table " + quoted(path), errno);
      if (got == 0) break;
      contents.append(buffer, static_cast<std::size_t>(got));
    }
  } catch (...) {
    ::close(descriptor);
    throw;
  }
  ::close(descriptor);
  return contents;
}

table_lock::table_lock(const std::string& path, const std::function<void()>& on_wait,
                       const std::function<void()>& poll) {
  const std::string directory = directory_of(path);
  directory_ = ::open(directory.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (directory_ < 0)
    fail("Cannot open the directory " + quoted(directory) + " to lock the table", errno);
  bool waited = false;
  while (::flock(directory_, LOCK_EX | LOCK_NB) != 0) {
    const int error_number = errno;
    if (error_number != EWOULDBLOCK && error_number != EINTR) {
      ::close(directory_);
      fail("Cannot lock the directory " + quoted(directory) + " of the table", error_number);
    }
    if (!waited && on_wait) on_wait();
    waited = true;
    try {
      if (poll) poll();
    } catch (...) {
      ::close(directory_);
      throw;
    }
    const timespec pause{0, 100'000'000};
    nanosleep(&pause, nullptr);
  }
}

table_lock::~table_lock() {
  ::close(directory_);
}  // closing releases the flock

void require_replaceable(const std::string& path) {
  struct stat status {};
  if (::lstat(path.c_str(), &status) != 0) {
    if (errno == ENOENT) return;
    fail("Cannot examine " + quoted(path), errno);
  }
  if (!S_ISREG(status.st_mode)) {
    throw std::runtime_error("The α_p table " + quoted(path) + " is " +
                             kind_of_file(status.st_mode) +
                             "; on2 writes the table only to a regular file or a new path (it "
                             "replaces the file by a rename, which would replace " +
                             kind_of_file(status.st_mode) + " itself).");
  }
}

void replace_file(const std::string& path, const std::string& contents) {
  require_replaceable(path);
  struct stat existing {};
  const mode_t mode = ::stat(path.c_str(), &existing) == 0 ? (existing.st_mode & 0777) : 0644;
  const stop_signals_held held;
  temporary_file temporary(path);
  const std::string writing = "Cannot write the α_p table to " + quoted(temporary.path());
  if (::fchmod(temporary.descriptor(), mode) != 0) fail(writing, errno);
  for (std::size_t written = 0; written < contents.size();) {
    const ssize_t done =
        ::write(temporary.descriptor(), contents.data() + written, contents.size() - written);
    if (done < 0 && errno == EINTR) continue;
    if (done < 0) fail(writing, errno);
    written += static_cast<std::size_t>(done);
  }
  if (::fsync(temporary.descriptor()) != 0) fail(writing, errno);
  temporary.close();
  if (::rename(temporary.path().c_str(), path.c_str()) != 0) {
    fail("Cannot replace " + quoted(path) + " by " + quoted(temporary.path()), errno);
  }
  temporary.renamed();
  // The rename itself is durable once the directory is synced (where the file system can).
  const int directory = ::open(directory_of(path).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (directory >= 0) {
    const int synced = ::fsync(directory), error_number = errno;
    ::close(directory);
    if (synced != 0 && error_number != EINVAL)
      fail("Cannot sync the directory of " + quoted(path), error_number);
  }
}

}  // namespace on2
