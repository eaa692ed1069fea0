// Random law checks for Cantor ordinal arithmetic (textbook laws of ordinal sum, product and
// power, e.g. Sierpiński, "Cardinal and Ordinal Numbers", ch. XIV): associativity, left
// distributivity, the power laws, order properties, and agreement with integer arithmetic and
// with repeated sums and products.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "cas/core/error.hpp"
#include "cas/ordinal/ordinal.hpp"
#include "cas/ordinal/ordinal_format.hpp"
#include "test_support.hpp"

namespace {

using cas::integer;
using cas::nimber;
using cas::ordinal;
using cas::ordinal_add;
using cas::ordinal_mul;
using cas::ordinal_pow;
using cas::ordinal_term;
using cas::small_ordinal;

std::uint64_t below(std::uint64_t n) {
  return on2_test::random_word() % n;
}

// Mostly small naturals, where carries and absorption happen, sometimes ones of up to 100 bits.
integer random_natural(std::uint64_t small_bound) {
  if (below(4) != 0) return below(small_bound);
  return on2_test::random_nimber(1 + below(100)).to_integer();
}

// An exponent below ω^ω with up to 3 digits (so up to ω^2·b_2 + ω·b_1 + b_0).
small_ordinal random_exponent(std::uint64_t small_bound) {
  std::vector<integer> digits(below(4));
  for (integer& d : digits) d = random_natural(small_bound);
  return small_ordinal(std::move(digits));
}

// A random ordinal of up to max_terms terms. Coefficients are ≥ 1; equal exponents merge.
ordinal random_ordinal(std::uint64_t max_terms = 4, std::uint64_t small_bound = 4) {
  std::vector<ordinal_term> terms(below(max_terms + 1));
  for (ordinal_term& t : terms) {
    t.exponent = random_exponent(small_bound);
    t.coefficient = nimber(random_natural(small_bound) + 1);
  }
  return ordinal::from_terms(std::move(terms));
}

// An exponent for the power laws: small coefficients and mostly finite term exponents, so most
// powers stay below ω^(ω^ω) and small; now and then a transfinite term exponent, whose powers
// are range errors that the laws skip.
ordinal random_power_exponent() {
  std::vector<ordinal_term> terms(below(4));
  for (ordinal_term& t : terms) {
    t.exponent = below(12) == 0 ? small_ordinal::omega_power(1) : small_ordinal(below(4));
    t.coefficient = nimber(1 + below(3));
  }
  return ordinal::from_terms(std::move(terms));
}

// A base for the power laws: few terms, small coefficients, finite or not.
ordinal random_power_base() {
  if (below(3) == 0) return ordinal(nimber(below(5)));
  return random_ordinal(3, 3);
}

const ordinal one = ordinal(nimber(1));

TEST(OrdinalLaws, AdditionIsAssociative) {
  for (int i = 0; i < on2_test::scaled(4000); ++i) {
    const ordinal a = random_ordinal(), b = random_ordinal(), c = random_ordinal();
    ASSERT_EQ(ordinal_add(ordinal_add(a, b), c), ordinal_add(a, ordinal_add(b, c)));
  }
}

TEST(OrdinalLaws, MultiplicationIsAssociative) {
  for (int i = 0; i < on2_test::scaled(4000); ++i) {
    const ordinal a = random_ordinal(), b = random_ordinal(), c = random_ordinal();
    ASSERT_EQ(ordinal_mul(ordinal_mul(a, b), c), ordinal_mul(a, ordinal_mul(b, c)));
  }
}

TEST(OrdinalLaws, LeftDistributivity) {
  for (int i = 0; i < on2_test::scaled(4000); ++i) {
    const ordinal a = random_ordinal(), b = random_ordinal(), c = random_ordinal();
    ASSERT_EQ(ordinal_mul(a, ordinal_add(b, c)), ordinal_add(ordinal_mul(a, b), ordinal_mul(a, c)));
  }
}

TEST(OrdinalLaws, IdentitiesAndZero) {
  for (int i = 0; i < on2_test::scaled(2000); ++i) {
    const ordinal a = random_ordinal();
    ASSERT_EQ(ordinal_add(a, ordinal()), a);
    ASSERT_EQ(ordinal_add(ordinal(), a), a);
    ASSERT_EQ(ordinal_mul(a, one), a);
    ASSERT_EQ(ordinal_mul(one, a), a);
    ASSERT_EQ(ordinal_mul(a, ordinal()), ordinal());
    ASSERT_EQ(ordinal_pow(a, one), a);
    ASSERT_EQ(ordinal_pow(a, ordinal()), one);
  }
}

// A product by n is the sum of n copies; a power by k the product of k copies.
TEST(OrdinalLaws, FiniteMultiplesAndPowersAreRepeatedOperations) {
  for (int i = 0; i < on2_test::scaled(1000); ++i) {
    const ordinal a = random_ordinal();
    const std::uint64_t n = below(7);
    ordinal sum, product = one;
    for (std::uint64_t j = 0; j < n; ++j) {
      sum = ordinal_add(sum, a);
      product = ordinal_mul(product, a);
    }
    ASSERT_EQ(ordinal_mul(a, ordinal(nimber(n))), sum);
    ASSERT_EQ(ordinal_pow(a, ordinal(nimber(n))), product);
  }
}

TEST(OrdinalLaws, FiniteValuesAgreeWithIntegerArithmetic) {
  for (int i = 0; i < on2_test::scaled(2000); ++i) {
    const integer x = random_natural(1000), y = random_natural(1000), k = below(20);
    const ordinal a{nimber(x)}, b{nimber(y)};
    ASSERT_EQ(ordinal_add(a, b), ordinal(nimber(x + y)));
    ASSERT_EQ(ordinal_mul(a, b), ordinal(nimber(x * y)));
    ASSERT_EQ(ordinal_pow(a, ordinal(nimber(k))),
              ordinal(nimber(pow(x, static_cast<unsigned>(k)))));
  }
}

// a^(b+c) = a^b·a^c and (a^b)^c = a^(b·c); samples whose powers reach ω^(ω^ω) are skipped.
TEST(OrdinalLaws, PowerLaws) {
  const int iterations = on2_test::scaled(3000);
  int exercised = 0;
  for (int i = 0; i < iterations; ++i) {
    const ordinal a = random_power_base(), b = random_power_exponent(), c = random_power_exponent();
    try {
      ASSERT_EQ(ordinal_pow(a, ordinal_add(b, c)),
                ordinal_mul(ordinal_pow(a, b), ordinal_pow(a, c)));
      ASSERT_EQ(ordinal_pow(ordinal_pow(a, b), c), ordinal_pow(a, ordinal_mul(b, c)));
      ++exercised;
    } catch (const cas::range_error&) {
      // Then both sides are out of range: a^(b+c) ≥ a^b and a^(b·c) = (a^b)^c ≥ a^b for c ≥ 1.
      ASSERT_THROW(ordinal_pow(a, ordinal_add(b, c)), cas::range_error);
    }
  }
  EXPECT_GT(exercised, iterations * 3 / 4);
}

TEST(OrdinalLaws, SumsLieAboveTheirSummands) {
  for (int i = 0; i < on2_test::scaled(4000); ++i) {
    const ordinal a = random_ordinal(), b = random_ordinal();
    const ordinal sum = ordinal_add(a, b);
    if (!b.is_zero()) {
      ASSERT_LT(a, sum);
    }
    ASSERT_LE(a, sum);
    ASSERT_LE(b, sum);
  }
}

// b < c implies a + b < a + c and a·b < a·c (a > 0); b ≤ c implies b + a ≤ c + a and b·a ≤ c·a.
TEST(OrdinalLaws, Monotonicity) {
  int strict = 0;
  for (int i = 0; i < on2_test::scaled(4000); ++i) {
    const ordinal a = random_ordinal();
    ordinal b = random_ordinal(), c = random_ordinal();
    if (c < b) std::swap(b, c);
    if (b < c) {
      ++strict;
      ASSERT_LT(ordinal_add(a, b), ordinal_add(a, c));
      if (!a.is_zero()) {
        ASSERT_LT(ordinal_mul(a, b), ordinal_mul(a, c));
      }
    }
    ASSERT_LE(ordinal_add(b, a), ordinal_add(c, a));
    ASSERT_LE(ordinal_mul(b, a), ordinal_mul(c, a));
  }
  EXPECT_GT(strict, on2_test::scaled(4000) / 2);
}

TEST(OrdinalLaws, NimSumIsAnInvolution) {
  for (int i = 0; i < on2_test::scaled(2000); ++i) {
    const ordinal a = random_ordinal(), b = random_ordinal();
    ASSERT_EQ(cas::nim_add(cas::nim_add(a, b), b), a);
    ASSERT_EQ(cas::nim_add(a, b), cas::nim_add(b, a));
    ASSERT_TRUE(cas::nim_add(a, a).is_zero());
  }
}

}  // namespace
