// Root finding (cas/src/poly/field_polynomials.hpp `one_root`, polynomial_factoring.cpp `roots`)
// and the word fields' multiply_add (factoring_fields.hpp):
// one root of a product of distinct linear factors through the relative trace down to a subfield,
// and differential checks of cas::roots on random polynomials over GF(2^16) against the ordinal
// arithmetic (each root substituted by poly_evaluate, and the multiplicities summing to the
// degree).
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>

#include "cas/core/context.hpp"
#include "cas/core/error.hpp"
#include "cas/kappa/kappa.hpp"
#include "cas/poly/polynomial.hpp"
#include "cas/poly/polynomial_factoring.hpp"
#include "cas/tower/ordinal_field.hpp"
#include "cas/tower/tower.hpp"
#include "ordinal_builders.hpp"
#include "poly/extension_field.hpp"
#include "poly/factoring_fields.hpp"
#include "poly/field_polynomials.hpp"

namespace {

using ring = cas::detail::field_polynomials<cas::detail::word_field>;

// ∏ (x + r) over the given roots.
ring::poly from_roots(const ring& r, const std::vector<std::uint64_t>& roots) {
  ring::poly g = r.one();
  for (const std::uint64_t root : roots) g = r.mul(g, {root, 1});
  return g;
}

// h = ∏_(i < m) (x + a^(q^i)), q = 2^e, for a random a of degree m over GF(q) in GF(2^(e·m)):
// irreducible of degree m over GF(q). one_root returns one of its m roots, for many a; it fails
// when a root were wrong (not among the conjugates) or when the search did not end.
void expect_one_root_among(unsigned bits, std::uint64_t e, std::uint64_t m, std::uint64_t seed) {
  const cas::context ctx;
  const cas::detail::word_field field(bits);
  const ring r(field, ctx);
  std::mt19937_64 rng(seed);
  const std::uint64_t d = e * m;
  for (int trial = 0; trial < 20; ++trial) {
    std::uint64_t a = 0;
    std::vector<std::uint64_t> conjugates;
    do {
      a = field.random_in_subfield(d, rng);
      conjugates = r.frobenius_orbit(a, e, m);
    } while (std::set<std::uint64_t>(conjugates.begin(), conjugates.end()).size() < m);
    const ring::poly h = from_roots(r, conjugates);
    for (const std::uint64_t c : h) ASSERT_EQ(field.frobenius(c, e), c);  // h ∈ GF(q)[x]
    auto random_in_subfield = [&] { return field.random_in_subfield(d, rng); };
    const std::uint64_t root = r.one_root(h, e, r.frobenius_powers(h, e), random_in_subfield);
    EXPECT_TRUE(std::count(conjugates.begin(), conjugates.end(), root) == 1)
        << "trial " << trial << ": " << root;
  }
}

TEST(OneRoot, RelativeTraceDownToGf16InsideGf65536) {
  expect_one_root_among(16, 4, 4, 1);
}

TEST(OneRoot, RelativeTraceDownToGf65536InsideGf2To64) {
  expect_one_root_among(64, 16, 4, 2);
}

TEST(OneRoot, AbsoluteTraceWhenTheSubfieldIsGf2) {
  expect_one_root_among(16, 1, 16, 3);
}

TEST(OneRoot, RootsInAProperSubfieldOfTheWordField) {
  // Roots in GF(2^16) while the word field is GF(2^64): m = 4 over GF(2^4).
  expect_one_root_among(64, 4, 4, 4);
}

TEST(OneRoot, DegreeThirtyTwoOverGf4) {
  expect_one_root_among(64, 2, 32, 5);
}

// x^(q^i) mod h from h's Frobenius rows against e·i squarings modulo h.
TEST(FrobeniusPowers, AgreeWithRepeatedSquaring) {
  const cas::context ctx;
  const cas::detail::word_field field(16);
  const ring r(field, ctx);
  std::mt19937_64 rng(6);
  const std::uint64_t e = 4;  // GF(16) inside GF(2^16)
  ring::poly h(10);
  for (auto& c : h) c = field.random_in_subfield(e, rng);
  h.back() = 1;
  const auto powers = r.frobenius_powers(h, e);
  ASSERT_EQ(powers.size(), 9u);
  ring::poly power = r.x();
  for (std::size_t i = 0; i < powers.size(); ++i) {
    EXPECT_EQ(powers[i], power) << i;
    for (std::uint64_t s = 0; s < e; ++s) power = r.rem(r.square(power), h);
  }
}

TEST(OneRoot, ALinearPolynomialIsItsOwnRoot) {
  const cas::context ctx;
  const cas::detail::word_field field(16);
  const ring r(field, ctx);
  auto never = []() -> std::uint64_t { throw std::logic_error("no splitting needed"); };
  EXPECT_EQ(r.one_root({0x1234, 1}, 16, {}, never), 0x1234u);
}

// GF(2^16)[y]/(m) for a random irreducible quintic m: the field laws, inverses, the q-th power
// map by its rows against 16 squarings, x^(q^5) = x, and products by constants.
TEST(ExtensionField, FieldLawsInGf65536ToTheFifth) {
  const cas::context ctx;
  const cas::detail::word_field base(16);
  const ring r(base, ctx);
  std::mt19937_64 rng(8);
  ring::poly m;
  for (;;) {
    m.assign(6, 0);
    for (auto& c : m) c = base.random(rng);
    m.back() = 1;
    // m is irreducible over GF(q) iff gcd(x^(q^k) − x, m) = 1 for k = 1, 2 (degree 5).
    ring::poly power = r.x();
    bool irreducible = true;
    for (int k = 1; k <= 2 && irreducible; ++k) {
      for (int s = 0; s < 16; ++s) power = r.rem(r.square(power), m);
      irreducible = r.degree(r.gcd(m, r.add(power, r.x()))) == 0;
    }
    if (irreducible) break;
  }
  const cas::detail::extension_field<cas::detail::word_field> field(base, m);
  EXPECT_EQ(field.degree(), 80u);
  using element = std::vector<std::uint64_t>;
  for (int trial = 0; trial < 20; ++trial) {
    const element a = field.random(rng), b = field.random(rng), c = field.random(rng);
    EXPECT_EQ(field.mul(field.mul(a, b), c), field.mul(a, field.mul(b, c)));
    EXPECT_EQ(field.mul(a, field.add(b, c)), field.add(field.mul(a, b), field.mul(a, c)));
    EXPECT_EQ(field.square(a), field.mul(a, a));
    if (!field.is_zero(a)) {
      EXPECT_EQ(field.mul(a, field.inverse(a)), field.one());
    }
    element squared = a;
    for (int s = 0; s < 16; ++s) squared = field.square(squared);
    EXPECT_EQ(field.frobenius(a, 16), squared);
    EXPECT_EQ(field.frobenius(a, 80), a);
    EXPECT_EQ(field.frobenius(a, 19), field.frobenius(field.frobenius(a, 16), 3));
    element sum = field.zero();
    field.multiply_add(&sum, a, &b, 1);
    EXPECT_EQ(sum, field.mul(a, b));
    const element k = field.constant(base.random(rng));
    sum = field.zero();
    field.multiply_add(&sum, k, &b, 1);
    EXPECT_EQ(sum, field.mul(k, b));
    // The trace down to GF(2^16) is fixed by the q-th power map.
    const element t = field.random_in_subfield(16, rng);
    EXPECT_EQ(field.frobenius(t, 16), t);
    EXPECT_TRUE(field.in_packed_base(t));
  }
  EXPECT_THROW(field.inverse(field.zero()), cas::math_error);
}

// The rows dst += c·src (batched in GF(2^64), by the logarithm of c up to GF(2^16)) against the
// scalar product, across the batch's chunks of 64.
TEST(MultiplyAdd, AgreesWithTheScalarProduct) {
  std::mt19937_64 rng(5);
  for (unsigned bits : {4u, 16u, 32u, 64u}) {
    const cas::detail::word_field field(bits);
    for (std::size_t n : {0u, 1u, 7u, 64u, 65u, 150u}) {
      std::vector<std::uint64_t> src(n), dst(n);
      for (auto& x : src) x = field.random(rng);
      for (auto& x : dst) x = field.random(rng);
      if (n > 2) src[1] = 0;
      for (const std::uint64_t c : {std::uint64_t{0}, std::uint64_t{1}, field.random(rng)}) {
        std::vector<std::uint64_t> expected = dst;
        for (std::size_t i = 0; i < n; ++i) expected[i] ^= field.mul(c, src[i]);
        std::vector<std::uint64_t> got = dst;
        field.multiply_add(got.data(), c, src.data(), n);
        EXPECT_EQ(got, expected) << bits << " bits, n = " << n << ", c = " << c;
      }
    }
  }
}

// Random monic polynomials over GF(2^16): every root r returned satisfies f(r) = 0 in the
// ordinal arithmetic, the roots are distinct, and their multiplicities add up to deg f (f splits
// over the union of the extension fields).
TEST(PolynomialRoots, RandomPolynomialsOverGf65536SplitCompletely) {
  std::mt19937_64 rng(11);
  for (int degree : {3, 4, 6, 8, 8, 9}) {
    std::vector<cas::ordinal> c(static_cast<std::size_t>(degree) + 1);
    for (auto& x : c) x = cas::ordinal(cas::nimber(rng() & 0xffff));
    c.back() = cas::ordinal(cas::nimber(1));
    const cas::polynomial f(std::move(c));
    const auto roots = cas::roots(f);
    std::uint64_t total = 0;
    for (std::size_t i = 0; i < roots.size(); ++i) {
      total += roots[i].multiplicity;
      EXPECT_TRUE(cas::poly_evaluate(f, roots[i].root).is_zero()) << "degree " << degree;
      if (i > 0) {
        EXPECT_TRUE(roots[i - 1].root < roots[i].root);
      }
    }
    EXPECT_EQ(total, static_cast<std::uint64_t>(degree));
  }
}

// f(r) = 0 for every root, in one tower field holding f's coefficients and all the roots (Horner's
// rule there: the ordinal products would take seconds in the large splitting fields), the roots
// distinct and their multiplicities adding up to deg f. Fails when a root is wrong or missing.
void expect_splits_completely(const cas::polynomial& f) {
  const auto roots = cas::roots(f);
  std::vector<cas::ordinal> values = f.coefficients();
  std::uint64_t total = 0;
  for (std::size_t i = 0; i < roots.size(); ++i) {
    values.push_back(roots[i].root);
    total += roots[i].multiplicity;
    if (i > 0) {
      EXPECT_TRUE(roots[i - 1].root < roots[i].root);
    }
  }
  EXPECT_EQ(total, static_cast<std::uint64_t>(f.degree()));
  const cas::tower_field field = cas::tower_field::spanning(values);
  for (const auto& root : roots) {
    const auto r = field.from_ordinal(root.root);
    auto value = field.zero();
    for (auto c = f.coefficients().rbegin(); c != f.coefficients().rend(); ++c) {
      value = cas::tower_field::add(field.mul(value, r), field.from_ordinal(*c));
    }
    EXPECT_TRUE(cas::tower_field::is_zero(value)) << "a root of the degree-" << f.degree() << " f";
  }
}

cas::polynomial random_monic(int degree, const std::vector<cas::ordinal>& pool,
                             std::mt19937_64& rng) {
  std::vector<cas::ordinal> c(static_cast<std::size_t>(degree) + 1);
  for (auto& x : c) x = pool[rng() % pool.size()];
  c.back() = cas::ordinal(cas::nimber(1));
  return cas::polynomial(std::move(c));
}

// Degrees up to 40 over GF(2^16): factors of degree up to the 30s, whose roots lie in towers
// with κ_p for primes p up to 37 (and the κ's of their α_p).
TEST(PolynomialRoots, LargerRandomPolynomialsOverGf65536SplitCompletely) {
  std::mt19937_64 rng(12);
  std::vector<cas::ordinal> pool;
  for (int i = 0; i < 64; ++i) pool.emplace_back(cas::nimber(rng() & 0xffff));
  for (int degree : {12, 17, 24, 31, 40}) expect_splits_completely(random_monic(degree, pool, rng));
}

// Coefficients in GF(2^8), GF(2^32) and GF(2^64): the splitting in GF(q^j) = GF(q)[y]/(m) for
// other word fields (the GF(2^64) products from the kernels' batch, not the logarithm tables).
TEST(PolynomialRoots, RandomPolynomialsOverOtherWordFieldsSplitCompletely) {
  std::mt19937_64 rng(14);
  for (const auto& [bits, degree] : {std::pair{8u, 21}, std::pair{32u, 13}, std::pair{64u, 11}}) {
    std::vector<cas::ordinal> pool;
    for (int i = 0; i < 64; ++i) {
      pool.emplace_back(cas::nimber(bits == 64 ? rng() : rng() & ((std::uint64_t{1} << bits) - 1)));
    }
    expect_splits_completely(random_monic(degree, pool, rng));
  }
}

// The number of independent vectors among rows of bits (over GF(2)).
std::size_t rank_over_gf2(std::vector<std::vector<std::uint64_t>> rows) {
  std::size_t rank = 0;
  const std::size_t bits = rows.empty() ? 0 : 64 * rows[0].size();
  for (std::size_t bit = 0; bit < bits && rank < rows.size(); ++bit) {
    auto has_bit = [&](const std::vector<std::uint64_t>& row) {
      return (row[bit / 64] >> (bit % 64)) & 1;
    };
    auto pivot =
        std::find_if(rows.begin() + static_cast<std::ptrdiff_t>(rank), rows.end(), has_bit);
    if (pivot == rows.end()) continue;
    std::swap(*pivot, rows[rank]);
    for (std::size_t i = 0; i < rows.size(); ++i) {
      if (i == rank || !has_bit(rows[i])) continue;
      for (std::size_t w = 0; w < rows[i].size(); ++w) rows[i][w] ^= rows[rank][w];
    }
    ++rank;
  }
  return rank;
}

// GF(2^176) = GF(q^11), q = 2^16, inside the tower field GF(2^880) of GF(q) and κ_11 (which brings
// κ_5): the random elements of the subfield, traces of y on one line per orbit of the top step,
// lie in it and span all of it (176 independent bits), not only the part of a few lines.
TEST(TowerAdapter, RandomElementsOfAProperSubfieldSpanIt) {
  const cas::ordinal kappa11 =
      cas::ordinal::term(cas::small_ordinal(std::vector<cas::integer>{0, 0, 0, 1}), cas::nimber(1));
  const cas::detail::tower_adapter field(
      cas::tower_field::spanning({kappa11, cas::ordinal(cas::nimber(40000))}));
  ASSERT_EQ(field.degree(), 880u);
  std::mt19937_64 rng(21);
  std::vector<cas::tower_field::element> draws;
  for (int i = 0; i < 200; ++i) {
    draws.push_back(field.random_in_subfield(176, rng));
    EXPECT_EQ(field.frobenius(draws.back(), 176), draws.back());
  }
  EXPECT_EQ(rank_over_gf2(draws), 176u);
}

// 64 random elements of GF(2^16), and a random monic irreducible polynomial of the given degree
// with coefficients among them.
std::vector<cas::ordinal> pool_of_gf65536(std::mt19937_64& rng) {
  std::vector<cas::ordinal> pool;
  for (int i = 0; i < 64; ++i) pool.emplace_back(cas::nimber(rng() & 0xffff));
  return pool;
}
cas::polynomial random_irreducible(int degree, const std::vector<cas::ordinal>& pool,
                                   std::mt19937_64& rng) {
  cas::polynomial h = random_monic(degree, pool, rng);
  while (!cas::is_irreducible(h)) h = random_monic(degree, pool, rng);
  return h;
}

// A factor of degree 11 over GF(2^16) (with factors of degrees 1 and 2): its roots lie in
// GF(2^176), a fifth of the tower field GF(2^880) the splitting works in.
TEST(PolynomialRoots, AFactorWhoseSplittingFieldIsAProperSubfieldOfItsTower) {
  std::mt19937_64 rng(22);
  const std::vector<cas::ordinal> pool = pool_of_gf65536(rng);
  const cas::polynomial h = random_irreducible(11, pool, rng);
  const cas::polynomial f = cas::poly_mul(h, random_monic(3, pool, rng));
  expect_splits_completely(f);
  EXPECT_EQ(cas::roots(h).size(), 11u);
}

// A factor of degree 23 over GF(2^16): its roots lie in GF(2^368), 1/55 of the tower field
// GF(2^20240) = K(κ_23), whose top step's Kummer structure gives θ's powers
// (kummer_minimal_polynomial.hpp, powers_by_kummer_step).
TEST(PolynomialRoots, AFactorSplitThroughTheTopStepsKummerStructure) {
  std::mt19937_64 rng(23);
  const cas::polynomial h = random_irreducible(23, pool_of_gf65536(rng), rng);
  const std::vector<cas::polynomial_root> roots = cas::roots(h);
  ASSERT_EQ(roots.size(), 23u);
  for (const cas::polynomial_root& r : roots) {
    EXPECT_EQ(cas::nim_degree(r.root), 368u);
    EXPECT_TRUE(cas::poly_evaluate(h, r.root).is_zero());
  }
}

// A square factor and a repeated root: multiplicities count.
TEST(PolynomialRoots, MultiplicitiesOverGf65536) {
  std::mt19937_64 rng(13);
  std::vector<cas::ordinal> pool;
  for (int i = 0; i < 64; ++i) pool.emplace_back(cas::nimber(rng() & 0xffff));
  const cas::polynomial g = random_monic(9, pool, rng);
  const cas::polynomial linear(
      std::vector<cas::ordinal>{cas::ordinal(cas::nimber(0x1234)), cas::ordinal(cas::nimber(1))});
  expect_splits_completely(cas::poly_mul(cas::poly_mul(g, g), cas::poly_pow(linear, 3)));
}

// Over κ_7's field GF(2^21)·GF(2^2): coefficients Σ c·[ω^(ω^2·k + i)] (the b5_roots_kappa7
// benchmark's pool).
TEST(PolynomialRoots, RandomPolynomialsOverKappa7FieldSplitCompletely) {
  std::mt19937_64 rng(3);
  std::vector<cas::ordinal> pool;
  for (int n = 0; n < 32; ++n) pool.push_back(on2_test::random_kappa7_element(rng));
  for (int degree : {2, 3, 5, 8}) expect_splits_completely(random_monic(degree, pool, rng));
}

}  // namespace
