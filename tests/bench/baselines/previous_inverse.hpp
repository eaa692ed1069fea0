#pragma once
// Baselines for benchmark B2: the 64-bit inverse and square root as on2 computed them before the
// discrete-log inverse (the norm recursion of docs/spec/arithmetic.md §2 on full 64-bit nim
// products), and the square and square root by generic products.

#include <cstdint>

namespace on2_bench {

// a^(-1) for a ≠ 0 by the norm to the half field, every product a general nim_mul64, down to an
// 8-bit inverse table: on2's nim_inv64 until the discrete-log version replaced it.
std::uint64_t norm_recursion_inverse(std::uint64_t a);

// a ⊗ a as a general product.
std::uint64_t square_by_product(std::uint64_t a);

// The square root a^(2^63) by 63 squarings, each a general product.
std::uint64_t sqrt_by_squarings(std::uint64_t a);

}  // namespace on2_bench
