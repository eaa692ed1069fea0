#include "tower/packed_base_reduction.hpp"

#include "kernels/kernel_paths.hpp"

namespace cas::detail {

// A sum p = low + x^D·high of degree < 2D − 1 times a1 is low·a1 + high·(x^D·a1), again of
// degree < 2D − 1: the sums above t^d1 move down unreduced, and each of the d1 left is reduced
// once (packed_field::reduce, Barrett).
ON2_PCLMUL_CAPABLE void reduce_over_packed_base(const packed_field& field, u128* product,
                                                std::size_t d1, const step_constant& a, word* out) {
  const unsigned degree = field.degree();
  const word low_mask = low_bits_mask(degree);
  for (std::size_t k = 2 * d1 - 2; k >= d1; --k) {
    const auto low = static_cast<word>(product[k]) & low_mask;
    const auto high = static_cast<word>(product[k] >> degree);
    product[k - d1] ^= field.carryless(low, a.a1) ^ field.carryless(high, a.a1_shifted);
  }
  for (std::size_t i = 0; i < d1; ++i) out[i] = field.reduce(product[i]);
}

namespace {

// ⌊p / x^D⌋ in the low lane for the 128 bits of p, 1 ≤ D ≤ 64: the low lane's bits from D up and
// the high lane's below 64 − D, which the lanes' own shifts do not carry across. With
// `shift` = D and `back` = 64 − D (counts of 64 give zero, so D = 64 takes the high lane whole).
ON2_PCLMUL_CAPABLE __attribute__((always_inline)) inline __m128i shift_down(__m128i p,
                                                                            __m128i shift,
                                                                            __m128i back) {
  return _mm_or_si128(_mm_srl_epi64(p, shift), _mm_srli_si128(_mm_sll_epi64(p, back), 8));
}

// ⌊p / x^D⌋ in the low lane: within it for D ≤ 32 (Wide false), across the lanes above.
template <bool Wide>
ON2_PCLMUL_CAPABLE __attribute__((always_inline)) inline __m128i quotient_by_x_to_the_d(
    __m128i p, __m128i shift, __m128i back) {
  if constexpr (Wide) {
    return shift_down(p, shift, back);
  } else {
    return _mm_srl_epi64(p, shift);
  }
}

// The fold of t^k, k ≥ d1, and each coefficient's Barrett reduction in vector registers. For
// D ≤ 32 (Wide false) every sum and every Barrett quotient product has fewer than 64 bits, so it
// stays in the low lane, with no u128 and no test of the carry-less path. For 32 < D ≤ 64 a sum
// has up to 2D − 1 ≤ 127 bits, in both lanes; its quotient by x^D (and a Barrett quotient's) has
// fewer than 64 bits but straddles them, so the shift crosses the lanes (shift_down). The
// products read the low lanes only (selector 0x00), and the low D bits of a sum are in its low
// lane, so nothing else differs.
template <bool Wide>
ON2_PCLMUL_CAPABLE __attribute__((always_inline)) inline void reduce_in_vector_registers(
    const packed_field& field, u128* product, std::size_t d1, const step_constant& a, word* out) {
  const __m128i shift = _mm_cvtsi32_si128(static_cast<int>(field.degree()));
  const __m128i back = _mm_cvtsi32_si128(static_cast<int>(64 - field.degree()));
  const __m128i mask = _mm_cvtsi64_si128(static_cast<long long>(low_bits_mask(field.degree())));

  auto lane = [](word v) { return _mm_cvtsi64_si128(static_cast<long long>(v)); };
  const __m128i a1 = lane(a.a1), a1_shifted = lane(a.a1_shifted);
  const __m128i mu = lane(field.barrett_low()), modulus = lane(field.modulus_low());
  auto* sums = reinterpret_cast<__m128i*>(product);  // u128 and __m128i: the same 16 bytes
  for (std::size_t k = 2 * d1 - 2; k >= d1; --k) {
    const __m128i p = _mm_loadu_si128(sums + k);
    const __m128i folded = _mm_xor_si128(
        _mm_clmulepi64_si128(_mm_and_si128(p, mask), a1, 0x00),
        _mm_clmulepi64_si128(quotient_by_x_to_the_d<Wide>(p, shift, back), a1_shifted, 0x00));
    _mm_storeu_si128(sums + k - d1, _mm_xor_si128(_mm_loadu_si128(sums + k - d1), folded));
  }
  for (std::size_t i = 0; i < d1; ++i) {
    const __m128i p = _mm_loadu_si128(sums + i);
    const __m128i high = quotient_by_x_to_the_d<Wide>(p, shift, back);
    const __m128i quotient = _mm_xor_si128(
        high, quotient_by_x_to_the_d<Wide>(_mm_clmulepi64_si128(high, mu, 0x00), shift, back));
    const __m128i remainder = _mm_xor_si128(p, _mm_clmulepi64_si128(quotient, modulus, 0x00));
    out[i] = static_cast<word>(_mm_cvtsi128_si64(_mm_and_si128(remainder, mask)));
  }
}

}  // namespace

ON2_PCLMUL_CAPABLE void reduce_over_small_packed_base_pclmul(const packed_field& field,
                                                             u128* product, std::size_t d1,
                                                             const step_constant& a, word* out) {
  reduce_in_vector_registers<false>(field, product, d1, a, out);
}

ON2_PCLMUL_CAPABLE void reduce_over_wide_packed_base_pclmul(const packed_field& field,
                                                            u128* product, std::size_t d1,
                                                            const step_constant& a, word* out) {
  reduce_in_vector_registers<true>(field, product, d1, a, out);
}

packed_base_reduction reduction_for(const packed_field& field) {
  static const bool pclmul = clmul_enabled();
  if (!pclmul) return reduce_over_packed_base;
  return field.degree() <= 32 ? reduce_over_small_packed_base_pclmul
                              : reduce_over_wide_packed_base_pclmul;
}

}  // namespace cas::detail
