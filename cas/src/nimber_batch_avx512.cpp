// The 64-bit batch product eight at a time in AVX-512 registers (private to cas/src): the same
// product as clmul_arithmetic.hpp (basis change, carry-less product, Barrett reduction, basis
// change back), with the basis changes done by GFNI affine instructions instead of table reads.
//
// A basis change is a 64×64 matrix M over GF(2). Cut into 8×8 blocks M_ij (output byte i, input
// byte j), y_i = ⊕_j M_ij·x_j, and vgf2p8affineqb applies one 8×8 matrix per 64-bit lane to every
// byte of that lane. So the qword "byte j of each of the eight inputs" (a row of their byte
// transpose) goes to all eight lanes, lane i applies M_ij, and the eight results are summed:
// lane i then holds byte i of the eight outputs, and a byte transpose (vpermb) puts them back.
#include <array>
#include <cstddef>
#include <cstdint>

#include "avx512_clmul.hpp"
#include "cas/nimber_kernels.hpp"
#include "gf64_tables.hpp"

namespace cas::detail {
namespace {

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
  // The byte transpose of eight qwords: byte 8k + i ← byte 8i + k.
  alignas(64) std::array<u8, 64> transpose{};
  u64 modulus_low;
  u64 barrett_low;

  explicit wide_tables(const clmul_tables& t)
      : to_polynomial(t.to_polynomial),
        to_nimber(t.to_nimber),
        modulus_low(t.modulus_low),
        barrett_low(t.barrett_low) {
    for (std::size_t i = 0; i < 8; ++i) {
      for (std::size_t k = 0; k < 8; ++k) {
        transpose[8 * k + i] = static_cast<u8>(8 * i + k);
      }
    }
  }
};

const wide_tables& wide() {
  static const wide_tables tables(clmul_gf64());
  return tables;
}

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
// of latencies (permute, store, broadcast, affine, sum, permute) runs. Three groups measured
// about 10% faster than two; four, no better than three.
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

// The products of N groups of eight: a[g] ⊗ b[g] lane by lane, into a.
template <std::size_t N>
ON2_AVX512_INLINE void nim_products(__m512i (&a)[N], __m512i (&b)[N], const wide_tables& t) {
  const __m512i barrett = _mm512_set1_epi64(static_cast<long long>(t.barrett_low));
  const __m512i modulus = _mm512_set1_epi64(static_cast<long long>(t.modulus_low));
  apply(t.to_polynomial, a, t);
  apply(t.to_polynomial, b, t);
  for (std::size_t g = 0; g < N; ++g) a[g] = multiply_mod(a[g], b[g], barrett, modulus);
  apply(t.to_nimber, a, t);
}

// Above this many products (24 MiB of operands and results) the results are written with
// non-temporal stores: a batch that size is streamed, and not reading the output lines into the
// cache first saves a third of the memory traffic.
constexpr std::size_t streaming_threshold = std::size_t{1} << 20;

// Products a[k] ⊗ b[k] for the first up-to-eight k whose lanes are set, stored in out.
ON2_AVX512_INLINE void masked_group(const u64* a, const u64* b, u64* out, __mmask8 lanes,
                                    const wide_tables& t) {
  __m512i x[1] = {_mm512_maskz_loadu_epi64(lanes, a)};
  __m512i y[1] = {_mm512_maskz_loadu_epi64(lanes, b)};
  nim_products(x, y, t);
  _mm512_mask_storeu_epi64(out, lanes, x[0]);
}

// 24 products, three groups of eight together. Streaming: out is 64-byte aligned and the
// results bypass the caches, and the operands 4 KiB ahead are prefetched (the hardware
// prefetcher alone left the batch at 0.70–0.77 of the memory floor, this at 0.78–0.91, B1).
template <bool streaming>
ON2_AVX512_INLINE void three_groups(const u64* a, const u64* b, u64* out, const wide_tables& t) {
  if constexpr (streaming) {
    for (std::size_t line = 0; line < 24; line += 8) {
      _mm_prefetch(reinterpret_cast<const char*>(a + 512 + line), _MM_HINT_T0);
      _mm_prefetch(reinterpret_cast<const char*>(b + 512 + line), _MM_HINT_T0);
    }
  }
  __m512i x[3] = {_mm512_loadu_si512(a), _mm512_loadu_si512(a + 8), _mm512_loadu_si512(a + 16)};
  __m512i y[3] = {_mm512_loadu_si512(b), _mm512_loadu_si512(b + 8), _mm512_loadu_si512(b + 16)};
  nim_products(x, y, t);
  for (std::size_t g = 0; g < 3; ++g) {
    if constexpr (streaming) {
      _mm512_stream_si512(reinterpret_cast<__m512i*>(out + 8 * g), x[g]);
    } else {
      _mm512_storeu_si512(out + 8 * g, x[g]);
    }
  }
}

// A basis change of n words in place, three groups of eight at a time, then a masked group.
ON2_AVX512_TARGET void change_basis(const gfni_map& map, u64* x, std::size_t n) {
  const wide_tables& t = wide();
  std::size_t i = 0;
  for (; i + 24 <= n; i += 24) {
    __m512i v[3] = {_mm512_loadu_si512(x + i), _mm512_loadu_si512(x + i + 8),
                    _mm512_loadu_si512(x + i + 16)};
    apply(map, v, t);
    for (std::size_t g = 0; g < 3; ++g) _mm512_storeu_si512(x + i + 8 * g, v[g]);
  }
  for (; i < n; i += 8) {
    const auto lanes = static_cast<__mmask8>(n - i >= 8 ? 0xff : (1u << (n - i)) - 1);
    __m512i v[1] = {_mm512_maskz_loadu_epi64(lanes, x + i)};
    apply(map, v, t);
    _mm512_mask_storeu_epi64(x + i, lanes, v[0]);
  }
}

}  // namespace

void to_polynomial_basis_avx512(u64* x, std::size_t n) {
  change_basis(wide().to_polynomial, x, n);
}
void to_nimber_basis_avx512(u64* x, std::size_t n) {
  change_basis(wide().to_nimber, x, n);
}

bool avx512_batch_supported() {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
         __builtin_cpu_supports("avx512vbmi") && __builtin_cpu_supports("gfni") &&
         __builtin_cpu_supports("vpclmulqdq") && __builtin_cpu_supports("pclmul");
}

ON2_AVX512_TARGET void nim_mul64_batch_avx512(const u64* a, const u64* b, u64* out, std::size_t n) {
  const wide_tables& t = wide();
  std::size_t i = 0;
  if (n >= streaming_threshold) {
    // Up to the first 64-byte boundary of out, then whole groups stored around the caches.
    const std::size_t lead = ((64 - reinterpret_cast<std::uintptr_t>(out) % 64) % 64) / 8;
    if (lead != 0) masked_group(a, b, out, static_cast<__mmask8>((1u << lead) - 1), t);
    for (i = lead; i + 24 <= n; i += 24) three_groups<true>(a + i, b + i, out + i, t);
    _mm_sfence();
  }
  for (; i + 24 <= n; i += 24) three_groups<false>(a + i, b + i, out + i, t);
  for (; i < n; i += 8) {  // the last 1–23 products; a short group through masked loads and stores
    const auto lanes = static_cast<__mmask8>(n - i >= 8 ? 0xff : (1u << (n - i)) - 1);
    masked_group(a + i, b + i, out + i, lanes, t);
  }
}

}  // namespace cas::detail
