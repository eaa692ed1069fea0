// 64-bit nimber inverses in AVX-512 registers by Montgomery's trick in eight lanes (private to
// cas/src; entered only when detail::avx512_batch_supported()).
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

// Inverses a block at a time: 256 registers of eight (2048 words) on the stack.
constexpr std::size_t inverse_block_registers = 256;
// Independent product chains per block, so consecutive products do not wait for each other.
constexpr std::size_t inverse_chains = 4;

// out[i] = a[i]^(−1) for i < count ≤ 8·inverse_block_registers, no a[i] zero. Montgomery's
// trick in each lane: prefix products forward along each chain, one inverse of each chain's total
// (a 64-bit inverse per lane), then back: inverse of x_s = (inverse of the prefix up to s) ⊗
// prefix up to s − 1, and the inverse of the prefix up to s − 1 = that ⊗ x_s.
ON2_AVX512_TARGET void inverse_block(const u64* a, u64* out, std::size_t count,
                                     const wide_tables& t) {
  const std::size_t registers = (count + 7) / 8;
  __m512i value[inverse_block_registers], prefix[inverse_block_registers];
  const __m512i one = _mm512_set1_epi64(1);  // 1 in either basis (g^0); pads a short last register
  for (std::size_t s = 0; s < registers; ++s) {
    value[s] = _mm512_mask_loadu_epi64(one, first_lanes(count - 8 * s), a + 8 * s);
  }
  for (std::size_t s = 0; s < registers; ++s) {
    __m512i v[1] = {value[s]};
    apply(t.to_polynomial, v, t);
    value[s] = v[0];
  }
  const __m512i modulus = _mm512_set1_epi64(static_cast<long long>(t.modulus_low));
  const __m512i barrett = _mm512_set1_epi64(static_cast<long long>(t.barrett_low));
  for (std::size_t s = 0; s < registers; ++s) {
    prefix[s] = s < inverse_chains
                    ? value[s]
                    : multiply_mod(prefix[s - inverse_chains], value[s], barrett, modulus);
  }
  const std::size_t chains = registers < inverse_chains ? registers : inverse_chains;
  alignas(64) u64 totals[inverse_chains][8];
  __m512i running[inverse_chains];
  for (std::size_t c = 0; c < chains; ++c) {
    const std::size_t last = c + (registers - 1 - c) / inverse_chains * inverse_chains;
    __m512i v[1] = {prefix[last]};
    apply(t.to_nimber, v, t);
    _mm512_store_si512(totals[c], v[0]);
    for (u64& lane : totals[c]) lane = nim_inv64(lane);
    v[0] = _mm512_load_si512(totals[c]);
    apply(t.to_polynomial, v, t);
    running[c] = v[0];
  }
  for (std::size_t s = registers; s-- > 0;) {
    __m512i& r = running[s % inverse_chains];
    if (s < inverse_chains) {
      value[s] = r;
    } else {
      const __m512i inverse = multiply_mod(r, prefix[s - inverse_chains], barrett, modulus);
      r = multiply_mod(r, value[s], barrett, modulus);
      value[s] = inverse;
    }
  }
  for (std::size_t s = 0; s < registers; ++s) {
    __m512i v[1] = {value[s]};
    apply(t.to_nimber, v, t);
    _mm512_mask_storeu_epi64(out + 8 * s, first_lanes(count - 8 * s), v[0]);
  }
}

}  // namespace

ON2_AVX512_TARGET void nim_inv64_batch_avx512(const u64* a, u64* out, std::size_t n) {
  const wide_tables& t = wide();
  constexpr std::size_t block = 8 * inverse_block_registers;
  for (std::size_t i = 0; i < n; i += block)
    inverse_block(a + i, out + i, n - i < block ? n - i : block, t);
}

}  // namespace cas::detail
