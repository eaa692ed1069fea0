// The nim product of ordinals by the κ decomposition (docs/spec/arithmetic.md §3), with the
// embedded α_p table.
#include "cas/kappa/kappa.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <utility>

#include "cas/core/error.hpp"
#include "cas/kappa/alpha_table.hpp"
#include "cas/kappa/kappa_generators.hpp"
#include "cas/tower/kappa_index.hpp"
#include "ordinal_builders.hpp"
#include "test_support.hpp"

namespace {

using cas::ordinal;
using on2_test::finite;
using on2_test::sum;
using on2_test::term;

const ordinal omega = ordinal::omega();

ordinal power(const ordinal& a, long e) {
  return cas::nim_pow_terms(a, cas::integer(e));
}

// The worked identities of docs/spec/arithmetic.md §3 and the transfinite issue.
TEST(KappaProduct, WorkedIdentities) {
  EXPECT_EQ(cas::nim_mul_terms(omega, omega), term({2}));         // ω ⊗ ω = [ω^2]
  EXPECT_EQ(power(omega, 3), finite(2));                          // ω^⊗3 = 2
  EXPECT_EQ(power(term({3}), 3), omega);                          // [ω^3]^⊗3 = ω
  EXPECT_EQ(cas::nim_mul_terms(term({6}), term({3})), omega);     // [ω^6] ⊗ [ω^3] = ω
  EXPECT_EQ(power(term({0, 1}), 5), finite(4));                   // [ω^ω]^⊗5 = 4
  EXPECT_EQ(power(term({0, 0, 1}), 7), sum({omega, finite(1)}));  // [ω^(ω^2)]^⊗7 = ω + 1
  EXPECT_EQ(cas::nim_mul_terms(sum({omega, finite(2)}), sum({omega, finite(3)})),
            sum({term({2}), omega, finite(1)}));  // (ω+2)⊗(ω+3)
  EXPECT_EQ(cas::nim_mul_terms(sum({omega, finite(4)}), sum({omega, finite(1)})),
            sum({term({2}), term({1}, 5), finite(4)}));           // (ω+4)⊗(ω+1)
  EXPECT_EQ(cas::nim_mul_terms(finite(4), omega), term({1}, 4));  // 4 ⊗ ω = [ω·4]
  // [ω^(ω^13)]^⊗47 = α_47 = [ω^(ω^7)] + 1: κ_47 to the 47th power.
  EXPECT_EQ(power(term({0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1}), 47),
            sum({term({0, 0, 0, 0, 0, 0, 0, 1}), finite(1)}));
}

TEST(KappaProduct, GeneratorsOfPrimePowers) {
  EXPECT_EQ(cas::kappa_of_prime_power(2), finite(2));
  EXPECT_EQ(cas::kappa_of_prime_power(8), finite(16));
  EXPECT_EQ(cas::kappa_of_prime_power(16), finite(256));
  EXPECT_EQ(cas::kappa_of_prime_power(3), omega);
  EXPECT_EQ(cas::kappa_of_prime_power(9), term({3}));
  EXPECT_EQ(cas::kappa_of_prime_power(27), term({9}));
  EXPECT_EQ(cas::kappa_of_prime_power(5), term({0, 1}));
  EXPECT_EQ(cas::kappa_of_prime_power(25), term({0, 5}));
  EXPECT_EQ(cas::kappa_of_prime_power(7), term({0, 0, 1}));
  EXPECT_THROW(cas::kappa_of_prime_power(12), cas::range_error);
  EXPECT_THROW(cas::kappa_of_prime_power(1), cas::range_error);
}

TEST(KappaProduct, SquareIsTheProductWithItself) {
  const ordinal x = sum({term({2, 1}, 3), term({4}, 7), omega, finite(9)});
  EXPECT_EQ(cas::nim_square_terms(x), cas::nim_mul_terms(x, x));
  // nim_mul(x, x) is the square itself; the schoolbook product checks it by distributivity.
  const ordinal y = sum({term({0, 2}), term({1}, 5), finite(6)});
  EXPECT_EQ(cas::nim_square_terms(x),
            cas::nim_add(cas::nim_mul_terms(x, cas::nim_add(x, y)), cas::nim_mul_terms(x, y)));
  EXPECT_EQ(power(x, 0), finite(1));
  EXPECT_EQ(power(finite(0), 0), finite(1));
  EXPECT_EQ(power(ordinal(), 5), ordinal());
}

TEST(KappaProduct, FieldSizesOfTheClosures) {
  EXPECT_EQ(cas::closure_of(omega).field_exponent(), 6);          // GF(64) = F2(ω)
  EXPECT_EQ(cas::closure_of(term({0, 1})).field_exponent(), 20);  // [ω^ω]: κ_5, κ_4, κ_2
  EXPECT_EQ(cas::closure_of(term({0, 0, 0, 1})).field_exponent(), 220);               // κ_11
  EXPECT_EQ(cas::closure_of(term({0, 0, 0, 0, 0, 0, 0, 1})).field_exponent(), 5060);  // κ_23
  EXPECT_EQ(cas::closure_of(finite(300)).field_exponent(), 16);
  EXPECT_EQ(cas::closure_of(term({4})).field_exponent(), 18);  // κ_9 (digit 4 = 11 in base 3)
}

TEST(KappaProduct, AlphaBeyondTheTableIsARangeError) {
  // κ_719 = [ω^(ω^126)]; its powers need α_719, a hole of the embedded table (issue 21).
  const ordinal kappa_719 = cas::kappa_of_prime_power(719);
  try {
    power(kappa_719, 719);
    FAIL() << "expected a range_error";
  } catch (const cas::missing_alpha_error& e) {
    EXPECT_EQ(e.p(), 719u);
    EXPECT_STREQ(e.what(),
                 "α_719 is not known: its excess test needs GF(2^1258230380), above "
                 "max_tower_degree = 8388608 (one element of 157 MB), so the α_p table lacks it "
                 "(docs/lenstra.md, \"Holes\").");
  }
  // κ_1009, the first prime beyond the table.
  try {
    power(cas::kappa_of_prime_power(1009), 1009);
    FAIL() << "expected a range_error";
  } catch (const cas::range_error& e) {
    // The only hole is 719.
    const std::string message = e.what();
    EXPECT_EQ(message.rfind("α_1009 is not in the α_p table (it covers the odd primes up to 997 "
                            "except 719",
                            0),
              0u)
        << message;
    EXPECT_TRUE(message.ends_with(
        "extend it with `on2 --compute-alpha 1009 --table cas/data/alpha_table.txt` and rebuild "
        "on2."))
        << message;
  }
  EXPECT_THROW(cas::nim_pow_terms(omega, cas::integer(-1)), cas::range_error);
}

// κ of a prime beyond the indexed ones: trial division hung on 2^64 − 59 (prime·prime overflowed)
// and took seconds on 2^61 − 1, then called the prime "not an odd prime" (issue 16). κ_p for the
// i-th odd prime p is [ω^(ω^(i−1))] (docs/spec/arithmetic.md §3), whose exponent has i places:
// beyond the first max_odd_prime_positions odd primes that is a limit, reported at once.
TEST(KappaGenerators, PrimesBeyondTheIndexedOnesAreALimit) {
  for (const std::uint64_t p : {std::uint64_t{18446744073709551557u}, (std::uint64_t{1} << 61) - 1,
                                std::uint64_t{1299743}}) {
    const std::string message =
        on2_test::message_of<cas::limit_error>([&] { cas::kappa_of_prime_power(p); });
    EXPECT_NE(message.find("max_odd_prime_positions = 100000"), std::string::npos) << message;
    EXPECT_NE(message.find(std::to_string(p)), std::string::npos) << message;
    EXPECT_THROW(cas::kappa(p), cas::limit_error) << p;
  }
  // The last indexed odd prime still has its κ.
  EXPECT_EQ(cas::kappa_of_prime_power(1299721),
            ordinal::term(cas::small_ordinal::omega_power(99999), cas::nimber(1)));
  EXPECT_EQ(cas::prime_power_parts(18446744030759878681u),
            (std::pair<std::uint64_t, std::uint64_t>{4294967291u, 2}));  // (2^32 − 5)^2
  EXPECT_EQ(cas::prime_power_parts(18446744073709551557u),
            (std::pair<std::uint64_t, std::uint64_t>{18446744073709551557u, 1}));
  EXPECT_THROW(cas::prime_power_parts(18446743979220271189u), cas::range_error);  // two primes
  EXPECT_THROW(cas::kappa(18446744073709551615u), cas::limit_error);  // 2^64 − 1 needs κ_6700417
}

// The product of two 50 001-term ordinals has 50 001^2 terms: it grew to gigabytes before the
// result's check (issue 16). The partial sum is held to max_ordinal_terms as it grows.
TEST(KappaProduct, HugeProductIsRefusedWhileItGrows) {
  const ordinal a =
      cas::ordinal_pow(sum({term({0, 1}), finite(1)}), finite(50000));  // (ω^ω+1)^50000
  const ordinal b =
      cas::ordinal_pow(sum({term({0, 0, 1}), finite(1)}), finite(50000));  // (ω^(ω^2)+1)^…
  ASSERT_EQ(a.terms().size(), 50001u);
  ASSERT_EQ(b.terms().size(), 50001u);
  const std::string message =
      on2_test::message_of<cas::limit_error>([&] { cas::nim_mul_terms(a, b); });
  EXPECT_EQ(message,
            "The nim product's partial sum reached 100001 terms after 100001 of its 2500100001 "
            "products of terms, above the limit max_ordinal_terms = 100000.");
}

TEST(KappaProduct, PartialSumsAreCheckedBeforeTheyGrow) {
  // 20·20 distinct products (digits at positions 1 and 2 never meet): 400 terms.
  ordinal x, y;
  for (long k = 0; k < 20; ++k) {
    x = cas::nim_add(x, term({0, k}));
    y = cas::nim_add(y, term({0, 0, k}));
  }
  cas::limits small;
  small.max_ordinal_terms = 100;
  const cas::context ctx(small);
  EXPECT_EQ(on2_test::message_of<cas::limit_error>([&] { cas::nim_mul_terms(x, y, ctx); }),
            "The nim product's partial sum reached 101 terms after 101 of its 400 products of "
            "terms, above the limit max_ordinal_terms = 100.");
  small.max_ordinal_terms = 400;
  const cas::context enough(small);
  EXPECT_EQ(cas::nim_mul_terms(x, y, enough).terms().size(), 400u);
  // x ⊗ x is the square: its cross terms cancel in pairs, so they never fill the partial sum.
  ordinal z;
  for (long k = 0; k < 400; ++k) z = cas::nim_add(z, term({0, k}));
  EXPECT_EQ(cas::nim_mul_terms(z, z, enough), cas::nim_square_terms(z, enough));
}

// A product polls for each product of terms, so a pre-cancelled token stops it at once.
TEST(KappaProduct, ProductPollsTheCancellationToken) {
  cas::context cancelled;
  cancelled.cancellation().request();
  EXPECT_THROW(cas::nim_mul_terms(sum({term({1}), finite(1)}), term({0, 1}), cancelled),
               cas::interrupted_error);
}

}  // namespace
