#pragma once
// One level of an interpolation on rows of limbs, through AVX-512 registers (private to
// cas/src; the design is in limb_recursion_avx512.cpp): the step that block products
// (block_product.cpp) and squares by levels (block_square.cpp) share.
#include "kernels/avx512/times_half.hpp"

namespace cas::detail::avx512 {

// What one level of an interpolation combines (combine_rows_step).
enum class level_kind { product, square, square_times_half };
constexpr unsigned values_per_row(level_kind kind) {
  return kind == level_kind::product ? 3 : 2;
}

// A level's low and high results (combine_rows_step lists them) from p_0, p_1, p_1 ⊗ H and,
// for a product, p_2.
struct level_results {
  __m512i low, high;
};
template <level_kind Kind>
ON2_AVX512_INLINE level_results combine_values(__m512i p0, __m512i p1, __m512i p1_times_half,
                                               __m512i p2) {
  if constexpr (Kind == level_kind::product) {
    return {_mm512_xor_si512(p0, p1_times_half), _mm512_xor_si512(p2, p0)};
  } else if constexpr (Kind == level_kind::square) {
    return {_mm512_xor_si512(p0, p1_times_half), p1};
  } else {
    return {p1_times_half, _mm512_ternarylogic_epi64(p0, p1, p1_times_half, 0x96)};
  }
}

// One level on R rows in one pass, eight columns at a time through registers.
// - A product's interpolation: values holds R × 3 rows (p_0, p_1, p_2 of each combined-bits row)
//   of `width` values, and next gets the R low rows p_0 ⊕ p_1 ⊗ H, then the R high rows p_2 ⊕ p_0.
// - A square: R × 2 rows (the squares of the low and the high half), and next gets
//   low ⊕ high ⊗ H, then high unchanged (a^2 = a1^2·F ⊕ a1^2 ⊗ H ⊕ a0^2).
// - A square times H: R × 2 rows (q0, q1: the halves' squares times their H), and next gets
//   q1 ⊗ H, then q0 ⊕ q1 ⊕ q1 ⊗ H (limb_recursion::square_times_half).
template <unsigned R, level_kind Kind>
ON2_AVX512_INLINE void combine_rows_step(const limb* values, limb* next, std::size_t width,
                                         std::size_t c, __mmask8 lanes, __m512i modulus) {
  constexpr unsigned v = values_per_row(Kind);
  __m512i p1[R], product[R];
  for (unsigned i = 0; i < R; ++i) {
    p1[i] = _mm512_maskz_loadu_epi64(lanes, values + (v * i + 1) * width + c);
  }
  times_half_vertical<R>(p1, product, modulus);
  for (unsigned i = 0; i < R; ++i) {
    const __m512i p0 = _mm512_maskz_loadu_epi64(lanes, values + v * i * width + c);
    const __m512i p2 = Kind == level_kind::product
                           ? _mm512_maskz_loadu_epi64(lanes, values + (v * i + 2) * width + c)
                           : p0;
    const level_results r = combine_values<Kind>(p0, p1[i], product[i], p2);
    _mm512_mask_storeu_epi64(next + i * width + c, lanes, r.low);
    _mm512_mask_storeu_epi64(next + (R + i) * width + c, lanes, r.high);
  }
}

// combine_rows_step on the last column alone (c = width − 1), its R rows gathered eight to a
// register as in times_half_single_column.
template <unsigned R, level_kind Kind>
ON2_AVX512_INLINE void combine_single_column(const limb* values, limb* next, std::size_t width,
                                             std::size_t c, __m512i modulus) {
  constexpr unsigned v = values_per_row(Kind);
  const __m512i value_rows = row_offsets(v * width), next_rows = row_offsets(width);
  const auto* from = reinterpret_cast<const long long*>(values + c);
  auto* to = reinterpret_cast<long long*>(next + c);
  __m512i p1[R / 8], product[R / 8];
  for (unsigned i = 0; i < R / 8; ++i) {
    p1[i] = _mm512_i64gather_epi64(value_rows, from + (8 * i * v + 1) * width, 8);
  }
  times_half_vertical<R / 8, 8, 1>(p1, product, modulus);
  for (unsigned i = 0; i < R / 8; ++i) {
    const __m512i p0 = _mm512_i64gather_epi64(value_rows, from + 8 * i * v * width, 8);
    const __m512i p2 = Kind == level_kind::product
                           ? _mm512_i64gather_epi64(value_rows, from + (8 * i * v + 2) * width, 8)
                           : p0;
    const level_results r = combine_values<Kind>(p0, p1[i], product[i], p2);
    _mm512_i64scatter_epi64(to + 8 * i * width, next_rows, r.low, 8);
    _mm512_i64scatter_epi64(to + (R + 8 * i) * width, next_rows, r.high, 8);
  }
}

template <unsigned R, level_kind Kind>
ON2_AVX512_INLINE void combine_rows(const limb* values, limb* next, std::size_t width,
                                    __m512i modulus) {
  std::size_t c = 0;
  for (; c + 8 <= width; c += 8) {
    combine_rows_step<R, Kind>(values, next, width, c, 0xff, modulus);
  }
  if constexpr (R % 8 == 0) {
    if (c + 1 == width) return combine_single_column<R, Kind>(values, next, width, c, modulus);
  }
  if (c < width) {
    combine_rows_step<R, Kind>(values, next, width, c, first_lanes(width - c), modulus);
  }
}

constexpr std::size_t max_register_rows = 32;

template <level_kind Kind>
ON2_AVX512_TARGET void combine_rows_in_registers(const limb* values, limb* next, std::size_t rows,
                                                 std::size_t width, __m512i modulus) {
  switch (rows) {
    case 1:
      return combine_rows<1, Kind>(values, next, width, modulus);
    case 2:
      return combine_rows<2, Kind>(values, next, width, modulus);
    case 4:
      return combine_rows<4, Kind>(values, next, width, modulus);
    case 8:
      return combine_rows<8, Kind>(values, next, width, modulus);
    case 16:
      return combine_rows<16, Kind>(values, next, width, modulus);
    default:
      return combine_rows<32, Kind>(values, next, width, modulus);
  }
}

}  // namespace cas::detail::avx512
