#pragma once
// GF(2^64) in the polynomial basis of clmul_tables, eight elements per AVX-512 register (private
// to cas/src). Every function here needs a CPU with AVX-512 F/BW/VBMI, GFNI and VPCLMULQDQ
// (detail::avx512_batch_supported).
//
// GCC 12's AVX-512 intrinsics start from _mm512_undefined_epi32() and trip -Wuninitialized in
// their own headers (GCC bug 105593, fixed in GCC 13).
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <immintrin.h>

#define ON2_AVX512_TARGET \
  __attribute__((target("avx512f,avx512bw,avx512vbmi,gfni,vpclmulqdq,pclmul,sse4.1")))
// These helpers run inside hot loops; a call would pass the registers through memory.
#define ON2_AVX512_INLINE ON2_AVX512_TARGET __attribute__((always_inline)) inline

#include <cstddef>
#include <cstdint>

namespace cas::detail {

// The basis changes of clmul_tables (nimber ↔ polynomial coordinates) on n words in place,
// by GFNI affine instructions (linear_maps.cpp).
void to_polynomial_basis_avx512(std::uint64_t* x, std::size_t n);
void to_nimber_basis_avx512(std::uint64_t* x, std::size_t n);

// The mask of the first min(count, 8) lanes, for the short group at the end of an array.
ON2_AVX512_INLINE __mmask8 first_lanes(std::size_t count) {
  return static_cast<__mmask8>(count >= 8 ? 0xff : (1u << count) - 1);
}

// a·b mod P in each 64-bit lane (polynomial coordinates), as clmul_mod does for one. Each
// 128-bit lane holds two products; the reduction reads the high qword where the carry-less
// product leaves it and returns the result in the low qword, so only the last step shuffles.
ON2_AVX512_INLINE __m512i reduce(__m512i product, __m512i barrett, __m512i modulus) {
  // qword 1: high ⊕ high(high · ⌊x^128/P⌋ − x^64·high) = the quotient (qword 0 is not used)
  const __m512i quotient =
      _mm512_xor_si512(product, _mm512_clmulepi64_epi128(product, barrett, 0x01));
  // qword 0: low ⊕ low(quotient · (P − x^64))
  return _mm512_xor_si512(product, _mm512_clmulepi64_epi128(quotient, modulus, 0x01));
}

// The unreduced carry-less products of eight lanes: the even lanes' in `even`, the odd lanes' in
// `odd`, each as 128 bits in its 128-bit lane. Reduction is linear, so a sum of products can be
// reduced once.
struct lane_products {
  __m512i even, odd;
};

ON2_AVX512_INLINE lane_products carryless_products(__m512i a, __m512i b) {
  return {_mm512_clmulepi64_epi128(a, b, 0x00), _mm512_clmulepi64_epi128(a, b, 0x11)};
}

ON2_AVX512_INLINE lane_products xor_products(lane_products p, lane_products q) {
  return {_mm512_xor_si512(p.even, q.even), _mm512_xor_si512(p.odd, q.odd)};
}

ON2_AVX512_INLINE __m512i reduce_products(lane_products p, __m512i barrett, __m512i modulus) {
  return _mm512_unpacklo_epi64(reduce(p.even, barrett, modulus), reduce(p.odd, barrett, modulus));
}

ON2_AVX512_INLINE __m512i multiply_mod(__m512i a, __m512i b, __m512i barrett, __m512i modulus) {
  return reduce_products(carryless_products(a, b), barrett, modulus);
}

// y ⊗ H = y·x mod P in each lane (clmul_times_half): (y << 1) ⊕ (P − x^64 where y's top bit was
// set); ternary-logic 0x78 is a ⊕ (b ∧ c). The shift is written y + y: a 512-bit add issues on
// either vector port, a shift on one only (it shows on big products: docs/benchmarks.md).
ON2_AVX512_INLINE __m512i times_half(__m512i y, __m512i modulus) {
  return _mm512_ternarylogic_epi64(_mm512_add_epi64(y, y), _mm512_srai_epi64(y, 63), modulus, 0x78);
}

}  // namespace cas::detail
