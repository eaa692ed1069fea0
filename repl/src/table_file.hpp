#pragma once
// The α_p table file on disk (on2 --compute-alpha, --check-alpha): read only when it is a regular
// file, locked against concurrent runs, and replaced whole, never written in place, so neither an
// interruption nor a full disk nor a planted symbolic link can damage it or anything else.
// Failures are std::runtime_error with the reason (strerror): I/O errors, exit code 4.

#include <functional>
#include <string>

namespace on2 {

// The contents of the regular file `path` (a symbolic link to one is followed); refuses devices,
// FIFOs and directories, which could hang or never end.
std::string read_regular_file(const std::string& path);

// An exclusive lock held for a whole run on the directory of `path` (flock), so that two runs on
// the same table do not lose each other's work: a lock file would stay behind, and the table
// file itself is replaced by a rename, so its inode cannot carry the lock. While another run
// holds it, `on_wait` is called once and the lock is retried every 0.1 s; `poll` is called
// between the retries (it throws to stop waiting, e.g. on Ctrl-C).
class table_lock {
 public:
  table_lock(const std::string& path, const std::function<void()>& on_wait,
             const std::function<void()>& poll);
  ~table_lock();
  table_lock(const table_lock&) = delete;
  table_lock& operator=(const table_lock&) = delete;

 private:
  int directory_ = -1;
};

// Throws unless `path` is a regular file or does not exist yet (a symbolic link, a device such as
// /dev/null or a directory is refused: renaming over it would replace it).
void require_replaceable(const std::string& path);

// Replaces `path` by `contents`: a new file with a random name (O_CREAT | O_EXCL, so nothing
// planted is followed) in the same directory, every write checked, fsync and close checked,
// then renamed over `path`. The asynchronous stop signals are held back while the temporary file
// exists, and it is removed on every failure, so none is ever left behind.
void replace_file(const std::string& path, const std::string& contents);

}  // namespace on2
