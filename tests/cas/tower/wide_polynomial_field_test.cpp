// GF(2)[z]/(μ) of any size (cas/src/tower/wide_polynomial_field.hpp, a white-box test): products
// and squares against a bit-by-bit product and long division, for moduli from one word to more
// than the stack scratch (fixed products up to 12 words a side, Karatsuba from 12, the heap from
// 64), on each kernel this CPU has (software, PCLMULQDQ, VPCLMULQDQ).
#include "tower/wide_polynomial_field.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

namespace {

using word = std::uint64_t;
using cas::detail::wide_kernel;

bool bit(const std::vector<word>& v, std::uint64_t i) {
  return i / 64 < v.size() && ((v[i / 64] >> (i % 64)) & 1) != 0;
}

// a·b mod μ by shifts and adds, μ of degree m.
std::vector<word> reference_product(const std::vector<word>& a, const std::vector<word>& b,
                                    const std::vector<word>& mu, std::uint64_t m) {
  std::vector<word> product((2 * m + 64) / 64 + 1, 0);
  for (std::uint64_t i = 0; i < m; ++i) {
    if (!bit(a, i)) continue;
    for (std::uint64_t j = 0; j < m; ++j) {
      if (bit(b, j)) product[(i + j) / 64] ^= word{1} << ((i + j) % 64);
    }
  }
  for (std::uint64_t i = 2 * m; i-- > m;) {
    if (!bit(product, i)) continue;
    for (std::uint64_t j = 0; j <= m; ++j) {
      if (bit(mu, j)) product[(i - m + j) / 64] ^= word{1} << ((i - m + j) % 64);
    }
  }
  product.resize((m + 63) / 64);
  return product;
}

TEST(WidePolynomialField, ProductsAndSquaresAgreeWithLongDivision) {
  std::mt19937_64 random(77);
  // Every size of the fixed products (up to 12 words a side) and the diagonal loop beyond them.
  for (const std::uint64_t m : {1u, 63u, 64u, 65u, 127u, 150u, 198u, 255u, 300u, 380u, 420u, 500u,
                                540u, 600u, 700u, 767u, 1206u, 2100u, 4100u}) {
    std::vector<word> mu((m + 64) / 64, 0);
    for (word& w : mu) w = random();
    if ((m + 1) % 64 != 0) mu.back() &= (word{1} << ((m + 1) % 64)) - 1;
    mu[m / 64] |= word{1} << (m % 64);  // degree m (the modulus need not be irreducible here)
    for (const auto kernel : {wide_kernel::software, wide_kernel::pclmul, wide_kernel::vpclmul}) {
      if (!cas::detail::kernel_supported(kernel)) continue;
      const cas::detail::wide_polynomial_field field(mu, kernel);
      ASSERT_EQ(field.degree(), m);
      for (int trial = 0; trial < 3; ++trial) {
        std::vector<word> a(field.words()), b(field.words());
        for (word& w : a) w = random();
        for (word& w : b) w = random();
        if (m % 64 != 0)
          a.back() &= (word{1} << (m % 64)) - 1, b.back() &= (word{1} << (m % 64)) - 1;
        const auto path = static_cast<int>(kernel);
        EXPECT_EQ(field.mul(a, b), reference_product(a, b, mu, m))
            << "m = " << m << ", path " << path;
        EXPECT_EQ(field.square(a), reference_product(a, a, mu, m))
            << "m = " << m << ", path " << path;
      }
    }
  }
}

}  // namespace
