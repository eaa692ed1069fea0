// The nim product of ordinals by the κ decomposition (MATH.md §3), with the embedded α_p table.
#include <gtest/gtest.h>

#include "cas/error.hpp"
#include "cas/kappa.hpp"
#include "cas/kappa_generators.hpp"
#include "ordinal_builders.hpp"
#include "test_support.hpp"

namespace {

using cas::ordinal;
using on2_test::finite;
using on2_test::sum;
using on2_test::term;

const ordinal omega = ordinal::omega();

ordinal power(const ordinal& a, long e) { return cas::nim_pow_natural(a, cas::integer(e)); }

// The worked identities of MATH.md §3 and the transfinite issue.
TEST(KappaProduct, WorkedIdentities) {
  EXPECT_EQ(cas::nim_mul(omega, omega), term({2}));                    // ω ⊗ ω = [ω^2]
  EXPECT_EQ(power(omega, 3), finite(2));                               // ω^⊗3 = 2
  EXPECT_EQ(power(term({3}), 3), omega);                               // [ω^3]^⊗3 = ω
  EXPECT_EQ(cas::nim_mul(term({6}), term({3})), omega);                // [ω^6] ⊗ [ω^3] = ω
  EXPECT_EQ(power(term({0, 1}), 5), finite(4));                        // [ω^ω]^⊗5 = 4
  EXPECT_EQ(power(term({0, 0, 1}), 7), sum({omega, finite(1)}));       // [ω^(ω^2)]^⊗7 = ω + 1
  EXPECT_EQ(cas::nim_mul(sum({omega, finite(2)}), sum({omega, finite(3)})),
            sum({term({2}), omega, finite(1)}));                       // (ω+2)⊗(ω+3)
  EXPECT_EQ(cas::nim_mul(sum({omega, finite(4)}), sum({omega, finite(1)})),
            sum({term({2}), term({1}, 5), finite(4)}));                // (ω+4)⊗(ω+1)
  EXPECT_EQ(cas::nim_mul(finite(4), omega), term({1}, 4));             // 4 ⊗ ω = [ω·4]
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
  EXPECT_EQ(cas::nim_square(x), cas::nim_mul(x, x));
  EXPECT_EQ(power(x, 0), finite(1));
  EXPECT_EQ(power(finite(0), 0), finite(1));
  EXPECT_EQ(power(ordinal(), 5), ordinal());
}

TEST(KappaProduct, FieldSizesOfTheClosures) {
  EXPECT_EQ(cas::closure_of(omega).field_exponent(), 6);              // GF(64) = F2(ω)
  EXPECT_EQ(cas::closure_of(term({0, 1})).field_exponent(), 20);      // [ω^ω]: κ_5, κ_4, κ_2
  EXPECT_EQ(cas::closure_of(term({0, 0, 0, 1})).field_exponent(), 220);  // κ_11
  EXPECT_EQ(cas::closure_of(term({0, 0, 0, 0, 0, 0, 0, 1})).field_exponent(), 5060);  // κ_23
  EXPECT_EQ(cas::closure_of(finite(300)).field_exponent(), 16);
  EXPECT_EQ(cas::closure_of(term({4})).field_exponent(), 18);  // κ_9 (digit 4 = 11 in base 3)
}

TEST(KappaProduct, AlphaBeyondTheTableIsARangeError) {
  // κ_719 = [ω^(ω^126)]; its powers need α_719, which the embedded table (p ≤ 709) lacks.
  const ordinal kappa_719 = cas::kappa_of_prime_power(719);
  try {
    power(kappa_719, 719);
    FAIL() << "expected a range_error";
  } catch (const cas::range_error& e) {
    EXPECT_STREQ(e.what(),
                 "α_719 is not in the α_p table (it covers the odd primes up to 709); extend it "
                 "with `on2 --compute-alpha 719`.");
  }
  EXPECT_THROW(cas::nim_pow_natural(omega, cas::integer(-1)), cas::range_error);
}

}  // namespace
