// The machine-word fields in a polynomial basis (cas/src/poly/polynomial_basis_field.hpp) and
// the fast polynomial arithmetic of field_polynomials on them, against the nimber arithmetic and
// the word_field code used before: element products and conversions, Kronecker products against
// the rows of multiply_add, Barrett remainders against long division, and the factorisations of
// random polynomials (the same factors as over word_field, which multiply back to f and are
// irreducible).
#include "poly/polynomial_basis_field.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "cas/core/context.hpp"
#include "cas/core/error.hpp"
#include "cas/kernels/nimber_kernels.hpp"
#include "cas/poly/polynomial.hpp"
#include "cas/poly/polynomial_factoring.hpp"
#include "poly/factoring_fields.hpp"
#include "poly/field_polynomials.hpp"

namespace {

using cas::detail::polynomial_basis_field;
using cas::detail::word_field;
using basis_ring = cas::detail::field_polynomials<polynomial_basis_field>;
using word_ring = cas::detail::field_polynomials<word_field>;

const unsigned all_bits[] = {1, 2, 4, 8, 16, 32, 64};

std::uint64_t random_below(unsigned bits, std::mt19937_64& rng) {
  return bits == 64 ? rng() : rng() & ((std::uint64_t{1} << bits) - 1);
}

TEST(PolynomialBasisField, ProductsAndConversionsAgreeWithTheNimbers) {
  std::mt19937_64 rng(11);
  for (const unsigned bits : all_bits) {
    const polynomial_basis_field field(bits);
    for (int trial = 0; trial < 2000; ++trial) {
      const std::uint64_t a = random_below(bits, rng);
      const std::uint64_t b = random_below(bits, rng);
      ASSERT_EQ(field.to_nimber(field.from_nimber(a)), a) << bits;
      ASSERT_LT(field.from_nimber(a), bits == 64 ? ~std::uint64_t{0} : std::uint64_t{1} << bits);
      ASSERT_EQ(field.to_nimber(field.mul(field.from_nimber(a), field.from_nimber(b))),
                cas::nim_mul64(a, b))
          << bits << " bits: " << a << " * " << b;
      if (a != 0) {
        ASSERT_EQ(field.mul(field.inverse(field.from_nimber(a)), field.from_nimber(a)),
                  field.one());
      }
      ASSERT_EQ(field.square(field.sqrt(field.from_nimber(a))), field.from_nimber(a));
    }
    EXPECT_EQ(field.from_nimber(1), field.one());
  }
}

// The product coefficient by coefficient, through the field's scalar products.
std::vector<std::uint64_t> schoolbook(const polynomial_basis_field& field,
                                      const std::vector<std::uint64_t>& a,
                                      const std::vector<std::uint64_t>& b) {
  std::vector<std::uint64_t> c(a.size() + b.size() - 1, 0);
  for (std::size_t i = 0; i < a.size(); ++i) {
    for (std::size_t j = 0; j < b.size(); ++j) c[i + j] ^= field.mul(a[i], b[j]);
  }
  return c;
}

TEST(PolynomialBasisField, KroneckerProductsAgreeWithTheSchoolbookProduct) {
  std::mt19937_64 rng(12);
  for (const unsigned bits : all_bits) {
    const polynomial_basis_field field(bits);
    for (const std::size_t an : {1u, 2u, 15u, 16u, 33u, 200u}) {
      for (const std::size_t bn : {1u, 7u, 64u, 129u}) {
        std::vector<std::uint64_t> a(an), b(bn);
        for (auto& x : a) x = field.random(rng);
        for (auto& x : b) x = field.random(rng);
        a.back() = field.one();
        std::vector<std::uint64_t> c(an + bn - 1);
        field.multiply_polynomials(c.data(), a.data(), an, b.data(), bn);
        ASSERT_EQ(c, schoolbook(field, a, b)) << bits << " bits, " << an << " x " << bn;
      }
    }
  }
}

TEST(PolynomialBasisField, BarrettRemaindersAgreeWithLongDivision) {
  const cas::context ctx;
  std::mt19937_64 rng(13);
  for (const unsigned bits : {2u, 16u, 64u}) {
    const polynomial_basis_field field(bits);
    const basis_ring ring(field, ctx);
    for (const std::size_t n : {16u, 17u, 40u, 257u}) {
      basis_ring::poly m(n + 1);
      for (auto& x : m) x = field.random(rng);
      m.back() = field.random(rng) | 1;  // not monic in general
      const basis_ring::modulus mod(ring, m);
      for (int trial = 0; trial < 5; ++trial) {
        const std::size_t size = trial == 0 ? 2 * n - 1 : rng() % (2 * n);
        basis_ring::poly a(size);
        for (auto& x : a) x = field.random(rng);
        ring.trim(a);
        EXPECT_EQ(mod.reduce(a), ring.rem(a, m)) << bits << " bits, n = " << n;
      }
      basis_ring::poly r(n), s(n);
      for (auto& x : r) x = field.random(rng);
      for (auto& x : s) x = field.random(rng);
      ring.trim(r);
      ring.trim(s);
      EXPECT_EQ(mod.multiply(r, s), ring.rem(ring.mul(r, s), m));
      EXPECT_EQ(mod.square(r), ring.rem(ring.mul(r, r), m));
    }
  }
}

// The monic irreducible factors of a random monic square-free f of degree d over GF(2^bits),
// as nimber coefficient vectors, sorted: through the polynomial basis and through word_field.
std::vector<std::vector<std::uint64_t>> factors_in_basis(unsigned bits,
                                                         const std::vector<std::uint64_t>& f) {
  const cas::context ctx;
  const polynomial_basis_field field(bits);
  const basis_ring ring(field, ctx);
  basis_ring::poly p;
  for (const std::uint64_t c : f) p.push_back(field.from_nimber(c));
  std::mt19937_64 rng(1);
  std::vector<std::vector<std::uint64_t>> out;
  for (const auto& [part, multiplicity] : ring.square_free(p)) {
    for (const auto& g : ring.irreducible_factors(part, rng)) {
      std::vector<std::uint64_t> nimbers;
      for (const auto c : g) nimbers.push_back(field.to_nimber(c));
      for (std::uint64_t i = 0; i < multiplicity; ++i) out.push_back(nimbers);
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::vector<std::uint64_t>> factors_in_words(unsigned bits,
                                                         const std::vector<std::uint64_t>& f) {
  const cas::context ctx;
  const word_field field(bits);
  const word_ring ring(field, ctx);
  std::mt19937_64 rng(1);
  std::vector<std::vector<std::uint64_t>> out;
  for (const auto& [part, multiplicity] : ring.square_free(f)) {
    for (const auto& g : ring.irreducible_factors(part, rng)) {
      for (std::uint64_t i = 0; i < multiplicity; ++i) out.push_back(g);
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

TEST(PolynomialBasisField, FactorsAgreeWithTheWordField) {
  std::mt19937_64 rng(14);
  for (const unsigned bits : {4u, 16u, 64u}) {
    for (const std::size_t d : {5u, 30u, 70u, 160u}) {
      std::vector<std::uint64_t> f(d + 1);
      for (auto& x : f) x = random_below(bits, rng);
      f.back() = 1;
      EXPECT_EQ(factors_in_basis(bits, f), factors_in_words(bits, f))
          << bits << " bits, degree " << d;
    }
  }
}

// Through cas::factor (the polynomial basis from degree 96 on): the factors multiply back to f,
// and each is irreducible by the Frobenius-matrix test over word_field (one distinct-degree part,
// of its own degree).
TEST(PolynomialBasisField, LargeFactorisationsMultiplyBackAndAreIrreducible) {
  const cas::context ctx;
  std::mt19937_64 rng(15);
  for (const unsigned bits : {16u, 64u}) {
    const word_field field(bits);
    const word_ring ring(field, ctx);
    for (const std::size_t d : {100u, 300u}) {
      std::vector<cas::ordinal> coefficients(d + 1);
      for (auto& c : coefficients) c = cas::ordinal(cas::nimber(random_below(bits, rng)));
      coefficients.back() = cas::ordinal(cas::nimber(1));
      const cas::polynomial f(coefficients);
      word_ring::poly product = ring.one();
      for (const auto& [g, multiplicity] : cas::factor(f, ctx)) {
        word_ring::poly h;
        for (const auto& c : g.coefficients()) h.push_back(c.finite_part().low_word());
        const auto parts = ring.distinct_degree(h);
        ASSERT_EQ(parts.size(), 1u);
        EXPECT_EQ(parts[0].second, static_cast<std::uint64_t>(g.degree()));
        for (std::uint64_t i = 0; i < multiplicity; ++i) product = ring.mul(product, h);
      }
      word_ring::poly expected;
      for (const auto& c : coefficients) expected.push_back(c.finite_part().low_word());
      EXPECT_EQ(product, expected) << bits << " bits, degree " << d;
    }
  }
}

// The baby steps, giant steps and trace map poll the context: a cancelled one stops them.
TEST(PolynomialBasisField, LongComputationsStopWhenCancelled) {
  cas::context ctx;
  ctx.cancellation().request();
  const polynomial_basis_field field(64);
  const basis_ring ring(field, ctx);
  std::mt19937_64 rng(16);
  basis_ring::poly f(301);
  for (auto& c : f) c = field.random(rng);
  f.back() = field.one();
  EXPECT_THROW(ring.distinct_degree(f), cas::interrupted_error);
  std::vector<basis_ring::poly> out;
  EXPECT_THROW(ring.equal_degree(f, 100, rng, out), cas::interrupted_error);
  std::vector<cas::ordinal> coefficients;
  for (const auto c : f) coefficients.emplace_back(cas::nimber(field.to_nimber(c)));
  EXPECT_THROW(cas::factor(cas::polynomial(coefficients), ctx), cas::interrupted_error);
}

}  // namespace
