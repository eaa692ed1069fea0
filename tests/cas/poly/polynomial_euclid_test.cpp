// Known answers for cas/poly/polynomial_euclid.hpp: resultants and discriminants compared with
// PARI/GP 2.15 (polresultant, poldisc) over GF(2) and GF(4), and the conventions at the edges
// (zero and constant arguments, linear and square polynomials).
#include "cas/poly/polynomial_euclid.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "cas/core/error.hpp"
#include "cas/poly/polynomial.hpp"
#include "ordinal_builders.hpp"
#include "test_support.hpp"

namespace {

using cas::ordinal;
using cas::polynomial;
using on2_test::finite;

// The polynomial over GF(2) whose coefficients are the bits of n (bit i for x^i).
polynomial from_bits(std::uint64_t n) {
  std::vector<ordinal> c;
  for (; n != 0; n >>= 1) c.push_back(finite(n & 1));
  return polynomial(std::move(c));
}

// Coefficients in GF(4) = {0, 1, 2, 3}, lowest degree first.
polynomial over_gf4(std::initializer_list<std::uint64_t> digits) {
  std::vector<ordinal> c;
  for (const std::uint64_t d : digits) c.push_back(finite(d));
  return polynomial(std::move(c));
}

// gp: P(n) = Pol(binary(n))*Mod(1,2); lift(polresultant(P(a), P(b))).
TEST(PolynomialEuclid, ResultantsOverGf2AgreeWithGp) {
  struct known {
    std::uint64_t f, g, resultant;
  };
  for (const known& k : std::vector<known>{{11, 7, 1},
                                           {11, 13, 1},
                                           {19, 25, 1},
                                           {37, 41, 1},
                                           {1033, 2047, 1},
                                           {4097, 7, 0},
                                           {5, 3, 0},
                                           {0x1f3b, 0x2a5, 1},
                                           {12345, 678, 1},
                                           {1, 11, 1}}) {
    EXPECT_EQ(cas::poly_resultant(from_bits(k.f), from_bits(k.g)), finite(k.resultant))
        << k.f << ", " << k.g;
  }
}

// gp: lift(poldisc(P(n))).
TEST(PolynomialEuclid, DiscriminantsOverGf2AgreeWithGp) {
  struct known {
    std::uint64_t f, discriminant;
  };
  for (const known& k : std::vector<known>{{7, 1},
                                           {11, 1},
                                           {13, 1},
                                           {5, 0},
                                           {25, 1},
                                           {0x1f3b, 1},
                                           {12345, 1},
                                           {3, 1},
                                           {37, 1},
                                           {0x2a5, 1},
                                           {1033, 1}}) {
    EXPECT_EQ(cas::poly_discriminant(from_bits(k.f)), finite(k.discriminant)) << k.f;
  }
}

// gp with t = ffgen(Mod(1,2)*(y^2+y+1)): the nimbers 2, 3 are t, t + 1 (2 ⊗ 2 = 3 = 2 ⊕ 1).
TEST(PolynomialEuclid, ResultantsAndDiscriminantsOverGf4AgreeWithGp) {
  EXPECT_EQ(cas::poly_resultant(over_gf4({2, 0, 3, 3, 3, 2, 2}), over_gf4({3, 2, 3})), finite(1));
  EXPECT_EQ(cas::poly_resultant(over_gf4({3, 0, 2, 2}), over_gf4({2, 0, 1, 1})), finite(0));
  EXPECT_EQ(cas::poly_resultant(over_gf4({0, 3, 2, 0, 1, 0, 2}), over_gf4({1, 2, 1})), finite(2));
  EXPECT_EQ(cas::poly_resultant(over_gf4({3, 2, 1, 0, 1}), over_gf4({1, 2, 1})), finite(1));
  EXPECT_EQ(cas::poly_resultant(over_gf4({3, 1, 1, 3}), over_gf4({3, 1, 3, 3, 1})), finite(2));
  EXPECT_EQ(cas::poly_resultant(over_gf4({3, 2, 3, 3, 3}), over_gf4({0, 0, 1, 1})), finite(3));
  EXPECT_EQ(cas::poly_discriminant(over_gf4({0, 1, 3, 1})), finite(2));
  EXPECT_EQ(cas::poly_discriminant(over_gf4({1, 3, 3, 3})), finite(1));
  EXPECT_EQ(cas::poly_discriminant(over_gf4({1, 0, 2, 3, 0, 2})), finite(1));
  EXPECT_EQ(cas::poly_discriminant(over_gf4({0, 2, 3, 2, 0, 3})), finite(3));
  EXPECT_EQ(cas::poly_discriminant(over_gf4({1, 1, 2, 0, 3})), finite(2));
  EXPECT_EQ(cas::poly_discriminant(over_gf4({1, 2, 1, 1, 2, 1})), finite(1));
}

TEST(PolynomialEuclid, EdgeCases) {
  const polynomial zero, three = polynomial::constant(finite(3)), f = from_bits(11);
  // Zero arguments give 0 (as gp's polresultant); a constant c gives c^(degree of the other).
  EXPECT_EQ(cas::poly_resultant(zero, f), finite(0));
  EXPECT_EQ(cas::poly_resultant(f, zero), finite(0));
  EXPECT_EQ(cas::poly_resultant(zero, three), finite(0));
  EXPECT_EQ(cas::poly_resultant(three, f), finite(1));             // 3^3 = 1 in GF(4)
  EXPECT_EQ(cas::poly_resultant(three, from_bits(5)), finite(2));  // 3^2 = 2
  EXPECT_EQ(cas::poly_resultant(three, three), finite(1));
  // The discriminant of a linear polynomial is 1; of a square, 0; a constant has none.
  EXPECT_EQ(cas::poly_discriminant(over_gf4({2, 3})), finite(1));
  EXPECT_EQ(cas::poly_discriminant(from_bits(0b10101)), finite(0));  // (x^2 + x + 1)^2
  EXPECT_THROW(cas::poly_discriminant(three), cas::math_error);
  EXPECT_THROW(cas::poly_discriminant(zero), cas::math_error);
  // xgcd: both zero give zeros; one zero gives the other made monic.
  EXPECT_EQ(cas::poly_extended_gcd(zero, zero), cas::bezout_identity{});
  const cas::bezout_identity one_zero = cas::poly_extended_gcd(zero, over_gf4({1, 2}));
  EXPECT_EQ(one_zero.gcd, over_gf4({3, 1}));  // (2x + 1)/2 = x + 3 (1/2 = 3)
  EXPECT_TRUE(one_zero.u.is_zero());
  EXPECT_EQ(one_zero.v, over_gf4({3}));
  // x^3 + x + 1 = x·(x^2 + 1) + 1 over GF(2), so 1 = 1·f + x·g.
  const cas::bezout_identity b = cas::poly_extended_gcd(from_bits(11), from_bits(5));
  EXPECT_EQ(b.gcd, from_bits(1));
  EXPECT_EQ(b.u, from_bits(1));
  EXPECT_EQ(b.v, from_bits(2));
}

}  // namespace
