#pragma once
// GF(2^64) in the polynomial basis GF(2)[x]/(P) of clmul_tables, with PCLMULQDQ. Private to
// cas/src; every function here needs a CPU with PCLMULQDQ and SSE4.1 (detail::clmul_supported).

#include <immintrin.h>

#include "kernels/gf64_tables.hpp"

namespace cas::detail {

#define ON2_CLMUL_TARGET __attribute__((target("pclmul,sse4.1")))

// The carry-less product a·b, 128 bits.
ON2_CLMUL_TARGET inline __m128i clmul_full(u64 a, u64 b) {
  return _mm_clmulepi64_si128(_mm_cvtsi64_si128(static_cast<long long>(a)),
                              _mm_cvtsi64_si128(static_cast<long long>(b)), 0x00);
}

// A 128-bit polynomial mod P. Barrett: the quotient is floor(high · floor(x^128/P) / x^64), exact
// over GF(2); the remainder is low ⊕ (quotient·P mod x^64). Both steps stay in the register:
// the carry-less multiplies read the high qword where it lies, and only the result leaves.
ON2_CLMUL_TARGET inline u64 clmul_reduce(__m128i product, const clmul_tables& t) {
  const __m128i barrett = _mm_cvtsi64_si128(static_cast<long long>(t.barrett_low));
  const __m128i modulus = _mm_cvtsi64_si128(static_cast<long long>(t.modulus_low));
  // qword 1: high ⊕ high(high · (⌊x^128/P⌋ − x^64)) = the quotient
  const __m128i quotient = _mm_xor_si128(product, _mm_clmulepi64_si128(product, barrett, 0x01));
  // qword 0: low ⊕ low(quotient · (P − x^64))
  return static_cast<u64>(
      _mm_cvtsi128_si64(_mm_xor_si128(product, _mm_clmulepi64_si128(quotient, modulus, 0x01))));
}

// a·b mod P for a, b in polynomial coordinates.
ON2_CLMUL_TARGET inline u64 clmul_mod(u64 a, u64 b, const clmul_tables& t) {
  return clmul_reduce(clmul_full(a, b), t);
}

// y ⊗ H = y·x mod P (H = 2^63 is the basis generator x): a shift, and P's low part when x^64
// appears.
inline u64 clmul_times_half(u64 y, const clmul_tables& t) {
  return (y << 1) ^ (t.modulus_low & (u64{0} - (y >> 63)));
}

// The nim product of two nimbers below 2^64: change basis, multiply, change back.
ON2_CLMUL_TARGET inline u64 clmul_nim_product(u64 a, u64 b, const clmul_tables& t) {
  return t.to_nimber(clmul_mod(t.to_polynomial(a), t.to_polynomial(b), t));
}

}  // namespace cas::detail
