#pragma once
// The error model of docs/architecture.md: one root, one leaf per kind of failure.
// Messages are complete English sentences that users read.

#include <stdexcept>
#include <string>

namespace cas {

class error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Mathematically impossible: division by zero, no such root.
class math_error : public error {
 public:
  using error::error;
};

// Beyond what on2 represents: negative where a natural is needed, beyond ω^(ω^ω), or an α_p
// the table lacks.
class range_error : public error {
 public:
  using error::error;
};

// A size, depth or time limit of the context was exceeded.
class limit_error : public error {
 public:
  using error::error;
};

// The computation was cancelled through the context's cancellation token (Ctrl-C).
class interrupted_error : public limit_error {
 public:
  interrupted_error() : limit_error("The computation was interrupted.") {}
};

}  // namespace cas
