// Lenstra's constants recomputed from scratch by on2's own code, against the cache the library
// embeds (cas/data/alpha_table.txt) and the values published in docs/spec/arithmetic.md §4 (Lenstra
// 1977; OEIS A380496 for the excesses).
#include "cas/tower/lenstra.hpp"

#include <gtest/gtest.h>

#include "cas/arith/primes.hpp"
#include "cas/core/error.hpp"
#include "cas/kappa/alpha_table.hpp"
#include "cas/tower/kappa_index.hpp"
#include "ordinal_builders.hpp"
#include "test_support.hpp"

namespace {

using cas::ordinal;
using on2_test::finite;
using on2_test::sum;
using on2_test::term;

// α_p for p ≤ 43 as docs/spec/arithmetic.md §4 lists them.
const std::vector<std::pair<std::uint64_t, ordinal>> published = {
    {3, finite(2)},
    {5, finite(4)},
    {7, sum({term({1}), finite(1)})},
    {11, sum({term({0, 1}), finite(1)})},
    {13, sum({term({1}), finite(4)})},
    {17, finite(16)},
    {19, sum({term({3}), finite(4)})},
    {23, sum({term({0, 0, 0, 1}), finite(1)})},
    {29, sum({term({0, 0, 1}), finite(4)})},
    {31, sum({term({0, 1}), finite(1)})},
    {37, sum({term({3}), finite(4)})},
    {41, sum({term({0, 1}), finite(1)})},
    {43, sum({term({0, 0, 1}), finite(1)})},
};

TEST(Lenstra, RecomputesEveryPrimeUpTo43FromScratch) {
  cas::alpha_table fresh;
  cas::extend_alpha_table(fresh, 43, cas::default_context());
  ASSERT_EQ(fresh.entries().size(), published.size());
  for (const auto& [p, alpha] : published) {
    const cas::alpha_entry* computed = fresh.find(p);
    ASSERT_NE(computed, nullptr) << p;
    EXPECT_EQ(computed->alpha, alpha) << "α_" << p;
    const cas::alpha_entry* cached = cas::embedded_alpha_table().find(p);
    ASSERT_NE(cached, nullptr) << p;
    EXPECT_EQ(computed->order_of_two, cached->order_of_two) << p;
    EXPECT_EQ(computed->qset, cached->qset) << p;
    EXPECT_EQ(computed->excess, cached->excess) << p;
    EXPECT_EQ(computed->field_exponent, cached->field_exponent) << p;
    EXPECT_EQ(computed->alpha, cached->alpha) << p;
  }
}

// The speed issue's goal: every p ≤ 283 from scratch in under ten minutes, the largest field being
// GF(2^237820) for p = 283 (about 10 s here). The excesses agree with OEIS A380496 as far as it
// goes (p ≤ 281, a(55)–a(59) = 1, 1, 0, 1, 0) and with the cache; m_283 is what the computation
// gives.
TEST(Lenstra, RecomputesEveryPrimeUpTo283FromScratch) {
  cas::alpha_table fresh;
  cas::extend_alpha_table(fresh, 283, cas::default_context());
  ASSERT_EQ(fresh.entries().size(), 60u);
  const std::vector<std::pair<std::uint64_t, std::uint64_t>> oeis_tail = {
      {263, 1}, {269, 1}, {271, 0}, {277, 1}, {281, 0}};
  for (const auto& [p, excess] : oeis_tail) EXPECT_EQ(fresh.find(p)->excess, excess) << "m_" << p;
  const cas::alpha_entry* last = fresh.find(283);
  ASSERT_NE(last, nullptr);
  EXPECT_EQ(last->order_of_two, 94u);
  EXPECT_EQ(last->qset, std::vector<std::uint64_t>{47});
  EXPECT_EQ(last->field_exponent, 237820u);
  for (const auto& [p, cached] : cas::embedded_alpha_table().entries()) {
    const cas::alpha_entry* computed = fresh.find(p);
    if (computed == nullptr) continue;
    EXPECT_EQ(computed->excess, cached.excess) << p;
    EXPECT_EQ(computed->alpha, cached.alpha) << p;
  }
}

TEST(Lenstra, ExcessesAndFieldsOfTheFirstPrimes) {
  // OEIS A380496, Lenstra's excess of the n-th odd prime (A. N. Siegel 2025; a(1)–a(3) Conway,
  // a(4)–a(13) Lenstra, a(14)–a(18) Le Bruyn), n = 1..59: every entry the cache holds must agree.
  const std::vector<std::uint64_t> excess = {
      0, 0, 1, 1, 0, 0, 4, 1, 0, 1, 0, 1, 1, 1, 1, 1, 0, 0, 0, 1, 1, 1, 1, 0, 1, 0, 1, 0, 0, 1,
      0, 1, 0, 1, 0, 1, 4, 1, 0, 1, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 1, 0, 1, 1, 0, 1, 0};
  std::size_t checked = 0;
  for (const auto& [p, entry] : cas::embedded_alpha_table().entries()) {
    const std::size_t n = cas::position_of_odd_prime(p);
    if (n >= excess.size()) continue;
    EXPECT_EQ(entry.excess, excess[n]) << "m_" << p;
    ++checked;
  }
  EXPECT_EQ(checked, excess.size());  // the cache reaches 709, beyond the sequence's 281
  EXPECT_EQ(cas::embedded_alpha_table().find(47)->field_exponent,
            5060u);  // docs/spec/arithmetic.md §4
  EXPECT_EQ(cas::embedded_alpha_table().find(167)->field_exponent, 68060u);  // the largest ≤ 257
  // The largest field up to 709, the speed issue's figure for p = 659.
  EXPECT_EQ(cas::embedded_alpha_table().find(659)->field_exponent, 4994220u);
  EXPECT_GE(cas::embedded_alpha_table().covered_up_to(), 709u);
}

TEST(Lenstra, OrderOfTwoAndQSets) {
  EXPECT_EQ(cas::order_of_two_modulo(7), 3u);
  EXPECT_EQ(cas::order_of_two_modulo(23), 11u);
  EXPECT_EQ(cas::order_of_two_modulo(167), 83u);
  EXPECT_EQ(cas::lenstra_qset(12), (std::vector<std::uint64_t>{3, 4}));  // 4 ∤ d(κ_3) = 6
  EXPECT_EQ(cas::lenstra_qset(18), (std::vector<std::uint64_t>{9}));     // 2 | d(κ_9) = 18
  EXPECT_EQ(cas::lenstra_qset(28), (std::vector<std::uint64_t>{4, 7}));
  EXPECT_EQ(cas::kappa(1), finite(1));
  EXPECT_EQ(cas::kappa(12), sum({term({1}), finite(4)}));
  EXPECT_EQ(cas::degree_over_gf2(ordinal::omega()), 6u);
  EXPECT_EQ(cas::degree_over_gf2(term({0, 0, 1})), 42u);
}

TEST(Lenstra, BadInput) {
  EXPECT_THROW(cas::compute_alpha_entry(9, cas::default_context()), cas::range_error);
  EXPECT_THROW(cas::compute_alpha_entry(2, cas::default_context()), cas::range_error);
  EXPECT_THROW(cas::lenstra_qset(1), cas::range_error);
  EXPECT_THROW(cas::order_of_two_modulo(10), cas::range_error);
  EXPECT_THROW(cas::alpha_table::from_text("3 2 x"), cas::alpha_table_error);
}

// Fuzzing found that qset and kappa of a 64-bit h hung (trial division by every number up to
// h's least prime factor, without polling) and that h = 2^63 divided by zero.
TEST(Lenstra, QSetsOfLargeNumbers) {
  EXPECT_EQ(cas::lenstra_qset(std::uint64_t{1} << 63),
            (std::vector<std::uint64_t>{std::uint64_t{1} << 63}));
  EXPECT_EQ(cas::lenstra_qset(18446744073709551557u),
            (std::vector<std::uint64_t>{18446744073709551557u}));
  cas::context cancelled;
  cancelled.cancellation().request();
  EXPECT_THROW(cas::lenstra_qset(18446744030759878681u, cancelled), cas::error);  // (2^32 − 5)²
}

// Miller–Rabin replaced trial division (a 64-bit prime took seconds and ignored Ctrl-C).
TEST(Lenstra, IsPrimeOnSixtyFourBits) {
  int primes_below_1000 = 0;
  for (std::uint64_t n = 0; n < 1000; ++n) primes_below_1000 += cas::is_prime(n) ? 1 : 0;
  EXPECT_EQ(primes_below_1000, 168);
  EXPECT_TRUE(cas::is_prime(18446744073709551557u));   // the largest 64-bit prime
  EXPECT_TRUE(cas::is_prime(4294967291u));             // the largest 32-bit prime
  EXPECT_FALSE(cas::is_prime(18446744030759878681u));  // its square
  EXPECT_FALSE(cas::is_prime(3215031751u));            // a strong pseudoprime to bases 2, 3, 5, 7
  EXPECT_FALSE(cas::is_prime(3825123056546413051u));   // … to bases 2 to 23 (OEIS A014233)
  EXPECT_FALSE(cas::is_prime(18446744073709551615u));
}

TEST(Lenstra, TableTextRoundTrips) {
  const cas::alpha_table& table = cas::embedded_alpha_table();
  const cas::alpha_table again = cas::alpha_table::from_text(table.to_text());
  ASSERT_EQ(again.entries().size(), table.entries().size());
  for (const auto& [p, entry] : table.entries()) {
    EXPECT_EQ(again.find(p)->alpha, entry.alpha);
    EXPECT_EQ(again.find(p)->qset, entry.qset);
  }
}

}  // namespace

