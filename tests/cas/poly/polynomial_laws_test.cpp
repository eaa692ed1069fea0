// Random law checks for cas/poly/polynomial.hpp (docs/testing.md, property): division with
// remainder f = q·g + r with deg r < deg g, the gcd divides both and is monic, and evaluation is
// a ring homomorphism that respects composition. Coefficients are finite nimbers of up to 64 bits
// and transfinite ones built from κ_3 = ω and κ_5 = [ω^ω], so the κ product runs too.
#include <gtest/gtest.h>

#include <vector>

#include "cas/kappa/kappa.hpp"
#include "cas/ordinal/ordinal.hpp"
#include "cas/poly/polynomial.hpp"
#include "cas/tower/ordinal_product.hpp"
#include "ordinal_builders.hpp"
#include "test_support.hpp"

namespace {

using cas::ordinal;
using cas::polynomial;
using on2_test::finite;
using on2_test::scaled;
using on2_test::term;

ordinal random_coefficient() {
  switch (on2_test::random_word() % 4) {
    case 0:
      return ordinal();
    case 1:
      return ordinal(on2_test::random_nimber(64));
    case 2:
      return on2_test::sum(
          {term({1}, on2_test::random_word() % 4), finite(on2_test::random_word() % 16)});
    default:
      return on2_test::sum(
          {term({0, 1}, 1 + on2_test::random_word() % 3), term({2}, on2_test::random_word() % 2)});
  }
}

polynomial random_polynomial(std::uint64_t max_degree) {
  std::vector<ordinal> c(on2_test::random_word() % (max_degree + 1) + 1);
  for (ordinal& x : c) x = random_coefficient();
  return polynomial(std::move(c));
}

TEST(PolynomialLaws, DivisionWithRemainder) {
  for (int i = 0; i < scaled(60); ++i) {
    const polynomial f = random_polynomial(7);
    polynomial g = random_polynomial(4);
    if (g.is_zero()) g = polynomial::constant(finite(1));
    const cas::polynomial_division d = cas::poly_divmod(f, g);
    EXPECT_EQ(cas::poly_add(cas::poly_mul(d.quotient, g), d.remainder), f) << i;
    EXPECT_LT(d.remainder.degree(), g.degree()) << i;
  }
}

TEST(PolynomialLaws, TheGcdDividesBothAndIsMonic) {
  for (int i = 0; i < scaled(40); ++i) {
    const polynomial common = random_polynomial(2);
    const polynomial f = cas::poly_mul(random_polynomial(3), common);
    const polynomial g = cas::poly_mul(random_polynomial(3), common);
    const polynomial h = cas::poly_gcd(f, g);
    if (f.is_zero() && g.is_zero()) {
      EXPECT_TRUE(h.is_zero());
      continue;
    }
    EXPECT_EQ(h.leading(), finite(1)) << i;
    EXPECT_TRUE(cas::poly_divmod(f, h).remainder.is_zero()) << i;
    EXPECT_TRUE(cas::poly_divmod(g, h).remainder.is_zero()) << i;
    if (!common.is_zero()) {
      EXPECT_TRUE(cas::poly_divmod(h, cas::poly_monic(common)).remainder.is_zero()) << i;
    }
  }
}

TEST(PolynomialLaws, EvaluationIsARingHomomorphism) {
  for (int i = 0; i < scaled(40); ++i) {
    const polynomial f = random_polynomial(4), g = random_polynomial(4), h = random_polynomial(2);
    const ordinal a = random_coefficient();
    EXPECT_EQ(cas::poly_evaluate(cas::poly_add(f, g), a),
              cas::nim_add(cas::poly_evaluate(f, a), cas::poly_evaluate(g, a)))
        << i;
    EXPECT_EQ(cas::poly_evaluate(cas::poly_mul(f, g), a),
              cas::nim_mul(cas::poly_evaluate(f, a), cas::poly_evaluate(g, a)))
        << i;
    EXPECT_EQ(cas::poly_evaluate(cas::poly_compose(f, h), a),
              cas::poly_evaluate(f, cas::poly_evaluate(h, a)))
        << i;
  }
}

}  // namespace
