// Kronecker packing of t-polynomials over the packed base (cas/src/tower/kronecker_packing.hpp, a
// white-box test): the fixed schoolbooks against word-by-word carry-less products, the packed
// bivariate product against the unpacked sums of every coefficient product for base sizes and
// degrees where packing applies (and the shapes where it must not), and tower products in
// GF(2^2040), which take the packed path, against squares, which never do. Products against the
// κ schoolbook in fields on and off the packed path: tower_product_test.cpp.
#include "tower/kronecker_packing.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "bivariate_reference.hpp"
#include "cas/tower/tower.hpp"
#include "kernels/kernel_paths.hpp"
#include "test_support.hpp"

namespace {

using cas::detail::kronecker_layout;
using cas::detail::packed_field;
using cas::detail::u128;
using cas::detail::word;
using on2_test::random_word;

// out[0 .. 2w) = x·y over GF(2), one word product at a time on the software path.
std::vector<word> reference_words_product(const word* x, const word* y, std::size_t w) {
  std::vector<word> out(2 * w, 0);
  for (std::size_t i = 0; i < w; ++i) {
    for (std::size_t k = 0; k < w; ++k) {
      const u128 p = packed_field::carryless_software(x[i], y[k]);
      out[i + k] ^= static_cast<word>(p);
      out[i + k + 1] ^= static_cast<word>(p >> 64);
    }
  }
  return out;
}

template <std::size_t W>
void check_schoolbook_fixed() {
  for (int round = 0; round < on2_test::scaled(200); ++round) {
    std::vector<word> x(W), y(W), out(2 * W);
    for (auto& v : x) v = random_word();
    for (auto& v : y) v = random_word();
    for (auto& v : out) v = random_word();
    std::vector<word> expected = reference_words_product(x.data(), y.data(), W);
    for (std::size_t i = 0; i < 2 * W; ++i) expected[i] ^= out[i];  // it accumulates
    cas::detail::carryless_schoolbook_fixed<W>(x.data(), y.data(), out.data());
    ASSERT_EQ(out, expected) << W << " words";
  }
}

TEST(KroneckerPacking, FixedSchoolbooksEqualWordByWordProducts) {
  if (!cas::detail::clmul_supported()) GTEST_SKIP() << "this CPU has no PCLMULQDQ";
  check_schoolbook_fixed<1>();
  check_schoolbook_fixed<2>();
  check_schoolbook_fixed<3>();
  check_schoolbook_fixed<4>();
  check_schoolbook_fixed<5>();
  check_schoolbook_fixed<6>();
  check_schoolbook_fixed<7>();
  check_schoolbook_fixed<8>();
}

TEST(KroneckerPacking, AppliesToSmallBasesAndShortPolynomialsOnly) {
  EXPECT_TRUE(kronecker_layout(24, 5).applies());  // GF(2^2040): 5 slots of 47 bits, 4 words
  EXPECT_EQ(kronecker_layout(24, 5).words, 4u);
  EXPECT_TRUE(kronecker_layout(32, 8).applies());   // 8 slots of 63 bits: 8 words
  EXPECT_FALSE(kronecker_layout(32, 9).applies());  // 9 words
  EXPECT_FALSE(kronecker_layout(33, 2).applies());  // slots of 65 bits
  EXPECT_FALSE(kronecker_layout(60, 2).applies());
  EXPECT_TRUE(kronecker_layout(16, 2).applies());  // one word
}

// The packed product of random polynomials in s of m packed t-polynomials, unpacked, against
// Σ x_ij·y_kl at s^(i+k)·t^(j+l) summed unreduced.
void check_bivariate(unsigned base, std::size_t d1, std::size_t m) {
  const kronecker_layout layout(base, d1);
  ASSERT_TRUE(layout.applies());
  const std::size_t w = layout.words, stride = 2 * d1 - 1;
  const word mask = cas::detail::low_bits_mask(base);
  std::vector<word> x(m * d1), y(m * d1);
  // Dense, sparse and all-ones coefficients: the top bits of each slot matter most.
  const auto kind = random_word() % 3;
  for (auto* v : {&x, &y}) {
    for (auto& c : *v)
      c = kind == 2 ? mask : random_word() & mask & (kind == 1 ? random_word() : ~word{0});
  }
  std::vector<u128> expected(stride * (2 * m - 1), 0);
  on2_test::add_bivariate_products(x, y, d1, m, expected);
  std::vector<word> packed_x(m * w), packed_y(m * w), product((2 * m - 1) * 2 * w, 0);
  std::vector<word> scratch(cas::detail::kronecker_scratch_words(layout, m));
  for (std::size_t i = 0; i < m; ++i) {
    layout.pack(x.data() + i * d1, packed_x.data() + i * w);
    layout.pack(y.data() + i * d1, packed_y.data() + i * w);
  }
  cas::detail::kronecker_bivariate_product(layout, packed_x.data(), packed_y.data(), m,
                                           product.data(), scratch.data());
  std::vector<u128> slots(stride * (2 * m - 1));
  for (std::size_t k = 0; k < 2 * m - 1; ++k)
    layout.unpack_product(product.data() + k * 2 * w, slots.data() + k * stride);
  for (std::size_t i = 0; i < slots.size(); ++i) {
    ASSERT_TRUE(slots[i] == expected[i])
        << "base " << base << ", d1 " << d1 << ", m " << m << ", slot " << i;
  }
}

TEST(KroneckerPacking, BivariateProductEqualsUnpackedSums) {
  if (!cas::detail::clmul_supported()) GTEST_SKIP() << "this CPU has no PCLMULQDQ";
  for (int round = 0; round < on2_test::scaled(2); ++round) {
    for (const unsigned base : {1u, 2u, 5u, 8u, 12u, 16u, 20u, 24u, 31u, 32u}) {
      for (std::size_t d1 = 2; d1 <= 16; ++d1) {
        if (!kronecker_layout(base, d1).applies()) continue;
        for (const std::size_t m : {1u, 2u, 3u, 6u, 7u, 12u, 17u}) check_bivariate(base, d1, m);
      }
    }
  }
}

// The coefficient-wise product of polynomials in s of m coefficients of W words each (the Kummer
// products' path, W up to bivariate_max_words) against the sums of word-by-word products.
TEST(KroneckerPacking, BivariateProductOfAnyWordCountEqualsTheSumsOfProducts) {
  if (!cas::detail::clmul_supported()) GTEST_SKIP() << "this CPU has no PCLMULQDQ";
  for (std::size_t w = 1; w <= cas::detail::bivariate_max_words; ++w) {
    for (const std::size_t m : {1u, 2u, 3u, 6u, 7u, 12u, 17u}) {
      std::vector<word> x(m * w), y(m * w), product((2 * m - 1) * 2 * w, 0);
      for (auto& v : x) v = random_word();
      for (auto& v : y) v = random_word();
      std::vector<word> expected(product.size(), 0);
      for (std::size_t i = 0; i < m; ++i) {
        for (std::size_t k = 0; k < m; ++k) {
          const auto p = reference_words_product(x.data() + i * w, y.data() + k * w, w);
          for (std::size_t j = 0; j < 2 * w; ++j) expected[(i + k) * 2 * w + j] ^= p[j];
        }
      }
      std::vector<word> scratch(cas::detail::bivariate_scratch_words(w, m));
      cas::detail::bivariate_carryless_product(w, x.data(), y.data(), m, product.data(),
                                               scratch.data());
      ASSERT_EQ(product, expected) << w << " words, " << m << " coefficients";
    }
  }
}

cas::tower_field::element random_tower_element(const cas::tower_field& field) {
  cas::tower_field::element x(field.words());
  for (auto& w : x) w = random_word() & cas::detail::low_bits_mask(field.base_bits());
  return x;
}

// GF(2^2040) = the field of [ω^(ω^5+ω+1)·4]: a base of 24 bits under steps of degree 5 and 17,
// the packed path; x·x there against the square, whose path packs nothing, and the laws.
TEST(KroneckerPacking, TowerProductsOnThePackedPathAgreeWithSquares) {
  const cas::ordinal top = cas::ordinal::term(
      cas::small_ordinal(std::vector<cas::integer>{1, 1, 0, 0, 0, 1}), cas::nimber(4));
  const cas::tower_field field = cas::tower_field::spanning({top});
  ASSERT_EQ(field.degree(), 2040);
  ASSERT_TRUE(kronecker_layout(field.base_bits(), 5).applies());
  for (int i = 0; i < on2_test::scaled(20); ++i) {
    const auto x = random_tower_element(field), y = random_tower_element(field),
               z = random_tower_element(field);
    ASSERT_EQ(field.mul(x, x), field.square(x));
    ASSERT_EQ(field.mul(x, y), field.mul(y, x));
    ASSERT_EQ(field.mul(x, cas::tower_field::add(y, z)),
              cas::tower_field::add(field.mul(x, y), field.mul(x, z)));
    ASSERT_EQ(field.mul(field.mul(x, y), z), field.mul(x, field.mul(y, z)));
  }
}

}  // namespace
