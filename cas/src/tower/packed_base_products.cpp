#include "tower/packed_base_products.hpp"

#include <algorithm>
#include <vector>

#include "kernels/kernel_paths.hpp"

namespace cas::detail {
namespace {

// The schoolbook of carryless_polynomial_product with PCLMULQDQ, each output coefficient summed
// in a vector register: the products never pass through general registers as u128s.
ON2_PCLMUL_CAPABLE void carryless_schoolbook_pclmul(const word* x, const word* y, std::size_t m,
                                                    u128* out) {
  for (std::size_t s = 0; s < 2 * m - 1; ++s) {
    auto* target = reinterpret_cast<__m128i*>(out + s);  // u128 and __m128i: the same 16 bytes
    __m128i sum = _mm_loadu_si128(target);
    for (std::size_t i = s < m ? 0 : s - m + 1, last = std::min(s, m - 1); i <= last; ++i) {
      const __m128i a = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(x + i));
      const __m128i b = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(y + s - i));
      sum = _mm_xor_si128(sum, _mm_clmulepi64_si128(a, b, 0x00));
    }
    _mm_storeu_si128(target, sum);
  }
}

// carryless_schoolbook_pclmul for a fixed m, unrolled, each factor's coefficients loaded once:
// the t-polynomials two steps above a base of more than 32 bits (no Kronecker packing there) have
// a few coefficients, and the loop bounds of the general schoolbook cost more than its products.
template <std::size_t M>
ON2_PCLMUL_CAPABLE void carryless_schoolbook_fixed_pclmul(const word* x, const word* y, u128* out) {
  __m128i a[M], b[M];
  for (std::size_t i = 0; i < M; ++i) {
    a[i] = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(x + i));
    b[i] = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(y + i));
  }
  auto* sums = reinterpret_cast<__m128i*>(out);  // u128 and __m128i: the same 16 bytes
#pragma GCC unroll 16
  for (std::size_t s = 0; s < 2 * M - 1; ++s) {
    __m128i sum = _mm_loadu_si128(sums + s);
#pragma GCC unroll 8
    for (std::size_t i = 0; i < M; ++i) {
      if (i <= s && s - i < M) sum = _mm_xor_si128(sum, _mm_clmulepi64_si128(a[i], b[s - i], 0x00));
    }
    _mm_storeu_si128(sums + s, sum);
  }
}

// carryless_sparse_product with PCLMULQDQ, each row's factor loaded once and the sums updated in
// vector registers.
ON2_PCLMUL_CAPABLE void carryless_sparse_product_pclmul(const word* x, const word* y, std::size_t m,
                                                        u128* out) {
  auto* sums = reinterpret_cast<__m128i*>(out);  // u128 and __m128i: the same 16 bytes
  for (std::size_t i = 0; i < m; ++i) {
    if (x[i] == 0) continue;
    const __m128i a = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(x + i));
    for (std::size_t k = 0; k < m; ++k) {
      const __m128i b = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(y + k));
      _mm_storeu_si128(sums + i + k, _mm_xor_si128(_mm_loadu_si128(sums + i + k),
                                                   _mm_clmulepi64_si128(a, b, 0x00)));
    }
  }
}

}  // namespace

ON2_PCLMUL_CAPABLE void carryless_sparse_product(const packed_field& field, const word* x,
                                                 const word* y, std::size_t m, u128* out) {
  static const bool pclmul = clmul_enabled();
  if (pclmul) return carryless_sparse_product_pclmul(x, y, m, out);
  for (std::size_t i = 0; i < m; ++i) {
    if (x[i] == 0) continue;
    for (std::size_t k = 0; k < m; ++k) out[i + k] ^= field.carryless(x[i], y[k]);
  }
}

ON2_PCLMUL_CAPABLE void carryless_square(const packed_field& field, const word* x, std::size_t m,
                                         u128* out) {
  static const bool pclmul = clmul_enabled();
  for (std::size_t j = 0; j + 1 < m; ++j) out[2 * j + 1] = 0;
  if (!pclmul) {
    for (std::size_t j = 0; j < m; ++j) out[2 * j] = field.carryless(x[j], x[j]);
    return;
  }
  auto* sums = reinterpret_cast<__m128i*>(out);  // u128 and __m128i: the same 16 bytes
  for (std::size_t j = 0; j < m; ++j) {
    const __m128i a = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(x + j));
    _mm_storeu_si128(sums + 2 * j, _mm_clmulepi64_si128(a, a, 0x00));
  }
}

