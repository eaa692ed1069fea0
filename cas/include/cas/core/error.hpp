#pragma once
// The error model of docs/architecture.md ("Error model"): one root, one leaf per kind of failure.
// Messages are complete English sentences that users read. Every leaf says when it is thrown,
// whether the same call may succeed when retried, and what the on2 program does with it (exit
// codes as in docs/spec/language.md, "Command line").
//
// Thread safety: the types are ordinary exception values; an object is safe to read from any
// thread.

#include <stdexcept>
#include <string>

namespace cas {

// The root: catch it to handle every failure cas reports on purpose. Memory exhaustion stays
// std::bad_alloc.
class error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Mathematically impossible: division by zero, no such root, outside a function's domain.
// Retrying the same call fails again. on2 prints the message and exits with code 1 (a script)
// or goes on to the next statement (the prompt).
class math_error : public error {
 public:
  using error::error;
};

// Beyond what on2 represents: negative where a natural is needed, beyond ω^(ω^ω), or an α_p
// the table lacks (the message names the command that computes it). Retrying fails again unless
// the α_p table is extended. on2: exit code 3, or the next statement at the prompt.
class range_error : public error {
 public:
  using error::error;
};

// A size, depth or step limit of the context was exceeded; the message names the limit and its
// value. Retrying with a context whose limit is raised may succeed. on2: exit code 3, or the
// next statement at the prompt (`:set` raises a limit).
class limit_error : public error {
 public:
  using error::error;
};

// The computation was cancelled through the context's cancellation token (Ctrl-C). Not a
// limit_error: code that catches limits to try something cheaper must not swallow a request to
// stop. The partial work is discarded; the same call may be retried once the token is reset.
// on2: exit code 3 (a script), or back to the prompt with the session kept.
class interrupted_error : public error {
 public:
  interrupted_error() : error("The computation was interrupted.") {}
};

// An invariant of on2's own code failed: a bug in on2, never the caller's fault. Retrying fails
// again. on2 reports it like a math error (exit code 1) with the request to report it.
class internal_error : public error {
 public:
  explicit internal_error(const std::string& what)
      : error("on2 internal error: " + what + " This is a bug in on2: please report it.") {}
};

}  // namespace cas
