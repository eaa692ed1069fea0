// Packed GF(2)[x] polynomials (cas/src/poly/binary_polynomial.hpp, binary_factoring.hpp) and
// poly_powmod: known answers, limits, and differential checks against the generic
// field_polynomials over word_field(1) (the GF(2) code factoring used before) and the ordinal
// polynomial arithmetic, on random polynomials.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "cas/core/error.hpp"
#include "cas/poly/modular_power.hpp"
#include "cas/poly/polynomial_factoring.hpp"
#include "kernels/binary_product.hpp"
#include "poly/binary_factoring.hpp"
#include "poly/binary_form.hpp"
#include "poly/coefficient_field.hpp"
#include "test_support.hpp"

namespace {

using cas::detail::binary_modulus;
using cas::detail::binary_polynomial;
using word = binary_polynomial::word;

// x^a + x^b + 1.
binary_polynomial trinomial(std::uint64_t a, std::uint64_t b) {
  return add(add(binary_polynomial::monomial(a), binary_polynomial::monomial(b)),
             binary_polynomial::one());
}

// A uniformly random polynomial of degree exactly d (d ≥ 0).
binary_polynomial random_binary(std::uint64_t d) {
  std::vector<word> words(d / 64 + 1);
  for (word& w : words) w = on2_test::random_engine()();
  words.back() &= (word{1} << (d % 64)) - 1;
  words.back() |= word{1} << (d % 64);
  return binary_polynomial(std::move(words));
}

// The textbook product, coefficient by coefficient.
binary_polynomial schoolbook_product(const binary_polynomial& a, const binary_polynomial& b) {
  if (a.is_zero() || b.is_zero()) return {};
  const auto n = static_cast<std::uint64_t>(a.degree() + b.degree() + 1);
  std::vector<word> out((n + 63) / 64, 0);
  for (std::uint64_t i = 0; i <= static_cast<std::uint64_t>(a.degree()); ++i) {
    if (!a.coefficient(i)) continue;
    for (std::uint64_t j = 0; j <= static_cast<std::uint64_t>(b.degree()); ++j) {
      if (b.coefficient(j)) out[(i + j) / 64] ^= word{1} << ((i + j) % 64);
    }
  }
  return binary_polynomial(std::move(out));
}

using generic_ring = cas::detail::field_polynomials<cas::detail::word_field>;

generic_ring::poly to_generic(const binary_polynomial& f) {
  generic_ring::poly p(static_cast<std::size_t>(f.degree() + 1));
  for (std::size_t i = 0; i < p.size(); ++i) p[i] = f.coefficient(i) ? 1 : 0;
  return p;
}

// The irreducible factors with multiplicities as generic coefficient vectors, sorted.
using factor_set = std::vector<std::pair<generic_ring::poly, std::uint64_t>>;

factor_set packed_factors(const binary_polynomial& f) {
  factor_set out;
  for (const auto& [g, m] : cas::detail::binary_factor(f, cas::default_context())) {
    out.emplace_back(to_generic(g), m);
  }
  std::sort(out.begin(), out.end());
  return out;
}

factor_set generic_factors(const binary_polynomial& f) {
  const cas::detail::word_field field(1);
  const generic_ring ring(field, cas::default_context());
  std::mt19937_64 rng(1);
  factor_set out;
  for (const auto& [part, m] : ring.square_free(to_generic(f))) {
    for (auto& g : ring.irreducible_factors(part, rng)) out.emplace_back(std::move(g), m);
  }
  std::sort(out.begin(), out.end());
  return out;
}

TEST(BinaryPolynomial, KnownTrinomials) {
  const cas::context& ctx = cas::default_context();
  // x^2281 + x^715 + 1 is a primitive trinomial of the Mersenne exponent 2281 (Kurita and
  // Matsumoto, Math. Comp. 56 (1991), Table 1); PARI/GP's polisirreducible agrees.
  EXPECT_TRUE(cas::detail::binary_is_irreducible(trinomial(2281, 715), ctx));
  // Every trinomial x^n + x^k + 1 with n prime and n ≡ ±3 mod 8 has an even number of irreducible
  // factors (Swan, Pacific J. Math. 12 (1962), Corollary 5), so x^4093 + x^12 + 1 is reducible;
  // PARI/GP agrees.
  EXPECT_FALSE(cas::detail::binary_is_irreducible(trinomial(4093, 12), ctx));
  // x^127 + x + 1 is irreducible (a primitive trinomial of the Mersenne exponent 127, same table).
  EXPECT_TRUE(cas::detail::binary_is_irreducible(trinomial(127, 1), ctx));
  EXPECT_FALSE(cas::detail::binary_is_irreducible(trinomial(127, 2), ctx));
}

TEST(BinaryPolynomial, SwanTrinomialFactorsMultiplyBack) {
  const binary_polynomial f = trinomial(4093, 12);
  const auto factors = cas::detail::binary_factor(f, cas::default_context());
  EXPECT_EQ(factors.size() % 2, 0u);  // Swan's parity, above
  binary_polynomial product = binary_polynomial::one();
  for (const auto& [g, m] : factors) {
    EXPECT_EQ(m, 1u);
    EXPECT_TRUE(cas::detail::binary_is_irreducible(g, cas::default_context()));
    product = mul(product, g);
  }
  EXPECT_EQ(product, f);
}

TEST(BinaryPolynomial, ProductsSquaresAndDivisionAgreeWithTheTextbook) {
  for (int i = 0; i < on2_test::scaled(40); ++i) {
    const binary_polynomial a = random_binary(on2_test::random_engine()() % 700);
    const binary_polynomial b = random_binary(on2_test::random_engine()() % 700);
    const binary_polynomial ab = schoolbook_product(a, b);
    ASSERT_EQ(mul(a, b), ab);
    ASSERT_EQ(square(a), schoolbook_product(a, a));
    ASSERT_EQ(square_root(square(a)), a);
    const auto [q, r] = divmod(add(ab, a), b);
    ASSERT_LT(r.degree(), b.degree());
    ASSERT_EQ(add(mul(q, b), r), add(ab, a));
  }
}

TEST(BinaryPolynomial, KaratsubaOnClmulAgreesWithGf2x) {
  // Every register leaf (balanced sizes up to 12 words), and sizes on both sides of the schoolbook
  // threshold, balanced and not (gf2x takes over only from 2^20 words).
  std::vector<std::pair<std::size_t, std::size_t>> sizes = {
      {3, 12}, {13, 13}, {25, 24}, {64, 63}, {100, 7}, {300, 41}, {517, 517}, {2100, 2049}};
  for (std::size_t n = 1; n <= 12; ++n) sizes.emplace_back(n, n);
  for (const auto& [an, bn] : sizes) {
    std::vector<word> a(an), b(bn), ours(an + bn), reference(an + bn);
    for (word& w : a) w = on2_test::random_engine()();
    for (word& w : b) w = on2_test::random_engine()();
    cas::detail::binary_product(ours.data(), a.data(), an, b.data(), bn);
    cas::detail::binary_product_gf2x(reference.data(), a.data(), an, b.data(), bn);
    ASSERT_EQ(ours, reference) << an << " × " << bn << " words";
  }
}

TEST(BinaryPolynomial, BarrettAndSparseReductionAgreeWithLongDivision) {
  std::vector<binary_polynomial> moduli;
  for (const std::uint64_t n : {1, 2, 63, 64, 65, 200, 1000}) moduli.push_back(random_binary(n));
  moduli.push_back(trinomial(4093, 12));
  moduli.push_back(trinomial(127, 126));  // sparse but folding one bit at a time
  moduli.push_back(add(trinomial(1000, 3), binary_polynomial::monomial(7)));
  for (const binary_polynomial& f : moduli) {
    const binary_modulus m(f);
    const auto n = static_cast<std::uint64_t>(f.degree());
    for (int i = 0; i < on2_test::scaled(10); ++i) {
      const binary_polynomial a = random_binary(on2_test::random_engine()() % (2 * n));
      const binary_polynomial b = random_binary(on2_test::random_engine()() % n);
      ASSERT_EQ(m.reduce(a), rem(a, f)) << "degree " << n;
      ASSERT_EQ(m.multiply(b, rem(a, f)), rem(mul(b, rem(a, f)), f)) << "degree " << n;
      ASSERT_EQ(m.times_x(b), rem(mul(b, binary_polynomial::x()), f)) << "degree " << n;
      const binary_polynomial big = random_binary(5 * n + 3);
      ASSERT_EQ(m.reduce(big), rem(big, f)) << "degree " << n;
    }
  }
}

TEST(BinaryPolynomial, FactoringAgreesWithTheGenericCode) {
  for (int i = 0; i < on2_test::scaled(30); ++i) {
    binary_polynomial f = random_binary(1 + on2_test::random_engine()() % 120);
    // Repeated factors too: a square and a cube of small random factors.
    if (i % 3 == 0) f = mul(f, square(random_binary(1 + i % 5)));
    if (i % 5 == 0) f = mul(f, mul(square(random_binary(2)), random_binary(2)));
    ASSERT_EQ(packed_factors(f), generic_factors(f)) << "case " << i;
    const bool generic_irreducible =
        generic_factors(f).size() == 1 && generic_factors(f)[0].second == 1;
    ASSERT_EQ(cas::detail::binary_is_irreducible(f, cas::default_context()), generic_irreducible);
  }
}

TEST(BinaryPolynomial, IrreducibilityAgreesWithTheGenericCodeOnIrreducibles) {
  // Random polynomials are rarely irreducible; products of few factors and the irreducible
  // factors themselves exercise both answers.
  for (int i = 0; i < on2_test::scaled(20); ++i) {
    const binary_polynomial f = random_binary(2 + on2_test::random_engine()() % 150);
    for (const auto& [g, m] : cas::detail::binary_factor(f, cas::default_context())) {
      ASSERT_TRUE(cas::detail::binary_is_irreducible(g, cas::default_context()));
      const auto generic = generic_factors(g);
      ASSERT_EQ(generic.size(), 1u);
      ASSERT_EQ(generic[0].second, 1u);
    }
  }
}

TEST(BinaryPolynomial, FactorAndIsIrreducibleUseThePackedPathWithTheSameAnswers) {
  // x^12 + x^3 + x + 1 = (x + 1)^2 (x^10 + x^8 + x^6 + x^4 + x^2 + x + 1), as PARI/GP factors it.
  const cas::polynomial f = cas::detail::from_binary(
      add(add(binary_polynomial::monomial(12), binary_polynomial::monomial(3)),
          add(binary_polynomial::x(), binary_polynomial::one())));
  const auto factors = cas::factor(f);
  ASSERT_EQ(factors.size(), 2u);
  EXPECT_EQ(factors[0].factor,
            cas::detail::from_binary(add(binary_polynomial::x(), binary_polynomial::one())));
  EXPECT_EQ(factors[0].multiplicity, 2u);
  EXPECT_EQ(factors[1].factor.degree(), 10);
  EXPECT_FALSE(cas::is_irreducible(f));
  EXPECT_TRUE(cas::is_irreducible(factors[1].factor));
}

TEST(BinaryPolynomial, SquareFreeDecompositionAgreesWithTheGenericCode) {
  const cas::detail::word_field field(1);
  const generic_ring ring(field, cas::default_context());
  for (int i = 0; i < on2_test::scaled(20); ++i) {
    const binary_polynomial a = random_binary(1 + on2_test::random_engine()() % 30);
    const binary_polynomial b = random_binary(1 + on2_test::random_engine()() % 10);
    const binary_polynomial f =
        mul(mul(a, square(b)), square(square(add(b, binary_polynomial::one()))));
    factor_set packed;
    for (const auto& [g, m] : cas::square_free_decomposition(cas::detail::from_binary(f))) {
      packed.emplace_back(to_generic(*cas::detail::to_binary(g)), m);
    }
    factor_set generic;
    for (auto& [g, m] : ring.square_free(to_generic(f))) generic.emplace_back(std::move(g), m);
    std::sort(packed.begin(), packed.end());
    std::sort(generic.begin(), generic.end());
    ASSERT_EQ(packed, generic) << "case " << i;
  }
}

cas::polynomial ordinal_polynomial(const binary_polynomial& f) {
  return cas::detail::from_binary(f);
}

TEST(PolynomialPowmod, KnownAnswers) {
  // In GF(2)[x]/(x^7 + x + 1) = GF(2^7), x^(2^7) = x, so x^(2^100) = x^(2^(100 mod 7)) = x^4.
  const cas::polynomial g = ordinal_polynomial(trinomial(7, 1));
  const cas::polynomial x = ordinal_polynomial(binary_polynomial::x());
  EXPECT_EQ(cas::poly_powmod(x, cas::integer(1) << 100, g),
            ordinal_polynomial(binary_polynomial::monomial(4)));
  // Modulo an irreducible f of degree n, x^(2^n) = x: x^2281 + x^715 + 1.
  const cas::polynomial f = ordinal_polynomial(trinomial(2281, 715));
  EXPECT_EQ(cas::poly_powmod(x, cas::integer(1) << 2281, f), x);
  EXPECT_EQ(cas::poly_powmod(x, 0, g), ordinal_polynomial(binary_polynomial::one()));
  EXPECT_EQ(cas::poly_powmod(x, 5, cas::polynomial::constant(cas::ordinal(cas::nimber(3)))),
            cas::polynomial());
}

TEST(PolynomialPowmod, AgreesWithPowerThenRemainderOverGF2AndLargerFields) {
  const cas::context& ctx = cas::default_context();
  for (int i = 0; i < on2_test::scaled(20); ++i) {
    const binary_polynomial f = random_binary(on2_test::random_engine()() % 40);
    const binary_polynomial g = random_binary(1 + on2_test::random_engine()() % 40);
    const std::uint64_t n = on2_test::random_engine()() % 60;
    const cas::polynomial expected =
        cas::poly_divmod(cas::poly_pow(ordinal_polynomial(f), n, ctx), ordinal_polynomial(g), ctx)
            .remainder;
    ASSERT_EQ(cas::poly_powmod(ordinal_polynomial(f), n, ordinal_polynomial(g), ctx), expected);
    // The same with a coefficient outside GF(2): the generic path.
    const cas::polynomial f3 = cas::poly_scale(ordinal_polynomial(f), cas::ordinal(cas::nimber(3)));
    const cas::polynomial expected3 =
        cas::poly_divmod(cas::poly_pow(f3, n, ctx), ordinal_polynomial(g), ctx).remainder;
    ASSERT_EQ(cas::poly_powmod(f3, n, ordinal_polynomial(g), ctx), expected3);
  }
}

TEST(PolynomialPowmod, ErrorsAndLimits) {
  const cas::polynomial x = ordinal_polynomial(binary_polynomial::x());
  EXPECT_THROW(cas::poly_powmod(x, 3, cas::polynomial()), cas::math_error);
  EXPECT_THROW(cas::poly_powmod(x, -1, x), cas::range_error);
  cas::context small;
  small.limits().max_exponent_bits = 100;
  EXPECT_NO_THROW(cas::poly_powmod(x, (cas::integer(1) << 100) - 1, x, small));
  EXPECT_THROW(cas::poly_powmod(x, cas::integer(1) << 100, x, small), cas::limit_error);
  small.limits().max_polynomial_degree = 10;
  EXPECT_THROW(cas::poly_powmod(x, 2, ordinal_polynomial(trinomial(11, 1)), small),
               cas::limit_error);
}

TEST(BinaryPolynomial, LongComputationsStopWhenCancelled) {
  cas::context ctx;
  ctx.cancellation().request();
  const binary_polynomial f = trinomial(2281, 715);
  EXPECT_THROW(cas::detail::binary_is_irreducible(f, ctx), cas::interrupted_error);
  EXPECT_THROW(cas::detail::binary_factor(mul(f, trinomial(127, 1)), ctx), cas::interrupted_error);
  EXPECT_THROW(cas::poly_powmod(ordinal_polynomial(binary_polynomial::x()), cas::integer(1) << 100,
                                ordinal_polynomial(f), ctx),
               cas::interrupted_error);
  EXPECT_THROW(gcd(f, trinomial(2000, 3), &ctx), cas::interrupted_error);
}

}  // namespace
