#pragma once
// The leaf of the AVX-512 limb recursion (private to cas/src; the design is in
// limb_recursion_avx512.cpp): clmul_leaf's one-limb operations, and whole blocks batched in
// registers. The block functions (ON2_AVX512_TARGET) are compiled for AVX-512 and only entered
// when the CPU has it (detail::avx512_batch_supported()).
#include "kernels/avx512/block_helpers.hpp"
#include "kernels/avx512/interpolation_levels.hpp"
#include "kernels/clmul_leaf.hpp"

namespace cas::detail::avx512 {

struct wide_leaf : clmul_leaf {
  static void to_leaf_array(limb* x, std::size_t n) { to_polynomial_basis_avx512(x, n); }
  static void from_leaf_array(limb* x, std::size_t n) { to_nimber_basis_avx512(x, n); }

  static bool is_block(std::size_t n) { return n >= min_batched_limbs && n <= max_batched_limbs; }

  // In block_product.cpp:
  // out = a ⊗ b (n limbs each, leaf basis) when n is a block size; false otherwise.
  ON2_AVX512_TARGET bool batched_mul(const limb* a, const limb* b, limb* out, std::size_t n) const;

  // A block product in two steps, so that an operand of several products is evaluated once
  // (limb_recursion::inverse): the evaluation of x (n limbs, a block size) takes
  // block_evaluation_limbs(n) limbs, and it is linear, so the evaluation of a sum is the sum of
  // the evaluations. It covers the index bits above the register levels (column_parts);
  // multiply_columns evaluates those in registers.
  static std::size_t block_evaluation_limbs(std::size_t n);
  ON2_AVX512_TARGET void evaluate_block(const limb* x, limb* evaluation, std::size_t n) const;

  // Room for three evaluations of a block of n limbs, apart for each block size, since the
  // inverse keeps them across its recursion, which reaches every smaller size.
  static limb* evaluation_slots(std::size_t n);

  // out = a ⊗ b (n limbs, a block size) from the evaluations of a and b.
  ON2_AVX512_TARGET void multiply_evaluated(const limb* values_a, const limb* values_b, limb* out,
                                            std::size_t n) const;
  // out = (a ⊕ a') ⊗ b from the evaluations of a, a' and b, without a pass that sums the two
  // evaluations first (multiply_columns sums them as it loads them).
  ON2_AVX512_TARGET void multiply_evaluated_sum(const limb* values_a, const limb* values_a_addend,
                                                const limb* values_b, limb* out,
                                                std::size_t n) const;

  // The levels of a block product above its columns: out (n limbs) from the column products in
  // the workspace's buffer 2.
  ON2_AVX512_TARGET void interpolate_products(limb* out, std::size_t n) const;

  // In batch_products.cpp:
  // The products of the columns of a block's evaluations (a ⊕ a_addend when SumA), into the
  // workspace's buffer 2, where interpolate_products reads them.
  template <bool SumA>
  ON2_AVX512_TARGET void multiply_all_columns(const limb* values_a, const limb* values_a_addend,
                                              const limb* values_b, std::size_t n) const;

  // In block_square.cpp:
  // out = a^2 (n limbs, leaf basis) for 16 ≤ n ≤ max_batched_square_limbs; false otherwise.
  // The recursion a^2 = a1^2·F ⊕ (a1^2 ⊗ H) ⊕ a0^2 unrolled: the limbs are squared in
  // bit-reversed order, and level j joins the halves of bit j for all 2^(m−1−j) blocks at once,
  // low ⊕ high ⊗ H_j, with the blocks side by side as columns (as the product's interpolation).
  ON2_AVX512_TARGET bool batched_square(const limb* a, limb* out, std::size_t n) const;
  // out = a^2 ⊗ H the same way (limb_recursion::square_times_half): each limb's square times
  // x, and level j joins q0, q1 into q1 ⊗ H_j, q0 ⊕ q1 ⊕ q1 ⊗ H_j.
  ON2_AVX512_TARGET bool batched_square_times_half(const limb* a, limb* out, std::size_t n) const;
  template <level_kind Kind>
  ON2_AVX512_TARGET bool squares_by_levels(const limb* a, limb* out, std::size_t n) const;

  // In times_half_rows.cpp:
  // out = x ⊗ H (n limbs, leaf basis): 8 to 64 limbs in registers, more by times_half_wide;
  // false below eight (the caller's recursion).
  ON2_AVX512_TARGET bool times_half_limbs(const limb* x, limb* out, std::size_t n) const;
};

}  // namespace cas::detail::avx512
