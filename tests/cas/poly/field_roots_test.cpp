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
#include "cas/poly/polynomial.hpp"
#include "cas/poly/polynomial_factoring.hpp"
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

// The roots of g = ∏ (x + r_i), r_i distinct in GF(2^(e·m)), found by one_root for e·m = d.
void expect_one_root_among(unsigned bits, std::uint64_t e, std::uint64_t m, int count,
                           std::uint64_t seed) {
  const cas::context ctx;
  const cas::detail::word_field field(bits);
  const ring r(field, ctx);
  std::mt19937_64 rng(seed);
  const std::uint64_t d = e * m;
  for (int trial = 0; trial < 20; ++trial) {
    std::set<std::uint64_t> distinct;
    while (static_cast<int>(distinct.size()) < count) {
      distinct.insert(field.random_in_subfield(d, rng));
    }
    const std::vector<std::uint64_t> roots(distinct.begin(), distinct.end());
    auto random_in_subfield = [&] { return field.random_in_subfield(d, rng); };
    const std::uint64_t root = r.one_root(from_roots(r, roots), e, m, random_in_subfield);
    EXPECT_TRUE(distinct.count(root) == 1) << "trial " << trial << ": " << root;
  }
}

TEST(OneRoot, RelativeTraceDownToGf16InsideGf65536) {
  expect_one_root_among(16, 4, 4, 9, 1);
}

TEST(OneRoot, RelativeTraceDownToGf65536InsideGf2To64) {
  expect_one_root_among(64, 16, 4, 12, 2);
}

TEST(OneRoot, AbsoluteTraceWhenTheSubfieldIsGf2) {
  expect_one_root_among(16, 1, 16, 7, 3);
}

TEST(OneRoot, RootsInAProperSubfieldOfTheWordField) {
  // Roots in GF(2^16) while the word field is GF(2^64): m = 4 over GF(2^4).
  expect_one_root_among(64, 4, 4, 10, 4);
}

TEST(OneRoot, ALinearPolynomialIsItsOwnRoot) {
  const cas::context ctx;
  const cas::detail::word_field field(16);
  const ring r(field, ctx);
  auto never = []() -> std::uint64_t { throw std::logic_error("no splitting needed"); };
  EXPECT_EQ(r.one_root({0x1234, 1}, 16, 1, never), 0x1234u);
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

}  // namespace
