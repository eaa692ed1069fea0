// The polynomial API of cas/poly/polynomial.hpp on its own (the language's tests are in
// tests/repl/polynomial_language_test.cpp): normal form, degree, evaluation, the ring operations,
// division with remainder, gcd, and their errors and limits. Known answers in the nimbers:
// 2 ⊗ 2 = 3, 2 ⊗ 3 = 1, ω ⊗ ω = ω², ω³ = 2 (docs/spec/arithmetic.md §2, §3).
#include "cas/poly/polynomial.hpp"

#include <gtest/gtest.h>

#include <initializer_list>
#include <vector>

#include "cas/core/context.hpp"
#include "cas/core/error.hpp"
#include "ordinal_builders.hpp"
#include "test_support.hpp"

namespace {

using cas::ordinal;
using cas::polynomial;
using on2_test::finite;
using on2_test::message_of;
using on2_test::term;

const ordinal omega = ordinal::omega();

// Σ c_i x^i from the coefficients, highest degree first (as polynomials are written).
polynomial poly(std::initializer_list<ordinal> from_top) {
  return polynomial(std::vector<ordinal>(std::rbegin(from_top), std::rend(from_top)));
}

TEST(Polynomial, ConstructionDropsZeroTopCoefficients) {
  const polynomial f({finite(1), finite(2), ordinal(), ordinal()});
  EXPECT_EQ(f.degree(), 1);
  EXPECT_EQ(f.coefficients().size(), 2u);
  EXPECT_EQ(f, poly({finite(2), finite(1)}));
  EXPECT_EQ(f.leading(), finite(2));
  EXPECT_EQ(f.coefficient(0), finite(1));
  EXPECT_EQ(f.coefficient(7), ordinal());  // beyond the degree
  EXPECT_FALSE(f.is_constant());
}

TEST(Polynomial, TheZeroPolynomial) {
  const polynomial zero({ordinal(), ordinal()});
  EXPECT_TRUE(zero.is_zero());
  EXPECT_EQ(zero, polynomial());
  EXPECT_EQ(zero.degree(), -1);
  EXPECT_TRUE(zero.is_constant());
  EXPECT_EQ(zero.leading(), ordinal());
  EXPECT_EQ(polynomial::constant(ordinal()), polynomial());
  EXPECT_EQ(polynomial::monomial(ordinal(), 5), polynomial());
}

TEST(Polynomial, ConstantsAndMonomials) {
  EXPECT_EQ(polynomial::constant(omega).degree(), 0);
  EXPECT_TRUE(polynomial::constant(omega).is_constant());
  const polynomial m = polynomial::monomial(finite(3), 4);
  EXPECT_EQ(m.degree(), 4);
  EXPECT_EQ(m.leading(), finite(3));
  EXPECT_EQ(m.coefficient(3), ordinal());
  EXPECT_EQ(std::hash<polynomial>{}(m),
            std::hash<polynomial>{}(poly({finite(3), ordinal(), ordinal(), ordinal(), ordinal()})));
}

TEST(Polynomial, EvaluationByHorner) {
  const polynomial x_squared_plus_x_plus_one = poly({finite(1), finite(1), finite(1)});
  EXPECT_EQ(cas::poly_evaluate(x_squared_plus_x_plus_one, finite(2)), ordinal());  // 3 ⊕ 2 ⊕ 1
  EXPECT_EQ(cas::poly_evaluate(x_squared_plus_x_plus_one, finite(4)), finite(3));  // 6 ⊕ 4 ⊕ 1
  EXPECT_EQ(cas::poly_evaluate(polynomial::monomial(finite(1), 3), omega), finite(2));  // ω³ = 2
  EXPECT_EQ(cas::poly_evaluate(polynomial(), omega), ordinal());
}

TEST(Polynomial, SumsCancelInCharacteristicTwo) {
  const polynomial f = poly({finite(1), finite(3), finite(1)});  // x² + 3x + 1
  const polynomial g = poly({finite(1), finite(1), ordinal()});  // x² + x
  EXPECT_EQ(cas::poly_add(f, g), poly({finite(2), finite(1)}));  // the x² terms cancel
  EXPECT_EQ(cas::poly_add(f, f), polynomial());
}

TEST(Polynomial, SumsInTheFirstOperandsStorage) {
  // The rvalue sum (a polynomial typed term by term) equals the copying one in every shape: g
  // shorter, longer, cancelling f's top, a transfinite coefficient.
  const polynomial f = poly({finite(1), finite(3), finite(1)});  // x² + 3x + 1
  const std::vector<polynomial> terms = {poly({finite(5)}),
                                         poly({finite(7), ordinal(), ordinal(), ordinal()}),
                                         poly({finite(1), ordinal(), ordinal()}),
                                         poly({omega, finite(3), ordinal()}),
                                         f,
                                         polynomial()};
  for (const polynomial& g : terms) {
    polynomial moved = f;
    EXPECT_EQ(cas::poly_add(std::move(moved), g), cas::poly_add(f, g));
  }
  polynomial source = f;
  const std::vector<ordinal> taken = std::move(source).take_coefficients();
  EXPECT_EQ(taken, f.coefficients());
}

TEST(Polynomial, PowersOfMonomials) {
  // (c·x^k)^n = c^n·x^(k·n): the same as n − 1 products.
  const cas::context& ctx = cas::default_context();
  for (const ordinal& c : {finite(1), finite(2), finite(12345), omega, term({2})}) {
    for (std::uint64_t k : {1u, 3u}) {
      const polynomial m = polynomial::monomial(c, k, ctx);
      polynomial product = m;
      for (int n = 2; n <= 7; ++n) {
        product = cas::poly_mul(product, m, ctx);
        EXPECT_EQ(cas::poly_pow(m, n, ctx), product) << "k = " << k << ", n = " << n;
      }
    }
  }
  cas::limits small;
  small.max_polynomial_degree = 10;
  const cas::context limited(small);
  EXPECT_THROW(cas::poly_pow(polynomial::monomial(finite(3), 2, limited), 6, limited),
               cas::limit_error);
  EXPECT_EQ(cas::poly_pow(polynomial::monomial(finite(3), 2, limited), 5, limited).degree(), 10);
}

TEST(Polynomial, ProductsKnownAnswers) {
  const polynomial x_plus_one = poly({finite(1), finite(1)});
  EXPECT_EQ(cas::poly_mul(x_plus_one, x_plus_one), poly({finite(1), ordinal(), finite(1)}));
  // (x + 2)(x + 3) = x² + (2 ⊕ 3)x + 2 ⊗ 3 = x² + x + 1.
  EXPECT_EQ(cas::poly_mul(poly({finite(1), finite(2)}), poly({finite(1), finite(3)})),
            poly({finite(1), finite(1), finite(1)}));
  // (x + ω)² = x² + ω².
  const polynomial x_plus_omega = poly({finite(1), omega});
  EXPECT_EQ(cas::poly_mul(x_plus_omega, x_plus_omega), poly({finite(1), ordinal(), term({2})}));
  EXPECT_EQ(cas::poly_mul(x_plus_one, polynomial()), polynomial());
  EXPECT_EQ(cas::poly_scale(x_plus_one, finite(2)), poly({finite(2), finite(2)}));
  EXPECT_EQ(cas::poly_pow(x_plus_one, 4),
            poly({finite(1), ordinal(), ordinal(), ordinal(), finite(1)}));
  EXPECT_EQ(cas::poly_pow(x_plus_one, 0), polynomial::constant(finite(1)));
  EXPECT_EQ(cas::poly_pow(polynomial::constant(omega), 3), polynomial::constant(finite(2)));
}

TEST(Polynomial, DivisionWithRemainder) {
  const polynomial x_cubed_plus_one = poly({finite(1), ordinal(), ordinal(), finite(1)});
  const polynomial x_plus_one = poly({finite(1), finite(1)});
  const cas::polynomial_division exact = cas::poly_divmod(x_cubed_plus_one, x_plus_one);
  EXPECT_EQ(exact.quotient, poly({finite(1), finite(1), finite(1)}));
  EXPECT_EQ(exact.remainder, polynomial());
  const cas::polynomial_division x_squared =
      cas::poly_divmod(poly({finite(1), ordinal(), ordinal()}), x_plus_one);
  EXPECT_EQ(x_squared.quotient, x_plus_one);
  EXPECT_EQ(x_squared.remainder, polynomial::constant(finite(1)));
  // By 2x: the quotient's coefficients are divided by 2 (1/2 = 3).
  const cas::polynomial_division by_two_x =
      cas::poly_divmod(poly({finite(1), finite(1)}), poly({finite(2), ordinal()}));
  EXPECT_EQ(by_two_x.quotient, polynomial::constant(finite(3)));
  EXPECT_EQ(by_two_x.remainder, polynomial::constant(finite(1)));
  // A divisor of higher degree leaves everything in the remainder.
  const cas::polynomial_division smaller = cas::poly_divmod(x_plus_one, x_cubed_plus_one);
  EXPECT_EQ(smaller.quotient, polynomial());
  EXPECT_EQ(smaller.remainder, x_plus_one);
}

TEST(Polynomial, GcdIsMonic) {
  // x² + 1 = (x + 1)², x² + x = x(x + 1).
  EXPECT_EQ(cas::poly_gcd(poly({finite(1), ordinal(), finite(1)}),
                          poly({finite(1), finite(1), ordinal()})),
            poly({finite(1), finite(1)}));
  EXPECT_EQ(cas::poly_gcd(poly({finite(2), finite(2)}), poly({finite(3), finite(3)})),
            poly({finite(1), finite(1)}));
  EXPECT_EQ(cas::poly_gcd(poly({finite(1), finite(2)}), poly({finite(1), finite(3)})),
            polynomial::constant(finite(1)));
  EXPECT_EQ(cas::poly_gcd(polynomial(), polynomial()), polynomial());
  EXPECT_EQ(cas::poly_gcd(poly({finite(2), finite(2)}), polynomial()),
            poly({finite(1), finite(1)}));
  EXPECT_EQ(cas::poly_monic(poly({finite(2), finite(3)})), poly({finite(1), finite(2)}));
}

TEST(Polynomial, DerivativeAndComposition) {
  // d/dx (x³ + x² + x + 1) = 3x² + 2x + 1 = x² + 1 in characteristic 2.
  EXPECT_EQ(cas::poly_derivative(poly({finite(1), finite(1), finite(1), finite(1)})),
            poly({finite(1), ordinal(), finite(1)}));
  EXPECT_EQ(cas::poly_derivative(polynomial::constant(omega)), polynomial());
  // (x² + x)∘(x + 1) = x² + 1 + x + 1 = x² + x.
  const polynomial f = poly({finite(1), finite(1), ordinal()});
  EXPECT_EQ(cas::poly_compose(f, poly({finite(1), finite(1)})), f);
  EXPECT_EQ(cas::poly_compose(polynomial::monomial(finite(1), 3), polynomial::constant(omega)),
            polynomial::constant(finite(2)));
}

TEST(PolynomialErrors, DivisionByTheZeroPolynomial) {
  EXPECT_EQ(message_of<cas::math_error>([] {
              cas::poly_divmod(poly({finite(1), finite(1)}), polynomial());
            }),
            "Polynomial division by zero.");
}

TEST(PolynomialErrors, NegativePowers) {
  EXPECT_THROW(cas::poly_pow(poly({finite(1), finite(1)}), -1), cas::math_error);
}

TEST(PolynomialErrors, DegreesAboveTheLimit) {
  cas::limits small;
  small.max_polynomial_degree = 10;
  const cas::context ctx(small);
  const polynomial x_to_six = polynomial::monomial(finite(1), 6, ctx);
  EXPECT_THROW(polynomial::monomial(finite(1), 11, ctx), cas::limit_error);
  EXPECT_NO_THROW(polynomial::monomial(finite(1), 10, ctx));
  EXPECT_THROW(cas::poly_mul(x_to_six, x_to_six, ctx), cas::limit_error);
  EXPECT_THROW(cas::poly_pow(x_to_six, 2, ctx), cas::limit_error);
  EXPECT_THROW(cas::poly_compose(x_to_six, poly({finite(1), ordinal(), ordinal()}), ctx),
               cas::limit_error);
  EXPECT_EQ(cas::poly_mul(x_to_six, polynomial::monomial(finite(1), 4, ctx), ctx).degree(), 10);
}

TEST(PolynomialErrors, CoefficientsAboveTheContextsLimits) {
  cas::limits small;
  small.max_ordinal_terms = 1;
  const cas::context ctx(small);
  const polynomial x_plus_omega = poly({finite(1), omega});
  EXPECT_THROW(cas::poly_add(x_plus_omega, polynomial::constant(finite(1)), ctx), cas::limit_error);
  EXPECT_THROW(cas::poly_evaluate(x_plus_omega, finite(1), ctx), cas::limit_error);
}

TEST(PolynomialErrors, LongLoopsStopWhenCancelled) {
  cas::context ctx;
  ctx.cancellation().request();
  const polynomial f = poly({finite(1), finite(1), finite(1)});
  EXPECT_THROW(cas::poly_mul(f, f, ctx), cas::interrupted_error);
  EXPECT_THROW(cas::poly_divmod(f, poly({finite(1), finite(1)}), ctx), cas::interrupted_error);
  EXPECT_THROW(cas::poly_evaluate(f, omega, ctx), cas::interrupted_error);
}

}  // namespace
