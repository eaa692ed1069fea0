#pragma once
// Layout changes of limb arrays in AVX-512 registers (private to cas/src; the design is in
// limb_recursion_avx512.cpp): interleavings of rows, transposes and the bit-reversed order.
#include "kernels/avx512/block_helpers.hpp"

namespace cas::detail::avx512 {

// Rows of `width` = 1, 2 or 4 values from two arrays side by side: a[0..w), b[0..w), a[w..2w), …
struct interleaving {
  __m512i first, second;  // the two halves of a merge, as vpermt2q indices
  __m512i evens, odds;    // the two arrays back out of 16 merged words
  ON2_AVX512_TARGET explicit interleaving(std::size_t width) {
    alignas(64) long long index[4][8];
    for (unsigned k = 0; k < 16; ++k) {  // merged word k: block k / (2w), offset k % (2w)
      const unsigned block = k / (2 * static_cast<unsigned>(width));
      const unsigned offset = k % (2 * static_cast<unsigned>(width));
      const unsigned from_b = offset >= width ? 8u : 0u;
      const unsigned source =
          block * static_cast<unsigned>(width) + offset % static_cast<unsigned>(width);
      index[k / 8][k % 8] = from_b + source;  // merged word k ← a or b
      index[2 + (from_b != 0)][source] = k;   // a or b word ← merged word k
    }
    first = _mm512_load_si512(index[0]);
    second = _mm512_load_si512(index[1]);
    evens = _mm512_load_si512(index[2]);
    odds = _mm512_load_si512(index[3]);
  }
  // Eight words of each array → 16 merged words.
  ON2_AVX512_TARGET void interleave(__m512i a, __m512i b, limb* out) const {
    store(out, _mm512_permutex2var_epi64(a, first, b));
    store(out + 8, _mm512_permutex2var_epi64(a, second, b));
  }
  // 16 merged words → eight words of each array.
  ON2_AVX512_TARGET void separate(const limb* merged, limb* a, limb* b) const {
    __m512i words_a, words_b;
    split(merged, words_a, words_b);
    store(a, words_a);
    store(b, words_b);
  }
  ON2_AVX512_TARGET void split(const limb* merged, __m512i& a, __m512i& b) const {
    const __m512i low = load(merged), high = load(merged + 8);
    a = _mm512_permutex2var_epi64(low, evens, high);
    b = _mm512_permutex2var_epi64(low, odds, high);
  }
};

// The interleavings of widths 1, 2 and 4, built once (building one per call was a large part of
// times_half_wide's own time: docs/benchmarks.md).
const interleaving& interleaving_of(std::size_t width);

// out[c·rows + r] = x[r·columns + c]: `rows` (a multiple of 8) rows of `columns` limbs become
// `columns` rows of `rows`, through 8×8 blocks in registers (a limb at a time, the writes
// `rows` limbs apart fell on a few cache sets: docs/benchmarks.md).
ON2_AVX512_TARGET void transpose(const limb* x, limb* out, std::size_t rows, std::size_t columns);

// Three vectors of n limbs (n a multiple of 8, one after another at x) as n rows of four limbs,
// the fourth zero: out[4i + c] = x[c·n + i]; from_rows_of_four is the way back.
ON2_AVX512_TARGET void to_rows_of_four(const limb* x, limb* out, std::size_t n);
ON2_AVX512_TARGET void from_rows_of_four(const limb* x, limb* out, std::size_t n);

// out[rev(i)] = x[i] for the n = 2^m limbs of x, rev reversing the m bits of the index.
ON2_AVX512_TARGET void reverse_bits(const limb* x, limb* out, std::size_t n);

}  // namespace cas::detail::avx512
