// 128-bit nimber products eight at a time in AVX-512 registers (private to cas/src; entered
// only when detail::avx512_batch_supported()).
#include <array>
#include <cstddef>
#include <cstdint>

#include "cas/kernels/nimber_kernels.hpp"
#include "kernels/avx512/avx512_clmul.hpp"
#include "kernels/avx512/avx512_gfni.hpp"
#include "kernels/gf64_tables.hpp"
#include "kernels/kernel_paths.hpp"

namespace cas::detail {
namespace {

// The reduced low and high results of the 128-bit products whose halves sit in the even lanes
// (Selector 0x00) or the odd lanes (0x11) of the inputs. The selector is vpclmulqdq's immediate,
// so it is a template parameter: a loop variable is a constant only once the loop is unrolled,
// which compilers do not promise (GCC under ASan and clang 14 at -O1 refuse the code).
template <int Selector>
ON2_AVX512_INLINE void reduced_lane_products(__m512i a0, __m512i b0, __m512i a1_half, __m512i b1,
                                             __m512i a_sum, __m512i b_sum, __m512i barrett,
                                             __m512i modulus, __m512i& low, __m512i& high) {
  const __m512i c0 = _mm512_clmulepi64_epi128(a0, b0, Selector);
  low = reduce(_mm512_xor_si512(c0, _mm512_clmulepi64_epi128(a1_half, b1, Selector)), barrett,
               modulus);
  high = reduce(_mm512_xor_si512(c0, _mm512_clmulepi64_epi128(a_sum, b_sum, Selector)), barrett,
                modulus);
}

// Up to eight 128-bit products (words: lo, hi of each), `count` of them: the Karatsuba step of
// docs/spec/arithmetic.md §2 in polynomial coordinates, low = c0 ⊕ (a1 ⊗ H)·b1 and high = c0 ⊕ c12,
// each summed as carry-less products before one reduction.
ON2_AVX512_INLINE void products128(const nim128* a, const nim128* b, nim128* out, std::size_t count,
                                   const wide_tables& t) {
  const std::size_t words = 2 * count;
  const __mmask8 first = first_lanes(words), second = first_lanes(words > 8 ? words - 8 : 0);
  __m512i x[4] = {_mm512_maskz_loadu_epi64(first, a), _mm512_maskz_loadu_epi64(second, a + 4),
                  _mm512_maskz_loadu_epi64(first, b), _mm512_maskz_loadu_epi64(second, b + 4)};
  apply(t.to_polynomial, x, t);
  const __m512i evens = _mm512_set_epi64(14, 12, 10, 8, 6, 4, 2, 0);
  const __m512i odds = _mm512_set_epi64(15, 13, 11, 9, 7, 5, 3, 1);
  const __m512i modulus = _mm512_set1_epi64(static_cast<long long>(t.modulus_low));
  const __m512i barrett = _mm512_set1_epi64(static_cast<long long>(t.barrett_low));
  const __m512i a0 = _mm512_permutex2var_epi64(x[0], evens, x[1]);
  const __m512i a1 = _mm512_permutex2var_epi64(x[0], odds, x[1]);
  const __m512i b0 = _mm512_permutex2var_epi64(x[2], evens, x[3]);
  const __m512i b1 = _mm512_permutex2var_epi64(x[2], odds, x[3]);
  const __m512i a1_half = times_half(a1, modulus);
  const __m512i a_sum = _mm512_xor_si512(a0, a1), b_sum = _mm512_xor_si512(b0, b1);
  // The low and high results of the products in the even lanes, then of those in the odd lanes.
  __m512i low[2], high[2];
  reduced_lane_products<0x00>(a0, b0, a1_half, b1, a_sum, b_sum, barrett, modulus, low[0], high[0]);
  reduced_lane_products<0x11>(a0, b0, a1_half, b1, a_sum, b_sum, barrett, modulus, low[1], high[1]);
  __m512i result[2] = {_mm512_unpacklo_epi64(low[0], low[1]),
                       _mm512_unpacklo_epi64(high[0], high[1])};
  apply(t.to_nimber, result, t);
  const __m512i first_four = _mm512_set_epi64(11, 3, 10, 2, 9, 1, 8, 0);  // lo, hi of each
  const __m512i last_four = _mm512_set_epi64(15, 7, 14, 6, 13, 5, 12, 4);
  _mm512_mask_storeu_epi64(out, first, _mm512_permutex2var_epi64(result[0], first_four, result[1]));
  _mm512_mask_storeu_epi64(out + 4, second,
                           _mm512_permutex2var_epi64(result[0], last_four, result[1]));
}

}  // namespace

ON2_AVX512_TARGET void nim_mul128_batch_avx512(const nim128* a, const nim128* b, nim128* out,
                                               std::size_t n) {
  const wide_tables& t = wide();
  for (std::size_t i = 0; i < n; i += 8)
    products128(a + i, b + i, out + i, n - i < 8 ? n - i : 8, t);
}

}  // namespace cas::detail