ON2_PCLMUL_CAPABLE void carryless_polynomial_product(const packed_field& field, const word* x,
                                                     const word* y, std::size_t m, u128* out) {
  static const bool pclmul = clmul_enabled();
  if (m <= 24 && pclmul) {
    switch (m) {
      case 3:
        return carryless_schoolbook_fixed_pclmul<3>(x, y, out);
      case 4:
        return carryless_schoolbook_fixed_pclmul<4>(x, y, out);
      case 5:
        return carryless_schoolbook_fixed_pclmul<5>(x, y, out);
      case 6:
        return carryless_schoolbook_fixed_pclmul<6>(x, y, out);
      case 7:
        return carryless_schoolbook_fixed_pclmul<7>(x, y, out);
      default:
        return carryless_schoolbook_pclmul(x, y, m, out);
    }
  }
  if (m <= 24) {
    carryless_sparse_product(field, x, y, m, out);
    return;
  }
  const std::size_t h = m / 2, high = m - h;
  std::vector<word> sum_x(x + h, x + m), sum_y(y + h, y + m);
  xor_into(sum_x.data(), x, h);
  xor_into(sum_y.data(), y, h);
  std::vector<u128> low(2 * h - 1, 0), top(2 * high - 1, 0), middle(2 * high - 1, 0);
  carryless_polynomial_product(field, x, y, h, low.data());
  carryless_polynomial_product(field, x + h, y + h, high, top.data());
  carryless_polynomial_product(field, sum_x.data(), sum_y.data(), high, middle.data());
  for (std::size_t i = 0; i < low.size(); ++i) middle[i] ^= low[i];
  for (std::size_t i = 0; i < top.size(); ++i) middle[i] ^= top[i];
  for (std::size_t i = 0; i < low.size(); ++i) out[i] ^= low[i];
  for (std::size_t i = 0; i < middle.size(); ++i) out[h + i] ^= middle[i];
  for (std::size_t i = 0; i < top.size(); ++i) out[2 * h + i] ^= top[i];
}

ON2_PCLMUL_CAPABLE void carryless_bivariate_product(const packed_field& field, const word* x,
                                                    const word* y, std::size_t d1, std::size_t m,
                                                    u128* out, u128* scratch, word* words_scratch) {
  const std::size_t stride = 2 * d1 - 1;
  if (m <= 6) {
    for (std::size_t i = 0; i < m; ++i) {
      if (all_zero(x + i * d1, d1)) continue;
      for (std::size_t k = 0; k < m; ++k) {
        carryless_polynomial_product(field, x + i * d1, y + k * d1, d1, out + (i + k) * stride);
      }
    }
    return;
  }
  const std::size_t h = m / 2, high = m - h;
  const std::size_t low_size = (2 * h - 1) * stride, high_size = (2 * high - 1) * stride;
  word* sum_x = words_scratch;
  word* sum_y = sum_x + high * d1;
  std::copy(x + h * d1, x + m * d1, sum_x);
  std::copy(y + h * d1, y + m * d1, sum_y);
  xor_into(sum_x, x, h * d1);
  xor_into(sum_y, y, h * d1);
  u128* low = scratch;
  u128* top = low + low_size;
  u128* middle = top + high_size;
  std::fill(scratch, middle + high_size, u128{0});
  u128* rest = middle + high_size;
  word* words_rest = sum_y + high * d1;
  carryless_bivariate_product(field, x, y, d1, h, low, rest, words_rest);
  carryless_bivariate_product(field, x + h * d1, y + h * d1, d1, high, top, rest, words_rest);
  carryless_bivariate_product(field, sum_x, sum_y, d1, high, middle, rest, words_rest);
  for (std::size_t i = 0; i < low_size; ++i) middle[i] ^= low[i];
  for (std::size_t i = 0; i < high_size; ++i) middle[i] ^= top[i];
  for (std::size_t i = 0; i < low_size; ++i) out[i] ^= low[i];
  for (std::size_t i = 0; i < high_size; ++i) out[h * stride + i] ^= middle[i];
  for (std::size_t i = 0; i < high_size; ++i) out[2 * h * stride + i] ^= top[i];
}

}  // namespace cas::detail
