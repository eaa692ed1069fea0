#pragma once
// GF(2)-linear maps of GF(2^64) applied to eight words per AVX-512 register by GFNI affine
// instructions (private to cas/src; needs detail::avx512_batch_supported()).
//
// A linear map is a 64×64 matrix M over GF(2). Cut into 8×8 blocks M_ij (output byte i, input
// byte j), y_i = ⊕_j M_ij·x_j, and vgf2p8affineqb applies one 8×8 matrix per 64-bit lane to every
// byte of that lane. So the qword "byte j of each of the eight inputs" (a row of their byte
// transpose) goes to all eight lanes, lane i applies M_ij, and the eight results are summed:
// lane i then holds byte i of the eight outputs, and a byte transpose (vpermb) puts them back.
#include <array>
#include <cstddef>
#include <cstdint>

#include "kernels/avx512/avx512_clmul.hpp"
#include "kernels/gf64_tables.hpp"

namespace cas::detail {

// A basis change as eight registers: column[j] holds M_0j, …, M_7j, one per 64-bit lane, in
// vgf2p8affineqb's layout (the row for output bit r is byte 7 − r of the lane).
struct gfni_map {
  alignas(64) std::array<std::array<u64, 8>, 8> column{};

  explicit gfni_map(const linear_map64& m) {
    for (std::size_t j = 0; j < 8; ++j) {
      for (std::size_t i = 0; i < 8; ++i) {
        u64 block = 0;
        for (std::size_t r = 0; r < 8; ++r) {
          u64 row = 0;  // bit s: does bit s of input byte j reach bit r of output byte i?
          for (std::size_t s = 0; s < 8; ++s) {
            row |= ((m.table[j][std::size_t{1} << s] >> (8 * i + r)) & 1u) << s;
          }
          block |= row << (8 * (7 - r));
        }
        column[j][i] = block;
      }
    }
  }
};

struct wide_tables {
  gfni_map to_polynomial;
  gfni_map to_nimber;
  gfni_map square;  // in nimber coordinates (squaring is GF(2)-linear)
  gfni_map sqrt;
  // The byte transpose of eight qwords: byte 8k + i ← byte 8i + k.
  alignas(64) std::array<u8, 64> transpose{};
  u64 modulus_low;
  u64 barrett_low;

  wide_tables(const clmul_tables& t, const linear_maps64& maps)
      : to_polynomial(t.to_polynomial),
        to_nimber(t.to_nimber),
        square(maps.square),
        sqrt(maps.sqrt),
        modulus_low(t.modulus_low),
        barrett_low(t.barrett_low) {
    for (std::size_t i = 0; i < 8; ++i) {
      for (std::size_t k = 0; k < 8; ++k) {
        transpose[8 * k + i] = static_cast<u8>(8 * i + k);
      }
    }
  }
};

// The tables for clmul_gf64(), built on first use (avx512_gfni.cpp).
const wide_tables& wide();

ON2_AVX512_INLINE __m512i load(const std::array<u8, 64>& bytes) {
  return _mm512_load_si512(bytes.data());
}
ON2_AVX512_INLINE __m512i load(const std::array<u64, 8>& lanes) {
  return _mm512_load_si512(lanes.data());
}

// The qword at `source` in all eight lanes. Written as assembly because the compiler, seeing
// where the qwords were stored, would otherwise keep them in registers and spread them with
// shuffles, the scarce resource here; a broadcast from memory takes only a load.
ON2_AVX512_INLINE __m512i broadcast(const u64& source) {
  __m512i result;
  asm("vpbroadcastq %1, %0" : "=v"(result) : "m"(source));
  return result;
}

// The basis change `map` applied to each 64-bit lane of the N registers x. The N groups go
// through each step together, so the processor has independent work while a step's long chain
// of latencies (permute, store, broadcast, affine, sum, permute) runs. Three groups are faster
// than two; four, no better than three (docs/benchmarks.md).
template <std::size_t N>
ON2_AVX512_INLINE void apply(const gfni_map& map, __m512i (&x)[N], const wide_tables& t) {
  alignas(64) u64 byte_rows[N][8];  // byte_rows[g][j]: byte j of each input of group g
  for (std::size_t g = 0; g < N; ++g) {
    _mm512_store_si512(byte_rows[g], _mm512_permutexvar_epi8(load(t.transpose), x[g]));
  }
  __m512i part[N][8];
  for (std::size_t j = 0; j < 8; ++j) {
    const __m512i blocks = load(map.column[j]);
    for (std::size_t g = 0; g < N; ++g) {
      part[g][j] = _mm512_gf2p8affine_epi64_epi8(broadcast(byte_rows[g][j]), blocks, 0);
    }
  }
  for (std::size_t g = 0; g < N; ++g) {
    const __m512i(&p)[8] = part[g];
    const __m512i by_output_byte = _mm512_ternarylogic_epi64(
        _mm512_ternarylogic_epi64(p[0], p[1], p[2], 0x96),
        _mm512_ternarylogic_epi64(p[3], p[4], p[5], 0x96), _mm512_xor_si512(p[6], p[7]), 0x96);
    x[g] = _mm512_permutexvar_epi8(load(t.transpose), by_output_byte);
  }
}

}  // namespace cas::detail
