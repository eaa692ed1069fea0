#pragma once
// A nimber below 2^128 as a pair of machine words, the operand type of the 128-bit kernels
// (cas/kernels/nimber_kernels.hpp). On its own so that the kernels' private pieces can name it
// without including the dispatching header that includes them.

#include <cstdint>

namespace cas {

// A nimber below 2^128 as two 64-bit halves: value = hi·2^64 + lo.
struct nim128 {
  std::uint64_t lo = 0;
  std::uint64_t hi = 0;
  friend bool operator==(const nim128&, const nim128&) = default;
};

}  // namespace cas
