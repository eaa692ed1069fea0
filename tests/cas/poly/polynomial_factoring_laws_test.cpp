// Random polynomials of degrees 1–12 with finite and transfinite coefficients (issue 5): the
// roots with multiplicities rebuild the monic input, the factors multiply back, and every
// irreducible factor passes the irreducibility test.
#include <gtest/gtest.h>

#include "cas/poly/polynomial_factoring.hpp"
#include "cas/tower/ordinal_field.hpp"
#include "ordinal_builders.hpp"
#include "test_support.hpp"

namespace {

using cas::ordinal;
using cas::polynomial;
using on2_test::random_engine;

// Coefficients from a small pool: finite ones in GF(2^16), and ω, [ω·2], [ω^2] (in GF(64)).
ordinal random_coefficient(bool transfinite) {
  auto& rng = random_engine();
  if (!transfinite || rng() % 2 == 0) return ordinal(cas::nimber(rng() % 65536));
  const ordinal choices[] = {ordinal::omega(), on2_test::term({1}, 2), on2_test::term({2}),
                             cas::nim_add(ordinal::omega(), ordinal(cas::nimber(1)))};
  return choices[rng() % 4];
}

polynomial random_monic(long degree, bool transfinite) {
  std::vector<ordinal> c(static_cast<std::size_t>(degree) + 1);
  for (long i = 0; i < degree; ++i)
    c[static_cast<std::size_t>(i)] = random_coefficient(transfinite);
  c.back() = ordinal(cas::nimber(1));
  return polynomial(std::move(c));
}

polynomial from_roots(const std::vector<cas::polynomial_root>& roots) {
  polynomial product = polynomial::constant(ordinal(cas::nimber(1)));
  for (const auto& r : roots) {
    const polynomial linear(std::vector<ordinal>{r.root, ordinal(cas::nimber(1))});
    product = cas::poly_mul(product, cas::poly_pow(linear, r.multiplicity));
  }
  return product;
}

polynomial from_factors(const std::vector<cas::polynomial_factor>& factors) {
  polynomial product = polynomial::constant(ordinal(cas::nimber(1)));
  for (const auto& f : factors)
    product = cas::poly_mul(product, cas::poly_pow(f.factor, f.multiplicity));
  return product;
}

// Rebuilding from the roots multiplies transfinite ordinals in fields up to GF(2^(16·12)) with
// the κ product (milliseconds each), so `rebuild` is off for the larger degrees.
void check(const polynomial& f, bool rebuild = true) {
  SCOPED_TRACE("degree " + std::to_string(f.degree()));
  const auto factors = cas::factor(f);
  EXPECT_EQ(from_factors(factors), f);
  for (const auto& g : factors) EXPECT_TRUE(cas::is_irreducible(g.factor));
  const auto roots = cas::roots(f);
  std::uint64_t count = 0;
  for (const auto& r : roots) count += r.multiplicity;
  EXPECT_EQ(count, static_cast<std::uint64_t>(f.degree()));
  if (rebuild) {
    EXPECT_EQ(from_roots(roots), f);
  }
}

TEST(PolynomialFactoringLaws, FiniteCoefficients) {
  for (int i = 0; i < on2_test::scaled(36); ++i) {
    const long degree = 1 + i % 12;
    check(random_monic(degree, false), degree <= 4);
  }
}

TEST(PolynomialFactoringLaws, TransfiniteCoefficients) {
  for (int i = 0; i < on2_test::scaled(12); ++i) check(random_monic(1 + i % 6, true));
}

TEST(PolynomialFactoringLaws, RepeatedFactorsKeepTheirMultiplicities) {
  for (int i = 0; i < on2_test::scaled(10); ++i) {
    const polynomial g = random_monic(1 + i % 3, i % 2 == 1);
    const polynomial h = random_monic(1 + i % 4, false);
    check(cas::poly_mul(cas::poly_pow(g, 1 + i % 4), h));
  }
}

}  // namespace
