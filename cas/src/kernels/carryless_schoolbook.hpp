#pragma once
// The carry-less product of two W-word GF(2)[z] polynomials, W small and fixed, in vector
// registers (private to cas/src): the leaf of the Karatsuba products (binary_product.cpp) and of
// the tower's bivariate Kronecker products (kronecker_packing.cpp). Needs PCLMULQDQ.

#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "kernels/packed_field.hpp"

namespace cas::detail {

// out[0, 2W) ^= x·y. The W² word products are independent (they overlap in the pipeline); the
// diagonal sums Σ_(i+k=s) x_i·y_k stay in registers, then each 128-bit sum is folded into the
// words s and s + 1: the pair of words (2j, 2j + 1) takes sum 2j whole, the high half of sum
// 2j − 1 and the low half of sum 2j + 1. Always inlined into its callers' loops.
template <std::size_t W>
ON2_PCLMUL_CAPABLE __attribute__((always_inline)) inline void carryless_schoolbook_inline(
    const std::uint64_t* x, const std::uint64_t* y, std::uint64_t* out) {
  __m128i sums[2 * W + 1];
  for (auto& sum : sums) sum = _mm_setzero_si128();
  for (std::size_t i = 0; i < W; ++i) {
    const __m128i a = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(x + i));
    for (std::size_t k = 0; k < W; ++k) {
      const __m128i b = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(y + k));
      sums[1 + i + k] = _mm_xor_si128(sums[1 + i + k], _mm_clmulepi64_si128(a, b, 0x00));
    }
  }
  for (std::size_t j = 0; j < W; ++j) {
    const __m128i before = sums[2 * j], own = sums[2 * j + 1], after = sums[2 * j + 2];
    const __m128i halves =
        _mm_castpd_si128(_mm_shuffle_pd(_mm_castsi128_pd(before), _mm_castsi128_pd(after), 1));
    auto* target = reinterpret_cast<__m128i*>(out + 2 * j);
    _mm_storeu_si128(target, _mm_xor_si128(_mm_loadu_si128(target), _mm_xor_si128(own, halves)));
  }
}

}  // namespace cas::detail
