// Random law checks for cas/poly/polynomial_euclid.hpp (docs/testing.md, property): u·f + v·g = d
// with d the monic gcd and the cofactors of least degree; the resultant is zero exactly when the
// gcd is not 1, is multiplicative in each argument and equals ∏ g(r) over the roots r of a monic
// f; the discriminant is ∏_{i<j} (r_i ⊕ r_j)² for a monic f with roots r_i. Coefficients are
// finite nimbers of up to 64 bits (the word field) and transfinite ones built from κ_3 = ω and
// κ_5 = [ω^ω] (a tower field).
#include <gtest/gtest.h>

#include <vector>

#include "cas/kappa/kappa.hpp"
#include "cas/ordinal/ordinal.hpp"
#include "cas/poly/polynomial.hpp"
#include "cas/poly/polynomial_euclid.hpp"
#include "cas/tower/ordinal_field.hpp"
#include "cas/tower/ordinal_product.hpp"
#include "ordinal_builders.hpp"
#include "test_support.hpp"

namespace {

using cas::ordinal;
using cas::polynomial;
using on2_test::finite;
using on2_test::scaled;
using on2_test::term;

// Small coefficients make common factors likely, so both sides of "zero iff gcd ≠ 1" occur.
ordinal random_coefficient(bool transfinite) {
  switch (on2_test::random_word() % (transfinite ? 4 : 3)) {
    case 0:
      return finite(on2_test::random_word() % 4);
    case 1:
      return ordinal(on2_test::random_nimber(64));
    case 2:
      return finite(on2_test::random_word() % 2);
    default:
      return on2_test::sum({term({1}, on2_test::random_word() % 4),
                            term({0, 1}, on2_test::random_word() % 2),
                            finite(on2_test::random_word() % 16)});
  }
}

polynomial random_polynomial(std::uint64_t max_degree, bool transfinite) {
  std::vector<ordinal> c(on2_test::random_word() % (max_degree + 1) + 1);
  for (ordinal& x : c) x = random_coefficient(transfinite);
  return polynomial(std::move(c));
}

bool transfinite_round(int i) {
  return i % 3 == 2;
}

TEST(PolynomialEuclidLaws, BezoutIdentityWithTheGcd) {
  for (int i = 0; i < scaled(60); ++i) {
    const bool t = transfinite_round(i);
    const polynomial common = random_polynomial(2, t);
    const polynomial f = cas::poly_mul(random_polynomial(4, t), common);
    const polynomial g = cas::poly_mul(random_polynomial(4, t), common);
    const cas::bezout_identity b = cas::poly_extended_gcd(f, g);
    EXPECT_EQ(b.gcd, cas::poly_gcd(f, g)) << i;
    EXPECT_EQ(cas::poly_add(cas::poly_mul(b.u, f), cas::poly_mul(b.v, g)), b.gcd) << i;
    if (f.degree() > b.gcd.degree() && g.degree() > b.gcd.degree()) {
      EXPECT_LT(b.u.degree(), g.degree() - b.gcd.degree()) << i;
      EXPECT_LT(b.v.degree(), f.degree() - b.gcd.degree()) << i;
    }
  }
}

TEST(PolynomialEuclidLaws, ResultantIsZeroExactlyWhenTheGcdIsNotOne) {
  int zero = 0, nonzero = 0;
  for (int i = 0; i < scaled(80); ++i) {
    const bool t = transfinite_round(i);
    const polynomial f = random_polynomial(4, t), g = random_polynomial(4, t);
    if (f.is_zero() || g.is_zero()) continue;
    const bool coprime = cas::poly_gcd(f, g) == polynomial::constant(finite(1));
    const bool vanishes = cas::poly_resultant(f, g).is_zero();
    EXPECT_EQ(vanishes, !coprime) << i;
    (vanishes ? zero : nonzero) += 1;
  }
  EXPECT_GT(zero, 0);
  EXPECT_GT(nonzero, 0);
}

TEST(PolynomialEuclidLaws, ResultantIsMultiplicativeInEachArgument) {
  for (int i = 0; i < scaled(40); ++i) {
    const bool t = transfinite_round(i);
    const polynomial f = random_polynomial(3, t), h = random_polynomial(3, t),
                     g = random_polynomial(3, t);
    EXPECT_EQ(cas::poly_resultant(cas::poly_mul(f, h), g),
              cas::nim_mul(cas::poly_resultant(f, g), cas::poly_resultant(h, g)))
        << i;
    EXPECT_EQ(cas::poly_resultant(g, cas::poly_mul(f, h)),
              cas::nim_mul(cas::poly_resultant(g, f), cas::poly_resultant(g, h)))
        << i;
    // No signs in characteristic 2: Res(f, g) = Res(g, f).
    EXPECT_EQ(cas::poly_resultant(f, g), cas::poly_resultant(g, f)) << i;
  }
}

TEST(PolynomialEuclidLaws, ResultantAndDiscriminantFromTheRoots) {
  for (int i = 0; i < scaled(40); ++i) {
    const bool t = transfinite_round(i);
    std::vector<ordinal> roots(1 + on2_test::random_word() % 4);
    polynomial f = polynomial::constant(finite(1));
    for (ordinal& r : roots) {
      r = random_coefficient(t);
      f = cas::poly_mul(f, polynomial(std::vector<ordinal>{r, finite(1)}));
    }
    const polynomial g = random_polynomial(3, t);
    ordinal product = finite(1);
    for (const ordinal& r : roots) product = cas::nim_mul(product, cas::poly_evaluate(g, r));
    EXPECT_EQ(cas::poly_resultant(f, g), g.is_zero() ? ordinal() : product) << i;
    ordinal discriminant = finite(1);
    for (std::size_t a = 0; a < roots.size(); ++a) {
      for (std::size_t b = a + 1; b < roots.size(); ++b) {
        discriminant =
            cas::nim_mul(discriminant, cas::nim_square(cas::nim_add(roots[a], roots[b])));
      }
    }
    EXPECT_EQ(cas::poly_discriminant(f), discriminant) << i;
    // A leading coefficient c scales the discriminant by c^(2n − 2).
    const ordinal c = ordinal(on2_test::random_nimber(8));
    if (!c.is_zero()) {
      const auto n = static_cast<long long>(roots.size());
      EXPECT_EQ(cas::poly_discriminant(cas::poly_scale(f, c)),
                cas::nim_mul(discriminant, cas::nim_pow(c, cas::integer(2 * n - 2))))
          << i;
    }
  }
}

}  // namespace
