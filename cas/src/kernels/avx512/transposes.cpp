// Transposes of limb arrays through 8×8 blocks in AVX-512 registers, and the bit-reversed order
// (transposes.hpp).
#include "kernels/avx512/transposes.hpp"

namespace cas::detail::avx512 {
namespace {

// out[j] = column j of the 8×8 matrix of limbs whose rows are row[0..7]: pairs of rows
// interleaved, then pairs of 128-bit lanes, then pairs of 256-bit halves.
ON2_AVX512_INLINE void transpose8(const __m512i* row, __m512i* out) {
  __m512i pairs[8], quads[8];
  for (unsigned i = 0; i < 4; ++i) {
    pairs[2 * i] = _mm512_unpacklo_epi64(row[2 * i], row[2 * i + 1]);      // columns 0, 2, 4, 6
    pairs[2 * i + 1] = _mm512_unpackhi_epi64(row[2 * i], row[2 * i + 1]);  // columns 1, 3, 5, 7
  }
  for (unsigned h = 0; h < 2; ++h) {    // rows 0–3, rows 4–7
    for (unsigned k = 0; k < 2; ++k) {  // even columns, odd columns
      const __m512i upper = pairs[4 * h + k], lower = pairs[4 * h + 2 + k];
      quads[4 * h + k] = _mm512_shuffle_i64x2(upper, lower, 0x88);      // columns k, 4 + k
      quads[4 * h + 2 + k] = _mm512_shuffle_i64x2(upper, lower, 0xdd);  // columns 2 + k, 6 + k
    }
  }
  for (unsigned q = 0; q < 4; ++q) {  // quads[q], quads[4 + q]: columns q and 4 + q
    out[q] = _mm512_shuffle_i64x2(quads[q], quads[4 + q], 0x88);
    out[q + 4] = _mm512_shuffle_i64x2(quads[q], quads[4 + q], 0xdd);
  }
}

}  // namespace

const interleaving& interleaving_of(std::size_t width) {
  static const interleaving orders[3] = {interleaving(1), interleaving(2), interleaving(4)};
  return orders[width == 1 ? 0 : width == 2 ? 1 : 2];
}

ON2_AVX512_TARGET void transpose(const limb* x, limb* out, std::size_t rows, std::size_t columns) {
  for (std::size_t r = 0; r < rows; r += 8) {
    for (std::size_t c = 0; c < columns; c += 8) {
      const std::size_t count = columns - c < 8 ? columns - c : 8;
      const __mmask8 lanes = first_lanes(count);
      __m512i block[8], transposed[8];
      for (unsigned i = 0; i < 8; ++i) {
        block[i] = _mm512_maskz_loadu_epi64(lanes, x + (r + i) * columns + c);
      }
      transpose8(block, transposed);
      for (std::size_t j = 0; j < count; ++j) store(out + (c + j) * rows + r, transposed[j]);
    }
  }
}

ON2_AVX512_TARGET void to_rows_of_four(const limb* x, limb* out, std::size_t n) {
  const __m512i pairs_low = _mm512_set_epi64(11, 3, 10, 2, 9, 1, 8, 0);
  const __m512i pairs_high = _mm512_set_epi64(15, 7, 14, 6, 13, 5, 12, 4);
  // from (a_k, b_k pairs in order, c): rows 2j and 2j + 1 of four, lanes 3 and 7 zeroed
  const __m512i rows_01 = _mm512_set_epi64(0, 9, 3, 2, 0, 8, 1, 0);
  const __m512i rows_23 = _mm512_set_epi64(0, 11, 7, 6, 0, 10, 5, 4);
  const __m512i rows_45 = _mm512_set_epi64(0, 13, 3, 2, 0, 12, 1, 0);
  const __m512i rows_67 = _mm512_set_epi64(0, 15, 7, 6, 0, 14, 5, 4);
  for (std::size_t i = 0; i < n; i += 8) {
    const __m512i a = load(x + i), b = load(x + n + i), c = load(x + 2 * n + i);
    const __m512i ab_low = _mm512_permutex2var_epi64(a, pairs_low, b);    // a0 b0 … a3 b3
    const __m512i ab_high = _mm512_permutex2var_epi64(a, pairs_high, b);  // a4 b4 … a7 b7
    limb* to = out + 4 * i;
    store(to, _mm512_maskz_permutex2var_epi64(0x77, ab_low, rows_01, c));
    store(to + 8, _mm512_maskz_permutex2var_epi64(0x77, ab_low, rows_23, c));
    store(to + 16, _mm512_maskz_permutex2var_epi64(0x77, ab_high, rows_45, c));
    store(to + 24, _mm512_maskz_permutex2var_epi64(0x77, ab_high, rows_67, c));
  }
}

ON2_AVX512_TARGET void from_rows_of_four(const limb* x, limb* out, std::size_t n) {
  // lanes c and 4 + c of two registers of rows: column c of four rows, twice
  const __m512i columns_01 = _mm512_set_epi64(13, 9, 5, 1, 12, 8, 4, 0);   // a0–a3, b0–b3
  const __m512i columns_2 = _mm512_set_epi64(15, 11, 7, 3, 14, 10, 6, 2);  // c0–c3, (padding)
  for (std::size_t i = 0; i < n; i += 8) {
    const limb* from = x + 4 * i;
    const __m512i r0 = load(from), r1 = load(from + 8), r2 = load(from + 16), r3 = load(from + 24);
    const __m512i ab_low = _mm512_permutex2var_epi64(r0, columns_01, r1);
    const __m512i ab_high = _mm512_permutex2var_epi64(r2, columns_01, r3);
    const __m512i c_low = _mm512_permutex2var_epi64(r0, columns_2, r1);
    const __m512i c_high = _mm512_permutex2var_epi64(r2, columns_2, r3);
    store(out + i, _mm512_shuffle_i64x2(ab_low, ab_high, 0x44));
    store(out + n + i, _mm512_shuffle_i64x2(ab_low, ab_high, 0xee));
    store(out + 2 * n + i, _mm512_shuffle_i64x2(c_low, c_high, 0x44));
  }
}

// From 64 limbs up, 8×8 blocks: read as rows q of eight limbs (i = 8q + r), the eight rows
// q = rev(s)·2^(m−6) + rev(u), s = 0–7, land after a transpose as eight runs of eight: column r
// goes to rev(r)·n/8 + 8u. (One limb at a time was a visible part of a 2^16-bit square:
// docs/benchmarks.md.)
ON2_AVX512_TARGET void reverse_bits(const limb* x, limb* out, std::size_t n) {
  const unsigned m = static_cast<unsigned>(std::countr_zero(n));
  if (m < 6) {
    for (std::size_t i = 0; i < n; ++i) out[reversed_index(i, m)] = x[i];
    return;
  }
  const std::size_t eighth = n / 8, spread = n / 64;
  for (std::size_t u = 0; u < spread; ++u) {
    const std::size_t base = reversed_index(u, m - 6);
    __m512i block[8], transposed[8];
    for (unsigned s = 0; s < 8; ++s)
      block[s] = load(x + 8 * (reversed_index(s, 3) * spread + base));
    transpose8(block, transposed);
    for (unsigned r = 0; r < 8; ++r)
      store(out + reversed_index(r, 3) * eighth + 8 * u, transposed[r]);
  }
}

}  // namespace cas::detail::avx512
