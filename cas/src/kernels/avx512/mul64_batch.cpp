// The 64-bit batch product eight at a time in AVX-512 registers (private to cas/src): the same
// product as clmul_arithmetic.hpp (basis change, carry-less product, Barrett reduction, basis
// change back), with the basis changes done by GFNI affine instructions instead of table reads.
// The GFNI basis changes are in avx512_gfni.hpp.
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
// prefetcher alone left the batch further from the memory floor: docs/benchmarks.md, B1).
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

}  // namespace

ON2_AVX512_TARGET void nim_mul64_batch_avx512(const u64* a, const u64* b, u64* out, std::size_t n) {
  const wide_tables& t = wide();
  std::size_t i = 0;
  if (n >= streaming_threshold) {
    // Up to the first 64-byte boundary of out, then whole groups stored around the caches.
    const std::size_t lead = ((64 - reinterpret_cast<std::uintptr_t>(out) % 64) % 64) / 8;
    if (lead != 0) masked_group(a, b, out, first_lanes(lead), t);
    for (i = lead; i + 24 <= n; i += 24) three_groups<true>(a + i, b + i, out + i, t);
    _mm_sfence();
  }
  for (; i + 24 <= n; i += 24) three_groups<false>(a + i, b + i, out + i, t);
  for (; i < n; i += 8) {  // the last 1–23 products; a short group through masked loads and stores
    masked_group(a + i, b + i, out + i, first_lanes(n - i), t);
  }
}

}  // namespace cas::detail
