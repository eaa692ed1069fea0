// The batch of leaf products in the middle of an AVX-512 block product: the products of the
// columns of two block evaluations, eight columns at a time in registers (wide_leaf's
// multiply_all_columns; the design is in limb_recursion_avx512.cpp).
#include "kernels/avx512/block_layout.hpp"
#include "kernels/avx512/times_half.hpp"
#include "kernels/avx512/wide_leaf.hpp"

namespace cas::detail::avx512 {
namespace {

// The product of two values of 2^L limbs (row i of a, b: limb i) in every lane, unreduced: the
// Karatsuba step of docs/spec/arithmetic.md §2 with the reduction left to the end (it is linear)
// and p1 ⊗ H' = (a1 ⊗ H')·b1, so every level is XORs of 128-bit products. Each level's products and
// XORs alternate, so the carry-less port and the shift/XOR port both have work.
template <unsigned L>
ON2_AVX512_INLINE void unreduced_product(const __m512i* a, const __m512i* b, lane_products* out,
                                         __m512i modulus) {
  if constexpr (L == 0) {
    out[0] = carryless_products(a[0], b[0]);
  } else {
    constexpr unsigned h = 1u << (L - 1);
    __m512i a1_times_half[h], a_sum[h], b_sum[h];
    times_half_vertical<h>(a + h, a1_times_half, modulus);
    for (unsigned i = 0; i < h; ++i) {
      a_sum[i] = _mm512_xor_si512(a[i], a[h + i]);
      b_sum[i] = _mm512_xor_si512(b[i], b[h + i]);
    }
    lane_products p0[h], p1[h], p2[h];
    unreduced_product<L - 1>(a, b, p0, modulus);
    unreduced_product<L - 1>(a1_times_half, b + h, p1, modulus);
    unreduced_product<L - 1>(a_sum, b_sum, p2, modulus);
    for (unsigned i = 0; i < h; ++i) {
      out[i] = xor_products(p0[i], p1[i]);
      out[h + i] = xor_products(p2[i], p0[i]);
    }
  }
}

// The middle of a block product, eight columns at a time: the (8·Parts)-limb products of the
// columns of a and b in registers, on unreduced carry-less products (8·Parts reductions serve
// 27·3^log2(Parts)). A column's limbs are the 8 rows (the lowest three index bits, read in
// bit-reversed order, rows `stride` apart) of each of its Parts parts (the next index bits,
// `part` apart); out gets the 8·Parts limbs in order, rows out_stride apart. With a_addend, the
// first factor is a ⊕ a_addend (evaluations are linear), summed as it is loaded.
template <unsigned Parts, bool SumA>
ON2_AVX512_INLINE void multiply_columns(const limb* a, const limb* a_addend, const limb* b,
                                        std::size_t stride, std::size_t part, limb* out,
                                        std::size_t out_stride, __mmask8 lanes, __m512i barrett,
                                        __m512i modulus) {
  constexpr unsigned part_bits = std::countr_zero(Parts);
  __m512i limbs_a[8 * Parts], limbs_b[8 * Parts];
  for (unsigned k = 0; k < Parts; ++k) {
    for (unsigned r = 0; r < 8; ++r) {
      const std::size_t limb_index = 8 * reversed_index(k, part_bits) + reversed_index(r, 3);
      const std::size_t offset = r * stride + k * part;
      limbs_a[limb_index] = _mm512_maskz_loadu_epi64(lanes, a + offset);
      if constexpr (SumA) {
        limbs_a[limb_index] = _mm512_xor_si512(limbs_a[limb_index],
                                               _mm512_maskz_loadu_epi64(lanes, a_addend + offset));
      }
      limbs_b[limb_index] = _mm512_maskz_loadu_epi64(lanes, b + offset);
    }
  }
  lane_products product[8 * Parts];
  unreduced_product<3 + std::countr_zero(Parts)>(limbs_a, limbs_b, product, modulus);
  for (unsigned r = 0; r < 8 * Parts; ++r) {
    _mm512_mask_storeu_epi64(out + r * out_stride, lanes,
                             reduce_products(product[r], barrett, modulus));
  }
}

}  // namespace

template <bool SumA>
ON2_AVX512_TARGET void wide_leaf::multiply_all_columns(const limb* values_a,
                                                       const limb* values_a_addend,
                                                       const limb* values_b, std::size_t n) const {
  const std::size_t parts = column_parts(n), stored = block_evaluation_limbs(n) / 8;
  const std::size_t columns = stored / parts;
  limb* values = thread_block_workspace().buffer(2);
  const __m512i barrett = _mm512_set1_epi64(static_cast<long long>(t.barrett_low));
  const __m512i modulus = _mm512_set1_epi64(static_cast<long long>(t.modulus_low));
  for (std::size_t column = 0; column < columns; column += 8) {
    const __mmask8 lanes = column + 8 <= columns ? 0xff : first_lanes(columns - column);
    const limb *a = values_a + column, *b = values_b + column;
    const limb* a_addend = SumA ? values_a_addend + column : nullptr;
    if (parts == 4) {
      multiply_columns<4, SumA>(a, a_addend, b, stored, columns, values + column, columns, lanes,
                                barrett, modulus);
    } else if (parts == 2) {
      multiply_columns<2, SumA>(a, a_addend, b, stored, columns, values + column, columns, lanes,
                                barrett, modulus);
    } else {
      multiply_columns<1, SumA>(a, a_addend, b, stored, columns, values + column, columns, lanes,
                                barrett, modulus);
    }
  }
}

template void wide_leaf::multiply_all_columns<false>(const limb*, const limb*, const limb*,
                                                     std::size_t) const;
template void wide_leaf::multiply_all_columns<true>(const limb*, const limb*, const limb*,
                                                    std::size_t) const;

}  // namespace cas::detail::avx512
