// The 64-bit batch product eight at a time in AVX-512 registers (private to cas/src): the same
// product as clmul_arithmetic.hpp (basis change, carry-less product, Barrett reduction, basis
// change back), with the basis changes done by GFNI affine instructions instead of table reads.
//
// A basis change is a 64×64 matrix M over GF(2). Cut into 8×8 blocks M_ij (output byte i, input
// byte j), y_i = ⊕_j M_ij·x_j, and vgf2p8affineqb applies one 8×8 matrix per 64-bit lane to every
// byte of the lane. So the eight inputs are read "byte j of every input" into all eight lanes
// (one vpermb, VBMI), lane i applies M_ij, and the eight results are summed: lane i then holds
// byte i of all eight outputs, and a last vpermb transposes them back.
// GCC 12's AVX-512 intrinsics start from _mm512_undefined_epi32() and trip -Wuninitialized in
// their own headers (GCC bug 105593, fixed in GCC 13).
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <immintrin.h>

#include <array>
#include <cstddef>

#include "cas/nimber_kernels.hpp"
#include "gf64_tables.hpp"

namespace cas::detail {
namespace {

#define ON2_AVX512_TARGET \
  __attribute__((target("avx512f,avx512bw,avx512vbmi,gfni,vpclmulqdq,pclmul,sse4.1")))

// A basis change as eight registers: column[j] holds M_0j, …, M_7j, one per 64-bit lane, in
// vgf2p8affineqb's layout (the row for output bit r is byte 7 − r of the lane).
struct gfni_map {
  alignas(64) std::array<std::array<u64, 8>, 8> column{};

  explicit gfni_map(const linear_map64& m) {
    for (int j = 0; j < 8; ++j) {
      for (int i = 0; i < 8; ++i) {
        u64 block = 0;
        for (int r = 0; r < 8; ++r) {
          u64 row = 0;  // bit s: does bit s of input byte j reach bit r of output byte i?
          for (int s = 0; s < 8; ++s) {
            const u64 image = m.table[static_cast<std::size_t>(j)][std::size_t{1} << s];
            row |= ((image >> (8 * i + r)) & 1u) << s;
          }
          block |= row << (8 * (7 - r));
        }
        column[static_cast<std::size_t>(j)][static_cast<std::size_t>(i)] = block;
      }
    }
  }
};

struct wide_tables {
  gfni_map to_polynomial;
  gfni_map to_nimber;
  // gather[j]: byte 8i + k ← byte 8k + j, so every lane holds byte j of the eight inputs.
  alignas(64) std::array<std::array<u8, 64>, 8> gather{};
  // transpose: byte 8k + i ← byte 8i + k.
  alignas(64) std::array<u8, 64> transpose{};
  u64 modulus_low;
  u64 barrett_low;

  explicit wide_tables(const clmul_tables& t)
      : to_polynomial(t.to_polynomial),
        to_nimber(t.to_nimber),
        modulus_low(t.modulus_low),
        barrett_low(t.barrett_low) {
    for (std::size_t j = 0; j < 8; ++j) {
      for (std::size_t i = 0; i < 8; ++i) {
        for (std::size_t k = 0; k < 8; ++k) {
          gather[j][8 * i + k] = static_cast<u8>(8 * k + j);
          transpose[8 * k + i] = static_cast<u8>(8 * i + k);
        }
      }
    }
  }
};

const wide_tables& wide() {
  static const wide_tables tables(clmul_gf64());
  return tables;
}

ON2_AVX512_TARGET inline __m512i load(const std::array<u64, 8>& lanes) {
  return _mm512_load_si512(lanes.data());
}
ON2_AVX512_TARGET inline __m512i load(const std::array<u8, 64>& bytes) {
  return _mm512_load_si512(bytes.data());
}

// The basis change `map` applied to each of the eight 64-bit lanes of x.
ON2_AVX512_TARGET inline __m512i apply(const gfni_map& map, __m512i x, const wide_tables& t) {
  __m512i part[8];
  for (std::size_t j = 0; j < 8; ++j) {
    part[j] = _mm512_gf2p8affine_epi64_epi8(_mm512_permutexvar_epi8(load(t.gather[j]), x),
                                            load(map.column[j]), 0);
  }
  const __m512i sum = _mm512_ternarylogic_epi64(
      _mm512_ternarylogic_epi64(part[0], part[1], part[2], 0x96),
      _mm512_ternarylogic_epi64(part[3], part[4], part[5], 0x96), _mm512_xor_si512(part[6], part[7]),
      0x96);
  return _mm512_permutexvar_epi8(load(t.transpose), sum);
}

// a·b mod P in each 64-bit lane (polynomial coordinates), as clmul_mod does for one.
ON2_AVX512_TARGET inline __m512i multiply_mod(__m512i a, __m512i b, __m512i barrett,
                                              __m512i modulus) {
  const __m512i even = _mm512_clmulepi64_epi128(a, b, 0x00);  // lanes 0, 2, 4, 6
  const __m512i odd = _mm512_clmulepi64_epi128(a, b, 0x11);   // lanes 1, 3, 5, 7
  const __m512i low = _mm512_unpacklo_epi64(even, odd);
  const __m512i high = _mm512_unpackhi_epi64(even, odd);
  const __m512i quotient = _mm512_xor_si512(
      high, _mm512_unpackhi_epi64(_mm512_clmulepi64_epi128(high, barrett, 0x00),
                                  _mm512_clmulepi64_epi128(high, barrett, 0x01)));
  return _mm512_xor_si512(low, _mm512_unpacklo_epi64(_mm512_clmulepi64_epi128(quotient, modulus, 0x00),
                                                      _mm512_clmulepi64_epi128(quotient, modulus, 0x01)));
}

ON2_AVX512_TARGET inline __m512i nim_product8(__m512i a, __m512i b, const wide_tables& t,
                                              __m512i barrett, __m512i modulus) {
  return apply(t.to_nimber,
               multiply_mod(apply(t.to_polynomial, a, t), apply(t.to_polynomial, b, t), barrett,
                            modulus),
               t);
}

}  // namespace

bool avx512_batch_supported() {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
         __builtin_cpu_supports("avx512vbmi") && __builtin_cpu_supports("gfni") &&
         __builtin_cpu_supports("vpclmulqdq") && __builtin_cpu_supports("pclmul");
}

ON2_AVX512_TARGET void nim_mul64_batch_avx512(const u64* a, const u64* b, u64* out, std::size_t n) {
  const wide_tables& t = wide();
  const __m512i barrett = _mm512_set1_epi64(static_cast<long long>(t.barrett_low));
  const __m512i modulus = _mm512_set1_epi64(static_cast<long long>(t.modulus_low));
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    const __m512i product = nim_product8(_mm512_loadu_si512(a + i), _mm512_loadu_si512(b + i), t,
                                         barrett, modulus);
    _mm512_storeu_si512(out + i, product);
  }
  if (i < n) {  // the last 1–7 products, through masked loads and stores
    const auto lanes = static_cast<__mmask8>((1u << (n - i)) - 1);
    const __m512i product = nim_product8(_mm512_maskz_loadu_epi64(lanes, a + i),
                                         _mm512_maskz_loadu_epi64(lanes, b + i), t, barrett, modulus);
    _mm512_mask_storeu_epi64(out + i, lanes, product);
  }
}

}  // namespace cas::detail
