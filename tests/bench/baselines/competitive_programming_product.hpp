#pragma once
// Baseline for benchmark B1: the 64-bit nim product as competitive programmers write it. Pieces
// of 16 bits are multiplied in GF(2^16) (the nimbers below 65536) through discrete log/exp tables,
// and the pieces are combined with the Karatsuba shape of docs/spec/arithmetic.md §2 up to 32 and
// 64 bits. The point of a baseline is to be a fair opponent, so this one is written for speed:
// tables built once, a branch-free zero, and the "times H" steps read from the same tables.

#include <cstdint>
#include <vector>

namespace on2_bench {

class competitive_programming_product {
 public:
  // Finds a primitive element of GF(2^16) and builds the tables with cas::nim_mul16.
  competitive_programming_product();

  std::uint64_t multiply(std::uint64_t a, std::uint64_t b) const noexcept {
    const auto a0 = static_cast<std::uint32_t>(a), a1 = static_cast<std::uint32_t>(a >> 32);
    const auto b0 = static_cast<std::uint32_t>(b), b1 = static_cast<std::uint32_t>(b >> 32);
    const std::uint32_t c0 = multiply32(a0, b0);
    const std::uint32_t c2 = multiply32(a1, b1);
    const std::uint32_t c12 = multiply32(a0 ^ a1, b0 ^ b1);
    return (std::uint64_t{c12 ^ c0} << 32) ^ c0 ^ times_half32(c2);
  }

  std::uint32_t multiply32(std::uint32_t a, std::uint32_t b) const noexcept {
    const std::uint32_t a0 = a & 0xffff, a1 = a >> 16, b0 = b & 0xffff, b1 = b >> 16;
    const std::uint32_t c0 = multiply16(a0, b0);
    const std::uint32_t c12 = multiply16(a0 ^ a1, b0 ^ b1);
    // c2 = a1 ⊗ b1 is needed only as c2 ⊗ 2^15, whose logarithm is log a1 + log b1 + log 2^15:
    // one exp step, with no lookup of c2 itself.
    return ((c12 ^ c0) << 16) ^ c0 ^ exp_[log_[a1] + log_[b1] + log_half16_];
  }

  // a ⊗ b for a, b < 2^16 (given as 32-bit values so callers need no casts).
  std::uint32_t multiply16(std::uint32_t a, std::uint32_t b) const noexcept {
    return exp_[log_[a] + log_[b]];
  }

 private:
  // x ⊗ 2^31 for x < 2^32. 2^31 = 2^16 ⊗ 2^15 (distinct Fermat 2-powers multiply as integers), so
  // with x = x1·2^16 + x0 the rule of docs/spec/arithmetic.md §2 gives
  // x ⊗ 2^31 = ((x1 ⊕ x0) ⊗ 2^15)·2^16 ⊕ (x1 ⊗ 2^15 ⊗ 2^15): two table steps.
  std::uint32_t times_half32(std::uint32_t x) const noexcept {
    const std::uint32_t x0 = x & 0xffff, x1 = x >> 16;
    return (std::uint32_t{exp_[log_[x0 ^ x1] + log_half16_]} << 16) ^
           exp_[log_[x1] + log_half16_squared_];
  }

  // log_[x] is the discrete logarithm of x ≠ 0 (< 65535); log_[0] is a sentinel so large that
  // any index built from it lands in the zero tail of exp_, which saves a branch per product.
  std::vector<std::uint32_t> log_;
  // exp_[i] = g^i for i < 3·65535 (so a sum of up to three logarithms needs no reduction), then
  // zeros for the indices built from the sentinel.
  std::vector<std::uint16_t> exp_;
  std::uint32_t log_half16_ = 0;          // log(2^15)
  std::uint32_t log_half16_squared_ = 0;  // log(2^15 ⊗ 2^15), reduced mod 65535
};

}  // namespace on2_bench
