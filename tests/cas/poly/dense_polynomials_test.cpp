// The dense-polynomial core (cas/src/kernels/dense_polynomials.hpp) against its schoolbook
// references on random inputs over each coefficient field it serves: Karatsuba products against
// the rows of multiply_add, Newton division against long division, gcd against Euclid by long
// division, the Bézout identity of xgcd; and cas::polynomial's products, division and gcd (which
// take the core above its cost rule) against the ordinal schoolbook.
#include "kernels/dense_polynomials.hpp"

#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "cas/core/context.hpp"
#include "cas/poly/polynomial.hpp"
#include "cas/tower/ordinal_product.hpp"
#include "ordinal_builders.hpp"
#include "poly/extension_field.hpp"
#include "poly/factoring_fields.hpp"
#include "poly/polynomial_basis_field.hpp"

namespace {

using cas::detail::dense_polynomials;

// Lengths below, at and above the Karatsuba and Newton thresholds, odd and even, and unbalanced
// pairs.
const std::size_t lengths[] = {1, 2, 7, 15, 16, 17, 33, 64, 65, 130, 257};

template <class F>
typename dense_polynomials<F>::poly random_poly(const F& field, std::size_t n,
                                                std::mt19937_64& rng) {
  typename dense_polynomials<F>::poly p(n);
  for (auto& c : p) c = field.random(rng);
  if (n > 0 && F::is_zero(p.back())) p.back() = field.one();
  return p;
}

// Euclid by long division: the reference for gcd.
template <class F>
typename dense_polynomials<F>::poly reference_gcd(const dense_polynomials<F>& core,
                                                  typename dense_polynomials<F>::poly a,
                                                  typename dense_polynomials<F>::poly b) {
  while (!b.empty()) {
    auto r = core.long_divmod(std::move(a), b).second;
    a = std::move(b);
    b = std::move(r);
  }
  return core.monic(std::move(a));
}

template <class F>
void expect_core_matches_schoolbook(const F& field, int pairs_per_length, unsigned seed) {
  const cas::context& ctx = cas::default_context();
  const dense_polynomials<F> core(field, ctx);
  std::mt19937_64 rng(seed);
  for (const std::size_t n : lengths) {
    for (int trial = 0; trial < pairs_per_length; ++trial) {
      const std::size_t m = lengths[rng() % std::size(lengths)];
      const auto a = random_poly(field, n, rng);
      const auto b = random_poly(field, m, rng);
      ASSERT_EQ(core.mul(a, b), core.schoolbook_mul(a, b)) << n << " × " << m;
      // A sparse operand: every other coefficient zero.
      auto sparse = a;
      for (std::size_t i = 0; i + 1 < sparse.size(); i += 2) sparse[i] = field.zero();
      ASSERT_EQ(core.mul(sparse, b), core.schoolbook_mul(sparse, b)) << n << " × " << m;
      // Division of a long product plus a remainder term by b.
      const auto c = random_poly(field, n + m, rng);
      const auto [q, r] = core.divmod(c, b);
      const auto [q0, r0] = core.long_divmod(c, b);
      ASSERT_EQ(q, q0) << n + m << " / " << m;
      ASSERT_EQ(r, r0) << n + m << " / " << m;
      ASSERT_LT(r.size(), b.size());
      ASSERT_EQ(core.add(core.mul(q, b), r), c);
      if (n > 65 && trial > 0) continue;  // Euclid is quadratic: the long ones once
      // gcd with a common factor, against Euclid by long division, and the Bézout identity.
      const auto common = random_poly(field, 1 + rng() % 40, rng);
      const auto x = core.mul(a, common), y = core.mul(b, common);
      const auto d = core.gcd(x, y);
      ASSERT_EQ(d, reference_gcd(core, x, y));
      ASSERT_GE(d.size(), common.size());
      const auto [d1, s, t] = core.xgcd(x, y);
      ASSERT_EQ(d1, d);
      ASSERT_EQ(core.add(core.mul(s, x), core.mul(t, y)), d);
    }
  }
  // Zero operands.
  using poly = typename dense_polynomials<F>::poly;
  EXPECT_TRUE(core.mul(poly{}, random_poly(field, 20, rng)).empty());
  EXPECT_TRUE(core.gcd(poly{}, poly{}).empty());
  EXPECT_TRUE(core.xgcd(poly{}, poly{}).d.empty());
  const auto f = random_poly(field, 40, rng);
  EXPECT_EQ(core.gcd(f, poly{}), core.monic(f));
}

TEST(DensePolynomials, WordFieldsAgreeWithTheSchoolbook) {
  for (const unsigned bits : {1u, 2u, 8u, 16u, 32u, 64u}) {
    SCOPED_TRACE(bits);
    expect_core_matches_schoolbook(cas::detail::word_field(bits), 3, bits);
  }
}

TEST(DensePolynomials, PolynomialBasisFieldsAgreeWithTheSchoolbook) {
  for (const unsigned bits : {4u, 16u, 64u}) {
    SCOPED_TRACE(bits);
    expect_core_matches_schoolbook(cas::detail::polynomial_basis_field(bits), 3, 100 + bits);
  }
}

TEST(DensePolynomials, TowerFieldsAgreeWithTheSchoolbook) {
  // GF(2^96): ω (degree 3 over GF(2)) with GF(2^32); and κ_7's field with GF(2^16).
  expect_core_matches_schoolbook(
      cas::detail::tower_adapter(cas::tower_field::spanning(
          {on2_test::term({1}), on2_test::finite(std::uint64_t{1} << 20)})),
      1, 7);
  expect_core_matches_schoolbook(cas::detail::tower_adapter(cas::tower_field::spanning(
                                     {on2_test::term({0, 0, 1}), on2_test::finite(40000)})),
                                 1, 8);
}

TEST(DensePolynomials, ExtensionFieldsAgreeWithTheSchoolbook) {
  // GF(2^48) = GF(2^16)[y]/(y^3 + y + c) for the first c making it irreducible (no root).
  const cas::detail::word_field base(16);
  for (std::uint64_t c = 1;; ++c) {
    bool root = false;
    for (std::uint64_t y = 0; y < 65536 && !root; ++y) {
      root = base.add(base.mul(base.mul(y, y), y), base.add(y, c)) == 0;
    }
    if (root) continue;
    const cas::detail::extension_field<cas::detail::word_field> field(base, {c, 1, 0, 1});
    expect_core_matches_schoolbook(field, 1, 9);
    break;
  }
}

// cas::polynomial's products, division and gcd against the same operations on ordinals
// coefficient by coefficient, on operands dense and large enough for the core.
cas::polynomial random_polynomial(std::size_t n, const std::vector<cas::ordinal>& pool,
                                  std::mt19937_64& rng) {
  std::vector<cas::ordinal> c(n);
  for (auto& a : c) a = pool[rng() % pool.size()];
  c.back() = pool.back();
  return cas::polynomial(std::move(c));
}

cas::polynomial ordinal_product(const cas::polynomial& f, const cas::polynomial& g) {
  std::vector<cas::ordinal> p(f.coefficients().size() + g.coefficients().size() - 1);
  for (std::size_t i = 0; i < f.coefficients().size(); ++i) {
    for (std::size_t j = 0; j < g.coefficients().size(); ++j) {
      p[i + j] = cas::nim_add(p[i + j], cas::nim_mul(f.coefficient(i), g.coefficient(j)));
    }
  }
  return cas::polynomial(std::move(p));
}

TEST(DensePolynomials, PolynomialOperationsAgreeWithTheOrdinalSchoolbook) {
  std::mt19937_64 rng(5);
  std::vector<std::vector<cas::ordinal>> pools(3);
  for (int i = 0; i < 16; ++i) {
    pools[0].push_back(on2_test::finite(rng() & 0xffff));
    pools[1].push_back(on2_test::finite(rng()));
    pools[2].push_back(
        on2_test::sum({on2_test::term({1}, rng() & 3), on2_test::finite(rng() & 15)}));
  }
  for (auto& pool : pools) pool.push_back(on2_test::finite(1));
  for (const auto& pool : pools) {
    for (const std::size_t n : {40u, 150u}) {
      const cas::polynomial f = random_polynomial(n, pool, rng);
      const cas::polynomial g = random_polynomial(n / 2 + 3, pool, rng);
      const cas::polynomial h = random_polynomial(20, pool, rng);
      const cas::polynomial fg = cas::poly_mul(f, g);
      ASSERT_EQ(fg, ordinal_product(f, g));
      const cas::polynomial_division division = cas::poly_divmod(cas::poly_add(fg, h), g);
      ASSERT_EQ(division.quotient, f);
      ASSERT_EQ(division.remainder, h);
      const cas::polynomial d = cas::poly_gcd(fg, cas::poly_mul(g, h));
      // g divides both; d is monic and divides both.
      ASSERT_TRUE(cas::poly_divmod(d, cas::poly_monic(g)).remainder.is_zero());
      ASSERT_TRUE(cas::poly_divmod(fg, d).remainder.is_zero());
      ASSERT_EQ(d.leading(), on2_test::finite(1));
    }
  }
}

}  // namespace
