// The materialised tower fields and the field functions of transfinite nimbers.
#include "cas/tower/tower.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "cas/arith/mersenne_factors.hpp"
#include "cas/core/error.hpp"
#include "cas/kappa/kappa.hpp"
#include "cas/tower/ordinal_field.hpp"
#include "cas/tower/ordinal_product.hpp"
#include "ordinal_builders.hpp"
#include "test_support.hpp"

namespace {

using cas::ordinal;
using on2_test::finite;
using on2_test::sum;
using on2_test::term;

const ordinal omega = ordinal::omega();

TEST(TowerField, ShapeOfTheFieldOfOmega) {
  const cas::tower_field field = cas::tower_field::spanning({omega});
  EXPECT_EQ(field.degree(),
            6);  // GF(64) = {a·[ω^2] + b·ω + c : a, b, c < 4} (docs/spec/arithmetic.md §5)
  // Built as GF(4)[κ_3]; at most 64 bits, so all of it is packed into one word.
  EXPECT_EQ(field.base_bits(), 6u);
  EXPECT_EQ(field.words(), 1u);
  EXPECT_EQ(field.steps().size(), 0u);
  EXPECT_EQ(field.to_ordinal(field.from_ordinal(sum({term({2}, 3), term({1}, 2), finite(1)}))),
            sum({term({2}, 3), term({1}, 2), finite(1)}));
}

// GF(2^220) = GF(16)[κ_5][κ_11]: GF(2^20) is packed into words, and κ_11 is the one step above.
TEST(TowerField, PackedBaseBelowTheSteps) {
  const ordinal kappa11 = term({0, 0, 0, 1});  // ω^(ω^3)
  const cas::tower_field field = cas::tower_field::spanning({kappa11});
  EXPECT_EQ(field.degree(), 220);
  EXPECT_EQ(field.base_bits(), 20u);
  EXPECT_EQ(field.words(), 11u);
  ASSERT_EQ(field.steps().size(), 1u);
  EXPECT_EQ(field.steps()[0].q, 11u);
  const ordinal x = sum({term({0, 0, 0, 3}, 5), term({0, 1, 0, 1}, 9), term({0, 4}, 2), finite(7)});
  EXPECT_EQ(field.to_ordinal(field.from_ordinal(x)), x);
  // κ_11^11 = α_11 = [ω^ω + 1] (docs/spec/arithmetic.md §4), computed in the packed field.
  cas::tower_field::element power = field.one();
  for (int i = 0; i < 11; ++i) power = field.mul(power, field.from_ordinal(kappa11));
  EXPECT_EQ(field.to_ordinal(power), sum({term({0, 1}), finite(1)}));
}

// A factor in the packed base (only word 0 set) scales the other word by word; the product
// agrees with the general one, c·x = (c + t)·x + t·x for t = κ_11 outside the base.
TEST(TowerField, ProductsByPackedBaseElementsAgreeWithTheGeneralProduct) {
  const cas::tower_field field = cas::tower_field::spanning({term({0, 0, 0, 1})});
  const cas::tower_field::element t = field.from_ordinal(term({0, 0, 0, 1}));
  const cas::tower_field::element x =
      field.from_ordinal(sum({term({0, 0, 0, 3}, 5), term({0, 1, 0, 1}, 9), finite(7)}));
  for (const std::uint64_t word : {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{0x9a3c5}}) {
    cas::tower_field::element c = field.zero();
    c[0] = word;
    const auto general =
        cas::tower_field::add(field.mul(cas::tower_field::add(c, t), x), field.mul(t, x));
    EXPECT_EQ(field.mul(c, x), general) << word;
    EXPECT_EQ(field.mul(x, c), general) << word;
  }
}

// The orbit x^(2^(s·i)), i < count, planned once, against repeated Frobenius maps (s = 4 by
// squarings, s = 20 and 110 by a plan).
TEST(TowerField, FrobeniusOrbitsAgreeWithRepeatedFrobenius) {
  const cas::tower_field field = cas::tower_field::spanning({term({0, 0, 0, 1})});
  const cas::tower_field::element x =
      field.from_ordinal(sum({term({0, 0, 0, 3}, 5), term({0, 1, 0, 1}, 9), finite(7)}));
  for (const int s : {4, 20, 110}) {
    const auto orbit = field.frobenius_orbit(x, s, 12);
    ASSERT_EQ(orbit.size(), 12u);
    cas::tower_field::element y = x;
    for (std::size_t i = 0; i < orbit.size(); ++i) {
      EXPECT_EQ(orbit[i], y) << "s = " << s << ", i = " << i;
      y = field.frobenius(y, s);
    }
  }
  EXPECT_TRUE(field.frobenius_orbit(x, 3, 0).empty());
}

// Squares and Frobenius maps against products x·x (tower_field::mul never takes the monomial
// maps of monomial_frobenius.hpp): in Kummer towers over the packed base (GF(2^2040) =
// GF(2^24)(κ_5, κ_17), GF(2^220), the degree-1260 field), whose maps are monomial, and in a tower
// with an Artin–Schreier step (2^128 with ω), whose maps are not. The shifts reach base shifts
// of 1 and 2 (squarings) and above (byte tables), and the batch and orbit forms.
TEST(TowerField, SquaresAndFrobeniusMapsAgreeWithProducts) {
  const std::vector<ordinal> fields{term({1, 1, 0, 0, 0, 1}, 4), term({0, 0, 0, 1}),
                                    term({3, 1, 1}, 12),
                                    sum({ordinal(cas::nimber(cas::integer(1) << 100)), omega})};
  std::mt19937_64 random(2040);
  for (const ordinal& spanning : fields) {
    const cas::tower_field field = cas::tower_field::spanning({spanning});
    std::vector<cas::tower_field::element> xs;
    for (int k = 0; k < 3; ++k) {
      cas::tower_field::element x = field.zero();
      for (std::uint64_t& w : x) {
        w = random() & ((field.base_bits() == 64 ? 0 : std::uint64_t{1} << field.base_bits()) - 1);
      }
      xs.push_back(x);
    }
    for (const auto& x : xs) {
      EXPECT_EQ(field.square(x), field.mul(x, x)) << field.degree();
      cas::tower_field::element y = x;
      for (int s = 1; s <= 30; ++s) {
        y = field.mul(y, y);
        ASSERT_EQ(field.frobenius(x, s), y) << field.degree() << ", s = " << s;
        if (s % 7 == 3) {
          EXPECT_EQ(field.frobenius(xs, s)[0], field.frobenius(xs[0], s));
        }
      }
      const auto orbit = field.frobenius_orbit(x, 13, 3);
      EXPECT_EQ(orbit[2], field.frobenius(x, 26));
    }
  }
}

// The trace down to GF(2^d), summed in place, against the sum of the orbit x^(2^(d·i)); it lies in
// GF(2^d) (fixed by x ↦ x^(2^d)), for a dense x and for an x on one line of the top step.
TEST(TowerField, TraceToSubfieldIsTheSumOfTheOrbit) {
  const cas::tower_field field = cas::tower_field::spanning({term({0, 0, 0, 1})});  // GF(2^220)
  ASSERT_EQ(field.degree(), 220);
  const cas::tower_field::element dense =
      field.from_ordinal(sum({term({0, 0, 0, 3}, 5), term({0, 1, 0, 1}, 9), finite(7)}));
  cas::tower_field::element one_line = field.zero();
  const std::size_t line_words = field.words() / field.steps().back().degree;
  for (std::size_t k = 0; k < line_words; ++k) one_line[3 * line_words + k] = dense[k];
  for (const auto& x : {dense, one_line}) {
    for (const std::uint64_t d : {4u, 20u, 44u, 220u}) {
      const auto trace = field.trace_to_subfield(x, d);
      auto expected = field.zero();
      for (const auto& y : field.frobenius_orbit(x, d, 220 / d)) {
        expected = cas::tower_field::add(expected, y);
      }
      EXPECT_EQ(trace, expected) << "d = " << d;
      EXPECT_EQ(field.frobenius(trace, d), trace) << "d = " << d;
    }
  }
  EXPECT_THROW(static_cast<void>(field.trace_to_subfield(dense, 3)), cas::internal_error);
}

// The same in GF(2^1980) = GF(2^36)(κ_5, κ_11), through each path: d dividing the base's degree
// (the trace descends to the base word), d dividing K = GF(2^180)'s only (5: 36 maps there, by
// doubling), and d dividing E's only (22 and 44: 90 and 45 maps of E, by doubling; 180/… by one).
TEST(TowerField, TraceDescendsTheTowerAndDoubles) {
  const cas::tower_field field = cas::tower_field::spanning({term({3, 1, 0, 1}, 2)});
  ASSERT_EQ(field.degree(), 1980);
  std::mt19937_64 random(5);
  cas::tower_field::element x = field.zero();
  for (auto& w : x) w = random() & ((std::uint64_t{1} << field.base_bits()) - 1);
  for (const std::uint64_t d : {1u, 2u, 4u, 5u, 12u, 22u, 44u, 180u, 396u}) {
    const auto trace = field.trace_to_subfield(x, d);
    auto expected = field.zero();
    for (const auto& y : field.frobenius_orbit(x, d, 1980 / d)) {
      expected = cas::tower_field::add(expected, y);
    }
    EXPECT_EQ(trace, expected) << "d = " << d;
  }
}

// The fixed-point test compares the top step's lines one by one: it agrees with the whole map
// (x^(2^s) == x) on elements of each subfield, on one line changed, and on the elements of K, and
// degree_of, which uses it, agrees with the least divisor m of E with x^(2^m) = x. GF(2^1980) =
// K(κ_11), K of 180 bits, has no monomial map, so the lines are compared there.
TEST(TowerField, FixedPointTestAgreesWithTheMap) {
  const cas::tower_field field = cas::tower_field::spanning({term({3, 1, 0, 1}, 2)});
  ASSERT_EQ(field.degree(), 1980);
  ASSERT_FALSE(field.frobenius_is_monomial());
  std::mt19937_64 random(7);
  cas::tower_field::element dense = field.zero();
  for (auto& w : dense) w = random() & ((std::uint64_t{1} << field.base_bits()) - 1);
  const std::size_t line_words = field.words() / field.steps().back().degree;
  cas::tower_field::element in_k = field.zero();
  std::copy(dense.begin(), dense.begin() + static_cast<std::ptrdiff_t>(line_words), in_k.begin());
  std::vector<std::uint64_t> divisors;
  for (std::uint64_t m = 1; m <= 1980; ++m) {
    if (1980 % m == 0) divisors.push_back(m);
  }
  for (const std::uint64_t d : {1980u, 990u, 660u, 396u, 180u, 36u, 20u, 4u, 1u}) {
    for (const auto& y : {dense, in_k}) {
      const auto x = field.trace_to_subfield(y, d);
      auto changed = x;
      changed[5 * line_words] ^= 1;  // line 5
      for (const auto& z : {x, changed}) {
        for (const std::uint64_t s : {d, 2 * d, 3 * d, std::uint64_t{11}, std::uint64_t{180}}) {
          EXPECT_EQ(field.is_fixed_by_frobenius(z, s), field.frobenius(z, s) == z)
              << "d = " << d << ", s = " << s;
        }
        const std::uint64_t least = *std::find_if(
            divisors.begin(), divisors.end(), [&](auto m) { return field.frobenius(z, m) == z; });
        EXPECT_EQ(field.degree_of(z), least) << "d = " << d;
      }
    }
  }
}

TEST(TowerField, InverseOfOmega) {
  // docs/spec/language.md: ω^-1 == [ω^2·3].
  EXPECT_EQ(cas::nim_inv(omega), term({2}, 3));
  EXPECT_EQ(cas::nim_pow(omega, -1), term({2}, 3));
  EXPECT_EQ(cas::nim_mul(cas::nim_inv(omega), omega), finite(1));
  EXPECT_EQ(cas::nim_div(finite(1), omega), term({2}, 3));
  const ordinal x = sum({omega, finite(1)});
  EXPECT_EQ(cas::nim_mul(cas::nim_pow(x, -5), cas::nim_pow(x, 5)), finite(1));
  EXPECT_EQ(cas::nim_pow(omega, -2), cas::nim_square(term({2}, 3)));
  EXPECT_EQ(cas::nim_pow(finite(2), -1), finite(3));
}

TEST(TowerField, FieldDescriptions) {
  EXPECT_EQ(cas::field_description(omega), "GF(2^6), spanned by κ_2, κ_3");
  EXPECT_EQ(cas::field_description(term({3})), "GF(2^18), spanned by κ_2, κ_3, κ_9");
  EXPECT_EQ(cas::field_description(term({0, 1})), "GF(2^20), spanned by κ_2, κ_4, κ_5");
  EXPECT_EQ(cas::field_description(finite(1)), "GF(2^1)");
  EXPECT_EQ(cas::field_description(finite(300)), "GF(2^16), spanned by κ_2, κ_4, κ_8, κ_16");
}

TEST(TowerField, DegreesConjugatesTraceAndMinimalPolynomial) {
  EXPECT_EQ(cas::nim_degree(omega), 6u);
  EXPECT_EQ(cas::nim_degree(term({0, 1})), 20u);     // [ω^ω]: 5 · d(4)
  EXPECT_EQ(cas::nim_degree(term({0, 0, 1})), 42u);  // κ_7: 7 · d(ω + 1)
  EXPECT_EQ(cas::nim_degree(sum({omega, finite(1)})), 6u);
  EXPECT_EQ(cas::conjugates(omega).size(), 6u);
  EXPECT_EQ(cas::conjugates(omega)[1], term({2}));  // ω^2
  // ω^3 = 2: the minimal polynomial is (x^3 + 2)(x^3 + 3) = x^6 + x^3 + 1.
  EXPECT_EQ(cas::nim_minpoly(omega).bits, std::vector<std::uint64_t>{0b1001001});
  EXPECT_EQ(cas::nim_trace(omega), 0u);
  EXPECT_EQ(cas::nim_sqrt(term({2})), omega);
  EXPECT_EQ(cas::nim_square(cas::nim_sqrt(omega)), omega);
}

// ∏ (x ⊕ a^(2^i)) over the Frobenius orbit, with ordinal coefficients (d²/2 products): the
// definition, against nim_minpoly's Berlekamp–Massey on the powers of a.
std::vector<std::uint64_t> product_of_conjugates(const ordinal& a) {
  const std::uint64_t degree = cas::nim_degree(a);
  std::vector<ordinal> product = {finite(1)};
  ordinal conjugate = a;
  for (std::uint64_t i = 0; i < degree; ++i) {
    std::vector<ordinal> next(product.size() + 1, ordinal());
    for (std::size_t k = 0; k < product.size(); ++k) {
      next[k + 1] = cas::nim_add(next[k + 1], product[k]);
      next[k] = cas::nim_add(next[k], cas::nim_mul(product[k], conjugate));
    }
    product = std::move(next);
    conjugate = cas::nim_square(conjugate);
  }
  std::vector<std::uint64_t> bits(product.size() / 64 + 1, 0);
  for (std::size_t k = 0; k < product.size(); ++k) {
    EXPECT_TRUE(product[k] == ordinal() || product[k] == finite(1)) << k;
    if (product[k] == finite(1)) bits[k / 64] |= std::uint64_t{1} << (k % 64);
  }
  return bits;
}

TEST(TowerField, MinimalPolynomialIsTheProductOfTheConjugates) {
  // Degrees 6, 6, 20, 20, 42 and 60.
  for (const ordinal& a :
       {omega, sum({term({2}), omega, finite(7)}), term({0, 1}), sum({term({0, 1}), finite(3)}),
        term({0, 0, 1}), sum({term({0, 1}), omega})}) {
    const cas::gf2_polynomial m = cas::nim_minpoly(a);
    EXPECT_EQ(m.degree(), cas::nim_degree(a));
    EXPECT_EQ(m.bits, product_of_conjugates(a));
  }
}

TEST(TowerField, BadInput) {
  EXPECT_THROW(cas::nim_inv(ordinal()), cas::math_error);
  EXPECT_THROW(cas::nim_div(omega, ordinal()), cas::math_error);
  cas::limits small;
  small.max_tower_degree = 100;
  const cas::context ctx(small);
  try {
    cas::tower_field::spanning({term({0, 0, 0, 1})}, ctx);  // κ_11: GF(2^220)
    FAIL() << "expected a limit_error";
  } catch (const cas::limit_error& e) {
    EXPECT_STREQ(e.what(),
                 "The degree E of the tower field GF(2^E) is 220, above the limit "
                 "max_tower_degree = 100.");
  }
  const cas::tower_field field = cas::tower_field::spanning({omega});
  EXPECT_THROW(field.from_ordinal(term({0, 1})), cas::range_error);  // [ω^ω] is not in GF(64)
  EXPECT_THROW(field.from_ordinal(finite(16)), cas::range_error);
}

TEST(MersenneFactors, KnownFactorisations) {
  using factors = std::vector<std::pair<cas::integer, unsigned>>;
  EXPECT_EQ(cas::mersenne_factorization(6), (factors{{3, 2}, {7, 1}}));  // 63 = 3^2·7
  EXPECT_EQ(cas::mersenne_factorization(20),
            (factors{{3, 1}, {5, 2}, {11, 1}, {31, 1}, {41, 1}}));  // 1048575
  // 2^11 − 1 = 23·89; 2^29 − 1 = 233·1103·2089 (Cunningham tables).
  EXPECT_EQ(cas::mersenne_factorization(11), (factors{{23, 1}, {89, 1}}));
  EXPECT_EQ(cas::mersenne_factorization(29), (factors{{233, 1}, {1103, 1}, {2089, 1}}));
  for (std::uint64_t d : {1, 2, 12, 36, 60, 84, 100, 128, 220}) {
    cas::integer product = 1;
    for (const auto& [p, e] : cas::mersenne_factorization(d)) {
      for (unsigned i = 0; i < e; ++i) product *= p;
    }
    EXPECT_EQ(product, (cas::integer(1) << static_cast<unsigned>(d)) - 1) << d;
  }
}

TEST(MersenneFactors, Limits) {
  cas::limits small;
  small.max_factoring_steps = 100;
  const cas::context ctx(small);
  // 2^1213 − 1 is not in the Cunningham table (1061 is now): its composite part is not split in
  // 100 steps.
  EXPECT_THROW(cas::mersenne_factorization(1213, ctx), cas::limit_error);
  EXPECT_THROW(cas::mersenne_factorization(0), cas::range_error);
  EXPECT_THROW(cas::mersenne_factorization(8192), cas::limit_error);  // needs 2^4096 + 1
}

TEST(TowerField, MultiplicativeOrders) {
  // ω^3 = 2 and 2 has order 3, so ω has order 9 (in GF(64), whose group has order 63).
  EXPECT_EQ(cas::nim_order(ordinal::omega()), 9);
  EXPECT_EQ(cas::nim_order(finite(2)), 3);
  // Orders by brute force in GF(64) for every element a·[ω^2] + b·ω + c.
  for (std::uint64_t a = 0; a < 4; ++a) {
    for (std::uint64_t b = 0; b < 4; ++b) {
      for (std::uint64_t c = 0; c < 4; ++c) {
        const ordinal x = sum({term({2}, a), term({1}, b), finite(c)});
        if (x.is_zero()) continue;
        ordinal y = x;
        cas::integer order = 1;
        while (y != finite(1)) {
          y = cas::nim_mul(y, x);
          ++order;
        }
        EXPECT_EQ(cas::nim_order(x), order);
      }
    }
  }
  EXPECT_THROW(cas::nim_order(ordinal()), cas::math_error);
}

std::vector<ordinal> roots(const ordinal& a, long n) {
  return cas::nim_roots(a, cas::integer(n));
}

TEST(NimRoots, KnownRoots) {
  // x^3 = 2: ω and its two other cube roots (the polynomial x^3 + 2 of the polynomial issue).
  EXPECT_EQ(roots(finite(2), 3),
            (std::vector<ordinal>{ordinal::omega(), term({1}, 2), term({1}, 3)}));
  // x^3 = ω: κ_9 = [ω^3] times the cube roots of unity 1, 2, 3.
  EXPECT_EQ(roots(ordinal::omega(), 3),
            (std::vector<ordinal>{term({3}), term({3}, 2), term({3}, 3)}));
  EXPECT_EQ(roots(finite(1), 3), (std::vector<ordinal>{finite(1), finite(2), finite(3)}));
  EXPECT_EQ(roots(finite(6), 2), (std::vector<ordinal>{finite(4)}));  // 4 ⊗ 4 = 6
  EXPECT_EQ(roots(ordinal(), 7), (std::vector<ordinal>{ordinal()}));
  // x^5 = 4: five roots [ω^ω]·c (κ_5^5 = α_5 = 4).
  const std::vector<ordinal> fifth = roots(finite(4), 5);
  ASSERT_EQ(fifth.size(), 5u);
  for (const ordinal& r : fifth) {
    ASSERT_EQ(r.terms().size(), 1u);
    EXPECT_EQ(r.terms()[0].exponent, cas::small_ordinal(std::vector<cas::integer>{0, 1}));
    EXPECT_EQ(cas::nim_pow(r, 5), finite(4));
  }
}

TEST(NimRoots, EveryRootIsARootAndTheyAreDistinct) {
  const std::vector<std::pair<ordinal, long>> cases = {{sum({ordinal::omega(), finite(1)}), 5},
                                                       {term({0, 1}), 3},
                                                       {finite(7), 15},
                                                       {term({2}, 3), 12},
                                                       {finite(200), 7},
                                                       {term({1}), 9}};
  for (const auto& [a, n] : cases) {
    const std::vector<ordinal> found = roots(a, n);
    long odd = n;
    while (odd % 2 == 0) odd /= 2;
    EXPECT_EQ(found.size(), static_cast<std::size_t>(odd)) << cas::to_string(a) << ", " << n;
    for (std::size_t i = 0; i < found.size(); ++i) {
      EXPECT_EQ(cas::nim_pow(found[i], n), a) << cas::to_string(found[i]);
      if (i > 0) {
        EXPECT_LT(found[i - 1], found[i]);
      }
    }
  }
}

TEST(NimRoots, BadInput) {
  EXPECT_THROW(roots(finite(2), 0), cas::range_error);
  EXPECT_THROW(roots(finite(2), -3), cas::range_error);
  cas::limits small;
  small.max_root_count = 10;
  const cas::context ctx(small);
  EXPECT_THROW(cas::nim_roots(finite(2), cas::integer(11), ctx), cas::limit_error);
  EXPECT_EQ(cas::nim_norm(ordinal::omega()), 1u);
  EXPECT_EQ(cas::nim_norm(ordinal()), 0u);
}

TEST(RelativeTraceAndNorm, DownToSubfields) {
  const ordinal w = ordinal::omega();
  // ω is a root of x^3 + 2 over GF(4): trace 0 (no x^2 term), norm 2.
  EXPECT_EQ(cas::nim_trace(w, 2), ordinal());
  EXPECT_EQ(cas::nim_norm(w, 2), finite(2));
  // Down to GF(2) they are the absolute trace and norm.
  EXPECT_EQ(cas::nim_trace(w, 1), finite(cas::nim_trace(w)));
  EXPECT_EQ(cas::nim_norm(w, 1), finite(1));
  // From GF(2^6) to GF(2^6) itself: the identity.
  EXPECT_EQ(cas::nim_trace(term({2}, 3), 6), term({2}, 3));
  // Finite values: the trace of 2 from GF(4) to GF(2) is 2 ⊕ 3 = 1; from GF(2^lcm(2, 3)) = GF(64)
  // to GF(8) it sums 2 and 2^(2^3) = 3, again 1.
  EXPECT_EQ(cas::nim_trace(finite(2), 1), finite(1));
  EXPECT_EQ(cas::nim_trace(finite(2), 3), finite(1));
  EXPECT_THROW(cas::nim_trace(w, 0), cas::range_error);
}

}  // namespace
