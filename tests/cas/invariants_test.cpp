// White-box: the invariants of nimbers, ordinals and polynomials (docs/style.md, item 2) as
// Debug builds assert them. Each check against representations that hold it and that break it
// (so a check that always passes fails here), and against the values operations return, in
// Release as in Debug.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

#include "cas/kappa/kappa.hpp"
#include "cas/ordinal/ordinal.hpp"
#include "cas/poly/polynomial.hpp"
#include "finite/nimber_invariant.hpp"
#include "ordinal/ordinal_invariant.hpp"
#include "ordinal_builders.hpp"
#include "poly/polynomial_invariant.hpp"
#include "test_support.hpp"

namespace {

using cas::integer;
using cas::nimber;
using cas::ordinal;
using cas::ordinal_term;
using cas::polynomial;
using cas::small_ordinal;
using cas::detail::nimber_limbs_are_canonical;
using cas::detail::ordinal_terms_are_canonical;
using cas::detail::polynomial_coefficients_are_canonical;
using cas::detail::small_ordinal_digits_are_canonical;
using on2_test::random_engine;

TEST(NimberInvariant, NoTrailingZeroLimb) {
  EXPECT_TRUE(nimber_limbs_are_canonical(std::vector<std::uint64_t>{}));
  EXPECT_TRUE(nimber_limbs_are_canonical(std::vector<std::uint64_t>{0, 1}));
  EXPECT_FALSE(nimber_limbs_are_canonical(std::vector<std::uint64_t>{0}));
  EXPECT_FALSE(nimber_limbs_are_canonical(std::vector<std::uint64_t>{1, 0}));
}

TEST(SmallOrdinalInvariant, NaturalDigitsAndNoZeroTopDigit) {
  EXPECT_TRUE(small_ordinal_digits_are_canonical({}));
  EXPECT_TRUE(small_ordinal_digits_are_canonical({0, 2}));
  EXPECT_FALSE(small_ordinal_digits_are_canonical({0}));
  EXPECT_FALSE(small_ordinal_digits_are_canonical({3, 0}));
  EXPECT_FALSE(small_ordinal_digits_are_canonical({-1, 1}));
}

TEST(OrdinalInvariant, DecreasingExponentsAndNonZeroCoefficients) {
  const small_ordinal omega(std::vector<integer>{0, 1});
  const small_ordinal two(2);
  EXPECT_TRUE(ordinal_terms_are_canonical(std::vector<cas::ordinal_term>{}));
  EXPECT_TRUE(ordinal_terms_are_canonical(
      std::vector<cas::ordinal_term>{{omega, nimber(3)}, {two, nimber(1)}, {{}, nimber(5)}}));
  EXPECT_FALSE(ordinal_terms_are_canonical(
      std::vector<cas::ordinal_term>{{two, nimber(1)}, {omega, nimber(3)}}));  // rising
  EXPECT_FALSE(ordinal_terms_are_canonical(
      std::vector<cas::ordinal_term>{{two, nimber(1)}, {two, nimber(2)}}));  // repeated
  EXPECT_FALSE(
      ordinal_terms_are_canonical(std::vector<cas::ordinal_term>{{omega, nimber(0)}}));  // zero
}

TEST(PolynomialInvariant, NoZeroTopCoefficient) {
  const ordinal one = on2_test::finite(1);
  EXPECT_TRUE(polynomial_coefficients_are_canonical({}));
  EXPECT_TRUE(polynomial_coefficients_are_canonical({one, ordinal(), on2_test::term({0, 1})}));
  EXPECT_FALSE(polynomial_coefficients_are_canonical({ordinal()}));
  EXPECT_FALSE(polynomial_coefficients_are_canonical({one, ordinal()}));
}

// Values that the normalisations must trim or merge: zero limbs and digits at the top, terms
// that cancel, polynomials whose top coefficients cancel.
TEST(Invariants, HoldForValuesThatNeedNormalising) {
  EXPECT_TRUE(nimber_limbs_are_canonical(nimber::from_limbs({5, 0, 0}).limbs()));
  EXPECT_TRUE(small_ordinal_digits_are_canonical(small_ordinal({1, 0, 0}).digits()));
  const small_ordinal omega(std::vector<integer>{0, 1});
  const ordinal cancelled = ordinal::from_terms(
      {{{}, nimber(1)}, {omega, nimber(6)}, {omega, nimber(6)}, {small_ordinal(3), nimber(2)}});
  EXPECT_TRUE(ordinal_terms_are_canonical(cancelled.terms()));
  EXPECT_EQ(cancelled.terms().size(), 2u);
  const polynomial f({on2_test::finite(1), on2_test::term({1})});
  const polynomial g({on2_test::finite(2), on2_test::term({1})});
  const polynomial sum = cas::poly_add(f, g);
  EXPECT_TRUE(polynomial_coefficients_are_canonical(sum.coefficients()));
  EXPECT_EQ(sum.degree(), 0);
}

// A random ordinal of up to four terms with exponents below ω·3 (below 3 when finite_exponents,
// which keeps κ products in small fields), some equal so that from_terms merges, and
// coefficients below 2^16.
ordinal random_ordinal(bool finite_exponents) {
  std::uniform_int_distribution<int> count(0, 4), digit(0, 2);
  std::vector<ordinal_term> terms;
  for (int k = count(random_engine()); k > 0; --k) {
    std::vector<integer> digits{digit(random_engine())};
    if (!finite_exponents) digits.push_back(digit(random_engine()));
    terms.push_back({small_ordinal(std::move(digits)), on2_test::random_nimber(16)});
  }
  return ordinal::from_terms(std::move(terms));
}

TEST(Invariants, HoldForTheResultsOfOperations) {
  for (int i = 0; i < on2_test::scaled(50); ++i) {
    const nimber a = on2_test::random_nimber(200), b = on2_test::random_nimber(130);
    for (const nimber& n : {cas::nim_add(a, b), cas::nim_mul(a, b), cas::nim_add(a, a)}) {
      EXPECT_TRUE(nimber_limbs_are_canonical(n.limbs()));
    }
    const ordinal x = random_ordinal(false), y = random_ordinal(false);
    for (const ordinal& o :
         {cas::nim_add(x, y), cas::nim_add(x, x), cas::ordinal_add(x, y), cas::ordinal_mul(x, y)}) {
      EXPECT_TRUE(ordinal_terms_are_canonical(o.terms())) << cas::to_string(o);
    }
    const ordinal u = random_ordinal(true), v = random_ordinal(true);
    const polynomial f({u, v, random_ordinal(true)}), g({v, u});
    for (const polynomial& p : {cas::poly_add(f, f), cas::poly_add(f, g), cas::poly_mul(f, g)}) {
      EXPECT_TRUE(polynomial_coefficients_are_canonical(p.coefficients()));
    }
  }
}

}  // namespace
