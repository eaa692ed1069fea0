#pragma once
// The layout of an AVX-512 block product (private to cas/src; the design is in
// limb_recursion_avx512.cpp): the rows and parts of a block's evaluation, and the buffers of one
// product on this thread, shared by the evaluation and interpolation (block_product.cpp) and the
// column products (batch_products.cpp).
#include <cstring>

#include "kernels/avx512/block_helpers.hpp"

namespace cas::detail::avx512 {

// Buffers for one block product, allocated once per thread for the largest block.
struct block_workspace {
  // 3^10 values and a register's worth more, rounded to whole cache lines
  static constexpr std::size_t values =
      (power_of_three(std::countr_zero(max_batched_limbs)) + 8 + 7) / 8 * 8;
  static constexpr std::size_t limbs = max_batched_limbs + 6 * values;
  limb* memory;
  block_workspace() : memory(allocate_limbs(limbs)) {
    std::memset(memory, 0, limbs * sizeof(limb));
  }
  ~block_workspace() { free_limbs(memory); }
  block_workspace(const block_workspace&) = delete;
  block_workspace& operator=(const block_workspace&) = delete;
  limb* reversed() const { return memory; }  // an operand in bit-reversed order
  limb* buffer(std::size_t k) const { return memory + max_batched_limbs + k * values; }
};

// The evaluation of a block of n = 2^m limbs (wide_leaf::evaluate_block): eight rows, one for
// each value of the lowest three index bits, each the evaluations of its parts (the next zero to
// two index bits, whose sums multiply_columns forms), 3^(m−3−log2 parts) values per part. Fewer
// parts for small blocks keep more lanes busy (docs/benchmarks.md).
constexpr std::size_t column_parts(std::size_t n) {
  return n >= 512 ? 4 : n >= 128 ? 2 : 1;
}
constexpr std::size_t block_evaluation_limbs(std::size_t n) {
  const unsigned m = static_cast<unsigned>(std::countr_zero(n));
  const std::size_t parts = column_parts(n);
  return 8 * parts * power_of_three(m - 3 - static_cast<unsigned>(std::countr_zero(parts)));
}

// The block workspace of this thread, allocated on first use.
const block_workspace& thread_block_workspace();

}  // namespace cas::detail::avx512