namespace {

// A copy of the embedded table's entries below `bound`, for extending from there.
cas::alpha_table embedded_below(std::uint64_t bound) {
  cas::alpha_table table;
  for (const auto& [p, entry] : cas::embedded_alpha_table().entries()) {
    if (p < bound) table.insert(entry);
  }
  return table;
}

// Issue 21: p = 719 is a hole (its field is GF(2^1258230380)), the primes after it are not,
// and a prime whose κ's need α_719 (p = 1439: f = 719) is a hole whose field is unknown.
TEST(Lenstra, HolesAreTheFieldsTooLargeAndThePrimesThatNeedThem) {
  const cas::alpha_table below = embedded_below(719);
  const cas::context ctx(cas::default_context(), below);
  const std::optional<cas::alpha_hole> hole = cas::alpha_hole_of(719, ctx);
  ASSERT_TRUE(hole.has_value());
  EXPECT_EQ(hole->order_of_two, 359u);
  EXPECT_EQ(hole->qset, (std::vector<std::uint64_t>{359}));
  EXPECT_EQ(hole->field_exponent, 1258230380u);
  EXPECT_FALSE(cas::alpha_hole_of(709, ctx).has_value());
  // Extending over 719 records it as skipped and computes 727 after it.
  cas::alpha_table table = embedded_below(719);
  std::vector<std::uint64_t> computed, skipped;
  cas::extend_alpha_table(
      table, 727, cas::default_context(),
      [&](const cas::alpha_entry& e) { computed.push_back(e.p); },
      [&](const cas::alpha_hole& h) { skipped.push_back(h.p); });
  EXPECT_EQ(skipped, (std::vector<std::uint64_t>{719}));
  EXPECT_EQ(computed, (std::vector<std::uint64_t>{727}));
  EXPECT_EQ(table.find(727)->excess, cas::embedded_alpha_table().find(727)->excess);
  EXPECT_THROW(table.alpha(719), cas::missing_alpha_error);
  const cas::context after(cas::default_context(), table);
  const std::optional<cas::alpha_hole> needs = cas::alpha_hole_of(1439, after);
  ASSERT_TRUE(needs.has_value());
  EXPECT_EQ(needs->order_of_two, 719u);
  EXPECT_EQ(needs->qset, (std::vector<std::uint64_t>{719}));
  EXPECT_EQ(needs->field_exponent, 0u);
  EXPECT_EQ(cas::alpha_hole_reason(*needs), "it needs the α of a smaller prime the table lacks");
  // A prime whose κ's need an α beyond the table is an error, not a hole: f(1487) = 743, and the
  // table ends at 727.
  EXPECT_THROW(cas::alpha_hole_of(1487, after), cas::missing_alpha_error);
  EXPECT_FALSE(cas::alpha_hole_of(1009, after).has_value());  // f(1009) = 504 needs α_3, α_7
}

// A long excess test reports each step and resumes from a checkpoint, in either phase, to the
// same result (docs/lenstra.md, "Long runs").
TEST(Lenstra, AnInterruptedExcessTestResumesFromItsCheckpoint) {
  const cas::alpha_table below = embedded_below(167);
  const cas::context ctx(cas::default_context(), below);
  struct stop {};
  std::uint64_t steps = 0;
  std::vector<std::uint64_t> seen;
  std::vector<std::uint64_t> final_value;  // β^((2^E − 1)/p), ≠ 1 for m = m_p
  cas::excess_test_observer counting;
  counting.step = [&](const cas::excess_test_checkpoint& c) {
    steps = c.steps;
    seen.push_back(c.steps_done);
    final_value = c.value;
  };
  const cas::alpha_entry whole = cas::compute_alpha_entry(167, ctx, counting);
  EXPECT_EQ(whole.excess, 1u);
  // m = 1 is the only m tried: (2^83 − 1)/167 has 76 bits, E/f = 820 has 10.
  EXPECT_EQ(steps, 86u);
  ASSERT_EQ(seen.size(), 86u);
  for (std::uint64_t stop_at : {std::uint64_t{5}, std::uint64_t{80}}) {
    cas::excess_test_checkpoint last;
    cas::excess_test_observer stopping;
    stopping.step = [&](const cas::excess_test_checkpoint& c) {
      last = c;
      if (c.steps_done == stop_at) throw stop{};
    };
    EXPECT_THROW(cas::compute_alpha_entry(167, ctx, stopping), stop);
    EXPECT_EQ(last.steps_done, stop_at);
    std::vector<std::uint64_t> resumed_steps, resumed_value;
    cas::excess_test_observer resuming;
    resuming.resume = &last;
    resuming.step = [&](const cas::excess_test_checkpoint& c) {
      resumed_steps.push_back(c.steps_done);
      resumed_value = c.value;
    };
    const cas::alpha_entry again = cas::compute_alpha_entry(167, ctx, resuming);
    EXPECT_EQ(again.excess, whole.excess);
    EXPECT_EQ(again.field_exponent, whole.field_exponent);
    ASSERT_FALSE(resumed_steps.empty());
    EXPECT_EQ(resumed_steps.front(), stop_at + 1) << "the test started over";
    EXPECT_EQ(resumed_value, final_value);
    // A changed checkpoint changes the result: the state is really taken from it.
    cas::excess_test_checkpoint damaged = last;
    damaged.value[0] ^= 1;
    cas::excess_test_observer wrong;
    wrong.resume = &damaged;
    wrong.step = [&](const cas::excess_test_checkpoint& c) { resumed_value = c.value; };
    cas::compute_alpha_entry(167, ctx, wrong);
    EXPECT_NE(resumed_value, final_value);
    // One for another p, m or field is not used.
    damaged.p = 163;
    resumed_steps.clear();
    wrong.step = [&](const cas::excess_test_checkpoint& c) {
      resumed_steps.push_back(c.steps_done);
      resumed_value = c.value;
    };
    cas::compute_alpha_entry(167, ctx, wrong);
    ASSERT_FALSE(resumed_steps.empty());
    EXPECT_EQ(resumed_steps.front(), 1u);
    EXPECT_EQ(resumed_value, final_value);
  }
}

// The second computation agrees with the table where its field is small (the direct power) and
// larger (the norm first), and finds an edited excess.
TEST(Lenstra, TheConfirmationAgreesAndFindsAWrongExcess) {
  const cas::alpha_table& table = cas::embedded_alpha_table();
  for (std::uint64_t p : {7u, 19u, 47u, 97u, 163u, 167u, 727u, 757u}) {
    const cas::alpha_entry& entry = *table.find(p);
    EXPECT_EQ(cas::excess_confirmation_problem(entry, cas::default_context()), "") << p;
  }
  cas::alpha_entry wrong = *table.find(47);  // E = 5060: the direct power
  wrong.excess = 2;
  EXPECT_NE(cas::excess_confirmation_problem(wrong, cas::default_context())
                .find("finds [κ_f(47) + 1] not a 47th power, against m_47 = 2"),
            std::string::npos);
  wrong = *table.find(167);  // E = 68060: the norm first
  wrong.excess = 2;
  EXPECT_NE(cas::excess_confirmation_problem(wrong, cas::default_context()).find("m_167 = 2"),
            std::string::npos);
}

// The memory estimate: at least 12 elements of E bits alive, more where the packed base's words
// are not full (E = 1258230380 for p = 719 has a 20-bit base).
TEST(Lenstra, TheMemoryEstimateFollowsTheField) {
  const cas::context& ctx = cas::default_context();
  const std::uint64_t small = cas::excess_test_memory_estimate({23}, 1, ctx);     // p = 47
  const std::uint64_t large = cas::excess_test_memory_estimate({7, 47}, 0, ctx);  // p = 659
  const std::uint64_t m_719 = cas::excess_test_memory_estimate({359}, 1, ctx);
  EXPECT_GE(small, 5060u / 8 * 12);
  EXPECT_GT(large, 4994220u / 8 * 12);
  EXPECT_LT(large, std::uint64_t{1} << 30);
  EXPECT_GT(m_719, std::uint64_t{1258230380} / 8 * 12);
}

}  // namespace
