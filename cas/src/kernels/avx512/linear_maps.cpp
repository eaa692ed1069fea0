// GF(2)-linear maps of 64-bit words in AVX-512 registers (private to cas/src; entered only when
// detail::avx512_batch_supported()): the basis changes between nimber and polynomial
// coordinates, and the batch square and square root (both linear over GF(2)).
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

// out[i] = map(x[i]) for i < n (out may alias x): three groups of eight, then masked groups.
ON2_AVX512_TARGET void map_words(const gfni_map& map, const u64* x, u64* out, std::size_t n) {
  const wide_tables& t = wide();
  std::size_t i = 0;
  for (; i + 24 <= n; i += 24) {
    __m512i v[3] = {_mm512_loadu_si512(x + i), _mm512_loadu_si512(x + i + 8),
                    _mm512_loadu_si512(x + i + 16)};
    apply(map, v, t);
    for (std::size_t g = 0; g < 3; ++g) _mm512_storeu_si512(out + i + 8 * g, v[g]);
  }
  for (; i < n; i += 8) {
    const __mmask8 lanes = first_lanes(n - i);
    __m512i v[1] = {_mm512_maskz_loadu_epi64(lanes, x + i)};
    apply(map, v, t);
    _mm512_mask_storeu_epi64(out + i, lanes, v[0]);
  }
}

}  // namespace

void to_polynomial_basis_avx512(u64* x, std::size_t n) {
  map_words(wide().to_polynomial, x, x, n);
}
void to_nimber_basis_avx512(u64* x, std::size_t n) {
  map_words(wide().to_nimber, x, x, n);
}

void nim_square64_batch_avx512(const u64* a, u64* out, std::size_t n) {
  map_words(wide().square, a, out, n);
}
void nim_sqrt64_batch_avx512(const u64* a, u64* out, std::size_t n) {
  map_words(wide().sqrt, a, out, n);
}

}  // namespace cas::detail
