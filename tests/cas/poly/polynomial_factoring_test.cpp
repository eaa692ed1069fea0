// Roots, factors and minimal polynomials: the known answers of issue 5 and docs/spec/arithmetic.md
// §5.
#include "cas/poly/polynomial_factoring.hpp"

#include <gtest/gtest.h>

#include "cas/core/error.hpp"
#include "cas/kappa/kappa_generators.hpp"
#include "cas/tower/ordinal_field.hpp"
#include "ordinal_builders.hpp"
#include "test_support.hpp"

namespace {

using cas::ordinal;
using cas::polynomial;
using on2_test::finite;
using on2_test::sum;
using on2_test::term;

// Σ c_i x^i from the coefficients, highest degree first (as polynomials are written).
polynomial poly(std::initializer_list<ordinal> from_top) {
  std::vector<ordinal> c(from_top.begin(), from_top.end());
  std::reverse(c.begin(), c.end());
  return polynomial(std::move(c));
}

std::vector<ordinal> root_list(const polynomial& f) {
  std::vector<ordinal> out;
  for (const auto& r : cas::roots(f)) {
    for (std::uint64_t i = 0; i < r.multiplicity; ++i) out.push_back(r.root);
  }
  return out;
}

TEST(PolynomialRoots, QuadraticsOverSmallFields) {
  EXPECT_EQ(root_list(poly({finite(1), finite(1), finite(1)})),
            (std::vector<ordinal>{finite(2), finite(3)}));  // x² + x + 1
  EXPECT_EQ(root_list(poly({finite(1), finite(1), finite(2)})),
            (std::vector<ordinal>{finite(4), finite(5)}));  // x² + x + 2
}

TEST(PolynomialRoots, CubeRootsOfTwoAreOmegaMultiples) {
  // x³ + 2: the cube roots of 2 are ω, [ω·2], [ω·3] (ω^3 = 2, Conway).
  const ordinal w = ordinal::omega();
  EXPECT_EQ(root_list(poly({finite(1), finite(0), finite(0), finite(2)})),
            (std::vector<ordinal>{w, term({1}, 2), term({1}, 3)}));
}

TEST(PolynomialRoots, FifthRootsOfFourAreMultiplesOfOmegaToOmega) {
  // x^5 + 4: five distinct roots [ω^ω]·c ([ω^ω]^5 = 4, Conway).
  const auto r =
      root_list(poly({finite(1), finite(0), finite(0), finite(0), finite(0), finite(4)}));
  ASSERT_EQ(r.size(), 5u);
  for (std::size_t i = 0; i < r.size(); ++i) {
    ASSERT_EQ(r[i].terms().size(), 1u);
    EXPECT_EQ(r[i].terms()[0].exponent, cas::small_ordinal::omega_power(1));
    if (i > 0) {
      EXPECT_LT(r[i - 1], r[i]);
    }
  }
}

TEST(PolynomialRoots, DoubleRootOfXSquaredPlusOmega) {
  const ordinal w = ordinal::omega();
  const auto r = cas::roots(poly({finite(1), finite(0), w}));
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].root, cas::nim_sqrt(w));
  EXPECT_EQ(r[0].multiplicity, 2u);
}

TEST(PolynomialRoots, IrreducibleCubicOverGf2HasItsRootsInGf64) {
  // x³ + x + 1: three roots a·[ω²] + b·ω + c with a, b, c < 4 (docs/spec/arithmetic.md §5 step 4),
  // conjugate.
  const polynomial f = poly({finite(1), finite(0), finite(1), finite(1)});
  const auto r = root_list(f);
  ASSERT_EQ(r.size(), 3u);
  for (const ordinal& root : r) {
    EXPECT_FALSE(root.is_finite());
    EXPECT_LT(root, term({2}, 4));
    EXPECT_EQ(cas::nim_degree(root), 3u);
    EXPECT_TRUE(cas::poly_evaluate(f, root).is_zero());
  }
}

