#pragma once
// The three mex definitions of docs/spec/arithmetic.md §1, computed literally for the nimbers below
// n. Slow (the product table costs about n^4/4 steps) and kept as the ground truth that tests
// compare the fast arithmetic against. n is limited by the context's max_mex_size.
//
// Thread safety: the functions are safe to call from several threads at once (they share only
// immutable values and the tables built once, thread-safely); threads may share one context for
// reading.

#include <cstdint>
#include <vector>

#include "cas/core/context.hpp"

namespace cas {

using mex_table = std::vector<std::vector<std::uint32_t>>;  // table[a][b], a, b < n

// The least natural number not in the set.
std::uint32_t mex(const std::vector<std::uint32_t>& values);

// a ⊕ b = mex({a' ⊕ b : a' < a} ∪ {a ⊕ b' : b' < b}).
mex_table mex_sum_table(std::uint32_t n, const context& ctx = default_context());

// a ⊗ b = mex{(a' ⊗ b) ⊕ (a ⊗ b') ⊕ (a' ⊗ b') : a' < a, b' < b}; sums from mex_sum_table.
// The values excluded for one cell, in the order found, for explanations.
mex_table mex_product_table(std::uint32_t n, const context& ctx = default_context());
std::vector<std::uint32_t> mex_product_excluded(std::uint32_t a, std::uint32_t b,
                                                const mex_table& products);

// 1/a for 0 < a < n: mex of the least set S with 0 ∈ S and, for 0 < a' < a and b' ∈ S,
// (1 ⊕ (a' ⊕ a) ⊗ b') ⊗ (1/a') ∈ S. `products` must be a mex product table whose size is a
// Fermat 2-power ≥ n (the nimbers below it are a field, so S stays inside). Entry 0 is 0.
std::vector<std::uint32_t> mex_inverse_table(std::uint32_t n, const mex_table& products,
                                             const context& ctx = default_context());

}  // namespace cas
