// Ordinary (Cantor) ordinal arithmetic, the meaning of `[ … ]` (docs/spec/language.md, "Brackets"):
// worked values from docs/spec/language.md and the ordinal-arithmetic issue, textbook identities,
// and the errors with their exact messages.
#include <gtest/gtest.h>

#include <initializer_list>
#include <string>
#include <vector>

#include "cas/core/error.hpp"
#include "cas/ordinal/ordinal.hpp"
#include "cas/ordinal/ordinal_format.hpp"
#include "ordinal_builders.hpp"
#include "test_support.hpp"

namespace {

using cas::integer;
using cas::nimber;
using cas::ordinal;
using cas::ordinal_add;
using cas::ordinal_mul;
using cas::ordinal_pow;
using cas::small_ordinal;

using on2_test::message_of;

using on2_test::exponent_digits;
using on2_test::omega_to;

ordinal finite(std::uint64_t n) {
  return ordinal(nimber(n));
}

const ordinal omega = ordinal::omega();
const ordinal omega_plus_1 = ordinal::from_terms({{1, 1}, {0, 1}});
const small_ordinal omega_exponent = small_ordinal::omega_power(1);

const char* const beyond_bound =
    "The power is at least ω^(ω^ω); on2 represents only the ordinals below ω^(ω^ω).";

TEST(OrdinalCantor, IssueWorkedValues) {
  // [ω+1]+[ω] = [ω·2].
  EXPECT_EQ(ordinal_add(omega_plus_1, omega), omega_to(1, 2));
  // [2^ω] = ω (also docs/spec/language.md, "Literals").
  EXPECT_EQ(ordinal_pow(finite(2), omega), omega);
  // [2^(ω+1)] = [ω·2].
  EXPECT_EQ(ordinal_pow(finite(2), omega_plus_1), omega_to(1, 2));
  // [2^(ω^2)] = [ω^ω].
  EXPECT_EQ(ordinal_pow(finite(2), omega_to(2)), omega_to(omega_exponent));
  // [ω^ω·ω] = [ω^(ω+1)].
  EXPECT_EQ(ordinal_mul(ordinal_pow(omega, omega), omega), omega_to(exponent_digits({1, 1})));
  // [(ω+1)·ω] = [ω^2].
  EXPECT_EQ(ordinal_mul(omega_plus_1, omega), omega_to(2));
}

TEST(OrdinalCantor, FiniteValuesUseIntegerArithmetic) {
  // [2^2] = 4 (docs/spec/language.md, "Literals"), where the nim power 2^2 is 3.
  EXPECT_EQ(ordinal_pow(finite(2), finite(2)), finite(4));
  EXPECT_EQ(ordinal_add(finite(5), finite(7)), finite(12));  // not 5 ⊕ 7 = 2
  EXPECT_EQ(ordinal_mul(finite(3), finite(3)), finite(9));   // not 3 ⊗ 3 = 2
  EXPECT_EQ(ordinal_pow(finite(3), finite(4)), finite(81));
  EXPECT_EQ(ordinal_pow(finite(10), finite(30)),
            ordinal(nimber(integer("1000000000000000000000000000000"))));
  // Coefficients add as integers: ω·2 + ω·3 = ω·5 (not ω·(2 ⊕ 3) = ω).
  EXPECT_EQ(ordinal_add(omega_to(1, 2), omega_to(1, 3)), omega_to(1, 5));
  // A carry beyond one limb.
  const nimber big(integer(1) << 64);
  EXPECT_EQ(ordinal_add(omega_to(1, nimber(~std::uint64_t{0})), omega_to(1, 1)), omega_to(1, big));
}

TEST(OrdinalCantor, AdditionIsNotCommutative) {
  EXPECT_EQ(ordinal_add(finite(1), omega), omega);  // 1 + ω = ω
  EXPECT_NE(ordinal_add(omega, finite(1)), omega);  // ω + 1 ≠ ω
  EXPECT_EQ(ordinal_add(omega, finite(1)), omega_plus_1);
  // ω·2 = ω + ω.
  EXPECT_EQ(ordinal_add(omega, omega), omega_to(1, 2));
  // (ω^2·3 + ω·4 + 5) + (ω·2 + 7) = ω^2·3 + ω·6 + 7.
  EXPECT_EQ(ordinal_add(ordinal::from_terms({{2, 3}, {1, 4}, {0, 5}}),
                        ordinal::from_terms({{1, 2}, {0, 7}})),
            ordinal::from_terms({{2, 3}, {1, 6}, {0, 7}}));
  // (ω + 5) + ω^ω = ω^ω.
  EXPECT_EQ(ordinal_add(ordinal::from_terms({{1, 1}, {0, 5}}), omega_to(omega_exponent)),
            omega_to(omega_exponent));
  EXPECT_EQ(ordinal_add(omega, ordinal()), omega);
  EXPECT_EQ(ordinal_add(ordinal(), omega), omega);
}

TEST(OrdinalCantor, MultiplicationIsNotCommutative) {
  EXPECT_EQ(ordinal_mul(finite(2), omega), omega);           // 2·ω = ω
  EXPECT_EQ(ordinal_mul(omega, finite(2)), omega_to(1, 2));  // ω·2 = ω + ω
  EXPECT_EQ(ordinal_mul(omega, finite(2)), ordinal_add(omega, omega));
  // (ω + 1)·2 = ω·2 + 1.
  EXPECT_EQ(ordinal_mul(omega_plus_1, finite(2)), ordinal::from_terms({{1, 2}, {0, 1}}));
  // (ω·2 + 3)·(ω·2 + 3) = ω^2·2 + ω·6 + 3.
  const ordinal x = ordinal::from_terms({{1, 2}, {0, 3}});
  EXPECT_EQ(ordinal_mul(x, x), ordinal::from_terms({{2, 2}, {1, 6}, {0, 3}}));
  // (ω^ω + ω)·(ω^2 + 5) = ω^(ω+2) + ω^ω·5 + ω.
  EXPECT_EQ(ordinal_mul(ordinal::from_terms({{omega_exponent, 1}, {1, 1}}),
                        ordinal::from_terms({{2, 1}, {0, 5}})),
            ordinal::from_terms({{exponent_digits({2, 1}), 1}, {omega_exponent, 5}, {1, 1}}));
  EXPECT_EQ(ordinal_mul(omega, ordinal()), ordinal());
  EXPECT_EQ(ordinal_mul(ordinal(), omega), ordinal());
  EXPECT_EQ(ordinal_mul(finite(1), omega_plus_1), omega_plus_1);
  EXPECT_EQ(ordinal_mul(omega_plus_1, finite(1)), omega_plus_1);
}

TEST(OrdinalCantor, PowersWithFiniteExponents) {
  // (ω + 1)^2 = ω^2 + ω + 1; (ω + 1)^3 = ω^3 + ω^2 + ω + 1.
  EXPECT_EQ(ordinal_pow(omega_plus_1, finite(2)), ordinal::from_terms({{2, 1}, {1, 1}, {0, 1}}));
  EXPECT_EQ(ordinal_pow(omega_plus_1, finite(3)),
            ordinal::from_terms({{3, 1}, {2, 1}, {1, 1}, {0, 1}}));
  // (ω·2)^2 = ω^2·2.
  EXPECT_EQ(ordinal_pow(omega_to(1, 2), finite(2)), omega_to(2, 2));
  // (ω^2 + ω)^5 = ω^8·(ω^2 + ω) = ω^10 + ω^9: a without a finite part has a·a = ω^e·a.
  EXPECT_EQ(ordinal_pow(ordinal::from_terms({{2, 1}, {1, 1}}), finite(5)),
            ordinal::from_terms({{10, 1}, {9, 1}}));
  // ω^(10^100): square-and-multiply with a huge exponent stays cheap.
  const integer googol = integer("1" + std::string(100, '0'));
  EXPECT_EQ(ordinal_pow(omega, ordinal(nimber(googol))), omega_to(exponent_digits({googol})));
  EXPECT_EQ(ordinal_pow(omega_plus_1, finite(1)), omega_plus_1);
}

TEST(OrdinalCantor, PowersWithTransfiniteExponents) {
  // n^(ω·γ + k) = ω^γ·n^k for finite n ≥ 2: 2^(ω·3 + 2) = ω^3·4, 3^(ω^2 + ω) = ω^(ω+1).
  EXPECT_EQ(ordinal_pow(finite(2), ordinal::from_terms({{1, 3}, {0, 2}})), omega_to(3, 4));
  EXPECT_EQ(ordinal_pow(finite(3), ordinal::from_terms({{2, 1}, {1, 1}})),
            omega_to(exponent_digits({1, 1})));
  // (ω + 1)^ω = ω^ω; (ω + 1)^(ω+1) = ω^ω·(ω + 1) = ω^(ω+1) + ω^ω.
  EXPECT_EQ(ordinal_pow(omega_plus_1, omega), omega_to(omega_exponent));
  EXPECT_EQ(ordinal_pow(omega_plus_1, omega_plus_1),
            ordinal::from_terms({{exponent_digits({1, 1}), 1}, {omega_exponent, 1}}));
  // (ω^2)^ω = ω^(2·ω) = ω^ω; (ω^ω)^ω = ω^(ω^2); (ω^(ω+1))^ω = ω^((ω+1)·ω) = ω^(ω^2).
  EXPECT_EQ(ordinal_pow(omega_to(2), omega), omega_to(omega_exponent));
  EXPECT_EQ(ordinal_pow(omega_to(omega_exponent), omega), omega_to(exponent_digits({0, 0, 1})));
  EXPECT_EQ(ordinal_pow(omega_to(exponent_digits({1, 1})), omega),
            omega_to(exponent_digits({0, 0, 1})));
  // ω^(ω^3·2 + ω + 5) is an ordinary term.
  EXPECT_EQ(ordinal_pow(omega, ordinal::from_terms({{3, 2}, {1, 1}, {0, 5}})),
            omega_to(exponent_digits({5, 1, 0, 2})));
  // (ω·2 + 1)^(ω·2) = ((ω·2 + 1)^ω)^2 = (ω^ω)^2 = ω^(ω·2).
  EXPECT_EQ(ordinal_pow(ordinal::from_terms({{1, 2}, {0, 1}}), omega_to(1, 2)),
            omega_to(exponent_digits({0, 2})));
}

TEST(OrdinalCantor, PowersOfZeroAndOne) {
  EXPECT_EQ(ordinal_pow(ordinal(), ordinal()), finite(1));  // 0^0 = 1
  EXPECT_EQ(ordinal_pow(omega, ordinal()), finite(1));
  EXPECT_EQ(ordinal_pow(ordinal(), finite(3)), ordinal());
  EXPECT_EQ(ordinal_pow(ordinal(), omega), ordinal());
  EXPECT_EQ(ordinal_pow(finite(1), omega), finite(1));
  // Even exponents at or above ω^ω are fine for 0 and 1.
  EXPECT_EQ(ordinal_pow(ordinal(), omega_to(omega_exponent)), ordinal());
  EXPECT_EQ(ordinal_pow(finite(1), omega_to(exponent_digits({0, 0, 7}), 3)), finite(1));
}

TEST(OrdinalCantor, ResultsAtOrAboveTheBoundAreRangeErrors) {
  // ω^ω^ω = ω^(ω^ω): the bound itself.
  EXPECT_EQ(message_of<cas::range_error>([] { ordinal_pow(omega, ordinal_pow(omega, omega)); }),
            beyond_bound);
  // 2^(ω^ω) = ω^(ω·ω^ω) = ω^(ω^ω), also the bound.
  EXPECT_EQ(message_of<cas::range_error>([] { ordinal_pow(finite(2), omega_to(omega_exponent)); }),
            beyond_bound);
  EXPECT_THROW(ordinal_pow(omega_to(omega_exponent), omega_to(omega_exponent)), cas::range_error);
  EXPECT_THROW(
      ordinal_pow(omega_plus_1, ordinal::from_terms({{exponent_digits({0, 0, 1}), 1}, {0, 1}})),
      cas::range_error);
}

TEST(OrdinalCantor, HugeFinitePowersFailEarly) {
  // 2^(10^100) has 10^100 + 1 bits: refused from the estimate, without computing it.
  const integer googol = integer("1" + std::string(100, '0'));
  EXPECT_EQ(message_of<cas::limit_error>([&] { ordinal_pow(finite(2), ordinal(nimber(googol))); }),
            "The power's size in bits is at least 1" + std::string(99, '0') +
                "1, above the limit max_nimber_bits = 16777216.");
  // The same for a coefficient: 2^(ω + 10^100) = ω·2^(10^100).
  EXPECT_THROW(ordinal_pow(finite(2), ordinal::from_terms({{1, 1}, {0, nimber(googol)}})),
               cas::limit_error);

  cas::limits small;
  small.max_nimber_bits = 100;
  cas::context ctx(small);
  EXPECT_EQ(ordinal_pow(finite(2), finite(99), ctx), ordinal(nimber::power_of_two(99)));
  EXPECT_EQ(message_of<cas::limit_error>([&] { ordinal_pow(finite(2), finite(100), ctx); }),
            "The power's size in bits is at least 101, above the limit max_nimber_bits = 100.");
  // 3^64 passes the estimate (at least 65 bits) and fails the exact check (102 bits).
  EXPECT_EQ(message_of<cas::limit_error>([&] { ordinal_pow(finite(3), finite(64), ctx); }),
            "The nimber's size in bits is 102, above the limit max_nimber_bits = 100.");
  EXPECT_NO_THROW(ordinal_pow(finite(3), finite(63), ctx));  // 100 bits
  // Sums and products of coefficients respect the limit too.
  const nimber top = nimber::power_of_two(99, ctx);
  EXPECT_THROW(ordinal_add(omega_to(1, top), omega_to(1, top), ctx), cas::limit_error);
  EXPECT_THROW(ordinal_mul(omega_to(1, top), finite(2), ctx), cas::limit_error);
}

TEST(OrdinalCantor, TermLimitsApply) {
  // (ω + 1)^(10^100) would have 10^100 + 1 terms: the squarings stop at the term limit.
  const integer googol = integer("1" + std::string(100, '0'));
  EXPECT_THROW(ordinal_pow(omega_plus_1, ordinal(nimber(googol))), cas::limit_error);

  cas::limits small;
  small.max_ordinal_terms = 3;
  cas::context ctx(small);
  EXPECT_EQ(ordinal_pow(omega_plus_1, finite(2), ctx).terms().size(), 3u);
  EXPECT_EQ(message_of<cas::limit_error>([&] { ordinal_pow(omega_plus_1, finite(3), ctx); }),
            "The number of terms of the ordinal is 4, above the limit max_ordinal_terms = 3.");
  // (ω^2 + ω + 1)·(ω + 1) = ω^3 + ω^2 + ω + 1.
  EXPECT_THROW(ordinal_mul(ordinal_pow(omega_plus_1, finite(2), ctx), omega_plus_1, ctx),
               cas::limit_error);
  // 2^(ω^(10^30)) = ω^(ω^(10^30 − 1)): its exponent would need 10^30 places.
  const integer places = integer("1" + std::string(30, '0'));
  EXPECT_EQ(message_of<cas::limit_error>(
                [&] { ordinal_pow(finite(2), omega_to(exponent_digits({places}))); }),
            "The number of places of the result's exponent is 1" + std::string(30, '0') +
                ", above the limit max_ordinal_terms = 100000.");
}

TEST(OrdinalCantor, ExponentTooLongIsALimitError) {
  cas::limits small;
  small.max_exponent_bits = 64;
  cas::context ctx(small);
  EXPECT_EQ(message_of<cas::limit_error>(
                [&] { ordinal_pow(omega, ordinal(nimber(integer(1) << 64)), ctx); }),
            "The exponent's size in bits is 65, above the limit max_exponent_bits = 64.");
  EXPECT_EQ(ordinal_pow(omega, ordinal(nimber(~std::uint64_t{0})), ctx),
            omega_to(exponent_digits({integer(~std::uint64_t{0})})));
}

TEST(OrdinalCantor, CancellationStopsALongPower) {
  cas::context ctx;
  ctx.cancellation().request();
  const integer googol = integer("1" + std::string(100, '0'));
  EXPECT_THROW(ordinal_pow(omega, ordinal(nimber(googol)), ctx), cas::interrupted_error);
  EXPECT_THROW(ordinal_pow(finite(3), finite(1000), ctx), cas::interrupted_error);
}

}  // namespace
