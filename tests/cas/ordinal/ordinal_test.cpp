// The ordinal type (docs/spec/arithmetic.md §3): canonical form, Cantor order, hashing, nim sum,
// and the exponent arithmetic of small_ordinal.
#include "cas/ordinal/ordinal.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <initializer_list>
#include <random>
#include <string>
#include <unordered_set>
#include <vector>

#include "cas/core/error.hpp"
#include "cas/ordinal/ordinal_format.hpp"
#include "ordinal_builders.hpp"
#include "test_support.hpp"

namespace {

using cas::integer;
using cas::nimber;
using cas::ordinal;
using cas::ordinal_term;
using cas::small_ordinal;
using cas::small_ordinal_add;
using cas::small_ordinal_mul;

using on2_test::message_of;

using on2_test::exponent_digits;
using on2_test::omega_to;

const ordinal omega = ordinal::omega();

TEST(SmallOrdinal, DropsZeroTopDigits) {
  EXPECT_EQ(exponent_digits({3, 0, 0}), small_ordinal(3));
  EXPECT_EQ(exponent_digits({0, 0}), small_ordinal());
  EXPECT_TRUE(exponent_digits({0, 0}).is_zero());
  EXPECT_EQ(exponent_digits({1, 2, 0}).length(), 2u);
  EXPECT_EQ(small_ordinal(0).length(), 0u);
  EXPECT_EQ(small_ordinal::omega_power(2, 5), exponent_digits({0, 0, 5}));
  EXPECT_EQ(small_ordinal::omega_power(2, 0), small_ordinal());
  EXPECT_EQ(exponent_digits({4, 7}).digit(5), 0);
}

TEST(SmallOrdinal, NegativeDigitIsARangeError) {
  EXPECT_EQ(message_of<cas::range_error>([] {
              exponent_digits({1, -2});
            }),
            "An exponent digit is a natural number; -2 is negative.");
  EXPECT_THROW(small_ordinal::omega_power(1, -1), cas::range_error);
}

TEST(SmallOrdinal, CantorOrder) {
  // ω > every finite exponent, however large.
  EXPECT_GT(small_ordinal::omega_power(1), small_ordinal(~std::uint64_t{0}));
  EXPECT_GT(small_ordinal::omega_power(1), small_ordinal(exponent_digits({integer(1) << 200})));
  // ω^2 > ω·1000 + 1000; ω·2 > ω + 1000.
  EXPECT_GT(small_ordinal::omega_power(2), exponent_digits({1000, 1000}));
  EXPECT_GT(exponent_digits({0, 2}), exponent_digits({1000, 1}));
  EXPECT_LT(exponent_digits({5, 3, 1}), exponent_digits({0, 4, 1}));
  EXPECT_LT(small_ordinal(), small_ordinal(1));
  EXPECT_EQ(exponent_digits({5, 3, 1}) <=> exponent_digits({5, 3, 1}), std::strong_ordering::equal);
}

// The representation (word digits inline, or integers where a digit has 2^64 or more) gives the
// same order, equality, hash, digits and length as the digit vectors it was made from: random
// vectors with zero runs, more non-zero digits than are kept inline, digits of 2^64 and more, and
// the same values made from words.
TEST(SmallOrdinal, TheRepresentationAgreesWithTheDigitVectors) {
  std::mt19937_64& random = on2_test::random_engine();
  auto random_digits = [&] {
    std::vector<integer> digits(random() % 9, 0);
    for (integer& d : digits) {
      const auto kind = random() % 8;
      if (kind < 4) continue;  // zero
      d = kind == 7 && random() % 4 == 0 ? (integer(1) << 64) + random() % 3
                                         : integer(random() % 4);
      if (kind == 6) d = ~std::uint64_t{0} - random() % 2;
    }
    return digits;
  };
  auto trimmed = [](std::vector<integer> d) {
    while (!d.empty() && d.back() == 0) d.pop_back();
    return d;
  };
  auto reference_order = [](const std::vector<integer>& a, const std::vector<integer>& b) {
    if (a.size() != b.size()) return a.size() <=> b.size();
    for (std::size_t i = a.size(); i-- > 0;) {
      if (a[i] != b[i])
        return a[i] < b[i] ? std::strong_ordering::less : std::strong_ordering::greater;
    }
    return std::strong_ordering::equal;
  };
  for (int round = 0; round < 3000; ++round) {
    const std::vector<integer> x = trimmed(random_digits()), y = trimmed(random_digits());
    const small_ordinal a(x), b(y);
    ASSERT_EQ(a.digits(), x);
    ASSERT_EQ(a.length(), x.size());
    for (std::size_t i = 0; i < x.size() + 2; ++i) ASSERT_EQ(a.digit(i), i < x.size() ? x[i] : 0);
    ASSERT_EQ(a <=> b, reference_order(x, y));
    ASSERT_EQ(a == b, x == y);
    const bool words =
        std::all_of(x.begin(), x.end(), [](const integer& d) { return d < (integer(1) << 64); });
    ASSERT_EQ(a.fits_words(), words);
    if (words) {
      std::vector<std::uint64_t> w;
      for (const integer& d : x) w.push_back(d.convert_to<std::uint64_t>());
      w.resize(w.size() + random() % 3, 0);
      const small_ordinal from_words = small_ordinal::from_words(w);
      ASSERT_EQ(from_words, a);
      ASSERT_EQ(from_words.hash(), a.hash());
      std::size_t nonzero = 0;
      for (const auto& [position, value] : a.word_digits()) {
        ASSERT_EQ(integer(value), x[position]);
        ++nonzero;
      }
      ASSERT_EQ(nonzero, static_cast<std::size_t>(std::count_if(
                             x.begin(), x.end(), [](const integer& d) { return d != 0; })));
    }
    if (x == y) {
      ASSERT_EQ(a.hash(), b.hash());
    }
  }
}

TEST(SmallOrdinal, AdditionAbsorbsSmallerTermsOnTheLeft) {
  // 1 + ω = ω, ω + 1 ≠ ω.
  EXPECT_EQ(small_ordinal_add(1, small_ordinal::omega_power(1)), small_ordinal::omega_power(1));
  EXPECT_EQ(small_ordinal_add(small_ordinal::omega_power(1), 1), exponent_digits({1, 1}));
  // (ω^2·3 + ω·4 + 5) + (ω·2 + 7) = ω^2·3 + ω·6 + 7.
  EXPECT_EQ(small_ordinal_add(exponent_digits({5, 4, 3}), exponent_digits({7, 2})),
            exponent_digits({7, 6, 3}));
  // (ω + 5) + ω^2 = ω^2.
  EXPECT_EQ(small_ordinal_add(exponent_digits({5, 1}), small_ordinal::omega_power(2)),
            small_ordinal::omega_power(2));
  EXPECT_EQ(small_ordinal_add(3, 4), small_ordinal(7));
  EXPECT_EQ(small_ordinal_add(exponent_digits({5, 1}), 0), exponent_digits({5, 1}));
  EXPECT_EQ(small_ordinal_add(0, exponent_digits({5, 1})), exponent_digits({5, 1}));
}

TEST(SmallOrdinal, MultiplicationKnownAnswers) {
  const small_ordinal w = small_ordinal::omega_power(1);
  // 2·ω = ω, ω·2 = ω·2.
  EXPECT_EQ(small_ordinal_mul(2, w), w);
  EXPECT_EQ(small_ordinal_mul(w, 2), exponent_digits({0, 2}));
  // (ω + 1)·ω = ω^2; (ω + 1)·2 = ω·2 + 1.
  EXPECT_EQ(small_ordinal_mul(exponent_digits({1, 1}), w), small_ordinal::omega_power(2));
  EXPECT_EQ(small_ordinal_mul(exponent_digits({1, 1}), 2), exponent_digits({1, 2}));
  // (ω^2·3 + 4)·(ω·2 + 5) = ω^3·2 + ω^2·15 + 4.
  EXPECT_EQ(small_ordinal_mul(exponent_digits({4, 0, 3}), exponent_digits({5, 2})),
            exponent_digits({4, 0, 15, 2}));
  EXPECT_EQ(small_ordinal_mul(6, 7), small_ordinal(42));
  EXPECT_EQ(small_ordinal_mul(0, w), small_ordinal());
  EXPECT_EQ(small_ordinal_mul(w, 0), small_ordinal());
}

TEST(Ordinal, FromTermsSortsMergesByXorAndDropsZeros) {
  const ordinal built = ordinal::from_terms(
      {{0, 7}, {exponent_digits({0, 1}), 3}, {2, 5}, {2, 6}, {exponent_digits({0, 1}), 0}, {1, 0}});
  // ω^ω·3 + ω^2·(5 ⊕ 6 = 3) + 7.
  ASSERT_EQ(built.terms().size(), 3u);
  EXPECT_EQ(built.terms()[0], (ordinal_term{exponent_digits({0, 1}), 3}));
  EXPECT_EQ(built.terms()[1], (ordinal_term{2, 3}));
  EXPECT_EQ(built.terms()[2], (ordinal_term{0, 7}));
  // Equal coefficients cancel; a third one survives.
  EXPECT_TRUE(ordinal::from_terms({{1, 9}, {1, 9}}).is_zero());
  EXPECT_EQ(ordinal::from_terms({{1, 9}, {1, 9}, {1, 4}}), omega_to(1, 4));
  EXPECT_TRUE(ordinal::from_terms({}).is_zero());
  EXPECT_EQ(omega_to(3, 0), ordinal());
}

TEST(Ordinal, Accessors) {
  const ordinal x = ordinal::from_terms({{2, 1}, {0, 9}});
  EXPECT_FALSE(x.is_finite());
  EXPECT_EQ(x.finite_part(), nimber(9));
  EXPECT_EQ(x.leading_exponent(), small_ordinal(2));
  EXPECT_TRUE(ordinal().is_finite());
  EXPECT_TRUE(ordinal(nimber(12)).is_finite());
  EXPECT_EQ(ordinal(nimber(12)).finite_part(), nimber(12));
  EXPECT_EQ(ordinal().leading_exponent(), small_ordinal());
  EXPECT_EQ(omega.finite_part(), nimber(0));
  EXPECT_EQ(ordinal(nimber(0)), ordinal());
}

TEST(Ordinal, CantorOrder) {
  // ω > every finite ordinal.
  EXPECT_GT(omega, ordinal(nimber(~std::uint64_t{0})));
  EXPECT_GT(omega, ordinal(nimber(integer(1) << 1000)));
  // ω^ω > ω^5·1000.
  EXPECT_GT(omega_to(small_ordinal::omega_power(1)), omega_to(5, 1000));
  // ω·2 > ω + 1000; ω + 1 > ω; ω·2 + 1 > ω·2.
  EXPECT_GT(omega_to(1, 2), ordinal::from_terms({{1, 1}, {0, 1000}}));
  EXPECT_GT(ordinal::from_terms({{1, 1}, {0, 1}}), omega);
  EXPECT_GT(ordinal::from_terms({{1, 2}, {0, 1}}), omega_to(1, 2));
  // ω^2 + 1 < ω^2 + ω.
  EXPECT_LT(ordinal::from_terms({{2, 1}, {0, 1}}), ordinal::from_terms({{2, 1}, {1, 1}}));
  EXPECT_LT(ordinal(), ordinal(nimber(1)));
  EXPECT_LT(ordinal(nimber(3)), ordinal(nimber(5)));
  EXPECT_EQ(omega <=> ordinal::omega(), std::strong_ordering::equal);
}

TEST(Ordinal, EqualValuesHashEqual) {
  const ordinal x =
      ordinal::from_terms({{exponent_digits({1, 2}), nimber(integer(1) << 100)}, {0, 3}});
  const ordinal y =
      ordinal::from_terms({{0, 3}, {exponent_digits({1, 2, 0}), nimber(integer(1) << 100)}});
  EXPECT_EQ(x, y);
  EXPECT_EQ(x.hash(), y.hash());
  EXPECT_EQ(std::hash<ordinal>{}(x), std::hash<ordinal>{}(y));
  EXPECT_EQ(exponent_digits({4, 0, 0}).hash(), small_ordinal(4).hash());
  std::unordered_set<ordinal> set{x, y, omega, omega_to(1, 1), ordinal(), ordinal(nimber(0))};
  EXPECT_EQ(set.size(), 3u);
}

TEST(Ordinal, NimSumXorsCoefficients) {
  const ordinal w_plus_2 = ordinal::from_terms({{1, 1}, {0, 2}});
  const ordinal w_plus_3 = ordinal::from_terms({{1, 1}, {0, 3}});
  // (ω + 2) ⊕ (ω + 3) = 1, ω ⊕ ω = 0 (docs/spec/arithmetic.md §3, "Nim sum").
  EXPECT_EQ(cas::nim_add(w_plus_2, w_plus_3), ordinal(nimber(1)));
  EXPECT_EQ(cas::nim_add(omega, omega), ordinal());
  // ω^2·5 ⊕ (ω^2·3 + ω) = ω^2·6 + ω.
  EXPECT_EQ(cas::nim_add(omega_to(2, 5), ordinal::from_terms({{2, 3}, {1, 1}})),
            ordinal::from_terms({{2, 6}, {1, 1}}));
  EXPECT_EQ(cas::nim_add(ordinal(nimber(6)), ordinal(nimber(3))), ordinal(nimber(5)));
  EXPECT_EQ(cas::nim_add(omega, ordinal()), omega);
}

TEST(Ordinal, TooManyTermsIsALimitError) {
  cas::limits small;
  small.max_ordinal_terms = 3;
  cas::context ctx(small);
  std::vector<ordinal_term> four{{3, 1}, {2, 1}, {1, 1}, {0, 1}};
  EXPECT_EQ(message_of<cas::limit_error>([&] { ordinal::from_terms(four, ctx); }),
            "The number of terms of the ordinal is 4, above the limit max_ordinal_terms = 3.");
  four.push_back({0, 1});  // cancels the last term: three remain
  EXPECT_EQ(ordinal::from_terms(four, ctx).terms().size(), 3u);
}

}  // namespace