TEST(PolynomialRoots, DegreeSevenOverGf2NeedsATowerFarBeyondTheInput) {
  // x^7 + x + 1 is irreducible over GF(2): its roots lie in GF(2^7), spanned by κ_7.
  const polynomial f = poly(
      {finite(1), finite(0), finite(0), finite(0), finite(0), finite(0), finite(1), finite(1)});
  ASSERT_TRUE(cas::is_irreducible(f));
  const auto r = root_list(f);
  ASSERT_EQ(r.size(), 7u);
  for (const ordinal& root : r) {
    EXPECT_EQ(cas::nim_degree(root), 7u);
    EXPECT_TRUE(cas::poly_evaluate(f, root).is_zero());
  }
}

TEST(PolynomialFactoring, FactorsOverTheFieldOfTheCoefficients) {
  // x² + x + 1 is irreducible over GF(2) but splits over GF(4).
  const polynomial f = poly({finite(1), finite(1), finite(1)});
  EXPECT_TRUE(cas::is_irreducible(f));
  EXPECT_EQ(cas::factor(f).size(), 1u);
  const auto over4 = cas::factor(f, finite(2));
  ASSERT_EQ(over4.size(), 2u);
  EXPECT_EQ(over4[0].factor, poly({finite(1), finite(2)}));
  EXPECT_EQ(over4[1].factor, poly({finite(1), finite(3)}));
}

TEST(PolynomialFactoring, MultiplicitiesFromTheSquareFreeDecomposition) {
  // (x+1)^3 (x^2+x+1)^2 x^4 over GF(2).
  const polynomial a = poly({finite(1), finite(1)});
  const polynomial b = poly({finite(1), finite(1), finite(1)});
  const polynomial x = poly({finite(1), finite(0)});
  const polynomial f =
      cas::poly_mul(cas::poly_mul(cas::poly_pow(a, 3), cas::poly_pow(b, 2)), cas::poly_pow(x, 4));
  const auto factors = cas::factor(f);
  ASSERT_EQ(factors.size(), 3u);
  EXPECT_EQ(factors[0], (cas::polynomial_factor{x, 4}));
  EXPECT_EQ(factors[1], (cas::polynomial_factor{a, 3}));
  EXPECT_EQ(factors[2], (cas::polynomial_factor{b, 2}));
}

TEST(PolynomialFactoring, ConstantPolynomialsAreRefused) {
  EXPECT_THROW(cas::factor(polynomial()), cas::math_error);
  EXPECT_THROW(cas::roots(poly({finite(5)})), cas::math_error);
  EXPECT_THROW(cas::is_irreducible(poly({finite(5)})), cas::math_error);
}

TEST(PolynomialRoots, SplittingFieldsAboveTheLimitAreRefusedBeforeAnyWork) {
  cas::context small;
  small.limits().max_tower_degree = 100;
  // x^7 + x + 256 over GF(2^16) has a factor of degree > 6, whose roots need GF(2^(16·j)).
  const polynomial f = poly(
      {finite(1), finite(0), finite(0), finite(0), finite(0), finite(0), finite(1), finite(256)});
  try {
    cas::roots(f, small);
    FAIL() << "no limit error";
  } catch (const cas::limit_error& e) {
    EXPECT_NE(std::string(e.what()).find("max_tower_degree"), std::string::npos) << e.what();
  }
}

TEST(MinimalPolynomial, OverGf2AndOverASubfield) {
  const ordinal w = ordinal::omega();
  // ω has degree 6 over GF(2); over F₂(2) = GF(4) its minimal polynomial is x³ + 2 (ω³ = 2).
  EXPECT_EQ(cas::minimal_polynomial(w).degree(), 6);
  EXPECT_EQ(cas::minimal_polynomial(w, finite(2)),
            poly({finite(1), finite(0), finite(0), finite(2)}));
  EXPECT_EQ(cas::minimal_polynomial(finite(2)), poly({finite(1), finite(1), finite(1)}));
  EXPECT_EQ(cas::minimal_polynomial(finite(2), finite(3)), poly({finite(1), finite(2)}));
}

}  // namespace
