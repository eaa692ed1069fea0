#pragma once
// "Times H" (x ⊗ H, limb_recursion::times_half) in AVX-512 registers (private to cas/src; the
// design is in limb_recursion_avx512.cpp): on blocks of lanes and on rows held in registers
// (inline, for the other kernels' register code), and on rows of limbs in memory
// (times_half_rows.cpp).
#include "kernels/avx512/block_helpers.hpp"

namespace cas::detail::avx512 {

// "Times H" on every block of S lanes of v, S = 1, 2, 4, 8: H_k = 2^(64·S − 1), by
// x ⊗ H_k = ((x1 ⊗ H') ⊗ H', (x0 ⊕ x1) ⊗ H') (limb_recursion::times_half). A block's limbs are
// Stride lanes apart (S·Stride ≤ 8): rows of Stride independent values, one row per limb.
template <unsigned S, unsigned Stride = 1>
ON2_AVX512_INLINE __m512i times_half_blocks(__m512i v, __m512i modulus) {
  if constexpr (S == 1) {
    return times_half(v, modulus);
  } else {
    constexpr unsigned k = S / 2 * Stride;
    // Lane i ↔ lane i ^ k swaps the halves of each block; high halves are the lanes with bit k.
    const __m512i swap = _mm512_set_epi64(7 ^ k, 6 ^ k, 5 ^ k, 4 ^ k, 3 ^ k, 2 ^ k, 1 ^ k, 0 ^ k);
    constexpr auto high = static_cast<__mmask8>(k == 1 ? 0xaa : k == 2 ? 0xcc : 0xf0);
    const __m512i swapped = _mm512_permutexvar_epi64(swap, v);
    // low halves ← x1, high halves ← x0 ⊕ x1
    const __m512i y = _mm512_mask_xor_epi64(swapped, high, swapped, v);
    const __m512i z = times_half_blocks<S / 2, Stride>(y, modulus);
    return _mm512_mask_mov_epi64(z, static_cast<__mmask8>(~high),
                                 times_half_blocks<S / 2, Stride>(z, modulus));
  }
}

// "Times H" on R rows held in R registers, the same recursion over whole registers. Each lane
// is a separate column (S = 1), or each register holds S rows of Stride columns (S·Stride = 8).
template <unsigned R, unsigned S = 1, unsigned Stride = 1>
ON2_AVX512_INLINE void times_half_vertical(const __m512i* x, __m512i* out, __m512i modulus) {
  if constexpr (R == 1) {
    out[0] = times_half_blocks<S, Stride>(x[0], modulus);
  } else {
    constexpr unsigned h = R / 2;
    __m512i sum[h], high_times_half[h];
    for (unsigned i = 0; i < h; ++i) sum[i] = _mm512_xor_si512(x[i], x[h + i]);
    times_half_vertical<h, S, Stride>(sum, out + h, modulus);
    times_half_vertical<h, S, Stride>(x + h, high_times_half, modulus);
    times_half_vertical<h, S, Stride>(high_times_half, out, modulus);
  }
}

// The offsets 0, stride, …, 7·stride, to gather or scatter eight limbs of a column.
ON2_AVX512_INLINE __m512i row_offsets(std::size_t stride) {
  return _mm512_mul_epu32(_mm512_set_epi64(7, 6, 5, 4, 3, 2, 1, 0),
                          _mm512_set1_epi64(static_cast<long long>(stride)));
}

// out = x ⊗ H_j row by row: x has 2^j rows of `width` independent values (the bits below j
// index the rows, the highest bit first), scratch takes 2^j·width limbs.
ON2_AVX512_TARGET void times_half_rows(const limb* x, limb* out, std::size_t rows,
                                       std::size_t width, limb* scratch, __m512i modulus);

// "Times H" on 2^k rows of fewer than eight values would leave most lanes idle. The recursion
// x ⊗ H = ((x1 ⊗ H') ⊗ H', (x0 ⊕ x1) ⊗ H') applies H' to x1 and to x0 ⊕ x1 independently, so
// those two go side by side as rows twice as wide; only polynomially many of the 3^k leaf
// steps are left at narrow widths. Scratch: times_half_wide_scratch(rows, width) limbs.
std::size_t times_half_wide_scratch(std::size_t rows, std::size_t width);
ON2_AVX512_TARGET void times_half_wide(const limb* x, limb* out, std::size_t rows,
                                       std::size_t width, limb* scratch, __m512i modulus);

}  // namespace cas::detail::avx512
