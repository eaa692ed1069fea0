// The unreduced products over the packed base (cas/src/tower/packed_base_products.hpp, a
// white-box test): each against the sum of every coefficient's carry-less product on the software
// path, for bases of up to 64 bits and lengths through the unrolled schoolbooks (3 … 7), the
// general one and Karatsuba; the products accumulate into what out holds, the squares overwrite it.
#include "tower/packed_base_products.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "bivariate_reference.hpp"
#include "test_support.hpp"

namespace {

using cas::detail::packed_field;
using cas::detail::u128;
using cas::detail::word;
using on2_test::random_word;

std::vector<word> random_coefficients(std::size_t count, unsigned bits, bool sparse) {
  std::vector<word> v(count);
  const word mask = cas::detail::low_bits_mask(bits);
  for (auto& c : v) c = (sparse && random_word() % 3 != 0) ? 0 : random_word() & mask;
  return v;
}

std::vector<u128> random_sums(std::size_t count) {
  std::vector<u128> v(count);
  for (auto& s : v) s = (static_cast<u128>(random_word()) << 64) | random_word();
  return v;
}

// out ^ Σ x_i·y_k at i + k, one software carry-less product each.
std::vector<u128> reference_product(const std::vector<word>& x, const std::vector<word>& y,
                                    std::vector<u128> out) {
  for (std::size_t i = 0; i < x.size(); ++i)
    for (std::size_t k = 0; k < y.size(); ++k)
      out[i + k] ^= packed_field::carryless_software(x[i], y[k]);
  return out;
}

constexpr unsigned bases[] = {1, 17, 24, 32, 33, 36, 47, 63, 64};

TEST(PackedBaseProducts, PolynomialProductEqualsTheSumOfCoefficientProducts) {
  for (const unsigned base : bases) {
    const packed_field field(base, 1);
    for (std::size_t m = 1; m <= 30; ++m) {
      for (int round = 0; round < on2_test::scaled(3); ++round) {
        const auto x = random_coefficients(m, base, round == 1),
                   y = random_coefficients(m, base, false);
        std::vector<u128> out = random_sums(2 * m - 1);
        const std::vector<u128> expected = reference_product(x, y, out);
        cas::detail::carryless_polynomial_product(field, x.data(), y.data(), m, out.data());
        ASSERT_TRUE(out == expected) << "base " << base << ", m " << m;
        out = random_sums(2 * m - 1);
        const std::vector<u128> expected_sparse = reference_product(x, y, out);
        cas::detail::carryless_sparse_product(field, x.data(), y.data(), m, out.data());
        ASSERT_TRUE(out == expected_sparse) << "base " << base << ", m " << m;
      }
    }
  }
}

TEST(PackedBaseProducts, SquareEqualsTheProductByItself) {
  for (const unsigned base : bases) {
    const packed_field field(base, 1);
    for (std::size_t m = 1; m <= 12; ++m) {
      const auto x = random_coefficients(m, base, m % 2 == 0);
      const std::vector<u128> expected = reference_product(x, x, std::vector<u128>(2 * m - 1, 0));
      std::vector<u128> out = random_sums(2 * m - 1);  // written, not accumulated
      cas::detail::carryless_square(field, x.data(), m, out.data());
      ASSERT_TRUE(out == expected) << "base " << base << ", m " << m;
    }
  }
}

TEST(PackedBaseProducts, BivariateProductEqualsTheSumOfCoefficientProducts) {
  for (const unsigned base : bases) {
    const packed_field field(base, 1);
    for (const std::size_t d1 : {1u, 2u, 3u, 5u, 7u, 9u}) {
      const std::size_t stride = 2 * d1 - 1;
      for (std::size_t m = 1; m <= 13; ++m) {
        const auto x = random_coefficients(m * d1, base, m % 2 == 0),
                   y = random_coefficients(m * d1, base, false);
        std::vector<u128> out = random_sums((2 * m - 1) * stride), expected = out;
        on2_test::add_bivariate_products(x, y, d1, m, expected);
        std::vector<u128> scratch(8 * m * stride);
        std::vector<word> words_scratch(3 * m * d1);
        cas::detail::carryless_bivariate_product(field, x.data(), y.data(), d1, m, out.data(),
                                                 scratch.data(), words_scratch.data());
        ASSERT_TRUE(out == expected) << "base " << base << ", d1 " << d1 << ", m " << m;
      }
    }
  }
}

}  // namespace
