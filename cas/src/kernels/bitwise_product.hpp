#pragma once
// The textbook product of nimbers below 2^64 (private to cas/src): the recursion of
// docs/spec/arithmetic.md §2 on machine words, down to single bits. Slow; the oracle the kernels'
// tables are built from (cas/src/kernels/gf64_tables.*) and that tests compare the kernels with.

#include <cstdint>

namespace cas::detail {

// a ⊗ b for a, b < 2^(2^level), level ≤ 6; constexpr for the tables built at compile time.
constexpr std::uint64_t bitwise_nim_product(std::uint64_t a, std::uint64_t b, int level) {
  if (level == 0) return a & b;
  const int half = 1 << (level - 1);
  const std::uint64_t mask = (std::uint64_t{1} << half) - 1;
  const std::uint64_t a1 = a >> half, a0 = a & mask, b1 = b >> half, b0 = b & mask;
  const std::uint64_t c0 = bitwise_nim_product(a0, b0, level - 1);
  const std::uint64_t c2 = bitwise_nim_product(a1, b1, level - 1);
  const std::uint64_t c12 = bitwise_nim_product(a0 ^ a1, b0 ^ b1, level - 1);
  return ((c12 ^ c0) << half) ^ c0 ^
         bitwise_nim_product(c2, std::uint64_t{1} << (half - 1), level - 1);
}

// The same product out of line, for the tables built at run time and for tests.
std::uint64_t nim_mul_bitwise(std::uint64_t a, std::uint64_t b, int level);

}  // namespace cas::detail
