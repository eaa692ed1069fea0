// Differential: nim products of random ordinals by the κ schoolbook (cas/kappa/kappa.hpp) equal the
// products computed inside the materialised tower field; inverses, square roots and Frobenius
// in the tower satisfy their laws (docs/testing.md, "differential" and "property").
#include <gtest/gtest.h>

#include "cas/kappa/kappa.hpp"
#include "cas/kappa/kappa_generators.hpp"
#include "cas/tower/ordinal_field.hpp"
#include "cas/tower/ordinal_product.hpp"
#include "cas/tower/tower.hpp"
#include "ordinal_builders.hpp"
#include "test_support.hpp"

namespace {

using cas::ordinal;

// A random element of a field spanned by the κ's of `generators`: a random combination of
// products of them.
ordinal random_element(const std::vector<ordinal>& generators, int terms) {
  auto& engine = on2_test::random_engine();
  ordinal x = ordinal(on2_test::random_nimber(1 + engine() % 4));
  for (int i = 0; i < terms; ++i) {
    ordinal monomial(on2_test::random_nimber(1 + engine() % 4));
    for (const ordinal& g : generators) {
      monomial = cas::nim_mul(monomial, cas::nim_pow(g, cas::integer(engine() % 7)));
    }
    x = cas::nim_add(x, monomial);
  }
  return x;
}

class TowerDifferential : public ::testing::TestWithParam<std::vector<ordinal>> {};

TEST_P(TowerDifferential, ProductsInverseSquareRoot) {
  const std::vector<ordinal>& generators = GetParam();
  for (int i = 0; i < on2_test::scaled(15); ++i) {
    const ordinal a = random_element(generators, 4), b = random_element(generators, 4);
    const cas::tower_field field = cas::tower_field::spanning({a, b});
    const auto x = field.from_ordinal(a), y = field.from_ordinal(b);
    EXPECT_EQ(field.to_ordinal(field.mul(x, y)), cas::nim_mul_terms(a, b));
    EXPECT_EQ(field.to_ordinal(field.square(x)), cas::nim_square_terms(a));
    if (!a.is_zero()) {
      EXPECT_EQ(cas::nim_mul(cas::nim_inv(a), a), ordinal(cas::nimber(1)));
    }
    EXPECT_EQ(cas::nim_square(cas::nim_sqrt(a)), a);
    // a^(2^degree) = a, and the degree divides E.
    const std::uint64_t degree = cas::nim_degree(a);
    EXPECT_EQ(field.degree() % degree, 0);
    EXPECT_EQ(field.to_ordinal(field.frobenius(x, degree)), a);
  }
}

// The Frobenius plan (images of the generators) against repeated squaring.
TEST_P(TowerDifferential, FrobeniusPlanEqualsRepeatedSquaring) {
  const std::vector<ordinal>& generators = GetParam();
  auto& engine = on2_test::random_engine();
  for (int i = 0; i < on2_test::scaled(4); ++i) {
    const ordinal a = random_element(generators, 4);
    const cas::tower_field field = cas::tower_field::spanning({a});
    const auto x = field.from_ordinal(a);
    const std::uint64_t s = 9 + engine() % 200;
    auto y = x;
    for (std::uint64_t k = 0; k < s; ++k) y = field.square(y);
    EXPECT_EQ(field.frobenius(x, s), y) << "s = " << s;
  }
}

INSTANTIATE_TEST_SUITE_P(
    Fields, TowerDifferential,
    ::testing::Values(std::vector<ordinal>{ordinal::omega()},
                      std::vector<ordinal>{on2_test::term({0, 1}), ordinal::omega()},
                      std::vector<ordinal>{on2_test::term({0, 0, 1}), on2_test::term({3})},
                      std::vector<ordinal>{on2_test::term({0, 0, 0, 1}),
                                           cas::ordinal(cas::nimber(300))},
                      std::vector<ordinal>{on2_test::term({0, 0, 0, 0, 0, 0, 0, 1})},
                      // Two power steps above the packed base (κ_3 then κ_9, κ_5 then κ_11 and
                      // κ_5 then κ_17): the product of the two levels at once, schoolbook and
                      // Karatsuba in the upper step; and a third step above them (κ_27).
                      std::vector<ordinal>{on2_test::term({3}), cas::ordinal(cas::nimber(65536))},
                      std::vector<ordinal>{on2_test::term({9}), cas::ordinal(cas::nimber(65536))},
                      std::vector<ordinal>{on2_test::term({0, 1}), on2_test::term({0, 0, 0, 1}),
                                           on2_test::term({3})},
                      std::vector<ordinal>{on2_test::term({0, 1}),
                                           on2_test::term({0, 0, 0, 0, 0, 1}), ordinal::omega()}));

// GF(2^132660) = GF(2^36)(κ_5, κ_11, κ_67): the top step's constant α_67 has degree 660 and 2 has
// order 66 modulo 67, so a plan's top coefficients come from the periodic digits of
// (2^s − r)/67 (tower_field::step_constant_power), for shifts below one period, across a few
// and beyond the period of F^66 on GF(2^660).
TEST(TowerFrobeniusPlans, PeriodicConstantPowersEqualRepeatedSquaring) {
  const cas::tower_field field =
      cas::tower_field::spanning({cas::kappa_of_prime_power(67), cas::kappa_of_prime_power(9)});
  ASSERT_EQ(field.degree(), 132660);
  auto& engine = on2_test::random_engine();
  cas::tower_field::element x(field.words());
  const std::uint64_t mask = (std::uint64_t{1} << field.base_bits()) - 1;
  for (std::uint64_t& w : x) w = engine() & mask;
  auto y = x;
  std::uint64_t squarings = 0;
  for (const std::uint64_t s : {40u, 66u, 67u, 200u, 331u}) {
    for (; squarings < s; ++squarings) y = field.square(y);
    EXPECT_EQ(field.frobenius(x, s), y) << "s = " << s;
  }
  // Beyond repeated squaring's reach: maps compose, and F^E is the identity.
  for (const std::uint64_t s : {1206u, 13266u, 66330u, 100001u}) {
    EXPECT_EQ(field.frobenius(field.frobenius(x, s), 132660 - s), x) << "s = " << s;
    EXPECT_EQ(field.frobenius(field.frobenius(x, s), 331), field.frobenius(x, s + 331))
        << "s = " << s;
  }
}

// Big coefficients: the Fermat part of the tower reaches above 64 bits.
TEST(TowerDifferentialBigCoefficients, ArtinSchreierStepsAboveSixtyFourBits) {
  for (int i = 0; i < on2_test::scaled(10); ++i) {
    const ordinal a = cas::nim_add(on2_test::term({1}, 0), ordinal(on2_test::random_nimber(200)));
    const ordinal b =
        cas::nim_add(cas::ordinal::term(cas::small_ordinal(1), on2_test::random_nimber(150)),
                     ordinal(on2_test::random_nimber(256)));
    const cas::tower_field field = cas::tower_field::spanning({a, b});
    EXPECT_EQ(field.to_ordinal(field.mul(field.from_ordinal(a), field.from_ordinal(b))),
              cas::nim_mul_terms(a, b));
    EXPECT_EQ(cas::nim_mul(cas::nim_inv(b), b), ordinal(cas::nimber(1)));
    const auto x = field.from_ordinal(a);
    auto y = x;
    for (int k = 0; k < 77; ++k) y = field.square(y);
    EXPECT_EQ(field.frobenius(x, 77), y);
  }
}

}  // namespace
